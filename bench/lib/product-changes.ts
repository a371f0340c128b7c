// What the benchmarks that change products in a database (bench/index-build.ts --patch,
// bench/product-change.ts) put back when they are done: each product's status and category as it was.
import type { DatabaseHandle } from '@store/db';

export interface ProductPlace {
  id: number;
  status: number;
  category_id: number;
}

/** Puts every product back to the status and category it had. */
export async function restoreProducts(handle: DatabaseHandle, products: readonly ProductPlace[]) {
  for (const p of products) {
    await handle.query('update products set status = $2, category_id = $3 where id = $1', [
      p.id,
      p.status,
      p.category_id,
    ]);
  }
}
