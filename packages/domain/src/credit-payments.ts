// The one monthly-payment calculation of the store (SPEC §3 Credit offer, §4 Accessories, §9 instalment
// labels): the product page's credit offers, the accessory promotions and checkout's loan offers all
// price a loan here. Credit is an annuity (equal payments of interest and principal); an instalment
// (0 % for the buyer, the store pays the bank's discount) is the amount in equal parts. Money in kopecks.

/** A payment per month is shown in whole rubles, rounded up, so the shown sum is never below what is owed. */
const RUB = 100;
const roundUpToRuble = (kopecks: number) => Math.ceil(kopecks / RUB) * RUB;

/**
 * The annuity payment of a loan (kopecks, rounded up to a ruble): P·r / (1 − (1 + r)^−n) with r the
 * monthly rate (annual percent / 12 / 100). A zero rate is the amount in equal parts. Zero or negative
 * principal pays nothing; months must be a positive integer.
 */
export function annuityPayment(principal: number, annualRatePercent: number, months: number): number {
  if (!Number.isInteger(months) || months <= 0) throw new RangeError('months must be a positive integer');
  if (principal <= 0) return 0;
  if (annualRatePercent <= 0) return equalPartsPayment(principal, months);
  const r = annualRatePercent / 12 / 100;
  return roundUpToRuble((principal * r) / (1 - (1 + r) ** -months));
}

/** An instalment's payment: the amount in equal parts, rounded up to a ruble (kopecks). */
export function equalPartsPayment(principal: number, months: number): number {
  if (!Number.isInteger(months) || months <= 0) throw new RangeError('months must be a positive integer');
  if (principal <= 0) return 0;
  return roundUpToRuble(principal / months);
}

export type LoanKind = 'credit' | 'instalment';

/** The monthly payment of a loan of this kind: annuity for credit, equal parts for an instalment. */
export function monthlyPayment(input: {
  kind: LoanKind;
  principal: number;
  months: number;
  annualRatePercent?: number;
}): number {
  return input.kind === 'instalment'
    ? equalPartsPayment(input.principal, input.months)
    : annuityPayment(input.principal, input.annualRatePercent ?? 0, input.months);
}

export interface SchedulePayment {
  /** 1-based number of the payment. */
  n: number;
  /** YYYY-MM-DD. */
  date: string;
  /** Kopecks: what the borrower pays this time. */
  amount: number;
  principal: number;
  interest: number;
  /** Principal left after this payment. */
  rest: number;
}

/** YYYY-MM-DD plus whole months, the day kept or cut to the month's last day (31 January + 1 → 28/29 February). */
export function addMonths(date: string, months: number): string {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  const first = new Date(Date.UTC(y, m - 1 + months, 1));
  const last = new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + 1, 0)).getUTCDate();
  first.setUTCDate(Math.min(d, last));
  return first.toISOString().slice(0, 10);
}

/**
 * The schedule of a loan: each month the payment of `monthlyPayment`, the interest on the rest
 * (rounded to a kopeck) and the principal it repays; the last payment is what is left, so the
 * principal repaid equals the loan to the kopeck. The first payment is one month after `start`.
 */
export function repaymentSchedule(input: {
  kind: LoanKind;
  principal: number;
  months: number;
  annualRatePercent?: number;
  start: string;
}): SchedulePayment[] {
  const rate = input.kind === 'instalment' ? 0 : (input.annualRatePercent ?? 0);
  const payment = monthlyPayment({ ...input, annualRatePercent: rate });
  const r = rate / 12 / 100;
  const schedule: SchedulePayment[] = [];
  let rest = input.principal;
  for (let n = 1; n <= input.months && rest > 0; n += 1) {
    const interest = Math.round(rest * r);
    const last = n === input.months || payment - interest >= rest;
    const principal = last ? rest : payment - interest;
    rest -= principal;
    schedule.push({ n, date: addMonths(input.start, n), amount: principal + interest, principal, interest, rest });
  }
  return schedule;
}

/** What the borrower pays over the loan beyond its principal (kopecks). */
export const overpayment = (schedule: readonly SchedulePayment[]) =>
  schedule.reduce((total, p) => total + p.interest, 0);

/**
 * An instalment label of §9: «0-0-24» is 0 % down, 0 % overpayment, 24 months. Null when the label
 * is not of that form.
 */
export function parseInstalmentLabel(
  label: string,
): { downPercent: number; overpayPercent: number; months: number } | null {
  const match = /^(\d{1,2})-(\d{1,2})-(\d{1,2})$/.exec(label.trim());
  if (!match) return null;
  const [downPercent, overpayPercent, months] = match.slice(1).map(Number) as [number, number, number];
  return months > 0 ? { downPercent, overpayPercent, months } : null;
}

/** The two bank instalment variants of §9 (payment 20). */
export const INSTALMENT_LABELS = ['0-0-24', '0-0-36'] as const;
export type InstalmentLabel = (typeof INSTALMENT_LABELS)[number];

/**
 * The instalment limit of an action (SPEC §4 Loyalty: "the credit limit is the largest max_loan"):
 * the largest positive `max_loan` of its deferreds, else the action's own limit, else none.
 */
export function instalmentLimitOf(
  deferreds: readonly { max_loan: number }[] | null | undefined,
  ownLimit: number | null | undefined = null,
): number | null {
  const loans = (deferreds ?? []).map((d) => d.max_loan).filter((v) => Number.isFinite(v) && v > 0);
  if (loans.length > 0) return Math.max(...loans);
  return ownLimit ?? null;
}

/** Buy now, pay later (§9 id 19): four payments two weeks apart, the first one now. */
export const PAY_IN_PARTS = { parts: 4, intervalDays: 14 } as const;

/**
 * The four payments of «Частями» (kopecks): equal parts, the kopecks that do not divide paid with
 * the first; dates from `today` (YYYY-MM-DD) every two weeks.
 */
export function partsSchedule(total: number, today: string): { n: number; date: string; amount: number }[] {
  const { parts, intervalDays } = PAY_IN_PARTS;
  const part = Math.floor(total / parts);
  const start = Date.parse(`${today}T00:00:00Z`);
  return Array.from({ length: parts }, (_, i) => ({
    n: i + 1,
    date: new Date(start + i * intervalDays * 86_400_000).toISOString().slice(0, 10),
    amount: i === 0 ? total - part * (parts - 1) : part,
  }));
}
