// The repair service's rules (SPEC §2 Repair wizard, §3 Repair request, §4 Repair wizard, §5, §9).
// Costs are integer kopecks, shown in roubles.
import { FORM_MESSAGES, luhnValid } from './validation.ts';

/** SPEC §9: the repair discount price is 90 % of the cost. */
export const REPAIR_DISCOUNT_PERCENT = 90;

/** The discount price of a cost in kopecks, rounded to a whole kopeck. */
export function repairDiscountPrice(costKopecks: number): number {
  if (!Number.isInteger(costKopecks) || costKopecks < 0)
    throw new RangeError(`cost must be whole kopecks, got ${costKopecks}`);
  return Math.round((costKopecks * REPAIR_DISCOUNT_PERCENT) / 100);
}

/** SPEC §7 GET /v1/device-types?format=: the formats of device types. */
export const REPAIR_DEVICE_FORMATS = ['regular', 'major-appliance'] as const;
export type RepairDeviceFormat = (typeof REPAIR_DEVICE_FORMATS)[number];

/** SPEC §2: the kinds of repair and their names. */
export const REPAIR_KINDS = ['paid', 'warranty', 'insurance'] as const;
export type RepairKind = (typeof REPAIR_KINDS)[number];
export const REPAIR_KIND_NAMES: Readonly<Record<RepairKind, string>> = {
  paid: 'Платный ремонт',
  warranty: 'Гарантийный ремонт',
  insurance: 'Страховой случай',
};

/** SPEC §2: the wizard's variants; own is the first variant (cost calculation first), refresh the second. */
export const REPAIR_VARIANTS = ['own', 'refresh'] as const;
export type RepairVariant = (typeof REPAIR_VARIANTS)[number];
/**
 * How the page names the variants for the shopper (the SPEC gives none): own shows the cost of the problem and
 * the handover before the contacts; refresh asks the problem and the contacts first, the handover last.
 */
export const REPAIR_VARIANT_NAMES: Readonly<Record<RepairVariant, string>> = {
  own: 'С расчётом стоимости',
  refresh: 'Быстрая заявка: сначала контакты',
};

/** SPEC §4 handover methods: 'Сдать в салон', 'Вызвать курьера', or an operator call. */
export const REPAIR_HANDOVERS = ['store', 'courier', 'operator'] as const;
export type RepairHandover = (typeof REPAIR_HANDOVERS)[number];
export const REPAIR_HANDOVER_NAMES: Readonly<Record<RepairHandover, string>> = {
  store: 'Сдать в салон',
  courier: 'Вызвать курьера',
  operator: 'Проконсультироваться с оператором',
};

/** SPEC §4 ticket strings of a repair request. */
export const REPAIR_STATUSES = ['opened', 'closed', 'completed'] as const;
export type RepairStatus = (typeof REPAIR_STATUSES)[number];
export const REPAIR_STATUS_NAMES: Readonly<Record<RepairStatus, string>> = {
  opened: 'Заявка открыта',
  closed: 'Заявка закрыта',
  completed: 'Ремонт выполнен',
};

export const IMEI_MESSAGES = {
  length: 'IMEI состоит из 15 цифр.',
  checksum: 'IMEI введён с ошибкой: проверьте цифры.',
} as const;

/** The §5 message for an IMEI (15 digits whose last is the Luhn check digit), or null. Spaces and dashes are ignored. */
export function validateImei(input: string | null | undefined): string | null {
  const raw = (input ?? '').trim();
  if (raw === '') return FORM_MESSAGES.required;
  if (/[^\d\s-]/.test(raw)) return FORM_MESSAGES.numeric;
  const digits = raw.replace(/[\s-]/g, '');
  if (digits.length !== 15) return IMEI_MESSAGES.length;
  return luhnValid(digits) ? null : IMEI_MESSAGES.checksum;
}

/** SPEC §5: the courier's time is a range 'from - to'; the default slot. */
export const DEFAULT_REPAIR_TIME = '09:00 - 13:00';
/** The slots a courier takes devices in (our choice, within the service centres' day). */
export const REPAIR_TIME_SLOTS = ['09:00 - 13:00', '13:00 - 17:00', '17:00 - 21:00'] as const;

/** Splits 'from - to' into its two parts; an empty or malformed range is the default slot. */
export function splitRepairTime(range: string | null | undefined): { from: string; to: string } {
  const match = /^\s*(\d{2}:\d{2})\s*-\s*(\d{2}:\d{2})\s*$/.exec(range ?? '');
  const valid = (t: string) => Number(t.slice(0, 2)) < 24 && Number(t.slice(3)) < 60;
  if (match && valid(match[1]!) && valid(match[2]!) && match[1]! < match[2]!) return { from: match[1]!, to: match[2]! };
  const [from, to] = DEFAULT_REPAIR_TIME.split(' - ') as [string, string];
  return { from, to };
}

/** How far ahead a courier can be booked, in days (our choice). */
export const REPAIR_COURIER_DAYS_AHEAD = 14;

/**
 * The courier dates a customer may choose from `today` (YYYY-MM-DD, the city's date): from tomorrow, the next
 * REPAIR_COURIER_DAYS_AHEAD days, Sundays excepted (the service centres' couriers work Monday to Saturday).
 */
export function repairCourierDates(today: string): string[] {
  const out: string[] = [];
  const day = new Date(`${today}T12:00:00Z`);
  for (let i = 1; i <= REPAIR_COURIER_DAYS_AHEAD; i++) {
    const next = new Date(day.getTime() + i * 86_400_000);
    if (next.getUTCDay() !== 0) out.push(next.toISOString().slice(0, 10));
  }
  return out;
}

export const REPAIR_DATE_MESSAGES = {
  past: 'Выберите дату не раньше завтрашнего дня.',
  notWorking: 'В этот день курьер не работает: выберите другую дату.',
} as const;

/** The §5 message for a courier date (YYYY-MM-DD or ДД.ММ.ГГГГ), or null. */
export function validateRepairCourierDate(input: string | null | undefined, today: string): string | null {
  const raw = (input ?? '').trim();
  if (raw === '') return 'Это поле необходимо заполнить.';
  const masked = /^(\d{2})\.(\d{2})\.(\d{4})$/.exec(raw);
  const iso = masked ? `${masked[3]}-${masked[2]}-${masked[1]}` : raw;
  const date = /^\d{4}-\d{2}-\d{2}$/.test(iso) ? new Date(`${iso}T12:00:00Z`) : null;
  if (!date || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== iso)
    return 'Введенная дата некорректна. Попробуйте еще раз';
  if (iso <= today) return REPAIR_DATE_MESSAGES.past;
  return repairCourierDates(today).includes(iso) ? null : REPAIR_DATE_MESSAGES.notWorking;
}
