// The partner banks' published programmes (issue 17): the rates and terms the product page shows
// its credit offers from and the sandbox bank lends by. The store's own instalments 0-0-24 and 0-0-36
// (§9) are 0 % for the buyer. Amounts in kopecks.
import { INSTALMENT_LABELS, type InstalmentLabel } from './credit-payments.ts';

export interface BankProgramme {
  /** Stable code, used in callbacks and stored with each offer. */
  code: string;
  name: string;
  /** Annual rate of credit, percent. */
  creditRate: number;
  /** Credit terms offered, months. */
  creditTerms: readonly number[];
  minAmount: number;
  maxAmount: number;
  /** Store instalments this bank finances (0 % for the buyer). */
  instalments: readonly InstalmentLabel[];
}

const RUB = 100;

export const PARTNER_BANKS: readonly BankProgramme[] = [
  {
    code: 'tbank',
    name: 'Т-Банк',
    creditRate: 24.9,
    creditTerms: [6, 12, 24, 36],
    minAmount: 3_000 * RUB,
    maxAmount: 1_000_000 * RUB,
    instalments: ['0-0-24', '0-0-36'],
  },
  {
    code: 'otp',
    name: 'ОТП Банк',
    creditRate: 29.9,
    creditTerms: [6, 10, 12, 18, 24],
    minAmount: 3_000 * RUB,
    maxAmount: 500_000 * RUB,
    instalments: ['0-0-24'],
  },
  {
    code: 'pochta',
    name: 'Почта Банк',
    creditRate: 19.9,
    creditTerms: [12, 24, 36, 48],
    minAmount: 10_000 * RUB,
    maxAmount: 300_000 * RUB,
    instalments: ['0-0-24', '0-0-36'],
  },
];

export const bankByCode = (code: string) => PARTNER_BANKS.find((b) => b.code === code) ?? null;

/** The lowest advertised credit rate: what the product page's «от … ₽/мес» is computed with. */
export const LOWEST_CREDIT_RATE = Math.min(...PARTNER_BANKS.map((b) => b.creditRate));

/** Every credit term some partner bank offers, ascending. */
export const CREDIT_TERMS: readonly number[] = [...new Set(PARTNER_BANKS.flatMap((b) => b.creditTerms))].sort(
  (a, b) => a - b,
);

/** The banks that lend this amount at all. */
export const banksForAmount = (amount: number) =>
  PARTNER_BANKS.filter((b) => amount >= b.minAmount && amount <= b.maxAmount);

export { INSTALMENT_LABELS };
