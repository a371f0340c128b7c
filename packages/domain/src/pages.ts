// The route table of SPEC §2 as one pure matcher: which page a path is, with its parameters
// checked by the route parameter rules. A path that matches no page, or whose parameters
// break the rules, is null and shows the 404 page. The web routes, SEO and breadcrumbs all use it.
import { isBrandCode, isCityAlias, isNewsType, isNumericId, isSlug, parsePageSegment } from './route-params.ts';

export type ProductTab = 'reviews' | 'faq' | 'availability';

export type StaticPageKey =
  | 'certificate'
  | 'honor'
  | 'login'
  | 'loyalty-login'
  | 'password-reset'
  | 'upos'
  | 'promo-subscribers'
  | 'darim-promokod'
  | 'cart'
  | 'shops'
  | 'delivery'
  | 'delivery-pay'
  | 'favorites'
  | 'compare'
  | 'special-offers'
  | 'news'
  | 'service'
  | 'repair'
  | 'trade-in'
  | 'buyback'
  | 'corporate'
  | 'order-status'
  | 'sitemap'
  | 'dev-outbox';

export type AccountSection =
  'index' | 'profile' | 'orders' | 'order' | 'notice' | 'reviews' | 'faq' | 'mailings' | 'loyalty';

export const INSURANCE_PRODUCTS = ['osago', 'property', 'travel', 'ipoteka', 'accident'] as const;
export const FINANCE_PRODUCTS = ['deposit', 'osago', 'agents'] as const;

export type PageMatch =
  | { kind: 'home' }
  | { kind: 'catalog-index'; categoryId: number | null }
  | { kind: 'category'; categoryCode: string; categoryId: number; page: number }
  | {
      kind: 'product';
      type: string;
      categoryId: number;
      productId: number;
      tab: ProductTab;
      page: number;
      city: string | null;
    }
  | { kind: 'brand'; brandCode: string; categoryCode: string | null; categoryId: number | null; page: number }
  | { kind: 'tag'; tagAlias: string; categoryCode: string | null; categoryId: number | null; page: number }
  | { kind: 'category-tag'; categoryCode: string; categoryId: number; tagAlias: string; page: number }
  | {
      kind: 'series';
      categoryCode: string;
      categoryId: number;
      brandCode: string;
      seriesCode: string;
      modelCode: string | null;
      page: number;
    }
  | {
      kind: 'compatibility';
      categoryCode: string;
      categoryId: number;
      brandCode: string;
      modelCode: string | null;
      page: number;
    }
  | { kind: 'search'; categoryCode: string | null; categoryId: number | null; page: number }
  | { kind: 'static'; key: StaticPageKey }
  | { kind: 'account'; section: AccountSection; page: number; orderId: number | null }
  | { kind: 'cart-payment'; orderId: number }
  | { kind: 'cart-success'; orderId: number }
  | { kind: 'cart-credit'; orderId: number }
  | { kind: 'cart-receipt'; orderId: number }
  | { kind: 'cart-one-click' }
  | { kind: 'cart-corporate' }
  | { kind: 'special-offer'; id: number }
  | { kind: 'store'; slug: string | null }
  | { kind: 'news-type'; type: 'news' | 'press' }
  | { kind: 'news-item'; id: number }
  | { kind: 'insurance'; product: (typeof INSURANCE_PRODUCTS)[number] }
  | { kind: 'finance'; product: (typeof FINANCE_PRODUCTS)[number] }
  | { kind: 'reviews-list'; filters: { type: string; code: string }[] }
  | { kind: 'review'; slug: string }
  | { kind: 'static-promo'; slug: string }
  | { kind: 'constructor-promo'; slug: string };

const STATIC_PATHS: Record<string, StaticPageKey> = {
  certificate: 'certificate',
  cert: 'certificate',
  honor: 'honor',
  'user/login': 'login',
  'user/loyalty': 'loyalty-login',
  'user/password-reset': 'password-reset',
  'user/upos': 'upos',
  'user/promo': 'promo-subscribers',
  'user/darim-promokod': 'darim-promokod',
  cart: 'cart',
  shops: 'shops',
  delivery: 'delivery',
  'delivery/pay': 'delivery-pay',
  'favorite-products': 'favorites',
  compare: 'compare',
  'special-offers': 'special-offers',
  news: 'news',
  // SPEC §2 names these areas (repair, trade-in, corporate) without their routes; the store links to them here.
  service: 'service',
  'service/repair': 'repair',
  'service/trade-in': 'trade-in',
  'service/corporate': 'corporate',
  // SPEC §2's served prefix `likenew`: buyback «Выкуп» (docs/decisions/0043).
  likenew: 'buyback',
  // SPEC §2 has no route for the guest order status lookup (§7 POST /user/order-status); ours.
  'order-status': 'order-status',
  // The HTML site map (ours: SPEC §2 has no route for it; sitemap.xml is its machine-readable twin).
  sitemap: 'sitemap',
  // Operator tools (DEV_TOOLS=on only; the page answers 404 otherwise).
  'dev/outbox': 'dev-outbox',
};

const ACCOUNT_SECTIONS: Record<string, AccountSection> = {
  profile: 'profile',
  notice: 'notice',
  reviews: 'reviews',
  faq: 'faq',
  mailings: 'mailings',
  loyalty: 'loyalty',
};

/** Splits a pathname into decoded segments; a trailing slash is ignored. Null when undecodable. */
export function decodedSegments(pathname: string): string[] | null {
  const parts = pathname.split('/').filter((s) => s !== '');
  try {
    return parts.map((s) => decodeURIComponent(s));
  } catch {
    return null;
  }
}

/** An optional trailing page-N: returns [page, rest] or null when the last segment looks like a page but is invalid. */
function takePage(segments: string[]): { page: number; rest: string[] } | null {
  const last = segments.at(-1);
  if (last !== undefined && last.startsWith('page-')) {
    const page = parsePageSegment(last);
    return page === null ? null : { page, rest: segments.slice(0, -1) };
  }
  return { page: 1, rest: segments };
}

const id = (s: string) => (isNumericId(s) ? Number(s) : null);

function matchCatalog(s: string[]): PageMatch | null {
  // s excludes the leading 'catalog'.
  if (s.length === 0) return { kind: 'catalog-index', categoryId: null };
  if (s.length === 1) {
    const categoryId = id(s[0]!);
    return categoryId === null ? null : { kind: 'catalog-index', categoryId };
  }
  if (s[0] === 'brand') return matchBrand(s.slice(1));
  if (s[0] === 'tag') return matchTag(s.slice(1));

  const [code, catId, third, ...tail] = s as [string, string, ...string[]];
  const categoryId = id(catId);
  if (!isSlug(code) || categoryId === null) return null;
  if (third === undefined) return { kind: 'category', categoryCode: code, categoryId, page: 1 };

  // Third segment: a product id, a listing page, or the start of a tag, compatibility or series listing.
  const productId = id(third);
  if (productId !== null) return matchProduct(code, categoryId, productId, tail);
  if (tail.length === 0) {
    const page = parsePageSegment(third);
    return page === null ? null : { kind: 'category', categoryCode: code, categoryId, page };
  }
  if (third === 'tag') {
    const paged = takePage(tail);
    if (!paged || paged.rest.length !== 1 || !isSlug(paged.rest[0]!)) return null;
    return { kind: 'category-tag', categoryCode: code, categoryId, tagAlias: paged.rest[0]!, page: paged.page };
  }
  if (third === 'compatibility') {
    const paged = takePage(tail);
    if (!paged || paged.rest.length < 1 || paged.rest.length > 2 || !paged.rest.every(isBrandCode)) return null;
    return {
      kind: 'compatibility',
      categoryCode: code,
      categoryId,
      brandCode: paged.rest[0]!,
      modelCode: paged.rest[1] ?? null,
      page: paged.page,
    };
  }
  const paged = takePage([third, ...tail]);
  if (!paged || paged.rest.length < 2 || paged.rest.length > 3 || !paged.rest.every(isBrandCode)) return null;
  return {
    kind: 'series',
    categoryCode: code,
    categoryId,
    brandCode: paged.rest[0]!,
    seriesCode: paged.rest[1]!,
    modelCode: paged.rest[2] ?? null,
    page: paged.page,
  };
}

function matchProduct(type: string, categoryId: number, productId: number, tail: string[]): PageMatch | null {
  const base = { kind: 'product' as const, type, categoryId, productId, page: 1, city: null };
  if (tail.length === 0) return { ...base, tab: 'reviews' };
  if (tail[0] === 'faq' && tail.length <= 2) {
    if (tail.length === 1) return { ...base, tab: 'faq' };
    const page = parsePageSegment(tail[1]!);
    return page === null ? null : { ...base, tab: 'faq', page };
  }
  if (tail[0] === 'availability' && tail.length <= 2) {
    if (tail.length === 1) return { ...base, tab: 'availability' };
    return isCityAlias(tail[1]!) ? { ...base, tab: 'availability', city: tail[1]! } : null;
  }
  return null;
}

function matchBrand(s: string[]): PageMatch | null {
  const paged = takePage(s);
  if (!paged) return null;
  const [brandCode, categoryCode, catId, ...extra] = paged.rest;
  if (brandCode === undefined || !isBrandCode(brandCode) || extra.length > 0) return null;
  if (categoryCode === undefined)
    return { kind: 'brand', brandCode, categoryCode: null, categoryId: null, page: paged.page };
  const categoryId = catId === undefined ? null : id(catId);
  if (!isSlug(categoryCode) || categoryId === null) return null;
  return { kind: 'brand', brandCode, categoryCode, categoryId, page: paged.page };
}

function matchTag(s: string[]): PageMatch | null {
  const paged = takePage(s);
  if (!paged) return null;
  const [tagAlias, categoryCode, catId, ...extra] = paged.rest;
  if (tagAlias === undefined || !isSlug(tagAlias) || extra.length > 0) return null;
  if (categoryCode === undefined)
    return { kind: 'tag', tagAlias, categoryCode: null, categoryId: null, page: paged.page };
  const categoryId = catId === undefined ? null : id(catId);
  if (!isSlug(categoryCode) || categoryId === null) return null;
  return { kind: 'tag', tagAlias, categoryCode, categoryId, page: paged.page };
}

function matchAccount(s: string[]): PageMatch | null {
  const base = { kind: 'account' as const, page: 1, orderId: null };
  if (s.length === 0) return { ...base, section: 'index' };
  const [section, arg, ...extra] = s as [string, ...string[]];
  if (extra.length > 0) return null;
  if (section === 'orders') {
    if (arg === undefined) return { ...base, section: 'orders' };
    const orderId = id(arg);
    if (orderId !== null) return { ...base, section: 'order', orderId };
    const page = parsePageSegment(arg);
    return page === null ? null : { ...base, section: 'orders', page };
  }
  const known = ACCOUNT_SECTIONS[section];
  return known && arg === undefined ? { ...base, section: known } : null;
}

function matchReviewsList(s: string[]): PageMatch | null {
  // /reviews/list[/category-x][/brand-y][/badge-z] in several combinations, or /{tagType}-{tagCode}, or badge-text.
  const filters: { type: string; code: string }[] = [];
  for (const segment of s) {
    const dash = segment.indexOf('-');
    if (dash <= 0 || dash === segment.length - 1) return null;
    const type = segment.slice(0, dash);
    const code = segment.slice(dash + 1);
    if (!/^[a-z]+$/.test(type) || !isBrandCode(code)) return null;
    if (filters.some((f) => f.type === type)) return null;
    filters.push({ type, code });
  }
  return filters.length <= 3 ? { kind: 'reviews-list', filters } : null;
}

export function matchPage(pathname: string): PageMatch | null {
  const s = decodedSegments(pathname);
  if (s === null) return null;
  if (s.length === 0) return { kind: 'home' };
  const [head, ...rest] = s as [string, ...string[]];
  const joined = s.join('/');
  const staticKey = STATIC_PATHS[joined];
  if (staticKey) return { kind: 'static', key: staticKey };

  switch (head) {
    case 'catalog':
      return matchCatalog(rest);
    case 'search': {
      const paged = takePage(rest);
      if (!paged || paged.rest.length > 2) return null;
      const [categoryCode, catId] = paged.rest;
      if (categoryCode === undefined) return { kind: 'search', categoryCode: null, categoryId: null, page: paged.page };
      const categoryId = catId === undefined ? null : id(catId);
      if (!isSlug(categoryCode) || categoryId === null) return null;
      return { kind: 'search', categoryCode, categoryId, page: paged.page };
    }
    case 'account':
      return matchAccount(rest);
    case 'cart': {
      if (rest.length === 2 && rest[0] === 'payment') {
        const orderId = id(rest[1]!);
        return orderId === null ? null : { kind: 'cart-payment', orderId };
      }
      // The thank-you page of a placed order (after checkout and after paying).
      if (rest.length === 2 && rest[0] === 'success') {
        const orderId = id(rest[1]!);
        return orderId === null ? null : { kind: 'cart-success', orderId };
      }
      // The credit application of an order paid by credit, instalment or loan (issue 17).
      if (rest.length === 2 && rest[0] === 'credit') {
        const orderId = id(rest[1]!);
        return orderId === null ? null : { kind: 'cart-credit', orderId };
      }
      // The receipt of a paid order (ours: guests who own the order by basket open it too).
      if (rest.length === 2 && rest[0] === 'receipt') {
        const orderId = id(rest[1]!);
        return orderId === null ? null : { kind: 'cart-receipt', orderId };
      }
      // The one-click checkout and the corporate fast order (decision 0008).
      if (rest.length === 1 && rest[0] === 'one-click') return { kind: 'cart-one-click' };
      if (rest.length === 1 && rest[0] === 'corporate') return { kind: 'cart-corporate' };
      return null;
    }
    case 'special-offers': {
      const offerId = rest.length === 1 ? id(rest[0]!) : null;
      return offerId === null ? null : { kind: 'special-offer', id: offerId };
    }
    case 'store':
      if (rest.length === 0) return { kind: 'store', slug: null };
      return rest.length === 1 && isSlug(rest[0]!) ? { kind: 'store', slug: rest[0]! } : null;
    case 'news': {
      if (rest.length !== 1) return null;
      const value = rest[0]!;
      if (isNewsType(value)) return { kind: 'news-type', type: value };
      const newsId = id(value);
      return newsId === null ? null : { kind: 'news-item', id: newsId };
    }
    case 'insurance': {
      const product = INSURANCE_PRODUCTS.find((p) => rest.length === 1 && p === rest[0]);
      return product ? { kind: 'insurance', product } : null;
    }
    case 'finance': {
      const product = FINANCE_PRODUCTS.find((p) => rest.length === 1 && p === rest[0]);
      return product ? { kind: 'finance', product } : null;
    }
    case 'reviews':
      if (rest[0] === 'list') return matchReviewsList(rest.slice(1));
      if (rest[0] === 'view' && rest.length === 2 && isSlug(rest[1]!)) return { kind: 'review', slug: rest[1]! };
      return null;
    case 'prm':
      return rest.length === 1 && isSlug(rest[0]!) ? { kind: 'static-promo', slug: rest[0]! } : null;
    case 'promo':
      return rest.length === 1 && isSlug(rest[0]!) ? { kind: 'constructor-promo', slug: rest[0]! } : null;
    default:
      return null;
  }
}

/** The kinds of page that are a listing of products: each has a page number and a page-N path. */
export const LISTING_PAGE_KINDS = [
  'category',
  'brand',
  'tag',
  'category-tag',
  'series',
  'compatibility',
  'search',
] as const;
export type ListingPageKind = (typeof LISTING_PAGE_KINDS)[number];
export type ListingPageMatch = Extract<PageMatch, { kind: ListingPageKind }>;

/**
 * The one rule for which paths are listing pages (the API's listing, every web route that can receive
 * a listing path, and the pager all use it): the path's page when it is a listing, else null.
 * Web routes whose path patterns overlap (a 4-segment /catalog/brand/apple/page-2 looks like a product
 * path) must ask this instead of trusting which route matched.
 */
export function listingPageOf(pathnameOrMatch: string | PageMatch | null): ListingPageMatch | null {
  const match = typeof pathnameOrMatch === 'string' ? matchPage(pathnameOrMatch) : pathnameOrMatch;
  if (!match) return null;
  return (LISTING_PAGE_KINDS as readonly string[]).includes(match.kind) ? (match as ListingPageMatch) : null;
}

/** Titles of pages whose wording does not come from the catalogue. */
export const STATIC_PAGE_TITLES: Record<StaticPageKey, string> = {
  certificate: 'Подарочные сертификаты',
  honor: 'HONOR',
  login: 'Вход в личный кабинет',
  'loyalty-login': 'Вход в «Мультионы»',
  'password-reset': 'Восстановление пароля',
  upos: 'Регистрация сотрудника',
  'promo-subscribers': 'Промокод для подписчиков',
  'darim-promokod': 'Дарим промокод',
  cart: 'Корзина',
  shops: 'Магазины',
  delivery: 'Доставка',
  'delivery-pay': 'Оплата',
  favorites: 'Избранное',
  compare: 'Сравнение товаров',
  'special-offers': 'Акции',
  news: 'Новости',
  service: 'Сервисный центр',
  repair: 'Ремонт техники',
  'trade-in': 'Trade-in: обмен старой техники на новую',
  buyback: 'Выкуп техники',
  corporate: 'Корпоративным клиентам',
  'order-status': 'Статус заказа',
  sitemap: 'Карта сайта',
  'dev-outbox': 'Исходящие сообщения',
};

export const ACCOUNT_SECTION_TITLES: Record<AccountSection, string> = {
  index: 'Личный кабинет',
  profile: 'Мои данные',
  orders: 'Мои заказы',
  order: 'Заказ',
  notice: 'Уведомления',
  reviews: 'Отзывы',
  faq: 'Вопросы и ответы',
  mailings: 'Настройка рассылок',
  loyalty: 'Мультионы',
};

export const INSURANCE_TITLES: Record<(typeof INSURANCE_PRODUCTS)[number], string> = {
  osago: 'Страхование ОСАГО',
  property: 'Страхование имущества',
  travel: 'Страхование путешественников',
  ipoteka: 'Ипотечное страхование',
  accident: 'Страхование от несчастных случаев',
};

export const FINANCE_TITLES: Record<(typeof FINANCE_PRODUCTS)[number], string> = {
  deposit: 'Вклады',
  osago: 'ОСАГО онлайн',
  agents: 'Агентам',
};
