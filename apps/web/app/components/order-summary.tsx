// An order's lines and totals, as the payment and thank-you pages show them.
import type { PaymentOrder } from '@store/api-client';
import { formatPrice } from '@store/domain';
import { AppLink } from './app-link.tsx';
import { OrderBonusLine, OrderCertificateLines, promotionDiscount } from './loyalty/order-paid-with.tsx';

export function OrderLines({ order }: { order: PaymentOrder }) {
  return (
    <ul className="order-lines">
      {order.basket.map((line) => (
        <li key={line.id} className={line.parent_id === null ? 'order-line' : 'order-line order-line-child'}>
          {line.parent_id === null ? (
            <img src={line.image ?? '/favicon.svg'} alt="" width={56} height={56} loading="lazy" />
          ) : (
            <span className="order-line-kind">{line.kind === 'warranty' ? 'Гарантия' : 'Аксессуар'}</span>
          )}
          <span className="order-line-name">
            {line.url && line.kind !== 'warranty' ? <AppLink to={line.url}>{line.name}</AppLink> : line.name}
          </span>
          <span className="order-line-qty">{line.qty} шт.</span>
          <strong className="order-line-price">{formatPrice(line.final_price * line.qty)}</strong>
        </li>
      ))}
    </ul>
  );
}

export function OrderTotals({ order, titleId }: { order: PaymentOrder; titleId: string }) {
  return (
    <dl className="order-totals" aria-labelledby={titleId}>
      <div>
        <dt>Товары</dt>
        <dd>{formatPrice(order.sum)}</dd>
      </div>
      {promotionDiscount(order) > 0 ? (
        <div className="order-totals-discount">
          <dt>Скидка</dt>
          <dd>−{formatPrice(promotionDiscount(order))}</dd>
        </div>
      ) : null}
      <OrderBonusLine order={order} />
      <div>
        <dt>Доставка</dt>
        <dd>{order.delivery_cost > 0 ? formatPrice(order.delivery_cost) : 'бесплатно'}</dd>
      </div>
      <div className="order-totals-sum">
        <dt>Итого</dt>
        <dd>{formatPrice(order.total_sum)}</dd>
      </div>
      {order.sum_prepaid > 0 ? (
        <div>
          <dt>Оплачено</dt>
          <dd>{formatPrice(order.sum_prepaid)}</dd>
        </div>
      ) : null}
      <OrderCertificateLines order={order} />
      {order.waiting_sum > 0 && order.payment_required ? (
        <div className="order-totals-due">
          <dt>К оплате</dt>
          <dd>{formatPrice(order.waiting_sum)}</dd>
        </div>
      ) : null}
    </dl>
  );
}
