// All SQL of catalogue changes (issue 19): an operator's price and stock changes, and the prices an
// instance reads to patch its index when any instance announces a change (catalog/catalog-events.ts).
import type { DatabaseHandle, TransactionHandle } from '@store/db';

export interface OfferPrice {
  id: number;
  price: number;
  priceOld: number;
}

/** Current prices (kopecks) of these products; price_old 0 when there is none. */
export async function listOfferPrices(handle: DatabaseHandle, ids: readonly number[]): Promise<OfferPrice[]> {
  const rows = await handle.query<{ id: number; price: number; price_old: number }>(
    `select product_id as id, price, coalesce(price_old, 0) as price_old
       from product_offers where product_id = any($1::int[])`,
    [ids],
  );
  return rows.map((r) => ({ id: r.id, price: r.price, priceOld: r.price_old }));
}

/** Sets a product's price and old price; null when the product has no offer. */
export async function updateOfferPrice(
  tx: Pick<TransactionHandle, 'query'>,
  id: number,
  price: number,
  priceOld: number | null,
): Promise<{ id: number; price: number; price_old: number | null } | null> {
  const rows = await tx.query<{ id: number; price: number; price_old: number | null }>(
    `update product_offers set price = $2, price_old = $3
      where product_id = $1
      returning product_id as id, price, price_old`,
    [id, price, priceOld],
  );
  return rows[0] ?? null;
}

/** Sets a product's units in one store (a stocktake); null when the product or the store is unknown. */
export async function upsertStoreStock(
  tx: Pick<TransactionHandle, 'query'>,
  productId: number,
  storeId: number,
  quantity: number,
): Promise<{ product_id: number; store_id: number; quantity: number } | null> {
  const rows = await tx.query<{ product_id: number; store_id: number; quantity: number }>(
    `insert into stock (product_id, store_id, quantity)
     select p.id, s.id, $3 from products p, stores s where p.id = $1 and s.id = $2
     on conflict (product_id, store_id) do update set quantity = excluded.quantity
     returning product_id, store_id, quantity`,
    [productId, storeId, quantity],
  );
  return rows[0] ?? null;
}

export interface ProductPlacement {
  id: number;
  shown: boolean;
  category_id: number;
}

/** Adds `delta` to the product count of a category and of every category above it. */
async function addToCategoryCounts(tx: Pick<TransactionHandle, 'query'>, categoryId: number, delta: number) {
  await tx.query(
    `update categories set product_count = greatest(product_count + $2, 0)
      where id = any((select path from categories where id = $1)::int[])`,
    [categoryId, delta],
  );
}

/**
 * Shows (status 1) or hides (status 0) a product, keeping its categories' product counts; null when there
 * is no such product, 'no-price' when a product without an offer would be shown (it could not be bought).
 */
export async function setProductShown(
  tx: Pick<TransactionHandle, 'query'>,
  id: number,
  shown: boolean,
): Promise<ProductPlacement | 'no-price' | null> {
  const [row] = await tx.query<{ status: number; category_id: number; priced: boolean }>(
    `select p.status, p.category_id, exists (select 1 from product_offers o where o.product_id = p.id) as priced
       from products p where p.id = $1 for update`,
    [id],
  );
  if (!row) return null;
  if (shown && !row.priced) return 'no-price';
  if ((Number(row.status) === 1) !== shown) {
    await tx.query('update products set status = $2 where id = $1', [id, shown ? 1 : 0]);
    await addToCategoryCounts(tx, Number(row.category_id), shown ? 1 : -1);
  }
  return { id, shown, category_id: Number(row.category_id) };
}

/**
 * Moves a product to another category, keeping both categories' product counts; null when there is no
 * such product, 'no-category' when the category is not an active one.
 */
export async function moveProduct(
  tx: Pick<TransactionHandle, 'query'>,
  id: number,
  categoryId: number,
): Promise<ProductPlacement | 'no-category' | null> {
  const [row] = await tx.query<{ status: number; category_id: number }>(
    'select status, category_id from products where id = $1 for update',
    [id],
  );
  if (!row) return null;
  const [category] = await tx.query('select id from categories where id = $1 and status = 1', [categoryId]);
  if (!category) return 'no-category';
  const shown = Number(row.status) === 1;
  const from = Number(row.category_id);
  if (from !== categoryId) {
    await tx.query('update products set category_id = $2 where id = $1', [id, categoryId]);
    if (shown) {
      await addToCategoryCounts(tx, from, -1);
      await addToCategoryCounts(tx, categoryId, 1);
    }
  }
  return { id, shown, category_id: categoryId };
}
