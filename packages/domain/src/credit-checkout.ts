// Credit in checkout (issue 17; SPEC §2 payment tabs, §3 Action bank_flags / deferreds, §9 payment ids
// 12, 13, 20, 48 and the instalment labels 0-0-24, 0-0-36). Which bank instalment variants a basket
// qualifies for, and the monthly payment checkout shows for each credit payment: the same figures the
// credit application opens with, since both come from here. Money in kopecks.
import { PAYMENT_TYPE_IDS } from './constants.ts';
import { PARTNER_BANKS, banksForAmount } from './credit-banks.ts';
import {
  INSTALMENT_LABELS,
  instalmentLimitOf,
  monthlyPayment,
  parseInstalmentLabel,
  type InstalmentLabel,
} from './credit-payments.ts';

/** The facts of a promotion that make it a bank instalment (SPEC §3 Action). */
export interface BankFlaggedAction {
  id: number;
  bank_flags: { bank_installment: boolean; banks: string[]; months: number[] } | null;
  deferreds: readonly { max_loan: number }[];
}

/** One variant of payment 20 a basket may take. */
export interface InstalmentVariant {
  label: InstalmentLabel;
  months: number;
  /** The promotion it comes from. */
  action_id: number;
  /** The largest `max_loan` of the promotion's deferreds (null: no limit of its own). */
  max_loan: number | null;
  banks: string[];
  monthly_payment: number;
}

const isLabel = (label: string): label is InstalmentLabel => (INSTALMENT_LABELS as readonly string[]).includes(label);

/**
 * The bank instalment variants of a basket (§9: payment 20 split into 0-0-24 and 0-0-36): each
 * bank-flagged promotion of a basket product gives a label per month count it names; the basket
 * qualifies when its total is within the promotion's largest `max_loan`. Of two promotions with one
 * label the larger limit wins. Sorted by months.
 */
export function bankInstalmentVariants(actions: readonly BankFlaggedAction[], total: number): InstalmentVariant[] {
  const best = new Map<InstalmentLabel, InstalmentVariant>();
  if (total <= 0) return [];
  for (const action of actions) {
    if (!action.bank_flags?.bank_installment) continue;
    const limit = instalmentLimitOf(action.deferreds);
    if (limit !== null && total > limit) continue;
    for (const months of action.bank_flags.months) {
      const label = `0-0-${months}`;
      if (!isLabel(label)) continue;
      const known = best.get(label);
      if (known && (known.max_loan === null || (limit !== null && known.max_loan >= limit))) continue;
      best.set(label, {
        label,
        months,
        action_id: action.id,
        max_loan: limit,
        banks: action.bank_flags.banks,
        monthly_payment: monthlyPayment({ kind: 'instalment', principal: total, months }),
      });
    }
  }
  return [...best.values()].sort((a, b) => a.months - b.months);
}

export type ApplicationKind = 'credit' | 'instalment' | 'loan';

/** The payments that open a bank application, and its kind (13 credit online, 20 bank instalment, 48 loan). */
export const APPLICATION_KIND_BY_PAYMENT: Readonly<Record<number, ApplicationKind>> = {
  [PAYMENT_TYPE_IDS.creditOnline]: 'credit',
  [PAYMENT_TYPE_IDS.bankInstalment]: 'instalment',
  [PAYMENT_TYPE_IDS.loan]: 'loan',
};

const lowestRateFor = (amount: number, months: number) => {
  const rates = banksForAmount(amount)
    .filter((b) => b.creditTerms.includes(months))
    .map((b) => b.creditRate);
  return rates.length > 0 ? Math.min(...rates) : Math.min(...PARTNER_BANKS.map((b) => b.creditRate));
};

export interface ApplicationTerm {
  months: number;
  label: string | null;
  payment: number;
}

/** The terms of an application for this amount: the instalment labels, or the credit terms some bank lends. */
export function applicationTerms(kind: ApplicationKind, amount: number): ApplicationTerm[] {
  if (kind === 'instalment') {
    return INSTALMENT_LABELS.map((label) => {
      const months = parseInstalmentLabel(label)!.months;
      return { months, label, payment: monthlyPayment({ kind: 'instalment', principal: amount, months }) };
    });
  }
  const months = [...new Set(banksForAmount(amount).flatMap((b) => b.creditTerms))].sort((a, b) => a - b);
  return months.map((m) => ({
    months: m,
    label: null,
    payment: monthlyPayment({
      kind: 'credit',
      principal: amount,
      months: m,
      annualRatePercent: lowestRateFor(amount, m),
    }),
  }));
}

/**
 * The term an application opens with: the chosen instalment label, else the first label for an
 * instalment and the longest credit term otherwise (SPEC §4: the default is the last entry).
 * Null when the amount gets no term at all.
 */
export function openingTerm(kind: ApplicationKind, amount: number, label?: string | null): ApplicationTerm | null {
  const terms = applicationTerms(kind, amount);
  if (kind === 'instalment') return terms.find((t) => t.label === label) ?? terms[0] ?? null;
  return terms.at(-1) ?? null;
}

/**
 * What checkout shows under a credit payment: the monthly payment of the term the application opens
 * with (12, credit in the store, is estimated like credit online). Null for other payments.
 */
export function checkoutMonthlyPayment(
  paymentId: number,
  total: number,
  label?: string | null,
): { months: number; payment: number } | null {
  const kind =
    paymentId === PAYMENT_TYPE_IDS.creditOnPlace ? 'credit' : (APPLICATION_KIND_BY_PAYMENT[paymentId] ?? null);
  if (!kind || total <= 0) return null;
  const term = openingTerm(kind, total, label);
  return term ? { months: term.months, payment: term.payment } : null;
}
