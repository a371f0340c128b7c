// /cart, the basket step of checkout (SPEC §2 Checkout, §3 Basket line, §4 Checkout), in the checkout
// layout. The basket lives on the server (/api/basket/*); every control is a form posting to this
// route's action, so the page works without JavaScript, and runs through fetchers once it loads.
// Never cached: it is one visitor's page. Contacts, delivery and payment are later steps.
import { useEffect } from 'react';
import { data, redirect, useFetcher } from 'react-router';
import type { Route } from './+types/cart';
import type { Basket, BasketItem } from '@store/api-client';
import { isApiError } from '@store/api-client';
import { formatPrice, pluralize } from '@store/domain';
import { AppLink } from '../components/app-link.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { applyBasket } from '../lib/basket.ts';
import { BasketSession, formInt, formInts } from '../lib/cart.server.ts';
import styles from '../styles/cart.css?url';

const ITEM_FORMS = ['товар', 'товара', 'товаров'] as const;
const NO_STORE = { 'cache-control': 'no-store' };

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }];

export const meta: Route.MetaFunction = () => [
  { title: 'Корзина — Мультицентр' },
  { name: 'robots', content: 'noindex' },
];

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers(NO_STORE);
  for (const source of [loaderHeaders, actionHeaders]) {
    for (const cookie of source?.getSetCookie() ?? []) headers.append('set-cookie', cookie);
  }
  return headers;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const session = new BasketSession(context.api, request.headers.get('cookie'));
  const basket = await session.call('get-basket');
  return data({ basket }, { headers: session.headers(NO_STORE) });
}

type ActionResult = { messages: string[]; error: string | null };

function errorText(error: unknown): string | null {
  if (!isApiError(error) || !error.body) return null;
  return Object.values(error.body.errors).flat()[0] ?? error.body.message;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const session = new BasketSession(context.api, request.headers.get('cookie'));
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
      return redirect('/cart', { headers: session.headers() });
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
  const capped = item.max_qty > 0 && qty >= item.max_qty;
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

function Totals({ basket }: { basket: Basket }) {
  const { sum, discount, count } = basket.totals;
  return (
    <aside className="cart-totals" aria-labelledby="cart-totals-title">
      <h2 id="cart-totals-title">Ваш заказ</h2>
      <dl>
        <div>
          <dt>
            {count} {pluralize(count, ITEM_FORMS)}
          </dt>
          <dd>{formatPrice(sum + discount)}</dd>
        </div>
        {discount > 0 ? (
          <div className="cart-totals-discount">
            <dt>Скидка</dt>
            <dd>−{formatPrice(discount)}</dd>
          </div>
        ) : null}
        <div className="cart-totals-sum">
          <dt>Итого</dt>
          <dd>{formatPrice(sum)}</dd>
        </div>
      </dl>
      <button
        type="button"
        className="button button-primary cart-checkout"
        disabled
        aria-describedby="cart-checkout-note"
      >
        Перейти к оформлению
      </button>
      <p id="cart-checkout-note" className="muted cart-checkout-note">
        Оформление заказа скоро заработает: пока корзину можно собрать и сохранить.
      </p>
    </aside>
  );
}

export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { basket } = loaderData;
  // Buttons elsewhere (and the header counter) learn what the basket holds now.
  useEffect(() => applyBasket(basket), [basket]);
  const empty = basket.items.length === 0;
  const notice = actionData && 'error' in actionData ? actionData : null;
  return (
    <main className="container page cart-page" id="main">
      <h1>Корзина</h1>
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
      {basket.removed.length > 0 ? (
        <section aria-label="Удалённые товары" className="cart-removed">
          <ul>
            {basket.removed.map((item) => (
              <RemovedLine key={item.id} item={item} />
            ))}
          </ul>
        </section>
      ) : null}
      {empty ? (
        <div className="empty-state">
          <h2>Корзина пуста</h2>
          <p className="muted">Добавьте товары из каталога — они сохранятся здесь.</p>
          <AppLink to="/catalog" className="button button-primary">
            Перейти в каталог
          </AppLink>
        </div>
      ) : (
        <div className="cart-layout">
          <section aria-label="Товары в корзине">
            <ul className="cart-lines">
              {basket.items.map((item) => (
                <CartLine key={item.id} item={item} />
              ))}
            </ul>
          </section>
          <Totals basket={basket} />
        </div>
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
