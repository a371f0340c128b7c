import { describe, expect, it } from 'vitest';
import { hasPathPrefix, parseUrl, pathSegments, pathnameOf, searchParamsOf } from './paths.ts';

describe('pathnameOf', () => {
  it('drops query and hash and keeps a leading slash', () => {
    expect(pathnameOf('/shops?x=1#top')).toBe('/shops');
    expect(pathnameOf('')).toBe('/');
    expect(pathnameOf('shops')).toBe('/shops');
    expect(pathnameOf('https://shop.ru/cart?a=1')).toBe('/cart');
  });

  it('resolves dot segments like a browser', () => {
    expect(pathnameOf('/catalog/../account')).toBe('/account');
    expect(pathnameOf('/a/./b')).toBe('/a/b');
  });
});

describe('pathSegments', () => {
  it('skips empty segments', () => {
    expect(pathSegments('/catalog//x/')).toEqual(['catalog', 'x']);
    expect(pathSegments('/')).toEqual([]);
  });
});

describe('hasPathPrefix', () => {
  it('matches whole segments only', () => {
    expect(hasPathPrefix('/shops', 'shops')).toBe(true);
    expect(hasPathPrefix('/shops/12', 'shops')).toBe(true);
    expect(hasPathPrefix('/shops/', '/shops/')).toBe(true);
    expect(hasPathPrefix('/shopsxyz', 'shops')).toBe(false);
    expect(hasPathPrefix('/x/shops', 'shops')).toBe(false);
  });

  it('supports multi-segment prefixes', () => {
    expect(hasPathPrefix('/delivery/pay', 'delivery/pay')).toBe(true);
    expect(hasPathPrefix('/delivery', 'delivery/pay')).toBe(false);
  });
});

describe('parseUrl', () => {
  it('tells paths from absolute URLs', () => {
    expect(parseUrl('/shops')?.relative).toBe(true);
    expect(parseUrl('shops?x=1')?.relative).toBe(true);
    expect(parseUrl('https://shop.ru/shops')?.relative).toBe(false);
    expect(parseUrl('//evil.example/shops')?.relative).toBe(false);
    expect(parseUrl('/\\evil.example/shops')?.relative).toBe(false);
    expect(parseUrl('http://placeholder.invalid/shops')?.relative).toBe(false);
    expect(parseUrl('mailto:a@b.ru')?.relative).toBe(false);
  });

  it('returns null when unparseable', () => {
    expect(parseUrl('http://[bad')).toBeNull();
  });
});

describe('searchParamsOf', () => {
  it('reads query strings, paths and URLs', () => {
    expect(searchParamsOf('?a=1').get('a')).toBe('1');
    expect(searchParamsOf('a=1').get('a')).toBe('1');
    expect(searchParamsOf('/search?q=tv#x').get('q')).toBe('tv');
    expect(searchParamsOf('https://shop.ru/?q=tv').get('q')).toBe('tv');
  });

  it('a path without a query has no parameters, and a hash is not the query', () => {
    expect([...searchParamsOf('/search').keys()]).toEqual([]);
    expect(searchParamsOf('/search#q=tv').get('q')).toBeNull();
  });

  it('passes URLSearchParams through', () => {
    const params = new URLSearchParams('a=1');
    expect(searchParamsOf(params)).toBe(params);
  });
});
