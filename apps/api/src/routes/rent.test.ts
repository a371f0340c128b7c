// Issue 17: rent instead of buying — §7 GET /v2/arenter/availability (item_id, counter 2) through the
// rental partner's adapter; §8: a partner that fails is an empty answer, never an error.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SANDBOX_RENT, sandboxRentPlans } from '../adapters/rent.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';
import type { RentAvailability } from './rent.ts';

let h: Harness;
let failing: Harness;
beforeAll(async () => {
  h = await createHarness();
  failing = await createHarness(
    {},
    {
      adapters: {
        rent: {
          name: 'down',
          availability: () => Promise.reject(new Error('connect ECONNREFUSED')),
        },
      },
    },
  );
});
afterAll(async () => {
  await h.close();
  await failing.close();
});

/** An available product of a rented category priced from the sandbox's minimum, and one of another category. */
async function products() {
  const rows = await h.handle.query<{ id: number; price: number; category_id: number; rented: boolean }>(
    `select p.id, o.price, p.category_id, (p.category_id = any ($1::int[]) and o.price >= $2) as rented
       from products p join product_offers o on o.product_id = p.id join categories c on c.id = p.category_id
      where p.status = 1 and c.status = 1 and o.available order by p.id limit 400`,
    [SANDBOX_RENT.categoryIds, SANDBOX_RENT.minPrice],
  );
  return { rented: rows.find((r) => r.rented)!, other: rows.find((r) => !r.rented)! };
}

describe('GET /v2/arenter/availability', () => {
  it('answers the plans of a rented product: counter of them, shortest first, fees from its price', async () => {
    const { rented } = await products();
    const { status, body } = await h.json<RentAvailability>(
      `/api/v2/arenter/availability?item_id=${rented.id}&counter=2`,
    );
    expect(status).toBe(200);
    expect(body.available).toBe(true);
    expect(body.plans.map((p) => p.months)).toEqual([6, 12]);
    expect(body.plans).toEqual(
      sandboxRentPlans({ id: rented.id, categoryId: rented.category_id, price: rented.price }, 2),
    );
    // A longer term costs less a month, in whole rubles.
    expect(body.plans[1]!.monthly_fee).toBeLessThan(body.plans[0]!.monthly_fee);
    expect(body.plans.every((p) => p.monthly_fee % 100 === 0)).toBe(true);
    const three = await h.json<RentAvailability>(`/api/v2/arenter/availability?item_id=${rented.id}&counter=3`);
    expect(three.body.plans.map((p) => p.months)).toEqual([3, 6, 12]);
  });

  it('is empty for a product the partner does not rent and for an unknown one', async () => {
    const { other } = await products();
    const { body } = await h.json<RentAvailability>(`/api/v2/arenter/availability?item_id=${other.id}`);
    expect(body).toEqual({ item_id: other.id, available: false, plans: [] });
    const missing = await h.json<RentAvailability>('/api/v2/arenter/availability?item_id=2000000000');
    expect(missing.status).toBe(200);
    expect(missing.body.plans).toEqual([]);
  });

  it('treats a failing partner as empty (§8) and logs it', async () => {
    const { rented } = await products();
    const { status, body } = await failing.json<RentAvailability>(`/api/v2/arenter/availability?item_id=${rented.id}`);
    expect(status).toBe(200);
    expect(body).toEqual({ item_id: rented.id, available: false, plans: [] });
    expect(failing.logLines.some((l) => l.includes('arenter availability failed'))).toBe(true);
  });

  it('answers bad input with 422', async () => {
    for (const query of ['', 'item_id=0', 'item_id=abc', 'item_id=1&counter=9']) {
      expect((await h.call(`/api/v2/arenter/availability?${query}`)).status, query).toBe(422);
    }
  });
});
