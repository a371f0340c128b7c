// SPEC §3 Store / pickup point (work_time, holidays) and issue 13: whether a store is open now, read
// on its city's clock (an IANA time zone), and the week's hours with today and holidays marked.

/** Monday first; null is a day off. `to` 23:59 means to midnight. */
export type WorkTime = readonly ({ from: string; to: string } | null)[];

export interface StoreHoliday {
  /** YYYY-MM-DD on the city's clock. */
  date: string;
  /** Null: closed that day. */
  from: string | null;
  to: string | null;
  note: string;
}

export interface LocalClock {
  /** YYYY-MM-DD. */
  date: string;
  /** 0 Monday … 6 Sunday. */
  weekday: number;
  /** Minutes since local midnight. */
  minutes: number;
}

const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      weekday: 'short',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

/** Whether the runtime knows this IANA zone. */
export function isTimeZone(timeZone: string): boolean {
  try {
    formatter(timeZone);
    return true;
  } catch {
    return false;
  }
}

/** The date, weekday and minute of the day at `now` in `timeZone` (Europe/Moscow when unknown). */
export function localClock(now: Date, timeZone: string): LocalClock {
  const parts = formatter(isTimeZone(timeZone) ? timeZone : 'Europe/Moscow').formatToParts(now);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  return {
    date: `${part('year')}-${part('month')}-${part('day')}`,
    weekday: Math.max(0, WEEKDAYS.indexOf(part('weekday'))),
    minutes: Number(part('hour')) * 60 + Number(part('minute')),
  };
}

function toMinutes(time: string): number | null {
  const match = /^(\d{1,2}):(\d{2})$/.exec(time.trim());
  if (!match) return null;
  const minutes = Number(match[1]) * 60 + Number(match[2]);
  if (minutes > 24 * 60) return null;
  // 23:59 is written for «to midnight».
  return minutes === 23 * 60 + 59 ? 24 * 60 : minutes;
}

export interface DayHours {
  from: string;
  to: string;
}

/** A date plus `days` (YYYY-MM-DD arithmetic in UTC, no clock involved). */
export function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The hours of one day: a holiday's own hours win over the weekday's; null when closed. */
export function hoursOn(
  workTime: WorkTime,
  holidays: readonly StoreHoliday[],
  date: string,
  weekday: number,
): { hours: DayHours | null; holiday: StoreHoliday | null } {
  const holiday = holidays.find((h) => h.date === date) ?? null;
  if (holiday) {
    return { hours: holiday.from && holiday.to ? { from: holiday.from, to: holiday.to } : null, holiday };
  }
  return { hours: workTime[weekday] ?? null, holiday: null };
}

export interface OpenState {
  open: boolean;
  /** «Открыто до 22:00», «Круглосуточно», «Закрыто, откроется в 10:00», «Закрыто, откроется завтра в 10:00», «Закрыто, откроется пт в 10:00». */
  text: string;
}

const SHORT_DAYS = ['пн', 'вт', 'ср', 'чт', 'пт', 'сб', 'вс'];

/**
 * Whether the store is open at `now` on its city's clock. Hours are half-open, [from, to): a store
 * open 10:00–22:00 is open at 21:59 and closed at 22:00. A day whose `to` is before `from` runs past
 * midnight. Holidays replace the weekday's hours of their date.
 */
export function storeOpenState(
  workTime: WorkTime,
  holidays: readonly StoreHoliday[],
  timeZone: string,
  now: Date,
): OpenState {
  const clock = localClock(now, timeZone);
  const today = hoursOn(workTime, holidays, clock.date, clock.weekday).hours;
  // Yesterday's hours that run past midnight.
  const yesterday = hoursOn(workTime, holidays, addDays(clock.date, -1), (clock.weekday + 6) % 7).hours;
  if (yesterday) {
    const from = toMinutes(yesterday.from);
    const to = toMinutes(yesterday.to);
    if (from !== null && to !== null && to < from && clock.minutes < to) {
      return { open: true, text: `Открыто до ${yesterday.to}` };
    }
  }
  if (today) {
    const from = toMinutes(today.from);
    const to = toMinutes(today.to);
    if (from !== null && to !== null) {
      if (from === 0 && to === 24 * 60) return { open: true, text: 'Круглосуточно' };
      const overnight = to < from;
      if (clock.minutes >= from && (overnight || clock.minutes < to)) {
        return { open: true, text: to === 24 * 60 ? 'Открыто до 24:00' : `Открыто до ${today.to}` };
      }
      if (clock.minutes < from) return { open: false, text: `Закрыто, откроется в ${today.from}` };
    }
  }
  for (let ahead = 1; ahead <= 14; ahead++) {
    const { hours } = hoursOn(workTime, holidays, addDays(clock.date, ahead), (clock.weekday + ahead) % 7);
    if (hours && toMinutes(hours.from) !== null) {
      const when = ahead === 1 ? 'завтра' : SHORT_DAYS[(clock.weekday + ahead) % 7];
      return { open: false, text: `Закрыто, откроется ${when} в ${hours.from}` };
    }
  }
  return { open: false, text: 'Закрыто' };
}

export interface WeekDayRow {
  date: string;
  /** «Понедельник» … «Воскресенье». */
  day: string;
  /** «10:00–22:00», «Круглосуточно» or «Выходной». */
  hours: string;
  today: boolean;
  /** The holiday's note when the day has holiday hours. */
  holiday: string | null;
}

const DAY_NAMES = ['Понедельник', 'Вторник', 'Среда', 'Четверг', 'Пятница', 'Суббота', 'Воскресенье'];

function hoursText(hours: DayHours | null): string {
  if (!hours) return 'Выходной';
  if (toMinutes(hours.from) === 0 && toMinutes(hours.to) === 24 * 60) return 'Круглосуточно';
  return `${hours.from}–${hours.to}`;
}

/** The seven days from Monday of the current week on the city's clock, today marked, holidays applied. */
export function weekHours(
  workTime: WorkTime,
  holidays: readonly StoreHoliday[],
  timeZone: string,
  now: Date,
): WeekDayRow[] {
  const clock = localClock(now, timeZone);
  const monday = addDays(clock.date, -clock.weekday);
  return DAY_NAMES.map((day, weekday) => {
    const date = addDays(monday, weekday);
    const { hours, holiday } = hoursOn(workTime, holidays, date, weekday);
    return { date, day, hours: hoursText(hours), today: weekday === clock.weekday, holiday: holiday?.note ?? null };
  });
}

/** Holidays from today on (the store page lists them under the week). */
export function upcomingHolidays(holidays: readonly StoreHoliday[], timeZone: string, now: Date): StoreHoliday[] {
  const today = localClock(now, timeZone).date;
  return holidays.filter((h) => h.date >= today).sort((a, b) => (a.date < b.date ? -1 : 1));
}

/**
 * schema.org openingHoursSpecification of a week plan and its holidays (JSON-LD of a store page):
 * equal days grouped, closed days left out, holidays as validFrom/validThrough entries.
 */
export function openingHoursSpecification(workTime: WorkTime, holidays: readonly StoreHoliday[]) {
  const days = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];
  const groups = new Map<string, string[]>();
  workTime.forEach((hours, index) => {
    if (!hours) return;
    const key = `${hours.from}|${hours.to}`;
    groups.set(key, [...(groups.get(key) ?? []), days[index]!]);
  });
  const week = [...groups.entries()].map(([key, dayOfWeek]) => {
    const [opens, closes] = key.split('|');
    return { '@type': 'OpeningHoursSpecification', dayOfWeek, opens, closes };
  });
  const special = holidays.map((h) => ({
    '@type': 'OpeningHoursSpecification',
    validFrom: h.date,
    validThrough: h.date,
    opens: h.from ?? '00:00',
    closes: h.to ?? '00:00',
  }));
  return [...week, ...special];
}
