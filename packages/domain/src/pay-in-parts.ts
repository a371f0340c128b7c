// «Частями» (§9 payment 19, buy now pay later; §3 Checkout state mokkaCreditLimit, mokkaRange,
// mokkaWarranty; §7 POST /broker/revo/limit): the provider answers a limit for the shopper's phone;
// checkout keeps it and offers the payment only when the order fits it. Four payments two weeks
// apart (credit-payments.ts partsSchedule), the first one paid now through the acquirer. Kopecks.
import { partsSchedule } from './credit-payments.ts';
import { formatPrice } from './price.ts';

/** The provider's answer to a limit check, as checkout keeps it. */
export interface PartsLimit {
  /** approved: a limit to spend; declined: none for this phone; unavailable: the provider did not answer. */
  status: 'approved' | 'declined' | 'unavailable';
  /** mokkaCreditLimit: kopecks, 0 unless approved. */
  creditLimit: number;
  /** mokkaRange: the order totals the provider finances, kopecks; null unless approved. */
  range: { min: number; max: number } | null;
  /** mokkaWarranty: an extended warranty in the order may be paid in parts too. */
  warranty: boolean;
}

/** The smallest order «Частями» pays (§9: 1500 appears with the payment kinds), kopecks. */
export const PARTS_MIN_TOTAL = 1_500 * 100;

/** What is paid now through the acquirer: the first of the four parts (it carries the odd kopecks). */
export const partsFirstPayment = (total: number) => (total > 0 ? partsSchedule(total, '2000-01-01')[0]!.amount : 0);

/**
 * Why this order cannot be paid in parts with this limit (Russian, for the payment field), or null
 * when it can. `limit` null: the shopper has not checked a limit for the order's phone yet.
 */
export function partsRefusal(
  limit: PartsLimit | null,
  order: { total: number; hasWarranties: boolean },
): string | null {
  if (!limit) return 'Узнайте лимит «Частями» для номера телефона из заказа';
  if (limit.status === 'unavailable') return 'Сервис «Частями» сейчас не отвечает. Попробуйте позже';
  if (limit.status === 'declined' || !limit.range) return 'Для этого номера оплата частями недоступна';
  if (order.total < limit.range.min) return `Оплата частями — для заказов от ${formatPrice(limit.range.min)}`;
  if (order.total > Math.min(limit.range.max, limit.creditLimit)) {
    return `Сумма заказа больше лимита «Частями»: ${formatPrice(Math.min(limit.range.max, limit.creditLimit))}`;
  }
  if (order.hasWarranties && !limit.warranty) return 'Дополнительную гарантию нельзя оплатить частями';
  return null;
}
