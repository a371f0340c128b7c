// SPEC §3 Credit offer, §4 Product loading (credit sections and terms), §4 Other (feature flags),
// §9 Delivery and payment (promo payment kinds): which credit sections a product page shows and
// which term is picked by default.
import { PROMO_PAYMENT_KINDS } from './constants.ts';

/** The four credit offer kinds of SPEC §3, named as in PROMO_PAYMENT_KINDS. */
export const CREDIT_KINDS = ['credit', 'instalment', 'bankInstalment', 'buyNowPayLater'] as const;
export type CreditKind = (typeof CREDIT_KINDS)[number];

/** The kind of a promo / payment type list entry: 1 credit, 2 instalment, 3 bank instalment, 4 BNPL; else null. */
export function creditKindOf(promoKind: number | null | undefined): CreditKind | null {
  return CREDIT_KINDS.find((kind) => PROMO_PAYMENT_KINDS[kind] === promoKind) ?? null;
}

/** One entry of a credit offer's terms (SPEC §3): months and the monthly payment (kopecks). */
export interface CreditTerm {
  months: number;
  payment: number;
}

/**
 * Credit terms sorted by months ascending and de-duplicated by months (SPEC §4). Of several terms
 * with equal months the first one in the given order is kept (the sort is stable, so "first" means
 * first in the server's list); the later duplicates are dropped. Terms whose months is not a
 * positive finite number cannot be offered and are dropped. The input is not changed.
 */
export function normalizeTerms<T extends CreditTerm>(terms: readonly T[] | null | undefined): T[] {
  const seen = new Set<number>();
  return (terms ?? [])
    .filter((term) => Number.isFinite(term.months) && term.months > 0)
    .sort((a, b) => a.months - b.months)
    .filter((term) => {
      if (seen.has(term.months)) return false;
      seen.add(term.months);
      return true;
    });
}

/**
 * The term selected by default: the last entry of the normalised list, i.e. the longest term
 * (SPEC §4: "the default selection is the last entry of each list"). Null for no valid terms.
 */
export function defaultTerm<T extends CreditTerm>(terms: readonly T[] | null | undefined): T | null {
  const list = normalizeTerms(terms);
  return list[list.length - 1] ?? null;
}

export type CreditSections = Record<CreditKind, boolean>;

/**
 * Which credit sections the product page shows (SPEC §4 Product loading, §4 Other):
 * - none unless the product has credit available (`hasCredit`);
 * - instalment when an instalment offer exists;
 * - bank instalment when such an offer exists and its feature flag is on;
 * - buy-now-pay-later when such an offer exists and its feature flag is on;
 * - plain credit only if no instalment or bank instalment offer exists. It does not need an offer
 *   of kind 'credit' in the list: `hasCredit` is what makes plain credit possible.
 *
 * Decision: a bank instalment offer whose feature flag is off is hidden, so it does not count as
 * "existing" when deciding plain credit; otherwise switching the flag off would leave the product
 * with no credit section at all. A BNPL offer never hides plain credit.
 */
export function visibleCreditSections(input: {
  hasCredit: boolean;
  offers: readonly { kind: CreditKind }[];
  flags: { bankInstallment: boolean; bnpl: boolean };
}): CreditSections {
  const none: CreditSections = { credit: false, instalment: false, bankInstalment: false, buyNowPayLater: false };
  if (!input.hasCredit) return none;
  const has = (kind: CreditKind) => input.offers.some((offer) => offer.kind === kind);
  const instalment = has('instalment');
  const bankInstalment = input.flags.bankInstallment && has('bankInstalment');
  const buyNowPayLater = input.flags.bnpl && has('buyNowPayLater');
  return { credit: !instalment && !bankInstalment, instalment, bankInstalment, buyNowPayLater };
}
