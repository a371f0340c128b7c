// Which page requests may be answered from the shared HTML cache, and under which key.
// A public page (home, listings, search, product, content) is the same for every visitor of one
// city and A/B branch, signed in or not, so the server renders it once per key and sends the stored
// bytes to the rest (docs/decisions/0006, 0019). The personal parts (name and counters in the
// header, in-basket and pressed buttons, cookie notice, recently watched) are filled in by the
// browser after hydration, so the render must not see the visitor's cookies at all: only the key
// cookies travel to it. Pages personal by nature (account, basket, checkout, favourites,
// comparison, sign-in) are never cached.
import { COOKIE } from './constants.ts';
import { isFilterParam } from './filters.ts';
import { MOBILE_APP_QUERY_KEYS, isMobileAppMode } from './layout.ts';
import { isListingTheme } from './listing-theme.ts';
import { matchPage, type PageMatch, type StaticPageKey } from './pages.ts';

/** Cookies that change the rendered page for everyone who shares them: they are part of the key. */
export const PAGE_CACHE_KEY_COOKIES = [COOKIE.cityId, COOKIE.branch, COOKIE.mobileApp] as const;

/**
 * The voter cookie: the server draws a voter's own votes on reviews, so the pages that list
 * reviews are rendered for them alone. Every other cookie (sign-in, employee, loyalty card,
 * coupon) is simply not shown to the render of a cached page.
 */
export const PAGE_CACHE_BYPASS_COOKIES = [COOKIE.visitorId] as const;

/** Page kinds whose HTML is the same for everyone with one key. */
const CACHED_KINDS = new Set<PageMatch['kind']>([
  'home',
  'catalog-index',
  'category',
  'product',
  'brand',
  'tag',
  'category-tag',
  'series',
  'compatibility',
  'search',
  'special-offer',
  'store',
  'news-type',
  'news-item',
  'insurance',
  'finance',
  'reviews-list',
  'review',
  'static-promo',
  'constructor-promo',
]);

/** Information pages among the static ones; sign-in, basket, lists, order lookup and tools are personal. */
const CACHED_STATIC = new Set<StaticPageKey>([
  'certificate',
  'honor',
  'shops',
  'delivery',
  'delivery-pay',
  'special-offers',
  'news',
  'service',
  // 'repair' (/service/repair) is the repair wizard and 'trade-in' (/service/trade-in) the calculator:
  // both personal, their entries belong to the visitor. 'buyback' (/likenew) too: the seller's contacts and booking.
  'corporate',
  'sitemap',
]);

/** Listings: the visitor's tiles-or-rows choice (listingTheme cookie) changes their HTML. */
const LISTING_KINDS = new Set<PageMatch['kind']>([
  'catalog-index',
  'category',
  'brand',
  'tag',
  'category-tag',
  'series',
  'compatibility',
  'search',
]);

/** Pages that list reviews with the voter's own votes. */
const VOTE_KINDS = new Set<PageMatch['kind']>(['product', 'reviews-list', 'review']);

/** Query parameters a cached page reads (filters are `filter[…]`): part of the key. */
const KEY_PARAMS = new Set(['q', 'query', 'order_by', 'page', 'per_page']);

/**
 * Ad and analytics tags no page reads: dropped from the key and the render. Any other parameter
 * (a page's own, e.g. the product page's `accessory_group`) renders the page uncached rather than
 * being dropped, so a parameter a page starts reading later never loses its effect.
 */
const TRACKING_PARAMS = new Set(['gclid', 'yclid', 'fbclid', 'ysclid', '_openstat', 'from', 'ref', 'erid']);
const isTrackingParam = (name: string) => name.startsWith('utm_') || TRACKING_PARAMS.has(name);

/** Query parameters that make the start-up act (set a cookie, redirect): such a request is not cached. */
const ACTING_PARAMS = new Set(['city_id', ...MOBILE_APP_QUERY_KEYS]);

/** An A/B branch code as the branch cookie keeps it: one capital letter (SPEC §4 start-up). */
export function isBranchCode(value: string | null | undefined): value is string {
  return typeof value === 'string' && /^[A-Z]$/.test(value);
}

/** Header a CDN or reverse proxy may set with the visitor's city alias (read by the start-up). */
export const GEO_CITY_HEADER = 'x-geo-city';

export interface PageCacheRequest {
  method: string;
  host: string;
  pathname: string;
  search: string;
  cookies: Readonly<Record<string, string>>;
  userAgent: string | null;
  geoCity: string | null;
}

export type PageCacheDecision =
  | { cacheable: false; reason: 'method' | 'query' | 'page' | 'personal' }
  | {
      cacheable: true;
      /** The cookies the render may see (only the key cookies that are present). */
      renderCookies: Record<string, string>;
      /** The query the render gets: known parameters only, in the request's order ('' or '?…'). */
      search: string;
      key: string;
    };

/** Whether a page of this kind may come from the cache (before cookies and query are looked at). */
export function isCachedPage(page: PageMatch | null): boolean {
  if (!page) return false;
  if (page.kind === 'static') return CACHED_STATIC.has(page.key);
  return CACHED_KINDS.has(page.kind);
}

/**
 * The parameters of a cached page's query that pages read (filters, sort, search text, page), in the
 * request's order, with ad and analytics tags dropped. Null when a parameter asks the start-up to act
 * (city_id, mobile-app flags: that answer is a redirect or sets a cookie) or is one the cache does not
 * know: such a request is rendered.
 */
function pageQueryParams(search: string): [string, string][] | null {
  const params = new URLSearchParams(search);
  const kept: [string, string][] = [];
  for (const [name, value] of params) {
    if (ACTING_PARAMS.has(name)) return null;
    if (KEY_PARAMS.has(name) || isFilterParam(name)) kept.push([name, value]);
    else if (!isTrackingParam(name)) return null;
  }
  return kept;
}

const asQuery = (params: [string, string][]) => (params.length === 0 ? '' : `?${new URLSearchParams(params)}`);

/**
 * The query of a cached page's key: pageQueryParams sorted by name then value, so that their order
 * does not split the key. Null for a request that is rendered uncached.
 */
export function normalizePageQuery(search: string): string | null {
  const kept = pageQueryParams(search);
  if (kept === null) return null;
  kept.sort(([a, x], [b, y]) => (a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0));
  return asQuery(kept);
}

/** A GET of a public page with no voter cookie on a review page is cacheable, signed in or not. */
export function pageCacheDecision(request: PageCacheRequest): PageCacheDecision {
  if (request.method !== 'GET') return { cacheable: false, reason: 'method' };
  const page = matchPage(request.pathname);
  if (!isCachedPage(page)) return { cacheable: false, reason: 'page' };
  const params = pageQueryParams(request.search);
  const keyQuery = normalizePageQuery(request.search);
  if (params === null || keyQuery === null) return { cacheable: false, reason: 'query' };
  // The render sees the parameters in the order the visitor sent them: a listing redirects any order
  // but its canonical one, and a render fed the key's sorted order would redirect the visitor to the
  // address they asked for, for ever. Two orders share the key; only the canonical one answers 200
  // (redirects are not stored), and that page is what both get from the cache.
  const search = asQuery(params);
  if (VOTE_KINDS.has(page!.kind) && PAGE_CACHE_BYPASS_COOKIES.some((name) => request.cookies[name] !== undefined)) {
    return { cacheable: false, reason: 'personal' };
  }
  const renderCookies: Record<string, string> = {};
  for (const name of PAGE_CACHE_KEY_COOKIES) {
    const value = request.cookies[name];
    if (value !== undefined) renderCookies[name] = value;
  }
  if (LISTING_KINDS.has(page!.kind)) {
    const theme = request.cookies[COOKIE.listingTheme]?.trim().toLowerCase();
    if (isListingTheme(theme)) renderCookies[COOKIE.listingTheme] = theme;
  }
  const key = JSON.stringify([
    request.host,
    request.pathname,
    keyQuery,
    renderCookies[COOKIE.cityId] ?? null,
    renderCookies[COOKIE.branch] ?? null,
    renderCookies[COOKIE.mobileApp] ?? null,
    renderCookies[COOKIE.listingTheme] ?? null,
    isMobileAppMode('', request.userAgent),
    request.geoCity?.trim().toLowerCase() || null,
  ]);
  return { cacheable: true, renderCookies, search, key };
}

/** The cookie header the render gets: the key cookies only, in a fixed order. */
export function renderCookieHeader(renderCookies: Readonly<Record<string, string>>): string {
  return Object.entries(renderCookies)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('; ');
}

/**
 * Cache tags: a cached page carries the tags of the products and categories it shows, and a
 * change of a product's price or stock drops every page with its tags (decision 0019).
 */
export const productTag = (id: number) => `p:${id}`;
export const categoryTag = (id: number) => `c:${id}`;
/** Every page: the seed or a bulk price load drops the whole cache. */
export const ALL_PAGES_TAG = '*';

/** The response header of the in-process API that names the tags of what it answered. */
export const PAGE_TAGS_HEADER = 'x-page-tags';
/** The request header with which the page render asks the API for those tags. */
export const PAGE_TAGS_WANTED_HEADER = 'x-page-tags-wanted';

/** Tags from a header value (space-separated); anything that is no tag is ignored. */
export function parsePageTags(value: string | null | undefined): string[] {
  if (!value) return [];
  return value.split(/\s+/).filter((tag) => /^(?:[pc]:\d{1,12}|\*)$/.test(tag));
}
