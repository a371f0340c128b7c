// The listings' «В наличии» filter (issue 11, decision 0010): filter[in_stock][]=1 keeps the products
// the purchase rule calls in stock in the visitor's city. In Казань a product with units there stays, a
// product with units only in Moscow («Под заказ», by transfer) and a preorder with units there go.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { CatalogIndex, CatalogIndexHolder, IN_STOCK_MAX_AGE_MS } from '../catalog/catalog-index.ts';
import { prepareDefaultCityInStock } from '../catalog/listing.ts';
import { createLogger } from '../logger.ts';
import { listCityInStockProductIds, listInStockByCity } from '../data/purchase.ts';
import type { ApiErrorBody } from '../http/errors.ts';
import type { Listing } from '../schemas/catalog.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { setStock } from '../test/stock.ts';

let h: Harness;
let kazanId: number;
let category: { id: number; code: string };
let brandCode: string;
let inKazan: number;
let inMoscow: number;
let preorderInKazan: number;

beforeAll(async () => {
  h = await createHarness();
  const cities = await h.handle.query<{ id: number; alias: string }>(
    `select id, alias from cities where alias in ('kazan', 'moskva')`,
  );
  kazanId = cities.find((c) => c.alias === 'kazan')!.id;
  const moscowId = cities.find((c) => c.alias === 'moskva')!.id;
  const store = async (cityId: number) =>
    (
      await h.handle.query<{ id: number }>(
        'select id from stores where city_id = $1 and type = 1 and status = 1 order by id limit 1',
        [cityId],
      )
    )[0]!.id;
  const kazanStore = await store(kazanId);
  const moscowStore = await store(moscowId);

  // A leaf category small enough to read whole, with three products the store itself sells.
  const plain = `p.status = 1 and o.available and not p.is_pre_order and o.order_type = 'false' and p.max_quantity >= 1
      and not exists (select 1 from supplier_offers so where so.product_id = p.id)`;
  const categories = await h.handle.query<{ id: number; code: string }>(
    `select c.id, c.code from categories c join products p on p.category_id = c.id
       join product_offers o on o.product_id = p.id
      where c.status = 1 and not exists (select 1 from categories ch where ch.parent_id = c.id)
      group by c.id, c.code
     having count(*) filter (where p.status = 1) between 6 and 90 and count(*) filter (where ${plain}) >= 3
      order by count(*) desc limit 1`,
  );
  category = categories[0]!;
  const chosen = await h.handle.query<{ id: number; brand_code: string }>(
    `select p.id, b.code as brand_code from products p join product_offers o on o.product_id = p.id
       join brands b on b.id = p.brand_id
      where p.category_id = $1 and ${plain} order by p.id limit 3`,
    [category.id],
  );
  [inKazan, inMoscow, preorderInKazan] = chosen.map((r) => r.id) as [number, number, number];
  brandCode = chosen[0]!.brand_code;
  const units = (productId: number, storeId: number, qty: number) => setStock(h.handle, productId, [{ storeId, qty }]);
  await units(inKazan, kazanStore, 3);
  await units(inMoscow, moscowStore, 4);
  await units(preorderInKazan, kazanStore, 2);
  await h.handle.query('update products set is_pre_order = true where id = $1', [preorderInKazan]);
});
afterAll(async () => {
  await h.close();
});

const listing = (path: string, query = '') =>
  h.json<Listing & ApiErrorBody>(`/api/v3/products${path}?city_id=${kazanId}&per_page=100${query}`);
const IN_STOCK = '&filter[in_stock][]=1';

describe('«В наличии» filter', () => {
  it('a category listing in Казань keeps only the products the rule calls in stock, with their count', async () => {
    const path = `/catalog/${category.code}/${category.id}`;
    const all = await listing(path);
    expect(all.status).toBe(200);
    expect(all.body.count).toBeLessThanOrEqual(100);
    // Without the filter the «Под заказ» product and the preorder are listed too.
    const ways = new Map(all.body.products.map((p) => [p.id, p.purchase]));
    expect(ways.get(inKazan)?.way).toBe('in-stock');
    expect(ways.get(inMoscow)).toMatchObject({ way: 'transfer', label: 'Под заказ' });
    expect(ways.get(preorderInKazan)?.way).toBe('preorder');
    const expected = all.body.products.filter((p) => p.purchase.way === 'in-stock').map((p) => p.id);

    // The facet is the first filter, one value with the number of in-stock products.
    const facet = all.body.filters[0]!;
    expect(facet).toMatchObject({ code: 'in_stock', type: 'list' });
    expect(facet.values).toEqual([{ id: 1, name: 'В наличии', count: expected.length, selected: false }]);

    const filtered = await listing(path, IN_STOCK);
    expect(filtered.status).toBe(200);
    expect(filtered.body.count).toBe(expected.length);
    expect(filtered.body.products.map((p) => p.id).sort((a, b) => a - b)).toEqual(expected.sort((a, b) => a - b));
    expect(filtered.body.products.every((p) => p.purchase.label.startsWith('В наличии'))).toBe(true);
    expect(filtered.body.filters[0]!.values[0]).toMatchObject({ count: expected.length, selected: true });
  });

  it('works on a brand listing and with other filters (the count follows them)', async () => {
    const brand = await listing(`/catalog/brand/${brandCode}/${category.code}/${category.id}`, IN_STOCK);
    expect(brand.status).toBe(200);
    const ids = brand.body.products.map((p) => p.id);
    expect(ids).toContain(inKazan);
    expect(ids).not.toContain(inMoscow);
    expect(brand.body.products.every((p) => p.purchase.way === 'in-stock')).toBe(true);

    const path = `/catalog/${category.code}/${category.id}`;
    const brandFacet = (await listing(path)).body.filters.find((f) => f.code === 'brand')!;
    const brandId = brandFacet.values.find((v) => v.count > 0)!.id;
    const both = await listing(path, `${IN_STOCK}&filter[brand][]=${brandId}`);
    const brandOnly = await listing(path, `&filter[brand][]=${brandId}`);
    const inStockOfBrand = brandOnly.body.products.filter((p) => p.purchase.way === 'in-stock').length;
    expect(both.body.count).toBe(inStockOfBrand);
    expect(brandOnly.body.filters[0]!.values[0]!.count).toBe(inStockOfBrand);
  });

  it("reads a city's set as the purchase rule decides product by product, in every city", async () => {
    const ids = (await h.handle.query<{ id: number }>('select id from products')).map((r) => r.id);
    const byCity = await listInStockByCity(h.handle, ids);
    const cities = await h.handle.query<{ id: number }>('select id from cities order by id');
    let nonEmpty = 0;
    for (const { id } of cities) {
      const set = (await listCityInStockProductIds(h.handle, id)).sort((a, b) => a - b);
      expect({ id, set }).toEqual({ id, set: [...(byCity.get(id) ?? [])].sort((a, b) => a - b) });
      if (set.length > 0) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThan(1);
  });

  it("reads a city's set in slices of product ids, giving the event loop back between them (decision 0074)", async () => {
    const [{ max }] = (await h.handle.query<{ max: number }>('select max(id)::int as max from products')) as [
      { max: number },
    ];
    const cities = await h.handle.query<{ id: number }>('select id from cities order by id');
    const byCity = await listInStockByCity(
      h.handle,
      Array.from({ length: max }, (_, i) => i + 1),
    );
    const slice = Math.ceil(max / 20);
    for (const { id } of cities.slice(0, 3)) {
      // Callbacks waiting for the loop run between slices, not only once the whole set is read.
      let turns = 0;
      let waiting = true;
      const turn = () => {
        turns++;
        if (waiting) setImmediate(turn);
      };
      setImmediate(turn);
      const set = await listCityInStockProductIds(h.handle, id, slice).finally(() => (waiting = false));
      expect(turns).toBeGreaterThanOrEqual(19);
      expect({ id, set: set.sort((a, b) => a - b) }).toEqual({
        id,
        set: [...(byCity.get(id) ?? [])].sort((a, b) => a - b),
      });
    }
  });

  it("reads a city's set again once it is IN_STOCK_MAX_AGE_MS old (answering the old set meanwhile), so a sold-out product leaves the filter", async () => {
    const index = await CatalogIndex.build(h.handle);
    let reads = 0;
    const load = () => {
      reads++;
      return listCityInStockProductIds(h.handle, kazanId);
    };
    const at = 1_000_000;
    const first = await index.inStockScope(kazanId, load, at);
    const position = index.positionsOf([inKazan])[0]!;
    expect(first.has(position)).toBe(true);
    await h.handle.query('update stock set quantity = 0 where product_id = $1', [inKazan]);
    expect((await index.inStockScope(kazanId, load, at + IN_STOCK_MAX_AGE_MS - 1)).has(position)).toBe(true);
    expect(reads).toBe(1);
    // Stale: the old set answers at once while one fresh read runs behind it.
    const stale = index.inStockScope(kazanId, load, at + IN_STOCK_MAX_AGE_MS);
    const again = index.inStockScope(kazanId, load, at + IN_STOCK_MAX_AGE_MS + 1);
    expect((await stale).has(position)).toBe(true);
    expect((await again).has(position)).toBe(true);
    expect(reads).toBe(2);
    await vi.waitFor(async () => {
      expect((await index.inStockScope(kazanId, load, at + IN_STOCK_MAX_AGE_MS + 2)).has(position)).toBe(false);
    });
    expect(reads).toBe(2);
  });

  it('waits 20 times its last read before reading a set again, when that is longer than IN_STOCK_MAX_AGE_MS', async () => {
    const index = await CatalogIndex.build(h.handle);
    let reads = 0;
    // A read as slow as one city's at 1,000,000 products, scaled down: 1.6 s makes the wait 32 s.
    const slowLoad = async () => {
      reads++;
      await new Promise((resolve) => setTimeout(resolve, 1600));
      return [inKazan];
    };
    const at = 5_000_000;
    await index.inStockScope(kazanId, slowLoad, at);
    await index.inStockScope(kazanId, slowLoad, at + IN_STOCK_MAX_AGE_MS + 1);
    expect(reads).toBe(1);
    await index.inStockScope(kazanId, slowLoad, at + 40_000);
    expect(reads).toBe(2);
  });

  it("prepares the default city's set at start-up, so the first listing does not wait for the read", async () => {
    const holder = new CatalogIndexHolder(h.handle, createLogger('silent'), undefined, undefined, (index) =>
      prepareDefaultCityInStock(h.handle, index),
    );
    await holder.warmUp();
    const index = await holder.get();
    expect(index.keepsInStock()).toBe(true);
    const [moscow] = await h.handle.query<{ id: number }>(`select id from cities where alias = 'moskva'`);
    const load = vi.fn(() => Promise.resolve([] as number[]));
    await index.inStockScope(moscow!.id, load);
    expect(load).not.toHaveBeenCalled();
  });

  it("reads the default city's set into every rebuilt index before it is used, not only at start-up", async () => {
    const holder = new CatalogIndexHolder(h.handle, createLogger('silent'), undefined, undefined, (index) =>
      prepareDefaultCityInStock(h.handle, index),
    );
    await holder.warmUp();
    const first = await holder.get();
    // A background rebuild (a product changed, or the timer): the index it installs has the set already.
    await holder.refresh();
    const rebuilt = await holder.get();
    expect(rebuilt).not.toBe(first);
    expect(rebuilt.keepsInStock()).toBe(true);
    const [moscow] = await h.handle.query<{ id: number }>(`select id from cities where alias = 'moskva'`);
    const load = vi.fn(() => Promise.resolve([] as number[]));
    await rebuilt.inStockScope(moscow!.id, load);
    expect(load).not.toHaveBeenCalled();
  });

  it('patches a stock move into the index being built as well as the current one', async () => {
    const holder = new CatalogIndexHolder(h.handle, createLogger('silent'), undefined, undefined, (index) =>
      index.inStockScope(kazanId, () => Promise.resolve([inKazan])),
    );
    await holder.warmUp();
    const rebuilding = holder.refresh();
    // The move arrives while the rebuild runs (its set may have been read before the move).
    await holder.patchInStock([inKazan], () => Promise.resolve(new Map()));
    await rebuilding;
    const rebuilt = await holder.get();
    const position = rebuilt.positionsOf([inKazan])[0]!;
    const load = vi.fn(() => Promise.resolve([inKazan]));
    expect((await rebuilt.inStockScope(kazanId, load)).has(position)).toBe(false);
    expect(load).not.toHaveBeenCalled();
  });

  it('learns a stock change in place: a kept set at once, a set still being read once it is read', async () => {
    const index = await CatalogIndex.build(h.handle);
    const position = index.positionsOf([inKazan])[0]!;
    const kept = await index.inStockScope(kazanId, () => Promise.resolve([inKazan]));
    // Another city's read started before the change and answers the rows of before it.
    let answer!: (ids: number[]) => void;
    const reading = index.inStockScope(kazanId + 1, () => new Promise<number[]>((resolve) => (answer = resolve)));
    expect(index.keepsInStock()).toBe(true);

    expect(index.patchInStock([inKazan, 2_000_000_000], new Map())).toBe(1); // sold out everywhere
    await Promise.resolve();
    expect(kept.has(position)).toBe(false);
    answer([inKazan]);
    expect((await reading).has(position)).toBe(false);

    index.patchInStock([inKazan], new Map([[kazanId, new Set([inKazan])]])); // back in Казань only
    await Promise.resolve();
    expect(kept.has(position)).toBe(true);
    expect((await index.inStockScope(kazanId + 1, () => Promise.resolve([]))).has(position)).toBe(false);
    index.dropInStock();
    expect(index.keepsInStock()).toBe(false);
  });

  it('answers 422 for a value other than 1', async () => {
    const r = await listing(`/catalog/${category.code}/${category.id}`, '&filter[in_stock][]=2');
    expect(r.status).toBe(422);
    expect(r.body.errors?.['filter.in_stock']).toBeDefined();
  });
});
