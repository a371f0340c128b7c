// /cart, checkout (SPEC §2 Checkout, §3 Basket line, Checkout state, §4 Checkout), in the checkout
// layout. The basket lives on the server (/api/basket/*), what the shopper enters at checkout in the
// checkout draft (/api/checkout/draft). The step is in the address (/cart?step=delivery&order=2);
// every control is a form posting to this route's action, so the page works without JavaScript, and
// runs through fetchers and client navigation once it loads. Never cached: it is one visitor's page.
import { Suspense, useEffect } from 'react';
import { Form, data, redirect, useFetcher } from 'react-router';
import type { Route } from './+types/cart';
import type { Basket, BasketItem } from '@store/api-client';
import { isApiError } from '@store/api-client';
import { formatPrice, shortageMessage } from '@store/domain';
import { AppLink } from '../components/app-link.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { OrdersBar, PromotionsPanel } from '../components/checkout-basket.tsx';
import { CheckoutNotice, OrderAside, StepsNav } from '../components/checkout-frame.tsx';
import { applyBasket } from '../lib/basket.ts';
import { BasketSession, formInt, formInts } from '../lib/cart.server.ts';
import { cartFlashCookie, clearCartFlash, readCartFlash } from '../lib/cart-flash.server.ts';
import { STEP_LABELS, stepHref } from '../lib/checkout-address.ts';
import { checkoutAction, loadCheckout, type CheckoutView } from '../lib/checkout.server.ts';
import { splitComponent } from '../lib/split-component.tsx';
import availabilityStyles from '../styles/availability.css?url';
import styles from '../styles/cart.css?url';
import checkoutStyles from '../styles/checkout.css?url';
import mapStyles from '../styles/store-map.css?url';
import certificateStyles from '../styles/checkout-certificates.css?url';
import bonusStyles from '../styles/checkout-bonuses.css?url';
import { readForm } from '../lib/form.server.ts';
import { apiContext } from '../context.ts';

const NO_STORE = { 'cache-control': 'no-store' };

// The steps after the basket (contacts, delivery with the pickup map, payments with bonuses, certificates
// and pay-in-parts, summary) are a chunk of their own: the basket's first scripts stay within the 150 KB
// budget (decision 0064). The server renders a step page in full; in the browser it hydrates when the
// chunk arrives, and its forms post like any form until then.
const CheckoutStepPage = splitComponent(() =>
  import('../components/checkout-step-page.tsx').then((m) => m.CheckoutStepPage),
);

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: styles },
  { rel: 'stylesheet', href: checkoutStyles },
  // The pickup list shares the availability tab's styles; the map has its own.
  { rel: 'stylesheet', href: availabilityStyles },
  { rel: 'stylesheet', href: mapStyles },
  { rel: 'stylesheet', href: certificateStyles },
  { rel: 'stylesheet', href: bonusStyles },
];

export const meta: Route.MetaFunction = ({ loaderData }) => {
  const step = loaderData?.view?.step;
  return [
    {
      title:
        step && step !== 'basket' ? `${STEP_LABELS[step]} — оформление заказа — Мультицентр` : 'Корзина — Мультицентр',
    },
    { name: 'robots', content: 'noindex' },
    { name: 'description', content: 'Корзина и оформление заказа в Мультицентре: доставка или самовывоз из магазина.' },
  ];
};

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers(NO_STORE);
  for (const source of [loaderHeaders, actionHeaders]) {
    for (const cookie of source?.getSetCookie() ?? []) headers.append('set-cookie', cookie);
  }
  return headers;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const result = await loadCheckout(request, context.get(apiContext));
  // What an add without JavaScript said (a quantity lowered to the cap) survives its redirect once.
  const flash = readCartFlash(request.headers.get('cookie'));
  if (flash === null) return data({ ...result.data, flash: null as string | null }, result.init ?? undefined);
  const headers = new Headers(result.init?.headers);
  headers.append('set-cookie', clearCartFlash());
  return data({ ...result.data, flash: flash as string | null }, { ...result.init, headers });
}

type ActionResult = { messages: string[]; error: string | null };

function errorText(error: unknown): string | null {
  if (!isApiError(error) || !error.body) return null;
  return Object.values(error.body.errors).flat()[0] ?? error.body.message;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const checkout = await checkoutAction(request, context.get(apiContext), form);
  if (checkout !== null) return checkout;
  const session = new BasketSession(context.get(apiContext), request.headers.get('cookie'));
  const intent = form.get('intent');
  const lineId = formInt(form, 'line_id');
  const reply = (result: ActionResult, status = 200) => data(result, { status, headers: session.headers(NO_STORE) });
  try {
    if (intent === 'add') {
      // From a product page or card without JavaScript: add, then show the basket.
      const productId = formInt(form, 'product_id');
      if (productId === undefined) return reply({ messages: [], error: 'Не выбран товар' }, 422);
      let basket = await session.call('add-item', {
        product_id: productId,
        qty: formInt(form, 'qty'),
        warranty_id: formInt(form, 'warranty_id'),
        supplier_id: formInt(form, 'supplier_id'),
      });
      const line = basket.items.find((i) => i.product_id === productId);
      for (const accessory of line ? formInts(form, 'accessory_id') : []) {
        basket = await session.call('add-accessory', { product_id: accessory, parent_id: line!.id });
      }
      const headers = session.headers();
      if (basket.messages.length > 0) headers.append('set-cookie', cartFlashCookie(basket.messages.join(' ')));
      return redirect('/cart', { headers });
    }
    if (lineId === undefined) return reply({ messages: [], error: 'Не выбрана позиция корзины' }, 422);
    let basket: Basket;
    if (intent === 'update') {
      basket = await session.call('update-item-quantity', { line_id: lineId, qty: formInt(form, 'qty') ?? 1 });
    } else if (intent === 'remove') {
      basket = await session.call('remove-item', { line_id: lineId });
    } else if (intent === 'restore') {
      basket = await session.call('restore-item', { line_id: lineId });
    } else {
      return reply({ messages: [], error: 'Неизвестное действие' }, 400);
    }
    return reply({ messages: basket.messages, error: null });
  } catch (error) {
    const text = errorText(error);
    if (text === null) throw error;
    return reply({ messages: [], error: text }, isApiError(error) && error.status === 404 ? 404 : 422);
  }
}

function Picture({ item }: { item: BasketItem }) {
  return (
    <AppLink to={item.url} className="cart-picture" tabIndex={-1} aria-hidden="true">
      <img src={item.image ?? '/favicon.svg'} alt="" width={88} height={88} loading="lazy" />
    </AppLink>
  );
}

function LinePrice({ item }: { item: BasketItem }) {
  return (
    <div className="cart-line-price">
      <strong>{formatPrice(item.final_price * item.qty)}</strong>
      {item.price > item.final_price ? (
        <s className="muted">
          <span className="visually-hidden">Без скидки: </span>
          {formatPrice(item.price * item.qty)}
        </s>
      ) : null}
      {item.qty > 1 ? <span className="muted">{formatPrice(item.final_price)} за шт.</span> : null}
    </div>
  );
}

/** A one-button form acting on a line (remove, restore): posts to the action without JavaScript. */
function LineButton({
  fetcher,
  intent,
  item,
  className,
  children,
}: {
  fetcher: ReturnType<typeof useFetcher<ActionResult>>;
  intent: 'remove' | 'restore';
  item: BasketItem;
  className?: string;
  children: string;
}) {
  return (
    <fetcher.Form method="post" className={className}>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="line_id" value={item.id} />
      <button type="submit" className="link-button" aria-label={`${children}: ${item.name}`}>
        {children}
      </button>
    </fetcher.Form>
  );
}

function CartLine({ item }: { item: BasketItem }) {
  const fetcher = useFetcher<ActionResult>();
  const pendingQty = fetcher.formData?.get('intent') === 'update' ? Number(fetcher.formData.get('qty')) : null;
  const qty = pendingQty ?? item.qty;
  // Fewer units left than the line asks (the stock dropped since): shown, never lowered silently.
  const short = item.max_qty > 0 && item.qty > item.max_qty && pendingQty === null;
  const capped = item.max_qty > 0 && qty >= item.max_qty && !short;
  return (
    <li className="cart-line">
      <div className="cart-line-main">
        <Picture item={item} />
        <div className="cart-line-text">
          <AppLink to={item.url} className="cart-line-name">
            {item.name}
          </AppLink>
          {item.is_preorder ? <p className="cart-tag">Предзаказ</p> : null}
          {item.supplier_id !== null ? <p className="muted">Продавец: партнёр №{item.supplier_id}</p> : null}
        </div>
        <fetcher.Form method="post" className="cart-qty" aria-label={`Количество: ${item.name}`}>
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="line_id" value={item.id} />
          <button
            type="submit"
            name="qty"
            value={qty - 1}
            className="cart-qty-button"
            disabled={qty <= 1}
            aria-label="Уменьшить количество"
          >
            −
          </button>
          <output className="cart-qty-value" aria-live="polite">
            {qty} шт.
          </output>
          <button
            type="submit"
            name="qty"
            value={qty + 1}
            className="cart-qty-button"
            disabled={capped}
            aria-label="Увеличить количество"
          >
            +
          </button>
        </fetcher.Form>
        <LinePrice item={item} />
        <LineButton fetcher={fetcher} intent="remove" item={item} className="cart-remove">
          Удалить
        </LineButton>
      </div>
      {capped ? <p className="cart-cap">Можно купить не больше {item.max_qty} шт.</p> : null}
      {short ? (
        <fetcher.Form method="post" className="cart-shortage">
          <p role="status">{shortageMessage(item.name, item.max_qty)}</p>
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="line_id" value={item.id} />
          <button type="submit" name="qty" value={item.max_qty} className="button">
            Оставить {item.max_qty} шт.
          </button>
        </fetcher.Form>
      ) : null}
      {fetcher.data?.error ? (
        <p role="alert" className="cart-error">
          {fetcher.data.error}
        </p>
      ) : null}
      {fetcher.data?.messages.length ? (
        <p role="status" className="cart-cap">
          {fetcher.data.messages.join(' ')}
        </p>
      ) : null}
      {item.children.length > 0 ? (
        <ul className="cart-children" aria-label={`Дополнительно к товару ${item.name}`}>
          {item.children.map((child) => (
            <ChildLine key={child.id} item={child} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}

function ChildLine({ item }: { item: BasketItem }) {
  const fetcher = useFetcher<ActionResult>();
  return (
    <li className="cart-child">
      <span className="cart-child-kind">{item.kind === 'warranty' ? 'Гарантия' : 'Аксессуар'}</span>
      {item.kind === 'warranty' ? (
        <span className="cart-child-name">{item.name}</span>
      ) : (
        <AppLink to={item.url} className="cart-child-name">
          {item.name}
        </AppLink>
      )}
      <span className="cart-child-qty">{item.qty} шт.</span>
      <strong className="cart-child-price">{formatPrice(item.final_price * item.qty)}</strong>
      <LineButton fetcher={fetcher} intent="remove" item={item} className="cart-remove">
        Удалить
      </LineButton>
    </li>
  );
}

function RemovedLine({ item }: { item: BasketItem }) {
  const fetcher = useFetcher<ActionResult>();
  return (
    <li className="cart-removed-line">
      <span>
        <span className="visually-hidden">Удалён: </span>
        {item.name}
      </span>
      <LineButton fetcher={fetcher} intent="restore" item={item}>
        Вернуть
      </LineButton>
    </li>
  );
}

function CheckoutButton({ view }: { view: CheckoutView }) {
  return (
    <Form method="post" action={stepHref('basket', view.current)}>
      <input type="hidden" name="intent" value="checkout" />
      <input type="hidden" name="order" value={view.current + 1} />
      <button type="submit" className="button button-primary cart-checkout co-submit">
        {view.state.orders.length > 1 ? `Оформить заказ ${view.current + 1}` : 'Перейти к оформлению'}
      </button>
    </Form>
  );
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { basket, view } = loaderData;
  // Buttons elsewhere (and the header counter) learn what the basket holds now.
  useEffect(() => applyBasket(basket), [basket]);
  const stepResult = actionData && 'formError' in actionData ? actionData : undefined;
  if (view && view.step !== 'basket') {
    return (
      <Suspense fallback={null}>
        <CheckoutStepPage view={view} result={stepResult} />
      </Suspense>
    );
  }
  const empty = basket.items.length === 0;
  const notice = actionData && 'messages' in actionData ? actionData : null;
  const items = view ? view.items : basket.items;
  return (
    <main className="container page cart-page" id="main">
      <h1>Корзина</h1>
      {view ? <StepsNav view={view} /> : null}
      <CheckoutNotice text={loaderData.notice} />
      {notice?.error ? (
        <p role="alert" className="cart-error">
          {notice.error}
        </p>
      ) : null}
      {notice?.messages.length ? (
        <p role="status" className="cart-cap">
          {notice.messages.join(' ')}
        </p>
      ) : null}
      {basket.messages.length > 0 ? <p className="cart-cap">{basket.messages.join(' ')}</p> : null}
      {loaderData.flash ? (
        <p role="status" className="cart-cap">
          {loaderData.flash}
        </p>
      ) : null}
      {basket.removed.length > 0 ? (
        <section aria-label="Удалённые товары" className="cart-removed">
          <ul>
            {basket.removed.map((item) => (
              <RemovedLine key={item.id} item={item} />
            ))}
          </ul>
        </section>
      ) : null}
      {empty || !view ? (
        <div className="empty-state">
          <h2>Корзина пуста</h2>
          <p className="muted">Добавьте товары из каталога — они сохранятся здесь.</p>
          <AppLink to="/catalog" className="button button-primary">
            Перейти в каталог
          </AppLink>
        </div>
      ) : (
        <>
          <OrdersBar view={view} />
          <div className="cart-layout">
            <div className="co-main">
              <section aria-label="Товары в корзине">
                <ul className="cart-lines">
                  {items.map((item) => (
                    <CartLine key={item.id} item={item} />
                  ))}
                </ul>
              </section>
              <PromotionsPanel view={view} presents={loaderData.presents} result={stepResult} />
            </div>
            <OrderAside totals={view.totals} tradeIn={view.calc?.trade_in}>
              <CheckoutButton view={view} />
              <p className="cart-modes">
                <AppLink to="/cart/one-click" className="cart-mode-link">
                  Купить в 1 клик
                </AppLink>
                <AppLink to="/cart/corporate" className="cart-mode-link">
                  Заказ для юрлица
                </AppLink>
              </p>
            </OrderAside>
          </div>
        </>
      )}
      {basket.unavailable.length > 0 ? (
        <section className="cart-unavailable" aria-labelledby="cart-unavailable-title">
          <h2 id="cart-unavailable-title">Нет в наличии</h2>
          <ul>
            {basket.unavailable.map((item) => (
              <li key={item.id}>
                <AppLink to={item.url}>{item.name}</AppLink>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
