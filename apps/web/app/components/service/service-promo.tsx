// The promo block of /service (SPEC §2 service-promo): the online repair discount (SPEC §9: the discount price
// is 90 % of the cost), shown on a real example from the repair catalogue, with the wizard and trade-in as
// the two ways on.
import { REPAIR_DISCOUNT_PERCENT, formatPrice } from '@store/domain';
import { AppLink } from '../app-link.tsx';

export interface ServicePromoExample {
  /** «Разбит экран», the device type's name. */
  problem: string;
  deviceType: string;
  /** Kopecks. */
  costFrom: number;
  discountFrom: number;
}

export function ServicePromo({ example }: { example: ServicePromoExample | null }) {
  const off = 100 - REPAIR_DISCOUNT_PERCENT;
  return (
    <section className="svc-promo" aria-labelledby="svc-promo-title">
      <div className="svc-promo-text">
        <p className="svc-promo-badge">−{off} %</p>
        <h2 id="svc-promo-title">Ремонт со скидкой {off} % по заявке на сайте</h2>
        <p>
          Рассчитайте стоимость в мастере заявки — скидка применится сама, а курьер заберёт технику из дома.
          {example ? (
            <>
              {' '}
              Например, «{example.problem}» ({example.deviceType.toLowerCase()}):{' '}
              <s aria-label={`без скидки ${formatPrice(example.costFrom)}`}>от {formatPrice(example.costFrom)}</s>{' '}
              <strong>от {formatPrice(example.discountFrom)}</strong>.
            </>
          ) : null}
        </p>
      </div>
      <div className="svc-promo-actions">
        <AppLink to="/service/repair" className="button button-primary">
          Рассчитать ремонт
        </AppLink>
        <AppLink to="/service/trade-in" className="button">
          Сдать старое в Trade-in
        </AppLink>
      </div>
    </section>
  );
}
