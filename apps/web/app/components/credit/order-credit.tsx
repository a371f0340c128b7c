// The credit, instalment or loan application of an order in the account (issue 17): bank, term,
// monthly payment, status and the next step, with a link to the application while it is open.
import { formatPrice } from '@store/domain';
import type { CreditApplication } from '@store/api-client';
import { AppLink } from '../app-link.tsx';

const OPEN = new Set(['new', 'reviewing', 'conditions', 'approved']);

export function OrderCredit({ application }: { application: CreditApplication }) {
  const chosen = application.offers.find((o) => o.id === application.chosen_offer_id) ?? null;
  const months = chosen?.months ?? application.months;
  const payment = chosen?.monthly_payment ?? application.monthly_payment;
  return (
    <section className="ao-panel" aria-labelledby="ao-credit-title">
      <h2 id="ao-credit-title">{application.kind_name}</h2>
      <dl className="ao-credit">
        <dt>Статус заявки</dt>
        <dd>{application.status_name}</dd>
        <dt>Банк</dt>
        <dd>{chosen ? chosen.bank_name : application.offers.length > 0 ? 'Ещё не выбран' : 'Заявка не отправлена'}</dd>
        <dt>Срок</dt>
        <dd>
          {months} мес.
          {application.instalment_label ? ` (${application.instalment_label})` : ''}
        </dd>
        <dt>Платёж в месяц</dt>
        <dd>{formatPrice(payment)}</dd>
        <dt>Сумма</dt>
        <dd>{formatPrice(application.amount)}</dd>
      </dl>
      <p className="muted">{application.next_step}</p>
      {OPEN.has(application.status) ? (
        <AppLink to={`/cart/credit/${application.order_id}`} className="button button-primary">
          Перейти к заявке
        </AppLink>
      ) : null}
    </section>
  );
}
