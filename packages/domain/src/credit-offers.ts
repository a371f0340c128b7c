// The credit offers of a price (SPEC §3 Credit offer): plain credit from the partner banks, the store's
// instalments 0-0-24 and 0-0-36 (§9), and «Частями». Every payment comes from credit-payments.ts, so the
// product page, the accessory promotions and checkout show the same figures. Money in kopecks.
import { CREDIT_TERMS, PARTNER_BANKS, banksForAmount } from './credit-banks.ts';
import { annuityPayment, equalPartsPayment, PAY_IN_PARTS } from './credit-payments.ts';

export interface PriceCreditOffer {
  id: number;
  action_id: number | null;
  /** credit | installment | bank_installment | bnpl */
  type: 'credit' | 'installment' | 'bank_installment' | 'bnpl';
  title: string;
  terms: { months: number; payment: number }[];
  monthly_payment: number;
  banks: string[];
}

const RUB = 100;
/** Price bounds of the offers (ours; the SPEC names the kinds, not the bounds). */
export const CREDIT_OFFER_BOUNDS = {
  instalmentFrom: 10_000 * RUB,
  bankInstalmentFrom: 15_000 * RUB,
  partsUpTo: 30_000 * RUB,
} as const;

/**
 * The credit terms a price gets: for each term some bank lending this amount offers, the lowest
 * annuity payment among those banks.
 */
export function creditTermsFor(price: number): { months: number; payment: number; bank: string }[] {
  const banks = banksForAmount(price);
  return CREDIT_TERMS.flatMap((months) => {
    const payments = banks
      .filter((b) => b.creditTerms.includes(months))
      .map((b) => ({ months, payment: annuityPayment(price, b.creditRate, months), bank: b.name }))
      .sort((a, b) => a.payment - b.payment);
    return payments.slice(0, 1);
  });
}

/** The offers a price qualifies for; deterministic, so the product page and checkout agree. */
export function creditOffersFor(price: number, hasCredit: boolean): PriceCreditOffer[] {
  if (!hasCredit || price <= 0) return [];
  const offers: PriceCreditOffer[] = [];
  const creditTerms = creditTermsFor(price).map(({ months, payment }) => ({ months, payment }));
  if (creditTerms.length > 0) {
    offers.push({
      id: 1,
      action_id: null,
      type: 'credit',
      title: 'Кредит',
      terms: creditTerms,
      monthly_payment: creditTerms.at(-1)!.payment,
      banks: banksForAmount(price).map((b) => b.name),
    });
  }
  const instalment = (months: readonly number[], label: '0-0-24' | '0-0-36') => {
    const terms = months.map((m) => ({ months: m, payment: equalPartsPayment(price, m) }));
    return {
      terms,
      monthly_payment: terms.at(-1)!.payment,
      banks: PARTNER_BANKS.filter((b) => b.instalments.includes(label)).map((b) => b.name),
    };
  };
  if (price >= CREDIT_OFFER_BOUNDS.instalmentFrom) {
    offers.push({
      id: 2,
      action_id: 2,
      type: 'installment',
      title: 'Рассрочка 0-0-24',
      ...instalment([6, 10, 12, 24], '0-0-24'),
    });
  }
  if (price >= CREDIT_OFFER_BOUNDS.bankInstalmentFrom) {
    offers.push({
      id: 3,
      action_id: 3,
      type: 'bank_installment',
      title: 'Рассрочка от банка 0-0-36',
      ...instalment([12, 24, 36], '0-0-36'),
    });
  }
  if (price <= CREDIT_OFFER_BOUNDS.partsUpTo) {
    const part = equalPartsPayment(price, PAY_IN_PARTS.parts);
    offers.push({
      id: 4,
      action_id: null,
      type: 'bnpl',
      title: 'Частями',
      terms: [{ months: 2, payment: part }],
      monthly_payment: part,
      banks: ['Мультицентр Частями'],
    });
  }
  return offers;
}
