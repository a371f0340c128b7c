// Money back on a cancelled order (issue 17; decision 0052): what the shopper is told, in the order view
// and in the cancellation SMS/e-mail. A refund goes back where the money came from: the acquirer's part to
// the card, the gift certificates' part to the certificates' balance. Kopecks.
import { formatPrice } from './price.ts';

/**
 * A refund's state: pending (asked of the acquirer, no answer yet; a job asks again), succeeded (the
 * acquirer took it), failed (the acquirer refused it: an operator returns the money by hand).
 */
export const REFUND_STATUSES = ['pending', 'succeeded', 'failed'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];

/** How long the bank takes to credit a card refund, as the shop promises it. */
export const REFUND_CARD_DAYS = 10;

export interface OrderRefundFacts {
  /** Kopecks going back to the card, over every refund of the order. */
  card: number;
  /** Kopecks going back to the gift certificates' balance. */
  certificates: number;
  /** The least settled state among the order's refunds: failed, else pending, else succeeded. */
  status: RefundStatus;
}

/** The order's refunds added up; null when none was made. */
export function orderRefundFacts(
  refunds: readonly { amount: number; certificate_amount: number; status: RefundStatus }[],
): OrderRefundFacts | null {
  if (refunds.length === 0) return null;
  const status: RefundStatus = refunds.some((r) => r.status === 'failed')
    ? 'failed'
    : refunds.some((r) => r.status === 'pending')
      ? 'pending'
      : 'succeeded';
  return {
    card: refunds.reduce((sum, r) => sum + r.amount, 0),
    certificates: refunds.reduce((sum, r) => sum + r.certificate_amount, 0),
    status,
  };
}

/**
 * One sentence (or two) on the refund for the order page and the messages. Nothing is promised that was
 * not done: the card part only once the acquirer took the refund.
 */
export function refundText(facts: OrderRefundFacts): string {
  const parts: string[] = [];
  if (facts.card > 0) {
    if (facts.status === 'succeeded') {
      parts.push(
        `Возврат ${formatPrice(facts.card)} оформлен: деньги вернутся на карту в течение ${REFUND_CARD_DAYS} дней.`,
      );
    } else if (facts.status === 'pending') {
      parts.push(`Возврат ${formatPrice(facts.card)} на карту оформляется, сообщим, когда он пройдёт.`);
    } else {
      parts.push(`Возврат ${formatPrice(facts.card)} на карту проведёт оператор, мы свяжемся с вами.`);
    }
  }
  if (facts.certificates > 0) {
    parts.push(`${formatPrice(facts.certificates)} вернулись на баланс подарочного сертификата.`);
  }
  return parts.join(' ');
}
