// What the catalogue index's tests ask of SQL and of the index alike (catalog-index.test.ts,
// category-layout.test.ts): the products the index lists, ids sorted, and a scope's every member.
import type { Harness } from '../test/api-harness.ts';
import type { Bits } from './bits.ts';
import type { CatalogIndex, IndexSelection } from './catalog-index.ts';

/** Active products with an offer, as the index reads them. */
export const LISTED = 'select p.id from products p join product_offers o on o.product_id = p.id where p.status = 1';

export const noSelection = (): IndexSelection => ({ list: new Map(), range: new Map() });

/** The ids a query returns, ascending. */
export const sortedIds = async (h: Harness, sql: string, params: unknown[] = []) =>
  (await h.handle.query<{ id: number }>(sql, params)).map((r) => Number(r.id)).sort((a, b) => a - b);

/** Every product id in a scope, ascending. */
export function scopeMembers(index: CatalogIndex, scope: Bits): number[] {
  return index
    .query(
      { scope, facetCodes: [], selection: noSelection(), sort: 'price', offset: 0, limit: Number.MAX_SAFE_INTEGER },
      new Set(),
    )
    .productIds.sort((a, b) => a - b);
}
