// /cart/success/{id}, the thank-you page of a placed order: its number, status and the §4 status
// text, whether it is paid (or «Ожидает оплаты» with a way to pay; «Платёж отклонён» with the
// reason after a decline), the delivery line (type 17: the contact centre will call), how long a
// pickup is kept, and the lines with totals. The acquirer returns the shopper here after paying.
import { data } from 'react-router';
import type { Route } from './+types/cart-success';
import { formatPrice } from '@store/domain';
import { AppLink } from '../components/app-link.tsx';
import { OrderLines, OrderTotals } from '../components/order-summary.tsx';
import { TradeInOrderDevices } from '../components/trade-in/order-devices.tsx';
import { CreditInStoreNote } from '../components/credit/order-credit.tsx';
import { CompanyConfirmation } from '../components/corporate/company-confirmation.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { orNotFound, requirePage } from '../lib/not-found.server.ts';
import { deliveryLineText, formatOrderDate, paymentState } from '../lib/order-view.ts';
import styles from '../styles/payment.css?url';
import companyStyles from '../styles/company-confirmation.css?url';
import { apiContext } from '../context.ts';

const NO_STORE = { 'cache-control': 'no-store' };

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: styles },
  { rel: 'stylesheet', href: companyStyles },
];

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `Заказ №${params.id} — Мультицентр` },
  { name: 'robots', content: 'noindex' },
];

export const headers = () => NO_STORE;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { match } = requirePage(request);
  if (match.kind !== 'cart-success') throw data('Страница не найдена', { status: 404 });
  const info = await orNotFound(context.get(apiContext).payments.info(match.orderId));
  return data({ info }, { headers: NO_STORE });
}

function PaymentBlock({ info }: { info: Route.ComponentProps['loaderData']['info'] }) {
  const { order } = info;
  const state = paymentState(info);
  const payLink = `/cart/payment/${order.id}`;
  switch (state.kind) {
    case 'paid':
      return (
        <div className="done-pay done-pay-ok">
          <p>
            <strong>Оплачен</strong> · {formatPrice(order.sum_prepaid)}
          </p>
          {order.link_to_order_receipt ? (
            <p>
              <AppLink to={order.link_to_order_receipt}>Кассовый чек</AppLink>
            </p>
          ) : null}
        </div>
      );
    case 'on-receipt':
      return (
        <p className="done-pay">
          <strong>Оплата при получении</strong> · {order.payment_type_name}
        </p>
      );
    case 'closed':
      return (
        <p className="done-pay">
          <strong>Не оплачен</strong>
        </p>
      );
    case 'declined':
      return (
        <div className="done-pay done-pay-bad" role="alert">
          <p>
            <strong>Платёж отклонён</strong>
            {state.reason ? `: ${state.reason}` : ''}
          </p>
          <p>Деньги не списаны. Заказ сохранён — его можно оплатить ещё раз.</p>
          <AppLink to={payLink} className="button button-primary">
            Оплатить снова {formatPrice(order.waiting_sum)}
          </AppLink>
        </div>
      );
    case 'waiting':
      return (
        <div className="done-pay done-pay-wait">
          <p>
            <strong>Ожидает оплаты</strong> · {formatPrice(order.waiting_sum)}
          </p>
          <AppLink to={payLink} className="button button-primary">
            Оплатить
          </AppLink>
        </div>
      );
  }
}

export default function OrderSuccessPage({ loaderData }: Route.ComponentProps) {
  const { info } = loaderData;
  const { order } = info;
  const delivery = deliveryLineText(order);
  const shelfLife = formatOrderDate(order.shelf_life_date);
  // SPEC §4: a corporate fast order (type 17) is a request the contact centre calls back on.
  const corporate = order.order_type_id === 17;
  const title = order.is_cancelled
    ? `Заказ №${order.id} отменён`
    : corporate
      ? `Заявка отправлена: заказ №${order.id}`
      : `Спасибо! Заказ №${order.id} оформлен`;
  return (
    <main className="container page done-page" id="main">
      <h1>{title}</h1>
      <div className="pay-layout">
        <div className="done-main">
          <section className="pay-card" aria-labelledby="done-status-title">
            <h2 id="done-status-title">Статус заказа</h2>
            <dl className="done-facts">
              <div>
                <dt>Номер заказа</dt>
                <dd>
                  <strong>№{order.id}</strong>
                </dd>
              </div>
              <div>
                <dt>Статус</dt>
                <dd>
                  <strong className="done-status">{order.status.name}</strong>
                  {order.status.text ? <span className="muted"> — {order.status.text}</span> : null}
                </dd>
              </div>
              <div>
                <dt>Оплата</dt>
                <dd>
                  <PaymentBlock info={info} />
                </dd>
              </div>
            </dl>
          </section>
          <CompanyConfirmation order={order} className="pay-card" />
          <section className="pay-card" aria-labelledby="done-delivery-title">
            <h2 id="done-delivery-title">{corporate ? 'Доставка и оплата' : order.delivery_type_name}</h2>
            {corporate ? null : order.cms_addressee ? (
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
            {shelfLife && !order.is_cancelled && !corporate ? (
              <p className="muted">Заказ хранится до {shelfLife} включительно.</p>
            ) : null}
            <p className="muted">
              Получатель: {order.contact_name}
              {order.contact_surname ? ` ${order.contact_surname}` : ''}
            </p>
          </section>
          <p>
            <AppLink to="/" className="button">
              Продолжить покупки
            </AppLink>
          </p>
        </div>
        <aside className="pay-card pay-summary" aria-labelledby="done-summary-title">
          <h2 id="done-summary-title">Состав заказа</h2>
          <OrderLines order={order} />
          <OrderTotals order={order} titleId="done-summary-title" />
          <TradeInOrderDevices order={order} />
          <CreditInStoreNote order={order} />
        </aside>
      </div>
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
