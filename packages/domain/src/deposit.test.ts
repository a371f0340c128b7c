import { describe, expect, it } from 'vitest';
import {
  capitalisedSchedule,
  checkDepositInput,
  depositProduct,
  effectiveRateBp,
  estimateDeposit,
  formatRateBp,
  simpleInterest,
} from './deposit.ts';

describe('deposit interest in kopecks', () => {
  it('simple interest: principal × rate × months / 12', () => {
    // 100 000 ₽ at 15.50 % for 12 months = 15 500 ₽
    expect(simpleInterest(100_000_00, 1550, 12)).toBe(15_500_00);
    // 50 000 ₽ at 17 % for 3 months = 2 125 ₽
    expect(simpleInterest(50_000_00, 1700, 3)).toBe(2_125_00);
    // rounded to the kopeck: 333.33 ₽ at 10 % for 1 month = 2.78 ₽ (2.7777…)
    expect(simpleInterest(333_33, 1000, 1)).toBe(278);
  });
  it('capitalised: each month rounded, then earning', () => {
    const s = capitalisedSchedule(100_000_00, 1200, 3);
    expect(s.map((m) => m.interestKopecks)).toEqual([1_000_00, 1_010_00, 1_020_10]);
    expect(s.at(-1)!.balanceKopecks).toBe(103_030_10);
  });
  it('capitalised earns more than simple at the same rate', () => {
    const kopilka = depositProduct('kopilka')!;
    const e = estimateDeposit(kopilka, 200_000_00, 12);
    expect(e.interestKopecks).toBeGreaterThan(simpleInterest(200_000_00, 1450, 12));
    expect(e.totalKopecks).toBe(e.principalKopecks + e.interestKopecks);
    expect(e.schedule).toHaveLength(12);
  });
  it('a simple deposit pays once at the end', () => {
    const e = estimateDeposit(depositProduct('dohodny')!, 100_000_00, 12);
    expect(e.schedule).toEqual([{ month: 12, interestKopecks: 15_500_00, balanceKopecks: 115_500_00 }]);
  });
  it('effective rate and its format', () => {
    expect(effectiveRateBp(1200)).toBe(1268);
    expect(formatRateBp(1550)).toBe('15,50\u00A0%');
  });
});

describe('checkDepositInput', () => {
  it('reads roubles with spaces', () => {
    expect(checkDepositInput({ product: 'kopilka', amount: '150 000', months: '6' })).toMatchObject({
      ok: true,
      amountKopecks: 150_000_00,
      months: 6,
    });
  });
  it('says what is wrong', () => {
    expect(checkDepositInput({ product: 'dohodny', amount: '5000', months: '5' })).toEqual({
      ok: false,
      errors: { amount: 'Минимальная сумма вклада «Доходный» — 10\u00A0000 ₽', months: 'Выберите срок из списка' },
    });
    expect(checkDepositInput({ product: 'x', amount: 'abc' })).toEqual({
      ok: false,
      errors: { product: 'Выберите вклад из списка', amount: 'Допустимы только цифры.' },
    });
    expect(checkDepositInput({ product: 'pokupka', amount: '', months: '24' })).toEqual({
      ok: false,
      errors: { amount: 'Это поле необходимо заполнить.', months: 'Выберите срок из списка' },
    });
  });
});
