// Test only: a product's stock set outright.
import type { DatabaseHandle } from '@store/db';
import { dropCachedProducts } from '../reference-data.ts';

/**
 * Exactly these units of the product, and none in any other store: another city's units would come
 * by transfer (decision 0010). No units at all: sold out everywhere. Like every stock write it drops
 * the product's cached cards (decision 0041).
 */
export async function setStock(
  handle: DatabaseHandle,
  productId: number,
  units: readonly { storeId: number; qty: number }[],
) {
  await handle.query('update stock set quantity = 0 where product_id = $1', [productId]);
  for (const u of units) {
    await handle.query(
      `insert into stock (product_id, store_id, quantity) values ($1, $2, $3)
       on conflict (product_id, store_id) do update set quantity = excluded.quantity`,
      [productId, u.storeId, u.qty],
    );
  }
  dropCachedProducts(handle, [productId]);
}

/** Moscow's id and its first open multicenter (pickup there takes any order). */
export async function moscowMulticenter(handle: DatabaseHandle): Promise<{ moscow: number; multicenter: number }> {
  const [city] = await handle.query<{ id: number }>(`select id from cities where alias = 'moskva'`);
  const [store] = await handle.query<{ id: number }>(
    'select id from stores where city_id = $1 and type = 1 and status = 1 order by id limit 1',
    [city!.id],
  );
  return { moscow: city!.id, multicenter: store!.id };
}
