import { describe, expect, it } from 'vitest';
import { COOKIE } from './constants.ts';
import { isBranchCode, pageCacheDecision, renderCookieHeader, type PageCacheRequest } from './page-cache.ts';

const product = '/catalog/holodilniki/401/328';
const base: PageCacheRequest = {
  method: 'GET',
  host: 'shop.example',
  pathname: product,
  search: '',
  cookies: {},
  userAgent: 'Mozilla/5.0',
  geoCity: null,
};
const decide = (over: Partial<PageCacheRequest>) => pageCacheDecision({ ...base, ...over });
const keyOf = (over: Partial<PageCacheRequest>) => {
  const d = decide(over);
  if (!d.cacheable) throw new Error(`not cacheable: ${d.reason}`);
  return d.key;
};

describe('pageCacheDecision', () => {
  it('caches an anonymous GET of a product page and of its tabs', () => {
    for (const pathname of [product, `${product}/faq`, `${product}/faq/page-2`, `${product}/availability/moskva`]) {
      expect(decide({ pathname }).cacheable).toBe(true);
    }
  });

  it('leaves other pages, other methods and query strings to the renderer', () => {
    expect(decide({ pathname: '/' })).toEqual({ cacheable: false, reason: 'page' });
    expect(decide({ pathname: '/catalog/holodilniki/401' })).toEqual({ cacheable: false, reason: 'page' });
    expect(decide({ pathname: '/catalog/holodilniki/401/page-2' })).toEqual({ cacheable: false, reason: 'page' });
    expect(decide({ method: 'POST' })).toEqual({ cacheable: false, reason: 'method' });
    expect(decide({ search: '?utm_source=x' })).toEqual({ cacheable: false, reason: 'query' });
    expect(decide({ search: '?' }).cacheable).toBe(true);
  });

  it('never caches for a signed-in visitor, an employee, a voter, a loyalty card or a coupon', () => {
    for (const name of [
      COOKIE.accessToken,
      COOKIE.visitorId,
      COOKIE.employeePersonnelNumber,
      COOKIE.employeeTradePointNumber,
      COOKIE.loyaltyCard,
      COOKIE.loyaltyCredentials,
      COOKIE.promoCoupon,
    ]) {
      expect(decide({ cookies: { [name]: 'x' } })).toEqual({ cacheable: false, reason: 'personal' });
    }
  });

  it('passes only the key cookies to the render: lists, watched and the cookie notice stay in the browser', () => {
    const d = decide({
      cookies: {
        [COOKIE.cityId]: '2',
        [COOKIE.branch]: 'B',
        [COOKIE.favoriteProducts]: '1,2,3',
        [COOKIE.compareProducts]: '4',
        [COOKIE.productYouWatched]: '5,6',
        [COOKIE.cookiesAccepted]: '1',
        _ga: 'GA1.2.3',
      },
    });
    expect(d.cacheable && d.renderCookies).toEqual({ [COOKIE.cityId]: '2', [COOKIE.branch]: 'B' });
  });

  it('keys by host, path, city, branch, mobile-app mode and the geo city', () => {
    const plain = keyOf({});
    expect(keyOf({ cookies: { _ga: '1', [COOKIE.favoriteProducts]: '9' } })).toBe(plain);
    const variants = [
      keyOf({ host: 'other.example' }),
      keyOf({ pathname: `${product}/faq` }),
      keyOf({ cookies: { [COOKIE.cityId]: '2' } }),
      keyOf({ cookies: { [COOKIE.branch]: 'B' } }),
      keyOf({ cookies: { [COOKIE.mobileApp]: '1' } }),
      keyOf({ userAgent: 'StoreApp/3.1 (Android)' }),
      keyOf({ geoCity: 'sankt-peterburg' }),
    ];
    expect(new Set([plain, ...variants]).size).toBe(variants.length + 1);
    expect(keyOf({ geoCity: ' Sankt-Peterburg ' })).toBe(keyOf({ geoCity: 'sankt-peterburg' }));
  });
});

describe('renderCookieHeader', () => {
  it('joins the key cookies, encoding values', () => {
    expect(renderCookieHeader({ city_id: '1', branch: 'A' })).toBe('city_id=1; branch=A');
    expect(renderCookieHeader({ x: 'a b' })).toBe('x=a%20b');
    expect(renderCookieHeader({})).toBe('');
  });
});

describe('isBranchCode', () => {
  it('accepts one capital letter only', () => {
    expect(isBranchCode('A')).toBe(true);
    expect(isBranchCode('Z')).toBe(true);
    for (const bad of ['', 'a', 'AB', '1', undefined, null]) expect(isBranchCode(bad)).toBe(false);
  });
});
