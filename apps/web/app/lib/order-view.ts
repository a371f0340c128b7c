// Wording shared by the payment and thank-you pages: dates of an order, its delivery line (SPEC §4
// Order status: type 17 says the contact centre will call), and the payment state in words.
import type { PaymentInfo, PaymentOrder } from '@store/api-client';
import { GENITIVE_MONTHS } from '@store/domain';

/** '2026-06-01' → '1 июня'; '' for anything else (SPEC §8: a date formatting failure is an empty string). */
export function formatOrderDate(date: string | null): string {
  const match = date ? /^(\d{4})-(\d{2})-(\d{2})/.exec(date) : null;
  if (!match) return '';
  const month = GENITIVE_MONTHS[Number(match[2]) - 1];
  return month ? `${Number(match[3])} ${month}` : '';
}

/** The delivery line of an order in words, or null when it shows none. */
export function deliveryLineText(order: Pick<PaymentOrder, 'delivery_line'>): string | null {
  const line = order.delivery_line;
  if (line.kind === 'contact-centre') return line.text;
  if (line.kind === 'none') return null;
  const day = formatOrderDate(line.date);
  if (!day) return null;
  return line.interval ? `${day}, ${line.interval}` : day;
}

export type PaymentState =
  | { kind: 'paid' }
  | { kind: 'on-receipt' }
  | { kind: 'declined'; reason: string | null }
  | { kind: 'waiting' }
  | { kind: 'closed' };

/** What the thank-you page says about paying the order. */
export function paymentState(info: Pick<PaymentInfo, 'order' | 'last_payment'>): PaymentState {
  const { order } = info;
  if (order.is_paid && order.sum_prepaid > 0) return { kind: 'paid' };
  if (!order.payment_required) return { kind: 'on-receipt' };
  if (!order.can_repayment) return { kind: 'closed' };
  if (info.last_payment?.status === 'declined') return { kind: 'declined', reason: info.last_payment.decline_reason };
  return { kind: 'waiting' };
}
