/** Text helpers of the seed: transliteration for slugs, number and price formatting. */

const TRANSLIT: Record<string, string> = {
  а: 'a',
  б: 'b',
  в: 'v',
  г: 'g',
  д: 'd',
  е: 'e',
  ё: 'e',
  ж: 'zh',
  з: 'z',
  и: 'i',
  й: 'y',
  к: 'k',
  л: 'l',
  м: 'm',
  н: 'n',
  о: 'o',
  п: 'p',
  р: 'r',
  с: 's',
  т: 't',
  у: 'u',
  ф: 'f',
  х: 'h',
  ц: 'ts',
  ч: 'ch',
  ш: 'sh',
  щ: 'shch',
  ъ: '',
  ы: 'y',
  ь: '',
  э: 'e',
  ю: 'yu',
  я: 'ya',
};

/** Latin slug: lowercase letters, digits and single hyphens. */
export function slugify(text: string, maxLength = 120): string {
  let out = '';
  for (const ch of text.toLowerCase()) {
    const mapped = TRANSLIT[ch];
    if (mapped !== undefined) out += mapped;
    else if ((ch >= 'a' && ch <= 'z') || (ch >= '0' && ch <= '9')) out += ch;
    else if (ch === '+') out += '-plus';
    else out += '-';
  }
  out = out.replace(/-+/g, '-').replace(/^-|-$/g, '');
  if (out.length > maxLength) out = out.slice(0, maxLength).replace(/-[^-]*$/, '');
  return out;
}

/** A number the Russian way: decimal comma, at most `digits` decimals. */
export function formatNumber(value: number, digits = 1): string {
  const fixed = Number.isInteger(value) ? String(value) : value.toFixed(digits).replace(/\.?0+$/, '');
  return fixed.replace('.', ',');
}

/** Rubles rounded up to a price that ends in 90 (24 990, 1 490, 590). */
export function retailRubles(rubles: number): number {
  if (rubles < 100) return 90;
  if (rubles < 1000) return Math.ceil(rubles / 100) * 100 - 10;
  return Math.ceil(rubles / 100) * 100 - 10;
}

/** Geometric interpolation: natural for prices that span orders of magnitude. */
export function geo(lo: number, hi: number, t: number): number {
  const c = Math.min(1, Math.max(0, t));
  return lo * Math.pow(hi / lo, c);
}

export function clamp(value: number, lo: number, hi: number): number {
  return Math.min(hi, Math.max(lo, value));
}

/** PostgreSQL array literal of strings: {"a","b"}. */
export function pgTextArray(items: readonly string[]): string {
  return '{' + items.map((s) => '"' + s.replace(/\\/g, '\\\\').replace(/"/g, '\\"') + '"').join(',') + '}';
}

export function pgIntArray(items: readonly number[]): string {
  return '{' + items.join(',') + '}';
}

/** Formats kopecks as '24 990 ₽' (used in texts only). */
export function formatRubles(rubles: number): string {
  return String(rubles).replace(/\B(?=(\d{3})+(?!\d))/g, '\u00a0') + '\u00a0₽';
}
