// SPEC §4 Other: search history (session storage for guests, a 6-hour cookie when signed in).
import { SEARCH_HISTORY_LIMIT } from './constants.ts';

// Inner whitespace runs count as one space, so 'iphone  15' and 'iphone 15' are one query.
function normalizeQuery(text: string): string {
  return text.trim().replace(/\s+/g, ' ');
}

function sameQueryKey(text: string): string {
  return normalizeQuery(text).toLowerCase();
}

/**
 * History after searching for `text`: the query goes first (trimmed, inner spaces
 * collapsed), any earlier copy of it is removed case-insensitively, and only the newest
 * `limit` entries are kept (the oldest drops off). Blank text leaves the history as is.
 * Returns a new array; stored entries that are blank or duplicated are cleaned up too.
 */
export function addToSearchHistory(
  history: readonly string[],
  text: string,
  limit: number = SEARCH_HISTORY_LIMIT,
): string[] {
  if (!(limit >= 1)) return [];
  const query = normalizeQuery(text);
  const entries = query === '' ? [...history] : [query, ...history];
  const seen = new Set<string>();
  const result: string[] = [];
  for (const entry of entries) {
    const normalized = normalizeQuery(entry);
    const key = normalized.toLowerCase();
    if (normalized === '' || seen.has(key)) continue;
    seen.add(key);
    result.push(normalized);
    if (result.length >= limit) break;
  }
  return result;
}

/** True when `a` and `b` are the same history entry. */
export function isSameSearchQuery(a: string, b: string): boolean {
  return sameQueryKey(a) === sameQueryKey(b);
}
