/**
 * Deterministic demo data: the same seed and product count give byte-identical rows.
 * Products are generated and inserted in batches, so memory stays bounded at a million products.
 */
import { getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import type { DatabaseHandle } from '../index.ts';
import * as schema from '../schema.ts';
import { BulkWriter, col, insertAll, type Cell } from './bulk.ts';
import { insertActions } from './actions.ts';
import { insertEditorial } from './editorial.ts';
import { insertStaff } from './staff.ts';
import { insertRepairCatalogue } from './repair.ts';
import { insertDemoLoyalty } from './loyalty.ts';
import { insertDemoGiftCertificates } from './gift-certificates.ts';
import { insertTradeInDemo } from './trade-in.ts';
import { buildCatalog, type Catalog } from './catalog.ts';
import { AB_BRANCHES, REDIRECTS, SUPPLIERS, TAGS, buildBanners, buildFlags, buildMenus, buildSeo } from './content.ts';
import { BRANDS } from './data/brands.ts';
import { GROUPS } from './data/profile-kit.ts';
import { ProductGenerator, regionalStockShare, type ProductWriters, type StockPlan } from './products.ts';
import {
  TERRITORIES,
  ZONES,
  buildCities,
  buildStores,
  serviceBrandCodes,
  type CityRow,
  type StoreRow,
} from './stores.ts';
import { pgIntArray, pgTextArray } from './text.ts';

export interface SeedOptions {
  /** Number of products; 5000 by default. */
  products?: number;
  /** PRNG seed; 42 by default. */
  seed?: number;
  /** Truncate every table of the schema first. Without it the database must be empty. */
  reset?: boolean;
  log?: (msg: string) => void;
}

export interface SeedResult {
  durationMs: number;
  products: number;
}

export const DEFAULT_PRODUCTS = 5000;
export const DEFAULT_SEED = 42;
export const MAX_PRODUCTS = 2_000_000;

/** Products generated per round trip; each product adds about a dozen rows to other tables. */
const PRODUCT_BATCH = 5000;

export { BASE_DATE } from './products.ts';
export { ensureRepairCatalogue } from './repair.ts';
export {
  DIGITAL_CATEGORY_IDS,
  REPAIR_CATEGORY_ID,
  SERVICE_CATEGORY_ID,
  SMARTPHONES_CATEGORY_ID,
} from './data/categories.ts';

/** Names of every table in the Drizzle schema. */
export function schemaTableNames(): string[] {
  return Object.values(schema as Record<string, unknown>)
    .filter((value): value is PgTable => is(value, PgTable))
    .map((table) => getTableName(table))
    .sort();
}

/** Whether any catalogue, geography or seed row exists. */
export async function hasData(handle: DatabaseHandle): Promise<boolean> {
  const rows = await handle.query<{ present: boolean }>(
    'SELECT (EXISTS (SELECT 1 FROM products) OR EXISTS (SELECT 1 FROM categories) OR EXISTS (SELECT 1 FROM cities) OR EXISTS (SELECT 1 FROM seed_runs)) AS present',
  );
  return rows[0]?.present === true;
}

/**
 * A seeding that started and never finished (the process was killed): its seed_runs row still has
 * duration_ms = -1. The next start truncates what it wrote and seeds again (docs/decisions/0003).
 */
export async function hasUnfinishedSeed(handle: DatabaseHandle): Promise<boolean> {
  const rows = await handle.query<{ unfinished: boolean }>(
    'SELECT (EXISTS (SELECT 1 FROM seed_runs WHERE duration_ms < 0) AND NOT EXISTS (SELECT 1 FROM seed_runs WHERE duration_ms >= 0)) AS unfinished',
  );
  return rows[0]?.unfinished === true;
}

export async function seedDatabase(handle: DatabaseHandle, options: SeedOptions = {}): Promise<SeedResult> {
  const started = performance.now();
  const total = options.products ?? DEFAULT_PRODUCTS;
  const seed = options.seed ?? DEFAULT_SEED;
  const log = options.log ?? (() => {});
  if (!Number.isInteger(total) || total < 1 || total > MAX_PRODUCTS)
    throw new RangeError(`products must be an integer from 1 to ${MAX_PRODUCTS}, got ${total}`);
  if (!Number.isInteger(seed) || seed < 0 || seed > 2_147_483_647)
    throw new RangeError(`seed must be an integer from 0 to 2147483647, got ${seed}`);

  const tables = schemaTableNames()
    .map((t) => `"${t}"`)
    .join(', ');
  // The marker row (duration_ms -1) goes in with the truncation, in one implicit transaction: a kill at any
  // later point leaves a database the next seedDatabase() recognises as its own unfinished work.
  const startMarker = `INSERT INTO seed_runs (seed, products, duration_ms) VALUES (${seed}, ${total}, -1)`;
  if (options.reset) {
    await handle.exec(`TRUNCATE ${tables} RESTART IDENTITY; ${startMarker}`);
    log('Tables truncated');
  } else if (await hasUnfinishedSeed(handle)) {
    await handle.exec(`TRUNCATE ${tables} RESTART IDENTITY; ${startMarker}`);
    log('The previous seeding was interrupted: its rows are deleted and seeding starts again');
  } else if (await hasData(handle)) {
    throw new Error('The database is not empty: seed it with reset: true (--reset) to replace the data');
  } else {
    await handle.exec(startMarker);
  }

  const catalog = buildCatalog(seed);
  const cities = buildCities();
  const stores = buildStores(cities, seed);
  await insertReference(handle, catalog, cities, stores);
  log(
    `Reference data: ${catalog.categories.length} categories, ${catalog.brands.length} brands, ${catalog.models.length} models, ${cities.length} cities, ${stores.length} stores`,
  );

  const stockPlan: StockPlan = {
    moscow: stores.filter((s) => s.type === 1 && s.cityId === 1).map((s) => s.id),
    spb: stores.filter((s) => s.type === 1 && s.cityId === 2).map((s) => s.id),
    regions: cities
      .filter((c) => c.id > 2)
      .map((c) => ({
        stores: stores.filter((s) => s.type === 1 && s.cityId === c.id).map((s) => s.id),
        share: regionalStockShare(c.def.population),
      }))
      .filter((region) => region.stores.length > 0),
  };
  await insertProducts(handle, catalog, seed, total, stockPlan, log);
  await insertActions(handle);
  await insertStaff(handle, stores);
  await insertEditorial(handle);
  await insertRepairCatalogue(handle, catalog);
  await insertDemoLoyalty(handle);
  await insertDemoGiftCertificates(handle);
  await insertTradeInDemo(handle, seed);
  log('Actions and their products linked');

  await handle.exec(`
    WITH per AS (SELECT category_id, count(*) AS n FROM products WHERE status = 1 GROUP BY category_id),
    totals AS (
      SELECT a.id, sum(per.n)::int AS n
      FROM categories a JOIN categories leaf ON a.id = ANY (leaf.path) JOIN per ON per.category_id = leaf.id
      GROUP BY a.id
    )
    UPDATE categories c SET product_count = totals.n FROM totals WHERE totals.id = c.id;
  `);

  const durationMs = Math.round(performance.now() - started);
  await handle.query('UPDATE seed_runs SET duration_ms = $1 WHERE duration_ms < 0', [durationMs]);
  await handle.exec('ANALYZE');
  log(`Seeded ${total} products in ${(durationMs / 1000).toFixed(1)} s`);
  return { durationMs: Math.round(performance.now() - started), products: total };
}

async function insertProducts(
  handle: DatabaseHandle,
  catalog: Catalog,
  seed: number,
  total: number,
  stockPlan: StockPlan,
  log: (msg: string) => void,
): Promise<void> {
  const big = 1_000_000_000; // never flush by size: each product batch is flushed explicitly
  const writers: ProductWriters = {
    products: new BulkWriter(
      handle,
      'products',
      [
        col('id', 'int'),
        col('name', 'text'),
        col('full_name', 'text'),
        col('short_url', 'text'),
        col('status', 'smallint'),
        col('category_id', 'int'),
        col('brand_id', 'int'),
        col('series_id', 'int'),
        col('model_id', 'int'),
        col('supplier_id', 'int'),
        col('image', 'text'),
        col('color', 'text'),
        col('description', 'text'),
        col('vat', 'smallint'),
        col('max_quantity', 'int'),
        col('position', 'int'),
        col('rating', 'smallint'),
        col('reviews_count', 'int'),
        col('questions_count', 'int'),
        col('is_markdown', 'boolean'),
        col('markdown_grade', 'text'),
        col('is_used', 'boolean'),
        col('is_demo', 'boolean'),
        col('is_warranty', 'boolean'),
        col('is_pre_order', 'boolean'),
        col('is_only_rtt_pre_order', 'boolean'),
        col('stickers', 'jsonb'),
        col('tooltip', 'jsonb'),
        col('manuals', 'jsonb'),
        col('youtube', 'jsonb'),
        col('compared_model', 'jsonb'),
        col('specifications', 'jsonb'),
        col('created_at', 'timestamptz'),
      ],
      big,
    ),
    offers: new BulkWriter(
      handle,
      'product_offers',
      [
        col('product_id', 'int'),
        col('price', 'int'),
        col('price_old', 'int'),
        col('before_discount_price', 'int'),
        col('pink_price', 'int'),
        col('quantity', 'int'),
        col('available', 'boolean'),
        col('order_type', 'text'),
        col('preorder_date', 'timestamptz'),
        col('discount_tradein', 'int'),
        col('super_price', 'jsonb'),
        col('special_price_online', 'int'),
        col('trade_in_sticker_price', 'int'),
        col('has_credit', 'boolean'),
      ],
      big,
    ),
    images: new BulkWriter(
      handle,
      'product_images',
      [col('product_id', 'int'), col('url', 'text'), col('sort', 'smallint')],
      big,
    ),
    specs: new BulkWriter(
      handle,
      'product_specifications',
      [col('product_id', 'int'), col('specification_id', 'int'), col('value_id', 'int'), col('num_value', 'float8')],
      big,
    ),
    stock: new BulkWriter(
      handle,
      'stock',
      [col('product_id', 'int'), col('store_id', 'int'), col('quantity', 'int')],
      big,
    ),
    tags: new BulkWriter(handle, 'product_tags', [col('product_id', 'int'), col('tag_id', 'int')], big),
    comments: new BulkWriter(
      handle,
      'comments',
      [
        col('id', 'int'),
        col('product_id', 'int'),
        col('type', 'text'),
        col('parent_id', 'int'),
        col('author_name', 'text'),
        col('rate', 'smallint'),
        col('text', 'text'),
        col('pros', 'text'),
        col('cons', 'text'),
        col('like', 'int'),
        col('not_like', 'int'),
        col('created_at', 'timestamptz'),
      ],
      big,
    ),
    supplierOffers: new BulkWriter(
      handle,
      'supplier_offers',
      [
        col('product_id', 'int'),
        col('supplier_id', 'int'),
        col('price', 'int'),
        col('price_old', 'int'),
        col('qty', 'int'),
      ],
      big,
    ),
  };
  const generator = new ProductGenerator(catalog, seed, total, stockPlan);
  const reportEvery = Math.max(PRODUCT_BATCH, Math.ceil(total / 20 / PRODUCT_BATCH) * PRODUCT_BATCH);
  for (let from = 1; from <= total; from += PRODUCT_BATCH) {
    const to = Math.min(total, from + PRODUCT_BATCH - 1);
    for (let id = from; id <= to; id++) generator.generate(id, writers);
    // Products first: the other tables reference them.
    await writers.products.flush();
    await writers.offers.flush();
    await writers.images.flush();
    await writers.specs.flush();
    await writers.stock.flush();
    await writers.tags.flush();
    await writers.supplierOffers.flush();
    await writers.comments.flush();
    if (to % reportEvery === 0 || to === total) log(`Products: ${to} of ${total}`);
  }
  // Comment ids were given explicitly; new posts continue after them.
  await handle.query(`SELECT setval('comments_id_seq', GREATEST((SELECT max(id) FROM comments), 1))`);
}

async function insertReference(
  handle: DatabaseHandle,
  catalog: Catalog,
  cities: CityRow[],
  stores: StoreRow[],
): Promise<void> {
  await insertAll(
    handle,
    'categories',
    [
      col('id', 'int'),
      col('parent_id', 'int'),
      col('name', 'text'),
      col('code', 'text'),
      col('image', 'text'),
      col('sort', 'int'),
      col('level', 'smallint'),
      col('path', 'int[]'),
      col('is_digital', 'boolean'),
      col('status', 'smallint'),
    ],
    catalog.categories.map((c) => [
      c.id,
      c.parentId,
      c.name,
      c.code,
      `/img/category/${c.code}.svg`,
      c.sort,
      c.level,
      pgIntArray(c.path),
      c.isDigital,
      1,
    ]),
  );

  await insertAll(
    handle,
    'brands',
    [
      col('id', 'int'),
      col('code', 'text'),
      col('name', 'text'),
      col('logo', 'text'),
      col('country', 'text'),
      col('is_popular', 'boolean'),
      col('sort', 'int'),
    ],
    BRANDS.map((b, i) => [
      i + 1,
      b.code,
      b.name,
      `/img/brand/${encodeURIComponent(b.code)}.svg`,
      b.country,
      b.popular === true,
      (i + 1) * 10,
    ]),
  );

  await insertAll(
    handle,
    'series',
    [col('id', 'int'), col('brand_id', 'int'), col('category_id', 'int'), col('code', 'text'), col('name', 'text')],
    catalog.series.map((s) => [s.id, s.brand.id, s.categoryId, s.code, s.name]),
  );

  await insertAll(
    handle,
    'models',
    [col('id', 'int'), col('series_id', 'int'), col('brand_id', 'int'), col('code', 'text'), col('name', 'text')],
    catalog.models.map((m) => [m.id, m.series.id, m.series.brand.id, m.code, m.name]),
  );

  await insertAll(
    handle,
    'specification_groups',
    [col('id', 'int'), col('name', 'text'), col('sort', 'int')],
    Object.values(GROUPS).map(([id, name]) => [id, name, id * 10]),
  );

  const specRows: Cell[][] = [];
  for (const leaf of catalog.leaves) {
    for (const spec of leaf.specs)
      specRows.push([
        spec.id,
        spec.def.code,
        spec.def.name,
        spec.groupId,
        leaf.category.id,
        spec.def.kind,
        spec.def.unit,
        spec.def.filter,
        spec.sortMain,
      ]);
  }
  specRows.sort((a, b) => (a[0] as number) - (b[0] as number));
  await insertAll(
    handle,
    'specifications',
    [
      col('id', 'int'),
      col('code', 'text'),
      col('name', 'text'),
      col('group_id', 'int'),
      col('category_id', 'int'),
      col('kind', 'text'),
      col('unit', 'text'),
      col('is_filter', 'boolean'),
      col('sort', 'int'),
    ],
    specRows,
  );

  await insertAll(
    handle,
    'specification_values',
    [col('id', 'int'), col('specification_id', 'int'), col('name', 'text'), col('sort', 'int')],
    catalog.specValues.map((v) => [v.id, v.specificationId, v.name, v.sort]),
  );

  await insertAll(handle, 'suppliers', [col('id', 'int'), col('name', 'text')], SUPPLIERS);
  await insertAll(
    handle,
    'tags',
    [col('id', 'int'), col('alias', 'text'), col('name', 'text'), col('category_id', 'int')],
    TAGS,
  );

  await insertAll(
    handle,
    'zones',
    [col('code', 'text'), col('name', 'text')],
    ZONES.map((z) => [z.code, z.name]),
  );
  await insertAll(
    handle,
    'territories',
    [col('id', 'int'), col('name', 'text')],
    TERRITORIES.map((name, i) => [i + 1, name]),
  );
  await insertAll(
    handle,
    'cities',
    [
      col('id', 'int'),
      col('alias', 'text'),
      col('name', 'text'),
      col('territory_id', 'int'),
      col('zone_code', 'text'),
      col('phone', 'text'),
      col('declension', 'jsonb'),
      col('latitude', 'float8'),
      col('longitude', 'float8'),
      col('has_metro', 'boolean'),
      col('has_mkad', 'boolean'),
      col('kladr_code', 'text'),
      col('delivery_type_ids', 'int[]'),
      col('payment_type_ids', 'int[]'),
      col('is_priority', 'boolean'),
      col('population', 'int'),
      col('sort', 'int'),
      col('time_zone', 'text'),
    ],
    cities.map((c) => [
      c.id,
      c.def.alias,
      c.def.name,
      c.territoryId,
      c.def.zone,
      c.def.phone,
      JSON.stringify(c.declension),
      c.def.lat,
      c.def.lon,
      c.def.hasMetro === true,
      c.def.hasMkad === true,
      c.def.kladr,
      pgIntArray(c.deliveryTypeIds),
      pgIntArray(c.paymentTypeIds),
      c.isPriority,
      c.def.population,
      c.id * 10,
      c.timeZone,
    ]),
  );

  await insertAll(
    handle,
    'stores',
    [
      col('id', 'int'),
      col('type', 'smallint'),
      col('city_id', 'int'),
      col('slug', 'text'),
      col('name', 'text'),
      col('brand', 'text'),
      col('address', 'text'),
      col('address_search', 'text'),
      col('latitude', 'float8'),
      col('longitude', 'float8'),
      col('directions', 'text'),
      col('work_time', 'jsonb'),
      col('work_time_line', 'text'),
      col('convenience', 'text'),
      col('services', 'text[]'),
      col('stations', 'jsonb'),
      col('images', 'jsonb'),
      col('phone', 'text'),
      col('status', 'smallint'),
      col('holidays', 'jsonb'),
      col('brand_codes', 'text[]'),
    ],
    stores.map((s) => [
      s.id,
      s.type,
      s.cityId,
      s.slug,
      s.name,
      s.brand,
      s.address,
      s.addressSearch,
      s.latitude,
      s.longitude,
      s.directions,
      JSON.stringify(s.workTime),
      s.workTimeLine,
      s.convenience,
      pgTextArray(s.services),
      JSON.stringify(s.stations),
      JSON.stringify(s.images),
      s.phone,
      1,
      JSON.stringify(s.holidays),
      pgTextArray(s.type === 99 ? serviceBrandCodes(s.id, BRANDS) : []),
    ]),
  );

  await insertAll(
    handle,
    'seo_records',
    [
      col('path', 'text'),
      col('title', 'text'),
      col('description', 'text'),
      col('h1', 'text'),
      col('canonical', 'text'),
      col('text', 'text'),
    ],
    buildSeo(catalog.categories).map((r) => [r.path, r.title, r.description, r.h1, r.canonical, r.text]),
  );
  await insertAll(
    handle,
    'redirects',
    [col('from_path', 'text'), col('to_url', 'text'), col('code', 'smallint')],
    REDIRECTS,
  );

  await insertAll(
    handle,
    'menu_items',
    [
      col('id', 'int'),
      col('menu_code', 'text'),
      col('parent_id', 'int'),
      col('name', 'text'),
      col('url', 'text'),
      col('icon', 'text'),
      col('image', 'text'),
      col('type', 'text'),
      col('category_id', 'int'),
      col('stickers', 'jsonb'),
      col('sort', 'int'),
      col('branch', 'text'),
    ],
    buildMenus(catalog.categories).map((m) => [
      m.id,
      m.menuCode,
      m.parentId,
      m.name,
      m.url,
      m.icon,
      m.image,
      m.type,
      m.categoryId,
      JSON.stringify(m.stickers),
      m.sort,
      m.branch,
    ]),
  );

  await insertAll(
    handle,
    'banners',
    [
      col('id', 'int'),
      col('type', 'text'),
      col('location', 'text'),
      col('url', 'text'),
      col('title', 'text'),
      col('text', 'text'),
      col('image', 'text'),
      col('x2_image', 'text'),
      col('image_alt', 'text'),
      col('link', 'text'),
      col('background', 'text'),
      col('visible', 'boolean'),
      col('sort', 'int'),
      col('active_from', 'timestamptz'),
      col('active_to', 'timestamptz'),
    ],
    buildBanners(catalog.categories).map((b) => [
      b.id,
      b.type,
      b.location,
      b.url,
      b.title,
      b.text,
      `/img/banner/${b.id}.svg`,
      `/img/banner/${b.id}.svg`,
      b.title,
      b.link,
      b.background,
      true,
      b.sort,
      b.activeFrom,
      b.activeTo,
    ]),
  );

  await insertAll(
    handle,
    'feature_flags',
    [
      col('key', 'text'),
      col('branch', 'text'),
      col('is_active', 'boolean'),
      col('feature_value', 'jsonb'),
      col('description', 'text'),
    ],
    buildFlags().map((f) => [
      f.key,
      f.branch,
      f.isActive,
      f.value === null ? null : JSON.stringify(f.value),
      f.description,
    ]),
  );
  await insertAll(
    handle,
    'ab_branches',
    [col('code', 'text'), col('weight', 'int'), col('description', 'text')],
    AB_BRANCHES,
  );
}
