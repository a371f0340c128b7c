// Which page requests may be answered from the shared HTML cache, and under which key.
// An anonymous product page is the same for every visitor of one city and A/B branch, so the
// server renders it once per key and sends the stored bytes to the rest (docs/decisions/0006).
// The personal parts (header counters, cookie notice, recently watched) are filled in by the
// browser from its own cookies, so the render must not see those cookies at all: only the key
// cookies travel to it.
import { COOKIE } from './constants.ts';
import { isMobileAppMode } from './layout.ts';
import { matchPage } from './pages.ts';

/** Cookies that change the rendered page for everyone who shares them: they are part of the key. */
export const PAGE_CACHE_KEY_COOKIES = [COOKIE.cityId, COOKIE.branch, COOKIE.mobileApp] as const;

/**
 * Cookies that mean the server itself renders something for this visitor only (a signed-in user,
 * an employee, their own votes, a loyalty card, a coupon): such requests are never cached.
 */
export const PAGE_CACHE_BYPASS_COOKIES = [
  COOKIE.accessToken,
  COOKIE.visitorId,
  COOKIE.employeePersonnelNumber,
  COOKIE.employeeTradePointNumber,
  COOKIE.loyaltyCard,
  COOKIE.loyaltyCredentials,
  COOKIE.promoCoupon,
] as const;

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
      key: string;
    };

/** A GET of a product page (any tab) with no query string and no personal cookie is cacheable. */
export function pageCacheDecision(request: PageCacheRequest): PageCacheDecision {
  if (request.method !== 'GET') return { cacheable: false, reason: 'method' };
  // Query strings (utm tags, city_id, mobile-app flags) would split the key endlessly or redirect.
  if (request.search !== '' && request.search !== '?') return { cacheable: false, reason: 'query' };
  if (matchPage(request.pathname)?.kind !== 'product') return { cacheable: false, reason: 'page' };
  if (PAGE_CACHE_BYPASS_COOKIES.some((name) => request.cookies[name] !== undefined)) {
    return { cacheable: false, reason: 'personal' };
  }
  const renderCookies: Record<string, string> = {};
  for (const name of PAGE_CACHE_KEY_COOKIES) {
    const value = request.cookies[name];
    if (value !== undefined) renderCookies[name] = value;
  }
  const key = JSON.stringify([
    request.host,
    request.pathname,
    renderCookies[COOKIE.cityId] ?? null,
    renderCookies[COOKIE.branch] ?? null,
    renderCookies[COOKIE.mobileApp] ?? null,
    isMobileAppMode('', request.userAgent),
    request.geoCity?.trim().toLowerCase() || null,
  ]);
  return { cacheable: true, renderCookies, key };
}

/** The cookie header the render gets: the key cookies only, in a fixed order. */
export function renderCookieHeader(renderCookies: Readonly<Record<string, string>>): string {
  return Object.entries(renderCookies)
    .map(([name, value]) => `${name}=${encodeURIComponent(value)}`)
    .join('; ');
}
