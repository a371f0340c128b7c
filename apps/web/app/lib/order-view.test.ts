import { describe, expect, it } from 'vitest';
import type { PaymentInfo } from '@store/api-client';
import { deliveryLineText, formatOrderDate, paymentState } from './order-view.ts';

type Info = Pick<PaymentInfo, 'order' | 'last_payment'>;
const info = (order: Partial<PaymentInfo['order']>, last: Partial<NonNullable<PaymentInfo['last_payment']>> | null) =>
  ({
    order: { is_paid: false, sum_prepaid: 0, payment_required: true, can_repayment: true, ...order },
    last_payment: last,
  }) as Info;

describe('order wording', () => {
  it('formats order dates with the genitive month, and gives "" for bad ones', () => {
    expect(formatOrderDate('2026-06-01')).toBe('1 июня');
    expect(formatOrderDate('2026-12-31T10:00:00Z')).toBe('31 декабря');
    expect(formatOrderDate('2026-13-01')).toBe('');
    expect(formatOrderDate(null)).toBe('');
  });

  it('words the delivery line: contact centre, date with interval, nothing', () => {
    expect(deliveryLineText({ delivery_line: { kind: 'contact-centre', text: 'Позвоним' } })).toBe('Позвоним');
    expect(deliveryLineText({ delivery_line: { kind: 'date', date: '2026-06-01', interval: '10:00 - 14:00' } })).toBe(
      '1 июня, 10:00 - 14:00',
    );
    expect(deliveryLineText({ delivery_line: { kind: 'none' } })).toBeNull();
  });

  it('tells paid, on receipt, declined, waiting and closed apart', () => {
    expect(paymentState(info({ is_paid: true, sum_prepaid: 100 }, null))).toEqual({ kind: 'paid' });
    expect(paymentState(info({ payment_required: false }, null))).toEqual({ kind: 'on-receipt' });
    expect(paymentState(info({}, { status: 'declined', decline_reason: 'Недостаточно средств' }))).toEqual({
      kind: 'declined',
      reason: 'Недостаточно средств',
    });
    expect(paymentState(info({}, { status: 'pending' }))).toEqual({ kind: 'waiting' });
    expect(paymentState(info({ can_repayment: false }, null))).toEqual({ kind: 'closed' });
  });
});
