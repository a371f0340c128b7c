// /service/trade-in's loader and action (SPEC §4 Trade-in flow). Every step is a form that posts (or a
// GET search form), so the calculator works before hydration and without JavaScript. The shopper's
// calculator is the httpOnly `tradein_tx` cookie; each action redirects back (post/redirect/get) with
// the new device and the product in the address.
import { data, redirect } from 'react-router';
import { isApiError, type ApiClient, type TradeInPrices, type TradeInStateBody } from '@store/api-client';
import {
  TRADE_IN_COOKIE,
  TRADE_IN_MESSAGES,
  skipsMemoryStep,
  tradeInStep,
  tradeInStepBack,
  tradeInValued,
  type TradeInOldDevice,
  type TradeInStep,
} from '@store/domain';
import { parseCookies, serializeCookie } from './cookies.ts';
import { BasketSession } from './cart.server.ts';
import { readForm } from './form.server.ts';

const NO_STORE = { 'cache-control': 'no-store' };
const TX = /^[0-9a-f]{32}$/;
const COOKIE_MAX_AGE_S = 30 * 86_400;

export interface TradeInProductPreview {
  product_id: number;
  name: string;
  price: number;
  image: string | null;
  url: string;
}

export interface TradeInPageData {
  state: TradeInStateBody | null;
  /** The new device from ?product= before the calculator knows it. */
  product: TradeInProductPreview | null;
  current: TradeInOldDevice | null;
  step: TradeInStep | null;
  groups: { id: number; code: string; name: string }[];
  popularBrands: { id: number; name: string }[];
  search: { query: string; groupId: number | null; results: TradeInModelHit[]; total: number } | null;
  prices: TradeInPrices | null;
}

export interface TradeInModelHit {
  id: number;
  name: string;
  brand: string;
  year: number;
  type: string;
}

const positive = (raw: string | null | FormDataEntryValue) =>
  typeof raw === 'string' && /^\d{1,9}$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;

/** The shopper's calculator (the httpOnly tradein_tx cookie), when it looks like one. */
export function tradeInTxOf(request: Request): string | undefined {
  const value = parseCookies(request.headers.get('cookie'))[TRADE_IN_COOKIE];
  return value && TX.test(value) ? value : undefined;
}

async function loadState(api: ApiClient, tx: string | undefined): Promise<TradeInStateBody | null> {
  if (!tx) return null;
  try {
    return await api.tradeIn.state(tx);
  } catch (error) {
    // A calculator that is gone (an old cookie) starts anew.
    if (isApiError(error, 404)) return null;
    throw error;
  }
}

export async function tradeInLoader(request: Request, api: ApiClient): Promise<TradeInPageData> {
  const url = new URL(request.url);
  const state = await loadState(api, tradeInTxOf(request));
  const productId = positive(url.searchParams.get('product'));
  let product: TradeInProductPreview | null = null;
  if (state?.derivable) {
    const d = state.derivable;
    product = { product_id: d.product_id, name: d.name, price: d.price, image: d.image, url: d.url };
  } else if (productId !== null) {
    const [found] = await api.products.byIds([productId]);
    if (found) {
      product = {
        product_id: found.id,
        name: found.name,
        price: found.offer.price,
        image: found.image ?? null,
        url: found.url,
      };
    }
  }
  const devices = state?.devices ?? [];
  const asked = positive(url.searchParams.get('device'));
  const current =
    devices.find((d) => d.tId === asked && tradeInStep(d) !== 'done') ??
    devices.find((d) => tradeInStep(d) !== 'done') ??
    null;
  const step = current ? tradeInStep(current) : null;
  const [groups, popular] = await Promise.all([api.tradeIn.groups(), api.tradeIn.popularBrands()]);
  let search: TradeInPageData['search'] = null;
  if (step === 'search') {
    const query = (url.searchParams.get('q') ?? '').trim().slice(0, 100);
    const groupId = positive(url.searchParams.get('group'));
    if (query !== '' || groupId !== null) {
      const page = await api.tradeIn.brandModels({ query, group_id: groupId ?? undefined, per_page: 24 });
      search = {
        query,
        groupId,
        total: page.totalCount,
        results: page.items.map((m) => ({ id: m.id, name: m.name, brand: m.brand.name, year: m.year, type: m.type })),
      };
    } else search = { query, groupId, results: [], total: 0 };
  }
  const prices =
    current?.id != null && (step === 'memory' || step === 'condition')
      ? await api.tradeIn.prices({ model_id: current.id })
      : null;
  return {
    state,
    product,
    current,
    step,
    groups: groups.map((g) => ({ id: g.id, code: g.code, name: g.name })),
    popularBrands: popular.map((b) => ({ id: b.id, name: b.name })),
    search,
    prices,
  };
}

export interface TradeInActionError {
  error: string;
}

/** The page's address after an action: the product and the device the shopper works on. */
function backTo(productId: number | null, tId: number | null) {
  const search = new URLSearchParams();
  if (productId !== null) search.set('product', String(productId));
  if (tId !== null) search.set('device', String(tId));
  const query = search.toString();
  return `/service/trade-in${query ? `?${query}` : ''}#calculator`;
}

export async function tradeInAction(request: Request, api: ApiClient) {
  const form = await readForm(request);
  const intent = form.get('intent');
  const tx = tradeInTxOf(request);
  const productId = positive(form.get('product_id'));
  const tId = positive(form.get('tId'));
  const headers = new Headers(NO_STORE);
  const remember = (state: { tx: string }) => {
    if (state.tx !== tx)
      headers.append(
        'set-cookie',
        serializeCookie(TRADE_IN_COOKIE, state.tx, { httpOnly: true, maxAgeS: COOKIE_MAX_AGE_S }),
      );
  };
  const product = productId ?? undefined;
  try {
    switch (intent) {
      case 'add': {
        const saved = await api.tradeIn.saveDevice({ tx, product_id: product });
        remember(saved);
        return redirect(backTo(productId, saved.tId), { headers });
      }
      case 'model':
      case 'memory':
      case 'status': {
        if (tId === null) return data<TradeInActionError>({ error: 'Выберите устройство' }, { status: 400, headers });
        const body =
          intent === 'model'
            ? { id: positive(form.get('id')) ?? 0 }
            : intent === 'memory'
              ? { memory: Number(form.get('memory') ?? NaN) }
              : { status: String(form.get('status') ?? '') };
        const saved = await api.tradeIn.saveDevice({ tx, product_id: product, tId, ...body });
        remember(saved);
        if (saved.price === false) {
          return data<TradeInActionError>({ error: TRADE_IN_MESSAGES.priceFailed }, { status: 200, headers });
        }
        return redirect(backTo(productId, saved.tId), { headers });
      }
      case 'back': {
        const state = tx ? await api.tradeIn.state(tx) : null;
        const device = state?.devices.find((d) => d.tId === tId);
        if (!state || !device) return redirect(backTo(productId, null), { headers });
        // The domain's step back; the device as it was stays in the calculator (the flow's cache).
        const prices = device.id !== null ? await api.tradeIn.prices({ model_id: device.id }) : null;
        const previous = tradeInStepBack(device, prices ? skipsMemoryStep(prices.memories) : false);
        await api.tradeIn.saveDevice({
          tx,
          tId: device.tId,
          id: previous.id,
          memory: previous.id === null ? undefined : previous.memory,
          status: previous.status,
        });
        return redirect(backTo(productId, device.tId), { headers });
      }
      case 'remove': {
        if (tId === null || !tx) return redirect(backTo(productId, null), { headers });
        await api.tradeIn.removeDevice(tId, tx);
        return redirect(backTo(productId, null), { headers });
      }
      case 'buy': {
        // «Оформить с Trade-in»: the new device goes into the basket; checkout takes the trade-in off.
        if (productId === null) return data<TradeInActionError>({ error: 'Выберите товар' }, { status: 400, headers });
        const state = await api.tradeIn.choose({ tx, product_id: productId });
        remember(state);
        const basket = new BasketSession(api, request.headers.get('cookie'));
        await basket.call('add-item', { product_id: productId, qty: 1 });
        for (const cookie of basket.setCookies) headers.append('set-cookie', cookie);
        return redirect('/cart', { headers });
      }
      case 'choose': {
        if (productId === null) return data<TradeInActionError>({ error: 'Выберите товар' }, { status: 400, headers });
        const state = await api.tradeIn.choose({ tx, product_id: productId });
        remember(state);
        return redirect(backTo(productId, null), { headers });
      }
      default:
        return data<TradeInActionError>({ error: 'Неизвестное действие' }, { status: 400, headers });
    }
  } catch (error) {
    if (isApiError(error) && error.status < 500) {
      return data<TradeInActionError>(
        { error: error.body?.message ?? 'Не удалось рассчитать' },
        { status: error.status === 404 ? 404 : 422, headers },
      );
    }
    throw error;
  }
}

/**
 * Checkout: the shopper's trade-in when its new device is among the order's lines and every old
 * device is valued, so create-order takes it off; nothing otherwise (an old calculator never blocks
 * an order of other goods).
 */
export async function checkoutTradeIn(
  request: Request,
  api: ApiClient,
  lines: readonly { product_id: number }[],
): Promise<{ trade_in_tx?: string }> {
  const state = await loadState(api, tradeInTxOf(request));
  return state && usableTradeIn(state, lines) ? { trade_in_tx: state.tx } : {};
}

/** The trade-in applies to these lines: its product is there and its devices are valued. */
function usableTradeIn(state: TradeInStateBody, lines: readonly { product_id: number }[]): boolean {
  return (
    state.derivable !== null &&
    lines.some((l) => l.product_id === state.derivable!.product_id) &&
    tradeInValued(state.devices)
  );
}
