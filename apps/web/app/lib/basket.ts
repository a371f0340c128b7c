// The basket as the browser sees it (SPEC §7 Basket; decision 0006: product and listing pages come
// from the page cache, so nothing about a visitor's basket is rendered on the server). The header
// counter reads the basket_count cookie the API sets; which products are in the basket comes from
// one get-basket call per page, made only when the count says the basket holds something.
import { useEffect, useSyncExternalStore } from 'react';
import type { Basket } from '@store/api-client';
import { COOKIE } from '@store/domain';
import { browserApi } from './browser-api.ts';
import { parseCookies } from './cookies.ts';

const listeners = new Set<() => void>();
let productIds: ReadonlySet<number> | null = null;
let warrantyKeys: ReadonlySet<string> = new Set();
let loading = false;
const EMPTY: ReadonlySet<number> = new Set();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
const emit = () => listeners.forEach((l) => l());

/** Items in the basket from the basket_count cookie (0 when absent or malformed). */
export function basketCountFromCookie(cookieHeader: string | null | undefined): number {
  const n = Number(parseCookies(cookieHeader ?? null)[COOKIE.basketCount]);
  return Number.isInteger(n) && n > 0 ? n : 0;
}

const readCount = () => basketCountFromCookie(document.cookie);

/** The products of a basket answer, accessories included. */
export function basketProductIds(basket: Basket): Set<number> {
  return new Set(
    basket.items.flatMap((i) => [
      i.product_id,
      ...i.children.filter((c) => c.kind === 'accessory').map((c) => c.product_id),
    ]),
  );
}

/** A warranty of a product as the basket holds it: the key of that warranty's «В корзине» state. */
const warrantyKey = (productId: number, warrantyId: number) => `${productId}:${warrantyId}`;

/** The warranties in a basket answer, by product and warranty id. */
export function basketWarrantyKeys(basket: Basket): Set<string> {
  return new Set(
    basket.items.flatMap((i) =>
      i.children
        .filter((c) => c.kind === 'warranty' && c.warranty_id !== null)
        .map((c) => warrantyKey(i.product_id, c.warranty_id!)),
    ),
  );
}

/** Takes in a basket answer (from any call): the buttons and counters re-render. */
export function applyBasket(basket: Basket) {
  productIds = basketProductIds(basket);
  warrantyKeys = basketWarrantyKeys(basket);
  emit();
}

function ensureLoaded() {
  if (productIds !== null || loading) return;
  if (readCount() === 0) {
    productIds = EMPTY;
    emit();
    return;
  }
  loading = true;
  browserApi.basket
    .get()
    .then(applyBasket)
    .catch(() => {
      productIds = EMPTY;
      emit();
    })
    .finally(() => {
      loading = false;
    });
}

/**
 * Whether the product is in the basket (with `warrantyId`: whether that warranty of it is, so only
 * the warranty in the basket says «В корзине»); false on the server and until the browser knows.
 */
export function useInBasket(productId: number, warrantyId?: number): boolean {
  useEffect(ensureLoaded, []);
  return useSyncExternalStore(
    subscribe,
    () =>
      warrantyId === undefined
        ? (productIds?.has(productId) ?? false)
        : warrantyKeys.has(warrantyKey(productId, warrantyId)),
    () => false,
  );
}

/** The header's basket counter, live; `serverCount` until the browser reads its cookie. */
export function useBasketCount(serverCount: number): number {
  return useSyncExternalStore(subscribe, readCount, () => serverCount);
}

/** Tells the counters the cookie changed (after a call made outside this module, e.g. a /cart fetcher). */
export const basketChanged = emit;

export async function addToBasket(line: {
  product_id: number;
  qty?: number;
  warranty_id?: number;
  supplier_id?: number;
}) {
  const basket = await browserApi.basket.addItem(line);
  applyBasket(basket);
  return basket;
}

/** A product with the accessories and warranty chosen in the accessory block. */
export async function addSetToBasket(productId: number, accessoryIds: readonly number[], warrantyId: number | null) {
  let basket = await browserApi.basket.addItem({
    product_id: productId,
    ...(warrantyId ? { warranty_id: warrantyId } : {}),
  });
  const line = basket.items.find((i) => i.product_id === productId);
  if (line) {
    for (const id of accessoryIds)
      basket = await browserApi.basket.addAccessory({ product_id: id, parent_id: line.id });
  }
  applyBasket(basket);
  return basket;
}
