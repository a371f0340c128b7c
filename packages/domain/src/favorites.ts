// SPEC §3 Favorites, §4 Other: favourite product ids kept in the comma-joined favoriteProducts cookie.
// The id-list helpers here are shared with the compare list (compareProducts cookie).
import { parseNumericId } from './route-params.ts';

/**
 * The favourites list keeps at most this many ids. 200 ids of up to 8 digits plus commas
 * stay under 2 KB, well inside the 4 KB a browser allows per cookie (the SPEC gives no limit).
 */
export const FAVORITES_LIMIT = 200;

/** Default cap of the comma-joined id cookies. */
export const ID_LIST_LIMIT = FAVORITES_LIMIT;

// Lists are kept oldest first: an added id goes to the end. So "keep the newest `limit`"
// always means "keep the last `limit`", in parsing, serialising and toggling alike.
function keepNewest(ids: number[], limit: number): number[] {
  if (!(limit >= 1)) return [];
  return ids.length > limit ? ids.slice(ids.length - Math.floor(limit)) : ids;
}

function isProductId(id: number): boolean {
  return Number.isSafeInteger(id) && id > 0;
}

function cleanIds(ids: readonly number[]): number[] {
  const seen = new Set<number>();
  const result: number[] = [];
  for (const id of ids) {
    if (!isProductId(id) || seen.has(id)) continue;
    seen.add(id);
    result.push(id);
  }
  return result;
}

/**
 * '12,7,12, 40' → [12, 7, 40]. Positive integer ids in canonical form only ('0', '-1',
 * '1.5', '007', 'abc' and blanks are skipped), de-duplicated with the first position kept,
 * order otherwise kept, and at most `limit` ids (the newest, i.e. the last ones, win).
 * A still URL-encoded value ('1%2C2') is read too, since cookies are written URL-encoded.
 */
export function parseIdList(cookieValue: string | null | undefined, limit: number = ID_LIST_LIMIT): number[] {
  if (!cookieValue) return [];
  const ids = cookieValue
    .replace(/%2C/gi, ',')
    .split(',')
    .map((part) => parseNumericId(part.trim()))
    .filter((id): id is number => id !== null);
  return keepNewest(cleanIds(ids), limit);
}

/** [12, 7, 40] → '12,7,40'. Invalid and repeated ids are left out; at most `limit` (the newest). */
export function serializeIdList(ids: readonly number[], limit: number = ID_LIST_LIMIT): string {
  return keepNewest(cleanIds(ids), limit).join(',');
}

export interface IdListToggle {
  ids: number[];
  /** True when `id` was added, false when it was removed. */
  added: boolean;
  /** Ids pushed out (oldest first) because the list was full. */
  dropped: number[];
}

/**
 * Adds `id` to the end of the list, or removes it when present. When an add goes past
 * `limit`, the oldest ids drop off the front. Invalid or repeated ids in `ids` are cleaned
 * up. Throws a RangeError for an `id` that is not a positive safe integer.
 */
export function toggleIdInList(ids: readonly number[], id: number, limit: number): IdListToggle {
  if (!isProductId(id)) throw new RangeError(`Invalid product id: ${id}`);
  const clean = cleanIds(ids);
  if (clean.includes(id)) return { ids: clean.filter((x) => x !== id), added: false, dropped: [] };
  const next = [...clean, id];
  const kept = keepNewest(next, limit);
  return { ids: kept, added: kept.includes(id), dropped: next.slice(0, next.length - kept.length) };
}

/**
 * Toggles a favourite (SPEC §4 Other). `added` tells the caller to fire the analytics
 * goal, which only an add does. Past 200 favourites the oldest is dropped.
 */
export function toggleFavorite(ids: readonly number[], id: number): { ids: number[]; added: boolean } {
  const { ids: next, added } = toggleIdInList(ids, id, FAVORITES_LIMIT);
  return { ids: next, added };
}

/**
 * §4 Start-up: at sign-in the ids kept in a cookie join the account's list. The account's ids come
 * first (older), the cookie's new ones after them; repeats are dropped and the newest `limit` kept.
 */
export function mergeIdLists(
  account: readonly number[],
  cookie: readonly number[],
  limit: number = ID_LIST_LIMIT,
): number[] {
  return keepNewest(cleanIds([...account, ...cookie]), limit);
}
