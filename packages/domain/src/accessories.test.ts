import { describe, expect, it } from 'vitest';
import {
  NO_ACCESSORY_ACTION_ERRORS,
  accessoryActionErrorFlags,
  accessoryPricePercent,
  brandedWarrantyCreditAllowed,
  bundleItems,
  bundleWording,
  exceedsInstallmentLimit,
  insertWarranties,
  selectWarranty,
  showsBundle,
  warrantyPositions,
} from './accessories.ts';

// Row: accessory count 0..10; column: warranty count 1..5. A accessory, W warranty.
const LAYOUTS: readonly (readonly string[])[] = [
  ['W', 'WW', 'WWW', 'WWWW', 'WWWWW'], // 0
  ['AW', 'AWW', 'AWWW', 'AWWWW', 'AWWWWW'], // 1
  ['AAW', 'AAWW', 'AAWWW', 'AAWWWW', 'AAWWWWW'], // 2
  ['AAWA', 'AAWAW', 'AAWAWW', 'AAWAWWW', 'AAWAWWWW'], // 3
  ['AAWAA', 'AAWAAW', 'AAWAAWW', 'AAWAAWWW', 'AAWAAWWWW'], // 4
  ['AAWAAA', 'AAWAAWA', 'AAWAAWAW', 'AAWAAWAWW', 'AAWAAWAWWW'], // 5
  ['AAWAAAA', 'AAWAAWAA', 'AAWAAWAAW', 'AAWAAWAAWW', 'AAWAAWAAWWW'], // 6
  ['AAWAAAAA', 'AAWAAWAAA', 'AAWAAWAAWA', 'AAWAAWAAWAW', 'AAWAAWAAWAWW'], // 7
  ['AAWAAAAAA', 'AAWAAWAAAA', 'AAWAAWAAWAA', 'AAWAAWAAWAAW', 'AAWAAWAAWAAWW'], // 8
  ['AAWAAAAAAA', 'AAWAAWAAAAA', 'AAWAAWAAWAAA', 'AAWAAWAAWAAWA', 'AAWAAWAAWAAWAW'], // 9
  ['AAWAAAAAAAA', 'AAWAAWAAAAAA', 'AAWAAWAAWAAAA', 'AAWAAWAAWAAWAA', 'AAWAAWAAWAAWAAW'], // 10
];

const accessoriesOf = (n: number) => Array.from({ length: n }, (_, i) => `a${i + 1}`);
const warrantiesOf = (n: number) => Array.from({ length: n }, (_, i) => `w${i + 1}`);

describe('insertWarranties', () => {
  for (let accessoryCount = 0; accessoryCount <= 10; accessoryCount++) {
    for (let warrantyCount = 1; warrantyCount <= 5; warrantyCount++) {
      const layout = LAYOUTS[accessoryCount]![warrantyCount - 1]!;
      it(`${accessoryCount} accessories + ${warrantyCount} warranties → ${layout}`, () => {
        const merged = insertWarranties(accessoriesOf(accessoryCount), warrantiesOf(warrantyCount));
        expect(merged.map((item) => item[0]!.toUpperCase()).join('')).toBe(layout);
        // Both lists keep their own order, nothing is lost or duplicated.
        expect(merged.filter((item) => item.startsWith('a'))).toEqual(accessoriesOf(accessoryCount));
        expect(merged.filter((item) => item.startsWith('w'))).toEqual(warrantiesOf(warrantyCount));
        expect(warrantyPositions(accessoryCount, warrantyCount)).toEqual(
          [...layout].flatMap((letter, index) => (letter === 'W' ? [index] : [])),
        );
      });
    }
  }

  it('puts warranties at the 3rd, 6th and 9th places while accessories last', () => {
    expect(warrantyPositions(10, 3)).toEqual([2, 5, 8]);
    expect(insertWarranties(accessoriesOf(6), warrantiesOf(2))).toEqual([
      'a1',
      'a2',
      'w1',
      'a3',
      'a4',
      'w2',
      'a5',
      'a6',
    ]);
  });

  it('appends leftover warranties at the end, in order', () => {
    expect(insertWarranties(accessoriesOf(3), warrantiesOf(3))).toEqual(['a1', 'a2', 'w1', 'a3', 'w2', 'w3']);
    expect(warrantyPositions(3, 3)).toEqual([2, 4, 5]);
  });

  it('leaves the accessories alone without warranties', () => {
    expect(insertWarranties(accessoriesOf(4), [])).toEqual(accessoriesOf(4));
    expect(insertWarranties([], [])).toEqual([]);
    expect(warrantyPositions(5, 0)).toEqual([]);
  });

  it('does not change its inputs', () => {
    const accessories = accessoriesOf(4);
    const warranties = warrantiesOf(2);
    insertWarranties(accessories, warranties);
    expect(accessories).toEqual(accessoriesOf(4));
    expect(warranties).toEqual(warrantiesOf(2));
  });

  it('treats invalid counts as 0', () => {
    expect(warrantyPositions(-3, 2)).toEqual([0, 1]);
    expect(warrantyPositions(Number.NaN, 1)).toEqual([0]);
    expect(warrantyPositions(4, -1)).toEqual([]);
  });
});

describe('selectWarranty', () => {
  const warranties = [100, 200, 300];

  it('selects a warranty when none is selected, keeping other accessories', () => {
    expect(selectWarranty([1, 2], 100, warranties)).toEqual([1, 2, 100]);
    expect(selectWarranty([], 200, warranties)).toEqual([200]);
  });

  it('replaces the selected warranty with another', () => {
    expect(selectWarranty([1, 100, 2], 200, warranties)).toEqual([1, 2, 200]);
  });

  it('deselects the selected warranty when chosen again', () => {
    expect(selectWarranty([1, 100, 2], 100, warranties)).toEqual([1, 2]);
    expect(selectWarranty([100], 100, warranties)).toEqual([]);
  });

  it('never leaves more than one warranty, even from a broken selection', () => {
    expect(selectWarranty([100, 200, 1], 300, warranties)).toEqual([1, 300]);
    expect(selectWarranty([100, 200, 1], 100, warranties)).toEqual([1]);
  });

  it('treats the chosen id as a warranty even if the list lacks it', () => {
    expect(selectWarranty([1, 100], 400, warranties)).toEqual([1, 400]);
    expect(selectWarranty([1, 400], 400, warranties)).toEqual([1]);
  });

  it('collapses duplicate ids', () => {
    expect(selectWarranty([1, 1, 2], 100, warranties)).toEqual([1, 2, 100]);
  });
});

describe('bundleWording', () => {
  it("words bundle sizes with 'товаров' after 2 and 3", () => {
    expect(bundleWording(2)).toBe('Комплект из 2\u00A0товаров');
    expect(bundleWording(3)).toBe('Комплект из 3\u00A0товаров');
  });

  it("uses 'товара' only after numbers ending in 1 except 11", () => {
    expect(bundleWording(1)).toBe('Комплект из 1\u00A0товара');
    expect(bundleWording(21)).toBe('Комплект из 21\u00A0товара');
    expect(bundleWording(101)).toBe('Комплект из 101\u00A0товара');
    for (const n of [0, 4, 5, 11, 12, 14, 22, 111]) expect(bundleWording(n)).toBe(`Комплект из ${n}\u00A0товаров`);
  });

  it('rejects counts that are not non-negative integers', () => {
    for (const n of [-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) expect(() => bundleWording(n)).toThrow(RangeError);
  });
});

describe('bundleItems', () => {
  it('is the main product plus at most 2 accessories', () => {
    expect(bundleItems('main', ['a', 'b', 'c', 'd'])).toEqual(['main', 'a', 'b']);
    expect(bundleItems('main', ['a', 'b'])).toEqual(['main', 'a', 'b']);
    expect(bundleItems('main', ['a'])).toEqual(['main', 'a']);
    expect(bundleItems('main', [])).toEqual(['main']);
  });

  it('fits the wording: 3 products at most', () => {
    expect(bundleWording(bundleItems('main', ['a', 'b', 'c']).length)).toBe('Комплект из 3\u00A0товаров');
  });
});

describe('showsBundle', () => {
  it('hides the bundle on a load failure or without accessories', () => {
    expect(showsBundle({ loadFailed: false, accessoryCount: 2 })).toBe(true);
    expect(showsBundle({ loadFailed: true, accessoryCount: 2 })).toBe(false);
    expect(showsBundle({ loadFailed: false, accessoryCount: 0 })).toBe(false);
  });
});

describe('exceedsInstallmentLimit', () => {
  it('exceeds when the price is more than the limit minus the current total', () => {
    expect(exceedsInstallmentLimit({ accessoryPrice: 300_01, limit: 1000_00, currentTotal: 700_00 })).toBe(true);
  });

  it('does not exceed at exactly the remainder or below', () => {
    expect(exceedsInstallmentLimit({ accessoryPrice: 300_00, limit: 1000_00, currentTotal: 700_00 })).toBe(false);
    expect(exceedsInstallmentLimit({ accessoryPrice: 1_00, limit: 1000_00, currentTotal: 0 })).toBe(false);
  });

  it('once the total is over the limit any accessory exceeds, a free one too', () => {
    expect(exceedsInstallmentLimit({ accessoryPrice: 0, limit: 1000_00, currentTotal: 1000_01 })).toBe(true);
    expect(exceedsInstallmentLimit({ accessoryPrice: 0, limit: 1000_00, currentTotal: 1000_00 })).toBe(false);
  });

  it('never exceeds a missing or infinite limit', () => {
    for (const limit of [null, undefined, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(exceedsInstallmentLimit({ accessoryPrice: 1e9, limit, currentTotal: 1e9 })).toBe(false);
    }
  });
});

describe('accessoryPricePercent', () => {
  it('is the share of priceFrom, unrounded', () => {
    expect(accessoryPricePercent(2500, 10000)).toBe(25);
    expect(accessoryPricePercent(1, 3)).toBeCloseTo(33.333, 3);
    expect(accessoryPricePercent(9960, 10000)).toBeCloseTo(99.6, 10);
  });

  it('is capped at 100', () => {
    expect(accessoryPricePercent(10000, 10000)).toBe(100);
    expect(accessoryPricePercent(25000, 10000)).toBe(100);
  });

  it('is 0 for a zero, negative or missing priceFrom', () => {
    for (const priceFrom of [0, -100, null, undefined, Number.NaN])
      expect(accessoryPricePercent(500, priceFrom)).toBe(0);
  });

  it('is 0 for no accessories and never negative', () => {
    expect(accessoryPricePercent(0, 10000)).toBe(0);
    expect(accessoryPricePercent(null, 10000)).toBe(0);
    expect(accessoryPricePercent(-500, 10000)).toBe(0);
  });
});

describe('brandedWarrantyCreditAllowed', () => {
  const ok = {
    isCreditAction: true,
    hasSpecialWarranty: true,
    brandMatches: true,
    categoryMatches: true,
    warrantySelected: true,
  };

  it('allows instalment when brand, category and a selected warranty all match', () => {
    expect(brandedWarrantyCreditAllowed(ok)).toBe(true);
  });

  it('refuses it when any of the three is missing', () => {
    expect(brandedWarrantyCreditAllowed({ ...ok, brandMatches: false })).toBe(false);
    expect(brandedWarrantyCreditAllowed({ ...ok, categoryMatches: false })).toBe(false);
    expect(brandedWarrantyCreditAllowed({ ...ok, warrantySelected: false })).toBe(false);
  });

  it('does not restrict actions that are not credit actions with the special warranty', () => {
    const nothing = { brandMatches: false, categoryMatches: false, warrantySelected: false };
    expect(brandedWarrantyCreditAllowed({ ...nothing, isCreditAction: false, hasSpecialWarranty: true })).toBe(true);
    expect(brandedWarrantyCreditAllowed({ ...nothing, isCreditAction: true, hasSpecialWarranty: false })).toBe(true);
  });
});

describe('accessoryActionErrorFlags', () => {
  it('starts with no errors', () => {
    expect(NO_ACCESSORY_ACTION_ERRORS).toEqual({ instalment: false, bankInstalment: false });
    expect(accessoryActionErrorFlags(null, 'instalment', false)).toEqual({ instalment: false, bankInstalment: false });
  });

  it('sets only the failed kind', () => {
    expect(accessoryActionErrorFlags(undefined, 'instalment', true)).toEqual({
      instalment: true,
      bankInstalment: false,
    });
    expect(accessoryActionErrorFlags(NO_ACCESSORY_ACTION_ERRORS, 'bankInstalment', true)).toEqual({
      instalment: false,
      bankInstalment: true,
    });
  });

  it('keeps the other kind and clears a kind on success', () => {
    const both = accessoryActionErrorFlags({ instalment: true, bankInstalment: false }, 'bankInstalment', true);
    expect(both).toEqual({ instalment: true, bankInstalment: true });
    expect(accessoryActionErrorFlags(both, 'instalment', false)).toEqual({ instalment: false, bankInstalment: true });
  });

  it('does not change the previous flags', () => {
    const previous = { instalment: false, bankInstalment: false };
    accessoryActionErrorFlags(previous, 'instalment', true);
    expect(previous).toEqual({ instalment: false, bankInstalment: false });
  });
});
