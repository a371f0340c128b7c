// All SQL the catalogue index (catalog/catalog-index.ts) is built from. The product-sized reads come
// grouped by the database, one row per chunk of ids or per key with the ids and values as comma-separated
// text, which the index parses straight into its typed arrays: a million products should not become
// millions of row objects first (decision 0053). Rows are arrays, in the column order each function names.
import type { DatabaseHandle } from '@store/db';

/** The largest active product id and how many active products there are. */
export async function retrieveActiveProductBounds(handle: DatabaseHandle): Promise<{ maxId: number; count: number }> {
  const [row] = await handle.queryArrays('select coalesce(max(id), 0), count(*) from products where status = 1');
  return { maxId: Number(row![0]), count: Number(row![1]) };
}

/**
 * Active products with ids in (from, to] as one row of texts, each a column in id order ("12,15,40"):
 * id, category_id, brand_id, series_id (0 for none), model_id (0 for none), price, price_old (0 for
 * none), rating, position, created_at in epoch seconds. One row per chunk instead of one per product: the
 * driver's decoding of a row per product was most of what a build had left.
 */
export function listIndexProductColumns(handle: DatabaseHandle, from: number, to: number): Promise<unknown[][]> {
  return handle.queryArrays(productColumnsSql('p.id > $1 and p.id <= $2'), [from, to]);
}

/** The same row for the active products among `ids` (a product change patched in: CatalogIndex.withProducts). */
export function listIndexProductColumnsOf(handle: DatabaseHandle, ids: readonly number[]): Promise<unknown[][]> {
  return handle.queryArrays(productColumnsSql('p.id = any($1::int[])'), [ids]);
}

function productColumnsSql(which: string): string {
  const column = (sql: string) => `coalesce(string_agg((${sql})::text, ',' order by p.id), '')`;
  return `select ${[
    'p.id',
    'p.category_id',
    'p.brand_id',
    'coalesce(p.series_id, 0)',
    'coalesce(p.model_id, 0)',
    'o.price',
    'coalesce(o.price_old, 0)',
    'p.rating',
    'p.position',
    'extract(epoch from p.created_at)::float8',
  ]
    .map(column)
    .join(', ')}
       from products p join product_offers o on o.product_id = p.id
      where p.status = 1 and ${which}`;
}

/**
 * List specification values of products with ids in (from, to], one row per specification and value:
 * specification_id, value_id, the product ids as text ("12,15,40", ascending). Grouped in the database:
 * a row per product and specification was most of a build's time (decoding ~8 rows per product).
 */
export function listIndexListValues(handle: DatabaseHandle, from: number, to: number): Promise<unknown[][]> {
  return handle.queryArrays(listValuesSql('product_id > $1 and product_id <= $2'), [from, to]);
}

/** The same rows for the products among `ids`. */
export function listIndexListValuesOf(handle: DatabaseHandle, ids: readonly number[]): Promise<unknown[][]> {
  return handle.queryArrays(listValuesSql('product_id = any($1::int[])'), [ids]);
}

function listValuesSql(which: string): string {
  return `select specification_id, value_id, string_agg(product_id::text, ',' order by product_id)
       from product_specifications
      where ${which} and value_id is not null
      group by specification_id, value_id`;
}

/**
 * Numbers of products with ids in (from, to], one row per specification: specification_id, the product
 * ids and the numbers as text, in one order ("12,15", "2.5,40"). float8 prints as the shortest text that
 * reads back as the same double (PostgreSQL 12+, extra_float_digits 1), so Number() gives the stored value.
 */
export function listIndexRangeValues(handle: DatabaseHandle, from: number, to: number): Promise<unknown[][]> {
  return handle.queryArrays(rangeValuesSql('product_id > $1 and product_id <= $2'), [from, to]);
}

/** The same rows for the products among `ids`. */
export function listIndexRangeValuesOf(handle: DatabaseHandle, ids: readonly number[]): Promise<unknown[][]> {
  return handle.queryArrays(rangeValuesSql('product_id = any($1::int[])'), [ids]);
}

function rangeValuesSql(which: string): string {
  return `select specification_id, string_agg(product_id::text, ',' order by product_id),
            string_agg(num_value::text, ',' order by product_id)
       from product_specifications
      where ${which} and num_value is not null
      group by specification_id`;
}

/** Every tag's products: tag_id, the product ids as text ("12,15,40", ascending). */
export function listIndexTags(handle: DatabaseHandle): Promise<unknown[][]> {
  return handle.queryArrays(
    `select tag_id, string_agg(product_id::text, ',' order by product_id) from product_tags group by tag_id`,
  );
}

/** The same rows for the products among `ids`. */
export function listIndexTagsOf(handle: DatabaseHandle, ids: readonly number[]): Promise<unknown[][]> {
  return handle.queryArrays(
    `select tag_id, string_agg(product_id::text, ',' order by product_id) from product_tags
      where product_id = any($1::int[]) group by tag_id`,
    [ids],
  );
}

/** Active categories: id, parent_id, path (ids from the root), name, code. */
export function listIndexCategories(handle: DatabaseHandle): Promise<unknown[][]> {
  return handle.queryArrays('select id, parent_id, path, name, code from categories where status = 1');
}

/** Every brand: id, name, code. */
export function listIndexBrands(handle: DatabaseHandle): Promise<unknown[][]> {
  return handle.queryArrays('select id, name, code from brands');
}

/** Every series: id, name, code, brand_id. */
export function listIndexSeries(handle: DatabaseHandle): Promise<unknown[][]> {
  return handle.queryArrays('select id, name, code, brand_id from series');
}

/** Filterable specifications in (sort, id) order: id, code, name, kind, unit, sort, category_id. */
export function listFilterSpecifications(handle: DatabaseHandle): Promise<unknown[][]> {
  return handle.queryArrays(
    'select id, code, name, kind, unit, sort, category_id from specifications where is_filter order by sort, id',
  );
}

/** Every specification value in (specification_id, sort, id) order: id, specification_id, name, sort. */
export function listSpecificationValues(handle: DatabaseHandle): Promise<unknown[][]> {
  return handle.queryArrays(
    'select id, specification_id, name, sort from specification_values order by specification_id, sort, id',
  );
}
