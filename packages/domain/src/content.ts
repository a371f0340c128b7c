// Content rules (issue 14; SPEC §2 reviews list segments, §3 Special offers state, Gift calendar item,
// §4 Checkout action applicability, §9 special-offer paging and previews, articles 100, advent
// calendar dated previews 11–31 December). Pure: callers pass the clock and the data.
import { GENITIVE_MONTHS } from './delivery-time.ts';
import { formatPrice } from './price.ts';
import { pluralize } from './plural.ts';

/** SPEC §9: special offers 3 on a phone, 6 on a tablet or desktop, 12 by default; 4 previews. */
export const OFFER_PAGE_SIZE = { mobile: 3, tablet: 6, desktop: 6, default: 12 } as const;
export const OFFER_PAGE_SIZES: readonly number[] = [3, 6, 12];
export const OFFER_PREVIEWS = 4;
/** The preview list under a single offer: at most 3, never the offer itself. */
export const OFFER_PREVIEWS_SHOWN = 3;
/** SPEC §9: articles 100 per page at most. */
export const ARTICLES_MAX_PER_PAGE = 100;
export const NEWS_PER_PAGE = 12;
export const REVIEWS_PER_PAGE = 12;

export type Viewport = 'mobile' | 'tablet' | 'desktop';

/** The viewport of a window width (the store's breakpoints: phone below 768 px, tablet below 1200 px). */
export function viewportOf(width: number): Viewport {
  if (width < 768) return 'mobile';
  return width < 1200 ? 'tablet' : 'desktop';
}

/** Special offers per page for a viewport, 12 when it is not known (the server render). */
export function offerPageSize(viewport: Viewport | null): number {
  return viewport === null ? OFFER_PAGE_SIZE.default : OFFER_PAGE_SIZE[viewport];
}

/** Number of pages for a total (at least 1, so an empty list still has its first page). */
export function pageCountOf(total: number, perPage: number): number {
  if (perPage <= 0) throw new RangeError('perPage must be positive');
  return Math.max(1, Math.ceil(Math.max(0, total) / perPage));
}

/** Offset of a 1-based page. */
export function pageOffset(page: number, perPage: number): number {
  return (Math.max(1, page) - 1) * perPage;
}

/** The previews under a single offer (SPEC §9): the list without that offer, at most 3. */
export function capOfferPreviews<T extends { id: number }>(previews: readonly T[], currentId: number): T[] {
  return previews.filter((p) => p.id !== currentId).slice(0, OFFER_PREVIEWS_SHOWN);
}

/** Whether an article is running at a moment: started, not ended. */
export function isRunning(article: { active_from: string; active_to: string | null }, now: Date): boolean {
  const t = now.getTime();
  return Date.parse(article.active_from) <= t && (article.active_to === null || Date.parse(article.active_to) > t);
}

/* ---------- dates ---------- */

export const MOSCOW_TIME_ZONE = 'Europe/Moscow';

// Moscow has kept UTC+3 all year since 26 October 2014 (02:00 local, 22:00 UTC the day before): a date since
// then is read without Intl. The first Intl.DateTimeFormat a browser tab makes loads ICU's time zone and
// Russian data, tens of milliseconds on a slowed phone inside the hydration of a product page's reviews
// (decision 0063). Older dates go through one Intl formatter, made on first use (an Intl.DateTimeFormat
// takes far longer to make than to use: decision 0054).
const MOSCOW_FIXED_SINCE = Date.UTC(2014, 9, 25, 22);
const MOSCOW_OFFSET_MS = 3 * 60 * 60 * 1000;
let moscowParts: Intl.DateTimeFormat | undefined;

/** The calendar day in Moscow of a moment (ms since the epoch): month 1–12. */
function moscowDay(time: number): { year: number; month: number; day: number } {
  if (time >= MOSCOW_FIXED_SINCE) {
    const local = new Date(time + MOSCOW_OFFSET_MS);
    return { year: local.getUTCFullYear(), month: local.getUTCMonth() + 1, day: local.getUTCDate() };
  }
  moscowParts ??= new Intl.DateTimeFormat('en-CA', {
    timeZone: MOSCOW_TIME_ZONE,
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
  });
  const parts = moscowParts.formatToParts(time);
  const part = (type: string) => Number(parts.find((p) => p.type === type)!.value);
  return { year: part('year'), month: part('month'), day: part('day') };
}

/** The calendar date in Moscow (YYYY-MM-DD) of a moment: the advent calendar's day. */
export function moscowDate(now: Date): string {
  const { year, month, day } = moscowDay(now.getTime());
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** «26 ноября 2026», or «26 ноября» without the year: the day in Moscow of a moment (ms since the epoch). */
export function formatMoscowDay(time: number, withYear = true): string {
  const { year, month, day } = moscowDay(time);
  return `${day} ${GENITIVE_MONTHS[month - 1]}${withYear ? ` ${year}` : ''}`;
}

/** «26 ноября 2026» (Moscow time); '' for a date that cannot be read (SPEC §8: date formatting failure). */
export function formatRuDate(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  return formatMoscowDay(time);
}

/** «с 1 ноября по 31 декабря 2026», «с 1 ноября 2026» without an end. */
export function formatRuPeriod(from: string, to: string | null): string {
  const start = formatRuDate(from);
  return to === null ? `с ${start}` : `с ${start} по ${formatRuDate(to)}`;
}

/* ---------- advent calendar ---------- */

export const ADVENT_FIRST_DAY = 11;
export const ADVENT_LAST_DAY = 31;

/** SPEC §9: a dated preview of the advent calendar falls on 11–31 December. */
export function isAdventPreviewDate(date: string): boolean {
  const m = /^(\d{4})-12-(\d{2})$/.exec(date);
  if (!m) return false;
  const day = Number(m[2]);
  return day >= ADVENT_FIRST_DAY && day <= ADVENT_LAST_DAY;
}

/** December in Moscow: the season when the home page shows the calendar. */
export function isAdventSeason(today: string): boolean {
  return /^\d{4}-12-\d{2}$/.test(today);
}

export type AdventState = 'open' | 'past' | 'locked';

/**
 * A day's gift opens on its own date in Moscow (the server's clock, never the browser's): today
 * 'open', an earlier day 'past' (it shows what it held), a later day 'locked'.
 */
export function adventDayState(itemDate: string, today: string): AdventState {
  if (itemDate === today) return 'open';
  return itemDate < today ? 'past' : 'locked';
}

/* ---------- review list segments (SPEC §2 /reviews/list) ---------- */

export interface ReviewFilters {
  category: string | null;
  brand: string | null;
  /** 'text' for /badge-text. */
  badge: string | null;
  /** A review tag, /{tagType}-{tagCode}. */
  tag: { type: string; code: string } | null;
}

export const NO_REVIEW_FILTERS: ReviewFilters = { category: null, brand: null, badge: null, tag: null };

/**
 * The filters of a /reviews/list path from its parsed segments (matchPage's `reviews-list`):
 * category-*, brand-*, badge-*, and one {tagType}-{tagCode} of any other type. Null when two tag
 * segments are given.
 */
export function reviewFiltersOf(segments: readonly { type: string; code: string }[]): ReviewFilters | null {
  const filters: ReviewFilters = { ...NO_REVIEW_FILTERS };
  for (const { type, code } of segments) {
    if (type === 'category') filters.category = code;
    else if (type === 'brand') filters.brand = code;
    else if (type === 'badge') filters.badge = code;
    else if (filters.tag === null) filters.tag = { type, code };
    else return null;
  }
  return filters;
}

/** The canonical /reviews/list path of filters, segments in the order category, brand, badge, tag. */
export function reviewListPath(filters: ReviewFilters): string {
  const segments: string[] = [];
  if (filters.category) segments.push(`category-${filters.category}`);
  if (filters.brand) segments.push(`brand-${filters.brand}`);
  if (filters.badge) segments.push(`badge-${filters.badge}`);
  if (filters.tag) segments.push(`${filters.tag.type}-${filters.tag.code}`);
  return ['/reviews/list', ...segments].join('/');
}

/** The review filter badges of SPEC §3: «Все» (no badge) and «Текст» (badge-text). */
export const REVIEW_BADGES: readonly { code: string | null; name: string }[] = [
  { code: null, name: 'Все' },
  { code: 'text', name: 'Текст' },
];

/* ---------- mechanics progress (SPEC §3 Action mechanics, §4 Checkout applicability) ---------- */

export interface MechanicsCondition {
  type: string;
  value?: number;
}

export interface Mechanics {
  type: string;
  conditions: readonly MechanicsCondition[];
  params: { price_from?: number };
}

/** What the visitor's basket holds for one action. */
export interface MechanicsFacts {
  /** Units of the action's products (its main role). */
  mainQty: number;
  /** Kopecks of the action's products. */
  mainSum: number;
  /** Kopecks of the action's accessories. */
  accessoriesSum: number;
  /** A warranty line is attached to one of the action's products. */
  hasWarranty: boolean;
}

export interface ProgressStep {
  /** What the condition asks. */
  label: string;
  done: boolean;
  /** What is left to do, in words («Добавьте ещё 1 товар»); null when done. */
  hint: string | null;
  /** 0…1 */
  ratio: number;
}

const THINGS: [string, string, string] = ['товар', 'товара', 'товаров'];

/**
 * The progress of an action's mechanics against a basket: one step per condition with a
 * condition (`main_product`, `main_qty`, `accessories_sum`, `warranty`) and one for the params'
 * `price_from`. An unknown condition type is shown as not done, like checkout treats it.
 */
export function mechanicsProgress(mechanics: Mechanics, facts: MechanicsFacts): ProgressStep[] {
  const steps: ProgressStep[] = [];
  for (const condition of mechanics.conditions) {
    switch (condition.type) {
      case 'main_product': {
        const done = facts.mainQty > 0;
        steps.push({
          label: 'Товар из акции в корзине',
          done,
          hint: done ? null : 'Добавьте в корзину 1 товар из акции',
          ratio: done ? 1 : 0,
        });
        break;
      }
      case 'main_qty': {
        const need = Math.max(1, condition.value ?? 1);
        const left = Math.max(0, need - facts.mainQty);
        steps.push({
          label: `${need} ${pluralize(need, THINGS)} из акции в корзине`,
          done: left === 0,
          hint: left === 0 ? null : `Добавьте ещё ${left} ${pluralize(left, THINGS)}`,
          ratio: Math.min(1, facts.mainQty / need),
        });
        break;
      }
      case 'accessories_sum': {
        const need = condition.value ?? 0;
        const left = Math.max(0, need - facts.accessoriesSum);
        steps.push({
          label: `Аксессуары на сумму от ${formatPrice(need)}`,
          done: left === 0,
          hint: left === 0 ? null : `Добавьте аксессуары ещё на ${formatPrice(left)}`,
          ratio: need === 0 ? 1 : Math.min(1, facts.accessoriesSum / need),
        });
        break;
      }
      case 'warranty':
        steps.push({
          label: 'Дополнительная гарантия к товару',
          done: facts.hasWarranty,
          hint: facts.hasWarranty ? null : 'Добавьте к товару дополнительную гарантию',
          ratio: facts.hasWarranty ? 1 : 0,
        });
        break;
      default:
        steps.push({ label: 'Условие акции', done: false, hint: 'Условие проверяется при оформлении', ratio: 0 });
    }
  }
  const priceFrom = mechanics.params.price_from;
  if (priceFrom !== undefined && priceFrom > 0 && mechanics.type !== 'accessories') {
    const left = Math.max(0, priceFrom - facts.mainSum);
    steps.push({
      label: `Покупка от ${formatPrice(priceFrom)}`,
      done: left === 0,
      hint: left === 0 ? null : `Добавьте товаров из акции ещё на ${formatPrice(left)}`,
      ratio: Math.min(1, facts.mainSum / priceFrom),
    });
  }
  return steps;
}

/** Russian names of the mechanics types the special-offer filter lists. */
export const MECHANICS_NAMES: Readonly<Record<string, string>> = {
  accessories: 'Скидка на аксессуары',
  present: 'Подарок',
  promocode: 'Промокод',
  discount: 'Скидка',
  group: 'Рассрочка',
  info: 'Информация',
};

export function mechanicsName(type: string): string {
  return MECHANICS_NAMES[type] ?? 'Акция';
}

/** Special-offer channels (SPEC §3 Article channels). */
export const OFFER_CHANNELS: readonly { code: 'online' | 'stores'; name: string }[] = [
  { code: 'online', name: 'Интернет-магазин' },
  { code: 'stores', name: 'Магазины' },
];

/** The cookie listing the article ids this browser has viewed (SPEC §3 Local storage keys). */
export const ARTICLE_VIEWS_COOKIE = 'article_views_ids';
/** Ids kept in it (the newest); older views may count again. */
export const ARTICLE_VIEWS_KEPT = 200;

/** Article ids of the cookie's value ("1,5,9"); junk is dropped. */
export function parseArticleViews(value: string | null | undefined): number[] {
  if (!value) return [];
  return value
    .split(/[,.]/)
    .map((s) => Number(s))
    .filter((n) => Number.isInteger(n) && n > 0 && n <= 2_147_483_647);
}

/** The cookie's value after viewing an id: the id appended once, the newest ARTICLE_VIEWS_KEPT kept. */
export function addArticleView(ids: readonly number[], id: number): number[] {
  if (ids.includes(id)) return [...ids];
  return [...ids, id].slice(-ARTICLE_VIEWS_KEPT);
}
