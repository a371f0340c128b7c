// Russian plurals (SPEC §9 Display): one rule for the whole store, CLDR's rule for Russian, so «122 товара»
// and «54 товара» never depend on a `% 10` check written again in a page. Word forms live here too, so a page
// never spells them again.
//
// No Intl object on the way of a card or a count (decision 0063): the first Intl formatter or plural rule a
// browser tab makes loads ICU's Russian data, 90–200 ms on a 4×-slowed phone, inside the long task that
// hydrates a listing or a product page. CLDR's rule and ru-RU's digit grouping are a few lines;
// plural.test.ts checks them against Intl for every integer up to 100,000 and for fractions.

/** Russian noun forms: for 1 and 21 («one»), for 2–4 and 22 («few»), for 0, 5–20 and 11 («many»). */
export type PluralForms = readonly [one: string, few: string, many: string];

type PluralCategory = 'one' | 'few' | 'many' | 'other';

/** CLDR's Russian rule: integers by their last two digits (the sign ignored); any fraction is «other». */
function russianPlural(n: number): PluralCategory {
  const abs = Math.abs(n);
  if (!Number.isInteger(abs)) return 'other';
  const last = abs % 10;
  const lastTwo = abs % 100;
  if (last === 1 && lastTwo !== 11) return 'one';
  if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return 'few';
  return 'many';
}

/**
 * The form of a noun after `n`: 1 час, 2 часа, 5 часов, 11 часов, 21 час, 22 часа, 111 часов.
 * Negative numbers behave as their absolute value; fractions take the «few» form (1,5 часа),
 * which is CLDR's «other» category for Russian. Non-finite numbers take «many».
 */
export function pluralize(n: number, forms: PluralForms): string {
  const [one, few, many] = forms;
  if (!Number.isFinite(n)) return many;
  switch (russianPlural(n)) {
    case 'one':
      return one;
    case 'few':
      return few;
    case 'many':
      return many;
    default:
      return few;
  }
}

/** Digits grouped by three with a no-break space, as ru-RU writes them: '1 000', '12 345'. */
export function groupDigits(digits: string): string {
  return digits.replace(/\B(?=(\d{3})+(?!\d))/g, '\u00A0');
}

// Made on first use: only numbers this module does not write itself (fractions past one decimal, exponents).
let fallbackNumber: Intl.NumberFormat | undefined;

/**
 * A number rounded half away from zero to `digits` decimals as ru-RU writes it (grouped thousands, a decimal
 * comma, '-' before a negative), with `minDigits` decimals at least; what
 * `Intl.NumberFormat('ru-RU', { minimumFractionDigits: minDigits, maximumFractionDigits: digits })` prints.
 */
export function formatDecimal(n: number, digits: number, minDigits = 0): string {
  const shortest = String(Math.abs(n));
  // Rounding the shortest decimal that reads back as n (ICU does the same: 4.35 → '4,4', not the binary 4.3499…).
  if (!Number.isFinite(n) || shortest.includes('e')) {
    return new Intl.NumberFormat('ru-RU', { minimumFractionDigits: minDigits, maximumFractionDigits: digits }).format(
      n,
    );
  }
  const scaled = Number.isInteger(n) ? Math.abs(n) * 10 ** digits : Math.round(Number(`${shortest}e${digits}`));
  if (!Number.isSafeInteger(scaled)) {
    return new Intl.NumberFormat('ru-RU', { minimumFractionDigits: minDigits, maximumFractionDigits: digits }).format(
      n,
    );
  }
  let whole = String(scaled);
  if (digits > 0) whole = whole.padStart(digits + 1, '0');
  const intPart = digits > 0 ? whole.slice(0, -digits) : whole;
  let fraction = digits > 0 ? whole.slice(-digits) : '';
  while (fraction.length > minDigits && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  // Intl keeps the sign of a negative number that rounds to zero ('-0').
  const sign = n < 0 || Object.is(n, -0) ? '-' : '';
  return `${sign}${groupDigits(intPart)}${fraction ? `,${fraction}` : ''}`;
}

/** '12 345': a number as ru-RU writes it (a no-break space between thousands, at most three decimals). */
export function formatNumber(n: number): string {
  if (Number.isSafeInteger(n) && !Object.is(n, -0))
    return n < 0 ? `-${groupDigits(String(-n))}` : groupDigits(String(n));
  if (Number.isFinite(n) && Math.abs(n) < Number.MAX_SAFE_INTEGER) return formatDecimal(n, 3);
  fallbackNumber ??= new Intl.NumberFormat('ru-RU');
  return fallbackNumber.format(n);
}

/** '1 товар', '122 товара', '12 345 товаров': the number as ru-RU writes it, a space and the word. */
export function formatCount(n: number, forms: PluralForms): string {
  return `${formatNumber(n)} ${pluralize(n, forms)}`;
}

/** The nouns the store counts. Prepositional forms are for «в 3 магазинах». */
export const PLURAL = {
  product: ['товар', 'товара', 'товаров'],
  review: ['отзыв', 'отзыва', 'отзывов'],
  question: ['вопрос', 'вопроса', 'вопросов'],
  piece: ['штука', 'штуки', 'штук'],
  hour: ['час', 'часа', 'часов'],
  day: ['день', 'дня', 'дней'],
  /** Genitive after «до»: до 1 дня, до 5 дней. */
  dayGenitive: ['дня', 'дней', 'дней'],
  year: ['год', 'года', 'лет'],
  device: ['устройство', 'устройства', 'устройств'],
  pickupPoint: ['пункт получения', 'пункта получения', 'пунктов получения'],
  /** Genitive after «Комплект из»: из 1 товара, из 2 товаров, из 5 товаров. */
  productGenitive: ['товара', 'товаров', 'товаров'],
  inStores: ['магазине', 'магазинах', 'магазинах'],
  inPoints: ['пункте', 'пунктах', 'пунктах'],
  serviceCentre: ['сервисный центр', 'сервисных центра', 'сервисных центров'],
} as const satisfies Record<string, PluralForms>;
