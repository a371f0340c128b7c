// Addresses of a listing (SPEC §2, §4 Filters): the page number lives in the path (page-N, none for
// page 1), filters and sort in the query exactly as the API takes them. Shared by server and browser.
import {
  DEFAULT_SORT,
  isFilterParam,
  isPageSegment,
  pageSegment,
  parseFilterQuery,
  withFilters,
  type FilterDependents,
  type FilterSelection,
  type SortKind,
} from '@store/domain';

/** '/catalog/smartfony/224/page-3' → '/catalog/smartfony/224'; a trailing slash is dropped. */
export function listingBasePath(pathname: string): string {
  const segments = pathname.split('/').filter((s) => s !== '');
  if (segments.length > 0 && isPageSegment(segments.at(-1)!)) segments.pop();
  return `/${segments.join('/')}`;
}

/**
 * `path?query` with the filter brackets left readable (filter[brand][]=1, not filter%5Bbrand%5D…):
 * both forms mean the same to the server and the browser.
 */
export function withQuery(path: string, params: URLSearchParams): string {
  const query = params.toString().replace(/%5B/gi, '[').replace(/%5D/gi, ']');
  return query ? `${path}?${query}` : path;
}

/** The address of page `page`, keeping the query (filters, sort, q); page 1 has no page segment. */
export function pageHref(basePath: string, page: number, search: URLSearchParams | string): string {
  const params = new URLSearchParams(search);
  params.delete('page');
  const path = page > 1 ? `${basePath === '/' ? '' : basePath}/${pageSegment(page)}` : basePath;
  return withQuery(path, params);
}

/**
 * The canonical query of a listing: filters cleaned and in the one stable order of the domain
 * (invalid or empty ones dropped), no `page` (it is in the path), no default sort, no blank q.
 */
export function canonicalListingQuery(search: URLSearchParams | string, kind: SortKind): URLSearchParams {
  const params = new URLSearchParams(search);
  const { selection } = parseFilterQuery(params);
  params.delete('page');
  const sort = params.get('order_by');
  if (sort !== null && (sort.trim() === '' || sort.trim() === DEFAULT_SORT[kind])) params.delete('order_by');
  for (const key of ['q', 'query']) if (params.has(key) && params.get(key)!.trim() === '') params.delete(key);
  return withFilters(params, selection);
}

/** Filter codes that depend on each code, from the API's parent_code. */
export function filterDependents(filters: readonly { code: string; parent_code: string | null }[]): FilterDependents {
  const out: Record<string, string[]> = {};
  for (const f of filters) if (f.parent_code) (out[f.parent_code] ??= []).push(f.code);
  return out;
}

/** Drops selections of dependent filters whose parent has nothing selected (SPEC §4 Filters). */
export function withoutOrphanDependents(
  selection: FilterSelection,
  filters: readonly { code: string; parent_code: string | null }[],
): FilterSelection {
  const parentOf = new Map(filters.map((f) => [f.code, f.parent_code]));
  const isSelected = (code: string): boolean => Object.hasOwn(selection, code);
  const keep = (code: string): boolean => {
    const parent = parentOf.get(code);
    // Walk up: a chain brand → series → model needs every ancestor chosen.
    return !parent || (isSelected(parent) && keep(parent));
  };
  return Object.fromEntries(Object.entries(selection).filter(([code]) => keep(code)));
}

/** The listing address with another selection: back to page 1 (changing filters resets the page). */
export function filtersHref(basePath: string, search: URLSearchParams | string, selection: FilterSelection): string {
  const params = withFilters(new URLSearchParams(search), selection);
  params.delete('page');
  return withQuery(basePath, params);
}

/** The listing address sorted by `code` (the default sort leaves order_by out); page 1. */
export function sortHref(basePath: string, search: URLSearchParams | string, code: string, kind: SortKind): string {
  const params = new URLSearchParams(search);
  params.delete('page');
  if (code === DEFAULT_SORT[kind]) params.delete('order_by');
  else params.set('order_by', code);
  return withQuery(basePath, params);
}

/** True when the query narrows or reorders the listing (its canonical address is then the bare path). */
export function hasListingModifiers(search: URLSearchParams | string): boolean {
  const params = new URLSearchParams(search);
  return params.has('order_by') || [...params.keys()].some(isFilterParam);
}

/** The query without filters ('Сбросить все'), keeping sort and search text. */
export function withoutFilters(search: URLSearchParams | string): URLSearchParams {
  return withFilters(new URLSearchParams(search), {});
}

/** Page links of a list paged by `?page=N` (news, review articles): page 1 is the bare path. */
export function queryPageHref(path: string): (page: number) => string {
  return (page) => (page > 1 ? `${path}?page=${page}` : path);
}
