// Issue 17: a signed-in customer's credit order — its application answers to the customer's session.
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Order } from '../schemas/orders.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { TestSession } from '../test/session.ts';
import { moscowMulticenter, setStock } from '../test/stock.ts';
import type { CreditApplication } from './credit.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ DEV_TOOLS: 'on', CREDIT_DECISION_DELAY_MS: '0' });
});
afterAll(async () => {
  await h.close();
});

it('a signed-in customer reads the application of their own credit order; another customer gets a 404', async () => {
  const { moscow, multicenter } = await moscowMulticenter(h.handle);
  const [p] = await h.handle.query<{ id: number }>(
    `select p.id from products p join product_offers o on o.product_id = p.id
      where p.status = 1 and o.available and not p.is_pre_order and o.order_type = 'false' and o.has_credit
        and o.price between 3000000 and 20000000 order by p.id limit 1`,
  );
  await setStock(h.handle, p!.id, [{ storeId: multicenter, qty: 2 }]);
  const s = new TestSession(h);
  await s.register('+79265554401');
  const added = await s.call<{ items: { id: number; product_id: number }[] }>('POST', '/api/basket/add-item', {
    product_id: p!.id,
  });
  const line = added.body.items.find((i) => i.product_id === p!.id)!.id;
  const order = await s.call<Order>('POST', `/api/create-order?city_id=${moscow}`, {
    idempotency_key: 'credit-account-test-0001-abcdef',
    line_ids: [line],
    contacts: { contact_name: 'Анна', mobile_phone: '+79265554401' },
    delivery: { delivery_type: 1, store_id: multicenter },
    payment_type: 13,
  });
  expect(order.status).toBe(201);
  const mine = await s.call<CreditApplication>('GET', `/api/v2/credit/applications/${order.body.id}`);
  expect(mine.status).toBe(200);
  expect(mine.body.status).toBe('new');
  const other = new TestSession(h, '10.0.0.9');
  await other.register('+79265554402');
  expect((await other.call('GET', `/api/v2/credit/applications/${order.body.id}`)).status).toBe(404);
});
