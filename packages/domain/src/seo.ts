// SPEC §2 City and SEO on route change, §7 Search and SEO (GET /v3/seo).
import { pathSegments, pathnameOf, searchParamsOf } from './paths.ts';

/**
 * The account area: a path with an 'account' segment. Segment-aware on purpose, so a
 * catalogue code such as '/catalog/accounting-software/…' is not mistaken for it.
 */
export function isAccountPath(path: string): boolean {
  return pathSegments(path).includes('account');
}

// '/shops/' and '/shops' are the same page for the router; query and hash are not the path.
function comparablePath(path: string): string {
  const pathname = pathnameOf(path);
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

/**
 * Whether a route change requests page SEO data: not when the path is unchanged (a
 * query- or hash-only change) and not in the account area. `prevPath` is null on the
 * first render.
 */
export function shouldRequestSeo(prevPath: string | null | undefined, nextPath: string): boolean {
  if (isAccountPath(nextPath)) return false;
  return prevPath == null || comparablePath(prevPath) !== comparablePath(nextPath);
}

export const SEO_ENDPOINT = '/v3/seo';

/** The search text of a route: `query`, else `q`; trimmed; null when blank. */
export function seoSearchText(search: URLSearchParams | string): string | null {
  const params = searchParamsOf(search);
  for (const key of ['query', 'q']) {
    const value = params.get(key)?.trim();
    if (value) return value;
  }
  return null;
}

export interface SeoLookupParams {
  url: string;
  query?: string;
}

/**
 * Parameters of the SEO lookup: the pathname as `url`, plus the search text as `query`
 * when the route has `query` or `q`. `searchParams` defaults to the query of `path`.
 */
export function seoLookupParams(path: string, searchParams?: URLSearchParams | string): SeoLookupParams {
  const text = seoSearchText(searchParams ?? path);
  const url = pathnameOf(path);
  return text === null ? { url } : { url, query: text };
}

/** '/v3/seo?url=%2Fsearch&query=iphone' for /search?query=iphone. */
export function seoLookupUrl(path: string, searchParams?: URLSearchParams | string): string {
  const params = seoLookupParams(path, searchParams);
  const query = new URLSearchParams({ url: params.url });
  if (params.query !== undefined) query.set('query', params.query);
  return `${SEO_ENDPOINT}?${query.toString()}`;
}

export type RedirectCode = 301 | 302 | 303 | 307 | 308;

export const DEFAULT_SEO_REDIRECT_CODE: RedirectCode = 301;

const REDIRECT_CODES: readonly number[] = [301, 302, 303, 307, 308];

export interface SeoRedirect {
  url: string;
  code: RedirectCode;
}

/** The part of a /v3/seo answer that carries a redirect. */
export interface SeoRedirectSource {
  redirect?: { url?: string | null; code?: number | string | null } | null;
}

/**
 * The redirect an SEO answer asks for, or null when it has none (then the SEO data is
 * stored). The code defaults to 301; a missing or non-redirect code ('200', 404) becomes
 * 301 too, since the server clearly meant to redirect.
 */
export function seoRedirect(response: SeoRedirectSource | null | undefined): SeoRedirect | null {
  const redirect = response?.redirect;
  const url = typeof redirect?.url === 'string' ? redirect.url.trim() : '';
  if (url === '') return null;
  const code = Number(redirect?.code);
  return {
    url,
    code: REDIRECT_CODES.includes(code) ? (code as RedirectCode) : DEFAULT_SEO_REDIRECT_CODE,
  };
}
