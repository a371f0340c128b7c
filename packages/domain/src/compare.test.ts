import { describe, expect, it } from 'vitest';
import {
  COMPARE_CATEGORY_COOKIE_MAX_AGE_S,
  COMPARE_LIMIT,
  activeCompareCategory,
  changeActiveCategory,
  compareCategories,
  differingSpecifications,
  onlyDifferencesState,
  parseCompareCookie,
  serializeCompareCookie,
  toggleCompare,
  type CompareState,
} from './compare.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('compare constants', () => {
  it('keeps the category cookie 12 × 30 days and the list at 20', () => {
    expect(COMPARE_CATEGORY_COOKIE_MAX_AGE_S).toBe(12 * 30 * 24 * 60 * 60);
    expect(COMPARE_CATEGORY_COOKIE_MAX_AGE_S).toBe(31_104_000);
    expect(Number.isInteger(COMPARE_CATEGORY_COOKIE_MAX_AGE_S)).toBe(true);
    expect(COMPARE_LIMIT).toBe(20);
  });
});

describe('toggleCompare', () => {
  it('adds at the end and removes a present id', () => {
    expect(toggleCompare([1, 2], 3)).toEqual({ ids: [1, 2, 3], added: true, dropped: [] });
    expect(toggleCompare([1, 2, 3], 2)).toEqual({ ids: [1, 3], added: false, dropped: [] });
  });

  it('drops the oldest when a 21st product is added', () => {
    const next = toggleCompare(range(1, 20), 21);
    expect(next.ids).toEqual(range(2, 21));
    expect(next.dropped).toEqual([1]);
    expect(next.added).toBe(true);
  });

  it('removing from a full list drops nothing', () => {
    expect(toggleCompare(range(1, 20), 5).ids).toEqual(range(1, 20).filter((id) => id !== 5));
  });

  it('rejects invalid ids', () => {
    expect(() => toggleCompare([], 0)).toThrow(RangeError);
  });
});

describe('compare cookie', () => {
  it('reads and writes comma-joined ids', () => {
    expect(parseCompareCookie('4,2,4,x,9')).toEqual([4, 2, 9]);
    expect(serializeCompareCookie([4, 2, 9])).toBe('4,2,9');
    expect(parseCompareCookie(undefined)).toEqual([]);
  });

  it('keeps the newest 20', () => {
    expect(parseCompareCookie(range(1, 25).join(','))).toEqual(range(6, 25));
    expect(serializeCompareCookie(range(1, 25))).toBe(range(6, 25).join(','));
  });
});

describe('compareCategories', () => {
  const phone = (id: number) => ({ id, categoryId: 224, categoryName: 'Смартфоны' });
  const tv = (id: number) => ({ id, categoryId: 5, categoryName: 'Телевизоры' });

  it('groups in first-added order with counts', () => {
    expect(compareCategories([tv(1), phone(2), tv(3), phone(4), tv(5)])).toEqual([
      { categoryId: 5, categoryName: 'Телевизоры', count: 3, productIds: [1, 3, 5] },
      { categoryId: 224, categoryName: 'Смартфоны', count: 2, productIds: [2, 4] },
    ]);
  });

  it('gives [] for no products', () => {
    expect(compareCategories([])).toEqual([]);
  });

  it('counts a product listed twice once', () => {
    expect(compareCategories([phone(2), phone(2)])).toEqual([
      { categoryId: 224, categoryName: 'Смартфоны', count: 1, productIds: [2] },
    ]);
  });
});

describe('activeCompareCategory', () => {
  const groups = [{ categoryId: 5 }, { categoryId: 224 }];

  it('uses the cookie category when it is still compared', () => {
    expect(activeCompareCategory(groups, '224')).toBe(224);
    expect(activeCompareCategory(groups, ' 224 ')).toBe(224);
    expect(activeCompareCategory(groups, 224)).toBe(224);
  });

  it('falls back to the first group', () => {
    expect(activeCompareCategory(groups, '7')).toBe(5);
    expect(activeCompareCategory(groups, undefined)).toBe(5);
    expect(activeCompareCategory(groups, null)).toBe(5);
    expect(activeCompareCategory(groups, '')).toBe(5);
    expect(activeCompareCategory(groups, 'abc')).toBe(5);
    expect(activeCompareCategory(groups, '224abc')).toBe(5);
  });

  it('is null when nothing is compared', () => {
    expect(activeCompareCategory([], '224')).toBeNull();
  });
});

describe('differingSpecifications', () => {
  const product = (...specs: [string, string | number | null][]) => ({
    specifications: specs.map(([name, value]) => ({ name, value })),
  });

  it('lists names whose values differ, in first-met order', () => {
    const a = product(['Цвет', 'Чёрный'], ['Память', '128 ГБ'], ['NFC', 'Да']);
    const b = product(['Цвет', 'Белый'], ['Память', '128 ГБ'], ['NFC', 'Нет']);
    expect(differingSpecifications([a, b])).toEqual(['Цвет', 'NFC']);
  });

  it('counts a specification missing on one product as different', () => {
    const a = product(['Цвет', 'Чёрный'], ['Вес', '180 г']);
    const b = product(['Цвет', 'Чёрный']);
    expect(differingSpecifications([a, b])).toEqual(['Вес']);
    expect(differingSpecifications([b, a])).toEqual(['Вес']);
  });

  it('compares across all products, not just the first two', () => {
    const a = product(['Цвет', 'Чёрный']);
    expect(differingSpecifications([a, a, product(['Цвет', 'Синий'])])).toEqual(['Цвет']);
  });

  it('ignores case and spacing differences, and treats blank as missing', () => {
    const a = product(['Память', '128 ГБ'], ['Примечание', ''], ['Гарантия', null]);
    const b = product(['Память', ' 128\u00A0 гб ']);
    expect(differingSpecifications([a, b])).toEqual([]);
  });

  it('compares numbers and strings by their text', () => {
    expect(differingSpecifications([product(['SIM', 2]), product(['SIM', '2'])])).toEqual([]);
  });

  it('compares all values of a repeated name, in any order', () => {
    const a = product(['Вес', '180 г'], ['Вес', '200 г']);
    const b = product(['Вес', '200 г'], ['Вес', '180 г']);
    const c = product(['Вес', '180 г']);
    expect(differingSpecifications([a, b])).toEqual([]);
    expect(differingSpecifications([a, c])).toEqual(['Вес']);
  });

  it('nothing differs with fewer than 2 products', () => {
    expect(differingSpecifications([])).toEqual([]);
    expect(differingSpecifications([product(['Цвет', 'Чёрный'])])).toEqual([]);
  });

  it('does not trip over names that are object keys', () => {
    const a = product(['constructor', '1'], ['__proto__', 'x']);
    const b = product(['constructor', '1']);
    expect(differingSpecifications([a, b])).toEqual(['__proto__']);
  });
});

describe('onlyDifferencesState', () => {
  it('is disabled with fewer than 2 products', () => {
    expect(onlyDifferencesState({ productCount: 1, differingCount: 3, requested: true })).toEqual({
      enabled: false,
      active: false,
    });
    expect(onlyDifferencesState({ productCount: 0, differingCount: 0, requested: false })).toEqual({
      enabled: false,
      active: false,
    });
  });

  it('is disabled when nothing differs, even if requested', () => {
    expect(onlyDifferencesState({ productCount: 3, differingCount: 0, requested: true })).toEqual({
      enabled: false,
      active: false,
    });
  });

  it('is active only when enabled and requested', () => {
    expect(onlyDifferencesState({ productCount: 2, differingCount: 1, requested: true })).toEqual({
      enabled: true,
      active: true,
    });
    expect(onlyDifferencesState({ productCount: 2, differingCount: 1, requested: false })).toEqual({
      enabled: true,
      active: false,
    });
  });
});

describe('changeActiveCategory', () => {
  const state: CompareState<{ id: number }> = {
    activeCategoryId: 5,
    isShowDifferentCharacteristics: true,
    products: [{ id: 1 }],
  };

  it('switches the category and resets the toggle', () => {
    expect(changeActiveCategory(state, 224)).toEqual({
      activeCategoryId: 224,
      isShowDifferentCharacteristics: false,
      products: [{ id: 1 }],
    });
    expect(state.isShowDifferentCharacteristics).toBe(true);
  });

  it('keeps the toggle when the same category is chosen again', () => {
    expect(changeActiveCategory(state, 5)).toBe(state);
  });

  it('resets when the category is cleared', () => {
    expect(changeActiveCategory(state, null)).toMatchObject({
      activeCategoryId: null,
      isShowDifferentCharacteristics: false,
    });
  });
});
