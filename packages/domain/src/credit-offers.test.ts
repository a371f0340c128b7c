import { describe, expect, it } from 'vitest';
import { PARTNER_BANKS } from './credit-banks.ts';
import { creditOffersFor, creditTermsFor } from './credit-offers.ts';
import { annuityPayment, equalPartsPayment } from './credit-payments.ts';

describe('credit offers of a price', () => {
  it('prices each credit term by the cheapest bank lending the amount, as an annuity', () => {
    const price = 89_990_00;
    for (const term of creditTermsFor(price)) {
      const cheapest = Math.min(
        ...PARTNER_BANKS.filter((b) => b.creditTerms.includes(term.months) && price <= b.maxAmount).map((b) =>
          annuityPayment(price, b.creditRate, term.months),
        ),
      );
      expect(term.payment).toBe(cheapest);
    }
  });

  it('instalments are equal parts and «Частями» is a quarter', () => {
    const offers = creditOffersFor(24_990_00, true);
    const instalment = offers.find((o) => o.type === 'installment')!;
    expect(instalment.terms.at(-1)).toEqual({ months: 24, payment: equalPartsPayment(24_990_00, 24) });
    expect(offers.find((o) => o.type === 'bnpl')!.monthly_payment).toBe(equalPartsPayment(24_990_00, 4));
  });

  it('a price above every bank limit gets no plain credit', () => {
    expect(creditOffersFor(2_000_000_00, true).map((o) => o.type)).toEqual(['installment', 'bank_installment']);
  });
});
