// The credit part of an order page (issue 17): the bank application of a credit, instalment or loan
// order on the account's order page and list, and credit in the store on the thank-you and account pages.
// Credit in the store (12): no bank application online; the consultant of the chosen multicenter
// finishes it when the order is collected. The estimate is checkout's own (domain credit-checkout.ts).
import type { CreditApplication, Order } from '@store/api-client';
import { PAYMENT_TYPE_IDS, checkoutMonthlyPayment, formatPrice } from '@store/domain';
import { AppLink } from '../app-link.tsx';

type OrderFacts = Pick<Order, 'id' | 'payment_type' | 'total_sum' | 'cms_addressee' | 'is_cancelled'>;

export function CreditInStoreNote({ order }: { order: OrderFacts }) {
  if (order.payment_type !== PAYMENT_TYPE_IDS.creditOnPlace || order.is_cancelled) return null;
  const estimate = checkoutMonthlyPayment(order.payment_type, order.total_sum);
  const store = order.cms_addressee;
  return (
    <section className="order-credit" aria-labelledby={`credit-in-store-${order.id}`}>
      <h3 id={`credit-in-store-${order.id}`}>Кредит оформляется в магазине</h3>
      <p>
        Заявку на кредит завершит консультант
        {store ? (
          <>
            {' '}
            в Мультицентре <strong>{store.name}</strong>, {store.address}
          </>
        ) : (
          ' в Мультицентре, где вы получаете заказ'
        )}
        . Возьмите с собой паспорт: решение банка — за 15–30 минут, товар выдадут после подписания договора.
      </p>
      {estimate ? (
        <p className="muted">
          Примерный платёж — {formatPrice(estimate.payment)} в месяц на {estimate.months} мес.; точные условия назовёт
          банк.
        </p>
      ) : null}
    </section>
  );
}

/** An application the shopper can still act on: its page is the next step. */
const isOpen = (a: CreditApplication) => OPEN_STATUSES.has(a.status);
const OPEN_STATUSES = new Set(['new', 'reviewing', 'conditions', 'approved']);

/** Bank, term and monthly payment: the signed offer's once chosen, else what the application opened with. */
function applicationTerms(a: CreditApplication) {
  const chosen = a.offers.find((o) => o.id === a.chosen_offer_id) ?? null;
  return {
    bank: chosen ? chosen.bank_name : a.offers.length > 0 ? 'Ещё не выбран' : 'Заявка ещё не в банках',
    months: chosen?.months ?? a.months,
    payment: chosen?.monthly_payment ?? a.monthly_payment,
  };
}

/** The account order page's block: status, bank, term, monthly payment and the next step. */
export function OrderCreditApplication({ application: a }: { application: CreditApplication }) {
  const terms = applicationTerms(a);
  const titleId = `order-credit-${a.order_id}`;
  return (
    <section className="ao-panel" aria-labelledby={titleId}>
      <h2 id={titleId}>{a.kind_name}</h2>
      <dl className="done-facts">
        <div>
          <dt>Статус заявки</dt>
          <dd>{a.status_name}</dd>
        </div>
        <div>
          <dt>Банк</dt>
          <dd>{terms.bank}</dd>
        </div>
        <div>
          <dt>Срок</dt>
          <dd>
            {terms.months} мес.{a.instalment_label ? ` (${a.instalment_label})` : ''}
          </dd>
        </div>
        <div>
          <dt>Платёж в месяц</dt>
          <dd>{formatPrice(terms.payment)}</dd>
        </div>
      </dl>
      <p className="muted">{a.next_step}</p>
      {isOpen(a) ? (
        <AppLink to={`/cart/credit/${a.order_id}`} className="button button-primary">
          Перейти к заявке
        </AppLink>
      ) : null}
    </section>
  );
}

/** One line of the order list: the application's kind, status and, while open, the link. */
export function OrderCreditLine({ application: a }: { application: CreditApplication }) {
  const terms = applicationTerms(a);
  return (
    <p className="ao-status-text">
      {a.kind_name}: <strong>{a.status_name}</strong> · {terms.months} мес. по {formatPrice(terms.payment)}
      {isOpen(a) ? (
        <>
          {' '}
          · <AppLink to={`/cart/credit/${a.order_id}`}>Перейти к заявке</AppLink>
        </>
      ) : null}
    </p>
  );
}
