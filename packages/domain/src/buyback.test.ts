import { describe, expect, it } from 'vitest';
import {
  BUYBACK_MESSAGES,
  buybackDates,
  buybackDisplayName,
  buybackPrice,
  buybackPriceTable,
  formatMemoryGb,
  validateBuybackContacts,
  validateBuybackDate,
} from './buyback.ts';
import { FORM_MESSAGES } from './validation.ts';

const weekdays = { from: '10:00', to: '21:00' };
/** Monday to Saturday; Sunday closed. */
const store = {
  work_time: [weekdays, weekdays, weekdays, weekdays, weekdays, weekdays, null],
  holidays: [{ date: '2026-12-31', from: null, to: null, note: 'Предпраздничный день' }],
};

describe('buyback prices', () => {
  it('pays a share of the trade-in price per condition, rounded down to whole hundreds of roubles', () => {
    expect(buybackPrice(5_000_000, 'perfect')).toBe(4_250_000);
    expect(buybackPrice(5_000_000, 'working')).toBe(4_000_000);
    expect(buybackPrice(5_000_000, 'broken_screen')).toBe(3_500_000);
    // 85 % of 12 345.67 ₽ is 10 493.82 ₽ → 10 400 ₽.
    expect(buybackPrice(1_234_567, 'perfect')).toBe(1_040_000);
    expect(buybackPrice(0, 'perfect')).toBe(0);
    expect(buybackPrice(-100, 'working')).toBe(0);
  });

  it('names a model by its brand plus its name', () => {
    expect(buybackDisplayName('Apple', 'iPhone 13 Pro')).toBe('Apple iPhone 13 Pro');
    expect(buybackDisplayName('Xiaomi', 'Xiaomi 13T')).toBe('Xiaomi 13T');
  });

  it('shows memory as GB (whole terabytes as ТБ) and drops sizes with nothing to pay', () => {
    expect(formatMemoryGb(128)).toBe('128 ГБ');
    expect(formatMemoryGb(1024)).toBe('1 ТБ');
    expect(formatMemoryGb(1536)).toBe('1536 ГБ');
    expect(formatMemoryGb(0)).toBe('');
    const table = buybackPriceTable([
      { memory_gb: 256, perfect: 4_000_000, working: 3_000_000, broken_screen: 1_000_000 },
      { memory_gb: 128, perfect: 3_000_000, working: 2_000_000, broken_screen: 800_000 },
      { memory_gb: 512, perfect: 0, working: 0, broken_screen: 0 },
    ]);
    expect(table).toEqual([
      { memory_gb: 128, memory: '128 ГБ', perfect: 2_550_000, working: 1_600_000, broken_screen: 560_000 },
      { memory_gb: 256, memory: '256 ГБ', perfect: 3_400_000, working: 2_400_000, broken_screen: 700_000 },
    ]);
  });
});

describe('buyback booking', () => {
  it('offers the store’s opening days from tomorrow, two weeks ahead', () => {
    // 2026-11-26 is a Thursday; Sundays 29.11, 6.12 are closed.
    const dates = buybackDates('2026-11-26', store.work_time, store.holidays);
    expect(dates[0]).toBe('2026-11-27');
    expect(dates).not.toContain('2026-11-29');
    expect(dates).not.toContain('2026-12-06');
    expect(dates.at(-1)).toBe('2026-12-10');
    expect(dates).toHaveLength(12);
  });

  it('answers the date’s message', () => {
    const today = '2026-12-20';
    expect(validateBuybackDate('', today, store)).toBe(FORM_MESSAGES.required);
    expect(validateBuybackDate('2026-02-30', today, store)).toBe(FORM_MESSAGES.date);
    expect(validateBuybackDate('21.12.2026', today, store)).toBe(FORM_MESSAGES.date);
    expect(validateBuybackDate(today, today, store)).toBe(BUYBACK_MESSAGES.datePast);
    expect(validateBuybackDate('2027-01-05', today, store)).toBe(BUYBACK_MESSAGES.dateTooFar);
    expect(validateBuybackDate('2026-12-27', today, store)).toBe(BUYBACK_MESSAGES.storeClosed); // Sunday
    expect(validateBuybackDate('2026-12-31', today, store)).toBe(BUYBACK_MESSAGES.storeClosed); // holiday
    expect(validateBuybackDate('2026-12-21', today, store)).toBeNull();
  });

  it('checks the seller’s name and mobile phone', () => {
    expect(validateBuybackContacts({ name: 'Анна-Мария', phone: '+7 (916) 123-45-67' })).toEqual({});
    expect(validateBuybackContacts({ name: ' ', phone: '+7 (495) 123-45-67' })).toEqual({
      name: FORM_MESSAGES.required,
      phone: FORM_MESSAGES.mobileStartsWith9,
    });
    expect(validateBuybackContacts({ name: 'R2D2', phone: '' })).toEqual({
      name: FORM_MESSAGES.lettersOnly,
      phone: FORM_MESSAGES.required,
    });
  });
});
