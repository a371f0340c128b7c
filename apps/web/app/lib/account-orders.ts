// Wording of Мои заказы (SPEC §2 /account/orders, §3 Order, §4 Order status): the date an order was
// placed, its payment state in a word, and the first pictures of its goods.
import type { Order } from '@store/api-client';
import { GENITIVE_MONTHS } from '@store/domain';

/** '2026-06-01T10:00:00Z' → '1 июня 2026' (Moscow time); '' when unreadable (SPEC §8). */
export function formatPlacedAt(iso: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return '';
  const moscow = new Date(time + 3 * 3_600_000);
  return `${moscow.getUTCDate()} ${GENITIVE_MONTHS[moscow.getUTCMonth()]} ${moscow.getUTCFullYear()}`;
}

export type OrderPayment = { label: string; tone: 'ok' | 'due' | 'plain' };

/** Paid, waiting for an online payment, or paid on receipt. */
export function orderPaymentLabel(
  order: Pick<Order, 'is_paid' | 'payment_required' | 'is_cancelled' | 'sum_prepaid'>,
): OrderPayment {
  if (order.is_paid && order.sum_prepaid > 0) return { label: 'Оплачен', tone: 'ok' };
  if (order.is_cancelled) return { label: 'Не оплачен', tone: 'plain' };
  if (order.payment_required) return { label: 'Не оплачен', tone: 'due' };
  return { label: 'Оплата при получении', tone: 'plain' };
}

/** The pictures of the order's goods (not of warranties or accessories), at most `max`. */
export function orderPictures(order: Pick<Order, 'basket'>, max = 4) {
  return order.basket
    .filter((line) => line.parent_id === null && line.kind !== 'present')
    .slice(0, max)
    .map((line) => ({ id: line.id, image: line.image, name: line.name }));
}
