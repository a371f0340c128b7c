// SPEC §3 Compare state, §4 Other (compare), §9 Timings: the compare list is product ids in the
// comma-joined compareProducts cookie, shown grouped by category; the chosen category is kept in
// the compareActiveCategory cookie.
import { PAGE_SIZES, TIMINGS } from './constants.ts';
import { parseIdList, serializeIdList, toggleIdInList, type IdListToggle } from './favorites.ts';
import { parseNumericId } from './route-params.ts';

/**
 * The compare list keeps at most 20 products (the SPEC gives no limit). 20 is one
 * products-by-ids call (PAGE_SIZES.productsByIds), and more columns cannot be compared
 * anyway. Adding a 21st drops the oldest: the newest choice is what the visitor wants.
 */
export const COMPARE_LIMIT = PAGE_SIZES.productsByIds;

/** The compareActiveCategory cookie lives 12 × 30 days (SPEC §9 Timings). */
export const COMPARE_CATEGORY_COOKIE_MAX_AGE_S = TIMINGS.compareCategoryCookieMs / 1000;

/** Compare state of SPEC §3. `P` is whatever product shape the caller loads. */
export interface CompareState<P = unknown> {
  activeCategoryId: number | null;
  /** The 'show only different characteristics' toggle. */
  isShowDifferentCharacteristics: boolean;
  products: P[];
}

/** The compareProducts cookie as ids, oldest first (at most the newest 20). */
export function parseCompareCookie(cookieValue: string | null | undefined): number[] {
  return parseIdList(cookieValue, COMPARE_LIMIT);
}

/** Ids for the compareProducts cookie: '12,7,40'. */
export function serializeCompareCookie(ids: readonly number[]): string {
  return serializeIdList(ids, COMPARE_LIMIT);
}

/**
 * Adds the product to the end of the compare list or removes it. When the list already
 * holds 20, the oldest is dropped and reported in `dropped`, so the page can say so.
 */
export function toggleCompare(ids: readonly number[], id: number): IdListToggle {
  return toggleIdInList(ids, id, COMPARE_LIMIT);
}

export interface CompareProduct {
  id: number;
  categoryId: number;
  categoryName: string;
}

export interface CompareCategoryGroup {
  categoryId: number;
  categoryName: string;
  count: number;
  /** In compare-list order. */
  productIds: number[];
}

/**
 * Groups the compared products by category. Groups come in the order their first product
 * was added (`products` is in compare-list order, oldest first); a product listed twice
 * counts once.
 */
export function compareCategories(products: readonly CompareProduct[]): CompareCategoryGroup[] {
  const groups = new Map<number, CompareCategoryGroup>();
  const seen = new Set<number>();
  for (const product of products) {
    if (seen.has(product.id)) continue;
    seen.add(product.id);
    const group = groups.get(product.categoryId);
    if (group) {
      group.count += 1;
      group.productIds.push(product.id);
    } else {
      groups.set(product.categoryId, {
        categoryId: product.categoryId,
        categoryName: product.categoryName,
        count: 1,
        productIds: [product.id],
      });
    }
  }
  return [...groups.values()];
}

/**
 * The category to show: the one in the compareActiveCategory cookie if the list still has
 * it, else the first group. Null when nothing is compared.
 */
export function activeCompareCategory(
  groups: readonly Pick<CompareCategoryGroup, 'categoryId'>[],
  cookieValue: string | number | null | undefined,
): number | null {
  const wanted = typeof cookieValue === 'number' ? cookieValue : parseNumericId(cookieValue?.trim());
  if (wanted !== null && groups.some((group) => group.categoryId === wanted)) return wanted;
  return groups[0]?.categoryId ?? null;
}

export interface SpecificationItem {
  name: string;
  value: string | number | null;
}

// Values are compared as the eye reads them: trimmed, inner whitespace (no-break spaces
// included) collapsed, case ignored. '128 ГБ' equals '128  гб'. A blank value is the same as
// no value at all.
function normalizeValue(value: string | number | null): string {
  if (value === null) return '';
  return String(value).trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Names of the specifications whose values differ between the products, in the order they
 * are first met. A specification missing (or blank) on some product but present on another
 * counts as different. Names are matched exactly after trimming; if a product repeats a
 * name (the same name in two groups), all its values for that name are compared together,
 * in any order.
 * Fewer than 2 products give [] since nothing can differ.
 */
export function differingSpecifications(
  products: readonly { specifications: readonly SpecificationItem[] }[],
): string[] {
  if (products.length < 2) return [];
  const names: string[] = [];
  const perProduct = products.map((product) => {
    const values = new Map<string, string[]>();
    for (const spec of product.specifications) {
      const name = spec.name.trim();
      const value = normalizeValue(spec.value);
      if (name === '') continue;
      if (!names.includes(name)) names.push(name);
      if (value === '') continue;
      values.set(name, [...(values.get(name) ?? []), value]);
    }
    return values;
  });
  return names.filter((name) => {
    const keys = perProduct.map((values) => JSON.stringify([...(values.get(name) ?? [])].sort()));
    return keys.some((key) => key !== keys[0]);
  });
}

/**
 * The 'only different characteristics' toggle (SPEC §4 Other): disabled with fewer than 2
 * products or when nothing differs; active only when enabled and requested.
 */
export function onlyDifferencesState(input: { productCount: number; differingCount: number; requested: boolean }): {
  enabled: boolean;
  active: boolean;
} {
  const enabled = input.productCount >= 2 && input.differingCount > 0;
  return { enabled, active: enabled && input.requested };
}

/**
 * Makes `categoryId` the active category. A real change resets the 'show only different
 * characteristics' toggle (SPEC §4 Other); choosing the category already shown changes nothing.
 */
export function changeActiveCategory<P>(state: CompareState<P>, categoryId: number | null): CompareState<P> {
  if (state.activeCategoryId === categoryId) return state;
  return { ...state, activeCategoryId: categoryId, isShowDifferentCharacteristics: false };
}
