// SPEC §4 City and §2 "City and SEO on route change": which city a request uses.
// Pure and synchronous: the caller fetches the candidate cities first and passes them in.
import { DEFAULT_CITY_ALIAS } from './constants.ts';
import { searchParamsOf } from './paths.ts';
import { parseNumericId } from './route-params.ts';

/** What city resolution needs to know about a city. */
export interface CityInfo {
  id: number;
  alias: string;
  /** A city without delivery types cannot sell anything, so it is never selected. */
  deliveryTypeIds: readonly number[];
}

/** Already-fetched cities by alias; a miss (null/undefined) means the lookup failed. */
export type CityLookup = ReadonlyMap<string, CityInfo> | ((alias: string) => CityInfo | null | undefined);

export type CitySource = 'route' | 'cookie' | 'header' | 'default';

export interface CityCandidates {
  /** The {city} route parameter, if the route has one. */
  routeAlias?: string | null | undefined;
  /** The alias remembered in the city cookie. */
  cookieAlias?: string | null | undefined;
  /** The city the header (geo lookup) suggested. */
  headerCityAlias?: string | null | undefined;
  /** Fallback alias; it differs per site variant. Defaults to DEFAULT_CITY_ALIAS. */
  defaultAlias?: string | undefined;
}

export interface CityResolution {
  alias: string;
  /** The selected city; null only when even the default alias is not in the lookup. */
  city: CityInfo | null;
  source: CitySource;
  /** True when the chosen city was unusable: the caller rewrites the cookie to `alias`. */
  resetCookie: boolean;
}

function present(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

function lookUp(lookup: CityLookup, alias: string): CityInfo | null {
  return (typeof lookup === 'function' ? lookup(alias) : lookup.get(alias)) ?? null;
}

/**
 * Picks the city: the cookie, else the header city, else the default. A route city that
 * differs from the cookie alias wins. If the picked city is not found or has no delivery
 * types, the default is used and the cookie must be reset.
 */
export function resolveCity(candidates: CityCandidates, lookup: CityLookup): CityResolution {
  const defaultAlias = present(candidates.defaultAlias) ?? DEFAULT_CITY_ALIAS;
  const route = present(candidates.routeAlias);
  const cookie = present(candidates.cookieAlias);
  const header = present(candidates.headerCityAlias);

  let picked: { alias: string; source: Exclude<CitySource, 'default'> } | null = null;
  if (route !== null && route !== cookie) picked = { alias: route, source: 'route' };
  else if (cookie !== null) picked = { alias: cookie, source: 'cookie' };
  else if (header !== null) picked = { alias: header, source: 'header' };

  if (picked !== null) {
    const city = lookUp(lookup, picked.alias);
    if (city !== null && city.deliveryTypeIds.length > 0) {
      return { alias: city.alias, city, source: picked.source, resetCookie: false };
    }
  }
  // The default is the last resort: it is returned even if the lookup misses it.
  const fallback = lookUp(lookup, defaultAlias);
  return {
    alias: fallback?.alias ?? defaultAlias,
    city: fallback,
    source: 'default',
    resetCookie: picked !== null,
  };
}

export const CITY_ID_PARAM = 'city_id';

/**
 * The ?city_id=N value as a positive integer, or null when absent or malformed.
 * Accepts URLSearchParams, a query string ('?a=1') or a path/URL with a query.
 */
export function parseCityIdParam(search: URLSearchParams | string): number | null {
  return parseNumericId(searchParamsOf(search).get(CITY_ID_PARAM));
}

function decodeKey(rawKey: string): string {
  try {
    return decodeURIComponent(rawKey.replace(/\+/g, ' '));
  } catch {
    return rawKey;
  }
}

/**
 * `url` without every `name` parameter. Other parameters keep their exact encoding and
 * order, the hash is kept, and a query left empty loses its '?'.
 * '/shops?city_id=5&x=1#map' → '/shops?x=1#map'.
 */
export function stripQueryParam(url: string, name: string): string {
  const hashStart = url.indexOf('#');
  const hash = hashStart === -1 ? '' : url.slice(hashStart);
  const beforeHash = hashStart === -1 ? url : url.slice(0, hashStart);
  const queryStart = beforeHash.indexOf('?');
  if (queryStart === -1) return url;
  const base = beforeHash.slice(0, queryStart);
  const kept = beforeHash
    .slice(queryStart + 1)
    .split('&')
    .filter((pair) => pair !== '' && decodeKey(pair.split('=', 1)[0] ?? '') !== name);
  return `${base}${kept.length > 0 ? `?${kept.join('&')}` : ''}${hash}`;
}

export interface CityIdRedirect {
  /** The city to store in the cookie; null when the value was malformed (cookie untouched). */
  cityId: number | null;
  /** The same URL without city_id, to redirect to. */
  redirectTo: string;
}

/**
 * Start-up step 1: a URL carrying city_id sets the city cookie and is redirected to itself
 * without the parameter. A malformed value is still stripped so it cannot stick in the URL.
 * Null when the URL has no city_id at all.
 */
export function cityIdRedirect(url: string): CityIdRedirect | null {
  if (!searchParamsOf(url).has(CITY_ID_PARAM)) return null;
  return { cityId: parseCityIdParam(url), redirectTo: stripQueryParam(url, CITY_ID_PARAM) };
}
