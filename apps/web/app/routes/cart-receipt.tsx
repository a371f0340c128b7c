// /cart/receipt/{id} (ours): the printable receipt of a paid order, from GET
// /v3/customer/orders/{id}/receipt, for whoever owns the order (the customer, or a guest by the
// basket cookie, so it lives under /cart and not under the signed-in /account). Seller, items with
// quantity, price, VAT rate and amount, totals, payment method, date and time, order number; the
// sandbox issues no fiscal data, which the page says. An unpaid order or someone else's is 404. A
// cancelled order's refund receipts («Возврат прихода», decision 0052) follow the sale's.
import { data } from 'react-router';
import type { Route } from './+types/cart-receipt';
import { formatPrice } from '@store/domain';
import { AppLink } from '../components/app-link.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { useHydrated } from '../lib/hydrated.ts';
import { orNotFound, requirePage } from '../lib/not-found.server.ts';
import { formatReceiptTime } from '../lib/receipt.ts';
import styles from '../styles/payment.css?url';
import { apiContext } from '../context.ts';
import type { OrderReceipt } from '@store/api-client';

const NO_STORE = { 'cache-control': 'no-store' };

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }];

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `Чек заказа №${params.id} — Мультицентр` },
  { name: 'robots', content: 'noindex' },
];

export const headers = () => NO_STORE;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { match } = requirePage(request);
  if (match.kind !== 'cart-receipt') throw data('Страница не найдена', { status: 404 });
  const receipt = await orNotFound(context.get(apiContext).orders.receipt(match.orderId));
  return data({ receipt }, { headers: NO_STORE });
}

export default function ReceiptPage({ loaderData }: Route.ComponentProps) {
  const { receipt } = loaderData;
  const hydrated = useHydrated();
  return (
    <main className="container page receipt-page" id="main">
      <div className="receipt-tools">
        <AppLink to={`/cart/success/${receipt.order_id}`}>← К заказу №{receipt.order_id}</AppLink>
        {hydrated ? (
          <button type="button" className="button" onClick={() => window.print()}>
            Распечатать
          </button>
        ) : null}
      </div>
      <ReceiptDocument receipt={receipt} id="receipt" />
      {receipt.refunds.map((refund, index) => (
        <ReceiptDocument key={index} receipt={refund} id={`refund-${index}`} />
      ))}
    </main>
  );
}

type ReceiptData = Omit<OrderReceipt, 'refunds'>;

/** One receipt: the sale (the page's heading) or a refund of it. */
function ReceiptDocument({ receipt, id }: { receipt: ReceiptData; id: string }) {
  return (
    <article className="receipt" aria-labelledby={`${id}-title ${id}-op`}>
      <header className="receipt-head">
        {id === 'receipt' ? <h1 id={`${id}-title`}>{receipt.title}</h1> : <h2 id={`${id}-title`}>{receipt.title}</h2>}
        <p className="receipt-op" id={`${id}-op`}>
          {receipt.operation} · заказ №{receipt.order_id}
        </p>
        {receipt.test_note ? (
          <p className="receipt-note" role="note">
            {receipt.test_note}
          </p>
        ) : null}
      </header>
      <dl className="receipt-facts">
        <div>
          <dt>Продавец</dt>
          <dd>{receipt.seller.name}</dd>
        </div>
        <div>
          <dt>ИНН</dt>
          <dd>{receipt.seller.inn}</dd>
        </div>
        <div>
          <dt>Адрес расчётов</dt>
          <dd>{receipt.seller.address}</dd>
        </div>
        <div>
          <dt>Место расчётов</dt>
          <dd>{receipt.seller.site}</dd>
        </div>
        <div>
          <dt>СНО</dt>
          <dd>{receipt.seller.taxation_system_name}</dd>
        </div>
        <div>
          <dt>Дата и время</dt>
          <dd>{formatReceiptTime(receipt.payment.paid_at)}</dd>
        </div>
      </dl>
      <table className="receipt-items">
        <caption className="visually-hidden">Позиции чека</caption>
        <thead>
          <tr>
            <th scope="col">Наименование</th>
            <th scope="col">Кол-во</th>
            <th scope="col">Цена</th>
            <th scope="col">Сумма</th>
            <th scope="col">НДС</th>
          </tr>
        </thead>
        <tbody>
          {receipt.items.map((item, index) => (
            <tr key={index}>
              <th scope="row">
                {item.name}
                <span className="receipt-sub">
                  {item.payment_object_name} · {item.payment_method_name}
                </span>
                {item.prepayment > 0 ? (
                  <span className="receipt-sub">
                    в т. ч. {receipt.payments.prepayment_name.toLowerCase()}: {formatPrice(item.prepayment)}
                  </span>
                ) : null}
              </th>
              <td>{item.qty}&nbsp;шт.</td>
              <td>{formatPrice(item.price)}</td>
              <td>{formatPrice(item.amount)}</td>
              <td>
                {item.vat_name}
                {item.vat_amount > 0 ? <span className="receipt-sub">{formatPrice(item.vat_amount)}</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="receipt-totals">
        <div className="receipt-total">
          <dt>Итого</dt>
          <dd>{formatPrice(receipt.total)}</dd>
        </div>
        {receipt.vat_totals.map((vat) => (
          <div key={vat.vat_code}>
            <dt>В т. ч. {vat.name}</dt>
            <dd>{formatPrice(vat.amount)}</dd>
          </div>
        ))}
        <div>
          <dt>Безналичными</dt>
          <dd>{formatPrice(receipt.payments.electronic)}</dd>
        </div>
        {receipt.payments.prepayment > 0 ? (
          <div>
            <dt>{receipt.payments.prepayment_name}</dt>
            <dd data-testid="receipt-prepayment">{formatPrice(receipt.payments.prepayment)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Способ оплаты</dt>
          <dd>{receipt.payment.payment_type_name}</dd>
        </div>
        <div>
          <dt>Покупатель</dt>
          <dd>{receipt.customer.email ?? `+${receipt.customer.phone}`}</dd>
        </div>
      </dl>
    </article>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
