import { describe, expect, it } from 'vitest';
import {
  isOrderActive,
  isOrderCancelled,
  isOrderPaid,
  orderDeliveryLine,
  orderShelfLifeDate,
  orderStatusText,
} from './order-status.ts';

describe('order status', () => {
  it('I, Z and F are not active; everything else is', () => {
    for (const s of ['I', 'Z', 'F']) expect(isOrderActive(s)).toBe(false);
    for (const s of ['N', 'M', 7, '23', 34]) expect(isOrderActive(s)).toBe(true);
  });

  it('only I is cancelled', () => {
    expect(isOrderCancelled('I')).toBe(true);
    for (const s of ['Z', 'F', 'N', 1]) expect(isOrderCancelled(s)).toBe(false);
  });

  it('an order counts as paid unless status-oi is 1', () => {
    expect(isOrderPaid(1)).toBe(false);
    expect(isOrderPaid(2)).toBe(true);
    expect(isOrderPaid(0)).toBe(true);
    expect(isOrderPaid(null)).toBe(true);
  });

  it('words each status the SPEC names', () => {
    expect(orderStatusText(7)).toMatch(/сообщим, когда товар поступит/);
    expect(orderStatusText('23')).toMatch(/после одобрения кредита/);
    expect(orderStatusText(34)).toMatch(/после оплаты/);
    expect(orderStatusText('Z')).toMatch(/дозвониться/);
    for (const s of ['M', 'X', 'O', 22]) expect(orderStatusText(s)).toMatch(/позвоним/);
    expect(orderStatusText('I')).toBe('Заказ отменён');
    expect(orderStatusText('N')).toBeNull();
  });

  it('keeps an order 5 days after its delivery date', () => {
    expect(orderShelfLifeDate('2026-11-21')).toBe('2026-11-26');
    expect(orderShelfLifeDate('2026-12-29T10:00:00+03:00')).toBe('2027-01-03');
    expect(orderShelfLifeDate('2028-02-26')).toBe('2028-03-02');
    expect(orderShelfLifeDate(null)).toBeNull();
    expect(orderShelfLifeDate('завтра')).toBeNull();
  });

  it('type 17 says the contact centre will call, and nothing once cancelled; others show the window', () => {
    const base = { deliveryDate: '2026-11-22', interval: '10:00 - 22:00' };
    expect(orderDeliveryLine({ ...base, statusId: 'N', orderTypeId: 17 }).kind).toBe('contact-centre');
    expect(orderDeliveryLine({ ...base, statusId: 'I', orderTypeId: 17 })).toEqual({ kind: 'none' });
    expect(orderDeliveryLine({ ...base, statusId: 'I', orderTypeId: 1 })).toEqual({
      kind: 'date',
      date: '2026-11-22',
      interval: '10:00 - 22:00',
    });
    expect(orderDeliveryLine({ statusId: 'N', orderTypeId: 1, deliveryDate: null, interval: null })).toEqual({
      kind: 'none',
    });
  });
});
