// A product added, hidden, shown, moved or changed is patched into a new catalogue index
// (CatalogIndex.withProducts, decision 0088) that answers every query as a fresh build on the database
// as it is now would: every category's listing with each sort, facets, a filtered listing, brand, series,
// model and tag pages, related products and the cities' «В наличии» sets. The old index keeps its answers.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { createLogger } from '../logger.ts';
import { applyCatalogChange } from './catalog-events.ts';
import {
  CatalogIndex,
  CatalogIndexHolder,
  type FacetQuery,
  type IndexSelection,
  type SortCode,
} from './catalog-index.ts';
import { noSelection } from './index-test-queries.ts';

let h: Harness;
const q = <T = Record<string, unknown>>(sql: string, params: unknown[] = []) => h.handle.query<T>(sql, params);
const SORTS: SortCode[] = ['-popularity', 'price', '-price', '-rating', '-novelty', '-discount'];
const CITY = 1;
const inStockIds = async () =>
  (await q<{ id: number }>('select distinct product_id as id from stock where quantity > 0 and store_id % 2 = 1')).map(
    (r) => Number(r.id),
  );

/** What a listing of `scope` answers with each sort, its facets, and one list and one range filter on. */
function listings(index: CatalogIndex, scopeOf: () => FacetQuery['scope'], categoryId: number | null, limit = 12) {
  const categoryIds = categoryId === null ? new Set<number>() : index.descendantsOf(categoryId);
  const facetCodes = ['price', 'brand', 'series', ...(categoryId === null ? [] : index.specFacetCodes(categoryId))];
  const ask = (sort: SortCode, selection: IndexSelection, offset = 0) => {
    const result = index.query(
      { scope: scopeOf(), facetCodes, selection, sort, offset, limit, withCategoryCounts: true },
      categoryIds,
    );
    return { ...result, categoryCounts: [...result.categoryCounts] };
  };
  const all = SORTS.map((sort) => ask(sort, noSelection()));
  const deep = ask('-popularity', noSelection(), limit);
  const list = all[0]!.facets.find((f) => f.type === 'list' && f.values.length > 1);
  const range = all[0]!.facets.find((f) => f.type === 'range' && f.range && f.range.max > f.range.min);
  const selection = noSelection();
  if (list) selection.list.set(list.code, new Set([list.values[0]!.id]));
  if (range?.range) selection.range.set(range.code, { from: (range.range.min + range.range.max) / 2, to: null });
  return { all, deep, filtered: ask('price', selection) };
}

/** What the answers are asked about: the catalogue's ids as they are when called. */
async function subjects() {
  const ids = (sql: string) => q<{ id: number }>(sql);
  return {
    categories: await ids('select id from categories where status = 1 order by id'),
    brands: await ids('select id from brands order by id'),
    series: await ids('select id from series order by id limit 20'),
    tags: await ids('select id from tags order by id'),
    models: await ids('select distinct model_id as id from products where model_id is not null order by 1 limit 20'),
    products: await ids('select id from products order by id'),
  };
}

/** Everything the tests compare: the same for two indexes that answer alike. */
async function answers(index: CatalogIndex, asked: Awaited<ReturnType<typeof subjects>>) {
  const { categories, brands, series, tags, models, products } = asked;
  const inStock = await index.inStockScope(CITY, inStockIds);
  return {
    size: index.size,
    everything: listings(index, () => index.everything(), null, 40),
    categories: categories.map(({ id }) => [id, listings(index, () => index.categoryScope(id), id)]),
    brands: brands.map(({ id }) => [id, listings(index, () => index.brandScope(id), null)]),
    series: series.map(({ id }) => [id, listings(index, () => index.seriesScope(id), null)]),
    models: models.map(({ id }) => [id, listings(index, () => index.modelScope(id), null)]),
    tags: tags.map(({ id }) => [id, listings(index, () => index.tagScope(id), null)]),
    inStock: listings(index, () => inStock.clone(), null, 40),
    prices: products.map(({ id }) => index.priceOf(id)),
    related: products
      .filter(({ id }) => id % 7 === 0)
      .map(({ id }) => (['similar', 'looked-with', 'related'] as const).map((kind) => index.relatedTo(id, kind, 8))),
  };
}

beforeAll(async () => {
  h = await createHarness();
  // Two products hidden before the first build: one is shown again below.
  await q('update products set status = 0 where id in (select id from products where id % 19 = 0 order by id limit 2)');
});
afterAll(() => h.close());

describe('a product change patched into the catalogue index', () => {
  it('answers as a fresh build after products are hidden, shown, moved, changed and added', async () => {
    const old = await CatalogIndex.build(h.handle);
    // The city's «В наличии» set is read before the change: the patched index keeps it, moved.
    await old.inStockScope(CITY, inStockIds);
    const before = await subjects();
    const oldAnswers = JSON.stringify(await answers(old, before));

    const pick = async (sql: string) => Number((await q<{ id: number }>(sql))[0]!.id);
    const hidden = await pick('select id from products where status = 1 and id % 5 = 0 order by id limit 1');
    const tagged = await pick(
      'select p.id from products p join product_tags t on t.product_id = p.id where p.status = 1 order by p.id limit 1',
    );
    const shown = await pick('select id from products where status = 0 order by id limit 1');
    const moved = await pick('select id from products where status = 1 and id % 3 = 0 order by id desc limit 1');
    const target = await pick(
      `select c.id from categories c where c.status = 1 and c.id <> (select category_id from products where id = ${moved})
        and not exists (select 1 from categories k where k.parent_id = c.id) order by c.id desc limit 1`,
    );
    const changed = await pick('select id from products where status = 1 and id % 4 = 1 order by id limit 1 offset 3');
    const source = await pick('select id from products where status = 1 and id % 6 = 2 order by id limit 1');
    const added = (await pick('select max(id) as id from products')) + 5;

    // The changed product's values before the change: a filter on one of them must no longer find it.
    const valuesOf = (id: number) =>
      q<{ code: string; value_id: number | null; num_value: number | null }>(
        `select s.code, ps.value_id, ps.num_value from product_specifications ps
           join specifications s on s.id = ps.specification_id
          where ps.product_id = $1 and s.is_filter order by s.id`,
        [id],
      );
    const oldValues = await valuesOf(changed);
    const changedCategory = await pick(`select category_id as id from products where id = ${changed}`);
    await q('update products set status = 0 where id in ($1, $2)', [hidden, tagged]);
    await q('update products set status = 1 where id = $1', [shown]);
    await q('update products set category_id = $2 where id = $1', [moved, target]);
    // Another brand, no series or model, a new rating and popularity, one list value and one number changed.
    await q(
      `update products set brand_id = (select max(id) from brands), series_id = null, model_id = null, rating = 47,
              position = 1 where id = $1`,
      [changed],
    );
    await q('update product_offers set price = 1234500, price_old = 2000000 where product_id = $1', [changed]);
    await q(
      `update product_specifications ps set value_id = coalesce((select max(v.id) from specification_values v
          where v.specification_id = ps.specification_id and v.id <> ps.value_id), ps.value_id)
        where ps.product_id = $1 and ps.value_id is not null`,
      [changed],
    );
    await q(
      'update product_specifications set num_value = num_value + 1 where product_id = $1 and num_value is not null',
      [changed],
    );
    await q('insert into product_tags (tag_id, product_id) select id, $1 from tags on conflict do nothing', [changed]);
    // A new product: a copy of another with its own id, offer, values and tags.
    await q(
      `insert into products (id, name, full_name, category_id, brand_id, series_id, model_id, position, rating, created_at)
       select $1, name || ' (новинка)', full_name || ' (новинка)', category_id, brand_id, series_id, model_id, 3, 50,
              now() from products where id = $2`,
      [added, source],
    );
    await q(
      'insert into product_offers (product_id, price, price_old) select $1, price - 100, price from product_offers where product_id = $2',
      [added, source],
    );
    await q(
      `insert into product_specifications (product_id, specification_id, value_id, num_value)
       select $1, specification_id, value_id, num_value from product_specifications where product_id = $2`,
      [added, source],
    );
    await q('insert into product_tags (tag_id, product_id) select tag_id, $1 from product_tags where product_id = $2', [
      added,
      source,
    ]);
    await q('insert into stock (product_id, store_id, quantity) values ($1, 1, 3)', [added]);

    const ids = [hidden, tagged, shown, moved, changed, added];
    const patched = await CatalogIndex.withProducts(old, h.handle, ids);
    const stock = new Map<number, Set<number>>([
      [CITY, new Set((await inStockIds()).filter((id) => ids.includes(id)))],
    ]);
    patched.patchInStock(ids, stock);
    const fresh = await CatalogIndex.build(h.handle);
    // A fresh build reads the city's set; the patched index must not need to (it kept the old one, moved).
    await fresh.inStockScope(CITY, inStockIds);
    const failing = () => Promise.reject(new Error('the patched index read «В наличии» again'));
    await patched.inStockScope(CITY, failing);

    const after = await subjects();
    expect(await answers(patched, after)).toEqual(await answers(fresh, after));
    expect(JSON.stringify(await answers(old, before))).toBe(oldAnswers);

    // Filtered by each of the changed product's old values: what a fresh build finds, and not that product.
    const categoryIds = fresh.descendantsOf(changedCategory);
    const newValues = JSON.stringify(await valuesOf(changed));
    const changedValues = oldValues.filter((value) => !newValues.includes(JSON.stringify(value)));
    expect(changedValues.length).toBeGreaterThan(0);
    for (const value of changedValues) {
      const selection = noSelection();
      if (value.value_id !== null) selection.list.set(value.code, new Set([Number(value.value_id)]));
      else selection.range.set(value.code, { from: Number(value.num_value), to: Number(value.num_value) });
      const ask = (index: CatalogIndex) =>
        index.query(
          {
            scope: index.categoryScope(changedCategory),
            facetCodes: ['price', 'brand', ...index.specFacetCodes(changedCategory)],
            selection,
            sort: 'price',
            offset: 0,
            limit: 10_000,
          },
          categoryIds,
        );
      const result = ask(patched);
      expect(result).toEqual(ask(fresh));
      expect(result.productIds).not.toContain(changed);
    }

    // And the change is really there: the new product is listed, the hidden ones are not, the moved one moved.
    expect(patched.positionsOf([added, shown]).length).toBe(2);
    expect(patched.positionsOf([hidden, tagged]).length).toBe(0);
    expect(old.positionsOf([hidden, tagged]).length).toBe(2);
    const inTarget = patched.query(
      {
        scope: patched.categoryScope(target),
        facetCodes: [],
        selection: noSelection(),
        sort: 'price',
        offset: 0,
        limit: 10_000,
      },
      new Set([target]),
    );
    expect(inTarget.productIds).toContain(moved);
    expect(patched.priceOf(changed)).toBe(1234500);
  });

  it('with nothing changed is the same index', async () => {
    const old = await CatalogIndex.build(h.handle);
    const same = await CatalogIndex.withProducts(old, h.handle, []);
    const asked = await subjects();
    expect(await answers(same, asked)).toEqual(await answers(old, asked));
  });

  it('the holder installs the patched index without a rebuild, and patches a build that was running too', async () => {
    const logged: string[] = [];
    // The holder's builds read through a gate: a build can be held after it read the products' columns.
    let gate: Promise<void> | null = null;
    let reachedGate = () => {};
    const gated = new Proxy(h.handle, {
      get(target, key, receiver) {
        if (key !== 'queryArrays') return Reflect.get(target, key, receiver) as unknown;
        return async (sql: string, params?: unknown[]) => {
          if (gate && sql.includes('select id, parent_id, path, name, code from categories')) {
            reachedGate();
            await gate;
          }
          return target.queryArrays(sql, params);
        };
      },
    });
    const holder = new CatalogIndexHolder(
      gated,
      createLogger('info', (line) => logged.push(line)),
    );
    await holder.warmUp();
    const built = holder.current()!;
    const builtSuggestions = holder.currentSuggestions()!;
    const [first, second] = (
      await q<{ id: number }>('select id from products where status = 1 and id % 3 = 2 order by id limit 2')
    ).map((r) => Number(r.id)) as [number, number];
    const noStock = async () => new Map<number, Set<number>>();

    await q('update products set status = 0 where id = $1', [first]);
    await holder.patchProducts(h.handle, [first], noStock);
    const patched = holder.current()!;
    expect(patched).not.toBe(built);
    // Patched, not built again: the build time is the first build's, and no build was logged since.
    expect(patched.builtAt).toBe(built.builtAt);
    expect(logged.filter((line) => line.includes('catalogue index built'))).toHaveLength(1);
    // The suggestion index too: a new one, not built again, that no longer suggests the product.
    expect(holder.currentSuggestions()).not.toBe(builtSuggestions);
    expect(logged.filter((line) => line.includes('suggestion index built'))).toHaveLength(1);
    const [name] = (await q<{ name: string }>('select name from products where id = $1', [first])).map((r) => r.name);
    const suggested = (index: NonNullable<ReturnType<typeof holder.currentSuggestions>>) =>
      index.productsBySimilarity(name!).map((p) => p.id);
    expect(suggested(builtSuggestions)).toContain(first);
    expect(suggested(holder.currentSuggestions()!)).not.toContain(first);
    expect(patched.positionsOf([first])).toHaveLength(0);
    expect(built.positionsOf([first])).toHaveLength(1);

    // A rebuild under way read the product before it was hidden and is installed after the patch: it is
    // patched once installed.
    let open = () => {};
    gate = new Promise((resolve) => (open = resolve));
    const atGate = new Promise<void>((resolve) => (reachedGate = resolve));
    const rebuilding = holder.refresh();
    await atGate;
    await q('update products set status = 0 where id = $1', [second]);
    await holder.patchProducts(h.handle, [second], noStock);
    expect(holder.current()!.positionsOf([second])).toHaveLength(0);
    gate = null;
    open();
    await rebuilding;
    await holder.patchesSettled();
    expect(holder.current()!.positionsOf([first, second])).toHaveLength(0);
    await q('update products set status = 1 where id in ($1, $2)', [first, second]);
    await holder.patchProducts(h.handle, [first, second], noStock);
    expect(holder.current()!.positionsOf([first, second])).toHaveLength(2);
  });

  it('a price patched while a product patch runs is in the index the patch installs', async () => {
    const holder = new CatalogIndexHolder(
      h.handle,
      createLogger('info', () => {}),
    );
    await holder.warmUp();
    const [hidden, priced] = (
      await q<{ id: number }>('select id from products where status = 1 and id % 3 = 1 order by id limit 2')
    ).map((r) => Number(r.id)) as [number, number];
    // The patch reads through a gate: held after it copied every product's columns (prices too).
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    let reachedGate = () => {};
    const atGate = new Promise<void>((resolve) => (reachedGate = resolve));
    const gated = new Proxy(h.handle, {
      get(target, key, receiver) {
        if (key !== 'queryArrays') return Reflect.get(target, key, receiver) as unknown;
        return async (sql: string, params?: unknown[]) => {
          if (sql.includes('from product_tags') && sql.includes('any(')) {
            reachedGate();
            await gate;
          }
          return target.queryArrays(sql, params);
        };
      },
    });
    await q('update products set status = 0 where id = $1', [hidden]);
    const patching = holder.patchProducts(gated, [hidden], async () => new Map());
    await atGate;
    holder.patchPrices([{ id: priced, price: 777_700, priceOld: 0 }]);
    open();
    await patching;
    expect(holder.current()!.positionsOf([hidden])).toHaveLength(0);
    expect(holder.current()!.priceOf(priced)).toBe(777_700);
    await q('update products set status = 1 where id = $1', [hidden]);
  });

  it('a change with a token is applied once, however often it arrives (the operator, then the notification)', async () => {
    const holder = new CatalogIndexHolder(
      h.handle,
      createLogger('info', () => {}),
    );
    await holder.warmUp();
    const patch = vi.spyOn(holder, 'patchProducts');
    const [id] = (await q<{ id: number }>('select id from products where status = 1 order by id limit 1')).map((r) =>
      Number(r.id),
    );
    const change = { kind: 'product' as const, ids: [id!], token: 'one-change' };
    await Promise.all([applyCatalogChange(h.handle, holder, change), applyCatalogChange(h.handle, holder, change)]);
    await applyCatalogChange(h.handle, holder, { ...change });
    expect(patch).toHaveBeenCalledTimes(1);
    await applyCatalogChange(h.handle, holder, { ...change, token: 'another-change' });
    await applyCatalogChange(h.handle, holder, { kind: 'product', ids: [id!] });
    expect(patch).toHaveBeenCalledTimes(3);
  });

  it('forgets the searches the catalogue index kept while the suggestion index was still the old one', async () => {
    const holder = new CatalogIndexHolder(
      h.handle,
      createLogger('info', () => {}),
    );
    await holder.warmUp();
    const [id] = (await q<{ id: number }>('select id from products where status = 1 order by id desc limit 1')).map(
      (r) => Number(r.id),
    );
    // The suggestion index's patch is held at its read until the catalogue's new index is in.
    let open = () => {};
    const gate = new Promise<void>((resolve) => (open = resolve));
    const gated = new Proxy(h.handle, {
      get(target, key, receiver) {
        const value = Reflect.get(target, key, receiver) as unknown;
        if (key !== 'query' && key !== 'queryArrays') return value;
        return async (sql: string, params?: unknown[]) => {
          if (sql.includes('lower(p.name)') && sql.includes('any(')) await gate;
          return (value as (sql: string, params?: unknown[]) => Promise<unknown>).call(target, sql, params);
        };
      },
    });
    const before = holder.current()!;
    const patching = holder.patchProducts(gated, [id!], async () => new Map());
    while (holder.current() === before) await new Promise((resolve) => setTimeout(resolve, 5));
    // A search now is answered from the old suggestions and kept by the new catalogue index.
    let asked = 0;
    const search = () => holder.current()!.searchPositions('kept text', async () => (asked++, [id!]));
    await search();
    await search();
    expect(asked).toBe(1);
    open();
    await patching;
    await search();
    expect(asked).toBe(2);
  });
});
