import { describe, expect, it } from 'vitest';
import { orderPaymentState } from './order-lifecycle.ts';
import { PARTS_MIN_TOTAL, partsFirstPayment, partsRefusal, type PartsLimit } from './pay-in-parts.ts';

const approved = (limit: number, warranty = true): PartsLimit => ({
  status: 'approved',
  creditLimit: limit,
  range: { min: PARTS_MIN_TOTAL, max: limit },
  warranty,
});

describe('partsFirstPayment', () => {
  it('is the first of four parts, carrying the kopecks that do not divide', () => {
    expect(partsFirstPayment(1_000_000)).toBe(250_000);
    expect(partsFirstPayment(1_000_003)).toBe(250_003);
    expect(partsFirstPayment(0)).toBe(0);
  });
});

describe('partsRefusal', () => {
  it('asks for a limit check first, and words each provider answer', () => {
    expect(partsRefusal(null, { total: 500_000, hasWarranties: false })).toBe(
      'Узнайте лимит «Частями» для номера телефона из заказа',
    );
    const off = { creditLimit: 0, range: null, warranty: false };
    expect(partsRefusal({ status: 'declined', ...off }, { total: 500_000, hasWarranties: false })).toBe(
      'Для этого номера оплата частями недоступна',
    );
    expect(partsRefusal({ status: 'unavailable', ...off }, { total: 500_000, hasWarranties: false })).toMatch(
      /не отвечает/,
    );
  });

  it('allows a total within the range and the limit, to the kopeck', () => {
    expect(partsRefusal(approved(2_000_000), { total: 2_000_000, hasWarranties: false })).toBeNull();
    expect(partsRefusal(approved(2_000_000), { total: 2_000_001, hasWarranties: false })).toBe(
      'Сумма заказа больше лимита «Частями»: 20\u00a0000\u00a0₽',
    );
    expect(partsRefusal(approved(2_000_000), { total: PARTS_MIN_TOTAL - 1, hasWarranties: false })).toBe(
      'Оплата частями — для заказов от 1\u00a0500\u00a0₽',
    );
  });

  it('refuses an extended warranty unless the provider finances it (mokkaWarranty)', () => {
    expect(partsRefusal(approved(6_000_000, false), { total: 500_000, hasWarranties: true })).toBe(
      'Дополнительную гарантию нельзя оплатить частями',
    );
    expect(partsRefusal(approved(6_000_000, true), { total: 500_000, hasWarranties: true })).toBeNull();
  });
});

describe('orderPaymentState of «Частями» (19)', () => {
  const facts = { paymentTypeId: 19, statusId: 'N', paymentStatusOi: 1, totalSum: 1_000_003, sumPrepaid: 0 };
  it('waits for the first part only; a card order waits for everything', () => {
    expect(orderPaymentState(facts).waitingSum).toBe(250_003);
    expect(orderPaymentState({ ...facts, paymentTypeId: 17 }).waitingSum).toBe(1_000_003);
  });
});
