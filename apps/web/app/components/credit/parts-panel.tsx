// «Частями» in checkout's payment step (issue 17): the four payments of this order, and the limit
// check for the order's phone. The button posts the step's own form (parts=limit), so it works before hydration.
import { useId } from 'react';
import { formatPrice, formatOrderDay, partsSchedule } from '@store/domain';
import type { PartsLimit } from '@store/domain';

export function PartsPanel({
  total,
  phone,
  limit,
  error,
  today,
}: {
  total: number;
  phone: string;
  limit: PartsLimit | null;
  error: string | undefined;
  /** YYYY-MM-DD of the server's render, so the dates do not change on hydration. */
  today: string;
}) {
  const id = useId();
  const schedule = partsSchedule(total, today);
  return (
    <div className="parts-panel">
      <h3 id={`${id}-title`}>4 платежа раз в две недели</h3>
      <ol className="parts-schedule" aria-labelledby={`${id}-title`}>
        {schedule.map((p) => (
          <li key={p.n}>
            <span className="parts-when">{p.n === 1 ? 'Сегодня' : formatOrderDay(p.date)}</span>
            <span className="parts-sum">{formatPrice(p.amount)}</span>
          </li>
        ))}
      </ol>
      <p className="muted">Первый платёж — картой сразу после оформления, остальные спишутся с той же карты.</p>
      {limit ? (
        <p className={limit.status === 'approved' ? 'parts-limit is-ok' : 'parts-limit'} role="status">
          {limit.status === 'approved'
            ? `Ваш лимит «Частями»: ${formatPrice(limit.creditLimit)}`
            : limit.status === 'declined'
              ? 'Для этого номера оплата частями недоступна'
              : 'Сервис «Частями» сейчас не отвечает. Попробуйте позже'}
        </p>
      ) : null}
      <div className="parts-check">
        <p id={`${id}-phone`}>
          Лимит проверяется для номера из контактов: <strong>{phone}</strong>
        </p>
        <button
          type="submit"
          name="parts"
          value="limit"
          className="button"
          formNoValidate
          aria-describedby={error ? `${id}-phone ${id}-error` : `${id}-phone`}
        >
          {limit ? 'Проверить лимит ещё раз' : 'Узнать лимит'}
        </button>
        {error ? (
          <p id={`${id}-error`} className="co-field-error">
            {error}
          </p>
        ) : null}
      </div>
    </div>
  );
}
