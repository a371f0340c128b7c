// Favourites and compare lists (SPEC §3 Favorites, Compare state; §4 Other): product ids in the
// favoriteProducts / compareProducts cookies. Pages pass the ids their loader read, so the server
// render shows the pressed buttons; in the browser the cookie is the source of truth.
import { createContext, useCallback, useContext, useSyncExternalStore, type ReactNode } from 'react';
import { useRevalidator } from 'react-router';
import {
  COOKIE,
  parseCompareCookie,
  parseIdList,
  serializeCompareCookie,
  serializeIdList,
  toggleCompare,
  toggleFavorite,
} from '@store/domain';
import { parseCookies, setBrowserCookie } from './cookies.ts';

export type ProductListKind = 'favorites' | 'compare';
export type ProductLists = Record<ProductListKind, number[]>;

/** The SPEC gives no lifetime for these cookies: a year, like the listing theme. */
export const PRODUCT_LIST_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

const COOKIE_NAMES: Record<ProductListKind, string> = {
  favorites: COOKIE.favoriteProducts,
  compare: COOKIE.compareProducts,
};

const parse = (kind: ProductListKind, raw: string | undefined) =>
  kind === 'compare' ? parseCompareCookie(raw) : parseIdList(raw);

/** Both lists from a Cookie header (loaders). */
export function productListsFromCookies(cookieHeader: string | null): ProductLists {
  const cookies = parseCookies(cookieHeader);
  return {
    favorites: parse('favorites', cookies[COOKIE.favoriteProducts]),
    compare: parse('compare', cookies[COOKIE.compareProducts]),
  };
}

const ServerLists = createContext<ProductLists>({ favorites: [], compare: [] });

export function ProductListsProvider({ lists, children }: { lists: ProductLists; children: ReactNode }) {
  return <ServerLists.Provider value={lists}>{children}</ServerLists.Provider>;
}

const listeners = new Set<() => void>();
const snapshots = new Map<ProductListKind, { raw: string | undefined; ids: number[] }>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

// Every card reads both lists on every render, twice (useSyncExternalStore checks for tearing): reading and
// parsing document.cookie each time cost about 40 ms of a product page's hydration on a phone. The string
// is read once per task and forgotten in the next microtask, and at once after a toggle writes it.
let cookieText: string | null = null;
let parsedCookies: Record<string, string> | null = null;
function cookieValue(name: string): string | undefined {
  if (cookieText === null) {
    cookieText = document.cookie;
    queueMicrotask(() => {
      cookieText = null;
      parsedCookies = null;
    });
  }
  parsedCookies ??= parseCookies(cookieText);
  return parsedCookies[name];
}

function readList(kind: ProductListKind): number[] {
  const raw = cookieValue(COOKIE_NAMES[kind]);
  const cached = snapshots.get(kind);
  if (cached && cached.raw === raw) return cached.ids;
  const ids = parse(kind, raw);
  snapshots.set(kind, { raw, ids });
  return ids;
}

const sameIds = (a: readonly number[], b: readonly number[]) =>
  a.length === b.length && a.every((id, i) => id === b[i]);

/**
 * The ids in a list, live: every toggle on the page re-renders its readers. While the cookie holds
 * what the loader read, the loader's own array is the snapshot: React compares snapshots by identity,
 * and a fresh (equal) array made every card's toggles re-render synchronously right after hydration.
 */
export function useProductList(kind: ProductListKind): number[] {
  const server = useContext(ServerLists)[kind];
  return useSyncExternalStore(
    subscribe,
    () => {
      const ids = readList(kind);
      return sameIds(ids, server) ? server : ids;
    },
    () => server,
  );
}

/**
 * How many products a list holds, live, for the header counters. The server's count (from the
 * root loader; 0 on a page from the page cache) is used until the browser reads its own cookie.
 */
export function useListCount(kind: ProductListKind, serverCount: number): number {
  return useSyncExternalStore(
    subscribe,
    () => readList(kind).length,
    () => serverCount,
  );
}

export interface ListChange {
  added: boolean;
  /** Ids pushed out because the list was full (compare keeps the newest 20). */
  dropped: number[];
}

/**
 * Adds or removes a product. Every reader of the lists (buttons, header counters) re-renders at
 * once; the page revalidates so the favourites and compare pages drop or add the product's card.
 * Adding a favourite fires the analytics goal.
 */
export function useToggleProduct(): (kind: ProductListKind, productId: number) => ListChange {
  const revalidator = useRevalidator();
  return useCallback(
    (kind, productId) => {
      const current = readList(kind);
      let change: ListChange;
      if (kind === 'favorites') {
        const next = toggleFavorite(current, productId);
        setBrowserCookie(COOKIE_NAMES.favorites, serializeIdList(next.ids), PRODUCT_LIST_COOKIE_MAX_AGE_S);
        change = { added: next.added, dropped: [] };
        if (next.added) {
          window.dispatchEvent(new CustomEvent('analytics:goal', { detail: { goal: 'add_to_favorites', productId } }));
        }
      } else {
        const next = toggleCompare(current, productId);
        setBrowserCookie(COOKIE_NAMES.compare, serializeCompareCookie(next.ids), PRODUCT_LIST_COOKIE_MAX_AGE_S);
        change = { added: next.added, dropped: next.dropped };
      }
      cookieText = null;
      parsedCookies = null;
      for (const listener of listeners) listener();
      void revalidator.revalidate();
      return change;
    },
    [revalidator],
  );
}
