import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '@store/api-client';
import type { ApiErrorBody } from '../http/errors.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

interface Variation {
  delivery_type_id: number;
  group: string;
  datetime: string;
  delivery_cost: number;
  payment_type_ids: number[];
  client_city_id: number;
  has_preorder_product: boolean;
}
interface VariationsOrders {
  city_id: number;
  order_type_id: number;
  sum: number;
  has_preorder_product: boolean;
  products: { id: number; qty: number; price: number; marketplace_supplier_id: number | null }[];
  variations: Partial<Variation>[];
}

/** An ordinary product in stock in Moscow's multicenters, with its price. */
async function stockedProduct() {
  const [row] = await h.handle.query<{ id: number; price: number }>(
    `select p.id, o.price from products p join product_offers o on o.product_id = p.id
      where p.status = 1 and o.available and not p.is_pre_order and o.order_type = 'false'
        and exists (select 1 from stock st join stores s on s.id = st.store_id
                     where st.product_id = p.id and st.quantity > 2 and s.city_id = 1)
      order by p.id limit 1`,
  );
  return row!;
}

const variationsPath = (lines: Record<string, string | number>[], extra = '') =>
  `/api/variations_orders?${lines
    .flatMap((line, i) => Object.entries(line).map(([k, v]) => `products[${i}][${k}]=${v}`))
    .join('&')}${extra}`;

describe('GET /v2/delivery/list', () => {
  it('answers the options of a product in a city, and 4xx for bad input', async () => {
    const p = await stockedProduct();
    const { status, body } = await h.json<{ delivery_type_id: number; client_city_id: number }[]>(
      `/api/v2/delivery/list?product_id=${p.id}&city_id=2`,
    );
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(1);
    expect(body.every((o) => o.client_city_id === 2)).toBe(true);
    // The seller's own deliveries are not offered for the store's goods.
    expect(body.map((o) => o.delivery_type_id)).not.toContain(46);
    expect((await h.json(`/api/v2/delivery/list?product_id=${p.id}&city_id=999999`)).status).toBe(422);
    expect((await h.json('/api/v2/delivery/list?product_id=99999999')).status).toBe(404);
    expect((await h.json('/api/v2/delivery/list')).status).toBe(422);
  });
});

describe('GET /variations_orders', () => {
  it('answers the order variations of a product with quantity 1, priced by the store', async () => {
    const p = await stockedProduct();
    const { status, body } = await h.json<VariationsOrders>(
      variationsPath([{ id: p.id, qty: 1, price: 1 }], '&city_id=1'),
    );
    expect(status).toBe(200);
    expect(body).toMatchObject({ city_id: 1, order_type_id: 1, sum: p.price, has_preorder_product: false });
    expect(body.products).toEqual([{ id: p.id, qty: 1, price: p.price, marketplace_supplier_id: null }]);
    const groups = new Set(body.variations.map((v) => v.group));
    for (const group of ['courier', 'multicenter', 'pickup-point']) expect(groups).toContain(group);
    const [city] = await h.handle.query<{ payment_type_ids: number[] }>(
      'select payment_type_ids from cities where id = 1',
    );
    for (const v of body.variations) {
      expect(v.payment_type_ids!.length).toBeGreaterThan(0);
      expect(v.payment_type_ids!.every((id) => city!.payment_type_ids.includes(id))).toBe(true);
    }
  });

  it('agrees with /v2/delivery/list on the ways, dates and costs', async () => {
    const p = await stockedProduct();
    const list = await h.json<Variation[]>(`/api/v2/delivery/list?product_id=${p.id}&city_id=1&qty=2`);
    const orders = await h.json<VariationsOrders>(variationsPath([{ id: p.id, qty: 2 }], '&city_id=1'));
    const key = (v: Partial<Variation>) => `${v.delivery_type_id} ${v.delivery_cost} ${v.datetime?.slice(0, 13)}`;
    expect(orders.body.variations.map(key)).toEqual(list.body.map(key));
  });

  it('adds up the lines, and picks the fields asked for', async () => {
    const [a, b] = await h.handle.query<{ id: number; price: number }>(
      `select p.id, o.price from products p join product_offers o on o.product_id = p.id
        where p.status = 1 and o.available and not p.is_pre_order and o.order_type = 'false' order by p.id limit 2`,
    );
    const { status, body } = await h.json<VariationsOrders>(
      variationsPath([{ id: a!.id, qty: 3 }, { id: b!.id }], '&fields=delivery_type_id,delivery_cost'),
    );
    expect(status).toBe(200);
    expect(body.sum).toBe(a!.price * 3 + b!.price);
    expect(body.products.map((l) => l.qty)).toEqual([3, 1]);
    expect(body.variations.length).toBeGreaterThan(0);
    for (const v of body.variations) expect(Object.keys(v).sort()).toEqual(['delivery_cost', 'delivery_type_id']);
  });

  it('treats a preorder as one and delays its ways', async () => {
    const p = await stockedProduct();
    const { body } = await h.json<VariationsOrders>(variationsPath([{ id: p.id }], '&order_type_id=2'));
    expect(body).toMatchObject({ order_type_id: 2, has_preorder_product: true });
    expect(body.variations.map((v) => v.group)).not.toContain('express');
    const soonest = Math.min(...body.variations.map((v) => Date.parse(v.datetime!)));
    expect(soonest - Date.now()).toBeGreaterThan(9 * 86_400_000);
  });

  it('carries a seller’s line with the seller only, at the seller’s price', async () => {
    const [offer] = await h.handle.query<{ product_id: number; supplier_id: number; price: number }>(
      `select so.product_id, so.supplier_id, so.price from supplier_offers so join products p on p.id = so.product_id
        join categories c on c.id = p.category_id and c.status = 1
        where p.status = 1 and so.qty >= 1 order by so.product_id limit 1`,
    );
    const { status, body } = await h.json<VariationsOrders>(
      variationsPath([{ id: offer!.product_id, marketplace_supplier_id: offer!.supplier_id }]),
    );
    expect(status).toBe(200);
    expect(body.sum).toBe(offer!.price);
    expect(body.variations.map((v) => v.delivery_type_id)).toEqual([46, 52]);

    const mixed = await h.json<ApiErrorBody>(
      variationsPath([
        { id: offer!.product_id, marketplace_supplier_id: offer!.supplier_id },
        { id: (await stockedProduct()).id },
      ]),
    );
    expect(mixed.status).toBe(422);
    expect(mixed.body.errors.products).toEqual(['Товары разных продавцов оформляются отдельными заказами']);
    const wrongSeller = await h.json<ApiErrorBody>(
      variationsPath([{ id: offer!.product_id, marketplace_supplier_id: 999 }]),
    );
    expect(wrongSeller.status).toBe(422);
    expect(Object.keys(wrongSeller.body.errors)).toEqual(['products.0.marketplace_supplier_id']);
  });

  it('has no ways in a city without delivery types', async () => {
    const p = await stockedProduct();
    const [city] = await h.handle.query<{ id: number }>(
      'select id from cities where cardinality(delivery_type_ids) = 0 order by id limit 1',
    );
    const { status, body } = await h.json<VariationsOrders>(variationsPath([{ id: p.id }], `&city_id=${city!.id}`));
    expect(status).toBe(200);
    expect(body.variations).toEqual([]);
  });

  it('answers 422 with field errors for bad input', async () => {
    const p = await stockedProduct();
    const cases: [string, string[]][] = [
      ['/api/variations_orders', ['products']],
      [variationsPath([{ id: 'abc' }]), ['products.0.id']],
      [
        variationsPath([
          { id: p.id, qty: 0 },
          { id: p.id, qty: 100 },
        ]),
        ['products.0.qty', 'products.1.qty'],
      ],
      [variationsPath([{ id: p.id, price: -5 }]), ['products.0.price']],
      [variationsPath([{ id: p.id, colour: 'red' }]), ['products.0.colour']],
      [`/api/variations_orders?products[0][id]=${p.id}&products[0][id]=${p.id}`, ['products.0.id']],
      [`/api/variations_orders?products[x][id]=${p.id}`, ['products']],
      [`/api/variations_orders?products=${p.id}`, ['products']],
      [`/api/variations_orders?products[50][id]=${p.id}`, ['products']],
      [variationsPath([{ id: p.id }], '&order_type_id=7'), ['order_type_id']],
      [variationsPath([{ id: p.id }], '&fields=delivery_type_id,secret'), ['fields.1']],
      [variationsPath([{ id: p.id }], '&city_id=999999'), ['city_id']],
    ];
    for (const [path, fields] of cases) {
      const { status, body } = await h.json<ApiErrorBody>(path);
      expect(status, path).toBe(422);
      expect(Object.keys(body.errors).sort(), path).toEqual(fields);
    }
  });

  it('is what the typed client sends and reads', async () => {
    const p = await stockedProduct();
    const client = createApiClient({
      baseUrl: 'http://store.test',
      fetch: (request) => {
        const url = new URL(request.url);
        return h.call(url.pathname + url.search, { headers: request.headers });
      },
    });
    const answer = await client.delivery.variations([{ id: p.id, qty: 1, price: p.price }], { city_id: 1 });
    expect(answer.products).toEqual([{ id: p.id, qty: 1, price: p.price, marketplace_supplier_id: null }]);
    const list = await client.delivery.list(p.id, { city_id: 1 });
    expect(answer.variations.map((v) => v.delivery_type_id)).toEqual(list.map((o) => o.delivery_type_id));
  });

  it('answers 404 naming the line of an unknown or inactive product', async () => {
    const p = await stockedProduct();
    const [inactive] = await h.handle.query<{ id: number }>('select id from products where status <> 1 limit 1');
    const { status, body } = await h.json<ApiErrorBody>(
      variationsPath([{ id: p.id }, { id: 99_999_999 }, { id: inactive!.id }]),
    );
    expect(status).toBe(404);
    expect(body.errors).toEqual({ 'products.1.id': ['Товар не найден'], 'products.2.id': ['Товар не найден'] });
  });
});
