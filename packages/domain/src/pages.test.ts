import { describe, expect, it } from 'vitest';
import { decodedSegments, listingPageOf, matchPage } from './pages.ts';

describe('matchPage: the route table of SPEC §2', () => {
  it.each([
    ['/', { kind: 'home' }],
    ['/catalog', { kind: 'catalog-index', categoryId: null }],
    ['/catalog/224', { kind: 'catalog-index', categoryId: 224 }],
    ['/catalog/smartfony/224', { kind: 'category', categoryCode: 'smartfony', categoryId: 224, page: 1 }],
    ['/catalog/smartfony/224/page-3', { kind: 'category', categoryCode: 'smartfony', categoryId: 224, page: 3 }],
    ['/catalog/smartfony/224/', { kind: 'category', categoryCode: 'smartfony', categoryId: 224, page: 1 }],
  ])('%s', (path, expected) => {
    expect(matchPage(path)).toEqual(expected);
  });

  it('tells a product from a listing page in the third segment', () => {
    expect(matchPage('/catalog/smartfony/224/1001')).toEqual({
      kind: 'product',
      type: 'smartfony',
      categoryId: 224,
      productId: 1001,
      tab: 'reviews',
      page: 1,
      city: null,
    });
  });

  it('matches the product child routes: faq with an optional page, availability with an optional city', () => {
    expect(matchPage('/catalog/x/224/5/faq')).toMatchObject({ tab: 'faq', page: 1 });
    expect(matchPage('/catalog/x/224/5/faq/page-2')).toMatchObject({ tab: 'faq', page: 2 });
    expect(matchPage('/catalog/x/224/5/availability')).toMatchObject({ tab: 'availability', city: null });
    expect(matchPage('/catalog/x/224/5/availability/sankt-peterburg')).toMatchObject({
      tab: 'availability',
      city: 'sankt-peterburg',
    });
  });

  it.each([
    '/catalog/smartfony/abc/1',
    '/catalog/smartfony/224/1x',
    '/catalog/smartfony/224/page-0',
    '/catalog/smartfony/224/page-',
    '/catalog/smartfony/224/Page-2',
    '/catalog/abc',
    '/catalog/x/224/5/faq/page-x',
    '/catalog/x/224/5/faq/2',
    '/catalog/x/224/5/availability/Moskva',
    '/catalog/x/224/5/availability/moskva1',
    '/catalog/x/224/5/reviews',
    '/catalog/x/224/5/faq/page-2/extra',
    '/account/orders/abc',
    '/account/unknown',
    '/cart/payment/abc',
    '/special-offers/abc',
    '/news/blog',
    '/insurance/car',
    '/finance/crypto',
    '/search/a/b/c/d',
    '/nope',
    '/%E0%A4%A',
  ])('rejects %s', (path) => {
    expect(matchPage(path)).toBeNull();
  });

  it('matches brand listings with codes of letters, digits, underscore, dot, ampersand and hyphen', () => {
    expect(matchPage('/catalog/brand/b&o')).toEqual({
      kind: 'brand',
      brandCode: 'b&o',
      categoryCode: null,
      categoryId: null,
      page: 1,
    });
    expect(matchPage('/catalog/brand/dr.web/antivirusy/46/page-2')).toEqual({
      kind: 'brand',
      brandCode: 'dr.web',
      categoryCode: 'antivirusy',
      categoryId: 46,
      page: 2,
    });
    expect(matchPage('/catalog/brand/bad%20code')).toBeNull();
    expect(matchPage('/catalog/brand/apple/smartfony')).toBeNull();
  });

  it('matches series, model, tag and compatibility listings', () => {
    expect(matchPage('/catalog/smartfony/224/samsung/galaxy-a')).toMatchObject({
      kind: 'series',
      brandCode: 'samsung',
      seriesCode: 'galaxy-a',
      modelCode: null,
      page: 1,
    });
    expect(matchPage('/catalog/smartfony/224/samsung/galaxy-a/a55/page-2')).toMatchObject({
      kind: 'series',
      modelCode: 'a55',
      page: 2,
    });
    expect(matchPage('/catalog/smartfony/224/tag/hity/page-4')).toEqual({
      kind: 'category-tag',
      categoryCode: 'smartfony',
      categoryId: 224,
      tagAlias: 'hity',
      page: 4,
    });
    expect(matchPage('/catalog/chehly/150/compatibility/apple/iphone-15')).toMatchObject({
      kind: 'compatibility',
      brandCode: 'apple',
      modelCode: 'iphone-15',
    });
    expect(matchPage('/catalog/tag/novinki')).toMatchObject({ kind: 'tag', tagAlias: 'novinki', categoryId: null });
    expect(matchPage('/catalog/tag/novinki/smartfony/224/page-2')).toMatchObject({
      kind: 'tag',
      categoryId: 224,
      page: 2,
    });
  });

  it('matches search with optional category and page', () => {
    expect(matchPage('/search')).toEqual({ kind: 'search', categoryCode: null, categoryId: null, page: 1 });
    expect(matchPage('/search/smartfony/224/page-2')).toEqual({
      kind: 'search',
      categoryCode: 'smartfony',
      categoryId: 224,
      page: 2,
    });
    expect(matchPage('/search/smartfony')).toBeNull();
  });

  it('matches the account area and its order routes', () => {
    expect(matchPage('/account')).toMatchObject({ kind: 'account', section: 'index' });
    expect(matchPage('/account/orders/page-3')).toMatchObject({ section: 'orders', page: 3 });
    expect(matchPage('/account/orders/123')).toMatchObject({ section: 'order', orderId: 123 });
    expect(matchPage('/account/loyalty')).toMatchObject({ section: 'loyalty' });
  });

  it('matches the other sections of §2', () => {
    expect(matchPage('/cert')).toEqual({ kind: 'static', key: 'certificate' });
    expect(matchPage('/user/upos')).toEqual({ kind: 'static', key: 'upos' });
    expect(matchPage('/service/trade-in')).toEqual({ kind: 'static', key: 'trade-in' });
    expect(matchPage('/likenew')).toEqual({ kind: 'static', key: 'buyback' });
    expect(matchPage('/cart/payment/77')).toEqual({ kind: 'cart-payment', orderId: 77 });
    expect(matchPage('/cart/success/1000001')).toEqual({ kind: 'cart-success', orderId: 1000001 });
    expect(matchPage('/cart/receipt/1000001')).toEqual({ kind: 'cart-receipt', orderId: 1000001 });
    expect(matchPage('/cart/receipt/abc')).toBeNull();
    expect(matchPage('/cart/success/abc')).toBeNull();
    expect(matchPage('/cart/one-click')).toEqual({ kind: 'cart-one-click' });
    expect(matchPage('/cart/corporate')).toEqual({ kind: 'cart-corporate' });
    expect(matchPage('/cart/one-click/5')).toBeNull();
    expect(matchPage('/store')).toEqual({ kind: 'store', slug: null });
    expect(matchPage('/news/press')).toEqual({ kind: 'news-type', type: 'press' });
    expect(matchPage('/news/15')).toEqual({ kind: 'news-item', id: 15 });
    expect(matchPage('/insurance/ipoteka')).toEqual({ kind: 'insurance', product: 'ipoteka' });
    expect(matchPage('/finance/agents')).toEqual({ kind: 'finance', product: 'agents' });
    expect(matchPage('/reviews/list/category-smartfony/brand-apple')).toEqual({
      kind: 'reviews-list',
      filters: [
        { type: 'category', code: 'smartfony' },
        { type: 'brand', code: 'apple' },
      ],
    });
    expect(matchPage('/reviews/list/badge-text')).toMatchObject({ filters: [{ type: 'badge', code: 'text' }] });
    expect(matchPage('/reviews/list/brand-a/brand-b')).toBeNull();
    expect(matchPage('/reviews/view/obzor-iphone')).toEqual({ kind: 'review', slug: 'obzor-iphone' });
    expect(matchPage('/prm/personal-data')).toEqual({ kind: 'static-promo', slug: 'personal-data' });
    expect(matchPage('/promo/black-friday')).toEqual({ kind: 'constructor-promo', slug: 'black-friday' });
  });

  it('decodes segments and refuses undecodable ones', () => {
    expect(decodedSegments('/catalog/brand/b%26o/')).toEqual(['catalog', 'brand', 'b&o']);
    expect(decodedSegments('/%E0%A4%A')).toBeNull();
  });
});

describe('listingPageOf: the one rule for which paths are listing pages', () => {
  it.each([
    ['/catalog/smartfony/224/page-2', 'category', 2],
    ['/catalog/brand/apple/page-2', 'brand', 2],
    ['/catalog/brand/lg/page-3', 'brand', 3],
    ['/catalog/brand/apple/smartfony/224/page-2', 'brand', 2],
    ['/catalog/tag/holodilniki-no-frost/page-2', 'tag', 2],
    ['/catalog/tag/holodilniki-no-frost/holodilniki/401/page-2', 'tag', 2],
    ['/catalog/smartfony/224/tag/novinki/page-2', 'category-tag', 2],
    ['/catalog/smartfony/224/apple/iphone-15/page-2', 'series', 2],
    ['/catalog/chehly/300/compatibility/apple/page-2', 'compatibility', 2],
    ['/search/page-2', 'search', 2],
    ['/search/smartfony/224/page-4', 'search', 4],
  ])('%s is a %s listing, page %i', (path, kind, page) => {
    expect(listingPageOf(path)).toMatchObject({ kind, page });
  });

  it.each([
    '/catalog/smartfony/224/123',
    '/catalog',
    '/cart',
    '/catalog/brand/apple/page-0',
    '/catalog/tag/x/y/page-2',
  ])('%s is no listing', (path) => {
    expect(listingPageOf(path)).toBeNull();
  });
});
