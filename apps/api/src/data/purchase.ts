// All SQL behind the purchase rule (domain purchasability, decision 0010): per product its offer, the
// units in the city's and in other cities' active stores, and the marketplace sellers' units. Every
// place that decides whether and how a product is bought in a city (cards, buy box, availability tab,
// basket, delivery ways, create-order) takes its facts from here and its answer from the domain rule.
import { distanceMetres, purchasability, type Purchase, type PurchaseFacts } from '@store/domain';
import type { DatabaseHandle } from '@store/db';
import type { Queryable } from './basket.ts';
import { cachedReference } from '../reference-data.ts';
import { yieldToRequests } from '../catalog/yield.ts';

export interface PurchaseFactsRow {
  id: number;
  status: number;
  available: boolean;
  preorder: boolean;
  max_quantity: number;
  city_quantity: number;
  city_stores: number;
  /** Other cities holding units, with their centre. */
  elsewhere: { city_id: number; quantity: number; latitude: number; longitude: number }[];
  marketplace: { supplier_id: number; qty: number; price: number }[];
  /** Some active store has a stock row of it (even at 0). */
  carried: boolean;
}

/** The product's own facts and its sellers' offers: the same in both forms below. */
const PRODUCT_FACTS = `p.status, o.available, (p.is_pre_order or o.order_type = 'preorder') as preorder, p.max_quantity`;
const SELLER_OFFERS = `(select json_agg(json_build_array(so.supplier_id, so.qty, so.price) order by so.supplier_id, so.id)
               from supplier_offers so where so.product_id = p.id) as offers`;

/**
 * The columns of a product's purchase facts, for a query over `products p` joined with its offer `o`:
 * its active stores' units city by city (one row per city: units in stores that have some, how many
 * such stores, the city's centre) and its sellers' offers, shaped by `purchaseFactsOf` for any city.
 * One grouped stock read instead of one per question (the city's units, other cities', whether any
 * store carries it): planning the four subqueries was most of what PostgreSQL spent per order at a
 * million products, 1.5 ms a plan, five plans an order (decision 0076).
 */
export const PURCHASE_FACT_COLUMNS = `${PRODUCT_FACTS},
            (select json_agg(json_build_array(t.city_id, t.quantity, t.stores, ci.latitude, ci.longitude)
                             order by t.city_id)
               from (select s.city_id, coalesce(sum(st.quantity) filter (where st.quantity > 0), 0)::int as quantity,
                            count(*) filter (where st.quantity > 0)::int as stores
                       from stock st join stores s on s.id = st.store_id and s.status = 1
                      where st.product_id = p.id
                      group by s.city_id) t
               left join cities ci on ci.id = t.city_id) as stock_by_city,
            ${SELLER_OFFERS}`;

/**
 * PURCHASE_FACT_COLUMNS for a page of products (cards), read set-wise: `with` before the query's select,
 * `columns` among its columns and `join` after its `products p` (with its offer `o`); `ids` is the
 * parameter holding the products' ids (an int[], or one int). The same values in the same shape
 * (purchaseFactsOf reads either). Per product, the correlated subquery hashed every active store again
 * (303 at the bench, a seq scan each time): for 24 cards on PGlite at 100,000 products 6.6–7.6 ms of the
 * store's thread; this one reads the page's stock rows by index and the stores once, 4.3–4.4 ms (decision 0080).
 */
export const purchaseFactsOfPage = (ids: string, one = false) => ({
  with: `purchase_stock as (
           select t.product_id,
                  json_agg(json_build_array(t.city_id, t.quantity, t.stores, ci.latitude, ci.longitude)
                           order by t.city_id) as stock_by_city
             from (select st.product_id, s.city_id,
                          coalesce(sum(st.quantity) filter (where st.quantity > 0), 0)::int as quantity,
                          count(*) filter (where st.quantity > 0)::int as stores
                     from stock st join stores s on s.id = st.store_id and s.status = 1
                    where st.product_id = ${one ? ids : `any(${ids}::int[])`}
                    group by st.product_id, s.city_id) t
             left join cities ci on ci.id = t.city_id
            group by t.product_id)`,
  columns: `${PRODUCT_FACTS}, ps.stock_by_city, ${SELLER_OFFERS}`,
  join: 'left join purchase_stock ps on ps.product_id = p.id',
});

/** What PURCHASE_FACT_COLUMNS read of one product. */
export interface PurchaseFactColumns {
  id: number;
  status: number;
  available: boolean;
  preorder: boolean;
  max_quantity: number;
  /** [city id, units in its stores that have some, those stores, the centre's latitude, longitude (null: no such city)]. */
  stock_by_city: [number, number, number, number | null, number | null][] | null;
  /** [seller id, units, price] by seller. */
  offers: [number, number, number][] | null;
}

/** A product's purchase facts as seen from one city, from what PURCHASE_FACT_COLUMNS read. */
export function purchaseFactsOf(row: PurchaseFactColumns, cityId: number): PurchaseFactsRow {
  const cities = row.stock_by_city ?? [];
  const here = cities.find(([id]) => id === cityId);
  return {
    id: row.id,
    status: row.status,
    available: row.available,
    preorder: row.preorder,
    max_quantity: row.max_quantity,
    city_quantity: here?.[1] ?? 0,
    city_stores: here?.[2] ?? 0,
    // Other cities with units, whose centre is known (the one a transfer is measured from).
    elsewhere: cities.flatMap(([id, quantity, , latitude, longitude]) =>
      id !== cityId && quantity > 0 && latitude !== null && longitude !== null
        ? [{ city_id: id, quantity, latitude, longitude }]
        : [],
    ),
    marketplace: (row.offers ?? []).map(([supplier_id, qty, price]) => ({ supplier_id, qty, price })),
    carried: cities.length > 0,
  };
}

/**
 * `p.id` among the ids, as $1: one id (a one-line basket, the usual order) compared as a scalar, so that a
 * named statement's generic plan is chosen and the query is not planned again per call; PostgreSQL never
 * takes the generic plan of `= any($1)` (it assumes ten ids; decision 0076).
 */
export const productsWhere = (ids: readonly number[]) => (ids.length === 1 ? 'p.id = $1' : 'p.id = any($1::int[])');
export const productsParam = (ids: readonly number[]) => (ids.length === 1 ? [ids[0]] : [ids]);

/** The facts of the products (hidden categories left out) as seen from one city. */
export async function listPurchaseFacts(handle: Queryable, ids: readonly number[], cityId: number) {
  if (ids.length === 0) return [];
  const rows = await handle.query<PurchaseFactColumns>(
    `select p.id, ${PURCHASE_FACT_COLUMNS}
       from products p
       join product_offers o on o.product_id = p.id
       join categories c on c.id = p.category_id and c.status = 1
      where ${productsWhere(ids)}`,
    productsParam(ids),
    ids.length === 1 ? { name: 'purchase-facts-of-one' } : undefined,
  );
  return rows.map((row) => purchaseFactsOf(row, cityId));
}

export function retrieveCityPoint(handle: Queryable, cityId: number) {
  return cachedReference(handle, `city-point:${cityId}`, () => readCityPoint(handle, cityId));
}

async function readCityPoint(handle: Queryable, cityId: number) {
  const [row] = await handle.query<{ latitude: number; longitude: number }>(
    'select latitude, longitude from cities where id = $1',
    [cityId],
  );
  return row ?? null;
}

/**
 * The facts of the products with units in active stores, city by city: one row per city and product,
 * where `stocked` picks the stock rows (by product, or by city). Read as arrays, without the columns
 * that are constant here: tens of thousands of rows for a city at 100,000 products, and on PGlite
 * decoding them as objects (two JSON columns each) was 3.4 of the read's 3.5 s of the store's own
 * thread, where the queries run (decision 0070).
 */
async function listStockedProducts(
  handle: StockedReader,
  stocked: string,
  params: unknown[],
  products = 'true',
  keep: (row: PurchaseFactsRow) => boolean = () => true,
): Promise<(PurchaseFactsRow & { city_id: number })[]> {
  const rows = await handle.queryArrays(
    `select p.id, t.city_id, p.status, o.available, (p.is_pre_order or o.order_type = 'preorder'), p.max_quantity,
            t.quantity, t.stores
       from (select st.product_id, s.city_id, sum(st.quantity)::int as quantity, count(*)::int as stores
               from stock st join stores s on s.id = st.store_id
              where st.quantity > 0 and s.status = 1 and ${stocked}
              group by st.product_id, s.city_id) t
       join products p on p.id = t.product_id
       join product_offers o on o.product_id = p.id
      where ${products}`,
    params,
  );
  // Rows shaped and kept a slice at a time, the thread given back between slices: a city's set at a million
  // products on PostgreSQL is about a million rows, and shaping them and asking the purchase rule of each
  // in one go held an instance 9–22 s (6 s of CPU) while it served pages (decision 0082).
  const kept: (PurchaseFactsRow & { city_id: number })[] = [];
  for (let k = 0; k < rows.length; k++) {
    if (k % STOCKED_ROWS_PER_PAUSE === STOCKED_ROWS_PER_PAUSE - 1) await yieldToRequests();
    const r = rows[k]!;
    const row = {
      id: Number(r[0]),
      city_id: Number(r[1]),
      status: Number(r[2]),
      available: r[3] === true,
      preorder: r[4] === true,
      max_quantity: Number(r[5]),
      city_quantity: Number(r[6]),
      city_stores: Number(r[7]),
      elsewhere: [],
      marketplace: [],
      carried: true,
    };
    if (keep(row)) kept.push(row);
  }
  return kept;
}

/** Stocked rows shaped and judged between pauses: about 5–20 ms of the thread. */
const STOCKED_ROWS_PER_PAUSE = 2048;

/** What reads stocked products: rows as arrays (listStockedProducts). */
type StockedReader = Pick<DatabaseHandle, 'queryArrays' | 'kind'>;

/** Whether the purchase rule calls a stocked row «in stock» in its city (from the city's units alone). */
const inStockHere = (row: PurchaseFactsRow) => purchasability(toPurchaseFacts(row, null)).way === 'in-stock';

/**
 * Product ids per slice of a city's «В наличии» read on PGlite: about 7,000 stock rows at the bench's
 * 14 per product, 15–30 ms of the store's thread each (decision 0074).
 */
const IN_STOCK_SLICE_IDS = 500;

/**
 * The products the purchase rule calls «in stock» in the city (the «В наличии» filter, decision 0010):
 * the city's stocked products kept where one unit is bought from the city's own stores. The rule
 * decides «in stock» from the city's units alone (other cities and sellers only matter with none in
 * the city), so the stocked rows' facts are enough.
 *
 * On PGlite the query runs on the store's own thread, and the whole read at 100,000 products held it
 * 2–2.6 s, every listing and suggestion waiting behind it: there it is read in slices of
 * IN_STOCK_SLICE_IDS product ids, the event loop given back between them (`sliceIds` sets the size,
 * on PostgreSQL too: tests). On PostgreSQL the query's time is the database's, not the thread's, and
 * one query is read as before (decision 0074). The slices read different moments; a stock move between
 * them is announced and patched into the set once the read is done (decision 0050), as one during a
 * single read was.
 */
export async function listCityInStockProductIds(
  handle: StockedReader,
  cityId: number,
  sliceIds?: number,
): Promise<number[]> {
  if (handle.kind !== 'pglite' && sliceIds === undefined) {
    const rows = await listStockedProducts(handle, 's.city_id = $1', [cityId], 'true', inStockHere);
    return rows.map((r) => r.id);
  }
  const [last] = await handle.queryArrays('select coalesce(max(id), 0) from products');
  const maxId = Number(last![0]);
  const ids: number[] = [];
  const size = sliceIds ?? IN_STOCK_SLICE_IDS;
  for (let from = 0; from <= maxId; from += size) {
    if (from > 0) await yieldToRequests();
    // The range on every table: without it on the offers, each slice scanned all of them.
    const rows = await listStockedProducts(
      handle,
      's.city_id = $1 and st.product_id >= $2 and st.product_id < $3',
      [cityId, from, from + size],
      'p.id >= $2 and p.id < $3 and o.product_id >= $2 and o.product_id < $3',
      inStockHere,
    );
    for (const row of rows) ids.push(row.id);
  }
  return ids;
}

/**
 * Where these products are «in stock» now: a city id to the ones in stock there (cities with none
 * left out). An instance patches its cities' «В наличии» sets with it when stock moved (catalog-events.ts).
 */
export async function listInStockByCity(handle: StockedReader, productIds: readonly number[]) {
  const byCity = new Map<number, Set<number>>();
  if (productIds.length === 0) return byCity;
  for (const row of await listStockedProducts(handle, 'st.product_id = any($1::int[])', [productIds])) {
    if (!inStockHere(row)) continue;
    let ids = byCity.get(row.city_id);
    if (!ids) byCity.set(row.city_id, (ids = new Set()));
    ids.add(row.id);
  }
  return byCity;
}

export function toPurchaseFacts(
  row: PurchaseFactsRow,
  origin: { latitude: number; longitude: number } | null,
): PurchaseFacts {
  return {
    status: row.status,
    available: row.available,
    preorder: row.preorder,
    maxQuantity: row.max_quantity,
    cityQuantity: row.city_quantity,
    cityStores: row.city_stores,
    elsewhere: row.elsewhere.map((e) => ({
      cityId: e.city_id,
      quantity: e.quantity,
      // An unknown centre counts as far away (the longest transfer).
      distanceKm: origin ? (distanceMetres(origin, e) ?? 1e7) / 1000 : 1e4,
    })),
    marketplace: row.marketplace.map((m) => ({ supplierId: m.supplier_id, qty: m.qty, price: m.price })),
    carried: row.carried,
  };
}

/** The purchase facts of each product (missing: hidden or unknown) as seen from the city. */
export async function purchaseFactsFor(
  handle: Queryable,
  ids: readonly number[],
  cityId: number,
): Promise<Map<number, PurchaseFacts>> {
  if (ids.length === 0) return new Map();
  const rows = await listPurchaseFacts(handle, ids, cityId);
  const origin = await retrieveCityPoint(handle, cityId);
  return new Map(rows.map((r) => [r.id, toPurchaseFacts(r, origin)]));
}

/** How one unit of each product is bought in the city. */
export async function purchasesFor(
  handle: Queryable,
  ids: readonly number[],
  cityId: number,
): Promise<Map<number, { purchase: Purchase; facts: PurchaseFacts }>> {
  const facts = await purchaseFactsFor(handle, ids, cityId);
  return new Map([...facts].map(([id, f]) => [id, { purchase: purchasability(f), facts: f }]));
}
