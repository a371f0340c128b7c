import { describe, expect, it } from 'vitest';
import {
  allocateStock,
  formatOrderDay,
  initialOrderStatus,
  isOrderCancelable,
  orderPaymentState,
  orderStatusName,
  paymentTypeName,
} from './order-lifecycle.ts';

describe('order status names', () => {
  it('names the statuses of the contract and falls back for unknown ones', () => {
    expect(orderStatusName('N')).toBe('Принят');
    expect(orderStatusName(7)).toBe('Предзаказ');
    expect(orderStatusName('P')).toBe('Оплачен');
    expect(orderStatusName('I')).toBe('Отменён');
    expect(orderStatusName('F')).toBe('Выполнен');
    expect(orderStatusName('Q')).toBe('В обработке');
  });

  it('starts a preorder in 7 and any other order in N', () => {
    expect(initialOrderStatus(true)).toBe('7');
    expect(initialOrderStatus(false)).toBe('N');
  });
});

describe('isOrderCancelable', () => {
  it('allows cancelling only active orders not yet handed over', () => {
    // 23: the order waits for the bank (issue 17); the shopper may still give up and release the stock.
    expect(['N', '7', 'P', '23'].map(isOrderCancelable)).toEqual([true, true, true, true]);
    expect(['I', 'F', 'Z', 'M'].map(isOrderCancelable)).toEqual([false, false, false, false]);
  });
});

describe('orderPaymentState', () => {
  const base = { statusId: 'N', paymentStatusOi: 1, totalSum: 500_000, sumPrepaid: 0 };

  it('asks to pay a prepaid method online while unpaid and active', () => {
    expect(orderPaymentState({ ...base, paymentTypeId: 17 })).toEqual({
      paymentRequired: true,
      canRepayment: true,
      waitingSum: 500_000,
    });
    expect(orderPaymentState({ ...base, paymentTypeId: 17, sumPrepaid: 100_000 }).waitingSum).toBe(400_000);
  });

  it('asks nothing for cash, a paid order or a cancelled one', () => {
    const none = { paymentRequired: false, canRepayment: false, waitingSum: 0 };
    expect(orderPaymentState({ ...base, paymentTypeId: 1 })).toEqual(none);
    expect(orderPaymentState({ ...base, paymentTypeId: 17, paymentStatusOi: 2 })).toEqual(none);
    expect(orderPaymentState({ ...base, paymentTypeId: 17, statusId: 'I' })).toEqual(none);
  });
});

describe('paymentTypeName', () => {
  it('uses the checkout method name, the courier payments, or a fallback', () => {
    expect(paymentTypeName(17)).toBe('Банковской картой онлайн');
    expect(paymentTypeName(3)).toBe('Наличными или картой курьеру');
    expect(paymentTypeName(999)).toBe('Другой способ оплаты');
  });
});

describe('allocateStock', () => {
  const stores = [
    { storeId: 1, quantity: 2 },
    { storeId: 2, quantity: 0 },
    { storeId: 3, quantity: 5 },
  ];

  it('takes from the chosen multicenter first, then the other stores in order', () => {
    expect(allocateStock(4, stores, 3)).toEqual([{ storeId: 3, qty: 4 }]);
    expect(allocateStock(6, stores, 3)).toEqual([
      { storeId: 3, qty: 5 },
      { storeId: 1, qty: 1 },
    ]);
    expect(allocateStock(3, stores, null)).toEqual([
      { storeId: 1, qty: 2 },
      { storeId: 3, qty: 1 },
    ]);
  });

  it('gives null when the city has fewer units than asked', () => {
    expect(allocateStock(8, stores, 1)).toBeNull();
    expect(allocateStock(1, [], null)).toBeNull();
  });
});

describe('formatOrderDay', () => {
  it('words a date as day and month', () => {
    expect(formatOrderDay('2025-05-12')).toBe('12 мая');
    expect(formatOrderDay('2025-01-01')).toBe('1 января');
    expect(formatOrderDay('завтра')).toBe('завтра');
  });
});
