// The demo trade-in price list (SPEC §1, §3 Trade-in): five groups, real brands and model lines with
// their release years and memory sizes, and a price per model × memory × condition that falls with age.
// Deterministic (no Math.random); the same list an operator replaces with `npm run tradein:import`.
import type { TradeInGroupCode, TradeInPriceRow } from '@store/domain';
import type { DatabaseHandle } from '../index.ts';
import { replaceTradeInPriceList } from '../trade-in-prices.ts';
import { BASE_DATE } from './products.ts';
import { hashString, mixSeed, Random } from './random.ts';

export type TradeInSeedRow = Omit<TradeInPriceRow, 'line'>;

/** A model line: the names of its generations with their years, the memory sizes and the new price (₽) of the top one. */
interface Line {
  group: TradeInGroupCode;
  brand: string;
  models: readonly (readonly [name: string, year: number])[];
  memories: readonly number[];
  /** What the newest model of the line cost new, in roubles. */
  newPrice: number;
}

/** Numbered generations: `yearStep` years per number (0.1: ten numbers a year), never past 2025. */
const gen = (prefix: string, from: number, to: number, year0: number, suffix = '', yearStep = 1) =>
  Array.from(
    { length: to - from + 1 },
    (_, i) => [`${prefix}${from + i}${suffix}`, Math.min(2025, year0 + Math.floor(i * yearStep))] as const,
  );

const variants = (
  base: readonly (readonly [string, number])[],
  tails: readonly string[],
): (readonly [string, number])[] => base.flatMap(([name, year]) => tails.map((t) => [`${name}${t}`, year] as const));

const PHONE_MEM = [64, 128, 256, 512];
const PHONE_MEM_LOW = [32, 64, 128];
const TABLET_MEM = [64, 128, 256];
const LAPTOP_MEM = [256, 512, 1024];

const LINES: readonly Line[] = [
  // Smartphones
  {
    group: 'smartphones',
    brand: 'Apple',
    models: [
      ['iPhone 8', 2017],
      ['iPhone 8 Plus', 2017],
      ['iPhone X', 2017],
      ['iPhone XR', 2018],
      ['iPhone XS', 2018],
      ['iPhone XS Max', 2018],
      ['iPhone SE (2020)', 2020],
      ['iPhone SE (2022)', 2022],
      ...variants(gen('iPhone ', 11, 11, 2019), ['', ' Pro', ' Pro Max']),
      ...variants(gen('iPhone ', 12, 13, 2020), [' mini', '', ' Pro', ' Pro Max']),
      ...variants(gen('iPhone ', 14, 16, 2022), ['', ' Plus', ' Pro', ' Pro Max']),
    ],
    memories: [64, 128, 256, 512],
    newPrice: 160000,
  },
  {
    group: 'smartphones',
    brand: 'Samsung',
    models: [
      ...variants(gen('Galaxy S', 20, 24, 2020), ['', '+', ' Ultra']),
      ...variants(gen('Galaxy S', 21, 23, 2021), [' FE']),
      ...gen('Galaxy A', 12, 15, 2021),
      ...gen('Galaxy A', 32, 35, 2021),
      ...gen('Galaxy A', 52, 55, 2021),
      ...variants(gen('Galaxy Z Fold', 3, 6, 2021), ['']),
      ...variants(gen('Galaxy Z Flip', 3, 6, 2021), ['']),
    ],
    memories: PHONE_MEM,
    newPrice: 140000,
  },
  {
    group: 'smartphones',
    brand: 'Xiaomi',
    models: [...variants(gen('Xiaomi ', 11, 14, 2021), ['', 'T', ' Ultra'])],
    memories: [128, 256, 512],
    newPrice: 90000,
  },
  {
    group: 'smartphones',
    brand: 'Redmi',
    models: [...variants(gen('Redmi Note ', 9, 13, 2020), ['', ' Pro', ' Pro+']), ...gen('Redmi ', 9, 13, 2020)],
    memories: PHONE_MEM_LOW.concat([256]),
    newPrice: 35000,
  },
  {
    group: 'smartphones',
    brand: 'POCO',
    models: [...variants(gen('POCO X', 3, 6, 2020), ['', ' Pro']), ...gen('POCO F', 3, 6, 2021)],
    memories: [128, 256, 512],
    newPrice: 42000,
  },
  {
    group: 'smartphones',
    brand: 'HONOR',
    models: [
      ...variants(gen('HONOR ', 50, 50, 2021), ['', ' Lite']),
      ...variants(gen('HONOR ', 70, 90, 2022, '', 0.1), ['', ' Pro']).filter((_, i) => i % 10 < 2 || i % 10 === 4),
      ...gen('HONOR X', 7, 9, 2022),
      ...gen('HONOR Magic', 4, 6, 2022, ' Pro'),
    ],
    memories: [128, 256, 512],
    newPrice: 75000,
  },
  {
    group: 'smartphones',
    brand: 'Huawei',
    models: [
      ...variants(gen('Huawei P', 30, 30, 2020), ['', ' Pro']),
      ...variants(gen('Huawei P', 40, 40, 2021), ['', ' Pro']),
      ...variants(gen('Huawei P', 50, 50, 2022), ['', ' Pro']),
      ...gen('Huawei nova ', 8, 12, 2021),
      ...gen('Huawei Mate ', 40, 40, 2020, ' Pro'),
      ...gen('Huawei Mate ', 50, 50, 2022, ' Pro'),
    ],
    memories: [128, 256, 512],
    newPrice: 95000,
  },
  {
    group: 'smartphones',
    brand: 'realme',
    models: [
      ...variants(gen('realme ', 8, 12, 2021), ['', ' Pro']),
      ...gen('realme GT ', 2, 6, 2021),
      ...gen('realme C', 53, 55, 2023),
    ],
    memories: PHONE_MEM_LOW.concat([256]),
    newPrice: 45000,
  },
  {
    group: 'smartphones',
    brand: 'TECNO',
    models: [
      ...gen('TECNO Spark ', 8, 20, 2021, '', 0.3).filter((_, i) => i % 3 === 0),
      ...variants(gen('TECNO Camon ', 18, 20, 2022), ['', ' Pro']),
      ...gen('TECNO Pova ', 4, 6, 2022),
    ],
    memories: [64, 128, 256],
    newPrice: 28000,
  },
  {
    group: 'smartphones',
    brand: 'Infinix',
    models: [
      ...gen('Infinix Hot ', 11, 40, 2021, '', 0.15).filter((_, i) => i % 5 === 0),
      ...variants(
        gen('Infinix Note ', 11, 30, 2021, '', 0.2).filter((_, i) => i % 4 === 0),
        ['', ' Pro'],
      ),
      ...gen('Infinix Zero ', 20, 30, 2022, '', 0.3).filter((_, i) => i % 5 === 0),
    ],
    memories: [64, 128, 256],
    newPrice: 26000,
  },
  {
    group: 'smartphones',
    brand: 'Google',
    models: [...variants(gen('Pixel ', 6, 9, 2021), ['', ' Pro']), ...gen('Pixel ', 6, 8, 2022, 'a')],
    memories: [128, 256, 512],
    newPrice: 110000,
  },
  {
    group: 'smartphones',
    brand: 'OnePlus',
    models: [...variants(gen('OnePlus ', 9, 12, 2021), ['', ' Pro']), ...gen('OnePlus Nord ', 2, 4, 2021)],
    memories: [128, 256, 512],
    newPrice: 80000,
  },
  {
    group: 'smartphones',
    brand: 'Vivo',
    models: [
      ...gen('Vivo V', 21, 30, 2021, '', 0.4).filter((_, i) => i % 2 === 0),
      ...gen('Vivo Y', 31, 36, 2021),
      ...gen('Vivo X', 80, 100, 2022, '', 0.1).filter((_, i) => i % 10 === 0),
    ],
    memories: [128, 256],
    newPrice: 55000,
  },
  {
    group: 'smartphones',
    brand: 'Motorola',
    models: [
      ...gen('Moto G', 30, 84, 2021, '', 0.07).filter((_, i) => i % 9 === 0),
      ...gen('Motorola Edge ', 30, 50, 2022, '', 0.1).filter((_, i) => i % 10 === 0),
    ],
    memories: [64, 128, 256],
    newPrice: 40000,
  },
  {
    group: 'smartphones',
    brand: 'Nokia',
    models: [
      ...gen('Nokia G', 10, 60, 2021, '', 0.06).filter((_, i) => i % 10 === 0),
      ...gen('Nokia X', 10, 30, 2021, '', 0.1).filter((_, i) => i % 10 === 0),
    ],
    memories: [32, 64, 128],
    newPrice: 22000,
  },
  // Tablets
  {
    group: 'tablets',
    brand: 'Apple',
    models: [
      ...gen('iPad ', 7, 10, 2019),
      ...gen('iPad Air ', 3, 5, 2019),
      ['iPad Air 11 (M2)', 2024],
      ['iPad mini 5', 2019],
      ['iPad mini 6', 2021],
      ['iPad Pro 11 (2021)', 2021],
      ['iPad Pro 11 (2022)', 2022],
      ['iPad Pro 12.9 (2021)', 2021],
      ['iPad Pro 12.9 (2022)', 2022],
      ['iPad Pro 11 (M4)', 2024],
    ],
    memories: TABLET_MEM.concat([512]),
    newPrice: 130000,
  },
  {
    group: 'tablets',
    brand: 'Samsung',
    models: [...variants(gen('Galaxy Tab S', 7, 9, 2020), ['', '+', ' FE']), ...gen('Galaxy Tab A', 7, 9, 2020)],
    memories: TABLET_MEM,
    newPrice: 90000,
  },
  {
    group: 'tablets',
    brand: 'Xiaomi',
    models: [...variants(gen('Xiaomi Pad ', 5, 6, 2021), ['', ' Pro']), ['Redmi Pad', 2022], ['Redmi Pad SE', 2023]],
    memories: [64, 128, 256],
    newPrice: 45000,
  },
  {
    group: 'tablets',
    brand: 'HONOR',
    models: [...gen('HONOR Pad ', 8, 9, 2022), ['HONOR Pad X9', 2023]],
    memories: [64, 128, 256],
    newPrice: 35000,
  },
  {
    group: 'tablets',
    brand: 'Lenovo',
    models: [
      ['Lenovo Tab P11', 2021],
      ['Lenovo Tab P11 Pro', 2021],
      ['Lenovo Tab M10 Plus', 2022],
      ['Lenovo Tab P12', 2023],
    ],
    memories: [64, 128, 256],
    newPrice: 40000,
  },
  {
    group: 'tablets',
    brand: 'Huawei',
    models: [
      ['Huawei MatePad 11', 2021],
      ['Huawei MatePad Pro 11', 2022],
      ['Huawei MatePad SE', 2023],
      ['Huawei MatePad Air', 2023],
    ],
    memories: [64, 128, 256],
    newPrice: 60000,
  },
  // Laptops
  {
    group: 'laptops',
    brand: 'Apple',
    models: [
      ['MacBook Air 13 (M1)', 2020],
      ['MacBook Air 13 (M2)', 2022],
      ['MacBook Air 15 (M2)', 2023],
      ['MacBook Air 13 (M3)', 2024],
      ['MacBook Pro 13 (M1)', 2020],
      ['MacBook Pro 14 (M1 Pro)', 2021],
      ['MacBook Pro 16 (M1 Pro)', 2021],
      ['MacBook Pro 14 (M2 Pro)', 2023],
      ['MacBook Pro 14 (M3)', 2023],
      ['MacBook Pro 16 (M3 Pro)', 2023],
    ],
    memories: LAPTOP_MEM,
    newPrice: 250000,
  },
  {
    group: 'laptops',
    brand: 'Lenovo',
    models: [
      ...gen('IdeaPad ', 3, 5, 2021).flatMap(([n, y]) => [[`${n} 15`, y] as const, [`${n} 14`, y] as const]),
      ['ThinkPad E14 Gen 4', 2022],
      ['ThinkPad T14 Gen 3', 2022],
      ['Legion 5 Pro', 2022],
      ['Yoga Slim 7', 2022],
    ],
    memories: [256, 512, 1024],
    newPrice: 120000,
  },
  {
    group: 'laptops',
    brand: 'ASUS',
    models: [
      ['VivoBook 15 X1500', 2021],
      ['VivoBook 16X', 2022],
      ['ZenBook 14 OLED', 2022],
      ['TUF Gaming F15', 2022],
      ['ROG Strix G16', 2023],
      ['ROG Zephyrus G14', 2023],
    ],
    memories: [512, 1024],
    newPrice: 150000,
  },
  {
    group: 'laptops',
    brand: 'HP',
    models: [
      ['HP 15s', 2021],
      ['HP Pavilion 15', 2022],
      ['HP Victus 16', 2022],
      ['HP Envy x360', 2022],
      ['HP ProBook 450 G9', 2022],
    ],
    memories: [256, 512, 1024],
    newPrice: 110000,
  },
  {
    group: 'laptops',
    brand: 'Acer',
    models: [
      ['Acer Aspire 5', 2021],
      ['Acer Swift 3', 2021],
      ['Acer Nitro 5', 2022],
      ['Acer Predator Helios 16', 2023],
    ],
    memories: [512, 1024],
    newPrice: 140000,
  },
  {
    group: 'laptops',
    brand: 'Huawei',
    models: [
      ['Huawei MateBook D 15', 2021],
      ['Huawei MateBook 14', 2022],
      ['Huawei MateBook X Pro', 2023],
    ],
    memories: [512, 1024],
    newPrice: 130000,
  },
  // Smart watches: no memory sizes (one price line with memory 0)
  {
    group: 'watches',
    brand: 'Apple',
    models: [
      ...gen('Apple Watch Series ', 5, 9, 2019),
      ['Apple Watch SE', 2020],
      ['Apple Watch SE (2022)', 2022],
      ['Apple Watch Ultra', 2022],
      ['Apple Watch Ultra 2', 2023],
    ],
    memories: [0],
    newPrice: 80000,
  },
  {
    group: 'watches',
    brand: 'Samsung',
    models: [...variants(gen('Galaxy Watch', 4, 6, 2021), ['', ' Classic']), ['Galaxy Watch5 Pro', 2022]],
    memories: [0],
    newPrice: 40000,
  },
  {
    group: 'watches',
    brand: 'Huawei',
    models: [...gen('Huawei Watch GT ', 2, 4, 2019), ['Huawei Watch 4', 2023], ['Huawei Watch Fit 2', 2022]],
    memories: [0],
    newPrice: 30000,
  },
  {
    group: 'watches',
    brand: 'Amazfit',
    models: [...gen('Amazfit GTR ', 2, 4, 2020), ...gen('Amazfit GTS ', 2, 4, 2020), ['Amazfit T-Rex 2', 2022]],
    memories: [0],
    newPrice: 18000,
  },
  {
    group: 'watches',
    brand: 'Garmin',
    models: [
      ['Garmin Forerunner 255', 2022],
      ['Garmin Forerunner 265', 2023],
      ['Garmin Fenix 7', 2022],
      ['Garmin Venu 2', 2021],
      ['Garmin Venu 3', 2023],
    ],
    memories: [0],
    newPrice: 70000,
  },
  // Consoles: memory sizes where the console is sold in several
  {
    group: 'consoles',
    brand: 'Sony',
    models: [
      ['PlayStation 4 Slim', 2016],
      ['PlayStation 4 Pro', 2016],
      ['PlayStation 5', 2020],
      ['PlayStation 5 Digital Edition', 2020],
      ['PlayStation 5 Slim', 2023],
      ['PlayStation 5 Pro', 2024],
    ],
    memories: [0],
    newPrice: 80000,
  },
  {
    group: 'consoles',
    brand: 'Microsoft',
    models: [
      ['Xbox One S', 2016],
      ['Xbox One X', 2017],
      ['Xbox Series S', 2020],
      ['Xbox Series X', 2020],
    ],
    memories: [0],
    newPrice: 60000,
  },
  {
    group: 'consoles',
    brand: 'Nintendo',
    models: [
      ['Nintendo Switch', 2017],
      ['Nintendo Switch Lite', 2019],
      ['Nintendo Switch OLED', 2021],
    ],
    memories: [0],
    newPrice: 35000,
  },
];

/** Brands offered first in the calculator. */
const POPULAR = new Set(['Apple', 'Samsung', 'Xiaomi', 'HONOR', 'Huawei', 'Sony']);

/** Rounds roubles to the store's 10 ₽ steps, as kopecks. */
const kopecks = (roubles: number) => Math.max(100, Math.round(roubles / 10) * 10) * 100;

/** The demo price list: the same rows for the same seed. */
export function buildTradeInPriceList(seed: number, now = 2026): TradeInSeedRow[] {
  const rows: TradeInSeedRow[] = [];
  for (const line of LINES) {
    const newest = Math.max(...line.models.map(([, year]) => year));
    for (const [index, [model, year]] of line.models.entries()) {
      const random = new Random(mixSeed(seed, hashString(`${line.brand}/${model}`)));
      // Older generations were cheaper new, and every year costs a used device about a fifth of its value.
      const positionInLine = line.models.length > 1 ? index / (line.models.length - 1) : 1;
      const wasNew = line.newPrice * (0.55 + 0.45 * positionInLine) * (0.9 + random.next() * 0.2);
      const age = Math.max(0, now - year);
      const residual = wasNew * 0.62 * Math.pow(0.8, age) * (newest - year > 5 ? 0.7 : 1);
      // Memory sizes: the line's sizes, older models without the largest.
      const sizes = line.memories.filter((m, i) => m === 0 || i < line.memories.length - (age >= 5 ? 1 : 0));
      for (const [i, memoryGb] of sizes.entries()) {
        const perfect = residual * (1 + i * 0.12);
        rows.push({
          group: line.group,
          brand: line.brand,
          model,
          year,
          memoryGb,
          perfect: kopecks(perfect),
          working: kopecks(perfect * 0.72),
          brokenScreen: kopecks(perfect * 0.35),
          popular: POPULAR.has(line.brand),
        });
      }
    }
  }
  return rows;
}

/**
 * The trade-in promotions (SPEC §3 Action is_trade_in_action, §9 promo types trade-in-1 and trade-in-2):
 * a bonus on top of the old devices' prices when a new smartphone (trade-in-1) or a tablet, laptop,
 * watch or console (trade-in-2) is bought with a trade-in. Of type info, so checkout's promotion pricing
 * never applies them by themselves: the trade-in module adds the bonus to the devices' discount.
 */
export const TRADE_IN_ACTIONS = [
  {
    id: 160,
    type: 'trade-in-1',
    name: 'Trade-in: +3 000 ₽ к оценке при покупке смартфона',
    description: 'Сдайте старый смартфон, планшет или часы в Мультицентре — к его оценке добавим 3 000 ₽.',
    bonus: 3_000_00,
    categoryIds: [224],
  },
  {
    id: 161,
    type: 'trade-in-2',
    name: 'Trade-in: +2 000 ₽ к оценке при покупке планшета, ноутбука, часов или консоли',
    description: 'Сдайте старое устройство в Мультицентре — к его оценке добавим 2 000 ₽.',
    bonus: 2_000_00,
    categoryIds: [107, 301, 102, 801],
  },
] as const;

export async function insertTradeInDemo(handle: DatabaseHandle, seed: number): Promise<void> {
  await replaceTradeInPriceList(handle, buildTradeInPriceList(seed));
  for (const [i, action] of TRADE_IN_ACTIONS.entries()) {
    await handle.query(
      `insert into actions (id, public_name, public_description, action_type, discount, is_trade_in_action,
         mechanics, starts_at, sort)
       values ($1, $2, $3, 'info', $4, true, $5::jsonb, $6::timestamptz, $7)`,
      [
        action.id,
        action.name,
        action.description,
        action.bonus,
        JSON.stringify({ type: action.type, conditions: [{ type: 'main_product' }], params: {} }),
        new Date(BASE_DATE - 30 * 86_400_000).toISOString(),
        90 + i,
      ],
    );
    await handle.query(
      `insert into action_products (action_id, role, product_id)
       select $1::int, 'main', p.id from products p where p.status = 1 and p.category_id = any ($2::int[])`,
      [action.id, action.categoryIds],
    );
  }
}
