// SPEC §4 Express courier, §3 Delivery option, §9 Delivery and payment: the express courier estimate,
// the delivery cost text, and how delivery types are grouped and labelled.
import { DELIVERY_TYPE_IDS, EXPRESS_COURIER } from './constants.ts';
import { formatPrice } from './price.ts';

/**
 * Validates and rounds an express courier estimate in minutes (SPEC §4, §9). Numbers and numeric
 * strings (feature values arrive as text) are accepted. The raw value is checked first: negative,
 * over 180 or not a number → null, so 182 is refused rather than rounded down to 180. A valid value
 * is rounded to the nearest multiple of 5, halves up (32 → 30, 32.5 → 35, 178 → 180); 0 is valid.
 */
export function roundExpressMinutes(minutes: number | string | null | undefined): number | null {
  const value = typeof minutes === 'string' ? (minutes.trim() === '' ? Number.NaN : Number(minutes)) : minutes;
  if (value == null || !Number.isFinite(value) || value < 0 || value > EXPRESS_COURIER.maxMinutes) return null;
  const step = EXPRESS_COURIER.roundToMinutes;
  // + 0 turns the -0 of Math.round(-0) into 0.
  return Math.round(value / step) * step + 0;
}

function toTime(value: Date | number | string): number {
  return value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
}

/**
 * The express estimate in minutes, or null when it is rejected (SPEC §4 Express courier): as
 * roundExpressMinutes, and also when the time is past, i.e. `deadline` (until when the estimate
 * holds, e.g. the express slot's end) is at or before `now`. Without a deadline there is nothing to
 * be past; an unreadable deadline or now is treated as past (we cannot show a time we cannot check).
 */
export function expressEstimate(
  minutes: number | string | null | undefined,
  now: Date | number,
  deadline?: Date | number | string | null,
): number | null {
  const rounded = roundExpressMinutes(minutes);
  if (rounded === null) return null;
  if (deadline == null) return rounded;
  const end = toTime(deadline);
  const current = toTime(now);
  if (!Number.isFinite(end) || !Number.isFinite(current) || end <= current) return null;
  return rounded;
}

/**
 * The express courier time label: 'от 30 мин.' by default, or 'от N мин.' when the express courier
 * time feature sets valid minutes (rounded per roundExpressMinutes); an invalid feature value falls
 * back to the default.
 */
export function expressLabel(featureMinutes?: number | string | null): string {
  const minutes = roundExpressMinutes(featureMinutes) ?? EXPRESS_COURIER.defaultMinutes;
  return `от ${minutes} мин.`;
}

export const FREE_DELIVERY_LABEL = 'бесплатно';

/**
 * The delivery cost text of one or several options (kopecks): 'бесплатно' for 0, the price
 * ('1 990 ₽', formatPrice) when every option costs the same, 'от X' with the lowest cost when they
 * differ (SPEC §4). Differing costs starting at 0 read 'от 0 ₽', since 'от бесплатно' is not
 * Russian and a plain 'бесплатно' would hide that some options cost money. Negative and non-finite
 * costs are ignored; null when no cost is left.
 */
export function deliveryCostLabel(costs: readonly number[]): string | null {
  const valid = costs.filter((cost) => Number.isFinite(cost) && cost >= 0).map((cost) => Math.round(cost));
  if (valid.length === 0) return null;
  const min = Math.min(...valid);
  const varies = valid.some((cost) => cost !== min);
  if (varies) return `от ${formatPrice(min)}`;
  return min === 0 ? FREE_DELIVERY_LABEL : formatPrice(min);
}

export type DeliveryGroup = 'courier' | 'express' | 'pickup' | 'pickup-point' | 'multicenter';

/** delivery_purpose of a delivery option (SPEC §3). */
export type DeliveryPurpose = 'courier' | 'courier_fast' | 'pickup';

const includesId = (ids: readonly number[], id: number) => ids.includes(id);

/**
 * The group of a delivery type (SPEC §4 Express courier, §9 ids):
 * - 27 → 'express'; 46 (supplier courier) → 'courier'; 52 (supplier pickup) → 'pickup';
 * - 10, 13, 14 (pickup points) and 9, 12 (postboxes) → 'pickup-point': there is no postbox group
 *   among the five, and a postbox is collected from like a pickup point;
 * - any other id is the store's own delivery, grouped by its delivery_purpose: 'pickup' →
 *   'multicenter' (collected at a multicenter), 'courier_fast' → 'express', 'courier' → 'courier';
 *   without a purpose it is 'courier' (home delivery is what the remaining ids, e.g. the service
 *   category's default 8, are).
 */
export function deliveryGroup(deliveryTypeId: number, purpose?: DeliveryPurpose | null): DeliveryGroup {
  if (deliveryTypeId === DELIVERY_TYPE_IDS.express) return 'express';
  if (deliveryTypeId === DELIVERY_TYPE_IDS.supplierCourier) return 'courier';
  if (deliveryTypeId === DELIVERY_TYPE_IDS.supplierPickup) return 'pickup';
  if (includesId(DELIVERY_TYPE_IDS.pickupPoint, deliveryTypeId)) return 'pickup-point';
  if (includesId(DELIVERY_TYPE_IDS.postbox, deliveryTypeId)) return 'pickup-point';
  if (purpose === 'pickup') return 'multicenter';
  if (purpose === 'courier_fast') return 'express';
  return 'courier';
}

export const DELIVERY_TYPE_LABELS = {
  express: 'Экспресс-доставка',
  courier: 'Курьер',
  sellerCourier: 'Курьер продавца',
  pickup: 'Самовывоз',
  sellerPickup: 'Самовывоз от продавца',
  pickupPoint: 'Пункт выдачи',
  postbox: 'Постамат',
} as const;

/**
 * The label of a delivery type. Seller (supplier) deliveries are told apart from the store's own
 * (SPEC §4): 46 'Курьер продавца' vs 'Курьер', 52 'Самовывоз от продавца' vs 'Самовывоз' (collecting
 * at a multicenter). Pickup points read 'Пункт выдачи', postboxes 'Постамат', express 'Экспресс-доставка'.
 * Other ids are labelled by their group, as deliveryGroup decides it.
 */
export function deliveryTypeLabel(deliveryTypeId: number, purpose?: DeliveryPurpose | null): string {
  if (deliveryTypeId === DELIVERY_TYPE_IDS.supplierCourier) return DELIVERY_TYPE_LABELS.sellerCourier;
  if (deliveryTypeId === DELIVERY_TYPE_IDS.supplierPickup) return DELIVERY_TYPE_LABELS.sellerPickup;
  if (includesId(DELIVERY_TYPE_IDS.postbox, deliveryTypeId)) return DELIVERY_TYPE_LABELS.postbox;
  switch (deliveryGroup(deliveryTypeId, purpose)) {
    case 'express':
      return DELIVERY_TYPE_LABELS.express;
    case 'pickup-point':
      return DELIVERY_TYPE_LABELS.pickupPoint;
    case 'multicenter':
    case 'pickup':
      return DELIVERY_TYPE_LABELS.pickup;
    case 'courier':
      return DELIVERY_TYPE_LABELS.courier;
  }
}
