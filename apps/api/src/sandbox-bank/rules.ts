// How the sandbox bank decides (documented in the README's «Кредит и рассрочка» demo steps). The test
// passport numbers give every outcome on purpose; any other applicant is decided by income.
import { annuityPayment, equalPartsPayment, type BankProgramme } from '@store/domain';
import type { LenderApplication } from '../adapters/lender.ts';

/** Passport numbers (the six digits after the series) that force an outcome at every bank. */
export const TEST_PASSPORTS = {
  approve: '111111',
  decline: '222222',
  /** «Нужно подтверждение дохода»: approved once the shopper confirms income. */
  incomeCheck: '333333',
  /** The banks never answer: the application waits until the store's timeout cancels it. */
  silent: '444444',
} as const;

/** The share of the monthly income a payment may take (a simplified debt-to-income rule). */
export const MAX_PAYMENT_SHARE = 0.5;

export type SandboxDecision =
  | { decision: 'approved'; rate: number; monthlyPayment: number }
  | { decision: 'conditions'; reason: string }
  | { decision: 'declined'; reason: string }
  | { decision: 'silent' };

/** One bank's decision on an application (incomeConfirmed: the shopper sent the income statement). */
export function decide(bank: BankProgramme, application: LenderApplication, incomeConfirmed: boolean): SandboxDecision {
  const { amount, months, kind, instalmentLabel } = application;
  if (amount < bank.minAmount || amount > bank.maxAmount) {
    return { decision: 'declined', reason: 'Сумма вне лимитов банка' };
  }
  const instalment = kind === 'instalment';
  if (instalment && !bank.instalments.includes(instalmentLabel as never)) {
    return { decision: 'declined', reason: 'Банк не выдаёт эту рассрочку' };
  }
  if (!instalment && !bank.creditTerms.includes(months)) {
    return { decision: 'declined', reason: `Банк не выдаёт кредит на ${months} мес.` };
  }
  const rate = instalment ? 0 : bank.creditRate;
  const monthlyPayment = instalment ? equalPartsPayment(amount, months) : annuityPayment(amount, rate, months);
  const passport = application.applicant.passportNumber;
  if (passport === TEST_PASSPORTS.silent) return { decision: 'silent' };
  if (passport === TEST_PASSPORTS.decline) return { decision: 'declined', reason: 'Отказ по кредитной истории' };
  if (passport === TEST_PASSPORTS.incomeCheck && !incomeConfirmed) {
    return { decision: 'conditions', reason: 'Нужно подтверждение дохода' };
  }
  if (passport === TEST_PASSPORTS.approve || passport === TEST_PASSPORTS.incomeCheck) {
    return { decision: 'approved', rate, monthlyPayment };
  }
  if (monthlyPayment > application.applicant.income * 100 * MAX_PAYMENT_SHARE) {
    return { decision: 'declined', reason: 'Платёж больше половины дохода' };
  }
  return { decision: 'approved', rate, monthlyPayment };
}
