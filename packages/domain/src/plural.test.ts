import { describe, expect, it } from 'vitest';
import { PLURAL, formatCount, pluralize } from './plural.ts';

describe('pluralize (Intl.PluralRules ru)', () => {
  it.each([
    [0, 'товаров'],
    [1, 'товар'],
    [2, 'товара'],
    [4, 'товара'],
    [5, 'товаров'],
    [11, 'товаров'],
    [14, 'товаров'],
    [21, 'товар'],
    [22, 'товара'],
    [54, 'товара'],
    [111, 'товаров'],
    [122, 'товара'],
    [1001, 'товар'],
    [-2, 'товара'],
  ])('%d → %s', (n, word) => {
    expect(pluralize(n, PLURAL.product)).toBe(word);
  });

  it('gives fractions the «few» form and non-finite numbers the «many» form', () => {
    expect(pluralize(1.5, PLURAL.hour)).toBe('часа');
    expect(pluralize(Number.POSITIVE_INFINITY, PLURAL.hour)).toBe('часов');
  });

  it('agrees with Intl.PluralRules for every count up to 1000', () => {
    const rules = new Intl.PluralRules('ru');
    const index = { one: 0, few: 1, many: 2 } as const;
    for (let n = 0; n <= 1000; n++) {
      const category = rules.select(n) as keyof typeof index;
      expect(pluralize(n, PLURAL.review)).toBe(PLURAL.review[index[category]]);
    }
  });
});

describe('formatCount', () => {
  it('writes the catalogue counts the way the index shows them', () => {
    expect(formatCount(122, PLURAL.product)).toBe('122 товара');
    expect(formatCount(54, PLURAL.product)).toBe('54 товара');
    expect(formatCount(12345, PLURAL.product)).toBe('12\u00a0345 товаров');
    expect(formatCount(3, PLURAL.device)).toBe('3 устройства');
  });
});
