// /cart/one-click, «Купить в 1 клик» (SPEC §2 Checkout modes, §4 Checkout; decision 0008):
// ?product=ID buys one unit of that product and leaves the basket alone; without it, the whole
// basket. One short form (name, phone, the way to receive, pay on receipt or online) that posts to
// this route's action, so it works without JavaScript; the phone gets its mask once hydrated.
import { useId, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import type { Route } from './+types/cart-one-click';
import { PHONE_MASKS, applyMask, formatPrice } from '@store/domain';
import { AppLink } from '../components/app-link.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { dayText, needsStore, wayGroup, wayTitle } from '../lib/checkout.ts';
import {
  loadOneClick,
  oneClickAction,
  type OneClickErrors,
  type OneClickPay,
  type OneClickValues,
  type OneClickView,
  type OneClickWay,
} from '../lib/one-click.server.ts';
import { requirePage } from '../lib/not-found.server.ts';
import cartStyles from '../styles/cart.css?url';
import checkoutStyles from '../styles/checkout.css?url';
import { apiContext } from '../context.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: cartStyles },
  { rel: 'stylesheet', href: checkoutStyles },
];

export const meta: Route.MetaFunction = () => [
  { title: 'Купить в 1 клик — Мультицентр' },
  { name: 'robots', content: 'noindex' },
];

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers({ 'cache-control': 'no-store' });
  for (const source of [loaderHeaders, actionHeaders]) {
    for (const cookie of source?.getSetCookie() ?? []) headers.append('set-cookie', cookie);
  }
  return headers;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requirePage(request);
  const { view } = await loadOneClick(request, context.get(apiContext));
  return { view };
}

export async function action({ request, context }: Route.ActionArgs) {
  return oneClickAction(request, context.get(apiContext));
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="co-field-error">
      {message}
    </p>
  ) : null;
}

/** The way preselected: a multicenter pickup when there is one (the nearest sensible way), else the first. */
function defaultWay(ways: readonly OneClickWay[]): number | null {
  const way = ways.find((w) => wayGroup(w.variation) === 'multicenter') ?? ways[0];
  return way?.variation.delivery_type_id ?? null;
}

function wayWhen(way: OneClickWay): string {
  const v = way.variation;
  if (wayGroup(v) === 'express') return 'Привезём за 30–60 минут';
  if (v.is_reserve) return 'Заберите через 15 минут';
  const day = v.dates[0] ? dayText(v.dates[0]) : null;
  if (!day) return '';
  return `${needsStore(wayGroup(v)) ? 'Можно забрать' : 'Привезём'} ${day}`;
}

/** Pickup points and lockers of several networks read with their network: «Пункт выдачи Boxberry». */
function wayName(way: OneClickWay): string {
  const title = wayTitle(way.variation);
  const group = wayGroup(way.variation);
  if (group !== 'pickup-point' && group !== 'postbox') return title;
  const brand = way.stores[0]?.brand;
  return brand && !title.includes(brand) ? `${title} ${brand}` : title;
}

function OneClickForm({
  view,
  values,
  errors,
  idempotencyKey,
}: {
  view: OneClickView;
  values: OneClickValues | null;
  errors: OneClickErrors;
  idempotencyKey: string;
}) {
  const id = useId();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const [way, setWay] = useState<number | null>(values?.delivery_type ?? defaultWay(view.ways));
  const payFor = (wayId: number | null, wanted: OneClickPay): OneClickPay => {
    const w = view.ways.find((x) => x.variation.delivery_type_id === wayId);
    // A way that cannot take the wanted kind (a seller's courier is paid online) switches to the other.
    return w && w.pay[wanted] === null ? (wanted === 'receipt' ? 'online' : 'receipt') : wanted;
  };
  const [pay, setPay] = useState<OneClickPay>(values?.pay ?? payFor(way, 'receipt'));
  const [phone, setPhone] = useState(values?.mobile_phone ?? '');
  const chosen = view.ways.find((w) => w.variation.delivery_type_id === way) ?? null;
  const hasCourier = view.ways.some((w) => !needsStore(wayGroup(w.variation)));
  const total = view.sum + (chosen?.variation.delivery_cost ?? 0);
  const action = view.productId === null ? '/cart/one-click' : `/cart/one-click?product=${view.productId}`;
  const field = (name: keyof OneClickErrors) => ({
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id}-${name}-error` : undefined,
  });
  return (
    <Form method="post" action={action} className="co-form oc-form" noValidate>
      <input type="hidden" name="idempotency_key" value={idempotencyKey} />
      <div className="co-fields">
        <div className={errors.contact_name ? 'co-field has-error' : 'co-field'}>
          <label htmlFor={`${id}-name`}>
            Имя<span aria-hidden="true"> *</span>
          </label>
          <input
            id={`${id}-name`}
            name="contact_name"
            autoComplete="given-name"
            aria-required
            defaultValue={values?.contact_name ?? ''}
            {...field('contact_name')}
          />
          <FieldError id={`${id}-contact_name-error`} message={errors.contact_name} />
        </div>
        <div className={errors.mobile_phone ? 'co-field has-error' : 'co-field'}>
          <label htmlFor={`${id}-phone`}>
            Мобильный телефон<span aria-hidden="true"> *</span>
          </label>
          <input
            id={`${id}-phone`}
            name="mobile_phone"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder={PHONE_MASKS[0].replace(/#/g, '_')}
            aria-required
            value={phone}
            onChange={(event) => {
              const digits = event.target.value.replace(/\D/g, '').replace(/^[78]/, '');
              setPhone(digits === '' ? '' : applyMask(digits, PHONE_MASKS[0]));
            }}
            {...field('mobile_phone')}
          />
          <FieldError id={`${id}-mobile_phone-error`} message={errors.mobile_phone} />
        </div>
      </div>

      <fieldset className="oc-group" {...field('delivery_type')}>
        <legend>Как получить</legend>
        {view.ways.map((w) => {
          const v = w.variation;
          const wayId = `${id}-way-${v.delivery_type_id}`;
          const checked = way === v.delivery_type_id;
          return (
            <div key={v.delivery_type_id} className={checked ? 'co-way oc-way is-checked' : 'co-way oc-way'}>
              <input
                type="radio"
                id={wayId}
                name="delivery_type"
                value={v.delivery_type_id}
                checked={checked}
                onChange={() => {
                  setWay(v.delivery_type_id);
                  setPay(payFor(v.delivery_type_id, pay));
                }}
              />
              <label htmlFor={wayId}>
                <span className="co-way-title">{wayName(w)}</span>
                <span className={v.delivery_cost === 0 ? 'co-way-cost is-free' : 'co-way-cost'}>
                  {v.delivery_cost === 0 ? 'бесплатно' : formatPrice(v.delivery_cost)}
                </span>
                <span className="co-way-when">{wayWhen(w)}</span>
              </label>
              {w.stores.length > 0 ? (
                <div className="co-field oc-store">
                  <label htmlFor={`${wayId}-store`}>Пункт получения</label>
                  <select
                    id={`${wayId}-store`}
                    name={`store_id_${v.delivery_type_id}`}
                    defaultValue={
                      values?.delivery_type === v.delivery_type_id && values.store_id
                        ? values.store_id
                        : w.stores[0]!.id
                    }
                    {...(checked ? field('store_id') : {})}
                  >
                    {w.stores.map((s) => (
                      <option key={s.id} value={s.id}>
                        {s.name}, {s.address}
                        {s.hasReserve ? ' — есть в наличии' : ''}
                      </option>
                    ))}
                  </select>
                  {checked ? <FieldError id={`${id}-store_id-error`} message={errors.store_id} /> : null}
                </div>
              ) : null}
            </div>
          );
        })}
        <FieldError id={`${id}-delivery_type-error`} message={errors.delivery_type} />
      </fieldset>

      {hasCourier ? (
        <div className={errors.address ? 'co-field has-error' : 'co-field'}>
          <label htmlFor={`${id}-address`}>Адрес доставки (для курьера)</label>
          <input
            id={`${id}-address`}
            name="address"
            autoComplete="street-address"
            defaultValue={values?.address ?? ''}
            {...field('address')}
          />
          <FieldError id={`${id}-address-error`} message={errors.address} />
        </div>
      ) : null}

      <fieldset className="oc-group" {...field('pay')}>
        <legend>Оплата</legend>
        {(
          [
            ['receipt', 'При получении', 'Наличными или картой'],
            ['online', 'Онлайн', 'Картой или через СБП сразу после оформления'],
          ] as const
        ).map(([value, title, note]) => {
          const payId = `${id}-pay-${value}`;
          const unavailable = chosen !== null && chosen.pay[value] === null;
          return (
            <div key={value} className={pay === value ? 'co-way is-checked' : 'co-way'}>
              <input
                type="radio"
                id={payId}
                name="pay"
                value={value}
                checked={pay === value}
                onChange={() => setPay(value)}
              />
              <label htmlFor={payId}>
                <span className="co-way-title">{title}</span>
                <span className="muted">{note}</span>
                {unavailable ? <span className="co-way-note">Недоступно для выбранного способа получения</span> : null}
              </label>
            </div>
          );
        })}
        <FieldError id={`${id}-pay-error`} message={errors.pay} />
      </fieldset>

      {errors.form ? (
        <p role="alert" className="co-form-error">
          {errors.form}
        </p>
      ) : null}
      <div className="co-actions">
        <AppLink to={view.lines[0] && view.productId !== null ? view.lines[0].url : '/cart'} className="co-back">
          ← Назад
        </AppLink>
        <button type="submit" className="button button-primary co-submit" aria-busy={busy || undefined}>
          {busy ? 'Оформляем…' : `Оформить заказ · ${formatPrice(total)}`}
        </button>
      </div>
      <p className="muted oc-note">
        Нажимая «Оформить заказ», вы соглашаетесь с условиями продажи. Мы пришлём SMS с номером заказа.
      </p>
    </Form>
  );
}

export default function OneClickPage({ loaderData, actionData }: Route.ComponentProps) {
  const { view } = loaderData;
  const errors = actionData?.errors ?? {};
  return (
    <main className="container page co-page oc-page" id="main">
      <h1 className="co-title">Купить в 1 клик</h1>
      <div className="co-layout">
        <section className="co-main co-step" aria-labelledby="oc-form-title">
          <h2 id="oc-form-title">{view.oneClick ? 'Быстрое оформление' : 'Способ получения'}</h2>
          {view.oneClick ? (
            <OneClickForm
              view={view}
              values={actionData?.values ?? null}
              errors={errors}
              idempotencyKey={actionData?.idempotencyKey ?? view.idempotencyKey}
            />
          ) : (
            <div role="alert" className="cart-error co-notice">
              <p>{view.problemText}</p>
              <AppLink to="/cart">Вернуться в корзину</AppLink>
            </div>
          )}
        </section>
        <aside className="co-aside" aria-labelledby="oc-lines-title">
          <h2 id="oc-lines-title">{view.productId === null ? 'Товары корзины' : 'Товар'}</h2>
          <ul className="oc-lines">
            {view.lines.map((line) => (
              <li key={line.product_id} className="oc-line">
                <img src={line.image ?? '/favicon.svg'} alt="" width={56} height={56} />
                <AppLink to={line.url}>{line.name}</AppLink>
                <span className="muted">{line.qty} шт.</span>
                <strong>{formatPrice(line.price * line.qty)}</strong>
              </li>
            ))}
          </ul>
          <p className="oc-sum">
            Товары: <strong>{formatPrice(view.sum)}</strong>
          </p>
        </aside>
      </div>
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
