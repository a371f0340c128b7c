// The flat catalogue index (decision 0053) against SQL on a catalogue made uneven on purpose: inactive
// products with tags and specifications, an active product without an offer, products without series
// or model, a list row whose value is another specification's, a value id no specification has, rows of
// a specification that is not a filter. Every scope, list value and range it answers is the SQL's.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createHarness, type Harness } from '../test/api-harness.ts';
import type { Bits } from './bits.ts';
import {
  CatalogIndex,
  IN_STOCK_FACET,
  sortedWithPauses,
  type FacetQuery,
  type IndexSelection,
} from './catalog-index.ts';
import { LISTED, noSelection, scopeMembers, sortedIds } from './index-test-queries.ts';

let h: Harness;
let index: CatalogIndex;
let oddPair: { specId: number; code: string; categoryId: number; valueId: number; productId: number };

const ids = (sql: string, params: unknown[] = []) => sortedIds(h, sql, params);

const members = (scope: Bits) => scopeMembers(index, scope);

beforeAll(async () => {
  h = await createHarness();
  const q = (sql: string, params: unknown[] = []) => h.handle.query(sql, params);
  // Inactive products keep their tags and specification rows; one active product loses its offer.
  await q('update products set status = 0 where id % 17 = 0');
  await q(
    'delete from product_offers where product_id = (select min(id) from products where status = 1 and id % 5 = 1)',
  );
  await q('update products set series_id = null, model_id = null where id % 11 = 0');
  await q(
    'insert into product_tags (tag_id, product_id) select t.id, p.id from tags t, products p where p.id % 13 = 0 on conflict do nothing',
  );
  // A list row pointing at a value of another specification, and one at a value nobody has.
  const [row] = await q(
    `select ps.product_id, ps.specification_id, s.code, s.category_id,
            (select v.id from specification_values v where v.specification_id <> ps.specification_id order by v.id limit 1) as other
       from product_specifications ps join specifications s on s.id = ps.specification_id
       join products p on p.id = ps.product_id join product_offers o on o.product_id = p.id
      where s.kind = 'list' and s.is_filter and s.category_id is not null and p.status = 1 and ps.value_id is not null
      order by ps.product_id, ps.specification_id limit 1`,
  );
  const odd = row as { product_id: number; specification_id: number; code: string; category_id: number; other: number };
  oddPair = {
    specId: odd.specification_id,
    code: odd.code,
    categoryId: odd.category_id,
    valueId: odd.other,
    productId: odd.product_id,
  };
  await q('update product_specifications set value_id = $1 where product_id = $2 and specification_id = $3', [
    odd.other,
    odd.product_id,
    odd.specification_id,
  ]);
  await q(
    `update product_specifications set value_id = 99999999
      where (product_id, specification_id) = (select ps.product_id, ps.specification_id from product_specifications ps
        join specifications s on s.id = ps.specification_id
       where s.kind = 'list' and s.is_filter and ps.value_id is not null and ps.product_id > $1
       order by ps.product_id limit 1)`,
    [odd.product_id],
  );
  await q(
    'update specifications set is_filter = false where id = (select min(id) from specifications where is_filter and id <> $1)',
    [odd.specification_id],
  );
  index = await CatalogIndex.build(h.handle);
});
afterAll(() => h.close());

describe('the flat catalogue index', () => {
  it('holds every listed product once, and nothing else', async () => {
    expect(members(index.everything())).toEqual(await ids(LISTED));
    expect(index.positionsOf(await ids('select id from products where status = 0')).length).toBe(0);
  });

  it('answers each category, brand, series, model and tag with the products SQL finds', async () => {
    const categories = await ids('select id from categories where status = 1');
    expect(categories.length).toBeGreaterThan(10);
    for (const id of categories) {
      const subtree = `with recursive t(id) as (select $1::int union all
        select c.id from categories c join t on c.parent_id = t.id where c.status = 1)`;
      expect({ id, products: members(index.categoryScope(id)) }).toEqual({
        id,
        products: await ids(`${subtree} ${LISTED} and p.category_id in (select id from t)`, [id]),
      });
    }
    const scopes = [
      ['brand', 'select id from brands', (id: number) => index.brandScope(id)],
      ['series_id', 'select id from series', (id: number) => index.seriesScope(id)],
      ['model_id', 'select id from models where id % 3 = 0', (id: number) => index.modelScope(id)],
    ] as const;
    for (const [column, list, scope] of scopes) {
      const keys = await ids(list);
      expect(keys.length).toBeGreaterThan(0);
      for (const id of keys) {
        expect({ column, id, products: members(scope(id)) }).toEqual({
          column,
          id,
          products: await ids(`${LISTED} and p.${column === 'brand' ? 'brand_id' : column} = $1`, [id]),
        });
      }
    }
    for (const id of await ids('select id from tags')) {
      expect({ tag: id, products: members(index.tagScope(id)) }).toEqual({
        tag: id,
        products: await ids(`${LISTED} and p.id in (select product_id from product_tags where tag_id = $1)`, [id]),
      });
    }
    // Keys nobody has: empty, never another key's list.
    for (const id of [0, -1, 1.5, 2 ** 31, 99999999]) {
      expect(members(index.brandScope(id))).toEqual([]);
      expect(members(index.tagScope(id))).toEqual([]);
    }
  });

  it('counts and filters every specification value and range as SQL does', async () => {
    const specs = await h.handle.query<{ id: number; code: string; kind: string; category_id: number }>(
      'select id, code, kind, category_id from specifications where is_filter and category_id is not null order by id',
    );
    let lists = 0;
    let ranges = 0;
    for (const spec of specs) {
      const categoryIds = index.descendantsOf(spec.category_id);
      const scope = index.categoryScope(spec.category_id);
      const facet = (selection: IndexSelection) =>
        index.query(
          { scope, facetCodes: [spec.code], selection, sort: 'price', offset: 0, limit: 10_000 },
          categoryIds,
        );
      const inCategory = `${LISTED} and p.category_id = any($1::int[])`;
      const rows = `select ps.product_id as id from product_specifications ps where ps.specification_id = ${spec.id}`;
      const plain = facet(noSelection()).facets.find((f) => f.code === spec.code);
      if (spec.kind === 'list') {
        for (const value of plain?.values ?? []) {
          lists++;
          const sql = await ids(`${inCategory} and p.id in (${rows} and ps.value_id = $2)`, [
            [...categoryIds],
            value.id,
          ]);
          expect({ spec: spec.code, value: value.id, count: value.count }).toEqual({
            spec: spec.code,
            value: value.id,
            count: sql.length,
          });
          const selection = noSelection();
          selection.list.set(spec.code, new Set([value.id]));
          expect(facet(selection).productIds.sort((a, b) => a - b)).toEqual(sql);
        }
      } else if (plain?.range) {
        ranges++;
        const [bounds] = await h.handle.query<{ min: number; max: number }>(
          `select min(ps.num_value) as min, max(ps.num_value) as max from product_specifications ps
            where ps.specification_id = ${spec.id} and ps.product_id in (${inCategory})`,
          [[...categoryIds]],
        );
        expect({ spec: spec.code, min: plain.range.min, max: plain.range.max }).toEqual({
          spec: spec.code,
          min: Number(bounds!.min),
          max: Number(bounds!.max),
        });
        const from = plain.range.min + (plain.range.max - plain.range.min) / 3;
        const selection = noSelection();
        selection.range.set(spec.code, { from, to: null });
        expect(facet(selection).productIds.sort((a, b) => a - b)).toEqual(
          await ids(`${inCategory} and p.id in (${rows} and ps.num_value >= $2)`, [[...categoryIds], from]),
        );
      }
    }
    expect(lists).toBeGreaterThan(20);
    expect(ranges).toBeGreaterThan(0);

    // The row whose value is another specification's: found by that value under the row's specification,
    // and not shown among that specification's values.
    const categoryIds = index.descendantsOf(oddPair.categoryId);
    const selection = noSelection();
    selection.list.set(oddPair.code, new Set([oddPair.valueId]));
    const found = index.query(
      {
        scope: index.categoryScope(oddPair.categoryId),
        facetCodes: [oddPair.code],
        selection,
        sort: 'price',
        offset: 0,
        limit: 100,
      },
      categoryIds,
    );
    expect(found.productIds).toEqual([oddPair.productId]);
    expect(found.facets[0]?.values.map((v) => v.id) ?? []).not.toContain(oddPair.valueId);
  });

  it('sorts by every column as SQL orders the same rows (ties by popularity, then id)', async () => {
    const discount = `case when coalesce(o.price_old, 0) > o.price
      then ((o.price_old - o.price)::float8 / o.price_old)::float4 else 0 end`;
    const orders = {
      '-popularity': 'p.position, p.id',
      price: 'o.price, p.position, p.id',
      '-price': 'o.price desc, p.position, p.id',
      '-rating': 'p.rating desc, p.position, p.id',
      '-novelty': 'p.created_at desc, p.id desc',
      '-discount': `${discount} desc, p.position, p.id`,
    } as const;
    for (const [sort, orderBy] of Object.entries(orders)) {
      const page = index.query(
        {
          scope: index.everything(),
          facetCodes: [],
          selection: noSelection(),
          sort: sort as keyof typeof orders,
          offset: 30,
          limit: 60,
        },
        new Set(),
      );
      const rows = await h.handle.query<{ id: number }>(`${LISTED} order by ${orderBy} limit 60 offset 30`);
      expect({ sort, ids: page.productIds }).toEqual({ sort, ids: rows.map((r) => Number(r.id)) });
    }
  });

  it('pages a small filtered result in every order as SQL does (found from its ranks, not by walking the order)', async () => {
    const orders = {
      '-popularity': 'p.position, p.id',
      price: 'o.price, p.position, p.id',
      '-price': 'o.price desc, p.position, p.id',
      '-rating': 'p.rating desc, p.position, p.id',
      '-novelty': 'p.created_at desc, p.id desc',
    } as const;
    // Categories and brands in them with a few products: a few among thousands.
    const small = await h.handle.query<{ category_id: number; brand_id: number | null }>(
      `select * from (${LISTED.replace('select p.id', 'select p.category_id, p.brand_id')}
          group by rollup (1, 2) having count(*) between 6 and 40) t where category_id is not null
        order by category_id, brand_id nulls first limit 12`,
    );
    expect(small.length).toBeGreaterThan(3);
    for (const { category_id: categoryId, brand_id: brandId } of small) {
      const selection = noSelection();
      if (brandId !== null) selection.list.set('brand', new Set([brandId]));
      for (const [sort, orderBy] of Object.entries(orders)) {
        const page = index.query(
          {
            scope: index.categoryScope(categoryId),
            facetCodes: [],
            selection,
            sort: sort as keyof typeof orders,
            offset: 3,
            limit: 4,
          },
          new Set([categoryId]),
        );
        const rows = await h.handle.query<{ id: number }>(
          `${LISTED} and p.category_id = $1 and ($2::int is null or p.brand_id = $2) order by ${orderBy} limit 4 offset 3`,
          [categoryId, brandId],
        );
        expect({ sort, categoryId, brandId, ids: page.productIds }).toEqual({
          sort,
          categoryId,
          brandId,
          ids: rows.map((r) => Number(r.id)),
        });
      }
    }
  });

  it('answers an empty page (nothing matches, or past the last) without walking the sort order', () => {
    const order = vi.spyOn(index as unknown as { order: (sort: string) => Int32Array }, 'order');
    try {
      const nothing = noSelection();
      nothing.list.set('brand', new Set([2 ** 30]));
      const ask = (selection: IndexSelection, offset: number) =>
        index.query(
          { scope: index.everything(), facetCodes: [], selection, sort: 'price', offset, limit: 24 },
          new Set(),
        );
      expect(ask(nothing, 0)).toMatchObject({ productIds: [], count: 0 });
      const past = ask(noSelection(), 10_000_000);
      expect(past.productIds).toEqual([]);
      expect(past.count).toBeGreaterThan(0);
      expect(order).not.toHaveBeenCalled();
    } finally {
      order.mockRestore();
    }
  });

  it("keeps a listing's result and counts for its key, dropped by a price or stock change", async () => {
    const [largest] = await h.handle.query<{ id: number }>(
      `${LISTED.replace('select p.id', 'select p.category_id as id')} group by 1 order by count(*) desc limit 1`,
    );
    const categoryId = largest!.id;
    const categoryIds = new Set([categoryId]);
    const scope = index.categoryScope(categoryId);
    const facetCodes = ['in_stock', 'price', 'brand', ...index.specFacetCodes(categoryId)];
    const plain = index.query(
      { scope, facetCodes, selection: noSelection(), sort: 'price', offset: 0, limit: 5 },
      categoryIds,
    );
    // Its own filter only: a facet counts over the page's products, as with no filter at all.
    const brand = plain.facets.find((f) => f.code === 'brand')!.values.find((v) => v.count > 1)!;
    const byBrand = noSelection();
    byBrand.list.set('brand', new Set([brand.id]));
    const brandOnly = index.query(
      { scope, facetCodes, selection: byBrand, sort: 'price', offset: 0, limit: 5 },
      categoryIds,
    );
    expect(brandOnly.facets.find((f) => f.code === 'brand')!.values.map(({ id, count }) => ({ id, count }))).toEqual(
      plain.facets.find((f) => f.code === 'brand')!.values.map(({ id, count }) => ({ id, count })),
    );
    expect(brandOnly.count).toBe(brand.count);

    const range = plain.facets.find((f) => f.code === 'price')!.range!;
    const selection = noSelection();
    selection.range.set('price', { from: range.min, to: Math.floor((range.min + range.max) / 2) });
    const inStock = await index.inStockScope(-1, async () => plain.productIds.concat(brandOnly.productIds));
    const ask = (cacheKey?: string, offset = 0) =>
      index.query(
        { scope, inStock, facetCodes, selection, sort: 'price', offset, limit: 5, ...(cacheKey ? { cacheKey } : {}) },
        categoryIds,
      );
    const computed = ask();
    const first = ask('k');
    const kept = ask('k');
    expect(kept.facets).toBe(first.facets); // the same objects: kept, not counted again
    expect(kept).toEqual(computed);
    expect(ask('k', 5).productIds).toEqual(ask(undefined, 5).productIds); // the page is the caller's

    // The cheapest product of the result leaves the price range: the kept counts are dropped.
    const cheapest = computed.productIds[0]!;
    const [offer] = await h.handle.query<{ price: number; price_old: number }>(
      'select price, coalesce(price_old, 0)::int as price_old from product_offers where product_id = $1',
      [cheapest],
    );
    index.patchPrices([{ id: cheapest, price: (range.max + 1) * 100, priceOld: 0 }]);
    try {
      const after = ask('k');
      expect(after.count).toBe(computed.count - 1);
      expect(after).toEqual(ask());
    } finally {
      index.patchPrices([{ id: cheapest, price: Number(offer!.price), priceOld: Number(offer!.price_old) }]);
    }
    expect(ask('k')).toEqual(computed);

    // A stock move patched into the city's set: the kept «В наличии» count is dropped too.
    const inStockCount = () => ask('k').facets.find((f) => f.code === 'in_stock')!.values[0]!.count;
    const before = inStockCount();
    expect(before).toBeGreaterThan(0);
    index.patchInStock([cheapest], new Map());
    await Promise.resolve();
    expect(inStockCount()).toBe(before - 1);
    index.dropInStock();
  });

  it('answers alike with its working bitsets reused, over many queries of other categories in turn (decision 0086)', async () => {
    const categories = (
      await h.handle.query<{ id: number }>(
        `${LISTED.replace('select p.id', 'select p.category_id as id')} group by 1 order by count(*) desc limit 4`,
      )
    ).map((r) => Number(r.id));
    expect(categories.length).toBe(4);
    const inStock = await index.inStockScope(-2, async () => (await ids(LISTED)).filter((id) => id % 3 === 0));
    const queries: [FacetQuery, Set<number>][] = [];
    for (const categoryId of categories) {
      const categoryIds = new Set([categoryId]);
      const scope = index.categoryScope(categoryId);
      const facetCodes = ['in_stock', 'price', 'brand', 'series', ...index.specFacetCodes(categoryId)];
      const plain = index.query(
        { scope, inStock, facetCodes, selection: noSelection(), sort: 'price', offset: 0, limit: 5 },
        categoryIds,
      );
      const brand = [...plain.facets.find((f) => f.code === 'brand')!.values].sort((a, b) => b.count - a.count)[0]!;
      const spec = plain.facets.find((f) => f.type === 'list' && !['brand', 'series', 'in_stock'].includes(f.code));
      const price = plain.facets.find((f) => f.code === 'price')!.range!;
      const priceRange = { from: price.min, to: Math.round(price.min + (price.max - price.min) * 0.7) };
      // Three filters (brand, a specification's two values, a price range), as the bench's listings.
      const three = noSelection();
      three.list.set('brand', new Set([brand.id]));
      if (spec) three.list.set(spec.code, new Set(spec.values.slice(0, 2).map((v) => v.id)));
      three.range.set('price', priceRange);
      queries.push([
        { scope, inStock, facetCodes, selection: three, sort: 'price', offset: 0, limit: 24 },
        categoryIds,
      ]);
      // «В наличии» chosen with the brand: the in-stock set copied into a working set.
      const stocked = noSelection();
      stocked.list.set('brand', new Set([brand.id]));
      stocked.list.set(IN_STOCK_FACET.code, new Set([IN_STOCK_FACET.valueId]));
      queries.push([
        { scope, inStock, facetCodes, selection: stocked, sort: '-price', offset: 0, limit: 24 },
        categoryIds,
      ]);
      // A brand's page narrowed to the category, with the category facet: the category narrowing and the
      // counted set are working sets too.
      const priced = noSelection();
      priced.range.set('price', priceRange);
      queries.push([
        {
          scope: index.brandScope(brand.id),
          categoryScope: scope,
          withCategoryCounts: true,
          inStock,
          facetCodes: ['in_stock', 'price', 'brand'],
          selection: priced,
          sort: '-popularity',
          offset: 0,
          limit: 24,
        },
        categoryIds,
      ]);
    }
    // Each answer with a new bitset per set (as before 0086), then with the sets reused, the queries asked
    // forwards and backwards in turn: a set left with another call's words would change a count or a page.
    index.reuseBits = false;
    const expected = queries.map(([q, categoryIds]) => index.query(q, categoryIds));
    index.reuseBits = true;
    for (let round = 0; round < 4; round++) {
      for (let n = 0; n < queries.length; n++) {
        const k = round % 2 === 0 ? n : queries.length - 1 - n;
        const [q, categoryIds] = queries[k]!;
        expect(index.query(q, categoryIds)).toEqual(expected[k]);
      }
    }
    // A cached answer keeps its result set: later calls do not take it as a working set.
    const [first, firstIds] = queries[0]!;
    expect(index.query({ ...first, cacheKey: 'reused' }, firstIds)).toEqual(expected[0]);
    for (const [q, categoryIds] of queries.slice(1)) index.query(q, categoryIds);
    const kept = index.query({ ...first, cacheKey: 'reused' }, firstIds);
    expect(kept.facets).toBe(index.query({ ...first, cacheKey: 'reused' }, firstIds).facets); // a cache hit
    expect(kept).toEqual(expected[0]);
    // Most of them find products (12 queries at 1,000 test products; an empty answer tests little).
    expect(expected.filter((answer) => answer.count > 0).length).toBeGreaterThanOrEqual(10);
    index.dropInStock();
  });

  it('lists similar products by nearest price, then popularity, then id, one per model', async () => {
    const [product] = await h.handle.query<{ id: number; category_id: number; price: number; model_id: number }>(
      `${LISTED.replace('select p.id', 'select p.id, p.category_id, o.price, coalesce(p.model_id, 0) as model_id')}
        and p.category_id = (select category_id from products where status = 1 group by 1 order by count(*) desc limit 1)
      order by p.id limit 1`,
    );
    const rows = await h.handle.query<{ id: number; model_id: number }>(
      `${LISTED.replace('select p.id', 'select p.id, coalesce(p.model_id, 0) as model_id')} and p.category_id = $1
        and p.id <> $2 order by abs(o.price - $3), p.position, p.id`,
      [product!.category_id, product!.id, product!.price],
    );
    const seen = new Set([Number(product!.model_id)].filter(Boolean));
    const expected: number[] = [];
    for (const row of rows) {
      const model = Number(row.model_id);
      if (model && seen.has(model)) continue;
      if (model) seen.add(model);
      if (expected.length < 8) expected.push(Number(row.id));
    }
    expect(expected.length).toBeGreaterThan(2);
    expect(index.relatedTo(product!.id, 'similar', 8)).toEqual(expected);
  });

  it('lists similar, looked-with and related products as SQL orders them, for products all over the catalogue', async () => {
    // relatedTo walks kept orders (a category by price, a subtree by popularity) instead of sorting per
    // call; SQL here is the plain reading of each rule.
    const sample = await h.handle.query<{
      id: number;
      category_id: number;
      brand_id: number;
      price: number;
      model_id: number;
      parent_id: number | null;
    }>(
      `select * from (
         select p.id, p.category_id, p.brand_id, o.price, coalesce(p.model_id, 0) as model_id, c.parent_id,
                row_number() over (order by p.id) as n
           from products p join product_offers o on o.product_id = p.id join categories c on c.id = p.category_id
          where p.status = 1) t
        where n % 11 = 1 order by id`,
    );
    expect(sample.length).toBeGreaterThan(20);
    const subtree = `with recursive sub(id) as (
        select id from categories where id = $1 and status = 1
        union all select c.id from categories c join sub on c.parent_id = sub.id where c.status = 1)`;
    const listed = `${LISTED.replace('select p.id', 'select p.id, coalesce(p.model_id, 0) as model_id')}`;
    const onePerModel = (rows: { id: number; model_id: number }[], self: (typeof sample)[number], limit: number) => {
      const seen = new Set([Number(self.model_id)].filter(Boolean));
      const out: number[] = [];
      for (const row of rows) {
        const model = Number(row.model_id);
        if (Number(row.id) === Number(self.id) || (model && seen.has(model))) continue;
        if (model) seen.add(model);
        if (out.length < limit) out.push(Number(row.id));
      }
      return out;
    };
    let filled = 0;
    for (const self of sample) {
      const similar = await h.handle.query<{ id: number; model_id: number }>(
        `${listed} and p.category_id = $1 order by abs(o.price - $2), p.position, p.id`,
        [self.category_id, self.price],
      );
      const lookedWith = await h.handle.query<{ id: number; model_id: number }>(
        `${subtree} ${listed} and p.category_id in (select id from sub) and p.brand_id <> $2 order by p.position, p.id`,
        [self.category_id, self.brand_id],
      );
      const related = await h.handle.query<{ id: number; model_id: number }>(
        self.parent_id === null
          ? `${listed} and p.brand_id = $2 and p.category_id <> $1 order by p.position, p.id`
          : `${subtree.replace('id = $1', 'id = $3')} ${listed} and p.category_id in (select id from sub)
               and p.brand_id = $2 and p.category_id <> $1 order by p.position, p.id`,
        self.parent_id === null ? [self.category_id, self.brand_id] : [self.category_id, self.brand_id, self.parent_id],
      );
      const expected = {
        similar: onePerModel(similar, self, 8),
        lookedWith: onePerModel(lookedWith, self, 8),
        related: onePerModel(related, self, 8),
      };
      if (expected.related.length > 0) filled++;
      expect({
        similar: index.relatedTo(Number(self.id), 'similar', 8),
        lookedWith: index.relatedTo(Number(self.id), 'looked-with', 8),
        related: index.relatedTo(Number(self.id), 'related', 8),
      }).toEqual(expected);
    }
    expect(filled).toBeGreaterThan(0);
  });

  it('keeps every sort right after a price change: the price sorts repaired, the same as a new build sorts', async () => {
    const patched = await CatalogIndex.build(h.handle);
    const sorts = ['-popularity', 'price', '-price', '-rating', '-novelty', '-discount'] as const;
    const page = (ix: CatalogIndex, sort: (typeof sorts)[number], offset: number, limit: number) =>
      ix.query({ scope: ix.everything(), facetCodes: [], selection: noSelection(), sort, offset, limit }, new Set())
        .productIds;
    // Whole orders (walked) and a page found from the ranks.
    const lists = (ix: CatalogIndex) =>
      sorts.map((sort) => ({ sort, all: page(ix, sort, 0, 100_000), page: page(ix, sort, 20, 30) }));
    const before = lists(patched);
    const listed = before[0]!.all;
    expect(listed.length).toBeGreaterThan(100);
    const priceOf = (id: number) => patched.priceOf(id)!;
    const [a, b, c, d, e] = [
      listed[0]!,
      listed[7]!,
      listed.at(-1)!,
      listed[Math.floor(listed.length / 2)]!,
      listed[3]!,
    ];
    const rows = [
      { id: b, price: 999_999_900, priceOld: 1_000_000_000 }, // to the dearest, a small discount
      { id: c, price: priceOf(d), priceOld: priceOf(d) * 2 }, // the same price as another: popularity decides
      { id: d, price: priceOf(d) + 1, priceOld: 0 },
      { id: e, price: priceOf(c), priceOld: priceOf(c) + 50_000 },
      { id: a, price: 100, priceOld: 0 }, // to the cheapest…
      { id: a, price: 150, priceOld: 300 }, // …and again in the same change: the last holds
      { id: 99_999_999, price: 100, priceOld: 0 }, // not in the index
    ];
    const offers = await h.handle.query<{ product_id: number; price: number; price_old: number | null }>(
      'select product_id, price, price_old from product_offers where product_id = any($1::int[])',
      [[a, b, c, d, e]],
    );
    expect(patched.patchPrices(rows)).toBe(6);
    try {
      for (const row of rows)
        await h.handle.query('update product_offers set price = $2, price_old = nullif($3, 0) where product_id = $1', [
          row.id,
          row.price,
          row.priceOld,
        ]);
      const after = lists(patched);
      expect(after).toEqual(lists(await CatalogIndex.build(h.handle)));
      // The change moved the price sorts and left the others as they were.
      for (const [k, { sort, all }] of after.entries()) {
        if (sort === 'price' || sort === '-price' || sort === '-discount') expect(all).not.toEqual(before[k]!.all);
        else expect(all).toEqual(before[k]!.all);
      }
    } finally {
      for (const o of offers)
        await h.handle.query('update product_offers set price = $2, price_old = $3 where product_id = $1', [
          o.product_id,
          o.price,
          o.price_old,
        ]);
    }
  });

  it('sorts in slices and merges them as one sort would, over several slices and ties broken by the second key', async () => {
    // More positions than one slice (SORT_RUN), a count that is not a power of two, many equal first keys.
    const n = 70_001;
    const key = Int32Array.from({ length: n }, (_, i) => (i * 7919) % 1013);
    const compare = (x: number, y: number) => key[x]! - key[y]! || y - x;
    const expected = Int32Array.from({ length: n }, (_, i) => i).sort(compare);
    expect(await sortedWithPauses(n, compare)).toEqual(expected);
    expect(await sortedWithPauses(0, compare)).toEqual(new Int32Array(0));
    expect(await sortedWithPauses(3, compare)).toEqual(Int32Array.from([0, 1, 2]).sort(compare));
  });
});
