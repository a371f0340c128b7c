import { describe, expect, it } from 'vitest';
import {
  applicationTerms,
  bankInstalmentVariants,
  checkoutMonthlyPayment,
  openingTerm,
  type BankFlaggedAction,
} from './credit-checkout.ts';
import { annuityPayment, equalPartsPayment } from './credit-payments.ts';

const RUB = 100;
const flagged = (id: number, months: number[], loans: number[]): BankFlaggedAction => ({
  id,
  bank_flags: { bank_installment: true, banks: ['Т-Банк'], months },
  deferreds: loans.map((max_loan) => ({ max_loan })),
});

describe('bank instalment variants (payment 20)', () => {
  const actions = [flagged(108, [24], [150_000 * RUB, 200_000 * RUB]), flagged(109, [36], [300_000 * RUB])];

  it('splits bank-flagged promotions into 0-0-24 and 0-0-36 with equal monthly parts', () => {
    const variants = bankInstalmentVariants(actions, 120_000 * RUB);
    expect(variants.map((v) => v.label)).toEqual(['0-0-24', '0-0-36']);
    expect(variants[0]).toMatchObject({ months: 24, action_id: 108, max_loan: 200_000 * RUB });
    expect(variants[0]!.monthly_payment).toBe(equalPartsPayment(120_000 * RUB, 24));
    expect(variants[1]!.monthly_payment).toBe(3_334 * RUB); // 3 333,33 ₽ rounded up to a ruble
  });

  it('bounds each variant by the largest max_loan of its promotion', () => {
    expect(bankInstalmentVariants(actions, 200_000 * RUB).map((v) => v.label)).toEqual(['0-0-24', '0-0-36']);
    expect(bankInstalmentVariants(actions, 200_000 * RUB + 1).map((v) => v.label)).toEqual(['0-0-36']);
    expect(bankInstalmentVariants(actions, 300_000 * RUB + 1)).toEqual([]);
  });

  it('ignores promotions without the bank flag, months outside §9 labels and an empty total', () => {
    const other: BankFlaggedAction[] = [
      { id: 1, bank_flags: null, deferreds: [{ max_loan: 1_000_000 * RUB }] },
      { id: 2, bank_flags: { bank_installment: false, banks: [], months: [24] }, deferreds: [] },
      flagged(3, [6, 12], [500_000 * RUB]),
    ];
    expect(bankInstalmentVariants(other, 50_000 * RUB)).toEqual([]);
    expect(bankInstalmentVariants(actions, 0)).toEqual([]);
  });

  it('keeps the promotion with the larger limit when two give one label', () => {
    const two = [
      flagged(1, [24], [100_000 * RUB]),
      flagged(2, [24], [250_000 * RUB]),
      flagged(3, [24], [90_000 * RUB]),
    ];
    expect(bankInstalmentVariants(two, 50_000 * RUB)).toMatchObject([{ label: '0-0-24', action_id: 2 }]);
  });
});

describe('the term an application opens with, as checkout shows it', () => {
  it('takes the chosen instalment label, else the first', () => {
    expect(openingTerm('instalment', 72_000 * RUB, '0-0-36')).toEqual({
      months: 36,
      label: '0-0-36',
      payment: 2_000 * RUB,
    });
    expect(openingTerm('instalment', 72_000 * RUB)).toMatchObject({ months: 24, label: '0-0-24' });
  });

  it('takes the longest credit term at the lowest rate for credit and loan', () => {
    const terms = applicationTerms('credit', 90_000 * RUB);
    expect(openingTerm('credit', 90_000 * RUB)).toEqual(terms.at(-1));
    expect(terms.at(-1)!.months).toBe(48);
    expect(terms.at(-1)!.payment).toBe(annuityPayment(90_000 * RUB, 19.9, 48));
  });

  it('gives checkout the same monthly payment for 12, 13, 20 and 48, and nothing for others', () => {
    const total = 90_000 * RUB;
    const credit = openingTerm('credit', total)!;
    expect(checkoutMonthlyPayment(13, total)).toEqual({ months: credit.months, payment: credit.payment });
    expect(checkoutMonthlyPayment(12, total)).toEqual({ months: credit.months, payment: credit.payment });
    expect(checkoutMonthlyPayment(48, total)).toEqual({ months: credit.months, payment: credit.payment });
    expect(checkoutMonthlyPayment(20, total, '0-0-36')).toEqual({ months: 36, payment: 2_500 * RUB });
    expect(checkoutMonthlyPayment(17, total)).toBeNull();
    expect(checkoutMonthlyPayment(13, 0)).toBeNull();
  });
});
