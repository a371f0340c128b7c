import { describe, expect, it } from 'vitest';
import { clampCurrentOrder, furthestCheckoutStep, reconcileCheckoutOrders } from './checkout-draft.ts';

const line = (id: number, isPreOrder = false) => ({ id, isPreOrder });
const blank = (lineIds: number[]) => ({ line_ids: lineIds, name: '' });

describe('reconcileCheckoutOrders', () => {
  it('makes one blank order for a new basket', () => {
    expect(reconcileCheckoutOrders([], [line(1), line(2)], false, blank)).toEqual([{ line_ids: [1, 2], name: '' }]);
  });

  it('keeps what was entered when a line is added or removed', () => {
    const draft = [{ line_ids: [1, 2], name: 'Иван' }];
    expect(reconcileCheckoutOrders(draft, [line(1), line(3)], false, blank)).toEqual([
      { line_ids: [1, 3], name: 'Иван' },
    ]);
  });

  it('splits pre-orders into a second order when separation is asked, the entered data staying with the first', () => {
    const draft = [{ line_ids: [1, 2], name: 'Иван' }];
    const orders = reconcileCheckoutOrders(draft, [line(1), line(2, true)], true, blank);
    expect(orders).toEqual([
      { line_ids: [1], name: 'Иван' },
      { line_ids: [2], name: '' },
    ]);
  });

  it('joins the orders again when separation is dropped, and gives no orders for an empty basket', () => {
    const draft = [
      { line_ids: [1], name: 'Иван' },
      { line_ids: [2], name: 'Пётр' },
    ];
    expect(reconcileCheckoutOrders(draft, [line(1), line(2, true)], false, blank)).toEqual([
      { line_ids: [1, 2], name: 'Иван' },
    ]);
    expect(reconcileCheckoutOrders(draft, [], false, blank)).toEqual([]);
  });
});

describe('clampCurrentOrder', () => {
  it('falls back to the first order', () => {
    expect(clampCurrentOrder(1, 2)).toBe(1);
    expect(clampCurrentOrder(2, 2)).toBe(0);
    expect(clampCurrentOrder(-1, 2)).toBe(0);
  });
});

describe('furthestCheckoutStep', () => {
  const all = { contactsValid: true, deliveryChosen: true, paymentChosen: true };
  it('keeps a step whose earlier steps are filled in', () => {
    expect(furthestCheckoutStep('summary', all)).toBe('summary');
    expect(furthestCheckoutStep('contacts', { ...all, contactsValid: false })).toBe('contacts');
  });
  it('pulls a step back to the first one missing its data', () => {
    expect(furthestCheckoutStep('summary', { ...all, paymentChosen: false })).toBe('payments');
    expect(furthestCheckoutStep('summary', { ...all, deliveryChosen: false })).toBe('delivery');
    expect(furthestCheckoutStep('payments', { ...all, contactsValid: false })).toBe('contacts');
  });
});
