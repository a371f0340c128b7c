// Russian plurals (SPEC §9 Display): one rule for the whole store, taken from the CLDR data
// that every runtime ships (`Intl.PluralRules('ru')`), so «122 товара» and «54 товара» never
// depend on a hand-made `% 10` check. Word forms live here too, so a page never spells them again.

/** Russian noun forms: for 1 and 21 («one»), for 2–4 and 22 («few»), for 0, 5–20 and 11 («many»). */
export type PluralForms = readonly [one: string, few: string, many: string];

const RULES = new Intl.PluralRules('ru');

/**
 * The form of a noun after `n`: 1 час, 2 часа, 5 часов, 11 часов, 21 час, 22 часа, 111 часов.
 * Negative numbers behave as their absolute value; fractions take the «few» form (1,5 часа),
 * which is CLDR's «other» category for Russian. Non-finite numbers take «many».
 */
export function pluralize(n: number, forms: PluralForms): string {
  const [one, few, many] = forms;
  if (!Number.isFinite(n)) return many;
  switch (RULES.select(n)) {
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

// Kept: Number.prototype.toLocaleString('ru-RU') builds a new Intl.NumberFormat on every call, and a
// listing formats counts in every card and chip while hydrating.
const NUMBER = new Intl.NumberFormat('ru-RU');

/** '12 345': a whole number as ru-RU writes it (a narrow no-break space between thousands). */
export function formatNumber(n: number): string {
  return NUMBER.format(n);
}

/** '1 товар', '122 товара', '12 345 товаров': the number as ru-RU writes it, a space and the word. */
export function formatCount(n: number, forms: PluralForms): string {
  return `${NUMBER.format(n)} ${pluralize(n, forms)}`;
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
