import { describe, expect, it } from 'vitest';
import {
  CHECKOUT_STEPS,
  allowedIdsForActions,
  canOpenCheckoutStep,
  canSeparatePreOrders,
  isActionApplicable,
  isCheckoutStep,
  keepsCartProduct,
  nextCheckoutStep,
  paymentsForBasket,
  previousCheckoutStep,
  removeOrder,
  repaymentOffers,
  selectPresent,
  splitIntoOrders,
  type PaymentOption,
} from './checkout.ts';

describe('checkout steps', () => {
  it('runs basket → contacts → delivery → payments → summary', () => {
    expect(CHECKOUT_STEPS).toEqual(['basket', 'contacts', 'delivery', 'payments', 'summary']);
    expect(nextCheckoutStep('basket')).toBe('contacts');
    expect(nextCheckoutStep('payments')).toBe('summary');
    expect(nextCheckoutStep('summary')).toBeNull();
    expect(previousCheckoutStep('contacts')).toBe('basket');
    expect(previousCheckoutStep('basket')).toBeNull();
    expect(isCheckoutStep('delivery')).toBe(true);
    expect(isCheckoutStep('pay')).toBe(false);
  });

  it('goes back freely but forward one step at a time', () => {
    expect(canOpenCheckoutStep('payments', 'basket')).toBe(true);
    expect(canOpenCheckoutStep('contacts', 'delivery')).toBe(true);
    expect(canOpenCheckoutStep('contacts', 'payments')).toBe(false);
    expect(canOpenCheckoutStep('basket', 'summary')).toBe(false);
  });
});

describe('orders of one checkout', () => {
  const a = { id: 1, isPreOrder: false };
  const b = { id: 2, isPreOrder: true };
  const c = { id: 3, isPreOrder: false };

  it('splits pre-order lines into their own order only when asked and mixed', () => {
    expect(splitIntoOrders([a, b, c], true)).toEqual([[a, c], [b]]);
    expect(splitIntoOrders([a, b, c], false)).toEqual([[a, b, c]]);
    expect(splitIntoOrders([a, c], true)).toEqual([[a, c]]);
    expect(splitIntoOrders([b], true)).toEqual([[b]]);
    expect(splitIntoOrders([], true)).toEqual([]);
    expect(canSeparatePreOrders([a, b])).toBe(true);
    expect(canSeparatePreOrders([a, c])).toBe(false);
  });

  it('removing an order makes the first current; none left is the empty cart scrolled to the top', () => {
    expect(removeOrder(['x', 'y', 'z'], 1)).toEqual({
      orders: ['x', 'z'],
      current: 0,
      empty: false,
      scrollToTop: false,
    });
    expect(removeOrder(['x', 'y'], 0).current).toBe(0);
    expect(removeOrder(['x'], 0)).toEqual({ orders: [], current: null, empty: true, scrollToTop: true });
  });

  it('keeps cart products that are available or have supplier offers', () => {
    expect(keepsCartProduct({ available: true, supplierOffersCount: 0 })).toBe(true);
    expect(keepsCartProduct({ available: false, supplierOffersCount: 2 })).toBe(true);
    expect(keepsCartProduct({ available: false, supplierOffersCount: 0 })).toBe(false);
  });
});

describe('promotions', () => {
  it('applies when mechanics are done, for info, or when every condition is done', () => {
    expect(isActionApplicable({ action_type: 'info', mechanics: null })).toBe(true);
    expect(isActionApplicable({ action_type: 'present', mechanics: { done: true } })).toBe(true);
    expect(
      isActionApplicable({ action_type: 'present', mechanics: { done: false, conditions: [{ done: true }] } }),
    ).toBe(true);
    expect(
      isActionApplicable({
        action_type: 'present',
        mechanics: { done: false, conditions: [{ done: true }, { done: false }] },
      }),
    ).toBe(false);
    expect(isActionApplicable({ action_type: 'percent_discount', mechanics: { done: false, conditions: [] } })).toBe(
      false,
    );
    expect(isActionApplicable({ action_type: 'percent_discount', mechanics: null })).toBe(false);
  });

  it('narrows delivery and payment ids to the intersection of the selected promotions', () => {
    const offered = { deliveryIds: [1, 2, 3, 5], paymentIds: [1, 2, 3, 4] };
    expect(allowedIdsForActions([], offered)).toEqual(offered);
    expect(
      allowedIdsForActions(
        [
          { delivery_ids: [1, 2, 9], payment_ids: [2, 3] },
          { delivery_ids: [2, 3], payment_ids: null },
          { delivery_ids: [], payment_ids: [3, 4] },
        ],
        offered,
      ),
    ).toEqual({ deliveryIds: [2], paymentIds: [3] });
    expect(allowedIdsForActions([{ delivery_ids: [7], payment_ids: [8] }], offered)).toEqual({
      deliveryIds: [],
      paymentIds: [],
    });
  });

  it('choosing a present selects only that one', () => {
    const presents = [
      { product_id: 1, selected: true },
      { product_id: 2, selected: false },
    ];
    expect(selectPresent(presents, 2)).toEqual([
      { product_id: 1, selected: false },
      { product_id: 2, selected: true },
    ]);
    expect(presents[0]!.selected).toBe(true);
  });
});

describe('payments', () => {
  const pay = (id: number, over: Partial<PaymentOption> = {}): PaymentOption => ({
    id,
    linked_payment_type_id: null,
    available_gift_certificate: false,
    min_basket_threshold: null,
    max_basket_threshold: null,
    ...over,
  });

  it('offers a payment only within its min and max basket threshold', () => {
    const payments = [
      pay(1),
      pay(2, { min_basket_threshold: 300_000 }),
      pay(3, { max_basket_threshold: 5_000_000 }),
      pay(4, { min_basket_threshold: 100_000, max_basket_threshold: 200_000 }),
    ];
    const ids = (total: number) =>
      paymentsForBasket(payments, { totalKopecks: total, giftCertificatesOnly: false }).map((p) => p.id);
    expect(ids(150_000)).toEqual([1, 3, 4]);
    expect(ids(300_000)).toEqual([1, 2, 3]);
    expect(ids(200_000)).toEqual([1, 3, 4]);
    expect(ids(6_000_000)).toEqual([1, 2]);
  });

  it('a gift-certificate-only basket keeps the payments that accept them', () => {
    const payments = [pay(1, { available_gift_certificate: true }), pay(2)];
    expect(paymentsForBasket(payments, { totalKopecks: 500_000, giftCertificatesOnly: true }).map((p) => p.id)).toEqual(
      [1],
    );
  });

  it('repayment offers virtual payments linked to the order type and allowed for the order', () => {
    const virtual = [
      pay(10, { linked_payment_type_id: 2 }),
      pay(11, { linked_payment_type_id: 2 }),
      pay(12, { linked_payment_type_id: 3 }),
    ];
    expect(repaymentOffers(virtual, { paymentTypeId: 2, allowedPaymentIds: [11, 12] }).map((p) => p.id)).toEqual([11]);
    expect(repaymentOffers(virtual, { paymentTypeId: 4, allowedPaymentIds: [10, 11, 12] })).toEqual([]);
  });
});
