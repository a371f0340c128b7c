import { describe, expect, it } from 'vitest';
import {
  CREDIT_KINDS,
  creditKindOf,
  defaultTerm,
  normalizeTerms,
  visibleCreditSections,
  type CreditKind,
} from './credit.ts';

describe('credit kinds', () => {
  it('are credit, instalment, bank instalment and buy-now-pay-later', () => {
    expect(CREDIT_KINDS).toEqual(['credit', 'instalment', 'bankInstalment', 'buyNowPayLater']);
  });

  it('map from the promo payment type list codes 1 to 4', () => {
    expect(creditKindOf(1)).toBe('credit');
    expect(creditKindOf(2)).toBe('instalment');
    expect(creditKindOf(3)).toBe('bankInstalment');
    expect(creditKindOf(4)).toBe('buyNowPayLater');
    for (const code of [0, 5, 20, null, undefined, Number.NaN]) expect(creditKindOf(code)).toBeNull();
  });
});

describe('normalizeTerms', () => {
  it('sorts by months ascending', () => {
    expect(
      normalizeTerms([
        { months: 24, payment: 100 },
        { months: 6, payment: 400 },
        { months: 12, payment: 200 },
      ]).map((t) => t.months),
    ).toEqual([6, 12, 24]);
  });

  it('keeps the first of equal months, in the given order', () => {
    const terms = [
      { months: 12, payment: 1 },
      { months: 6, payment: 2 },
      { months: 12, payment: 3 },
      { months: 6, payment: 4 },
      { months: 12, payment: 5 },
    ];
    expect(normalizeTerms(terms)).toEqual([
      { months: 6, payment: 2 },
      { months: 12, payment: 1 },
    ]);
  });

  it('drops terms without a positive finite month count', () => {
    const terms = [
      { months: 0, payment: 1 },
      { months: -3, payment: 1 },
      { months: Number.NaN, payment: 1 },
      { months: Number.POSITIVE_INFINITY, payment: 1 },
      { months: 3, payment: 1 },
    ];
    expect(normalizeTerms(terms)).toEqual([{ months: 3, payment: 1 }]);
  });

  it('handles empty and missing lists and does not change the input', () => {
    expect(normalizeTerms([])).toEqual([]);
    expect(normalizeTerms(null)).toEqual([]);
    expect(normalizeTerms(undefined)).toEqual([]);
    const terms = [
      { months: 24, payment: 1 },
      { months: 3, payment: 2 },
    ];
    normalizeTerms(terms);
    expect(terms.map((t) => t.months)).toEqual([24, 3]);
  });

  it('keeps extra fields of the term', () => {
    expect(normalizeTerms([{ months: 3, payment: 1, rate: 0 }])).toEqual([{ months: 3, payment: 1, rate: 0 }]);
  });
});

describe('defaultTerm', () => {
  it('is the last entry of the normalised list (the longest term)', () => {
    expect(
      defaultTerm([
        { months: 36, payment: 1 },
        { months: 6, payment: 2 },
        { months: 36, payment: 3 },
        { months: 12, payment: 4 },
      ]),
    ).toEqual({ months: 36, payment: 1 });
  });

  it('is the only term of a one-term list, and null for none', () => {
    expect(defaultTerm([{ months: 4, payment: 9 }])).toEqual({ months: 4, payment: 9 });
    expect(defaultTerm([])).toBeNull();
    expect(defaultTerm(null)).toBeNull();
    expect(defaultTerm([{ months: 0, payment: 1 }])).toBeNull();
  });
});

describe('visibleCreditSections', () => {
  const offers = (...kinds: CreditKind[]) => kinds.map((kind) => ({ kind }));
  const allFlags = { bankInstallment: true, bnpl: true };
  const noFlags = { bankInstallment: false, bnpl: false };
  const none = { credit: false, instalment: false, bankInstalment: false, buyNowPayLater: false };

  it('shows nothing unless the product has credit', () => {
    expect(
      visibleCreditSections({
        hasCredit: false,
        offers: offers('credit', 'instalment', 'bankInstalment', 'buyNowPayLater'),
        flags: allFlags,
      }),
    ).toEqual(none);
  });

  it('shows plain credit when there is no instalment offer', () => {
    expect(visibleCreditSections({ hasCredit: true, offers: offers('credit'), flags: allFlags })).toEqual({
      ...none,
      credit: true,
    });
    expect(visibleCreditSections({ hasCredit: true, offers: [], flags: noFlags })).toEqual({ ...none, credit: true });
  });

  it('hides plain credit when an instalment offer exists', () => {
    expect(visibleCreditSections({ hasCredit: true, offers: offers('credit', 'instalment'), flags: noFlags })).toEqual({
      ...none,
      instalment: true,
    });
  });

  it('hides plain credit when a shown bank instalment offer exists', () => {
    expect(
      visibleCreditSections({ hasCredit: true, offers: offers('credit', 'bankInstalment'), flags: allFlags }),
    ).toEqual({ ...none, bankInstalment: true });
  });

  it('shows bank instalment only with its flag; a hidden one does not hide plain credit', () => {
    expect(
      visibleCreditSections({
        hasCredit: true,
        offers: offers('bankInstalment'),
        flags: { bankInstallment: false, bnpl: true },
      }),
    ).toEqual({ ...none, credit: true });
  });

  it('shows buy-now-pay-later only with its flag, next to plain credit', () => {
    expect(visibleCreditSections({ hasCredit: true, offers: offers('buyNowPayLater'), flags: allFlags })).toEqual({
      ...none,
      credit: true,
      buyNowPayLater: true,
    });
    expect(
      visibleCreditSections({
        hasCredit: true,
        offers: offers('buyNowPayLater'),
        flags: { bankInstallment: true, bnpl: false },
      }),
    ).toEqual({ ...none, credit: true });
  });

  it('a flag without an offer shows nothing for that kind', () => {
    expect(visibleCreditSections({ hasCredit: true, offers: offers('instalment'), flags: allFlags })).toEqual({
      ...none,
      instalment: true,
    });
  });

  it('shows instalment, bank instalment and BNPL together', () => {
    expect(
      visibleCreditSections({
        hasCredit: true,
        offers: offers('credit', 'instalment', 'bankInstalment', 'buyNowPayLater'),
        flags: allFlags,
      }),
    ).toEqual({ credit: false, instalment: true, bankInstalment: true, buyNowPayLater: true });
  });
});
