import { describe, expect, it } from 'vitest';
import {
  DEFAULT_REPAIR_TIME,
  IMEI_MESSAGES,
  REPAIR_DATE_MESSAGES,
  repairCourierDates,
  repairDiscountPrice,
  splitRepairTime,
  validateImei,
  validateRepairCourierDate,
} from './repair.ts';
import { FORM_MESSAGES, luhnValid } from './validation.ts';

describe('repair cost and discount (SPEC §9)', () => {
  it('is 90 % of the cost in whole kopecks', () => {
    expect(repairDiscountPrice(490000)).toBe(441000);
    expect(repairDiscountPrice(0)).toBe(0);
    expect(repairDiscountPrice(15)).toBe(14); // 13.5 rounds half up to 14
    expect(repairDiscountPrice(11)).toBe(10); // 9.9 → 10
    expect(repairDiscountPrice(249000)).toBe(224100);
  });
  it('refuses a cost that is not whole kopecks', () => {
    expect(() => repairDiscountPrice(10.5)).toThrow(RangeError);
    expect(() => repairDiscountPrice(-1)).toThrow(RangeError);
  });
});

describe('IMEI (15 digits, Luhn)', () => {
  it('accepts a real IMEI, with spaces or dashes', () => {
    expect(luhnValid('490154203237518')).toBe(true);
    expect(validateImei('490154203237518')).toBeNull();
    expect(validateImei('49-015420-323751-8')).toBeNull();
    expect(validateImei('35 209900 176148 1')).toBeNull();
  });
  it('words every fault with a message', () => {
    expect(validateImei('')).toBe(FORM_MESSAGES.required);
    expect(validateImei('49015420323751A')).toBe(FORM_MESSAGES.numeric);
    expect(validateImei('49015420323751')).toBe(IMEI_MESSAGES.length);
    expect(validateImei('4901542032375180')).toBe(IMEI_MESSAGES.length);
    expect(validateImei('490154203237519')).toBe(IMEI_MESSAGES.checksum);
  });
});

describe('courier slot and date (SPEC §5)', () => {
  it("splits 'from - to' into two parts, 09:00 - 13:00 by default", () => {
    expect(DEFAULT_REPAIR_TIME).toBe('09:00 - 13:00');
    expect(splitRepairTime('13:00 - 17:00')).toEqual({ from: '13:00', to: '17:00' });
    expect(splitRepairTime('17:00-21:00')).toEqual({ from: '17:00', to: '21:00' });
    expect(splitRepairTime('')).toEqual({ from: '09:00', to: '13:00' });
    expect(splitRepairTime(undefined)).toEqual({ from: '09:00', to: '13:00' });
    expect(splitRepairTime('25:00 - 26:00')).toEqual({ from: '09:00', to: '13:00' });
    expect(splitRepairTime('13:00 - 09:00')).toEqual({ from: '09:00', to: '13:00' });
  });
  it('offers the next two weeks without Sundays and refuses the past and Sundays', () => {
    // 26 November 2026 is a Thursday; 29 November a Sunday.
    const dates = repairCourierDates('2026-11-26');
    expect(dates[0]).toBe('2026-11-27');
    expect(dates).not.toContain('2026-11-29');
    expect(dates).toHaveLength(12);
    expect(validateRepairCourierDate('2026-11-27', '2026-11-26')).toBeNull();
    expect(validateRepairCourierDate('27.11.2026', '2026-11-26')).toBeNull();
    expect(validateRepairCourierDate('2026-11-26', '2026-11-26')).toBe(REPAIR_DATE_MESSAGES.past);
    expect(validateRepairCourierDate('2026-11-01', '2026-11-26')).toBe(REPAIR_DATE_MESSAGES.past);
    expect(validateRepairCourierDate('2026-11-29', '2026-11-26')).toBe(REPAIR_DATE_MESSAGES.notWorking);
    expect(validateRepairCourierDate('2027-03-01', '2026-11-26')).toBe(REPAIR_DATE_MESSAGES.notWorking);
    expect(validateRepairCourierDate('2026-02-30', '2026-11-26')).toBe(FORM_MESSAGES.date);
    expect(validateRepairCourierDate('', '2026-11-26')).toBe(FORM_MESSAGES.required);
  });
});
