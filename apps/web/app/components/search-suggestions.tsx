// Search suggestions of the header search box (SPEC §4 Other, §7 Search, §9 Display): debounced,
// the previous request cancelled; with an empty box the recent queries and the latest watched
// products. A list of links: ArrowDown from the box enters it, arrows move, Escape goes back.
import { useEffect, useRef, useState, type KeyboardEvent, type ReactNode, type RefObject } from 'react';
import {
  COOKIE,
  SEARCH_GROUP_LABELS,
  SEARCH_PANEL_WATCHED_LIMIT,
  TIMINGS,
  formatPrice,
  parseIdList,
} from '@store/domain';
import type { ProductCard, Suggestions } from '@store/api-client';
import { parseCookies } from '../lib/cookies.ts';
import { readSearchHistory } from '../lib/search-history.ts';
import { AppLink } from './app-link.tsx';
import { CatalogIcon } from './catalog-icons.tsx';

/** SPEC §4: the placeholder defaults to the smartphones text. */
export const DEFAULT_SEARCH_PLACEHOLDER = 'Смартфоны';

const XHR_HEADERS = { accept: 'application/json', 'x-requested-with': 'XMLHttpRequest' };

async function getJson<T>(url: string, signal?: AbortSignal): Promise<T> {
  const response = await fetch(url, { headers: XHR_HEADERS, signal });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as T;
}

/** Runs `task` when the browser is idle (within 2 s), or after a timeout where idle callbacks are missing; returns a cancel. */
function onIdle(task: () => void): () => void {
  if (typeof requestIdleCallback === 'function') {
    const id = requestIdleCallback(task, { timeout: 2000 });
    return () => cancelIdleCallback(id);
  }
  const id = setTimeout(task, 200);
  return () => clearTimeout(id);
}

export const searchHref = (text: string) => `/search?q=${encodeURIComponent(text.trim())}`;

/** A placeholder chosen at random from the server's list, after mount (the server render keeps the default). */
export function useSearchPlaceholder(): string {
  const [placeholder, setPlaceholder] = useState(DEFAULT_SEARCH_PLACEHOLDER);
  useEffect(() => {
    const controller = new AbortController();
    const ask = () =>
      getJson<string[]>('/api/v3/search/placeholders', controller.signal)
        .then((list) => {
          const pick = list[Math.floor(Math.random() * list.length)];
          if (pick) setPlaceholder(pick);
        })
        .catch((error: unknown) => {
          // The default stays; a real failure is still visible in the console.
          if (!controller.signal.aborted) console.warn('search placeholders', error);
        });
    // Asked once the page is idle, not in the effects of the hydration's commit: that commit is one task
    // for the whole first screen, and starting a fetch in it was 10–25 ms of it on a slowed phone (0067).
    const idle = onIdle(ask);
    return () => {
      idle();
      controller.abort();
    };
  }, []);
  return placeholder;
}

type SuggestState =
  | { status: 'idle' }
  | { status: 'loading'; query: string }
  | { status: 'done'; query: string; data: Suggestions }
  | { status: 'error'; query: string };

/** Suggestions for `text`, fetched 500 ms after the last keystroke; a newer text aborts the older request. */
export function useSuggestions(text: string, enabled: boolean): SuggestState {
  const [state, setState] = useState<SuggestState>({ status: 'idle' });
  const query = text.trim();
  useEffect(() => {
    if (!enabled || query === '') {
      setState({ status: 'idle' });
      return;
    }
    const controller = new AbortController();
    const timer = setTimeout(() => {
      setState({ status: 'loading', query });
      getJson<Suggestions>(`/api/v3/search/suggestions?query=${encodeURIComponent(query)}`, controller.signal)
        .then((data) => setState({ status: 'done', query, data }))
        .catch((error: unknown) => {
          if (controller.signal.aborted) return;
          console.warn('search suggestions', error);
          setState({ status: 'error', query });
        });
    }, TIMINGS.searchDebounceMs);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [query, enabled]);
  return state;
}

/** The latest watched products (productYouWatched cookie, oldest first), newest first. */
function useWatched(enabled: boolean): ProductCard[] {
  const [products, setProducts] = useState<ProductCard[]>([]);
  const loadedKey = useRef<string | null>(null);
  useEffect(() => {
    if (!enabled) return;
    const ids = parseIdList(parseCookies(document.cookie)[COOKIE.productYouWatched])
      .slice(-SEARCH_PANEL_WATCHED_LIMIT)
      .reverse();
    const key = ids.join(',');
    if (key === loadedKey.current) return;
    loadedKey.current = key;
    if (ids.length === 0) {
      setProducts([]);
      return;
    }
    const controller = new AbortController();
    getJson<ProductCard[]>(`/api/v3/products?product_ids=${key}`, controller.signal)
      .then(setProducts)
      .catch((error: unknown) => {
        if (controller.signal.aborted) return;
        loadedKey.current = null;
        console.warn('watched products', error);
      });
    return () => controller.abort();
  }, [enabled]);
  return products;
}

function Group({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <div className="suggest-group" role="group" aria-labelledby={id}>
      <p className="suggest-title" id={id}>
        {title}
      </p>
      <ul>{children}</ul>
    </div>
  );
}

function ProductLink({ product }: { product: { url: string; name: string; image: string | null; price: number } }) {
  return (
    <li>
      <AppLink to={product.url} className="suggest-product">
        <img src={product.image ?? '/favicon.svg'} alt="" width={40} height={40} loading="lazy" />
        <span className="suggest-product-name">{product.name}</span>
        <span className="suggest-product-price">{formatPrice(product.price)}</span>
      </AppLink>
    </li>
  );
}

function moveFocus(panel: HTMLElement, from: Element | null, step: 1 | -1): boolean {
  const links = [...panel.querySelectorAll<HTMLAnchorElement>('a[href]')];
  if (links.length === 0) return false;
  const index = from instanceof HTMLAnchorElement ? links.indexOf(from) : -1;
  const next = links[index + step];
  if (next) {
    next.focus();
    return true;
  }
  return false;
}

/**
 * The panel under the search box. `onEscape` returns focus to the box; ArrowUp from the first link
 * does the same.
 */
export function SuggestionsPanel({
  id,
  text,
  open,
  onEscape,
  panelRef,
}: {
  id: string;
  text: string;
  open: boolean;
  onEscape: () => void;
  panelRef: RefObject<HTMLDivElement | null>;
}) {
  const query = text.trim();
  const suggest = useSuggestions(text, open);
  const watched = useWatched(open && query === '');
  const [history, setHistory] = useState<string[]>([]);
  useEffect(() => {
    if (open && query === '') setHistory(readSearchHistory());
  }, [open, query]);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      onEscape();
    } else if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const moved = moveFocus(event.currentTarget, document.activeElement, event.key === 'ArrowDown' ? 1 : -1);
      if (!moved && event.key === 'ArrowUp') onEscape();
    }
  };

  let content: ReactNode = null;
  let status = '';
  if (query === '') {
    if (history.length > 0 || watched.length > 0) {
      content = (
        <>
          {history.length > 0 ? (
            <Group id={`${id}-history`} title={SEARCH_GROUP_LABELS.recentQueries}>
              {history.map((h) => (
                <li key={h}>
                  <AppLink to={searchHref(h)} className="suggest-link">
                    <CatalogIcon name="history" size={16} />
                    {h}
                  </AppLink>
                </li>
              ))}
            </Group>
          ) : null}
          {watched.length > 0 ? (
            <Group id={`${id}-watched`} title={SEARCH_GROUP_LABELS.recentlyWatched}>
              {watched.map((p) => (
                <ProductLink key={p.id} product={{ url: p.url, name: p.name, image: p.image, price: p.offer.price }} />
              ))}
            </Group>
          ) : null}
        </>
      );
    }
  } else if (suggest.status === 'done' && suggest.query === query) {
    const { categories, brands, series, products } = suggest.data;
    const total = categories.length + brands.length + series.length + products.length;
    if (total === 0) {
      status = 'Ничего не найдено';
      content = (
        <p className="suggest-empty">
          По запросу «{query}» ничего не нашлось. Проверьте, нет ли опечатки, или нажмите «Найти» — поиск по каталогу
          понимает и неточные запросы.
        </p>
      );
    } else {
      status = `Подсказок: ${total}`;
      const simple = (items: { id: number; name: string; url: string }[]) =>
        items.map((item) => (
          <li key={item.id}>
            <AppLink to={item.url} className="suggest-link">
              {item.name}
            </AppLink>
          </li>
        ));
      content = (
        <>
          {categories.length > 0 ? (
            <Group id={`${id}-categories`} title={SEARCH_GROUP_LABELS.categories}>
              {simple(categories)}
            </Group>
          ) : null}
          {brands.length > 0 ? (
            <Group id={`${id}-brands`} title={SEARCH_GROUP_LABELS.brands}>
              {simple(brands)}
            </Group>
          ) : null}
          {series.length > 0 ? (
            <Group id={`${id}-series`} title="Серии">
              {simple(series)}
            </Group>
          ) : null}
          {products.length > 0 ? (
            <Group id={`${id}-products`} title={SEARCH_GROUP_LABELS.products}>
              {products.map((p) => (
                <ProductLink key={p.id} product={p} />
              ))}
            </Group>
          ) : null}
          <AppLink to={searchHref(query)} className="suggest-all">
            Все результаты по запросу «{query}»
          </AppLink>
        </>
      );
    }
  } else if (suggest.status === 'error') {
    content = <p className="suggest-empty">Подсказки сейчас недоступны. Нажмите «Найти», чтобы искать по каталогу.</p>;
  }

  const visible = open && content !== null;
  return (
    <>
      <p className="visually-hidden" aria-live="polite">
        {open ? status : ''}
      </p>
      {/* eslint-disable-next-line jsx-a11y/no-static-element-interactions -- arrow keys move between the links inside */}
      <div id={id} ref={panelRef} className="suggest-panel" hidden={!visible} onKeyDown={onKeyDown}>
        {visible ? content : null}
      </div>
    </>
  );
}
