import { describe, expect, it } from 'vitest';
import {
  DELIVERY_TIME_FROM_WORD,
  GENITIVE_MONTHS,
  MOSCOW_UTC_OFFSET_MINUTES,
  deliveryTimeText,
  isLatestProducts,
} from './delivery-time.ts';

// Times are written in Moscow time (+03:00) unless the test is about another zone.
const msk = (local: string) => new Date(`${local}+03:00`);
const NOW = msk('2024-12-04T12:00:00');

describe('DELIVERY_TIME_FROM_WORD', () => {
  it('is the Latin c, exactly as the SPEC writes it', () => {
    expect(DELIVERY_TIME_FROM_WORD).toBe('\u0063');
    expect(DELIVERY_TIME_FROM_WORD).not.toBe('\u0441');
  });
});

describe('deliveryTimeText', () => {
  it("says 'через 15 минут' for a reserve within working hours on the same day", () => {
    expect(
      deliveryTimeText({ date: msk('2024-12-04T18:00:00'), now: NOW, isReserve: true, withinWorkingHours: true }),
    ).toBe('через 15 минут');
  });

  it('gives the time for a reserve outside working hours or on another day', () => {
    expect(
      deliveryTimeText({ date: msk('2024-12-04T18:00:00'), now: NOW, isReserve: true, withinWorkingHours: false }),
    ).toBe('сегодня c 18:00');
    expect(
      deliveryTimeText({ date: msk('2024-12-05T10:00:00'), now: NOW, isReserve: true, withinWorkingHours: true }),
    ).toBe('завтра c 10:00');
  });

  it('needs the reserve flag for the 15-minute text', () => {
    expect(deliveryTimeText({ date: msk('2024-12-04T18:00:00'), now: NOW, withinWorkingHours: true })).toBe(
      'сегодня c 18:00',
    );
  });

  it('writes H:mm: no leading zero for hours, two digits for minutes', () => {
    expect(deliveryTimeText({ date: msk('2024-12-04T09:05:00'), now: NOW })).toBe('сегодня c 9:05');
    expect(deliveryTimeText({ date: msk('2024-12-05T00:00:00'), now: NOW })).toBe('завтра c 0:00');
  });

  it('uses day and genitive month from the day after tomorrow on', () => {
    expect(deliveryTimeText({ date: msk('2024-12-06T10:00:00'), now: NOW })).toBe('6 декабря c 10:00');
    expect(deliveryTimeText({ date: msk('2025-05-01T10:30:00'), now: NOW })).toBe('1 мая c 10:30');
  });

  it('uses day and month for a past date too', () => {
    expect(deliveryTimeText({ date: msk('2024-12-03T10:00:00'), now: NOW })).toBe('3 декабря c 10:00');
  });

  it('counts days by the Moscow calendar, not UTC', () => {
    // 01:00 in Moscow on the 5th is still the 4th in UTC.
    const date = msk('2024-12-05T01:00:00');
    expect(deliveryTimeText({ date, now: NOW })).toBe('завтра c 1:00');
    expect(deliveryTimeText({ date, now: NOW, timeZoneOffsetMinutes: 0 })).toBe('сегодня c 22:00');
  });

  it('crosses midnight and the year end', () => {
    const lateNight = msk('2024-12-31T23:59:00');
    expect(deliveryTimeText({ date: msk('2025-01-01T00:00:00'), now: lateNight })).toBe('завтра c 0:00');
    expect(deliveryTimeText({ date: msk('2025-01-02T10:00:00'), now: lateNight })).toBe('2 января c 10:00');
    expect(deliveryTimeText({ date: msk('2024-12-31T23:59:30'), now: lateNight })).toBe('сегодня c 23:59');
  });

  it('takes another offset', () => {
    // 22:30 Moscow on the 4th is 00:30 on the 5th in Yekaterinburg (UTC+5).
    expect(deliveryTimeText({ date: msk('2024-12-04T22:30:00'), now: NOW, timeZoneOffsetMinutes: 300 })).toBe(
      'завтра c 0:30',
    );
  });

  it('accepts ISO strings and epoch milliseconds', () => {
    expect(deliveryTimeText({ date: '2024-12-05T07:00:00Z', now: NOW.getTime() })).toBe('завтра c 10:00');
  });

  it('gives an empty string for an unreadable date', () => {
    for (const date of ['', 'soon', null, undefined, Number.NaN]) {
      expect(deliveryTimeText({ date, now: NOW })).toBe('');
    }
    expect(deliveryTimeText({ date: NOW, now: new Date(Number.NaN) })).toBe('');
  });

  it('defaults to Moscow time', () => {
    expect(MOSCOW_UTC_OFFSET_MINUTES).toBe(180);
  });

  it('names every month in the genitive', () => {
    expect(GENITIVE_MONTHS).toHaveLength(12);
    for (let month = 0; month < 12; month++) {
      const date = new Date(Date.UTC(2030, month, 15, 7, 0));
      expect(deliveryTimeText({ date, now: NOW })).toBe(`15 ${GENITIVE_MONTHS[month]} c 10:00`);
    }
    expect(GENITIVE_MONTHS[0]).toBe('января');
    expect(GENITIVE_MONTHS[11]).toBe('декабря');
  });
});

describe('isLatestProducts', () => {
  it('is set below 10 receiving points', () => {
    expect(isLatestProducts(0)).toBe(true);
    expect(isLatestProducts(9)).toBe(true);
    expect(isLatestProducts(10)).toBe(false);
    expect(isLatestProducts(250)).toBe(false);
  });

  it('is not set for an unknown count', () => {
    expect(isLatestProducts(Number.NaN)).toBe(false);
  });
});
