// The promocodes running now, as /user/darim-promokod and /user/promo hand them out: the code, what
// it gives, from which basket total and until when, and where to enter it.
import type { Promocode } from '@store/api-client';
import { formatPrice } from '@store/domain';
import { formatPlacedAt } from '../lib/account-orders.ts';

export function promocodeBenefit(p: Pick<Promocode, 'action_type' | 'discount'>): string {
  if (p.action_type === 'percent_discount') return `Скидка ${p.discount}%`;
  if (p.action_type === 'absolute_discount') return `Скидка ${formatPrice(p.discount)}`;
  return 'Подарок или особая цена';
}

export function PromocodeList({ codes }: { codes: Promocode[] }) {
  if (codes.length === 0) return <p className="account-empty">Сейчас промокодов нет — загляните позже.</p>;
  return (
    <ul className="promo-list">
      {codes.map((p) => (
        <li key={p.action_id} className="promo-card">
          <p className="promo-benefit">{promocodeBenefit(p)}</p>
          <p className="promo-code">
            <span className="muted">Промокод</span> <strong>{p.promocode}</strong>
          </p>
          <h2 className="promo-name">{p.name}</h2>
          {p.description ? <p>{p.description}</p> : null}
          <p className="muted">
            {p.price_from ? `При заказе от ${formatPrice(p.price_from)}. ` : null}
            {p.ends_at ? `Действует до ${formatPlacedAt(p.ends_at)}.` : 'Срок действия не ограничен.'}
          </p>
        </li>
      ))}
    </ul>
  );
}

export function PromocodeHowTo() {
  return (
    <p className="promo-howto">
      Как применить: положите товары в корзину и введите промокод в поле «Промокод» на шаге «Корзина». Скидка появится в
      сумме заказа.
    </p>
  );
}
