// The words of the delivery pages (/delivery, /delivery/pay) for the terms the API computes as
// checkout does: a way's cost, when it comes, and a payment's limits. Money is kopecks.
import type { DeliveryTerm, PaymentTerm } from '@store/api-client';
import { EXPRESS_COURIER, FREE_DELIVERY_LABEL, PLURAL, formatPrice, pluralize } from '@store/domain';

/** '399 ₽, бесплатно от 10 000 ₽', '99 ₽' or 'бесплатно'. */
export function wayCostText(way: Pick<DeliveryTerm, 'cost' | 'free_from'>): string {
  if (way.cost === 0) return FREE_DELIVERY_LABEL;
  const price = formatPrice(way.cost);
  return way.free_from === null ? price : `${price}, ${FREE_DELIVERY_LABEL} от ${formatPrice(way.free_from)}`;
}

/** When goods in the city's stock come: 'от 30 мин.', 'через 15 минут', 'завтра', 'через 2 дня'. */
export function wayWhenText(way: Pick<DeliveryTerm, 'group' | 'minutes' | 'days'>): string {
  if (way.group === 'express') return `от ${way.minutes ?? EXPRESS_COURIER.defaultMinutes} мин.`;
  if (way.minutes !== null) return EXPRESS_COURIER.reserveLabel;
  if (way.days <= 0) return 'сегодня';
  if (way.days === 1) return 'завтра';
  return `через ${way.days} ${pluralize(way.days, PLURAL.day)}`;
}

/** 'от 3 000 ₽ до 300 000 ₽', 'до 1 000 000 ₽', 'от 1 000 ₽' or 'любая сумма'. */
export function paymentLimitText(payment: Pick<PaymentTerm, 'min_sum' | 'max_sum'>): string {
  const parts = [
    payment.min_sum === null ? null : `от ${formatPrice(payment.min_sum)}`,
    payment.max_sum === null ? null : `до ${formatPrice(payment.max_sum)}`,
  ].filter(Boolean);
  return parts.length > 0 ? parts.join(' ') : 'любая сумма';
}

/** The order the pages list the ways in: the fastest first, the seller's own last. */
const GROUP_ORDER = ['express', 'multicenter', 'courier', 'pickup-point', 'pickup'] as const;
export function sortWays<W extends Pick<DeliveryTerm, 'group' | 'seller' | 'delivery_type_id'>>(ways: readonly W[]) {
  const rank = (w: W) => (w.seller ? 100 : 0) + GROUP_ORDER.indexOf(w.group);
  return [...ways].sort((a, b) => rank(a) - rank(b) || a.delivery_type_id - b.delivery_type_id);
}
