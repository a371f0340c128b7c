import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { deliveryOptionsFor } from './delivery.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

const now = new Date('2026-11-20T12:00:00Z'); // 15:00 in Moscow

describe('delivery options', () => {
  it('gives courier, express, pickup, pickup points and lockers by the city’s delivery types', () => {
    const options = deliveryOptionsFor({
      deliveryTypeIds: [1, 2, 10, 12, 27],
      cityId: 1,
      sum: 5_000_000,
      preorder: false,
      inStockInCity: true,
      now,
    });
    const byId = new Map(options.map((o) => [o.delivery_type_id, o]));
    expect(byId.get(2)).toMatchObject({
      delivery_purpose: 'courier',
      interval: '10:00 - 22:00',
      delivery_cost: 0,
      datetime: '2026-11-21T07:00:00.000Z',
    });
    expect(byId.get(27)).toMatchObject({ delivery_purpose: 'courier_fast', datetime: '2026-11-20T12:30:00.000Z' });
    expect(byId.get(1)).toMatchObject({
      delivery_purpose: 'pickup',
      datetime: '2026-11-20T12:15:00.000Z',
      delivery_cost: 0,
    });
    expect(byId.get(10)?.delivery_cost).toBe(0);
    expect(byId.get(12)?.delivery_cost).toBe(9_900);
  });

  it('charges courier delivery below the free threshold and drops express without stock or for a preorder', () => {
    const cheap = deliveryOptionsFor({
      deliveryTypeIds: [2, 27],
      cityId: 1,
      sum: 200_000,
      preorder: false,
      inStockInCity: false,
      now,
    });
    expect(cheap.map((o) => o.delivery_type_id)).toEqual([2]);
    expect(cheap[0]!.delivery_cost).toBe(39_900);
    const preorder = deliveryOptionsFor({
      deliveryTypeIds: [2, 27],
      cityId: 1,
      sum: 5_000_000,
      preorder: true,
      inStockInCity: true,
      now,
    });
    expect(preorder.map((o) => o.delivery_type_id)).toEqual([2]);
    expect(preorder[0]!.datetime).toBe('2026-12-01T07:00:00.000Z');
  });

  it('answers the options of a product in a city, and 4xx for bad input', async () => {
    const [p] = await h.handle.query<{ id: number }>(
      `select p.id from products p join product_offers o on o.product_id = p.id
        where p.status = 1 and o.available and not p.is_pre_order order by p.position limit 1`,
    );
    const { status, body } = await h.json<{ delivery_type_id: number; client_city_id: number }[]>(
      `/api/v2/delivery/list?product_id=${p!.id}&city_id=2`,
    );
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThan(1);
    expect(body.every((o) => o.client_city_id === 2)).toBe(true);
    expect((await h.json(`/api/v2/delivery/list?product_id=${p!.id}&city_id=999999`)).status).toBe(422);
    expect((await h.json('/api/v2/delivery/list?product_id=99999999')).status).toBe(404);
    expect((await h.json('/api/v2/delivery/list')).status).toBe(422);
  });
});
