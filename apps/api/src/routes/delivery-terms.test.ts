// The delivery pages never disagree with checkout: for real products of two cities (Moscow with an
// express courier, Novosibirsk without) every way /variations_orders offers is a way of
// /v2/delivery/terms with the same name, group, prepayment, cost at the order's sum and payment ids,
// and the payments checkout lists for that way and sum are the page's.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { DeliveryTerms } from './delivery-terms.ts';
import type { VariationsOrders } from './delivery.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});
afterEach(() => {
  vi.useRealTimers();
});

async function cityId(alias: string) {
  const [row] = await h.handle.query<{ id: number }>('select id from cities where alias = $1', [alias]);
  return row!.id;
}

/** The cheapest and the dearest ordinary products in stock in the city's multicenters. */
async function stockedProducts(city: number) {
  return h.handle.query<{ id: number; price: number }>(
    `(select p.id, o.price from products p join product_offers o on o.product_id = p.id
       where p.status = 1 and o.available and not p.is_pre_order and o.order_type = 'false'
         and exists (select 1 from stock st join stores s on s.id = st.store_id
                      where st.product_id = p.id and st.quantity > 2 and s.city_id = $1 and s.status = 1 and s.type = 1)
       order by o.price, p.id limit 1)
     union all
     (select p.id, o.price from products p join product_offers o on o.product_id = p.id
       where p.status = 1 and o.available and not p.is_pre_order and o.order_type = 'false'
         and exists (select 1 from stock st join stores s on s.id = st.store_id
                      where st.product_id = p.id and st.quantity > 2 and s.city_id = $1 and s.status = 1 and s.type = 1)
       order by o.price desc, p.id limit 1)`,
    [city],
  );
}

async function checkoutPayments(sum: number, ids: number[]) {
  const { status, body } = await h.json<{ id: number }[]>(
    `/api/v2/payment?sum=${sum}&payment_type_ids=${ids.join(',')}`,
  );
  expect(status).toBe(200);
  return body.map((p) => p.id).sort((a, b) => a - b);
}

describe('GET /v2/delivery/terms', () => {
  for (const [alias, hasExpress] of [
    ['moskva', true],
    ['novosibirsk', false],
  ] as const) {
    it(`tells what checkout offers in ${alias}`, async () => {
      // Midday in Moscow: the express courier and the 15-minute reserve run.
      vi.useFakeTimers({ toFake: ['Date'], now: new Date('2026-11-26T09:00:00Z') });
      const city = await cityId(alias);
      const terms = await h.json<DeliveryTerms>(`/api/v2/delivery/terms?city_id=${city}`);
      expect(terms.status).toBe(200);
      expect(terms.body.city.id).toBe(city);
      const own = terms.body.ways.filter((w) => !w.seller);
      expect(own.some((w) => w.delivery_type_id === 27)).toBe(hasExpress);
      expect(terms.body.express !== null).toBe(hasExpress);
      const products = await stockedProducts(city);
      expect(products.length).toBe(2);
      for (const product of products) {
        const checkout = await h.json<VariationsOrders>(
          `/api/variations_orders?products[0][id]=${product.id}&products[0][qty]=1&city_id=${city}`,
        );
        expect(checkout.status).toBe(200);
        const offered = checkout.body.variations;
        expect(offered.map((v) => v.delivery_type_id)).toEqual(own.map((w) => w.delivery_type_id));
        for (const v of offered) {
          const way = own.find((w) => w.delivery_type_id === v.delivery_type_id)!;
          expect({ name: way.name, group: way.group, prepaid: way.prepaid, payments: way.payment_type_ids }).toEqual({
            name: v.name,
            group: v.group,
            prepaid: v.cost_prepayment,
            payments: v.payment_type_ids,
          });
          const cost = way.free_from !== null && product.price >= way.free_from ? 0 : way.cost;
          expect(cost).toBe(v.delivery_cost);
          const pagePayments = terms.body.payments
            .filter(
              (p) =>
                p.delivery_type_ids.includes(v.delivery_type_id) &&
                (p.min_sum === null || product.price >= p.min_sum) &&
                (p.max_sum === null || product.price <= p.max_sum),
            )
            .map((p) => p.id)
            .sort((a, b) => a - b);
          expect(pagePayments).toEqual(await checkoutPayments(product.price, v.payment_type_ids));
        }
      }
      // The pickup networks are the city's stores that hand over orders.
      const [counts] = await h.handle.query<{ n: number }>(
        `select count(*)::int as n from stores where city_id = $1 and status = 1 and type in (1, 9, 10, 12, 13, 14)`,
        [city],
      );
      const listed = own.flatMap((w) => w.networks).reduce((n, net) => n + net.stores, 0);
      expect(listed).toBe(counts!.n);
    });
  }

  it('refuses an unknown city with a field error', async () => {
    const { status, body } = await h.json<{ errors: Record<string, string[]> }>(
      '/api/v2/delivery/terms?city_id=999999',
    );
    expect(status).toBe(422);
    expect(body.errors['city_id']).toEqual(['Город не найден']);
  });
});
