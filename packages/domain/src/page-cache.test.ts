import { describe, expect, it } from 'vitest';
import { COOKIE } from './constants.ts';
import {
  isBranchCode,
  normalizePageQuery,
  pageCacheDecision,
  parsePageTags,
  renderCookieHeader,
  type PageCacheRequest,
} from './page-cache.ts';

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

  it('caches home, listings, search, content and information pages', () => {
    for (const pathname of [
      '/',
      '/catalog',
      '/catalog/holodilniki/401',
      '/catalog/holodilniki/401/page-2',
      '/catalog/brand/samsung',
      '/catalog/tag/novinki',
      '/search',
      '/shops',
      '/delivery',
      '/delivery/pay',
      '/special-offers',
      '/news',
      '/service',
      '/certificate',
    ]) {
      expect(decide({ pathname }).cacheable, pathname).toBe(true);
    }
  });

  it('never caches pages personal by nature: account, basket, checkout, lists, sign-in, order lookup', () => {
    for (const pathname of [
      '/account',
      '/account/profile',
      '/account/orders',
      '/account/repair',
      '/account/buyback',
      '/likenew',
      '/cart',
      '/cart/one-click',
      '/favorite-products',
      '/compare',
      '/user/login',
      '/user/password-reset',
      '/user/upos',
      '/user/promo',
      '/user/loyalty',
      '/order-status',
      '/service/repair',
      '/dev/outbox',
      '/no/such/page/here/at/all/x',
    ]) {
      expect(decide({ pathname }), pathname).toEqual({ cacheable: false, reason: 'page' });
    }
    expect(decide({ method: 'POST' })).toEqual({ cacheable: false, reason: 'method' });
    expect(decide({ method: 'HEAD' })).toEqual({ cacheable: false, reason: 'method' });
  });

  it('keys a listing by its known query parameters in one order; utm junk neither splits nor reaches the render', () => {
    const listing = '/catalog/holodilniki/401';
    const plain = decide({ pathname: listing, search: '?filter[brand][]=3&order_by=price&filter[brand][]=1' });
    const shuffled = decide({
      pathname: listing,
      search: '?utm_source=mail&order_by=price&filter%5Bbrand%5D%5B%5D=1&gclid=x&filter[brand][]=3',
    });
    expect(plain.cacheable && shuffled.cacheable).toBe(true);
    if (!plain.cacheable || !shuffled.cacheable) return;
    expect(shuffled.key).toBe(plain.key);
    // The render gets the visitor's order (the listing redirects a non-canonical one), without the tags.
    expect(plain.search).toBe('?filter%5Bbrand%5D%5B%5D=3&order_by=price&filter%5Bbrand%5D%5B%5D=1');
    expect(shuffled.search).toBe('?order_by=price&filter%5Bbrand%5D%5B%5D=1&filter%5Bbrand%5D%5B%5D=3');
    expect(keyOf({ pathname: listing, search: '?utm_source=x' })).toBe(keyOf({ pathname: listing }));
    expect(keyOf({ pathname: listing, search: '?order_by=price' })).not.toBe(keyOf({ pathname: listing }));
    expect(keyOf({ pathname: '/search', search: '?q=tv' })).not.toBe(keyOf({ pathname: '/search', search: '?q=pc' }));
    expect(decide({ search: '?' }).cacheable).toBe(true);
  });

  it('renders a query that asks the start-up to act: city_id, mobile-app flags', () => {
    expect(decide({ search: '?city_id=2' })).toEqual({ cacheable: false, reason: 'query' });
    expect(decide({ pathname: '/', search: '?mobile_app=1' })).toEqual({ cacheable: false, reason: 'query' });
  });

  it('renders a page parameter the cache does not know instead of dropping it (the product page’s accessory group)', () => {
    const product = '/catalog/smartfony/224/331';
    expect(decide({ pathname: product, search: '?accessory_group=5' })).toEqual({ cacheable: false, reason: 'query' });
    expect(decide({ pathname: product, search: '?utm_source=mail&accessory_group=5' })).toEqual({
      cacheable: false,
      reason: 'query',
    });
    expect(keyOf({ pathname: product, search: '?utm_campaign=x&yclid=1' })).toBe(keyOf({ pathname: product }));
  });

  it('caches for a signed-in customer, an employee, a loyalty card or a coupon: the render never sees those cookies', () => {
    const anonymous = keyOf({});
    for (const name of [
      COOKIE.accessToken,
      COOKIE.refreshToken,
      COOKIE.isAuthOrigin,
      COOKIE.employeePersonnelNumber,
      COOKIE.employeeTradePointNumber,
      COOKIE.employeeName,
      COOKIE.loyaltyCard,
      COOKIE.loyaltyCredentials,
      COOKIE.promoCoupon,
      COOKIE.basketId,
      COOKIE.basketCount,
    ]) {
      const d = decide({ cookies: { [name]: 'x' } });
      expect(d.cacheable && d.key, name).toBe(anonymous);
      expect(d.cacheable && d.renderCookies, name).toEqual({});
    }
  });

  it('renders review pages for a voter (their own votes), caches the rest for them', () => {
    const voter = { [COOKIE.visitorId]: 'v1' };
    expect(decide({ cookies: voter })).toEqual({ cacheable: false, reason: 'personal' });
    expect(decide({ pathname: `${product}/faq`, cookies: voter })).toEqual({ cacheable: false, reason: 'personal' });
    expect(decide({ pathname: '/', cookies: voter }).cacheable).toBe(true);
    expect(decide({ pathname: '/catalog/holodilniki/401', cookies: voter }).cacheable).toBe(true);
  });

  it('keys listings by the tiles-or-rows choice, other pages not', () => {
    const listing = '/catalog/holodilniki/401';
    const rows = decide({ pathname: listing, cookies: { [COOKIE.listingTheme]: ' List ' } });
    expect(rows.cacheable && rows.renderCookies).toEqual({ [COOKIE.listingTheme]: 'list' });
    expect(keyOf({ pathname: listing, cookies: { [COOKIE.listingTheme]: 'list' } })).not.toBe(
      keyOf({ pathname: listing }),
    );
    expect(keyOf({ pathname: listing, cookies: { [COOKIE.listingTheme]: 'bogus' } })).toBe(
      keyOf({ pathname: listing }),
    );
    expect(keyOf({ cookies: { [COOKIE.listingTheme]: 'list' } })).toBe(keyOf({}));
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

describe('normalizePageQuery', () => {
  it('keeps filters, sort, search text and page, sorted; drops the rest', () => {
    expect(normalizePageQuery('')).toBe('');
    expect(normalizePageQuery('?utm_source=a&yclid=1')).toBe('');
    expect(normalizePageQuery('?q=tv&page=2&per_page=24')).toBe('?page=2&per_page=24&q=tv');
    expect(normalizePageQuery('?app=1')).toBeNull();
  });
});

describe('parsePageTags', () => {
  it('reads product, category and all-pages tags; ignores anything else', () => {
    expect(parsePageTags('p:1 c:22  p:3 *')).toEqual(['p:1', 'c:22', 'p:3', '*']);
    expect(parsePageTags('p:x c: other p:1')).toEqual(['p:1']);
    expect(parsePageTags(null)).toEqual([]);
  });
});
