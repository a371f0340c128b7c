// /cart/payment/{id}, the repayment page (SPEC §2 Repayment page, §5): a paid or cancelled order
// goes to /account/orders/{id}; an order that cannot be repaid, or has no virtual payment left, is
// «Страница не найдена»; otherwise the shopper picks card or SBP and pays. The checkout sends the
// shopper here right after placing an order paid online. A plain form: without JavaScript it posts
// to the action, which starts the payment and sends the browser to the acquirer's page.
import { data, redirect, redirectDocument } from 'react-router';
import type { Route } from './+types/cart-payment';
import { isApiError } from '@store/api-client';
import { formatPrice } from '@store/domain';
import { OrderLines, OrderTotals } from '../components/order-summary.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { formInt } from '../lib/cart.server.ts';
import { orNotFound, requirePage } from '../lib/not-found.server.ts';
import optionStyles from '../styles/option-cards.css?url';
import styles from '../styles/payment.css?url';
import { readForm } from '../lib/form.server.ts';
import { apiContext } from '../context.ts';

const NO_STORE = { 'cache-control': 'no-store' };

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: optionStyles },
  { rel: 'stylesheet', href: styles },
];

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `Оплата заказа №${params.id} — Мультицентр` },
  { name: 'robots', content: 'noindex' },
];

export const headers = () => NO_STORE;

function orderIdOf(request: Request): number {
  const { match } = requirePage(request);
  if (match.kind !== 'cart-payment') throw data('Страница не найдена', { status: 404 });
  return match.orderId;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const orderId = orderIdOf(request);
  const info = await orNotFound(context.get(apiContext).payments.info(orderId));
  if (info.order.is_paid || info.order.is_cancelled) throw redirect(`/account/orders/${orderId}`);
  if (!info.can_repayment || info.payments.length === 0) throw data('Страница не найдена', { status: 404 });
  return data({ info }, { headers: NO_STORE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const orderId = orderIdOf(request);
  const form = await readForm(request);
  const paymentTypeId = formInt(form, 'payment_type_id');
  try {
    const payment = await context.get(apiContext).payments.create({
      order_id: orderId,
      ...(paymentTypeId === undefined ? {} : { payment_type_id: paymentTypeId }),
    });
    // The acquirer's pages are not routes of this app: the browser loads them as a document.
    if (payment.confirmation_url) return redirectDocument(payment.confirmation_url);
    return redirect(`/cart/success/${orderId}`);
  } catch (error) {
    if (isApiError(error, 404)) throw data('Страница не найдена', { status: 404 });
    if (isApiError(error, 409)) return redirect(`/cart/success/${orderId}`);
    if (isApiError(error, 422)) {
      const text = Object.values(error.body?.errors ?? {}).flat()[0] ?? error.body?.message ?? 'Проверьте данные';
      return data({ error: text }, { status: 422, headers: NO_STORE });
    }
    throw error;
  }
}

export default function RepaymentPage({ loaderData, actionData }: Route.ComponentProps) {
  const { info } = loaderData;
  const { order } = info;
  const declined = info.last_payment?.status === 'declined' ? info.last_payment : null;
  const selected = info.payments.some((p) => p.id === info.selectedPayment)
    ? info.selectedPayment
    : info.payments[0]!.id;
  return (
    <main className="container page pay-page" id="main">
      <h1>Оплата заказа №{order.id}</h1>
      {declined ? (
        <p role="alert" className="pay-alert">
          Платёж отклонён{declined.decline_reason ? `: ${declined.decline_reason}` : ''}. Попробуйте ещё раз или
          выберите другой способ оплаты.
        </p>
      ) : null}
      {actionData?.error ? (
        <p role="alert" className="pay-alert">
          {actionData.error}
        </p>
      ) : null}
      <div className="pay-layout">
        <section className="pay-card" aria-labelledby="pay-methods-title">
          <form method="post">
            <fieldset className="pay-methods">
              <legend id="pay-methods-title">Способ оплаты</legend>
              {info.payments.map((payment) => (
                <div key={payment.id} className="option-card pay-method">
                  <input
                    type="radio"
                    id={`pay-method-${payment.id}`}
                    name="payment_type_id"
                    value={payment.id}
                    defaultChecked={payment.id === selected}
                    aria-describedby={`pay-method-${payment.id}-note`}
                  />
                  <span className="pay-method-text">
                    <label htmlFor={`pay-method-${payment.id}`} className="pay-method-name">
                      {payment.name}
                    </label>
                    <span className="muted" id={`pay-method-${payment.id}-note`}>
                      {payment.description}
                    </span>
                  </span>
                </div>
              ))}
            </fieldset>
            <button type="submit" className="button button-primary pay-submit">
              Оплатить {formatPrice(order.waiting_sum)}
            </button>
            <p className="muted pay-note">
              Откроется защищённая платёжная страница банка. После оплаты вы вернётесь в магазин.
            </p>
          </form>
        </section>
        <aside className="pay-card pay-summary" aria-labelledby="pay-summary-title">
          <h2 id="pay-summary-title">Ваш заказ</h2>
          <OrderLines order={order} />
          <OrderTotals order={order} titleId="pay-summary-title" />
        </aside>
      </div>
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
