// Buyback («Выкуп», SPEC §1, §3 Buyback, §7; docs/decisions/0043): what the store pays in money for a used
// device now, derived from the trade-in price list, and the rules of booking its hand-in at a multicenter.
// Pure: the API, the page and the tests share them.
import { addDays, hoursOn, type StoreHoliday, type WorkTime } from './store-hours.ts';
import { TRADE_IN_CONDITIONS, type TradeInCondition } from './trade-in.ts';
import { FORM_MESSAGES, NAME_MAX_LENGTH, validateMobilePhone, validateText } from './validation.ts';

/**
 * The share of the trade-in price the store pays in money, per condition (percent). A trade-in price is a
 * discount on a new device the store sells; money leaves the till at once and the device still has to be
 * resold, so buyback pays less, and less again the more the device needs before resale.
 */
export const BUYBACK_SHARES: Readonly<Record<TradeInCondition, number>> = {
  perfect: 85,
  working: 80,
  broken_screen: 70,
};
/** Buyback prices are whole hundreds of roubles, rounded down (10 000 kopecks). */
export const BUYBACK_PRICE_STEP = 10_000;

/** What the store pays now for a device the trade-in list values at `tradeInPrice` kopecks; 0 when nothing. */
export function buybackPrice(tradeInPrice: number, condition: TradeInCondition): number {
  if (!Number.isInteger(tradeInPrice) || tradeInPrice <= 0) return 0;
  const share = Math.floor((tradeInPrice * BUYBACK_SHARES[condition]) / 100);
  return Math.floor(share / BUYBACK_PRICE_STEP) * BUYBACK_PRICE_STEP;
}

/** One storage size of a model with the buyback price of each condition (kopecks). */
export interface BuybackMemoryPrices {
  /** GB; 0 when the model has no sizes. */
  memory_gb: number;
  /** «128 ГБ», «1 ТБ»; empty without sizes. */
  memory: string;
  perfect: number;
  working: number;
  broken_screen: number;
}

/** A memory size as shown: GB below a terabyte, whole terabytes as ТБ, nothing for 0 (no sizes). */
export function formatMemoryGb(gb: number): string {
  if (gb <= 0) return '';
  return gb >= 1024 && gb % 1024 === 0 ? `${gb / 1024} ТБ` : `${gb} ГБ`;
}

/** The buyback prices of a model from its trade-in rows; sizes whose every price is 0 are left out. */
export function buybackPriceTable(
  rows: readonly { memory_gb: number; perfect: number; working: number; broken_screen: number }[],
): BuybackMemoryPrices[] {
  return rows
    .map((r) => ({
      memory_gb: r.memory_gb,
      memory: formatMemoryGb(r.memory_gb),
      perfect: buybackPrice(r.perfect, 'perfect'),
      working: buybackPrice(r.working, 'working'),
      broken_screen: buybackPrice(r.broken_screen, 'broken_screen'),
    }))
    .filter((r) => TRADE_IN_CONDITIONS.some((c) => r[c] > 0))
    .sort((a, b) => a.memory_gb - b.memory_gb);
}

/** How far ahead a hand-in can be booked: from tomorrow, this many days. */
export const BUYBACK_DAYS_AHEAD = 14;

export const BUYBACK_MESSAGES = {
  noPrice: 'Такое устройство мы сейчас не выкупаем',
  storeNotInCity: 'Выберите Мультицентр вашего города',
  datePast: 'Выберите дату не раньше завтрашнего дня.',
  dateTooFar: `Запись открыта на ${BUYBACK_DAYS_AHEAD} дней вперёд: выберите дату ближе.`,
  storeClosed: 'В этот день Мультицентр не работает: выберите другую дату.',
} as const;

/** Weekday of a YYYY-MM-DD date, 0 Monday … 6 Sunday. */
const weekdayOf = (date: string) => (new Date(`${date}T12:00:00Z`).getUTCDay() + 6) % 7;

/** The store's opening days a hand-in can be booked on, from tomorrow (`today` on the city's clock). */
export function buybackDates(today: string, workTime: WorkTime, holidays: readonly StoreHoliday[]): string[] {
  const out: string[] = [];
  for (let i = 1; i <= BUYBACK_DAYS_AHEAD; i++) {
    const date = addDays(today, i);
    if (hoursOn(workTime, holidays, date, weekdayOf(date)).hours) out.push(date);
  }
  return out;
}

/** The message for a hand-in date (YYYY-MM-DD) at a store, or null when it is one of buybackDates. */
export function validateBuybackDate(
  input: string | null | undefined,
  today: string,
  store: { work_time: WorkTime; holidays: readonly StoreHoliday[] },
): string | null {
  const date = (input ?? '').trim();
  if (date === '') return FORM_MESSAGES.required;
  const parsed = /^\d{4}-\d{2}-\d{2}$/.test(date) ? new Date(`${date}T12:00:00Z`) : null;
  if (!parsed || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== date)
    return FORM_MESSAGES.date;
  if (date <= today) return BUYBACK_MESSAGES.datePast;
  if (date > addDays(today, BUYBACK_DAYS_AHEAD)) return BUYBACK_MESSAGES.dateTooFar;
  return hoursOn(store.work_time, store.holidays, date, weekdayOf(date)).hours ? null : BUYBACK_MESSAGES.storeClosed;
}

/** The seller's contacts: the §5 messages per field (name required, letters only; a mobile phone). */
export function validateBuybackContacts(input: { name: string; phone: string }): Record<string, string> {
  const errors: Record<string, string> = {};
  const name = validateText(input.name, { required: true, max: NAME_MAX_LENGTH, lettersOnly: true });
  if (name) errors.name = name;
  const phone = validateMobilePhone(input.phone);
  if (phone) errors.phone = phone;
  return errors;
}

/** A booking's life: booked by the seller; the operator confirms it, marks it bought or cancels it. */
export const BUYBACK_STATUSES = ['booked', 'confirmed', 'bought', 'cancelled'] as const;
export type BuybackStatus = (typeof BUYBACK_STATUSES)[number];
export const BUYBACK_STATUS_NAMES: Readonly<Record<BuybackStatus, string>> = {
  booked: 'Запись принята',
  confirmed: 'Подтверждена',
  bought: 'Устройство выкуплено',
  cancelled: 'Отменена',
};

/** §3 Buyback: a model as shown, the brand plus the name (once, when the name already starts with it). */
export function buybackDisplayName(brand: string, model: string): string {
  return model.toLowerCase().startsWith(`${brand.toLowerCase()} `) ? model : `${brand} ${model}`;
}

// Made on first use: this module is in every page's bundle (decision 0063).
let DAY_FORMAT: Intl.DateTimeFormat | undefined;
/** A hand-in date (YYYY-MM-DD) as the form and the account show it: «пт, 27 ноября». */
export function formatBuybackDate(date: string): string {
  const time = Date.parse(`${date}T12:00:00Z`);
  if (Number.isNaN(time)) return date;
  DAY_FORMAT ??= new Intl.DateTimeFormat('ru-RU', { timeZone: 'UTC', weekday: 'short', day: 'numeric', month: 'long' });
  return DAY_FORMAT.format(time);
}
