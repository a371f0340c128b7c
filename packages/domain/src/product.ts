// SPEC §2 Product page tabs, §3 Product, §4 Product loading, §8 (missing product), §9 Categories:
// whether a loaded product shows at all, whether it can be bought, and which tabs its page has.
import { DIGITAL_CATEGORY_IDS, MIN_PRICE_TO_BUY, USED_AND_DEMO_WARRANTY_DAYS } from './constants.ts';
import type { ProductTab } from './pages.ts';

/** The 404 text of a missing, inactive or category-less product (SPEC §4 Product loading, §8). */
export const PRODUCT_NOT_FOUND_MESSAGE = 'Страница не найдена';

/** The string the server puts in offer.order_type when the product cannot be ordered. */
export const ORDER_TYPE_NOT_ORDERABLE = 'false';

/** The part of product.offer these rules read (SPEC §3 Product). */
export interface ProductOfferState {
  available: boolean;
  /** 'preorder' or the string 'false'; anything else, or nothing, is "not the string 'false'". */
  order_type?: string | null;
  preorder?: boolean | null;
}

export type ProductLoadOutcome = 'not-found' | 'supplier-offers' | 'product';

/**
 * Available means: the offer is available, or order_type is not the string 'false' (SPEC §4).
 * Read literally: a missing order_type is not the string 'false', so it counts as available; a
 * different spelling ('False', ' false') is not the string 'false' either.
 */
export function isProductAvailable(offer: Pick<ProductOfferState, 'available' | 'order_type'>): boolean {
  return offer.available === true || offer.order_type !== ORDER_TYPE_NOT_ORDERABLE;
}

/**
 * What a loaded product page shows (SPEC §4 Product loading):
 * - 'not-found' when status is not exactly 1 or the category is missing (the page says
 *   PRODUCT_NOT_FOUND_MESSAGE, 'Страница не найдена');
 * - 'supplier-offers' when the offer is unavailable, order_type is the string 'false' and at least
 *   one supplier offer exists: the supplier-offer view replaces the product;
 * - 'product' otherwise (an unavailable product without supplier offers is still shown).
 */
export function productLoadOutcome(input: {
  status: number | null | undefined;
  categoryExists: boolean;
  offer: Pick<ProductOfferState, 'available' | 'order_type'>;
  supplierOffersCount: number;
}): ProductLoadOutcome {
  if (input.status !== 1 || !input.categoryExists) return 'not-found';
  if (!isProductAvailable(input.offer) && input.supplierOffersCount > 0) return 'supplier-offers';
  return 'product';
}

/** A preorder offer: offer.preorder is set, or order_type is 'preorder'. */
export function isPreorderOffer(offer: Pick<ProductOfferState, 'order_type' | 'preorder'>): boolean {
  return offer.preorder === true || offer.order_type === 'preorder';
}

/**
 * «Купить» is allowed (SPEC §4 Product loading): "when price is at least a minimum, and the offer is
 * available or a preorder, and, once ready and receiving data is loaded, credit is possible".
 *
 * Our reading of the last clause: it is a condition that only applies *once* the page is ready and
 * the receiving (delivery options) data has loaded. Until then it does not block the button, so the
 * button does not flash disabled while data loads; after that, credit must be possible. `ready`
 * defaults to true for callers whose `receivingLoaded` already implies a ready page.
 *
 * `price` is in kopecks and must be at least MIN_PRICE_TO_BUY; a missing or non-finite price never
 * allows buying. "Available" here is offer.available itself (not isProductAvailable, whose
 * order_type test would let every non-'false' order type through).
 */
export function isBuyAllowed(input: {
  price: number | null | undefined;
  offer: ProductOfferState;
  ready?: boolean;
  receivingLoaded: boolean;
  creditPossible: boolean;
}): boolean {
  const { price, offer } = input;
  if (price == null || !Number.isFinite(price) || price < MIN_PRICE_TO_BUY) return false;
  if (offer.available !== true && !isPreorderOffer(offer)) return false;
  const loaded = (input.ready ?? true) && input.receivingLoaded;
  return !loaded || input.creditPossible;
}

/**
 * The «Наличие и доставка» tab shows only if the product is available, not a preorder and not a
 * digital good (DIGITAL_CATEGORY_IDS) (SPEC §2 Product page tabs, §9 Categories).
 * A missing category id is not a digital category.
 */
export function showsAvailabilityTab(input: {
  available: boolean;
  preorder: boolean;
  categoryId: number | null | undefined;
}): boolean {
  if (!input.available || input.preorder) return false;
  return input.categoryId == null || !DIGITAL_CATEGORY_IDS.includes(input.categoryId);
}

export type ConditionGrade = 'perfect' | 'best' | 'good';

/** Markdown condition grades with their label and the score shown beside it (SPEC §4). */
export const CONDITION_GRADES: Readonly<Record<ConditionGrade, { label: string; score: string }>> = {
  perfect: { label: 'как новый', score: '5+' },
  best: { label: 'отличное', score: '5' },
  good: { label: 'хорошее', score: '4' },
};

function asGrade(grade: string | null | undefined): ConditionGrade | null {
  const key = grade?.trim().toLowerCase();
  return key === 'perfect' || key === 'best' || key === 'good' ? key : null;
}

/** 'perfect' → 'как новый', 'best' → 'отличное', 'good' → 'хорошее'; case and spaces ignored; else null. */
export function conditionLabel(grade: string | null | undefined): string | null {
  const key = asGrade(grade);
  return key === null ? null : CONDITION_GRADES[key].label;
}

/** '5+', '5' or '4' for the grade, else null. */
export function conditionScore(grade: string | null | undefined): string | null {
  const key = asGrade(grade);
  return key === null ? null : CONDITION_GRADES[key].score;
}

/**
 * Used and demo goods carry a 90-day warranty (SPEC §4, §9): 90 when is_used or is_demo is true,
 * else null (the product's own warranty applies). A markdown product (is_markdown) that is neither
 * used nor demo gets null: the SPEC names only used and demo goods.
 */
export function usedOrDemoWarrantyDays(product: {
  is_used?: boolean | null;
  is_demo?: boolean | null;
  /** Not read: markdown alone does not give the 90-day warranty. */
  is_markdown?: boolean | null;
}): number | null {
  return product.is_used === true || product.is_demo === true ? USED_AND_DEMO_WARRANTY_DAYS : null;
}

export interface ProductTabLink {
  tab: ProductTab;
  label: string;
  /** Relative to the product URL: '' is the product page itself (reviews), then 'faq', 'availability'. */
  path: string;
}

/** The three tabs, in page order. */
export const PRODUCT_TAB_LINKS: readonly ProductTabLink[] = [
  { tab: 'reviews', label: 'Отзывы', path: '' },
  { tab: 'faq', label: 'Вопрос-ответ', path: 'faq' },
  { tab: 'availability', label: 'Наличие и доставка', path: 'availability' },
];

/** The product page tabs: 'Отзывы' and 'Вопрос-ответ' always, 'Наличие и доставка' only per showsAvailabilityTab. */
export function productTabs(input: Parameters<typeof showsAvailabilityTab>[0]): ProductTabLink[] {
  const withAvailability = showsAvailabilityTab(input);
  return PRODUCT_TAB_LINKS.filter((link) => link.tab !== 'availability' || withAvailability).map((link) => ({
    ...link,
  }));
}
