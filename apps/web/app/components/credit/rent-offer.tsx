// Rent instead of buying (issue 17): the rental partner's monthly fees for a product it rents out,
// under the buy box. Nothing is shown for other products or when the partner did not answer (§8).
import type { RentAvailability } from '@store/api-client';
import { formatPrice } from '@store/domain';

export function RentOffer({ rent }: { rent: RentAvailability | null }) {
  if (!rent?.available || rent.plans.length === 0) return null;
  return (
    <section className="pp-buy pp-rent" aria-labelledby={`rent-${rent.item_id}`}>
      <h2 id={`rent-${rent.item_id}`} className="pp-credit-title">
        Аренда вместо покупки
      </h2>
      <ul className="pp-rent-plans">
        {rent.plans.map((p) => (
          <li key={p.months}>
            <span>На {p.months}&nbsp;мес.</span>
            <span>
              <strong>{formatPrice(p.monthly_fee)}</strong>&nbsp;в&nbsp;месяц
            </span>
          </li>
        ))}
      </ul>
      <p className="muted">
        Технику выдаёт Мультицентр, договор аренды — с партнёром. В конце срока её можно вернуть, продлить аренду или
        выкупить. Оформление — в магазине с паспортом.
      </p>
    </section>
  );
}
