// Wording and pure helpers of the product page (SPEC §2 Product page tabs, §3 Product, Comment / FAQ
// item, §4 Product loading, Availability, §9 Display): stock summary, watched list, JSON-LD, dates.
import {
  formatMoscowDay,
  formatOneDecimal,
  MOSCOW_UTC_OFFSET_MINUTES,
  deliveryTimeText,
  isPreorderOffer,
  parseIdList,
  PLURAL,
  formatCount,
  isCityAlias,
  isNumericId,
  isSlug,
  parsePageSegment,
  serializeIdList,
  type CreditKind,
  type ProductTab,
  type Vote,
} from '@store/domain';
import type { ProductDetail } from '@store/api';
import { availability, type AvailabilityKind } from './product-card.ts';

/** The productYouWatched cookie keeps the newest 20 ids, oldest first (SPEC §3 Local storage keys). */
export const WATCHED_LIMIT = 20;
/** The «Вы недавно смотрели» row shows up to 10 other products, newest first. */
export const WATCHED_SHOWN = 10;
/** The SPEC gives no lifetime: a year, like favourites and compare. */
export const WATCHED_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** Specifications shown above the tabs; the full table is further down. */
export const SHORT_SPECS_COUNT = 8;

export const questionsText = (n: number) => formatCount(n, PLURAL.question);
export const piecesText = (n: number) => formatCount(n, PLURAL.piece);

/** The cookie value after viewing `productId`: moved to the end (newest), at most 20 ids. */
export function watchedAfterView(cookieValue: string | undefined, productId: number): string {
  const ids = parseIdList(cookieValue, WATCHED_LIMIT).filter((id) => id !== productId);
  return serializeIdList([...ids, productId], WATCHED_LIMIT);
}

/** The other watched products to show, newest first. */
export function watchedToShow(cookieValue: string | undefined, productId: number): number[] {
  return parseIdList(cookieValue, WATCHED_LIMIT)
    .filter((id) => id !== productId)
    .reverse()
    .slice(0, WATCHED_SHOWN);
}

export type StockKind = AvailabilityKind;

/** Stock in the visitor's city as the product page words it: the purchase rule's way (decision 0010). */
export function stockSummary(product: Pick<ProductDetail, 'purchase'>): { kind: StockKind; text: string } {
  return availability(product);
}

const ISO_OFFSET = /([+-]\d{2})$/;

/** '2026-07-25 00:00:00+00' and ISO strings → a Date, or null. */
export function parseServerDate(value: string | null | undefined): Date | null {
  if (!value) return null;
  const iso = value.trim().replace(' ', 'T').replace(ISO_OFFSET, '$1:00');
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? null : date;
}

/**
 * '25 июля 2026' in Moscow time, so the server and the browser print the same day; an unreadable
 * date is an empty string (SPEC §8: date formatting failure). Written without Intl (decision 0063).
 */
export function formatRuDate(value: string | null | undefined, withYear = true): string {
  const date = parseServerDate(value);
  if (!date) return '';
  return formatMoscowDay(date.getTime(), withYear);
}

/** The product's own path: /catalog/{category code}/{category id}/{product id}. */
export function productBasePath(pathname: string): string {
  return `/${pathname.split('/').filter(Boolean).slice(0, 4).join('/')}`;
}

/** The tab a product path shows. */
export function tabOfPath(pathname: string): ProductTab {
  const child = pathname.split('/').filter(Boolean)[4];
  return child === 'faq' ? 'faq' : child === 'availability' ? 'availability' : 'reviews';
}

/**
 * The product and city a product page's path shows (`{product id}|{city alias}`), or null when the path is
 * no product page: the product route's own revalidation rule. The same answer as the domain's
 * `matchPage` for a product path (product.test.ts compares them), without shipping the whole page table
 * of every route to the browser.
 */
export function productPageKey(pathname: string): string | null {
  const [catalog, code, categoryId, productId, tab, arg, ...rest] = pathname.split('/').filter(Boolean);
  if (catalog !== 'catalog' || rest.length > 0 || !code || !categoryId || !productId) return null;
  if (code === 'brand' || code === 'tag' || !isSlug(code) || !isNumericId(categoryId) || !isNumericId(productId)) {
    return null;
  }
  if (tab === undefined) return `${productId}|`;
  if (tab === 'faq' && (arg === undefined || parsePageSegment(arg) !== null)) return `${productId}|`;
  if (tab === 'availability' && (arg === undefined || isCityAlias(arg))) return `${productId}|${arg ?? ''}`;
  return null;
}

/** Link of a tab: '' is the product page itself. */
export const tabHref = (basePath: string, path: string) => (path ? `${basePath}/${path}` : basePath);

/** Server votes are 1 / -1 / null (SPEC §3 Comment / FAQ item); the domain says 'like' / 'dislike'. */
export const voteOf = (value: number | null | undefined): Vote | null =>
  value === 1 ? 'like' : value === -1 ? 'dislike' : null;

type JsonLdAvailability = 'InStock' | 'OutOfStock' | 'PreOrder';

export function schemaAvailability(offer: ProductDetail['offer']): JsonLdAvailability {
  if (isPreorderOffer(offer)) return 'PreOrder';
  return offer.available ? 'InStock' : 'OutOfStock';
}

/** Rubles with kopecks as a schema.org price: 3819000 → '38190.00'. */
export const schemaPrice = (kopecks: number) => (Math.round(kopecks) / 100).toFixed(2);

/** schema.org Product with its Offer, and AggregateRating once reviews exist. */
export function productJsonLd(product: ProductDetail, origin: string): Record<string, unknown> {
  const url = `${origin}${product.url}`;
  const ld: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: product.name,
    sku: String(product.id),
    url,
    image: product.images.map((src) => `${origin}${src}`),
    brand: { '@type': 'Brand', name: product.brand.name },
    category: product.category.name,
    offers: {
      '@type': 'Offer',
      url,
      price: schemaPrice(product.offer.price),
      priceCurrency: 'RUB',
      availability: `https://schema.org/${schemaAvailability(product.offer)}`,
      itemCondition: `https://schema.org/${product.is_used || product.is_demo || product.is_markdown ? 'UsedCondition' : 'NewCondition'}`,
    },
  };
  if (product.description) ld.description = product.description;
  if (product.reviews_count > 0 && product.rating > 0) {
    ld.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: product.rating.toFixed(1),
      reviewCount: product.reviews_count,
      bestRating: 5,
      worstRating: 1,
    };
  }
  return ld;
}

/** A credit or instalment offer with its default (longest) term (SPEC §3 Credit offer, §4). */
export interface CreditOfferSummary {
  kind: CreditKind;
  title: string;
  months: number;
  /** Kopecks a month. */
  payment: number;
}

/** An extended warranty (GET /v2/products/{id}/warranties). */
export interface Warranty {
  id: number;
  name: string;
  years: number;
  price: number;
}

/** A receiving point of the «Наличие и доставка» tab (SPEC §3 Store / pickup point). */
export interface StoreStock {
  id: number;
  type: number;
  name: string;
  url: string;
  address: string;
  stations: { name: string; color: string }[];
  hours: string;
  /** Units in the store now; 0 means it comes there with a delivery. */
  quantity: number;
  inStock: boolean;
  hasReserve: boolean;
  /** Pickup day (YYYY-MM-DD) and from what time ('' when at once). */
  date: string;
  time: string;
  /** Kopecks. */
  deliveryCost: number;
  /** Metres from the city centre. */
  distance: number | null;
  latitude: number;
  longitude: number;
}

/** JSON for an inline script: '<' escaped so no text can close the script element. */
export const inlineJson = (value: unknown) => JSON.stringify(value).replace(/</g, '\\u003c');

const HOURS_RANGE = /(\d{1,2}):(\d{2})\s*[–—-]\s*(\d{1,2}):(\d{2})/;
const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

/** Minutes since the Moscow midnight of `time`, and that midnight. */
function moscowClock(time: number) {
  const local = time + MOSCOW_UTC_OFFSET_MINUTES * MINUTE_MS;
  const midnight = Math.floor(local / DAY_MS) * DAY_MS - MOSCOW_UTC_OFFSET_MINUTES * MINUTE_MS;
  return { minutes: Math.floor((local % DAY_MS) / MINUTE_MS), midnight };
}

/**
 * When the product can be collected at a receiving point, in words (SPEC §4 Delivery time text):
 * a point with its own date and time says so ('завтра c 10:00'); a store holding it reserves it
 * 'через 15 минут' while open, else from its next opening time.
 */
export function pickupText(store: Pick<StoreStock, 'date' | 'time' | 'hours' | 'hasReserve'>, now: number): string {
  if (store.time) {
    return deliveryTimeText({ date: `${store.date}T${store.time.padStart(5, '0')}:00+03:00`, now });
  }
  const range = HOURS_RANGE.exec(store.hours);
  if (!range) return deliveryTimeText({ date: now, now, isReserve: store.hasReserve, withinWorkingHours: true });
  const open = Number(range[1]) * 60 + Number(range[2]);
  const close = Number(range[3]) * 60 + Number(range[4]);
  const clock = moscowClock(now);
  if (clock.minutes >= open && clock.minutes < close) {
    return deliveryTimeText({ date: now, now, isReserve: store.hasReserve, withinWorkingHours: true });
  }
  const day = clock.minutes < open ? clock.midnight : clock.midnight + DAY_MS;
  return deliveryTimeText({ date: day + open * MINUTE_MS, now });
}

/** '850 м', '9,5 км'. */
export function distanceText(metres: number): string {
  if (metres < 1000) return `${Math.round(metres / 10) * 10} м`;
  return `${formatOneDecimal(metres / 1000)} км`;
}
