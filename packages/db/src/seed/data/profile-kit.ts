/** Building blocks of the category profiles: spec definitions, series and the per-product builder context. */
import { type Random } from '../random.ts';
import { clamp, geo } from '../text.ts';

export type Color = readonly [name: string, hex: string];
export type Props = Readonly<Record<string, string | number | boolean>>;
export type SpecValue = string | number;

/** Specification groups (id, name); the order is the display order. */
export const GROUPS = {
  general: [1, 'Общие характеристики'],
  screen: [2, 'Экран'],
  cpu: [3, 'Процессор и графика'],
  memory: [4, 'Память'],
  camera: [5, 'Камера'],
  connect: [6, 'Связь и интерфейсы'],
  sound: [7, 'Звук'],
  power: [8, 'Питание'],
  features: [9, 'Функции'],
  energy: [10, 'Энергопотребление'],
  size: [11, 'Габариты и вес'],
  look: [12, 'Внешний вид'],
  extra: [13, 'Дополнительно'],
} as const;
export type GroupKey = keyof typeof GROUPS;

export interface SpecDef {
  code: string;
  name: string;
  group: GroupKey;
  kind: 'list' | 'range';
  unit: string | null;
  /** List values; the colour spec gets the profile colours. */
  values: string[];
  filter: boolean;
  /** Decimals shown for a range value. */
  digits: number;
}

export const YES_NO = ['Да', 'Нет'];

/** A list specification. */
export function L(code: string, name: string, group: GroupKey, values: readonly string[], unit: string | null = null, filter = true): SpecDef {
  return { code, name, group, kind: 'list', unit, values: [...values], filter, digits: 0 };
}

/** A numeric (range) specification. */
export function R(code: string, name: string, group: GroupKey, unit: string | null, digits = 0, filter = true): SpecDef {
  return { code, name, group, kind: 'range', unit, values: [], filter, digits };
}

export function yn(code: string, name: string, group: GroupKey = 'features', filter = true): SpecDef {
  return L(code, name, group, YES_NO, null, filter);
}

export const COLOR_SPEC: SpecDef = L('color', 'Цвет', 'look', []);

export type ModelEntry = string | readonly [name: string, props: Props];

export interface SeriesDef {
  brand: string;
  name: string;
  /** Tier range of the series (0 budget … 1 flagship); models are spread over it in list order. */
  tier: readonly [number, number];
  models: readonly ModelEntry[];
  /** Each model name containing {d} is expanded once per size (TV diagonals). */
  sizes?: readonly number[];
  props?: Props;
  colors?: readonly Color[];
  /** Relative share of products; 1 by default. */
  weight?: number;
}

export interface Built {
  values: Record<string, SpecValue | undefined>;
  /** Price in rubles before rounding to …90. */
  price: number;
  /** Part of the name after the model: '8/256 ГБ', '6 кг'. */
  variant?: string;
  /** Whether the colour goes into the product name (default true). */
  showColor?: boolean;
  /** Full override of the product name. */
  name?: string;
  /** Sell at exactly `price` (gift cards at face value): no rounding to …90 and no discounts. */
  exactPrice?: boolean;
}

export interface Profile {
  categoryId: number;
  /** Product noun starting the name: 'Смартфон', 'Холодильник'. Empty for services. */
  noun: string;
  /** Relative share of the catalogue. */
  weight: number;
  specs: SpecDef[];
  colors: readonly Color[];
  series: SeriesDef[];
  build(c: Ctx): Built;
  /** Sentences for descriptions; {name} is replaced. */
  blurbs: readonly string[];
  kind?: 'physical' | 'digital' | 'service';
  vat?: number;
  maxQuantity?: number;
  /** Trade-in discount and sticker are offered. */
  tradeIn?: boolean;
  /** Colours per model (min, max); default 1..3. */
  colorsPerModel?: readonly [number, number];
}

/** Everything a profile's build() may use for one product. */
export class Ctx {
  constructor(
    /** Model-level randomness: the same for every product of the model. */
    readonly m: Random,
    /** Variant-level randomness: differs per product. */
    readonly v: Random,
    readonly t: number,
    readonly size: number | undefined,
    readonly props: Props,
    readonly brand: string,
    readonly brandName: string,
    readonly model: string,
    readonly seriesName: string,
    readonly color: Color,
  ) {}

  pick<T>(items: readonly T[]): T {
    return this.m.pick(items);
  }

  vpick<T>(items: readonly T[]): T {
    return this.v.pick(items);
  }

  /** An item chosen by tier (cheap first), with a little noise. */
  by<T>(items: readonly T[], spread = 0.12): T {
    const x = clamp(this.t + this.m.float(-spread, spread), 0, 0.9999);
    return items[Math.floor(x * items.length)] as T;
  }

  /** A number that grows with the tier, rounded to `step`. */
  num(lo: number, hi: number, step = 1, spread = 0.12): number {
    const x = clamp(this.t + this.m.float(-spread, spread), 0, 1);
    return roundTo(lo + (hi - lo) * x, step);
  }

  /** A uniformly random model-level number. */
  rnd(lo: number, hi: number, step = 1): number {
    return roundTo(this.m.float(lo, hi), step);
  }

  /** 'Да' when cond is true, or with probability cond. */
  yn(cond: boolean | number): 'Да' | 'Нет' {
    if (typeof cond === 'boolean') return cond ? 'Да' : 'Нет';
    return this.m.chance(cond) ? 'Да' : 'Нет';
  }

  has(pattern: RegExp): boolean {
    return pattern.test(this.model);
  }

  /** First number captured by `pattern` in the model name. */
  numIn(pattern: RegExp, fallback: number): number {
    const match = pattern.exec(this.model);
    if (!match?.[1]) return fallback;
    const n = Number(match[1].replace(',', '.'));
    return Number.isFinite(n) ? n : fallback;
  }

  prop(key: string): string | number | boolean | undefined {
    return this.props[key];
  }

  /** Price in rubles growing geometrically with the tier, with a stable per-model jitter. */
  price(lo: number, hi: number, mult = 1): number {
    return geo(lo, hi, this.t) * this.m.float(0.94, 1.06) * mult;
  }
}

export function roundTo(value: number, step: number): number {
  const r = Math.round(value / step) * step;
  return Number(r.toFixed(4));
}

/* ---------- shared palettes ---------- */

export const C = {
  black: ['черный', '#1f2023'],
  white: ['белый', '#f4f4f2'],
  silver: ['серебристый', '#c5c8cc'],
  gray: ['серый', '#74777d'],
  graphite: ['графитовый', '#4a4d52'],
  blue: ['синий', '#2f5fb3'],
  darkBlue: ['тёмно-синий', '#1f2b4d'],
  lightBlue: ['голубой', '#8ab6e0'],
  green: ['зеленый', '#3c7a5a'],
  mint: ['мятный', '#a8dcc6'],
  purple: ['фиолетовый', '#7b5ea7'],
  lavender: ['лавандовый', '#c3b1e1'],
  pink: ['розовый', '#f1b7c4'],
  gold: ['золотистый', '#d9c08c'],
  orange: ['оранжевый', '#f08a24'],
  red: ['красный', '#d23a3a'],
  beige: ['бежевый', '#e6dcc8'],
  steel: ['нержавеющая сталь', '#b8bcc0'],
  ivory: ['слоновая кость', '#efe8d8'],
  titanBlack: ['черный титан', '#3c3c3e'],
  titanWhite: ['белый титан', '#ecebe8'],
  titanNatural: ['натуральный титан', '#bfb6a8'],
  titanDesert: ['пустынный титан', '#c4a98a'],
  yellow: ['желтый', '#f3cf3a'],
  brown: ['коричневый', '#7a5434'],
  bronze: ['бронзовый', '#a2784f'],
} as const satisfies Record<string, Color>;

export const PHONE_COLORS: Color[] = [C.black, C.white, C.silver, C.gray, C.blue, C.darkBlue, C.lightBlue, C.green, C.mint, C.purple, C.lavender, C.pink, C.gold];
export const APPLIANCE_COLORS: Color[] = [C.white, C.silver, C.steel, C.black, C.beige, C.graphite];
export const SMALL_COLORS: Color[] = [C.white, C.black, C.silver, C.red, C.beige, C.mint, C.gray];
export const DARK_COLORS: Color[] = [C.black, C.graphite, C.gray, C.white];
