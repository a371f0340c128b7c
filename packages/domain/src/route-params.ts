// Route parameter rules of SPEC §2. A path whose parameters fail these checks is a 404.

// Ids are positive integers in canonical form: no sign, no leading zeros, no '0'.
// One id therefore has exactly one URL ('/catalog/x/007/…' is not a second address of
// id 7). Every id of the store is a PostgreSQL integer, so an id above MAX_ID names nothing: it is
// refused here (a 404 page, a 422 from the API) instead of reaching the database (docs/decisions/0011).
const NUMERIC_ID = /^[1-9][0-9]{0,9}$/;

/** The largest id of any table (PostgreSQL `integer`, 2³¹ − 1). */
export const MAX_ID = 2_147_483_647;

/** True for a canonical positive integer id: '1', '224'. False for '', '0', '007', '+1', '1.0', '2147483648'. */
export function isNumericId(value: string): boolean {
  return NUMERIC_ID.test(value) && Number(value) <= MAX_ID;
}

/** The id as a number, or null when `value` is not a canonical positive id. */
export function parseNumericId(value: string | null | undefined): number | null {
  if (value == null || !isNumericId(value)) return null;
  return Number(value);
}

// Same canonical form as ids: 'page-1' is valid (a listing may link it), 'page-01' is not.
const PAGE_SEGMENT = /^page-([1-9][0-9]*)$/;

/** 'page-3' → 3; null for 'page-0', 'page-', 'page-abc', 'Page-2', 'page-01'. */
export function parsePageSegment(segment: string): number | null {
  const match = PAGE_SEGMENT.exec(segment);
  if (!match?.[1]) return null;
  const page = Number(match[1]);
  return Number.isSafeInteger(page) ? page : null;
}

/** True when `segment` is a page segment ('page-N'). */
export function isPageSegment(segment: string): boolean {
  return parsePageSegment(segment) !== null;
}

/** The page segment for page `n` (inverse of parsePageSegment). */
export function pageSegment(page: number): string {
  if (!Number.isSafeInteger(page) || page < 1) throw new RangeError(`Invalid page number: ${page}`);
  return `page-${page}`;
}

// Lowercase latin words joined by single hyphens: 'sankt-peterburg', 'nizhniy-novgorod'.
const CITY_ALIAS = /^[a-z]+(?:-[a-z]+)*$/;

/** City alias: lowercase latin letters and hyphens, no leading, trailing or doubled hyphen. */
export function isCityAlias(value: string): boolean {
  return CITY_ALIAS.test(value);
}

const BRAND_CODE = /^[A-Za-z0-9_.&-]+$/;

/**
 * Brand code: latin letters, digits, underscore, dot, ampersand and hyphen ('h&m',
 * 'dr.hauschka'). The segments '.' and '..' are rejected: browsers and servers resolve
 * them as relative path steps, so they can never reach the route intact.
 */
export function isBrandCode(value: string): boolean {
  return BRAND_CODE.test(value) && value !== '.' && value !== '..';
}

const SLUG = /^[A-Za-z0-9_-]+$/;

/** Generic code or slug (category code, series, model, tag alias, article slug). */
export function isSlug(value: string): boolean {
  return SLUG.test(value);
}

export const NEWS_TYPES = ['news', 'press'] as const;
export type NewsType = (typeof NEWS_TYPES)[number];

/** /news/{type}: only 'news' and 'press' (anything numeric is a news id instead). */
export function isNewsType(value: string): value is NewsType {
  return (NEWS_TYPES as readonly string[]).includes(value);
}
