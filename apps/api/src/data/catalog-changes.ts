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
