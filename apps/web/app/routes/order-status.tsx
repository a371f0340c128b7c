// /order-status: a guest finds an order by its number and phone (SPEC §7 POST /user/order-status; §2
// names no route for it, so the path is ours). A plain form posting to this route's action, so it
// works without JavaScript; the phone follows the §5 mask once the page is hydrated. Shows the status
// with its §4 text, the delivery line, the shelf life, the lines and the totals.
import { useState } from 'react';
import { Form, data, useActionData, useNavigation } from 'react-router';
import type { Route } from './+types/order-status';
import { isApiError, type Order } from '@store/api-client';
import {
  PHONE_MASKS,
  applyMask,
  formatOrderDay,
  formatPhone,
  formatPrice,
  nationalPhoneDigits,
  validateMobilePhone,
  validateText,
} from '@store/domain';
import { AppLink } from '../components/app-link.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { useHydrated } from '../lib/hydrated.ts';
import styles from '../styles/orders.css?url';
import { readForm } from '../lib/form.server.ts';
import { apiContext } from '../context.ts';

const NO_STORE = { 'cache-control': 'no-store' };

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }];

export const meta: Route.MetaFunction = () => [
  { title: 'Статус заказа — Мультицентр' },
  { name: 'robots', content: 'noindex' },
];

export function headers() {
  return NO_STORE;
}

export function loader({ request }: Route.LoaderArgs) {
  // A link from a confirmation may carry the number.
  const number = new URL(request.url).searchParams.get('order_id') ?? '';
  return { number: /^\d{1,12}$/.test(number) ? number : '' };
}

type LookupResult = {
  order: Order | null;
  values: { order_id: string; phone: string };
  errors: { order_id?: string; phone?: string; form?: string };
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const values = { order_id: String(form.get('order_id') ?? '').trim(), phone: String(form.get('phone') ?? '') };
  const errors: LookupResult['errors'] = {};
  const numberError = validateText(values.order_id, { required: true, numeric: true, max: 12 });
  if (numberError) errors.order_id = numberError;
  const phoneError = validateMobilePhone(values.phone);
  if (phoneError) errors.phone = phoneError;
  const reply = (result: LookupResult, status: number) => data(result, { status, headers: NO_STORE });
  if (errors.order_id || errors.phone) return reply({ order: null, values, errors }, 422);
  try {
    const order = await context
      .get(apiContext)
      .orders.lookup({ order_id: Number(values.order_id), phone: values.phone });
    return reply({ order, values, errors }, 200);
  } catch (error) {
    if (isApiError(error, 404) || isApiError(error, 429) || isApiError(error, 422)) {
      return reply({ order: null, values, errors: { form: error.body?.message ?? 'Заказ не найден' } }, error.status);
    }
    throw error;
  }
}

/** The phone in the first §5 mask while typing (after hydration); the server accepts any mask. */
function PhoneField({ defaultValue, error }: { defaultValue: string; error: string | undefined }) {
  const hydrated = useHydrated();
  const [value, setValue] = useState(defaultValue);
  const mask = PHONE_MASKS[0];
  return (
    <div className="os-field">
      <label htmlFor="os-phone">Телефон, указанный в заказе</label>
      <input
        id="os-phone"
        name="phone"
        type="tel"
        inputMode="tel"
        autoComplete="tel"
        required
        placeholder={mask.replaceAll('#', '_')}
        value={value}
        onChange={(event) => {
          const raw = event.target.value;
          if (!hydrated) return setValue(raw);
          const digits = raw.replace(/\D/g, '');
          // The mask starts with +7: typed digits after the country code fill the #s.
          const national = digits.startsWith('7') || digits.startsWith('8') ? digits.slice(1) : digits;
          setValue(national === '' ? '' : applyMask(national.slice(0, 10), mask));
        }}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? 'os-phone-error' : undefined}
      />
      {error ? (
        <p className="os-error" id="os-phone-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

function deliveryText(order: Order): string | null {
  const line = order.delivery_line;
  if (line.kind === 'contact-centre') return line.text;
  if (line.kind === 'none') return null;
  const day = formatOrderDay(line.date);
  if (order.cms_addressee) return `Можно забрать с ${day}`;
  return `Доставка ${day}${line.interval ? `, ${line.interval.replace(' - ', '–')}` : ''}`;
}

function OrderCard({ order }: { order: Order }) {
  const delivery = deliveryText(order);
  return (
    <section className="os-order" aria-labelledby="os-order-title">
      <header className="os-order-head">
        <h2 id="os-order-title">Заказ №{order.id}</h2>
        <span className={`os-status os-status-${order.is_cancelled ? 'off' : order.is_active ? 'on' : 'done'}`}>
          {order.status.name}
        </span>
      </header>
      {order.status.text ? <p className="os-status-text">{order.status.text}</p> : null}
      <dl className="os-facts">
        <div>
          <dt>Получение</dt>
          <dd>
            {order.delivery_type_name}
            {order.cms_addressee ? (
              <>
                : {order.cms_addressee.name}, {order.cms_addressee.address}
                <span className="muted"> · {order.cms_addressee.work_time_line}</span>
              </>
            ) : order.delivery_address ? (
              <>: {order.delivery_address}</>
            ) : null}
          </dd>
        </div>
        {delivery ? (
          <div>
            <dt>Когда</dt>
            <dd>{delivery}</dd>
          </div>
        ) : null}
        {order.shelf_life_date && order.is_active ? (
          <div>
            <dt>Срок хранения</dt>
            <dd>до {formatOrderDay(order.shelf_life_date)} включительно</dd>
          </div>
        ) : null}
        <div>
          <dt>Оплата</dt>
          <dd>
            {order.payment_type_name}
            {order.is_paid ? ' · оплачен' : ''}
          </dd>
        </div>
        <div>
          <dt>Получатель</dt>
          <dd>
            {[order.contact_name, order.contact_surname].filter(Boolean).join(' ')}, {formatPhone(order.mobile_phone)}
          </dd>
        </div>
      </dl>
      <table className="os-lines">
        <caption className="visually-hidden">Состав заказа</caption>
        <thead>
          <tr>
            <th scope="col">Товар</th>
            <th scope="col">Кол-во</th>
            <th scope="col">Сумма</th>
          </tr>
        </thead>
        <tbody>
          {order.basket.map((line) => (
            <tr key={line.id} className={line.parent_id === null ? undefined : 'os-child'}>
              <td>
                {line.url && line.kind !== 'warranty' ? <AppLink to={line.url}>{line.name}</AppLink> : line.name}
                {line.kind === 'present' ? <span className="os-tag">Подарок</span> : null}
              </td>
              <td>{line.qty} шт.</td>
              <td className="os-money">{formatPrice(line.final_price * line.qty)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="os-totals">
        <div>
          <dt>Товары</dt>
          <dd>{formatPrice(order.sum)}</dd>
        </div>
        {order.discount > 0 ? (
          <div>
            <dt>Скидка</dt>
            <dd className="os-discount">−{formatPrice(order.discount)}</dd>
          </div>
        ) : null}
        <div>
          <dt>Доставка</dt>
          <dd>{order.delivery_cost === 0 ? 'бесплатно' : formatPrice(order.delivery_cost)}</dd>
        </div>
        <div className="os-total">
          <dt>Итого</dt>
          <dd>{formatPrice(order.total_sum)}</dd>
        </div>
        {order.waiting_sum > 0 ? (
          <div>
            <dt>Осталось оплатить</dt>
            <dd>{formatPrice(order.waiting_sum)}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}

export default function OrderStatusPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === 'submitting';
  const values = result?.values ?? { order_id: loaderData.number, phone: '' };
  const errors = result?.errors ?? {};
  const phoneDefault = nationalPhoneDigits(values.phone) ? formatPhone(values.phone) : values.phone;
  return (
    <main className="container page os-page" id="main">
      <h1>Статус заказа</h1>
      <div className="os-layout">
        <Form method="post" className="os-form" noValidate aria-describedby={errors.form ? 'os-form-error' : undefined}>
          <p className="muted">Введите номер заказа из SMS или письма и телефон, на который оформляли заказ.</p>
          <div className="os-field">
            <label htmlFor="os-number">Номер заказа</label>
            <input
              id="os-number"
              name="order_id"
              inputMode="numeric"
              autoComplete="off"
              required
              defaultValue={values.order_id}
              placeholder="1000001"
              aria-invalid={errors.order_id ? true : undefined}
              aria-describedby={errors.order_id ? 'os-number-error' : undefined}
            />
            {errors.order_id ? (
              <p className="os-error" id="os-number-error">
                {errors.order_id}
              </p>
            ) : null}
          </div>
          <PhoneField key={phoneDefault} defaultValue={phoneDefault} error={errors.phone} />
          {errors.form ? (
            <p className="os-error os-form-error" id="os-form-error" role="alert">
              {errors.form}
            </p>
          ) : null}
          <button type="submit" className="button button-primary" disabled={busy}>
            {busy ? 'Ищем…' : 'Узнать статус'}
          </button>
        </Form>
        {result?.order ? <OrderCard order={result.order} /> : null}
      </div>
    </main>
  );
}

export function ErrorBoundary() {
  return <RouteErrorBoundary />;
}
