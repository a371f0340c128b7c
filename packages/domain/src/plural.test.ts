import { afterEach, describe, expect, it, vi } from 'vitest';
import { PLURAL, formatCount, formatDecimal, formatNumber, pluralize } from './plural.ts';

describe('pluralize (CLDR ru)', () => {
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

  it('agrees with Intl.PluralRules for every count up to 100,000, negative ones and fractions', () => {
    const rules = new Intl.PluralRules('ru');
    const index = { one: 0, few: 1, many: 2, other: 1 } as const;
    const numbers = [...Array.from({ length: 100_001 }, (_, n) => n), -1, -3, -11, -21, 0.5, 1.5, 2.25, 21.1];
    for (const n of numbers) {
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

// The card's numbers are written without Intl (decision 0063); Intl itself is the reference they must match.
describe('formatNumber and formatDecimal (ru-RU without Intl)', () => {
  const samples = [
    ...Array.from({ length: 20_001 }, (_, n) => n),
    99_999,
    100_000,
    123_456,
    999_999,
    1_000_000,
    12_345_678,
    1_234_567_890,
    Number.MAX_SAFE_INTEGER,
    -1,
    -999,
    -1000,
    -12_345,
    0.5,
    1.05,
    2.25,
    4.35,
    4.45,
    4.05,
    3.95,
    4.999,
    0.04,
    0.05,
    1234.5,
    12_345.67,
    -0,
    -0.04,
    -0.05,
    -2.25,
    0.0001,
    1e-7,
    1e21,
    0.1 + 0.2,
  ];

  it('writes whole numbers and fractions as Intl.NumberFormat("ru-RU") does', () => {
    const intl = new Intl.NumberFormat('ru-RU');
    for (const n of samples) expect(formatNumber(n), String(n)).toBe(intl.format(n));
  });

  it('rounds to one decimal as Intl does, with and without a kept zero', () => {
    const oneDecimal = new Intl.NumberFormat('ru-RU', { maximumFractionDigits: 1 });
    const rating = new Intl.NumberFormat('ru-RU', { minimumFractionDigits: 1, maximumFractionDigits: 1 });
    const ratings = Array.from({ length: 501 }, (_, i) => i / 100);
    for (const n of [...samples, ...ratings]) {
      expect(formatDecimal(n, 1), String(n)).toBe(oneDecimal.format(n));
      expect(formatDecimal(n, 1, 1), String(n)).toBe(rating.format(n));
    }
  });

  describe('no Intl object for a card', () => {
    afterEach(() => vi.restoreAllMocks());

    it('loads and formats counts, ratings and plurals without making an Intl formatter or plural rule', async () => {
      const made = vi.fn();
      for (const name of ['NumberFormat', 'PluralRules', 'DateTimeFormat'] as const) {
        const Original = Intl[name];
        vi.spyOn(Intl, name).mockImplementation(((...args: never[]) => {
          made(name);
          return new (Original as unknown as new (...a: never[]) => unknown)(...args);
        }) as never);
      }
      // Fresh modules: a formatter made when the module loads counts too (the browser pays for it then).
      vi.resetModules();
      const [plural, price] = await Promise.all([import('./plural.ts'), import('./price.ts')]);
      expect(plural.formatCount(12_345, plural.PLURAL.review)).toBe('12\u00a0345 отзывов');
      expect(price.formatPrice(150_000)).toBe('1\u00a0500\u00a0₽');
      expect(price.formatRating(4.35)).toBe('4,4');
      expect(price.formatOneDecimal(2.25)).toBe('2,3');
      expect(price.pluralize(22, plural.PLURAL.product)).toBe('товара');
      expect(made).not.toHaveBeenCalled();
    });
  });
});
