// SPEC §4 Delivery time text, §3 Receiving, §8 (date formatting failure → empty string):
// when a store or delivery option can hand the product over, in words.
import { EXPRESS_COURIER, LATEST_PRODUCTS_POINTS_THRESHOLD } from './constants.ts';

/** Moscow time, UTC+3 all year (no daylight saving since 2014). */
export const MOSCOW_UTC_OFFSET_MINUTES = 180;

/**
 * The word before the time. The SPEC writes it with the LATIN letter c (U+0063) in 'сегодня c',
 * 'завтра c' and 'c H:mm', not the Cyrillic с (U+0441); we keep exactly what the SPEC uses.
 */
export const DELIVERY_TIME_FROM_WORD = 'c';

/** Month names in the genitive, as a date reads: '5 декабря'. */
export const GENITIVE_MONTHS: readonly string[] = [
  'января',
  'февраля',
  'марта',
  'апреля',
  'мая',
  'июня',
  'июля',
  'августа',
  'сентября',
  'октября',
  'ноября',
  'декабря',
];

const MINUTE_MS = 60_000;
const DAY_MS = 24 * 60 * MINUTE_MS;

function toTime(value: Date | number | string | null | undefined): number | null {
  if (value == null) return null;
  const time = value instanceof Date ? value.getTime() : typeof value === 'number' ? value : Date.parse(value);
  return Number.isFinite(time) ? time : null;
}

/** Wall-clock parts at the given offset (read with the getUTC… methods of the shifted date). */
function localParts(time: number, offsetMinutes: number) {
  const shifted = new Date(time + offsetMinutes * MINUTE_MS);
  return {
    dayNumber: Math.floor((time + offsetMinutes * MINUTE_MS) / DAY_MS),
    day: shifted.getUTCDate(),
    month: shifted.getUTCMonth(),
    hours: shifted.getUTCHours(),
    minutes: shifted.getUTCMinutes(),
  };
}

/**
 * The handover time in words (SPEC §4 Delivery time text):
 * - 'через 15 минут' for a reserve option within working hours whose date is the same local day as now;
 * - otherwise 'сегодня c 9:05', 'завтра c 10:00' or '5 декабря c 10:00' (day and genitive month;
 *   no year, even for a date in another year; a past date also gets day and month).
 * Hours have no leading zero, minutes two digits (H:mm). Day boundaries and the clock are those of
 * the given offset, Moscow (UTC+3) by default. 'c' is the Latin letter, as the SPEC writes it.
 * An unparseable date or now gives '' (SPEC §8: a date formatting failure gives an empty string).
 */
export function deliveryTimeText(input: {
  date: Date | number | string | null | undefined;
  now: Date | number;
  isReserve?: boolean;
  withinWorkingHours?: boolean;
  timeZoneOffsetMinutes?: number;
}): string {
  const date = toTime(input.date);
  const now = toTime(input.now);
  const offset = input.timeZoneOffsetMinutes ?? MOSCOW_UTC_OFFSET_MINUTES;
  if (date === null || now === null || !Number.isFinite(offset)) return '';
  const at = localParts(date, offset);
  const today = localParts(now, offset).dayNumber;
  if (input.isReserve === true && input.withinWorkingHours === true && at.dayNumber === today) {
    return EXPRESS_COURIER.reserveLabel;
  }
  const dayText =
    at.dayNumber === today
      ? 'сегодня'
      : at.dayNumber === today + 1
        ? 'завтра'
        : `${at.day} ${GENITIVE_MONTHS[at.month]!}`;
  return `${dayText} ${DELIVERY_TIME_FROM_WORD} ${at.hours}:${String(at.minutes).padStart(2, '0')}`;
}

/**
 * Fewer than 10 receiving points sets the latest-products flag (SPEC §4, §3 Receiving): 0 to 9 → true.
 * A count that is not a finite number is treated as unknown and gives false.
 */
export function isLatestProducts(pointsCount: number): boolean {
  return Number.isFinite(pointsCount) && pointsCount < LATEST_PRODUCTS_POINTS_THRESHOLD;
}
