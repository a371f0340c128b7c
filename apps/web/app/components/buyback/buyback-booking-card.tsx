// One buyback booking («Выкуп»): the device, the price of the booking's moment, where and when to bring it, and
// the operator's answer. Shown in /account/buyback and on /likenew right after booking; it wears the account's
// request card (styles/repair.css), like a repair request.
import type { BuybackBooking } from '@store/api-client';
import { formatBuybackDate, formatPrice } from '@store/domain';

export function BuybackBookingCard({ booking, headingLevel = 2 }: { booking: BuybackBooking; headingLevel?: 2 | 3 }) {
  const titleId = `buyback-booking-${booking.id}`;
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <article className="repair-request" aria-labelledby={titleId}>
      <header className="repair-request-head">
        <Heading id={titleId}>Выкуп №{booking.id}</Heading>
        <span className={`repair-request-status is-${booking.status === 'bought' ? 'completed' : booking.status}`}>
          {booking.status_name}
        </span>
      </header>
      <dl className="repair-request-facts">
        <div>
          <dt>Устройство</dt>
          <dd>
            {[booking.display_name, booking.memory].filter(Boolean).join(', ')}
            <span className="repair-request-muted">Состояние: {booking.condition_name.toLowerCase()}</span>
          </dd>
        </div>
        <div>
          <dt>Цена выкупа</dt>
          <dd>
            <strong>{formatPrice(booking.price)}</strong>
            <span className="repair-request-muted">уточняется после осмотра</span>
          </dd>
        </div>
        <div>
          <dt>Когда и куда</dt>
          <dd>
            {formatBuybackDate(booking.date)}, <strong>{booking.store.name}</strong>
            <span className="repair-request-muted">{booking.store.address}</span>
          </dd>
        </div>
        {booking.operator_comment ? (
          <div>
            <dt>Комментарий магазина</dt>
            <dd>{booking.operator_comment}</dd>
          </div>
        ) : null}
      </dl>
    </article>
  );
}
