// Brand and series facet counts, counted in one pass over the page's products, against SQL counts.
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
