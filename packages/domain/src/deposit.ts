// Deposits of /finance/deposit (issue 17 item 6): the partner bank's rate table and the deposit
// calculator, in whole kopecks. Simple interest is paid at the end of the term on the sum placed;
// capitalised interest is added to the deposit every month and earns interest from then on, each
// month's interest rounded to the kopeck as a bank posts it. A month is a twelfth of the year (the
// bank's actual/365 day count differs by a few kopecks; the page says the figure is an estimate).

export interface DepositProduct {
  code: string;
  name: string;
  /** What sets it apart, one line. */
  note: string;
  capitalisation: boolean;
  /** Minimum to open, kopecks. */
  minKopecks: number;
  /** Annual rate in basis points (1850 = 18.50 %) by term in months. */
  rates: readonly { months: number; bp: number }[];
}

/** The partner bank's deposits as published for the store's customers (rates as of 26 November 2026). */
export const DEPOSIT_PRODUCTS: readonly DepositProduct[] = [
  {
    code: 'dohodny',
    name: 'Доходный',
    note: 'Проценты в конце срока, без пополнения и снятия',
    capitalisation: false,
    minKopecks: 10_000_00,
    rates: [
      { months: 3, bp: 1700 },
      { months: 6, bp: 1650 },
      { months: 12, bp: 1550 },
      { months: 24, bp: 1300 },
    ],
  },
  {
    code: 'kopilka',
    name: 'Копилка',
    note: 'Ежемесячная капитализация, пополнение в любой день',
    capitalisation: true,
    minKopecks: 1_000_00,
    rates: [
      { months: 3, bp: 1600 },
      { months: 6, bp: 1550 },
      { months: 12, bp: 1450 },
      { months: 24, bp: 1200 },
    ],
  },
  {
    code: 'pokupka',
    name: 'На покупку',
    note: 'Повышенная ставка, если потратить доход на технику в Мультицентре',
    capitalisation: true,
    minKopecks: 30_000_00,
    rates: [
      { months: 3, bp: 1800 },
      { months: 6, bp: 1750 },
      { months: 12, bp: 1600 },
    ],
  },
];

export const DEPOSIT_LIMITS = { minRub: 1_000, maxRub: 30_000_000 } as const;
export const DEPOSIT_TERMS = [3, 6, 12, 24] as const;

export interface DepositEstimate {
  product: DepositProduct;
  months: number;
  bp: number;
  principalKopecks: number;
  interestKopecks: number;
  totalKopecks: number;
  /** The balance at the end of each month (capitalised), or the single payout (simple). */
  schedule: { month: number; interestKopecks: number; balanceKopecks: number }[];
}

/** Simple interest over `months`: principal × rate × months / 12, rounded to the kopeck. */
export function simpleInterest(principalKopecks: number, bp: number, months: number): number {
  return Math.round((principalKopecks * bp * months) / (10_000 * 12));
}

/** Monthly capitalisation: each month's interest (rounded to the kopeck) joins the balance. */
export function capitalisedSchedule(principalKopecks: number, bp: number, months: number) {
  const schedule: { month: number; interestKopecks: number; balanceKopecks: number }[] = [];
  let balance = principalKopecks;
  for (let month = 1; month <= months; month++) {
    const interest = Math.round((balance * bp) / (10_000 * 12));
    balance += interest;
    schedule.push({ month, interestKopecks: interest, balanceKopecks: balance });
  }
  return schedule;
}

export const depositProduct = (code: string) => DEPOSIT_PRODUCTS.find((p) => p.code === code) ?? null;

/** The rate of a product for a term, or null when the product has no such term. */
export const depositRate = (product: DepositProduct, months: number) =>
  product.rates.find((r) => r.months === months)?.bp ?? null;

export type DepositField = 'product' | 'amount' | 'months';

/** The calculator's checks; the amount is whole roubles as typed (spaces allowed). */
export function checkDepositInput(raw: {
  product?: string | null;
  amount?: string | null;
  months?: string | null;
}):
  | { ok: true; product: DepositProduct; amountKopecks: number; months: number }
  | { ok: false; errors: Partial<Record<DepositField, string>> } {
  const errors: Partial<Record<DepositField, string>> = {};
  const product = depositProduct(raw.product ?? '');
  if (!product) errors.product = 'Выберите вклад из списка';
  const amountText = (raw.amount ?? '').replace(/[\s\u00A0]/g, '');
  const amount = Number(amountText);
  if (amountText === '') errors.amount = 'Это поле необходимо заполнить.';
  else if (!/^\d+$/.test(amountText)) errors.amount = 'Допустимы только цифры.';
  else if (product && amount * 100 < product.minKopecks)
    errors.amount = `Минимальная сумма вклада «${product.name}» — ${(product.minKopecks / 100).toLocaleString('ru-RU')} ₽`;
  else if (amount > DEPOSIT_LIMITS.maxRub)
    errors.amount = `Сумма не может быть больше ${DEPOSIT_LIMITS.maxRub.toLocaleString('ru-RU')} ₽`;
  const months = Number(raw.months);
  if (product && !depositRate(product, months)) errors.months = 'Выберите срок из списка';
  if (Object.keys(errors).length > 0 || !product) return { ok: false, errors };
  return { ok: true, product, amountKopecks: amount * 100, months };
}

export function estimateDeposit(product: DepositProduct, principalKopecks: number, months: number): DepositEstimate {
  const bp = depositRate(product, months);
  if (bp === null) throw new RangeError(`${product.code} has no ${months}-month term`);
  const schedule = product.capitalisation
    ? capitalisedSchedule(principalKopecks, bp, months)
    : [
        {
          month: months,
          interestKopecks: simpleInterest(principalKopecks, bp, months),
          balanceKopecks: principalKopecks + simpleInterest(principalKopecks, bp, months),
        },
      ];
  const totalKopecks = schedule.at(-1)!.balanceKopecks;
  return {
    product,
    months,
    bp,
    principalKopecks,
    interestKopecks: totalKopecks - principalKopecks,
    totalKopecks,
    schedule,
  };
}

/** The effective annual yield of a capitalised rate, basis points (what «эффективная ставка» shows). */
export function effectiveRateBp(bp: number): number {
  return Math.round(((1 + bp / 120_000) ** 12 - 1) * 10_000);
}

/** '15,50 %' for basis points. */
export const formatRateBp = (bp: number) => `${(bp / 100).toFixed(2).replace('.', ',')}\u00A0%`;
