import { describe, expect, it } from 'vitest';
import {
  localClock,
  openingHoursSpecification,
  storeOpenState,
  upcomingHolidays,
  weekHours,
  type StoreHoliday,
  type WorkTime,
} from './store-hours.ts';
import { storeMatchesQuery, storeQueryWords } from './stores.ts';

const DAILY_10_22: WorkTime = Array.from({ length: 7 }, () => ({ from: '10:00', to: '22:00' }));
const ROUND_THE_CLOCK: WorkTime = Array.from({ length: 7 }, () => ({ from: '00:00', to: '23:59' }));
const WEEKDAYS_ONLY: WorkTime = [
  ...Array.from({ length: 5 }, () => ({ from: '10:00', to: '20:00' })),
  { from: '10:00', to: '18:00' },
  null,
];
const HOLIDAYS: StoreHoliday[] = [
  { date: '2026-12-31', from: '10:00', to: '18:00', note: 'Предпраздничный день' },
  { date: '2027-01-01', from: null, to: null, note: 'Новый год' },
];

// 2026-11-25 is a Wednesday.
const at = (iso: string) => new Date(iso);

describe('localClock', () => {
  it('reads the date, weekday and minutes on the city clock', () => {
    expect(localClock(at('2026-11-25T20:30:00Z'), 'Europe/Moscow')).toEqual({
      date: '2026-11-25',
      weekday: 2,
      minutes: 23 * 60 + 30,
    });
    // Novosibirsk is UTC+7: the same instant is already Thursday.
    expect(localClock(at('2026-11-25T20:30:00Z'), 'Asia/Novosibirsk')).toEqual({
      date: '2026-11-26',
      weekday: 3,
      minutes: 3 * 60 + 30,
    });
  });

  it('falls back to Moscow time for an unknown zone', () => {
    expect(localClock(at('2026-11-25T07:00:00Z'), 'Mars/Olympus').minutes).toBe(10 * 60);
  });
});

describe('storeOpenState', () => {
  it('is open from the opening minute up to, not including, the closing minute (Kazan, UTC+3)', () => {
    expect(storeOpenState(DAILY_10_22, [], 'Europe/Moscow', at('2026-11-25T06:59:00Z'))).toEqual({
      open: false,
      text: 'Закрыто, откроется в 10:00',
    });
    expect(storeOpenState(DAILY_10_22, [], 'Europe/Moscow', at('2026-11-25T07:00:00Z'))).toEqual({
      open: true,
      text: 'Открыто до 22:00',
    });
    expect(storeOpenState(DAILY_10_22, [], 'Europe/Moscow', at('2026-11-25T18:59:00Z')).open).toBe(true);
    expect(storeOpenState(DAILY_10_22, [], 'Europe/Moscow', at('2026-11-25T19:00:00Z'))).toEqual({
      open: false,
      text: 'Закрыто, откроется завтра в 10:00',
    });
  });

  it('reads the hours on the city clock, not the server clock', () => {
    // 05:00 UTC: 08:00 in Moscow (closed), 12:00 in Novosibirsk (open).
    const now = at('2026-11-25T05:00:00Z');
    expect(storeOpenState(DAILY_10_22, [], 'Europe/Moscow', now).open).toBe(false);
    expect(storeOpenState(DAILY_10_22, [], 'Asia/Novosibirsk', now).open).toBe(true);
  });

  it('says round the clock for 00:00–23:59 every day', () => {
    expect(storeOpenState(ROUND_THE_CLOCK, [], 'Europe/Moscow', at('2026-11-25T23:30:00Z'))).toEqual({
      open: true,
      text: 'Круглосуточно',
    });
  });

  it('skips a day off to the next working day', () => {
    // Saturday 2026-11-28 19:00 Moscow: closed after 18:00, Sunday off, Monday from 10:00.
    expect(storeOpenState(WEEKDAYS_ONLY, [], 'Europe/Moscow', at('2026-11-28T16:00:00Z'))).toEqual({
      open: false,
      text: 'Закрыто, откроется пн в 10:00',
    });
  });

  it('uses a holiday instead of the weekday hours', () => {
    // 31 December 19:00: a short day until 18:00; 1 January closed, 2 January a Saturday 10:00–18:00.
    expect(storeOpenState(WEEKDAYS_ONLY, HOLIDAYS, 'Europe/Moscow', at('2026-12-31T16:00:00Z'))).toEqual({
      open: false,
      text: 'Закрыто, откроется сб в 10:00',
    });
    expect(storeOpenState(DAILY_10_22, HOLIDAYS, 'Europe/Moscow', at('2027-01-01T09:00:00Z')).open).toBe(false);
  });

  it('keeps a store open past midnight when its hours run over', () => {
    const late: WorkTime = Array.from({ length: 7 }, () => ({ from: '18:00', to: '02:00' }));
    expect(storeOpenState(late, [], 'Europe/Moscow', at('2026-11-25T22:30:00Z'))).toEqual({
      open: true,
      text: 'Открыто до 02:00',
    });
    expect(storeOpenState(late, [], 'Europe/Moscow', at('2026-11-25T23:30:00Z')).open).toBe(false);
  });

  it('is closed for good when no day has hours', () => {
    expect(storeOpenState(Array(7).fill(null), [], 'Europe/Moscow', at('2026-11-25T10:00:00Z'))).toEqual({
      open: false,
      text: 'Закрыто',
    });
  });
});

describe('weekHours', () => {
  it('lists Monday to Sunday with today marked and holidays applied', () => {
    const rows = weekHours(WEEKDAYS_ONLY, HOLIDAYS, 'Europe/Moscow', at('2026-12-31T10:00:00Z'));
    expect(rows.map((r) => r.date)).toEqual([
      '2026-12-28',
      '2026-12-29',
      '2026-12-30',
      '2026-12-31',
      '2027-01-01',
      '2027-01-02',
      '2027-01-03',
    ]);
    expect(rows.filter((r) => r.today).map((r) => r.day)).toEqual(['Четверг']);
    expect(rows[3]).toMatchObject({ hours: '10:00–18:00', holiday: 'Предпраздничный день' });
    expect(rows[4]).toMatchObject({ hours: 'Выходной', holiday: 'Новый год' });
    expect(rows[6]).toMatchObject({ day: 'Воскресенье', hours: 'Выходной', holiday: null });
    expect(weekHours(ROUND_THE_CLOCK, [], 'Europe/Moscow', at('2026-12-31T10:00:00Z'))[0]!.hours).toBe('Круглосуточно');
  });

  it('lists only the holidays still ahead', () => {
    expect(upcomingHolidays(HOLIDAYS, 'Europe/Moscow', at('2027-01-01T10:00:00Z')).map((h) => h.date)).toEqual([
      '2027-01-01',
    ]);
  });
});

describe('openingHoursSpecification', () => {
  it('groups equal days and adds holidays as dated entries', () => {
    expect(openingHoursSpecification(WEEKDAYS_ONLY, HOLIDAYS.slice(1))).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'],
        opens: '10:00',
        closes: '20:00',
      },
      { '@type': 'OpeningHoursSpecification', dayOfWeek: ['Saturday'], opens: '10:00', closes: '18:00' },
      {
        '@type': 'OpeningHoursSpecification',
        validFrom: '2027-01-01',
        validThrough: '2027-01-01',
        opens: '00:00',
        closes: '00:00',
      },
    ]);
  });
});

describe('store search', () => {
  const store = {
    name: 'Мультицентр ТРК «Кольцо»',
    address: 'ТРК «Кольцо», ул. Петербургская, д. 1',
    stations: [{ name: 'Площадь Тукая' }],
  };

  it('finds a store by the start of each word of its address or metro, ё as е', () => {
    expect(storeQueryWords(' М. Кремлёвская ')).toEqual(['кремлевская']);
    expect(storeMatchesQuery(store, 'петербургская 1')).toBe(true);
    expect(storeMatchesQuery(store, 'м. тукая')).toBe(true);
    expect(storeMatchesQuery(store, 'кольцо')).toBe(true);
    expect(storeMatchesQuery(store, 'баумана')).toBe(false);
    expect(storeMatchesQuery(store, '')).toBe(true);
  });
});
