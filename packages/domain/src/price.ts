// Money and quantity wording (SPEC §9 Display). All money is integer kopecks.
import { PLURAL, formatDecimal, groupDigits, pluralize, type PluralForms } from './plural.ts';

export { pluralize, type PluralForms } from './plural.ts';

/** No-break space: keeps "24 990 ₽" and "5 часов" on one line. */
export const NBSP = '\u00A0';
export const RUBLE_SIGN = '₽';

/**
 * 2499000 → '24 990 ₽', 2499050 → '24 990,50 ₽', 100 → '1 ₽' (spaces are U+00A0).
 * Groups every number of four digits or more (the SPEC says "space as thousands
 * separator", so '1 000 ₽', unlike Intl ru-RU's '1000 ₽'). Kopecks are shown only when
 * non-zero. Fractions of a kopeck are rounded; NaN, ±Infinity and unsafe integers throw.
 */
export function formatPrice(kopecks: number): string {
  const total = Math.round(kopecks);
  if (!Number.isSafeInteger(total)) throw new RangeError(`Invalid price in kopecks: ${kopecks}`);
  const sign = total < 0 ? '-' : '';
  const abs = Math.abs(total);
  const rubles = groupDigits(String(Math.trunc(abs / 100)));
  const rest = abs % 100;
  const fraction = rest === 0 ? '' : `,${String(rest).padStart(2, '0')}`;
  return `${sign}${rubles}${fraction}${NBSP}${RUBLE_SIGN}`;
}

export const HOUR_FORMS: PluralForms = PLURAL.hour;

/** '1 час', '3 часа', '12 часов' (no-break space between number and word). */
export function formatHours(hours: number): string {
  return `${hours}${NBSP}${pluralize(hours, HOUR_FORMS)}`;
}

/**
 * Whole discount percent of `price` against `oldPrice`, rounded down so the badge never
 * overstates the saving: 24 990 vs 29 990 → 16. 0 when there is no real discount
 * (no old price, old ≤ new, or invalid input).
 */
export function discountPercent(price: number, oldPrice: number | null | undefined): number {
  if (oldPrice == null || !Number.isFinite(price) || !Number.isFinite(oldPrice)) return 0;
  if (oldPrice <= 0 || price < 0 || price >= oldPrice) return 0;
  // The tiny epsilon absorbs binary float noise (e.g. 70/100 giving 29.999…).
  return Math.floor(((oldPrice - price) * 100) / oldPrice + 1e-9);
}

// Written without Intl (plural.ts says why: a listing formats a rating on each card while it hydrates).

/** A product's rating with one decimal: 4.5 → '4,5', 4 → '4,0'. */
export function formatRating(rating: number): string {
  return formatDecimal(rating, 1, 1);
}

/** A number with at most one decimal: 2.25 → '2,3', 12 → '12'. */
export function formatOneDecimal(value: number): string {
  return formatDecimal(value, 1);
}
