import { describe, expect, it } from 'vitest';
import {
  addMonths,
  annuityPayment,
  equalPartsPayment,
  instalmentLimitOf,
  monthlyPayment,
  overpayment,
  parseInstalmentLabel,
  partsSchedule,
  repaymentSchedule,
} from './credit-payments.ts';

describe('monthly payments', () => {
  it('an annuity of 100 000 ₽ at 12 % for 12 months is 8 884,88 ₽, shown rounded up to 8 885 ₽', () => {
    expect(annuityPayment(100_000_00, 12, 12)).toBe(8_885_00);
  });

  it('a zero rate annuity is the amount in equal parts', () => {
    expect(annuityPayment(120_000_00, 0, 24)).toBe(5_000_00);
    expect(equalPartsPayment(100_000_00, 24)).toBe(4_167_00);
  });

  it('credit is an annuity, an instalment equal parts, whatever rate is passed', () => {
    expect(monthlyPayment({ kind: 'credit', principal: 50_000_00, months: 6, annualRatePercent: 19.9 })).toBe(
      annuityPayment(50_000_00, 19.9, 6),
    );
    expect(monthlyPayment({ kind: 'instalment', principal: 50_000_00, months: 6, annualRatePercent: 19.9 })).toBe(
      equalPartsPayment(50_000_00, 6),
    );
  });

  it('nothing to pay for nothing borrowed; months must be positive integers', () => {
    expect(annuityPayment(0, 20, 12)).toBe(0);
    expect(() => annuityPayment(1000, 20, 0)).toThrow(RangeError);
    expect(() => equalPartsPayment(1000, 1.5)).toThrow(RangeError);
  });
});

describe('repayment schedule', () => {
  it('repays the principal to the kopeck and charges interest on the rest', () => {
    const schedule = repaymentSchedule({
      kind: 'credit',
      principal: 87_654_32,
      months: 24,
      annualRatePercent: 21.5,
      start: '2026-01-31',
    });
    expect(schedule).toHaveLength(24);
    expect(schedule.reduce((t, p) => t + p.principal, 0)).toBe(87_654_32);
    expect(schedule.at(-1)!.rest).toBe(0);
    expect(schedule[0]!.interest).toBe(Math.round(87_654_32 * (21.5 / 1200)));
    expect(schedule[0]!.date).toBe('2026-02-28');
    const payment = annuityPayment(87_654_32, 21.5, 24);
    expect(schedule.slice(0, -1).every((p) => p.amount === payment)).toBe(true);
    expect(schedule.at(-1)!.amount).toBeLessThanOrEqual(payment);
    expect(overpayment(schedule)).toBeGreaterThan(0);
  });

  it('an instalment 0-0-24 has no overpayment', () => {
    const schedule = repaymentSchedule({ kind: 'instalment', principal: 100_000_00, months: 24, start: '2026-03-10' });
    expect(overpayment(schedule)).toBe(0);
    expect(schedule.reduce((t, p) => t + p.amount, 0)).toBe(100_000_00);
  });

  it('adds months keeping the day or cutting it to the month end', () => {
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2026-11-15', 2)).toBe('2027-01-15');
  });
});

describe('instalment labels and limits', () => {
  it('reads 0-0-24 and 0-0-36', () => {
    expect(parseInstalmentLabel('0-0-24')).toEqual({ downPercent: 0, overpayPercent: 0, months: 24 });
    expect(parseInstalmentLabel('0-0-36')?.months).toBe(36);
    expect(parseInstalmentLabel('24 месяца')).toBeNull();
  });

  it('the instalment limit is the largest max_loan, else the action limit', () => {
    expect(instalmentLimitOf([{ max_loan: 30_000_00 }, { max_loan: 80_000_00 }, { max_loan: 50_000_00 }], 10)).toBe(
      80_000_00,
    );
    expect(instalmentLimitOf([], 20_000_00)).toBe(20_000_00);
    expect(instalmentLimitOf(null)).toBeNull();
  });
});

describe('pay in parts', () => {
  it('four payments two weeks apart, the odd kopecks in the first', () => {
    const parts = partsSchedule(10_001_03, '2026-11-26');
    expect(parts.map((p) => p.date)).toEqual(['2026-11-26', '2026-12-10', '2026-12-24', '2027-01-07']);
    expect(parts.reduce((t, p) => t + p.amount, 0)).toBe(10_001_03);
    expect(parts[1]!.amount).toBe(Math.floor(10_001_03 / 4));
  });
});
