import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../http/errors.ts';
import type { Filter, Listing, MainPage, ProductCard, Suggestions } from '../schemas/catalog.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';

let h: Harness;
let fridges: { id: number; code: string };
let phones: { id: number; code: string };

const sqlCount = async (where: string, params: unknown[] = []) => {
  const [row] = await h.handle.query<{ n: number }>(
    `select count(*)::int as n from products p join product_offers o on o.product_id = p.id
      join categories c on c.id = p.category_id where p.status = 1 and ${where}`,
    params,
  );
  return row!.n;
};

beforeAll(async () => {
  h = await createHarness();
  const rows = await h.handle.query<{ id: number; code: string }>(
    'select id, code from categories where id in (224, 401)',
  );
  fridges = rows.find((r) => r.id === 401)!;
  phones = rows.find((r) => r.id === 224)!;
});
afterAll(async () => {
  await h.close();
});

const listing = (path: string) => h.json<Listing>(`/api/v3/products${path}`);

describe('category listing', () => {
  it('lists 24 products per page with the count, pagination headers, sort options and facets', async () => {
    const { status, body, headers } = await listing(`/catalog/${phones.code}/224`);
    expect(status).toBe(200);
    const total = await sqlCount('p.category_id = 224');
    expect(body.count).toBe(total);
    expect(body.products).toHaveLength(Math.min(24, total));
    expect(headers.get('x-pagination-total-count')).toBe(String(total));
    expect(body.page_count).toBe(Math.ceil(total / 24));
    expect(body.sort.find((s) => s.selected)?.code).toBe('-popularity');
    expect(body.filters.map((f) => f.code)).toEqual(expect.arrayContaining(['price', 'brand']));
    const card = body.products[0]!;
    expect(card.url).toBe(`/catalog/${phones.code}/224/${card.id}`);
    expect(card.offer.price).toBeGreaterThan(0);
  });

  it('counts each brand with the other selections applied, its own selection left out', async () => {
    const { body } = await listing(`/catalog/${phones.code}/224`);
    const brand = body.filters.find((f) => f.code === 'brand')!;
    // Each product has one brand, so with no selection the counts add up to the total.
    expect(brand.values.reduce((sum, v) => sum + v.count, 0)).toBe(body.count);
    const chosen = brand.values.find((v) => v.count > 1)!;
    const filtered = await listing(`/catalog/${phones.code}/224?filter[brand][]=${chosen.id}`);
    expect(filtered.body.count).toBe(chosen.count);
    expect(filtered.body.count).toBe(await sqlCount('p.category_id = 224 and p.brand_id = $1', [chosen.id]));
    const brandAfter = filtered.body.filters.find((f) => f.code === 'brand')!;
    expect(brandAfter.values.map((v) => v.count)).toEqual(brand.values.map((v) => v.count));
    expect(brandAfter.values.find((v) => v.id === chosen.id)?.selected).toBe(true);
    // The series sub-filter appears under the chosen brand.
    const series = filtered.body.filters.find((f) => f.code === 'series');
    expect(series?.parent_code).toBe('brand');
  });

  it('filters by a price range in rubles and a specification value, matching SQL', async () => {
    const { body } = await listing(`/catalog/${fridges.code}/401`);
    const noFrost = body.filters.find((f) => f.name === 'No Frost')!;
    const yes = noFrost.values.find((v) => v.name === 'Да')!;
    const from = 20000;
    const to = 80000;
    const { body: filtered } = await listing(
      `/catalog/${fridges.code}/401?filter[price][from][]=${from}&filter[price][to][]=${to}&filter[${noFrost.code}][]=${yes.id}`,
    );
    const expected = await sqlCount(
      `p.category_id = 401 and o.price between $1 and $2
        and exists (select 1 from product_specifications ps where ps.product_id = p.id and ps.value_id = $3)`,
      [from * 100, to * 100, yes.id],
    );
    expect(filtered.count).toBe(expected);
    expect(filtered.products.every((p) => p.offer.price >= from * 100 && p.offer.price <= to * 100)).toBe(true);
    const price = filtered.filters.find((f) => f.code === 'price')!;
    expect(price.range).toMatchObject({ from, to });
    // The No Frost counts are taken with the price range applied but without No Frost itself.
    const noFrostAfter = filtered.filters.find((f) => f.code === noFrost.code)!;
    const countWithPriceOnly = await sqlCount(
      `p.category_id = 401 and o.price between $1 and $2
        and exists (select 1 from product_specifications ps where ps.product_id = p.id and ps.value_id = $3)`,
      [from * 100, to * 100, yes.id],
    );
    expect(noFrostAfter.values.find((v) => v.id === yes.id)?.count).toBe(countWithPriceOnly);
  });

  it('sorts by price both ways and pages on', async () => {
    const asc = (await listing(`/catalog/${phones.code}/224?order_by=price`)).body.products.map((p) => p.offer.price);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await listing(`/catalog/${phones.code}/224?order_by=-price`)).body.products.map((p) => p.offer.price);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    const first = (await listing(`/catalog/${phones.code}/224`)).body.products.map((p) => p.id);
    const second = (await listing(`/catalog/${phones.code}/224/page-2`)).body;
    expect(second.page).toBe(2);
    expect(second.products.some((p) => first.includes(p.id))).toBe(false);
  });

  it('answers an empty page beyond the last one', async () => {
    const { status, body } = await listing(`/catalog/${phones.code}/224?page=999`);
    expect(status).toBe(200);
    expect(body.products).toEqual([]);
    expect(body.count).toBeGreaterThan(0);
  });

  it('shows subcategory chips with counts on a parent category', async () => {
    const { body } = await listing('/catalog/bytovaya-tehnika/400');
    expect(body.categories.map((c) => c.id)).toContain(401);
    expect(body.categories.find((c) => c.id === 401)?.count).toBe(await sqlCount('p.category_id = 401'));
  });

  it('rejects unknown filters, bad ranges and bad pages with field errors', async () => {
    const unknown = await h.json<ApiErrorBody>(`/api/v3/products/catalog/${phones.code}/224?filter[nonsense][]=1`);
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors['filter.nonsense']).toEqual(['Неизвестный фильтр']);
    const reversed = await h.json<ApiErrorBody>(
      `/api/v3/products/catalog/${phones.code}/224?filter[price][from][]=5000&filter[price][to][]=100`,
    );
    expect(reversed.status).toBe(422);
    expect(Object.keys(reversed.body.errors)).toEqual(['filter.price']);
    const notNumber = await h.json<ApiErrorBody>(
      `/api/v3/products/catalog/${phones.code}/224?filter[price][from][]=abc`,
    );
    expect(notNumber.status).toBe(422);
    expect((await h.json(`/api/v3/products/catalog/${phones.code}/224?page=0`)).status).toBe(422);
    expect((await h.json(`/api/v3/products/catalog/${phones.code}/224?filter[brand][from][]=1`)).status).toBe(422);
  });

  it('answers 404 for a missing category or a path that is no listing', async () => {
    expect((await h.json('/api/v3/products/catalog/x/999999')).status).toBe(404);
    expect((await h.json('/api/v3/products/shops')).status).toBe(404);
  });
});

describe('other listings', () => {
  it('lists a brand with its category facet', async () => {
    const [brand] = await h.handle.query<{ id: number; code: string }>(
      'select b.id, b.code from brands b join products p on p.brand_id = b.id group by b.id order by count(*) desc limit 1',
    );
    const { body } = await listing(`/catalog/brand/${brand!.code}`);
    expect(body.count).toBe(await sqlCount('p.brand_id = $1', [brand!.id]));
    expect(body.categories.length).toBeGreaterThan(0);
    expect(body.categories.reduce((s, c) => s + c.count, 0)).toBeLessThanOrEqual(body.count);
    for (const category of body.categories.slice(0, 3)) {
      expect(category.count).toBe(await sqlCount('p.brand_id = $1 and p.category_id = $2', [brand!.id, category.id]));
      expect(category.url).toMatch(new RegExp(`^/catalog/brand/${brand!.code}/[a-z0-9-]+/${category.id}$`));
    }
  });

  it('lists a tag, and a series within its category', async () => {
    const tag = await listing('/catalog/tag/novinki');
    expect(tag.status).toBe(200);
    expect(tag.body.count).toBeGreaterThan(0);
    const [series] = await h.handle.query<{ code: string; brand_code: string; n: number }>(
      `select s.code, b.code as brand_code, count(*)::int as n from series s join brands b on b.id = s.brand_id
         join products p on p.series_id = s.id and p.status = 1 where s.category_id = 224
        group by s.code, b.code order by n desc limit 1`,
    );
    const { body } = await listing(`/catalog/${phones.code}/224/${series!.brand_code}/${series!.code}`);
    expect(body.count).toBe(series!.n);
  });
});

describe('search', () => {
  it('finds fridges by a Russian word form, a partial word and a typo', async () => {
    for (const q of ['холодильники', 'холодил', 'холодильнк']) {
      const { status, body } = await listing(`/search?q=${encodeURIComponent(q)}`);
      expect(status, q).toBe(200);
      expect(body.count, q).toBeGreaterThan(0);
      expect(body.products[0]!.category.id, q).toBe(401);
      expect(body.categories[0]?.id, q).toBe(401);
      expect(body.sort.find((s) => s.selected)?.code).toBe('-relevance');
    }
  });

  it('narrows to a category while the category facet still shows the others', async () => {
    const all = (await listing(`/search?q=${encodeURIComponent('samsung')}`)).body;
    expect(all.categories.length).toBeGreaterThan(1);
    const narrowed = (await listing(`/search/${phones.code}/224?q=samsung`)).body;
    expect(narrowed.products.every((p) => p.category.id === 224)).toBe(true);
    expect(narrowed.categories.length).toBe(all.categories.length);
  });

  it('answers nothing found with an empty list, and refuses an over-long query', async () => {
    const { body } = await listing('/search?q=zzqxwv');
    expect(body.count).toBe(0);
    const long = await h.json<ApiErrorBody>(`/api/v3/products/search?q=${'a'.repeat(201)}`);
    expect(long.status).toBe(422);
    expect(long.body.errors.q).toEqual(['Пожалуйста, введите не больше 200 символов.']);
  });
});

describe('products, filters, tags, suggestions, main page', () => {
  it('returns products by ids in the order asked for', async () => {
    const ids = (
      await h.handle.query<{ id: number }>('select id from products where status = 1 order by id limit 3')
    ).map((r) => r.id);
    const order = [ids[2]!, ids[0]!, ids[1]!];
    const { body } = await h.json<ProductCard[]>(`/api/v3/products?product_ids=${order.join(',')}`);
    expect(body.map((p) => p.id)).toEqual(order);
    expect(body[0]!.specifications).toBeUndefined();
    const expanded = await h.json<ProductCard[]>(`/api/v3/products?product_ids=${order[0]}&expand=specifications`);
    expect(expanded.body[0]!.specifications!.length).toBeGreaterThan(expanded.body[0]!.specifications_short.length);
    expect(expanded.body[0]!.specifications![0]).toMatchObject({
      name: expect.any(String),
      group_name: expect.any(String),
    });
  });

  it("returns a category's filters with counts", async () => {
    const { status, body } = await h.json<Filter[]>('/api/v3/products/filters?category_id=401');
    expect(status).toBe(200);
    expect(body.map((f) => f.name)).toEqual(expect.arrayContaining(['Цена', 'Бренд', 'No Frost', 'Общий объём']));
    expect((await h.json('/api/v3/products/filters?category_id=999999')).status).toBe(404);
  });

  it('lists tagged products, at most per_page', async () => {
    const { body } = await h.json<ProductCard[]>('/api/v2/products?tag_aliases=novinki,hity-prodazh&per_page=7');
    expect(body.length).toBeGreaterThan(0);
    expect(body.length).toBeLessThanOrEqual(7);
    expect((await h.json('/api/v2/products?tag_aliases=<b>')).status).toBe(422);
  });

  it('suggests brands, categories, products and series', async () => {
    const brands = (await h.json<Suggestions>('/api/v3/search/suggestions?query=sams')).body;
    expect(brands.brands.map((b) => b.name)).toContain('Samsung');
    const cats = (await h.json<Suggestions>(`/api/v3/search/suggestions?query=${encodeURIComponent('холодил')}`)).body;
    expect(cats.categories.map((c) => c.name)).toContain('Холодильники');
    expect(cats.products.length).toBeGreaterThan(0);
    const none = (await h.json<Suggestions>('/api/v3/search/suggestions?query=zzqxwv')).body;
    expect(none).toEqual({ brands: [], categories: [], products: [], series: [] });
  });

  it('offers placeholders', async () => {
    const { body } = await h.json<string[]>('/api/v3/search/placeholders');
    expect(body.length).toBeGreaterThan(2);
  });

  it('assembles the home page with a product of the day that ends in the future', async () => {
    const { body } = await h.json<MainPage>('/api/v3/main-page/get-data?page_id=5');
    expect(body.mainSlider.length).toBeGreaterThan(0);
    expect(body.brands.length).toBeGreaterThan(0);
    expect(body.productOfDay).not.toBeNull();
    expect(new Date(body.productOfDay!.ends_at).getTime()).toBeGreaterThan(Date.now());
    expect(body.productOfDay!.product.offer.price_old).toBeGreaterThan(body.productOfDay!.product.offer.price);
    expect(body.recommendations.length).toBeGreaterThan(0);
    expect(body.blocks.map((b) => b.title)).toEqual(['Хиты продаж', 'Новинки', 'Выгодно']);
    expect((await h.json('/api/v3/main-page/get-data?page_id=6')).status).toBe(404);
  });

  it("answers a row's first cards whole and the rest by id with first_cards (decision 0065)", async () => {
    const whole = (await h.json<MainPage>('/api/v3/main-page/get-data?page_id=5')).body;
    const first = (await h.json<MainPage>('/api/v3/main-page/get-data?page_id=5&first_cards=6')).body;
    expect(whole.recommendations.length).toBeGreaterThan(6);
    expect(whole.recommendations_more_ids).toBeUndefined();
    expect(first.recommendations).toEqual(whole.recommendations.slice(0, 6));
    expect(first.recommendations_more_ids).toEqual(whole.recommendations.slice(6).map((p) => p.id));
    expect(first.blocks.map((b) => b.code)).toEqual(whole.blocks.map((b) => b.code));
    whole.blocks.forEach((block, i) => {
      expect(first.blocks[i]!.products).toEqual(block.products.slice(0, 6));
      expect(first.blocks[i]!.more_ids).toEqual(block.products.slice(6).map((p) => p.id));
    });
    expect(first.productOfDay).toEqual(whole.productOfDay);
    for (const bad of ['0', '51', 'x']) {
      expect((await h.json(`/api/v3/main-page/get-data?page_id=5&first_cards=${bad}`)).status).toBe(422);
    }
  });

  it('lists the brands and the series of a category', async () => {
    const brands = await h.json<{ code: string; count: number; url: string }[]>('/api/v2/categories/224/brand-tag');
    expect(brands.body.reduce((s, b) => s + b.count, 0)).toBe(await sqlCount('p.category_id = 224'));
    const series = await h.json<{ url: string }[]>('/api/v2/categories/224/series?per_page=5');
    expect(series.body.length).toBeLessThanOrEqual(5);
    expect(Number(series.headers.get('x-pagination-total-count'))).toBeGreaterThan(0);
  });
});

describe('one product', () => {
  it('answers the product in full with grouped specifications, images and offer details', async () => {
    const [row] = await h.handle.query<{ id: number; name: string }>(
      'select id, name from products where status = 1 and category_id = 401 order by id limit 1',
    );
    for (const version of ['v3', 'v2']) {
      const { status, body } = await h.json<{
        id: number;
        name: string;
        status: number;
        images: string[];
        specifications: { group_name: string; items: { name: string }[] }[];
        offer: { price: number; has_credit: boolean };
        category: { id: number; path: number[] };
      }>(`/api/${version}/products/${row!.id}?city_id=1`);
      expect(status).toBe(200);
      expect(body.name).toBe(row!.name);
      expect(body.images.length).toBeGreaterThan(0);
      expect(body.category.path.at(-1)).toBe(401);
      const names = body.specifications.flatMap((g) => g.items.map((i) => i.name));
      expect(names).toEqual(expect.arrayContaining(['Общий объём', 'No Frost']));
      expect(new Set(body.specifications.map((g) => g.group_name)).size).toBe(body.specifications.length);
    }
  });

  it('answers 404 for an inactive, a missing or a malformed product id', async () => {
    const [inactive] = await h.handle.query<{ id: number }>('select id from products where status <> 1 limit 1');
    if (inactive) {
      const { status, body } = await h.json<ApiErrorBody>(`/api/v3/products/${inactive.id}`);
      expect(status).toBe(404);
      expect(body.message).toBe('Страница не найдена');
    }
    expect((await h.json('/api/v3/products/99999999')).status).toBe(404);
    expect((await h.json('/api/v3/products/0')).status).toBe(422);
  });
});

describe('related products', () => {
  it('answers similar, looked-with and related lists by their rules', async () => {
    const [p] = await h.handle.query<{ id: number; brand_id: number; category_id: number }>(
      'select id, brand_id, category_id from products where status = 1 and category_id = 224 order by position limit 1',
    );
    const similar = (await h.json<ProductCard[]>(`/api/v2/products/${p!.id}/similars`)).body;
    expect(similar.length).toBeGreaterThan(0);
    expect(similar.length).toBeLessThanOrEqual(20);
    expect(similar.every((c) => c.category.id === 224 && c.id !== p!.id)).toBe(true);
    const lookedWith = (await h.json<ProductCard[]>(`/api/v2/products/${p!.id}/looked-with`)).body;
    expect(lookedWith.every((c) => c.brand.id !== p!.brand_id && c.category.id === 224)).toBe(true);
    const related = (await h.json<ProductCard[]>(`/api/v2/products/${p!.id}/get-related?limit=5`)).body;
    expect(related.length).toBeLessThanOrEqual(5);
    expect(related.every((c) => c.brand.id === p!.brand_id && c.category.id !== 224)).toBe(true);
    expect((await h.json(`/api/v2/products/99999999/get-similar`)).status).toBe(404);
  });

  it("never repeats a model in a list nor shows the product's own model", async () => {
    // A model sold in several colours or variants: its products share a price, so «Похожие» used to
    // show them side by side.
    const [p] = await h.handle.query<{ id: number; model_id: number }>(
      `select min(id) as id, model_id from products where status = 1 and model_id is not null
       group by model_id having count(*) > 1 order by count(*) desc limit 1`,
    );
    expect(p).toBeDefined();
    for (const path of ['similars', 'looked-with', 'get-related']) {
      const cards = (await h.json<ProductCard[]>(`/api/v2/products/${p!.id}/${path}?limit=20`)).body;
      if (cards.length === 0) continue;
      const rows = await h.handle.query<{ id: number; model_id: number }>(
        'select id, model_id from products where id = any($1::int[])',
        [cards.map((c) => c.id)],
      );
      const models = rows.map((r) => r.model_id);
      expect(new Set(models).size, path).toBe(models.length);
      expect(models, path).not.toContain(p!.model_id);
      expect(new Set(cards.map((c) => c.name)).size, path).toBe(cards.length);
    }
  });
});
