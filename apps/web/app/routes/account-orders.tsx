// Мои заказы (SPEC §2 /account/orders/{page?} and /account/orders/{orderId}, §3 Order, §4 Order
// status, §7 /v3/customer/orders): the customer's orders newest first, paged by the API's
// x-pagination headers, and one order with its statuses, delivery, lines and totals; «Отменить
// заказ» asks once more (a page of its own, so it works without JavaScript) and «Оплатить» leads to
// the repayment page. Sign-in is the account layout's.
import { Form, data, redirect, useNavigation } from 'react-router';
import { isApiError, type CreditApplication, type Order } from '@store/api-client';
import { formatPrice, matchPage } from '@store/domain';
import type { Route } from './+types/account-orders';
import { AppLink } from '../components/app-link.tsx';
import { OrderLines, OrderTotals } from '../components/order-summary.tsx';
import { TradeInOrderDevices } from '../components/trade-in/order-devices.tsx';
import { CreditInStoreNote, OrderCreditApplication, OrderCreditLine } from '../components/credit/order-credit.tsx';
import { CompanyConfirmation } from '../components/corporate/company-confirmation.tsx';
import { orderCreditApplication, orderCreditApplications } from '../lib/order-credit.server.ts';
import { Pagination } from '../components/pagination.tsx';
import { NO_STORE, formText, orSignIn } from '../lib/auth.server.ts';
import { formatPlacedAt, orderPaymentLabel, orderPictures } from '../lib/account-orders.ts';
import { deliveryLineText, formatOrderDate } from '../lib/order-view.ts';
import paymentStyles from '../styles/payment.css?url';
import companyStyles from '../styles/company-confirmation.css?url';
import { readForm } from '../lib/form.server.ts';
import { apiContext } from '../context.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: paymentStyles },
  { rel: 'stylesheet', href: companyStyles },
];

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  {
    title:
      loaded && 'order' in loaded && loaded.order
        ? `Заказ №${loaded.order.id} — Мультицентр`
        : 'Мои заказы — Мультицентр',
  },
  { name: 'robots', content: 'noindex' },
];

function pageOf(request: Request) {
  const match = matchPage(new URL(request.url).pathname);
  if (match?.kind !== 'account' || (match.section !== 'orders' && match.section !== 'order'))
    throw data('Страница не найдена', { status: 404 });
  return match;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const match = pageOf(request);
  if (match.orderId !== null) {
    const order = await orSignIn(request, context.get(apiContext).orders.get(match.orderId)).catch((error: unknown) => {
      if (isApiError(error, 404)) throw data('Заказ не найден', { status: 404 });
      throw error;
    });
    const confirmCancel = new URL(request.url).searchParams.get('cancel') === '1' && order.is_cancelable;
    // Issue 17: the bank application of a credit, instalment or loan order.
    const credit = await orSignIn(request, orderCreditApplication(context.get(apiContext), order));
    return data({ kind: 'order' as const, order, confirmCancel, credit }, { headers: NO_STORE });
  }
  const list = await orSignIn(request, context.get(apiContext).orders.list({ page: match.page }));
  if (match.page > 1 && list.items.length === 0) throw data('Страница не найдена', { status: 404 });
  const credit = await orSignIn(request, orderCreditApplications(context.get(apiContext), list.items));
  return data({ kind: 'list' as const, list, page: match.page, credit }, { headers: NO_STORE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const match = pageOf(request);
  const form = await readForm(request);
  if (match.orderId === null || formText(form, 'intent') !== 'cancel')
    throw data('Неизвестное действие', { status: 400 });
  try {
    await orSignIn(request, context.get(apiContext).orders.cancel(match.orderId));
  } catch (error) {
    if (isApiError(error, 404)) throw data('Заказ не найден', { status: 404 });
    if (isApiError(error, 422))
      return data({ error: error.body?.message ?? 'Заказ нельзя отменить' }, { status: 422, headers: NO_STORE });
    // «Частями»'s provider did not answer (decision 0052): nothing changed, the shopper may try again.
    if (isApiError(error, 503))
      return data(
        { error: error.body?.message ?? 'Попробуйте через несколько минут' },
        { status: 503, headers: NO_STORE },
      );
    throw error;
  }
  return redirect(`/account/orders/${match.orderId}?cancelled=1`, { headers: NO_STORE });
}

function PaymentBadge({ order }: { order: Order }) {
  const payment = orderPaymentLabel(order);
  return <span className={`ao-pay ao-pay-${payment.tone}`}>{payment.label}</span>;
}

function StatusBadge({ order }: { order: Order }) {
  const tone = order.is_cancelled ? 'off' : order.is_active ? 'on' : 'done';
  return <span className={`ao-status ao-status-${tone}`}>{order.status.name}</span>;
}

function OrderList({
  list,
  page,
  credit,
}: {
  list: Extract<Route.ComponentProps['loaderData'], { kind: 'list' }>['list'];
  page: number;
  credit: Record<number, CreditApplication>;
}) {
  if (list.items.length === 0) {
    return (
      <>
        <h1>Мои заказы</h1>
        <p className="account-empty">Заказов пока нет. Всё, что вы закажете на сайте, появится здесь.</p>
        <AppLink to="/catalog" className="button button-primary">
          Перейти в каталог
        </AppLink>
      </>
    );
  }
  return (
    <>
      <h1>
        Мои заказы <span className="muted ao-count">{list.totalCount}</span>
      </h1>
      <ul className="ao-list">
        {list.items.map((order) => (
          <li key={order.id} className="ao-card">
            <div className="ao-card-head">
              <h2>
                <AppLink to={`/account/orders/${order.id}`}>Заказ №{order.id}</AppLink>
              </h2>
              <span className="muted">от {formatPlacedAt(order.inserted_at)}</span>
              <StatusBadge order={order} />
            </div>
            {order.status.text ? <p className="ao-status-text">{order.status.text}</p> : null}
            {credit[order.id] ? <OrderCreditLine application={credit[order.id]!} /> : null}
            <div className="ao-card-body">
              <ul className="ao-pictures" aria-label="Товары заказа">
                {orderPictures(order).map((p) => (
                  <li key={p.id}>
                    <img src={p.image ?? '/favicon.svg'} alt={p.name} width={56} height={56} loading="lazy" />
                  </li>
                ))}
              </ul>
              <div className="ao-card-sum">
                <strong className="ao-total">{formatPrice(order.total_sum)}</strong>
                <PaymentBadge order={order} />
              </div>
            </div>
          </li>
        ))}
      </ul>
      <Pagination page={page} pageCount={list.pageCount} basePath="/account/orders" search="" />
    </>
  );
}

/** What a cancellation gives back, said before it (the card's part, the certificates' part: decision 0052). */
function refundPromise(order: Order) {
  const byCertificates = order.gift_certificates.reduce((sum, c) => sum + (c.returned ? 0 : c.amount), 0);
  const byCard = order.sum_prepaid - byCertificates;
  return [
    byCard > 0 ? ' Деньги вернутся на карту в течение 10 дней.' : '',
    byCertificates > 0 ? ' Оплата сертификатом вернётся на его баланс.' : '',
  ].join('');
}

function OrderPage({
  order,
  confirmCancel,
  credit,
  error,
}: {
  order: Order;
  confirmCancel: boolean;
  credit: CreditApplication | null;
  error: string | null;
}) {
  const navigation = useNavigation();
  const delivery = deliveryLineText(order);
  const shelfLife = formatOrderDate(order.shelf_life_date);
  const busy = navigation.state === 'submitting';
  return (
    <>
      <p className="ao-back">
        <AppLink to="/account/orders">← Все заказы</AppLink>
      </p>
      <div className="ao-order-head">
        <h1>Заказ №{order.id}</h1>
        <span className="muted">от {formatPlacedAt(order.inserted_at)}</span>
        <StatusBadge order={order} />
        <PaymentBadge order={order} />
      </div>
      {order.status.text ? <p className="ao-status-text">{order.status.text}</p> : null}
      {order.refund ? (
        <p className="ao-status-text" data-testid="order-refund">
          {order.refund.text}
        </p>
      ) : null}
      {error ? (
        <p role="alert" className="ao-alert">
          {error}
        </p>
      ) : null}
      {confirmCancel ? (
        <section className="ao-confirm" aria-labelledby="ao-confirm-title">
          <h2 id="ao-confirm-title">Отменить заказ №{order.id}?</h2>
          <p>Товары вернутся в продажу.{order.is_paid ? refundPromise(order) : ''}</p>
          <Form method="post" className="ao-actions">
            <input type="hidden" name="intent" value="cancel" />
            <button type="submit" className="button button-danger" disabled={busy}>
              Да, отменить заказ
            </button>
            <AppLink to={`/account/orders/${order.id}`} className="button">
              Не отменять
            </AppLink>
          </Form>
        </section>
      ) : order.can_repayment || order.is_cancelable || order.link_to_order_receipt ? (
        <div className="ao-actions">
          {order.can_repayment ? (
            <AppLink to={`/cart/payment/${order.id}`} className="button button-primary">
              Оплатить {formatPrice(order.waiting_sum)}
            </AppLink>
          ) : null}
          {order.link_to_order_receipt ? (
            <AppLink to={order.link_to_order_receipt} className="button">
              Чек заказа
            </AppLink>
          ) : null}
          {order.is_cancelable ? (
            <AppLink to={`/account/orders/${order.id}?cancel=1`} className="button">
              Отменить заказ
            </AppLink>
          ) : null}
        </div>
      ) : null}
      <div className="ao-order-layout">
        <div className="ao-order-main">
          <CompanyConfirmation order={order} className="ao-panel" />
          <section className="ao-panel" aria-labelledby="ao-statuses-title">
            <h2 id="ao-statuses-title">Статусы</h2>
            <ol className="ao-steps">
              {order.statuses.map((s, i) => (
                <li
                  key={`${s.id}-${i}`}
                  className={s.isActive ? 'ao-step ao-step-active' : 'ao-step'}
                  aria-current={s.isActive ? 'step' : undefined}
                >
                  <span className="ao-step-name">{s.name}</span>
                  <span className="muted">{formatPlacedAt(s.at)}</span>
                </li>
              ))}
            </ol>
          </section>
          <section className="ao-panel" aria-labelledby="ao-delivery-title">
            <h2 id="ao-delivery-title">{order.delivery_type_name}</h2>
            {order.cms_addressee ? (
              <p>
                <strong>{order.cms_addressee.name}</strong>
                <br />
                {order.cms_addressee.address}
                <br />
                <span className="muted">{order.cms_addressee.work_time_line}</span>
              </p>
            ) : order.delivery_address ? (
              <p>{order.delivery_address}</p>
            ) : null}
            {delivery ? (
              <p>
                {order.delivery_line.kind === 'date' ? 'Когда: ' : null}
                {delivery}
              </p>
            ) : null}
            {shelfLife && !order.is_cancelled ? (
              <p className="muted">Заказ хранится до {shelfLife} включительно.</p>
            ) : null}
            <p className="muted">
              Получатель: {order.contact_name}
              {order.contact_surname ? ` ${order.contact_surname}` : ''}
            </p>
            <p className="muted">Оплата: {order.payment_type_name}</p>
          </section>
          {credit ? <OrderCreditApplication application={credit} /> : null}
        </div>
        <aside className="ao-panel" aria-labelledby="ao-summary-title">
          <h2 id="ao-summary-title">Состав заказа</h2>
          <OrderLines order={order} />
          <OrderTotals order={order} titleId="ao-summary-title" />
          <TradeInOrderDevices order={order} />
          <CreditInStoreNote order={order} />
        </aside>
      </div>
    </>
  );
}

export default function AccountOrders({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.kind === 'order')
    return (
      <OrderPage
        order={loaderData.order}
        confirmCancel={loaderData.confirmCancel}
        credit={loaderData.credit}
        error={actionData && 'error' in actionData ? actionData.error : null}
      />
    );
  return <OrderList list={loaderData.list} page={loaderData.page} credit={loaderData.credit} />;
}
