// What paid an order besides money (issue 15), in the order's totals on the payment, thank-you and
// account order pages: the «Мультионы» written off and each gift certificate, marked once returned.
import type { PaymentOrder } from '@store/api-client';
import { BONUS_KOPECKS, formatBonuses, formatPrice } from '@store/domain';

/** The promotions' part of the order's discount: the bonuses have a line of their own. */
export const promotionDiscount = (order: PaymentOrder) => order.discount - order.bonuses_spent * BONUS_KOPECKS;

export function OrderBonusLine({ order }: { order: PaymentOrder }) {
  if (order.bonuses_spent <= 0) return null;
  return (
    <div className="order-totals-discount" data-testid="order-bonuses">
      <dt>Бонусами «Мультионы»{order.is_cancelled ? ' (возвращены на карту)' : ''}</dt>
      <dd>
        −{formatPrice(order.bonuses_spent * BONUS_KOPECKS)}
        <span className="visually-hidden">, {formatBonuses(order.bonuses_spent)}</span>
      </dd>
    </div>
  );
}

export function OrderCertificateLines({ order }: { order: PaymentOrder }) {
  return order.gift_certificates.map((c) => (
    <div key={c.code_tail} data-testid="order-certificate">
      <dt>
        Подарочный сертификат …{c.code_tail}
        {c.returned ? ' (возвращено на сертификат)' : ''}
      </dt>
      <dd>{formatPrice(c.amount)}</dd>
    </div>
  ));
}
