import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../http/errors.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { creditOffersFor } from './product-extras.ts';

let h: Harness;
const xhr = { 'X-Requested-With': 'XMLHttpRequest', 'content-type': 'application/json' };

beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

interface Store {
  id: number;
  group: string;
  quantity: number;
  availability: string;
  hasReserve: boolean;
  date: string;
  distance: number | null;
  deliveryCost: number;
}

describe('availability', () => {
  const post = (body: unknown) =>
    h.json<{ stores: Store[]; status: string } & ApiErrorBody>('/api/v2/products/availability', {
      method: 'POST',
      headers: xhr,
      body: JSON.stringify(body),
    });

  it('lists stores of the city: multicenters with stock reserve now, the rest by delivery, with distances', async () => {
    const [row] = await h.handle.query<{ product_id: number; quantity: number; store_id: number }>(
      `select st.product_id, st.quantity, st.store_id from stock st join stores s on s.id = st.store_id
         join products p on p.id = st.product_id join product_offers o on o.product_id = p.id
        where s.city_id = 1 and s.type = 1 and st.quantity > 0 and p.status = 1 and o.available and not p.is_pre_order
        order by st.product_id limit 1`,
    );
    const { status, body } = await post({ product_id: row!.product_id, city_id: 1 });
    expect(status).toBe(200);
    expect(body.status).toBe('ok');
    const withStock = body.stores.find((s) => s.id === row!.store_id)!;
    expect(withStock).toMatchObject({
      group: 'multicenter',
      availability: 'in-stock',
      hasReserve: true,
      quantity: row!.quantity,
    });
    expect(withStock.date).toBe(new Date().toISOString().slice(0, 10));
    expect(body.stores.some((s) => s.group !== 'multicenter' && s.availability === 'delivery')).toBe(true);
    expect(body.stores.every((s) => Number.isInteger(s.distance) && s.distance! < 60_000)).toBe(true);
    const [count] = await h.handle.query<{ n: number }>(
      'select count(*)::int as n from stores where city_id = 1 and status = 1 and type = any($1::int[])',
      [[1, 9, 10, 12, 13, 14]],
    );
    expect(body.stores).toHaveLength(count!.n);
  });

  it('measures distance from the shopper when a position is given', async () => {
    const [p] = await h.handle.query<{ id: number }>(
      `select p.id from products p join product_offers o on o.product_id = p.id where p.status = 1 and o.available and not p.is_pre_order limit 1`,
    );
    const [store] = await h.handle.query<{ id: number; latitude: number; longitude: number }>(
      'select id, latitude, longitude from stores where city_id = 1 and type = 1 order by id limit 1',
    );
    const { body } = await post({
      product_id: p!.id,
      city_id: 1,
      latitude: store!.latitude,
      longitude: store!.longitude,
    });
    expect(body.stores.find((s) => s.id === store!.id)?.distance).toBe(0);
  });

  it('answers no deliveries in a city without delivery types, and 4xx for bad input', async () => {
    const [p] = await h.handle.query<{ id: number }>('select id from products where status = 1 limit 1');
    const [dead] = await h.handle.query<{ id: number }>(
      'select id from cities where cardinality(delivery_type_ids) = 0',
    );
    expect((await post({ product_id: p!.id, city_id: dead!.id })).body).toEqual({
      stores: [],
      status: 'no deliveries',
    });
    expect((await post({ product_id: 'x' })).status).toBe(422);
    expect((await post({ product_id: p!.id, city_id: 999999 })).status).toBe(422);
    expect((await post({ product_id: 99999999 })).status).toBe(404);
  });
});

describe('credit offers, trade-in, warranties', () => {
  it('offers instalments by price, with terms sorted by months', () => {
    expect(creditOffersFor(5_000_000, false)).toEqual([]);
    const cheap = creditOffersFor(500_000, true).map((o) => o.type);
    expect(cheap).toEqual(['credit', 'bnpl']);
    const dear = creditOffersFor(9_000_000, true);
    expect(dear.map((o) => o.type)).toEqual(['credit', 'installment', 'bank_installment']);
    const instalment = dear.find((o) => o.type === 'installment')!;
    expect(instalment.terms.map((t) => t.months)).toEqual([6, 10, 12, 24]);
    // 0-0-24: no overpayment.
    expect(instalment.terms.at(-1)!.payment * 24).toBeGreaterThanOrEqual(9_000_000);
    expect(instalment.terms.at(-1)!.payment * 24).toBeLessThan(9_000_000 + 24 * 100);
  });

  it('answers the credit offers, trade-in discount and warranties of a product', async () => {
    const [p] = await h.handle.query<{ id: number; price: number; discount_tradein: number | null }>(
      `select p.id, o.price, o.discount_tradein from products p join product_offers o on o.product_id = p.id
        where p.status = 1 and o.has_credit and p.is_warranty and o.discount_tradein > 0 order by p.id limit 1`,
    );
    const offers = await h.json<{ type: string }[]>(`/api/v2/products/${p!.id}/credit-offers`);
    expect(offers.body.map((o) => o.type)).toContain('credit');
    const tradeIn = await h.json<{ discount: number; price_with_trade_in: number }>(
      `/api/v2/products/${p!.id}/trade-in-discount`,
    );
    expect(tradeIn.body).toEqual({
      discount: p!.discount_tradein,
      price_with_trade_in: p!.price - p!.discount_tradein!,
    });
    const warranties = await h.json<{ years: number; price: number }[]>(`/api/v2/products/${p!.id}/warranties`);
    expect(warranties.body.map((w) => w.years)).toEqual([1, 2, 3]);
    expect(warranties.headers.get('x-pagination-per-page')).toBe('15');
    expect((await h.json('/api/v2/products/99999999/warranties')).status).toBe(404);
  });
});
