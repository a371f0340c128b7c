// A category's products at consecutive positions (decision 0066), against SQL on a catalogue whose
// categories interleave by product id on purpose: two categories' products alternate, and their
// popularity ties, so an order that fell back on positions instead of ids would show it. Every category
// subtree is one range; filters cut to a page's range still answer what SQL does, a search-like page's
// category counts still count outside the narrowing, patches land at a product's new position, and a
// product moved to another category is found in that category's range after the rebuild its change
// triggers (product changes rebuild the index: catalog-events.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/api-harness.ts';
import type { Bits } from './bits.ts';
import { CatalogIndex } from './catalog-index.ts';
import { LISTED, noSelection, scopeMembers, sortedIds } from './index-test-queries.ts';

let h: Harness;
let index: CatalogIndex;
/** Two leaf categories whose products alternate by id. */
let first: number;
let second: number;

const ids = (sql: string, params: unknown[] = []) => sortedIds(h, sql, params);
const subtree = `with recursive t(id) as (select $1::int union all
  select c.id from categories c join t on c.parent_id = t.id where c.status = 1)`;

const members = (scope: Bits) => scopeMembers(index, scope);

beforeAll(async () => {
  h = await createHarness();
  const leaves = await h.handle.query<{ id: number }>(
    `select p.category_id as id from products p join product_offers o on o.product_id = p.id
      where p.status = 1 and not exists (select 1 from categories c where c.parent_id = p.category_id)
      group by 1 having count(*) >= 10 order by count(*) desc, 1 limit 2`,
  );
  first = Number(leaves[0]!.id);
  second = Number(leaves[1]!.id);
  // Every other product of the two, by id, goes to the other one; all of them tie on popularity.
  await h.handle.query(
    `update products p set category_id = case when p.category_id = $1 then $2 else $1 end
      from (select id, row_number() over (order by id) as n from products where category_id in ($1, $2)) r
     where r.id = p.id and r.n % 2 = 0`,
    [first, second],
  );
  await h.handle.query('update products set position = 7 where category_id in ($1, $2)', [first, second]);
  index = await CatalogIndex.build(h.handle);
});
afterAll(() => h.close());

describe("a category's products at consecutive positions", () => {
  it('lays every category subtree out as one range holding exactly its products', async () => {
    const categories = await ids('select id from categories where status = 1');
    for (const id of categories) {
      const products = await ids(`${subtree} ${LISTED} and p.category_id in (select id from t)`, [id]);
      const range = index.categoryRange(id);
      expect({ id, range: range !== null }).toEqual({ id, range: true });
      const [start, end] = range!;
      expect({ id, size: end - start }).toEqual({ id, size: products.length });
      const positions = [...index.positionsOf(products)];
      expect(positions.every((p) => p >= start && p < end)).toBe(true);
      const scope = index.categoryScope(id);
      // The scope's words are the range's alone.
      expect({ id, lo: scope.lo, hi: scope.hi }).toEqual({
        id,
        lo: products.length ? start >>> 5 : 0,
        hi: products.length ? (end + 31) >>> 5 : 0,
      });
      expect(members(scope)).toEqual(products);
    }
  });

  it('filters and counts a category page with a brand cut to its range as SQL does', async () => {
    const categoryIds = new Set([first]);
    const scope = index.categoryScope(first);
    const plain = index.query(
      { scope, facetCodes: ['brand'], selection: noSelection(), sort: 'price', offset: 0, limit: 5 },
      categoryIds,
    );
    const brands = plain.facets.find((f) => f.code === 'brand')!.values;
    expect(brands.length).toBeGreaterThan(1);
    for (const brand of brands) {
      const selection = noSelection();
      selection.list.set('brand', new Set([brand.id]));
      const page = index.query(
        { scope, facetCodes: ['brand'], selection, sort: 'price', offset: 0, limit: 1000 },
        categoryIds,
      );
      const sql = await ids(`${LISTED} and p.category_id = $1 and p.brand_id = $2`, [first, brand.id]);
      expect({ brand: brand.id, count: brand.count, ids: page.productIds.sort((a, b) => a - b) }).toEqual({
        brand: brand.id,
        count: sql.length,
        ids: sql,
      });
    }
  });

  it("counts a search page's categories outside its category narrowing, in order of their first product", async () => {
    const [brand] = await h.handle.query<{ id: number }>(
      `select p.brand_id as id from products p join product_offers o on o.product_id = p.id
        where p.status = 1 group by 1 order by count(distinct p.category_id) desc, 1 limit 1`,
    );
    const selection = noSelection();
    selection.list.set('brand', new Set([Number(brand!.id)]));
    const result = index.query(
      {
        scope: index.everything(),
        categoryScope: index.categoryScope(first),
        facetCodes: [],
        selection,
        sort: 'price',
        offset: 0,
        limit: 10,
        withCategoryCounts: true,
      },
      new Set([first]),
    );
    const rows = await h.handle.query<{ category_id: number; n: number }>(
      `select p.category_id, count(*)::int as n from products p join product_offers o on o.product_id = p.id
        where p.status = 1 and p.brand_id = $1 group by 1 order by min(p.id)`,
      [brand!.id],
    );
    expect(rows.length).toBeGreaterThan(2);
    expect([...result.categoryCounts]).toEqual(rows.map((r) => [Number(r.category_id), Number(r.n)]));
  });

  it('orders ties by product id across interleaved categories, as SQL does', async () => {
    for (const [sort, orderBy] of [
      ['-popularity', 'p.position, p.id'],
      ['price', 'o.price, p.position, p.id'],
      ['-rating', 'p.rating desc, p.position, p.id'],
    ] as const) {
      const scope = index.categoryScope(first).clone().or(index.categoryScope(second));
      const page = index.query(
        { scope, facetCodes: [], selection: noSelection(), sort, offset: 0, limit: 50 },
        new Set([first, second]),
      );
      const rows = await h.handle.query<{ id: number }>(
        `${LISTED} and p.category_id in ($1, $2) order by ${orderBy} limit 50`,
        [first, second],
      );
      expect({ sort, ids: page.productIds }).toEqual({ sort, ids: rows.map((r) => Number(r.id)) });
    }
  });

  it('patches a price and stock at the position the layout gave the product', async () => {
    const products = await ids(`${LISTED} and p.category_id = $1`, [first]);
    const last = products[products.length - 1]!;
    const categoryIds = new Set([first]);
    const scope = index.categoryScope(first);
    const selection = noSelection();
    selection.range.set('price', { from: 9_999_000, to: null });
    const ask = () =>
      index.query({ scope, facetCodes: ['price'], selection, sort: 'price', offset: 0, limit: 10 }, categoryIds);
    expect(ask().productIds).toEqual([]);
    index.patchPrices([{ id: last, price: 999_999_900, priceOld: 0 }]);
    expect(ask().productIds).toEqual([last]);
    expect(index.priceOf(last)).toBe(999_999_900);

    const inStock = await index.inStockScope(-2, async () => []);
    index.patchInStock([last], new Map([[-2, new Set([last])]]));
    await Promise.resolve();
    const stocked = noSelection();
    stocked.list.set('in_stock', new Set([1]));
    expect(
      index.query(
        { scope, inStock, facetCodes: [], selection: stocked, sort: 'price', offset: 0, limit: 10 },
        categoryIds,
      ).productIds,
    ).toEqual([last]);
  });

  it('finds a product moved to another category in that category’s range once the index is rebuilt', async () => {
    const [moved] = await ids(`${LISTED} and p.category_id = $1`, [first]);
    await h.handle.query('update products set category_id = $1 where id = $2', [second, moved]);
    index = await CatalogIndex.build(h.handle);
    const [start, end] = index.categoryRange(second)!;
    const [position] = index.positionsOf([moved!]);
    expect(position).toBeGreaterThanOrEqual(start);
    expect(position).toBeLessThan(end);
    expect(members(index.categoryScope(second))).toContain(moved);
    expect(members(index.categoryScope(first))).not.toContain(moved);
    expect(members(index.categoryScope(second))).toEqual(await ids(`${LISTED} and p.category_id = $1`, [second]));
  });

  it("keeps a hidden parent category's active children in its range", async () => {
    const [parent] = await h.handle.query<{ id: number }>(
      `select c.parent_id as id from categories c where c.status = 1 and c.parent_id is not null
        group by 1 having count(*) >= 2 order by 1 limit 1`,
    );
    const id = Number(parent!.id);
    await h.handle.query('update categories set status = 0 where id = $1', [id]);
    index = await CatalogIndex.build(h.handle);
    const products = await ids(`${subtree} ${LISTED} and p.category_id in (select id from t)`, [id]);
    expect(products.length).toBeGreaterThan(0);
    expect(members(index.categoryScope(id))).toEqual(products);
  });
});
