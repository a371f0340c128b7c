import { servicesFitting } from '@store/domain';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProductCard } from '../schemas/catalog.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';

let h: Harness;
let phone: number;
beforeAll(async () => {
  h = await createHarness();
  const [row] = await h.handle.query<{ id: number }>(
    'select id from products where status = 1 and category_id = 224 order by position limit 1',
  );
  phone = row!.id;
});
afterAll(async () => {
  await h.close();
});

describe('accessories', () => {
  it('lists the accessory groups of a phone with their counts', async () => {
    const { status, body } = await h.json<{ id: number; name: string; accessory_count: number }[]>(
      `/api/v3/products/${phone}/accessory-groups`,
    );
    expect(status).toBe(200);
    expect(body.map((g) => g.name)).toEqual(expect.arrayContaining(['Чехлы для смартфонов', 'Зарядные устройства']));
    const [cases] = await h.handle.query<{ n: number }>(
      'select count(*)::int as n from products where category_id = 110 and status = 1',
    );
    expect(body.find((g) => g.id === 110)?.accessory_count).toBe(cases!.n);
  });

  it('pages accessories by headers, sorted by popularity or price, narrowed to chosen groups', async () => {
    const { body, headers } = await h.json<ProductCard[]>(`/api/v3/products/${phone}/accessories?per_page=5`);
    expect(body).toHaveLength(5);
    expect(Number(headers.get('x-pagination-page-count'))).toBe(
      Math.ceil(Number(headers.get('x-pagination-total-count')) / 5),
    );
    const cases = await h.json<ProductCard[]>(
      `/api/v3/products/${phone}/accessories?accessory_group_ids=110&sort=price&per_page=10`,
    );
    expect(cases.body.every((p) => p.category.id === 110)).toBe(true);
    const prices = cases.body.map((p) => p.offer.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    expect((await h.json(`/api/v3/products/${phone}/accessories?sort=name`)).status).toBe(422);
  });

  it('offers a fridge only the services that fit it, each once', async () => {
    const [fridge] = await h.handle.query<{ id: number }>(
      'select id from products where status = 1 and category_id = 401 order by position limit 1',
    );
    const misfits = await h.handle.query<{ name: string }>(
      'select name from products where status = 1 and category_id in (901, 902) and not (name = any($1::text[]))',
      [servicesFitting(401)],
    );
    // The catalogue holds services for other products (a TV wall mount, a smart speaker set-up …).
    expect(misfits.length).toBeGreaterThan(0);
    const { body } = await h.json<ProductCard[]>(`/api/v3/products/${fridge!.id}/accessories?per_page=50`);
    const services = body.filter((p) => p.category.id === 901 || p.category.id === 902);
    for (const s of services) expect(servicesFitting(401), s.name).toContain(s.name);
    expect(new Set(services.map((s) => s.name)).size).toBe(services.length);
    const groups = (await h.json<{ id: number }[]>(`/api/v3/products/${fridge!.id}/accessory-groups`)).body;
    expect(groups.map((g) => g.id)).not.toContain(902);
  });

  it('offers a bundle of the product and at most two accessories', async () => {
    const { body } = await h.json<{ title: string; products: ProductCard[]; total: number }>(
      `/api/v3/products/${phone}/accessory-bundle`,
    );
    expect(body.products[0]!.id).toBe(phone);
    expect(body.products).toHaveLength(3);
    expect(body.title).toBe('Комплект из 3\u00a0товаров');
    expect(body.total).toBe(body.products.reduce((s, p) => s + p.offer.price, 0));
  });

  it('answers 404 for a product without accessories or a missing one', async () => {
    const [lonely] = await h.handle.query<{ id: number }>(
      'select id from products where status = 1 and category_id = 110 limit 1',
    );
    expect((await h.json(`/api/v3/products/${lonely!.id}/accessory-bundle`)).status).toBe(404);
    expect((await h.json('/api/v3/products/99999999/accessories')).status).toBe(404);
  });

  it("lists a product's tags", async () => {
    const [tagged] = await h.handle.query<{ product_id: number }>(
      'select product_id from product_tags order by product_id limit 1',
    );
    const { body } = await h.json<{ alias: string; url: string }[]>(
      `/api/v2/products/${tagged!.product_id}/tag-synonyms`,
    );
    expect(body.length).toBeGreaterThan(0);
    expect(body[0]!.url).toBe(`/catalog/tag/${body[0]!.alias}`);
  });
});
