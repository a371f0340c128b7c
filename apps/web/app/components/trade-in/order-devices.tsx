// The exchange device records of a trade-in order (SPEC §3): what the shopper brings to the multicenter
// and what each device takes off. Shown on the thank-you and account order pages.
import type { PaymentOrder } from '@store/api-client';
import { formatPrice } from '@store/domain';

const CONDITION_NAMES: Record<number, string> = { 3: 'отличное', 2: 'рабочее', 1: 'разбит экран' };

export function TradeInOrderDevices({ order }: { order: PaymentOrder }) {
  if (order.trade_in.length === 0) return null;
  const total = order.trade_in.reduce((sum, d) => sum + d.discount + d.discount_trade_in, 0);
  return (
    <section className="order-trade-in" aria-labelledby={`trade-in-${order.id}`}>
      <h3 id={`trade-in-${order.id}`}>Trade-in: что взять с собой</h3>
      <ul>
        {order.trade_in.map((d) => (
          <li key={d.device_id}>
            <span>
              {d.brand} {d.model}
              {d.memory > 0 ? `, ${d.memory} ГБ` : ''} — {CONDITION_NAMES[d.condition_device] ?? ''}
            </span>
            <strong>−{formatPrice(d.discount + d.discount_trade_in)}</strong>
          </li>
        ))}
      </ul>
      <p className="muted">
        Скидка по Trade-in {formatPrice(total)} уже в цене заказа. Принесите эти устройства и паспорт в Мультицентр при
        получении: продавец проверит состояние, и заказ выдадут по этой цене.
      </p>
    </section>
  );
}
