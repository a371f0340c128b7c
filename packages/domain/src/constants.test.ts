import { describe, expect, it } from 'vitest';
import {
  BRANCH_COOKIE_MAX_AGE_S,
  BROWSER_STORAGE_KEY,
  CITY_COOKIE_MAX_AGE_S,
  COOKIE,
  DEFAULT_BRANCH,
  DEFAULT_CITY_ALIAS,
  DELIVERY_TYPE_IDS,
  DIGITAL_CATEGORY_IDS,
  EMPLOYEE_COOKIES,
  FILTER_DEFAULT_CATEGORY_ID,
  FOOTER_LAZY_MARGIN_PX,
  MAIN_PAGE_ID,
  MIN_PRICE_TO_BUY,
  PAGE_SIZES,
  PAYMENT_TYPE_IDS,
  REPAIR_CATEGORY_ID,
  SCROLL_UP_THRESHOLD_PX,
  SEARCH_HISTORY_LIMIT,
  SERVICE_CATEGORY_ID,
  SERVICE_CENTER_STORE_TYPE,
  STORE_EXPANDS,
  STORE_LIST_TYPES,
  STORE_TYPE_LABELS,
  STORE_TYPE_NAMES,
  STORE_TYPES,
  TIMINGS,
  USED_AND_DEMO_WARRANTY_DAYS,
} from './constants.ts';

describe('defaults and categories', () => {
  it('match SPEC §9', () => {
    expect(DEFAULT_CITY_ALIAS).toBe('moskva');
    expect(DEFAULT_BRANCH).toBe('A');
    expect(MAIN_PAGE_ID).toBe(5);
    expect(FILTER_DEFAULT_CATEGORY_ID).toBe(224);
    expect(DIGITAL_CATEGORY_IDS).toEqual([1, 13, 19, 29, 46]);
    expect(SERVICE_CATEGORY_ID).toBe(26);
    expect(REPAIR_CATEGORY_ID).toBe(60);
    expect(USED_AND_DEMO_WARRANTY_DAYS).toBe(90);
  });
});

describe('stores', () => {
  it('has the type codes and labels', () => {
    expect(STORE_TYPES).toEqual({
      multicenter: 1,
      parcelLocker: [9, 12],
      pickupPoint: [10, 13, 14],
      serviceCenter: 99,
    });
    expect(SERVICE_CENTER_STORE_TYPE).toBe(99);
    expect(STORE_TYPE_LABELS).toEqual({ multicenter: 'Мультицентры', parcelLocker: 'Постаматы', pickupPoint: 'ПВЗ' });
    expect(STORE_TYPE_NAMES).toEqual({
      multicenter: 'Мультицентр',
      parcelLocker: 'Постамат',
      pickupPoint: 'Пункт выдачи',
    });
  });

  it('lists the types the store call asks for (1,9,10,12,13,14)', () => {
    expect(STORE_LIST_TYPES).toEqual([1, 9, 10, 12, 13, 14]);
  });

  it('lists the expand fields of the store calls in the order of §7', () => {
    expect(STORE_EXPANDS).toEqual([
      'address',
      'availability',
      'stations',
      'type',
      'longitude',
      'latitude',
      'work_time_line',
      'brand',
      'directions',
    ]);
  });

  it('store groups use the same ids as the matching delivery types', () => {
    expect(STORE_TYPES.pickupPoint).toEqual(DELIVERY_TYPE_IDS.pickupPoint);
    expect(STORE_TYPES.parcelLocker).toEqual(DELIVERY_TYPE_IDS.postbox);
  });
});

describe('page sizes', () => {
  it('match SPEC §9', () => {
    expect(PAGE_SIZES).toEqual({
      listing: 24,
      productsByIds: 20,
      tagLists: [12, 7],
      warranties: 15,
      stores: 250,
      articles: 100,
      tradeIn: 100,
      filters: 100,
      cities: 100,
      series: 100,
      related: 20,
      comments: 3,
      accountComments: 10,
    });
  });
});

describe('timings', () => {
  it('are in milliseconds', () => {
    expect(TIMINGS.chunkReloadGuardMs).toBe(60_000);
    expect(TIMINGS.loadingBarMs).toBe(5000);
    expect(TIMINGS.loadingBarThrottleMs).toBe(200);
    expect(TIMINGS.searchDebounceMs).toBe(500);
    expect(TIMINGS.fetchMinDelayMs).toBe(200);
    expect(TIMINGS.tagSynonymsCacheMs).toBe(2 * 60 * 60 * 1000);
    expect(TIMINGS.menuCacheMs).toBe(60 * 60 * 1000);
    expect(TIMINGS.searchHistoryCookieMs).toBe(6 * 60 * 60 * 1000);
    expect(TIMINGS.compareCategoryCookieMs).toBe(360 * 24 * 60 * 60 * 1000);
    expect(TIMINGS.halfHourMs).toBe(30 * 60 * 1000);
  });

  it('city and branch cookies live 31 days, in seconds', () => {
    expect(CITY_COOKIE_MAX_AGE_S).toBe(2_678_400);
    expect(BRANCH_COOKIE_MAX_AGE_S).toBe(CITY_COOKIE_MAX_AGE_S);
    expect(CITY_COOKIE_MAX_AGE_S * 1000).toBe(TIMINGS.thirtyOneDaysMs);
  });
});

describe('delivery and payment ids', () => {
  it('match SPEC §9', () => {
    expect(DELIVERY_TYPE_IDS).toMatchObject({
      express: 27,
      supplierCourier: 46,
      supplierPickup: 52,
      specialCategoryDefault: 8,
      preorder: 10,
    });
    expect(PAYMENT_TYPE_IDS).toEqual({
      cash: 1,
      courierOnline: 2,
      courierCash: 3,
      nonCash: 5,
      creditOnPlace: 12,
      creditOnline: 13,
      online: 17,
      buyNowPayLater: 19,
      bankInstalment: 20,
      specialCategoryDefault: 20,
      wallet: [32, 33],
      loan: 48,
      fastPaymentsSystem: 64,
    });
  });
});

describe('display and money', () => {
  it('has layout and search limits', () => {
    expect(SCROLL_UP_THRESHOLD_PX).toBe(300);
    expect(FOOTER_LAZY_MARGIN_PX).toBe(1000);
    expect(SEARCH_HISTORY_LIMIT).toBe(7);
  });

  it('minimum price to buy is 100 ₽ in kopecks', () => {
    expect(MIN_PRICE_TO_BUY).toBe(10_000);
    expect(Number.isInteger(MIN_PRICE_TO_BUY)).toBe(true);
  });
});

describe('storage keys', () => {
  it('uses the SPEC names', () => {
    expect(COOKIE).toMatchObject({
      branch: 'branch',
      cityId: 'city_id',
      zoneAlias: 'zone_alias',
      cookiesAccepted: 'is_cookies_accepted',
      accessToken: 'access_token',
      listingTheme: 'listingTheme',
      compareProducts: 'compareProducts',
      compareActiveCategory: 'compareActiveCategory',
      favoriteProducts: 'favoriteProducts',
      productYouWatched: 'productYouWatched',
      searchHistory: 'searchHistory',
      searchPlaceholder: 'searchPlaceholder',
      isAuthOrigin: 'isAuthOrigin',
      articleViewsIds: 'article_views_ids',
      loyaltyCard: 'loyaltyCard',
    });
    expect(EMPLOYEE_COOKIES).toEqual(['tt_number', 'tt_name', 'personnel_number', 'employee_name']);
    expect(BROWSER_STORAGE_KEY.cityConfirmed).toBe('cityConfirmed');
    expect(BROWSER_STORAGE_KEY.closedTopBannerId).toBeTruthy();
  });

  it('has no two cookies with the same name', () => {
    const names = Object.values(COOKIE);
    expect(new Set(names).size).toBe(names.length);
  });
});
