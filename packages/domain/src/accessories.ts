// SPEC §3 Accessory promotion, §4 Accessories, §8 (accessory action and bundle failures),
// §9 Accessories: warranties mixed into the accessory list, the single warranty choice, the bundle,
// and the instalment limits of accessory promotions.
import { ACCESSORY_LIMITS } from './constants.ts';
import { PLURAL, type PluralForms } from './plural.ts';
import { NBSP, pluralize } from './price.ts';

/**
 * Indexes (0-based, in the merged list) that the warranties take when `warrantyCount` warranties
 * are inserted into `accessoryCount` accessories (SPEC §9: "at every third position, starting after
 * 2 items"). Warranty i goes to index 2 + 3i (the 3rd, 6th, 9th … place), so the list reads
 * A A W A A W A A W …, while there are enough accessories to fill the two places before it.
 *
 * Leftovers: once the accessories run out, the remaining warranties are appended at the end in
 * their order, so no warranty the server offered is lost (this is exactly what inserting each
 * warranty with `splice(2 + 3i, 0, w)` does). The formula is index = min(2 + 3i, accessoryCount + i).
 *
 * accessories \ warranties: 1 / 2 / 3 (A accessory, W warranty)
 * - 0: W / WW / WWW
 * - 1: AW / AWW / AWWW
 * - 2: AAW / AAWW / AAWWW
 * - 3: AAWA / AAWAW / AAWAWW
 * - 4: AAWAA / AAWAAW / AAWAAWW
 * - 5: AAWAAA / AAWAAWA / AAWAAWAW
 * - 6: AAWAAAA / AAWAAWAA / AAWAAWAAW
 * The full table for 0..10 accessories and 1..5 warranties is in accessories.test.ts.
 */
export function warrantyPositions(accessoryCount: number, warrantyCount: number): number[] {
  const { warrantyEvery, warrantyStartAfter } = ACCESSORY_LIMITS;
  const accessories = Math.max(0, Math.trunc(accessoryCount) || 0);
  const warranties = Math.max(0, Math.trunc(warrantyCount) || 0);
  return Array.from({ length: warranties }, (_, i) =>
    Math.min(warrantyStartAfter + warrantyEvery * i, accessories + i),
  );
}

/** The accessory list with the warranties inserted per warrantyPositions. The inputs are not changed. */
export function insertWarranties<A, W>(accessories: readonly A[], warranties: readonly W[]): (A | W)[] {
  const result: (A | W)[] = [...accessories];
  const positions = warrantyPositions(accessories.length, warranties.length);
  warranties.forEach((warranty, i) => result.splice(positions[i]!, 0, warranty));
  return result;
}

/**
 * Selecting a warranty accessory (SPEC §4 Accessories): only one warranty can be selected at a time.
 * - Selecting a warranty that is not selected adds it (at the end) and removes every other warranty.
 * - Selecting the selected warranty again deselects it.
 * - Non-warranty accessories in the selection are kept as they are.
 * `warrantyId` is treated as a warranty even if `warrantyIds` lacks it; the result never holds more
 * than one warranty even if the given selection did. Duplicate ids are collapsed.
 */
export function selectWarranty(
  selectedIds: readonly number[],
  warrantyId: number,
  warrantyIds: readonly number[],
): number[] {
  const wasSelected = selectedIds.includes(warrantyId);
  const isWarranty = (id: number) => id === warrantyId || warrantyIds.includes(id);
  const kept = [...new Set(selectedIds.filter((id) => !isWarranty(id)))];
  return wasSelected ? kept : [...kept, warrantyId];
}

/**
 * The count word after 'из' is in the genitive, which has exactly the two forms the SPEC names:
 * 'товара' after 1, 21, 31 … (not 11) and 'товаров' after everything else.
 */
export const BUNDLE_COUNT_FORMS: PluralForms = PLURAL.productGenitive;

/**
 * The bundle title for `itemCount` products in it, main product included (SPEC §9: "the count is
 * worded 'товара' or 'товаров'"): 'Комплект из 3 товаров', 'Комплект из 2 товаров',
 * 'Комплект из 21 товара'. The number and the word are joined by a no-break space, like formatHours.
 * A count that is not a non-negative integer throws a RangeError.
 */
export function bundleWording(itemCount: number): string {
  if (!Number.isSafeInteger(itemCount) || itemCount < 0) throw new RangeError(`Invalid bundle size: ${itemCount}`);
  return `Комплект из ${itemCount}${NBSP}${pluralize(itemCount, BUNDLE_COUNT_FORMS)}`;
}

/** The bundle: the main product then at most 2 accessories (SPEC §9), in the given order. */
export function bundleItems<P>(main: P, accessories: readonly P[]): P[] {
  return [main, ...accessories.slice(0, ACCESSORY_LIMITS.bundleMaxAccessories)];
}

/**
 * A bundle shows only when it loaded and has at least one accessory to go with the main product
 * (SPEC §4: "A bundle load failure hides the bundle").
 */
export function showsBundle(input: { loadFailed: boolean; accessoryCount: number }): boolean {
  return !input.loadFailed && input.accessoryCount > 0;
}

/**
 * An accessory exceeds the instalment limit if its price is more than the limit minus the current
 * total (SPEC §4 Accessories); exactly the remainder still fits. Read literally, once the total is
 * over the limit every accessory exceeds it, a free one included. A missing or non-finite limit means
 * no limit. Money in kopecks.
 */
export function exceedsInstallmentLimit(input: {
  accessoryPrice: number;
  limit: number | null | undefined;
  currentTotal: number;
}): boolean {
  const { accessoryPrice, limit, currentTotal } = input;
  if (limit == null || !Number.isFinite(limit)) return false;
  return accessoryPrice > limit - currentTotal;
}

/**
 * The share of the accessory promotion's starting price (priceFrom) reached by the accessories
 * (priceOfAccessories), in percent, capped at 100 (SPEC §9) and never below 0. 0 when priceFrom is
 * zero, negative or missing. Not rounded, so a progress bar moves smoothly and 99.6 % never shows
 * as complete; round for text.
 */
export function accessoryPricePercent(
  priceOfAccessories: number | null | undefined,
  priceFrom: number | null | undefined,
): number {
  if (priceFrom == null || !Number.isFinite(priceFrom) || priceFrom <= 0) return 0;
  if (priceOfAccessories == null || !Number.isFinite(priceOfAccessories) || priceOfAccessories <= 0) return 0;
  return Math.min(ACCESSORY_LIMITS.maxPercent, (priceOfAccessories / priceFrom) * 100);
}

/**
 * Instalment with the special branded warranty (SPEC §4 Accessories): a credit-type action that has
 * the special branded warranty allows instalment only for the particular brand, the particular
 * category, and with a warranty accessory selected. Any other action is not restricted by this rule.
 */
export function brandedWarrantyCreditAllowed(input: {
  isCreditAction: boolean;
  hasSpecialWarranty: boolean;
  brandMatches: boolean;
  categoryMatches: boolean;
  warrantySelected: boolean;
}): boolean {
  if (!input.isCreditAction || !input.hasSpecialWarranty) return true;
  return input.brandMatches && input.categoryMatches && input.warrantySelected;
}

/** The two accessory actions whose failures are flagged separately (SPEC §4, §8). */
export type AccessoryActionKind = 'instalment' | 'bankInstalment';
export type AccessoryActionErrors = Readonly<Record<AccessoryActionKind, boolean>>;

export const NO_ACCESSORY_ACTION_ERRORS: AccessoryActionErrors = { instalment: false, bankInstalment: false };

/**
 * The error flags after loading the `kind` action: a failure sets that kind's flag, a success clears
 * it; the other kind's flag is kept. No previous flags means none set.
 */
export function accessoryActionErrorFlags(
  previous: AccessoryActionErrors | null | undefined,
  kind: AccessoryActionKind,
  failed: boolean,
): AccessoryActionErrors {
  return { ...NO_ACCESSORY_ACTION_ERRORS, ...previous, [kind]: failed };
}
