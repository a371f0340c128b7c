// The ОСАГО premium estimate of /insurance/osago and /finance/osago (issue 17 item 6), by the published
// base-rate formula of the Bank of Russia: Премия = ТБ × КТ × КБМ × КВС × КО × КМ × КС.
//
// Source: Указание Банка России от 08.12.2021 № 6007-У «О предельных размерах базовых ставок страховых
// тарифов (их минимальных и максимальных значениях, выраженных в рублях), коэффициентах страховых тарифов,
// требованиях к структуре страховых тарифов, а также порядке их применения страховщиками при определении
// страховой премии по обязательному страхованию гражданской ответственности владельцев транспортных
// средств» (in its wording of 2022), приложение 1 (ТБ, category B, private owners), приложение 2 (КТ, a
// selection: the cities the store sells in), приложение 3 (КБМ classes), КВС, КО, КМ and КС tables.
//
// An ESTIMATE, always shown as one: each insurer picks its own base rate inside the corridor, and the
// territory coefficient depends on the owner's registration (a town of the region may differ from its
// capital). The answer is the range over the corridor in whole kopecks, never a quote.

/** Base rate corridor ТБ for category B («легковые», private owners), roubles. */
export const OSAGO_BASE_RATE_RUB = { min: 1646, max: 7535 } as const;

/** Territory coefficient КТ by the owner's registration: the city itself (приложение 2, a selection). */
export const OSAGO_TERRITORIES: readonly { code: string; name: string; kt: number }[] = [
  { code: 'moskva', name: 'Москва', kt: 1.8 },
  { code: 'sankt-peterburg', name: 'Санкт-Петербург', kt: 1.64 },
  { code: 'novosibirsk', name: 'Новосибирск', kt: 1.62 },
  { code: 'ekaterinburg', name: 'Екатеринбург', kt: 1.72 },
  { code: 'kazan', name: 'Казань', kt: 1.58 },
  { code: 'nizhniy-novgorod', name: 'Нижний Новгород', kt: 1.64 },
  { code: 'chelyabinsk', name: 'Челябинск', kt: 2.1 },
  { code: 'krasnoyarsk', name: 'Красноярск', kt: 1.56 },
  { code: 'samara', name: 'Самара', kt: 1.54 },
  { code: 'ufa', name: 'Уфа', kt: 1.46 },
  { code: 'rostov-na-donu', name: 'Ростов-на-Дону', kt: 1.46 },
  { code: 'omsk', name: 'Омск', kt: 1.4 },
  { code: 'krasnodar', name: 'Краснодар', kt: 1.36 },
  { code: 'voronezh', name: 'Воронеж', kt: 1.26 },
  { code: 'perm', name: 'Пермь', kt: 1.92 },
  { code: 'volgograd', name: 'Волгоград', kt: 1.3 },
  { code: 'saratov', name: 'Саратов', kt: 1.56 },
  { code: 'tyumen', name: 'Тюмень', kt: 1.66 },
  { code: 'irkutsk', name: 'Иркутск', kt: 1.4 },
  { code: 'habarovsk', name: 'Хабаровск', kt: 1.44 },
  { code: 'vladivostok', name: 'Владивосток', kt: 1.38 },
  { code: 'kaliningrad', name: 'Калининград', kt: 1.13 },
  { code: 'sochi', name: 'Сочи', kt: 1.42 },
  { code: 'other', name: 'Другой населённый пункт', kt: 1.0 },
];

/** КМ by engine power, horse-power: the upper bound of each band (inclusive) and its coefficient. */
export const OSAGO_POWER_BANDS: readonly { upTo: number; km: number }[] = [
  { upTo: 50, km: 0.6 },
  { upTo: 70, km: 1.0 },
  { upTo: 100, km: 1.1 },
  { upTo: 120, km: 1.2 },
  { upTo: 150, km: 1.4 },
  { upTo: Infinity, km: 1.6 },
];

/** КБМ by the driver's class (приложение 3 as of 1 April 2022): class М, 0, 1 … 13; a new driver is class 3. */
export const OSAGO_BONUS_MALUS: readonly { cls: string; kbm: number }[] = [
  { cls: 'М', kbm: 3.92 },
  { cls: '0', kbm: 2.94 },
  { cls: '1', kbm: 2.25 },
  { cls: '2', kbm: 1.76 },
  { cls: '3', kbm: 1.17 },
  { cls: '4', kbm: 1 },
  { cls: '5', kbm: 0.91 },
  { cls: '6', kbm: 0.83 },
  { cls: '7', kbm: 0.78 },
  { cls: '8', kbm: 0.74 },
  { cls: '9', kbm: 0.68 },
  { cls: '10', kbm: 0.63 },
  { cls: '11', kbm: 0.57 },
  { cls: '12', kbm: 0.52 },
  { cls: '13', kbm: 0.46 },
];
export const OSAGO_NEW_DRIVER_CLASS = '3';

/** КВС rows by age (from) and columns by driving experience in full years (from). */
const KVS_AGES = [16, 22, 25, 30, 35, 40, 50, 60] as const;
const KVS_EXPERIENCE = [0, 1, 2, 3, 5, 7, 10, 15] as const;
const KVS: readonly (readonly number[])[] = [
  [1.87, 1.87, 1.87, 1.66, 1.66, 1.66, 1.66, 1.66],
  [1.77, 1.77, 1.77, 1.04, 1.04, 1.04, 1.04, 1.04],
  [1.77, 1.69, 1.63, 1.04, 1.04, 1.04, 1.01, 1.01],
  [1.63, 1.63, 1.63, 1.04, 1.04, 1.01, 0.96, 0.96],
  [1.63, 1.63, 1.63, 0.99, 0.96, 0.96, 0.96, 0.96],
  [1.63, 1.63, 1.63, 0.96, 0.96, 0.96, 0.96, 0.96],
  [1.63, 1.63, 1.63, 0.96, 0.96, 0.96, 0.96, 0.96],
  [1.6, 1.6, 1.6, 0.93, 0.93, 0.93, 0.93, 0.93],
];

/** КО: a list of drivers (1) or anyone may drive (2.32). */
export const OSAGO_KO = { limited: 1, unlimited: 2.32 } as const;

/** КС by the months of use a year (3 … 10 and more). */
export const OSAGO_SEASON: readonly { months: number; ks: number }[] = [
  { months: 3, ks: 0.5 },
  { months: 4, ks: 0.6 },
  { months: 5, ks: 0.65 },
  { months: 6, ks: 0.7 },
  { months: 7, ks: 0.8 },
  { months: 8, ks: 0.9 },
  { months: 9, ks: 0.95 },
  { months: 10, ks: 1 },
  { months: 11, ks: 1 },
  { months: 12, ks: 1 },
];

/** The premium may not exceed three times ТБ × КТ (Закон об ОСАГО, ст. 9 п. 3). */
const OSAGO_CAP_FACTOR = 3;

export const OSAGO_LIMITS = {
  powerMin: 1,
  powerMax: 1500,
  ageMin: 16,
  ageMax: 100,
  experienceMax: 84,
} as const;

export interface OsagoInput {
  /** OSAGO_TERRITORIES code. */
  region: string;
  /** Engine power, hp. */
  power: number;
  drivers: 'limited' | 'unlimited';
  /** The youngest driver's age and the least experienced driver's experience (limited drivers). */
  age: number;
  experience: number;
  /** OSAGO_BONUS_MALUS class of the owner (unlimited) or the worst driver (limited). */
  kbmClass: string;
  /** Months of use a year, 3 to 12. */
  months: number;
}

export interface OsagoCoefficients {
  tb: { min: number; max: number };
  kt: number;
  kbm: number;
  kvs: number;
  ko: number;
  km: number;
  ks: number;
}

export interface OsagoEstimate {
  coefficients: OsagoCoefficients;
  /** The premium at the corridor's lowest and highest base rate, kopecks. */
  minKopecks: number;
  maxKopecks: number;
  /** Whether the legal cap (3 × ТБ × КТ) lowered the figure. */
  capped: boolean;
}

export type OsagoField = keyof OsagoInput;

export const OSAGO_MESSAGES = {
  region: 'Выберите регион из списка',
  kbmClass: 'Выберите класс из списка',
  experienceOverAge: 'Стаж не может быть больше, чем возраст минус 16 лет',
} as const;

export const osagoTerritory = (code: string) => OSAGO_TERRITORIES.find((t) => t.code === code) ?? null;

export function osagoKm(power: number): number {
  return OSAGO_POWER_BANDS.find((band) => power <= band.upTo)!.km;
}

export function osagoKvs(age: number, experience: number): number {
  const row = KVS_AGES.findLastIndex((from) => age >= from);
  const column = KVS_EXPERIENCE.findLastIndex((from) => experience >= from);
  return KVS[Math.max(0, row)]![Math.max(0, column)]!;
}

export function osagoKs(months: number): number {
  return OSAGO_SEASON.find((s) => s.months === months)?.ks ?? 1;
}

const whole = (value: number, min: number, max: number) => Number.isInteger(value) && value >= min && value <= max;

/** The §5 message of each field that is wrong (numbers as typed into the calculator's fields). */
export function validateOsagoInput(input: Partial<Record<OsagoField, unknown>>): Partial<Record<OsagoField, string>> {
  const errors: Partial<Record<OsagoField, string>> = {};
  const number = (field: OsagoField, min: number, max: number) => {
    const raw = input[field];
    const text = typeof raw === 'number' ? String(raw) : typeof raw === 'string' ? raw.trim() : '';
    if (text === '') errors[field] = 'Это поле необходимо заполнить.';
    else if (!/^\d+$/.test(text)) errors[field] = 'Допустимы только цифры.';
    else if (!whole(Number(text), min, max))
      errors[field] =
        Number(text) < min ? `Значение должно быть не меньше ${min}` : `Значение должно быть не больше ${max}`;
  };
  if (typeof input.region !== 'string' || !osagoTerritory(input.region)) errors.region = OSAGO_MESSAGES.region;
  number('power', OSAGO_LIMITS.powerMin, OSAGO_LIMITS.powerMax);
  if (input.drivers !== 'limited' && input.drivers !== 'unlimited') errors.drivers = 'Это поле необходимо заполнить.';
  if (input.drivers === 'limited') {
    number('age', OSAGO_LIMITS.ageMin, OSAGO_LIMITS.ageMax);
    number('experience', 0, OSAGO_LIMITS.experienceMax);
    if (!errors.age && !errors.experience && Number(input.experience) > Number(input.age) - 16)
      errors.experience = OSAGO_MESSAGES.experienceOverAge;
  }
  if (typeof input.kbmClass !== 'string' || !OSAGO_BONUS_MALUS.some((b) => b.cls === input.kbmClass))
    errors.kbmClass = OSAGO_MESSAGES.kbmClass;
  const months = Number(input.months);
  if (!OSAGO_SEASON.some((s) => s.months === months)) errors.months = 'Выберите срок из списка';
  return errors;
}

/** Kopecks of roubles × coefficients, rounded to the kopeck once at the end. */
const toKopecks = (roubles: number) => Math.round(roubles * 100);

/** The estimate for a valid input (validateOsagoInput found nothing). */
export function estimateOsago(input: OsagoInput): OsagoEstimate {
  const territory = osagoTerritory(input.region);
  if (!territory) throw new RangeError(`unknown region ${input.region}`);
  const limited = input.drivers === 'limited';
  const coefficients: OsagoCoefficients = {
    tb: { ...OSAGO_BASE_RATE_RUB },
    kt: territory.kt,
    kbm: OSAGO_BONUS_MALUS.find((b) => b.cls === input.kbmClass)?.kbm ?? 1,
    // With anyone allowed to drive, age and experience do not count (КВС = 1).
    kvs: limited ? osagoKvs(input.age, input.experience) : 1,
    ko: limited ? OSAGO_KO.limited : OSAGO_KO.unlimited,
    km: osagoKm(input.power),
    ks: osagoKs(input.months),
  };
  const { kt, kbm, kvs, ko, km, ks } = coefficients;
  let capped = false;
  const premium = (tb: number) => {
    const full = tb * kt * kbm * kvs * ko * km * ks;
    const cap = OSAGO_CAP_FACTOR * tb * kt;
    if (full > cap) capped = true;
    return toKopecks(Math.min(full, cap));
  };
  const minKopecks = premium(coefficients.tb.min);
  const maxKopecks = premium(coefficients.tb.max);
  return { coefficients, minKopecks, maxKopecks, capped };
}

/** The calculator's fields as a query or form sends them; null for a field the request does not carry. */
export function parseOsagoInput(read: (name: OsagoField) => string | null): Partial<Record<OsagoField, string>> {
  const out: Partial<Record<OsagoField, string>> = {};
  for (const name of ['region', 'power', 'drivers', 'age', 'experience', 'kbmClass', 'months'] as const) {
    const value = read(name);
    if (value !== null) out[name] = value.trim().slice(0, 40);
  }
  return out;
}

/** A checked raw input as numbers, or the field errors. */
export function checkOsagoInput(
  raw: Partial<Record<OsagoField, unknown>>,
): { ok: true; input: OsagoInput } | { ok: false; errors: Partial<Record<OsagoField, string>> } {
  const errors = validateOsagoInput(raw);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  const limited = raw.drivers === 'limited';
  return {
    ok: true,
    input: {
      region: String(raw.region),
      power: Number(raw.power),
      drivers: limited ? 'limited' : 'unlimited',
      age: limited ? Number(raw.age) : 0,
      experience: limited ? Number(raw.experience) : 0,
      kbmClass: String(raw.kbmClass),
      months: Number(raw.months),
    },
  };
}
