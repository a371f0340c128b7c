import { describe, expect, it } from 'vitest';
import {
  isBrandCode,
  isCityAlias,
  isNewsType,
  isNumericId,
  isPageSegment,
  isSlug,
  pageSegment,
  parseNumericId,
  parsePageSegment,
} from './route-params.ts';

describe('isNumericId', () => {
  it.each(['1', '5', '224', '1001', '2147483647'])('accepts %s', (value) => {
    expect(isNumericId(value)).toBe(true);
  });

  it.each([
    '',
    '0',
    '00',
    '007',
    '+1',
    '-1',
    '1.0',
    '1e3',
    ' 1',
    '1 ',
    '12a',
    '١٢',
    '0x1F',
    '2147483648',
    '9007199254740991',
    '99999999999999999999',
  ])('rejects %j', (value) => {
    expect(isNumericId(value)).toBe(false);
  });
});

describe('parseNumericId', () => {
  it('returns the number for a valid id', () => {
    expect(parseNumericId('224')).toBe(224);
  });

  it('returns null for missing or invalid input', () => {
    expect(parseNumericId(null)).toBeNull();
    expect(parseNumericId(undefined)).toBeNull();
    expect(parseNumericId('0')).toBeNull();
    expect(parseNumericId('abc')).toBeNull();
  });
});

describe('parsePageSegment', () => {
  it('reads page-N', () => {
    expect(parsePageSegment('page-1')).toBe(1);
    expect(parsePageSegment('page-3')).toBe(3);
    expect(parsePageSegment('page-120')).toBe(120);
  });

  it.each([
    'page-0',
    'page-',
    'page-abc',
    'Page-2',
    'page-01',
    'page--2',
    'page-2 ',
    'page-2/',
    'pages-2',
    '2',
    'page-1.5',
    'xpage-2',
  ])('rejects %j', (segment) => {
    expect(parsePageSegment(segment)).toBeNull();
    expect(isPageSegment(segment)).toBe(false);
  });

  it('rejects numbers beyond the safe integer range', () => {
    expect(parsePageSegment('page-99999999999999999999')).toBeNull();
  });

  it('pageSegment is its inverse and refuses bad pages', () => {
    expect(pageSegment(4)).toBe('page-4');
    expect(parsePageSegment(pageSegment(17))).toBe(17);
    expect(() => pageSegment(0)).toThrow(RangeError);
    expect(() => pageSegment(1.5)).toThrow(RangeError);
  });
});

describe('isCityAlias', () => {
  it.each(['moskva', 'sankt-peterburg', 'nizhniy-novgorod', 'rostov-na-donu', 'a'])('accepts %s', (alias) => {
    expect(isCityAlias(alias)).toBe(true);
  });

  it.each([
    '',
    'Moskva',
    'moskva1',
    '-moskva',
    'moskva-',
    'sankt--peterburg',
    'sankt_peterburg',
    'москва',
    'mos kva',
    'moskva/',
  ])('rejects %j', (alias) => {
    expect(isCityAlias(alias)).toBe(false);
  });
});

describe('isBrandCode', () => {
  it.each(['apple', 'Apple', 'h&m', 'dr.hauschka', 'de_longhi', 'bang-olufsen', '3m', 'a'])('accepts %s', (code) => {
    expect(isBrandCode(code)).toBe(true);
  });

  it.each(['', '.', '..', 'a b', 'a/b', 'бренд', 'a+b', 'a%20b', 'a?b'])('rejects %j', (code) => {
    expect(isBrandCode(code)).toBe(false);
  });
});

describe('isSlug', () => {
  it.each(['smartfony', 'iphone-15-pro', 'tag_alias', 'ABC123'])('accepts %s', (slug) => {
    expect(isSlug(slug)).toBe(true);
  });

  it.each(['', 'a.b', 'a&b', 'a b', 'a/b', 'смартфоны'])('rejects %j', (slug) => {
    expect(isSlug(slug)).toBe(false);
  });
});

describe('isNewsType', () => {
  it('accepts news and press only', () => {
    expect(isNewsType('news')).toBe(true);
    expect(isNewsType('press')).toBe(true);
    expect(isNewsType('News')).toBe(false);
    expect(isNewsType('123')).toBe(false);
    expect(isNewsType('')).toBe(false);
  });
});
