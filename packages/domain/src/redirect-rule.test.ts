import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REDIRECT_PATTERNS,
  SERVED_PATH_PREFIXES,
  isServedBySite,
  navigationTarget,
  parseRedirectPatterns,
} from './redirect-rule.ts';

describe('isServedBySite with the default patterns', () => {
  it.each([
    '/',
    '',
    '/?utm_source=x',
    // /x/digits/digits
    '/smartfony/123/456',
    '/anything/1/2/deeper',
    // catalog/word/digits: listings and product pages with their children
    '/catalog/smartfony/224',
    '/catalog/smartfony/224/page-2',
    '/catalog/smartfony/224/1001',
    '/catalog/smartfony/224/1001/faq/page-2',
    '/catalog/smartfony/224/1001/availability/sankt-peterburg',
    '/catalog/smartfony/224/apple/iphone/iphone-15',
    // catalog/digits
    '/catalog/224',
    // catalog/word/word: brand and tag listings
    '/catalog/brand/apple',
    '/catalog/brand/h&m/smartfony/224',
    '/catalog/brand/dr.hauschka',
    '/catalog/tag/novinki',
    // search
    '/search',
    '/search/smartfony/224/page-3?query=iphone',
  ])('serves %j', (path) => {
    expect(isServedBySite(path)).toBe(true);
  });

  it.each(SERVED_PATH_PREFIXES.map((prefix) => [prefix]))('serves the /%s section and its children', (prefix) => {
    expect(isServedBySite(`/${prefix}`)).toBe(true);
    expect(isServedBySite(`/${prefix}/`)).toBe(true);
    expect(isServedBySite(`/${prefix}/child/page?x=1`)).toBe(true);
  });

  it.each([
    '/shopsxyz',
    '/certificates-old',
    '/carts',
    '/promotions',
    '/userdata',
    '/searching',
    '/catalog',
    '/catalog/',
    '/catalog/smartfony',
    '/smartfony/123',
    '/smartfony/abc/456',
    '/blog/post',
    '/x/shops',
    '/Shops',
  ])('does not serve %j', (path) => {
    expect(isServedBySite(path)).toBe(false);
  });

  it('never serves paths containing /cart/add', () => {
    expect(isServedBySite('/cart/add')).toBe(false);
    expect(isServedBySite('/cart/add?product_id=1')).toBe(false);
    expect(isServedBySite('/cart/add/1001')).toBe(false);
    expect(isServedBySite('/basket/cart/add')).toBe(false);
    expect(isServedBySite('/Cart/Add')).toBe(false);
    expect(isServedBySite('/cart/payment/5')).toBe(true);
  });

  it('judges the path only, not the query', () => {
    expect(isServedBySite('/blog?next=/shops')).toBe(false);
    expect(isServedBySite('/shops?next=/cart/add')).toBe(true);
  });

  it('resolves dot segments before matching', () => {
    expect(isServedBySite('/shops/../blog')).toBe(false);
    expect(isServedBySite('/blog/../shops')).toBe(true);
  });
});

describe('isServedBySite with configured patterns', () => {
  it('an empty list means navigation proceeds, except /cart/add', () => {
    expect(isServedBySite('/blog/post', [])).toBe(true);
    expect(isServedBySite('/anything', [])).toBe(true);
    expect(isServedBySite('/cart/add', [])).toBe(false);
  });

  it('custom patterns replace the defaults but prefixes still apply', () => {
    const patterns = [/^\/blog\//];
    expect(isServedBySite('/blog/post', patterns)).toBe(true);
    expect(isServedBySite('/search', patterns)).toBe(false);
    expect(isServedBySite('/shops', patterns)).toBe(true);
  });

  it('custom prefixes replace the defaults', () => {
    expect(isServedBySite('/shops', DEFAULT_REDIRECT_PATTERNS, ['news'])).toBe(false);
    expect(isServedBySite('/news/press', DEFAULT_REDIRECT_PATTERNS, ['news'])).toBe(true);
  });

  it('global regexes do not carry lastIndex between calls', () => {
    const patterns = [/^\/blog/g];
    expect(isServedBySite('/blog', patterns)).toBe(true);
    expect(isServedBySite('/blog', patterns)).toBe(true);
  });
});

describe('navigationTarget', () => {
  const origin = 'https://shop.example';

  it('served paths are client navigations, others document', () => {
    expect(navigationTarget('/catalog/smartfony/224/1001')).toBe('client');
    expect(navigationTarget('/shops#map')).toBe('client');
    expect(navigationTarget('/blog/post')).toBe('document');
    expect(navigationTarget('/cart/add?id=1')).toBe('document');
  });

  it('absolute URLs on the current origin are judged by path', () => {
    expect(navigationTarget(`${origin}/shops`, { currentOrigin: origin })).toBe('client');
    expect(navigationTarget(`${origin}/blog`, { currentOrigin: origin })).toBe('document');
    expect(navigationTarget('HTTPS://SHOP.EXAMPLE/shops', { currentOrigin: origin })).toBe('client');
    expect(navigationTarget(`${origin}:443/shops`, { currentOrigin: origin })).toBe('client');
  });

  it('another origin is always a document navigation', () => {
    expect(navigationTarget('https://other.example/shops', { currentOrigin: origin })).toBe('document');
    expect(navigationTarget('http://shop.example/shops', { currentOrigin: origin })).toBe('document');
    expect(navigationTarget('https://shop.example:8443/shops', { currentOrigin: origin })).toBe('document');
    expect(navigationTarget('https://shop.example.evil.example/shops', { currentOrigin: origin })).toBe('document');
  });

  it('even with an empty pattern list, another origin stays a document navigation', () => {
    expect(navigationTarget('https://other.example/', { patterns: [], currentOrigin: origin })).toBe('document');
    expect(navigationTarget('/anything', { patterns: [] })).toBe('client');
    expect(navigationTarget('/cart/add', { patterns: [] })).toBe('document');
  });

  it('absolute URLs without a known current origin are documents', () => {
    expect(navigationTarget(`${origin}/shops`)).toBe('document');
  });

  it('protocol-relative and backslash tricks are another origin', () => {
    expect(navigationTarget('//other.example/shops', { currentOrigin: origin })).toBe('document');
    expect(navigationTarget('/\\other.example/shops', { currentOrigin: origin })).toBe('document');
    expect(navigationTarget('\\\\other.example/shops', { currentOrigin: origin })).toBe('document');
    expect(navigationTarget('//shop.example/shops', { currentOrigin: origin })).toBe('client');
  });

  it('non-http schemes and garbage are documents', () => {
    expect(navigationTarget('mailto:info@shop.example')).toBe('document');
    expect(navigationTarget('tel:+78000000000')).toBe('document');
    expect(navigationTarget('javascript:alert(1)', { currentOrigin: origin })).toBe('document');
    expect(navigationTarget('http://[broken')).toBe('document');
  });

  it('uses given patterns and prefixes', () => {
    expect(navigationTarget('/blog', { patterns: [/^\/blog$/] })).toBe('client');
    expect(navigationTarget('/shops', { patterns: [/^\/blog$/], prefixes: [] })).toBe('document');
  });
});

describe('parseRedirectPatterns', () => {
  it('an absent setting gives the defaults', () => {
    expect(parseRedirectPatterns(undefined)).toBe(DEFAULT_REDIRECT_PATTERNS);
  });

  it('a set but empty setting gives no patterns (navigation proceeds)', () => {
    expect(parseRedirectPatterns('')).toEqual([]);
    expect(parseRedirectPatterns(' , \n ,')).toEqual([]);
    expect(isServedBySite('/blog', parseRedirectPatterns(''))).toBe(true);
  });

  it('splits on commas and newlines and trims', () => {
    const patterns = parseRedirectPatterns('^/blog/ , ^/help$\n^/faq\r\n^/about');
    expect(patterns.map((pattern) => pattern.source)).toEqual(['^\\/blog\\/', '^\\/help$', '^\\/faq', '^\\/about']);
  });

  it('keeps commas inside quantifiers, classes and groups', () => {
    const patterns = parseRedirectPatterns('^/p/\\d{1,3}$, ^/[,;]x, ^/(a,b)$, ^/c\\,d');
    expect(patterns).toHaveLength(4);
    expect(isServedBySite('/p/12', patterns)).toBe(true);
    expect(isServedBySite('/p/1234', patterns)).toBe(false);
    expect(isServedBySite('/,x', patterns)).toBe(true);
    expect(isServedBySite('/a,b', patterns)).toBe(true);
    expect(isServedBySite('/c,d', patterns)).toBe(true);
  });

  it('the override replaces the default patterns', () => {
    const patterns = parseRedirectPatterns('^/blog');
    expect(isServedBySite('/blog/1', patterns)).toBe(true);
    expect(isServedBySite('/search', patterns)).toBe(false);
    expect(isServedBySite('/cart/add', parseRedirectPatterns('^/cart'))).toBe(false);
  });

  it('throws on an invalid expression, naming it', () => {
    expect(() => parseRedirectPatterns('^/ok, ^/bad(')).toThrow(/Invalid redirect pattern "\^\/bad\("/);
  });
});
