import { describe, expect, it } from 'vitest';
import { isCertificatePath, isMobileAppMode, isProductPagePath, layoutForPath, showsMobileTabBar } from './layout.ts';

describe('layoutForPath', () => {
  it.each([
    ['/cart', 'checkout'],
    ['/cart/', 'checkout'],
    ['/cart/payment/15', 'checkout'],
    ['/cart?step=delivery', 'checkout'],
    ['/insurance/osago', 'insurance'],
    ['/insurance/travel/', 'insurance'],
    ['/insurance', 'default'],
    ['/', 'default'],
    ['/cartridges', 'default'],
    ['/catalog/cart/1', 'default'],
    ['/insurances/osago', 'default'],
    ['/finance/osago', 'insurance'],
    ['/finance', 'default'],
  ] as const)('%s → %s', (path, layout) => {
    expect(layoutForPath(path)).toBe(layout);
  });
});

describe('product and certificate pages', () => {
  it.each([
    '/catalog/smartfony/224/1001',
    '/catalog/smartfony/224/1001/',
    '/catalog/smartfony/224/1001/faq',
    '/catalog/smartfony/224/1001/faq/page-2',
    '/catalog/smartfony/224/1001/availability',
    '/catalog/smartfony/224/1001/availability/sankt-peterburg',
    '/catalog/smartfony/224/1001#reviews',
  ])('%s is a product page without the tab bar', (path) => {
    expect(isProductPagePath(path)).toBe(true);
    expect(showsMobileTabBar(path)).toBe(false);
  });

  it.each([
    '/catalog',
    '/catalog/224',
    '/catalog/smartfony/224',
    '/catalog/smartfony/224/page-2',
    '/catalog/smartfony/224/apple',
    '/catalog/smartfony/224/apple/iphone',
    '/catalog/smartfony/abc/1001',
    '/catalog/smartfony/224/1001/reviews',
    '/smartfony/224/1001',
  ])('%s is not a product page and shows the tab bar', (path) => {
    expect(isProductPagePath(path)).toBe(false);
    expect(showsMobileTabBar(path)).toBe(true);
  });

  it('certificate pages hide the tab bar', () => {
    expect(isCertificatePath('/certificate')).toBe(true);
    expect(isCertificatePath('/cert/')).toBe(true);
    expect(isCertificatePath('/cert/activate')).toBe(true);
    expect(isCertificatePath('/certificates')).toBe(false);
    expect(showsMobileTabBar('/certificate')).toBe(false);
    expect(showsMobileTabBar('/cert')).toBe(false);
  });

  it('other pages show the tab bar', () => {
    expect(showsMobileTabBar('/')).toBe(true);
    expect(showsMobileTabBar('/cart')).toBe(true);
    expect(showsMobileTabBar('/search?query=tv')).toBe(true);
  });
});

describe('isMobileAppMode', () => {
  it('is on with ?mobile_app=1 or ?app=1 (or true)', () => {
    expect(isMobileAppMode('?mobile_app=1', undefined)).toBe(true);
    expect(isMobileAppMode(new URLSearchParams('app=1'), null)).toBe(true);
    expect(isMobileAppMode('?app=true', '')).toBe(true);
    expect(isMobileAppMode('/shops?mobile_app=TRUE', '')).toBe(true);
  });

  it('is on when the user agent carries the app token', () => {
    expect(isMobileAppMode('', 'Mozilla/5.0 (iPhone) AppleWebKit/605.1.15 StoreApp/3.2')).toBe(true);
    expect(isMobileAppMode('', 'Mozilla/5.0 (Linux; Android 14) storeapp')).toBe(true);
  });

  it('is off otherwise', () => {
    expect(isMobileAppMode('', 'Mozilla/5.0 (iPhone) Safari/604.1')).toBe(false);
    expect(isMobileAppMode('?mobile_app=0&app=', undefined)).toBe(false);
    expect(isMobileAppMode('?application=1', 'MyStoreAppX')).toBe(false);
    expect(isMobileAppMode('', null)).toBe(false);
  });
});
