// Facet counts against SQL: brand and series with a price range, then a listing with four filters
// (brand, a specification value, a range specification and the price) where every facet is counted
// without its own filter (decision 0062: one walk of the filtered sets, range filters tested only where
// they decide something, a range facet from its column ordered by value).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Listing } from '../schemas/catalog.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const count = async (where: string, params: unknown[]) => {
  const [row] = await h.handle.query<{ n: number }>(
    `select count(*)::int as n from products p join product_offers o on o.product_id = p.id
      where p.status = 1 and p.category_id = 224 and ${where}`,
    params,
  );
  return row!.n;
};

describe('brand and series facets', () => {
  it('count every value with the other selections applied, as SQL does', async () => {
    const [category] = await h.handle.query<{ code: string }>('select code from categories where id = 224');
    const base = `/api/v3/products/catalog/${category!.code}/224`;
    const first = (await h.json<Listing>(base)).body;
    const brands = first.filters.find((f) => f.code === 'brand')!.values;
    const brand = [...brands].sort((a, b) => b.count - a.count)[0]!;
    const price = first.filters.find((f) => f.code === 'price')!.range!;
    const from = Math.round(price.min + (price.max - price.min) * 0.1);
    const to = Math.round(price.min + (price.max - price.min) * 0.7);
    const { body } = await h.json<Listing>(
      `${base}?filter[brand][]=${brand.id}&filter[price][from][]=${from}&filter[price][to][]=${to}`,
    );
    const inRange = 'o.price between $1 and $2';
    const brandFacet = body.filters.find((f) => f.code === 'brand')!;
    // Every brand of the category is listed (a value with no product in range counts 0), in Russian order.
    expect(brandFacet.values.map((v) => v.id).sort()).toEqual(brands.map((v) => v.id).sort());
    const names = brandFacet.values.map((v) => v.name);
    expect(names).toEqual([...names].sort(new Intl.Collator('ru').compare));
    for (const value of brandFacet.values) {
      expect({ id: value.id, count: value.count }).toEqual({
        id: value.id,
        count: await count(`${inRange} and p.brand_id = $3`, [from * 100, to * 100, value.id]),
      });
    }
    const series = body.filters.find((f) => f.code === 'series')!;
    expect(series.values.length).toBeGreaterThan(0);
    for (const value of series.values) {
      expect({ id: value.id, count: value.count }).toEqual({
        id: value.id,
        count: await count(`${inRange} and p.brand_id = $3 and p.series_id = $4`, [
          from * 100,
          to * 100,
          brand.id,
          value.id,
        ]),
      });
    }
  });
});

describe('a listing with four filters (decision 0062)', () => {
  it('finds and counts every facet without its own filter as SQL does', async () => {
    const [category] = await h.handle.query<{ code: string }>('select code from categories where id = 224');
    const base = `/api/v3/products/catalog/${category!.code}/224`;
    const first = (await h.json<Listing>(base)).body;
    const brand = [...first.filters.find((f) => f.code === 'brand')!.values].sort((a, b) => b.count - a.count)[0]!;
    const price = first.filters.find((f) => f.code === 'price')!.range!;
    const rangeFacet = first.filters.find((f) => f.type === 'range' && f.code !== 'price')!;
    const specs = await h.handle.query<{ id: number; code: string; kind: string }>(
      'select id, code, kind from specifications where is_filter and category_id = 224',
    );
    const specId = (code: string) => specs.find((s) => s.code === code)!.id;
    // A specification and the value the brand's products have most that other brands have too (not the
    // phones' «ОС», which names its brand), so that the filters together keep some products and each
    // leaves out products of other brands and values.
    const byBrand = (await h.json<Listing>(`${base}?filter[brand][]=${brand.id}`)).body;
    let listFacet: Listing['filters'][number] | undefined;
    let value: Listing['filters'][number]['values'][number] | undefined;
    for (const candidate of byBrand.filters) {
      if (candidate.type !== 'list' || ['brand', 'series', 'in_stock'].includes(candidate.code)) continue;
      const top = [...candidate.values].sort((a, b) => b.count - a.count)[0]!;
      const withValue = (await h.json<Listing>(`${base}?filter[${candidate.code}][]=${top.id}`)).body;
      if (withValue.filters.find((f) => f.code === 'brand')!.values.filter((v) => v.count > 0).length > 1) {
        listFacet = candidate;
        value = top;
        break;
      }
    }
    if (!listFacet || !value) throw new Error('no specification value shared by several brands in category 224');
    // The range over the category's whole span (it leaves out products without the specification) and
    // prices a rouble inside the category's: they decide for products of other brands and values too,
    // which a «without one filter» set holds.
    const range = rangeFacet.range!;
    const prices = { min: price.min + 1, max: price.max - 1 };
    const { body } = await h.json<Listing>(
      `${base}?filter[brand][]=${brand.id}&filter[${listFacet.code}][]=${value.id}` +
        `&filter[${rangeFacet.code}][from][]=${range.min}&filter[${rangeFacet.code}][to][]=${range.max}` +
        `&filter[price][from][]=${prices.min}&filter[price][to][]=${prices.max}`,
    );

    // Each filter as SQL, and the products of the category every filter but `skip` keeps.
    const filters: Record<string, string> = {
      brand: `p.brand_id = ${brand.id}`,
      [listFacet.code]: `exists (select 1 from product_specifications ps where ps.product_id = p.id
        and ps.specification_id = ${specId(listFacet.code)} and ps.value_id = ${value.id})`,
      [rangeFacet.code]: `exists (select 1 from product_specifications ps where ps.product_id = p.id
        and ps.specification_id = ${specId(rangeFacet.code)} and ps.num_value between ${range.min} and ${range.max})`,
      price: `o.price between ${prices.min * 100} and ${prices.max * 100}`,
    };
    const kept = (skip: string | null) =>
      `select p.id from products p join product_offers o on o.product_id = p.id
        where p.status = 1 and p.category_id = 224 and ${Object.entries(filters)
          .filter(([code]) => code !== skip)
          .map(([, sql]) => sql)
          .join(' and ')}`;
    const one = async <T>(sql: string) => (await h.handle.query<T>(sql))[0]!;

    const { n } = await one<{ n: number }>(`select count(*)::int as n from (${kept(null)}) k`);
    expect(n).toBeGreaterThan(0);
    expect(body.count).toBe(n);

    let counted = 0;
    for (const facet of body.filters) {
      if (facet.code === 'in_stock') continue;
      const within = kept(facet.code in filters ? facet.code : null);
      if (facet.type === 'range') {
        const column =
          facet.code === 'price'
            ? 'o.price'
            : `(select ps.num_value from product_specifications ps where ps.product_id = p.id and ps.specification_id = ${specId(facet.code)})`;
        const bounds = await one<{ min: number; max: number }>(
          `select min(${column}) as min, max(${column}) as max from products p join product_offers o
            on o.product_id = p.id where p.id in (${within})`,
        );
        const expected =
          facet.code === 'price'
            ? { min: Math.floor(Number(bounds.min) / 100), max: Math.ceil(Number(bounds.max) / 100) }
            : { min: Number(bounds.min), max: Number(bounds.max) };
        expect({ code: facet.code, min: facet.range!.min, max: facet.range!.max }).toEqual({
          code: facet.code,
          ...expected,
        });
        continue;
      }
      for (const v of facet.values) {
        const has =
          facet.code === 'brand'
            ? `p.brand_id = ${v.id}`
            : facet.code === 'series'
              ? `p.series_id = ${v.id}`
              : `exists (select 1 from product_specifications ps where ps.product_id = p.id
                  and ps.specification_id = ${specId(facet.code)} and ps.value_id = ${v.id})`;
        const row = await one<{ n: number }>(
          `select count(*)::int as n from products p join product_offers o on o.product_id = p.id
            where p.id in (${within}) and ${has}`,
        );
        expect({ code: facet.code, id: v.id, count: v.count }).toEqual({ code: facet.code, id: v.id, count: row.n });
        counted++;
      }
    }
    // Brand and the chosen specification counted without their own filter, other values with all four:
    // other brands and values than the chosen ones are counted too.
    expect(body.filters.find((f) => f.code === 'brand')!.values.filter((v) => v.count > 0).length).toBeGreaterThan(1);
    expect(
      body.filters.find((f) => f.code === listFacet.code)!.values.filter((v) => v.count > 0).length,
    ).toBeGreaterThan(1);
    expect(counted).toBeGreaterThan(10);
  });
});
