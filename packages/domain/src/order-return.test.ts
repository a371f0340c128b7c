import { describe, expect, it } from 'vitest';
import {
  accrualShareCancelled,
  completionRefusal,
  isWithinReturnWindow,
  ORDER_RETURN_MESSAGES,
  returnBonusText,
  returnDeadline,
} from './order-return.ts';
import { accrualDates } from './loyalty.ts';

const T0 = new Date('2026-11-01T12:00:00Z');

describe('the return window', () => {
  it('closes exactly when the accrual becomes usable', () => {
    expect(returnDeadline(T0)).toEqual(accrualDates(T0).availableFrom);
    expect(isWithinReturnWindow(T0, new Date('2026-11-15T11:59:59Z'))).toBe(true);
    expect(isWithinReturnWindow(T0, new Date('2026-11-15T12:00:00Z'))).toBe(false);
  });

  it('names the deadline in Moscow time', () => {
    expect(ORDER_RETURN_MESSAGES.windowClosed(returnDeadline(T0))).toMatch(
      /^Срок возврата истёк 15 ноября 2026 г\., 15:00/,
    );
  });
});

describe('the accrual share of returned units', () => {
  it('adds up to the whole accrual over any sequence of partial returns, never negative', () => {
    for (let qty = 1; qty <= 7; qty++) {
      for (let accrual = 0; accrual <= 40; accrual++) {
        // Every composition of qty into steps 1 or 2 units (and one return of all).
        const sequences = [[qty], Array.from({ length: qty }, () => 1), [1, ...(qty > 1 ? [qty - 1] : [])]];
        for (const steps of sequences) {
          let before = 0;
          let sum = 0;
          for (const k of steps) {
            const share = accrualShareCancelled(accrual, qty, before, k);
            expect(share).toBeGreaterThanOrEqual(0);
            sum += share;
            before += k;
          }
          expect(sum).toBe(accrual);
        }
      }
    }
  });

  it('takes the floor of each cumulative share', () => {
    // 10 bonuses for 3 units: ⌊10/3⌋ = 3, ⌊20/3⌋ − 3 = 3, 10 − 6 = 4.
    expect([0, 1, 2].map((before) => accrualShareCancelled(10, 3, before, 1))).toEqual([3, 3, 4]);
    expect(accrualShareCancelled(10, 3, 3, 1)).toBe(0);
  });
});

describe('completing an order', () => {
  it('refuses a prepaid order that is not paid, allows it paid or paid on receipt', () => {
    expect(completionRefusal({ paymentTypeId: 17, paymentStatusOi: 1 })).toBe(ORDER_RETURN_MESSAGES.unpaidCompletion);
    expect(completionRefusal({ paymentTypeId: 19, paymentStatusOi: 1 })).toBe(ORDER_RETURN_MESSAGES.unpaidCompletion);
    expect(completionRefusal({ paymentTypeId: 17, paymentStatusOi: 2 })).toBeNull();
    expect(completionRefusal({ paymentTypeId: 1, paymentStatusOi: 1 })).toBeNull();
  });
});

describe('the return message', () => {
  it('names the bonuses given back and the accrual cancelled', () => {
    expect(returnBonusText({ accrualCancelled: 21, bonusesReturned: 300 })).toBe(
      '300 бонусов за оплату заказа вернулись на карту «Мультионы». Начисление за заказ отменено: 21 бонус.',
    );
    expect(returnBonusText({ accrualCancelled: 0, bonusesReturned: 0 })).toBe('');
  });
});
