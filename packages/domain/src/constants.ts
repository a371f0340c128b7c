// Business constants of SPEC §9 (and the storage keys of §3), named in the shop's words.
// Everything here is plain data: no I/O, no environment reads.

const SECOND_MS = 1000;
const MINUTE_MS = 60 * SECOND_MS;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;
const DAY_S = 24 * 60 * 60;

// ---------------------------------------------------------------- Defaults

/** City used when nothing else selects one (§9 Defaults, §2 Product page tabs). */
export const DEFAULT_CITY_ALIAS = 'moskva';
/** A/B test branch code when the server gives none (§3 Feature flags). */
export const DEFAULT_BRANCH = 'A';
/** Home page blocks are loaded for this main-page id (§2 Main routes). */
export const MAIN_PAGE_ID = 5;
/** Category used by the filters call when no category is in the route (§9 Defaults). */
export const FILTER_DEFAULT_CATEGORY_ID = 224;
/** Trade-in calculator used when none is chosen (§9 Defaults). */
export const DEFAULT_TRADE_IN_CALCULATOR_ID = 1;

/** Listing, reviews and FAQ defaults (§4 Listing and reviews defaults). */
export const LISTING_DEFAULTS = {
  sort: '-popularity',
  /** The search variant sorts by relevance instead. */
  searchSort: '-relevance',
  theme: 'tile',
  page: 1,
} as const;
export const REVIEWS_DEFAULT_SORT = '-date';
export const FAQ_DEFAULTS = { sort: '-date', page: 1 } as const;
export const ACCOUNT_COMMENTS_SORT = '-rate';
export const ACCESSORY_DEFAULTS = { sort: '-popularity', page: 1 } as const;
/** Default store sort on the availability tab (§4 Availability). */
export const STORES_DEFAULT_SORT = 'date';

// ---------------------------------------------------------------- Categories

/** Digital goods: no «Наличие и доставка» tab for them (§9 Categories). */
export const DIGITAL_CATEGORY_IDS: readonly number[] = [1, 13, 19, 29, 46];
export const SERVICE_CATEGORY_ID = 26;
export const REPAIR_CATEGORY_ID = 60;

// ---------------------------------------------------------------- Stores

/** Service centres come from /v2/service-centers and are typed 99 (§7 Stores). */
export const SERVICE_CENTER_STORE_TYPE = 99;

/** Store type codes: one multicenter code, several codes per locker / pickup-point group. */
export const STORE_TYPES = {
  multicenter: 1,
  parcelLocker: [9, 12],
  pickupPoint: [10, 13, 14],
  serviceCenter: SERVICE_CENTER_STORE_TYPE,
} as const;

export type StoreGroup = 'multicenter' | 'parcelLocker' | 'pickupPoint';

/** Checkbox labels of the store type groups (§9 Display). */
export const STORE_TYPE_LABELS: Readonly<Record<StoreGroup, string>> = {
  multicenter: 'Мультицентры',
  parcelLocker: 'Постаматы',
  pickupPoint: 'ПВЗ',
};

/** One store of a group, as its card on /shops names it. */
export const STORE_TYPE_NAMES: Readonly<Record<StoreGroup, string>> = {
  multicenter: 'Мультицентр',
  parcelLocker: 'Постамат',
  pickupPoint: 'Пункт выдачи',
};

/** Types requested by the store list call (§7 Stores: types 1,9,10,12,13,14). */
export const STORE_LIST_TYPES: readonly number[] = [
  STORE_TYPES.multicenter,
  ...STORE_TYPES.parcelLocker,
  ...STORE_TYPES.pickupPoint,
].sort((a, b) => a - b);

/** The expand fields of the store calls (§7 Stores), in its order: the API's enum and the client's «every field». */
export const STORE_EXPANDS = [
  'address',
  'availability',
  'stations',
  'type',
  'longitude',
  'latitude',
  'work_time_line',
  'brand',
  'directions',
] as const;
export type StoreExpand = (typeof STORE_EXPANDS)[number];

/** Mean earth radius used for store distances, in metres (§4 Availability). */
export const EARTH_RADIUS_M = 6_371_000;

// ---------------------------------------------------------------- Page sizes

export const PAGE_SIZES = {
  listing: 24,
  productsByIds: 20,
  /** Tag lists ask for 12 or 7 products depending on the block. */
  tagLists: [12, 7],
  warranties: 15,
  stores: 250,
  articles: 100,
  tradeIn: 100,
  filters: 100,
  cities: 100,
  series: 100,
  /** Related and similar products. */
  related: 20,
  /** Product page comments and FAQ (also used when the server says per-page 0). */
  comments: 3,
  /** Account variant of comments, sorted -rate. */
  accountComments: 10,
} as const;

/** Special offers paging (§9 Page sizes). */
export const SPECIAL_OFFERS_PAGE_SIZES = {
  mobile: 3,
  tablet: 6,
  desktop: 6,
  default: 12,
  previews: 4,
  /** The preview list under a single offer is capped at 3 and excludes that offer. */
  previewListCap: 3,
} as const;

// ---------------------------------------------------------------- Timings

export const TIMINGS = {
  /** A chunk-load failure reloads the page at most once per this window (§8). */
  chunkReloadGuardMs: 60 * SECOND_MS,
  loadingBarMs: 5000,
  /** The loading bar appears only if navigation takes longer than this. */
  loadingBarThrottleMs: 200,
  searchDebounceMs: 500,
  /** Minimum time a fetch-driven spinner stays, so it does not flash. */
  fetchMinDelayMs: 200,
  tagSynonymsCacheMs: 2 * HOUR_MS,
  menuCacheMs: HOUR_MS,
  /** Signed-in users keep search history in a cookie living 6 hours (§4 Other). */
  searchHistoryCookieMs: 6 * HOUR_MS,
  compareCategoryCookieMs: 12 * 30 * DAY_MS,
  /** "Constants of 30 minutes and 31 days exist" (§9 Timings). */
  halfHourMs: 30 * MINUTE_MS,
  thirtyOneDaysMs: 31 * DAY_MS,
} as const;

// The SPEC does not show the max-age of the city and branch cookies; it does say a
// 31-day constant exists, so both cookies live 31 days.
export const CITY_COOKIE_MAX_AGE_S = 31 * DAY_S;
export const BRANCH_COOKIE_MAX_AGE_S = 31 * DAY_S;

// ---------------------------------------------------------------- Money and goods

// The SPEC names this constant but does not show its value. We chose 100 ₽ (10 000
// kopecks): below that a price is treated as a placeholder and «Купить» is disabled.
export const MIN_PRICE_TO_BUY = 10_000;

/** Used and demo goods carry a 90-day warranty (§4 Product loading). */
export const USED_AND_DEMO_WARRANTY_DAYS = 90;
/** Repair discount price is 90 % of the cost (§9 Trade-in and repair). */
export const REPAIR_DISCOUNT_RATIO = 0.9;
/** An order is kept at the pickup point for delivery date + 5 days (§4 Order status). */
export const ORDER_SHELF_LIFE_DAYS = 5;
/** Warn about expiring bonus points this many days ahead (§4 Bonus history). */
export const EXPIRING_POINTS_WARNING_DAYS = 14;
/** Default courier slot of the repair wizard (§5 Other rules). */
export const REPAIR_DEFAULT_TIME_SLOT = '09:00 - 13:00';

// ---------------------------------------------------------------- Delivery and payment

export const DELIVERY_TYPE_IDS = {
  express: 27,
  supplierCourier: 46,
  supplierPickup: 52,
  /** Default delivery for the service category. */
  specialCategoryDefault: 8,
  preorder: 10,
  pickupPoint: [10, 13, 14],
  postbox: [9, 12],
} as const;

export const PAYMENT_TYPE_IDS = {
  cash: 1,
  courierOnline: 2,
  courierCash: 3,
  nonCash: 5,
  creditOnPlace: 12,
  creditOnline: 13,
  online: 17,
  buyNowPayLater: 19,
  /** Derived id, not sent by the server as such. */
  bankInstalment: 20,
  /** Default payment for the service category. */
  specialCategoryDefault: 20,
  wallet: [32, 33],
  loan: 48,
  fastPaymentsSystem: 64,
} as const;

/** Kinds in the promo and payment type list (§9 Delivery and payment). */
export const PROMO_PAYMENT_KINDS = {
  credit: 1,
  instalment: 2,
  bankInstalment: 3,
  buyNowPayLater: 4,
} as const;

export const EXPRESS_COURIER = {
  defaultMinutes: 30,
  /** Estimates above this are ignored. */
  maxMinutes: 180,
  /** Minutes are rounded to multiples of this. */
  roundToMinutes: 5,
  reserveLabel: 'через 15 минут',
} as const;

// ---------------------------------------------------------------- Accessories

export const ACCESSORY_LIMITS = {
  /** Warranties go into the accessory list at every third position, after 2 items. */
  warrantyEvery: 3,
  warrantyStartAfter: 2,
  /** A bundle shows at most 2 accessories plus the main product. */
  bundleMaxAccessories: 2,
  /** The accessory price share over the starting price is capped at 100 %. */
  maxPercent: 100,
} as const;

// ---------------------------------------------------------------- Display and layout

/** The scroll-up button appears after this much scroll (§2 Layouts). */
export const SCROLL_UP_THRESHOLD_PX = 300;
/** The footer is loaded once it is within this distance of the viewport. */
export const FOOTER_LAZY_MARGIN_PX = 1000;
/** Search history keeps at most this many queries (§4 Other). */
export const SEARCH_HISTORY_LIMIT = 7;
/** The search panel shows this many recently watched products. */
export const SEARCH_PANEL_WATCHED_LIMIT = 3;
/** Fewer receiving points than this sets the latest-products flag (§4 Delivery time text). */
export const LATEST_PRODUCTS_POINTS_THRESHOLD = 10;

export const SEARCH_GROUP_LABELS = {
  categories: 'Категории',
  brands: 'Бренды',
  products: 'Товары',
  recentQueries: 'Недавние запросы',
  recentlyWatched: 'Недавно просмотренные',
} as const;

/** Advent calendar previews are dated 11 to 31 December. */
export const ADVENT_CALENDAR_DAYS = { month: 12, firstDay: 11, lastDay: 31 } as const;

// ---------------------------------------------------------------- Storage keys (§3)

// Names the SPEC spells out are used verbatim. Where it only describes a cookie
// ("branch", "city id", "zone alias", "promo coupon") we picked a snake_case name.
export const COOKIE = {
  branch: 'branch',
  cityId: 'city_id',
  zoneAlias: 'zone_alias',
  cookiesAccepted: 'is_cookies_accepted',
  promoCoupon: 'promo_coupon',
  /** Shared across the whole domain (sub-domains included). */
  loyaltyCard: 'loyaltyCard',
  loyaltyCardBalance: 'loyaltyCardBalance',
  loyaltyCredentials: 'loyaltyCredentials',
  /** The auth cookie: its presence means "signed in". */
  accessToken: 'access_token',
  employeeTradePointNumber: 'tt_number',
  employeeTradePointName: 'tt_name',
  employeePersonnelNumber: 'personnel_number',
  employeeName: 'employee_name',
  compareProducts: 'compareProducts',
  compareActiveCategory: 'compareActiveCategory',
  favoriteProducts: 'favoriteProducts',
  productYouWatched: 'productYouWatched',
  listingTheme: 'listingTheme',
  searchPlaceholder: 'searchPlaceholder',
  searchHistory: 'searchHistory',
  isAuthOrigin: 'isAuthOrigin',
  articleViewsIds: 'article_views_ids',
  /** Mobile-app mode (no header or footer), remembered for the visit. */
  mobileApp: 'mobile_app',
  /** The anonymous voter behind one vote per visitor on reviews and answers (httpOnly). */
  visitorId: 'visitor_id',
  /** The guest's server-side basket (httpOnly, random and unguessable). */
  basketId: 'basket_id',
  /** Items in the basket, readable by scripts so the header counter needs no request. */
  basketCount: 'basket_count',
  /** The refresh token of a signed-in customer (httpOnly); rotated by each refresh (§6). */
  refreshToken: 'refresh_token',
  /** The signed, httpOnly proof behind the readable employee cookies (§3 Employee state). */
  employeeSession: 'employee_session',
} as const;

export type CookieName = (typeof COOKIE)[keyof typeof COOKIE];

/** Employee cookies, all cleared on logout (§4 Other). */
export const EMPLOYEE_COOKIES: readonly CookieName[] = [
  COOKIE.employeeTradePointNumber,
  COOKIE.employeeTradePointName,
  COOKIE.employeePersonnelNumber,
  COOKIE.employeeName,
];

export const BROWSER_STORAGE_KEY = {
  /** Set once the user confirmed or chose a city; hides the confirm-city prompt. */
  cityConfirmed: 'cityConfirmed',
  /** Id of the top info banner the user closed (name not in SPEC; ours). */
  closedTopBannerId: 'closedTopBannerId',
  /** Guests keep search history in session storage under the cookie's name. */
  searchHistory: 'searchHistory',
} as const;
