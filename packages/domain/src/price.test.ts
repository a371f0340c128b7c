import { describe, expect, it } from 'vitest';
import {
  HOUR_FORMS,
  NBSP,
  discountPercent,
  formatHours,
  formatOneDecimal,
  formatPrice,
  formatRating,
  pluralize,
} from './price.ts';

const s = (text: string) => text.replace(/ /g, NBSP);

describe('formatPrice', () => {
  it('formats whole rubles with no-break spaces and the ruble sign', () => {
    expect(formatPrice(2_499_000)).toBe('24\u00A0990\u00A0₽');
    expect(formatPrice(0)).toBe(s('0 ₽'));
    expect(formatPrice(100)).toBe(s('1 ₽'));
    expect(formatPrice(99_900)).toBe(s('999 ₽'));
    expect(formatPrice(100_000)).toBe(s('1 000 ₽'));
    expect(formatPrice(123_456_789_00)).toBe(s('123 456 789 ₽'));
  });

  it('never uses a plain space, so the price cannot wrap', () => {
    expect(formatPrice(123_456_789_00)).not.toContain(' ');
  });

  it('shows kopecks only when non-zero, with a comma and two digits', () => {
    expect(formatPrice(2_499_050)).toBe(s('24 990,50 ₽'));
    expect(formatPrice(105)).toBe(s('1,05 ₽'));
    expect(formatPrice(1)).toBe(s('0,01 ₽'));
    expect(formatPrice(99)).toBe(s('0,99 ₽'));
  });

  it('rounds fractions of a kopeck', () => {
    expect(formatPrice(100.4)).toBe(s('1 ₽'));
    expect(formatPrice(199.6)).toBe(s('2 ₽'));
  });

  it('handles negative amounts and negative zero', () => {
    expect(formatPrice(-150_000)).toBe(s('-1 500 ₽'));
    expect(formatPrice(-0)).toBe(s('0 ₽'));
  });

  it('throws on non-finite or unsafe amounts', () => {
    expect(() => formatPrice(Number.NaN)).toThrow(RangeError);
    expect(() => formatPrice(Number.POSITIVE_INFINITY)).toThrow(RangeError);
    expect(() => formatPrice(2 ** 60)).toThrow(RangeError);
  });
});

describe('pluralize', () => {
  it.each([
    [0, 'часов'],
    [1, 'час'],
    [2, 'часа'],
    [4, 'часа'],
    [5, 'часов'],
    [11, 'часов'],
    [12, 'часов'],
    [14, 'часов'],
    [21, 'час'],
    [22, 'часа'],
    [25, 'часов'],
    [101, 'час'],
    [111, 'часов'],
    [112, 'часов'],
    [1000, 'часов'],
    [1021, 'час'],
    [-1, 'час'],
    [-3, 'часа'],
    [1.5, 'часа'],
  ])('%d → %s', (n, word) => {
    expect(pluralize(n, HOUR_FORMS)).toBe(word);
  });

  it('uses the "many" form for non-finite numbers', () => {
    expect(pluralize(Number.NaN, ['товар', 'товара', 'товаров'])).toBe('товаров');
  });
});

describe('formatHours', () => {
  it('joins the number and the word with a no-break space', () => {
    expect(formatHours(1)).toBe(s('1 час'));
    expect(formatHours(3)).toBe(s('3 часа'));
    expect(formatHours(12)).toBe(s('12 часов'));
    expect(formatHours(24)).toBe(s('24 часа'));
  });
});

describe('discountPercent', () => {
  it('rounds down so the saving is never overstated', () => {
    expect(discountPercent(2_499_000, 2_999_000)).toBe(16);
    expect(discountPercent(90, 100)).toBe(10);
    expect(discountPercent(70, 100)).toBe(30);
    expect(discountPercent(1, 100)).toBe(99);
    expect(discountPercent(0, 100)).toBe(100);
  });

  it('is 0 without a real discount', () => {
    expect(discountPercent(100, 100)).toBe(0);
    expect(discountPercent(120, 100)).toBe(0);
    expect(discountPercent(100, 0)).toBe(0);
    expect(discountPercent(100, null)).toBe(0);
    expect(discountPercent(100, undefined)).toBe(0);
    expect(discountPercent(-5, 100)).toBe(0);
    expect(discountPercent(Number.NaN, 100)).toBe(0);
    expect(discountPercent(50, Number.POSITIVE_INFINITY)).toBe(0);
  });

  it('is 0 for a tiny saving below one percent', () => {
    expect(discountPercent(9_999, 10_000)).toBe(0);
  });
});

describe('formatRating and formatOneDecimal', () => {
  it('writes Russian decimals with one place for a rating, at most one otherwise', () => {
    expect(formatRating(4.5)).toBe('4,5');
    expect(formatRating(4)).toBe('4,0');
    expect(formatOneDecimal(2.25)).toBe('2,3');
    expect(formatOneDecimal(12)).toBe('12');
    expect(formatOneDecimal(1234.5)).toBe((1234.5).toLocaleString('ru-RU', { maximumFractionDigits: 1 }));
  });
});
