import { describe, expect, it } from 'vitest';
import { paymentsForBasket, repaymentOffers } from './checkout.ts';
import { PAYMENT_TYPE_IDS } from './constants.ts';
import {
  PAYMENT_METHODS,
  PAYMENT_TABS,
  VIRTUAL_PAYMENTS,
  paymentMethodById,
  paymentMethodsOfTab,
  virtualPaymentsAllowed,
} from './payment-methods.ts';

describe('payment methods', () => {
  it('cover the five tabs of the checkout, each with at least one method', () => {
    expect(PAYMENT_TABS.map((tab) => tab.label)).toEqual(['Онлайн', 'При получении', 'Рассрочка', 'Кредит', 'Частями']);
    for (const tab of PAYMENT_TABS) expect(paymentMethodsOfTab(PAYMENT_METHODS, tab.id).length).toBeGreaterThan(0);
  });

  it('use unique ids, and the §9 ids for online, SBP, cash, credits, instalment and parts', () => {
    const ids = [...PAYMENT_METHODS, ...VIRTUAL_PAYMENTS].map((m) => m.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(paymentMethodById(PAYMENT_TYPE_IDS.online)?.tab).toBe('online');
    expect(paymentMethodById(PAYMENT_TYPE_IDS.creditOnline)?.tab).toBe('credit');
    expect(paymentMethodById(999)).toBeNull();
  });

  it('drop credit and instalment below 3 000 ₽, and parts above 60 000 ₽', () => {
    const small = paymentsForBasket(PAYMENT_METHODS, { totalKopecks: 2_000_00, giftCertificatesOnly: false });
    expect(small.map((m) => m.tab)).not.toContain('credit');
    expect(small.map((m) => m.tab)).toContain('parts');
    const big = paymentsForBasket(PAYMENT_METHODS, { totalKopecks: 100_000_00, giftCertificatesOnly: false });
    expect(big.map((m) => m.tab)).toContain('credit');
    expect(big.map((m) => m.tab)).not.toContain('parts');
  });

  it('keep only certificate-friendly methods for a basket of gift certificates', () => {
    const kept = paymentsForBasket(PAYMENT_METHODS, { totalKopecks: 5_000_00, giftCertificatesOnly: true });
    expect(kept.every((m) => m.available_gift_certificate)).toBe(true);
    expect(kept.map((m) => m.id)).toContain(PAYMENT_TYPE_IDS.online);
  });

  it('offer on the repayment page only the virtual payments linked to the order type', () => {
    const offers = repaymentOffers(VIRTUAL_PAYMENTS, {
      paymentTypeId: PAYMENT_TYPE_IDS.online,
      allowedPaymentIds: VIRTUAL_PAYMENTS.map((m) => m.id),
    });
    expect(offers.map((m) => m.id)).toEqual([1017, 1064]);
  });
});

describe('virtualPaymentsAllowed', () => {
  const byId = (ids: number[]) => VIRTUAL_PAYMENTS.filter((p) => ids.includes(p.id));
  it('keeps only the virtual payments whose checkout method the promotions allow (no SBP for a card-only promocode)', () => {
    expect(virtualPaymentsAllowed(byId([1017, 1064]), [17, 13]).map((p) => p.id)).toEqual([1017]);
    expect(virtualPaymentsAllowed(byId([2064, 2017]), [64]).map((p) => p.id)).toEqual([2064]);
  });
  it('limits nothing without a stored limit', () => {
    expect(virtualPaymentsAllowed(byId([1017, 1064]), null).map((p) => p.id)).toEqual([1017, 1064]);
    expect(virtualPaymentsAllowed(byId([1017, 1064]), undefined).map((p) => p.id)).toEqual([1017, 1064]);
  });
});
