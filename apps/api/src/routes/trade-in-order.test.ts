import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { replaceTradeInPriceList } from '@store/db/trade-in-prices';
import type { ApiErrorBody } from '../http/errors.ts';
import type { Order } from '../schemas/orders.ts';
import { TRADE_IN_ORDER_MESSAGES } from '../services/trade-in-order.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { moscowMulticenter, setStock } from '../test/stock.ts';
import { TestSession } from '../test/session.ts';
import { tradeInModelId } from '../test/trade-in.ts';
import type { TradeInStateBody } from './trade-in.ts';

let h: Harness;
let moscow: number;
let multicenter: number;
beforeAll(async () => {
  h = await createHarness();
  ({ moscow, multicenter } = await moscowMulticenter(h.handle));
});
afterAll(() => h.close());

const modelOf = (name: string) => tradeInModelId(h.handle, name);

let keySeq = 0;
async function tradeInOrder(delivery: Record<string, unknown> = { delivery_type: 1, store_id: multicenter }) {
  const [phone] = await h.handle.query<{ id: number; price: number }>(
    `select p.id, o.price from products p join product_offers o on o.product_id = p.id
     join action_products ap on ap.product_id = p.id and ap.action_id = 160
     where p.status = 1 and o.available and o.order_type = 'false' and not p.is_pre_order and o.price > 6000000
     order by p.id offset $1 limit 1`,
    [keySeq],
  );
  await setStock(h.handle, phone!.id, [{ storeId: multicenter, qty: 3 }]);
  const s = new TestSession(h);
  const add = await s.call<{ items: { id: number; product_id: number }[] }>('POST', '/api/basket/add-item', {
    product_id: phone!.id,
  });
  const lineId = add.body.items.find((i) => i.product_id === phone!.id)!.id;
  const start = await s.call<TradeInStateBody>('POST', '/api/trade-in-derivable', { product_id: phone!.id });
  const tx = start.body.tx;
  const one = await s.call<{ tId: number }>('POST', '/api/trade-in-data', {
    id: await modelOf('iPhone 12'),
    memory: 128,
    status: 'broken_screen',
  });
  const two = await s.call<TradeInStateBody & { tId: number }>('POST', '/api/trade-in-data', {
    id: await modelOf('Galaxy S21'),
    memory: 256,
    status: 'C',
  });
  const body = {
    idempotency_key: `trade-in-order-${Date.now()}-${++keySeq}`,
    line_ids: [lineId],
    contacts: { contact_name: 'Ольга', mobile_phone: '+7 916 555-44-33', email: 'olga@example.ru' },
    delivery,
    payment_type: 1,
    trade_in_tx: tx,
  };
  return { s, phone: phone!, tx, devices: [one.body.tId, two.body.tId], state: two.body, body };
}

describe('create-order with a trade-in', () => {
  it('is picked up in a multicenter only, and refuses a calculator that is not the shopper’s', async () => {
    const t = await tradeInOrder({ delivery_type: 2, address: 'Москва, ул. Тверская, д. 1, кв. 5' });
    const courier = await t.s.call<Order & ApiErrorBody>('POST', `/api/create-order?city_id=${moscow}`, t.body);
    expect(courier.status).toBe(422);
    expect(courier.body.errors!['delivery.delivery_type']).toEqual([TRADE_IN_ORDER_MESSAGES.pickupOnly]);
    const unknown = await t.s.call<Order & ApiErrorBody>('POST', `/api/create-order?city_id=${moscow}`, {
      ...t.body,
      delivery: { delivery_type: 1, store_id: multicenter },
      trade_in_tx: 'f'.repeat(32),
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors!['trade_in_tx']).toEqual([TRADE_IN_ORDER_MESSAGES.notFound]);
  });

  it('takes the devices and the bonus off the new phone and stores the exchange device records', async () => {
    const t = await tradeInOrder();
    const discount = t.state.total_discount;
    expect(discount).toBeGreaterThan(300000);
    const placed = await t.s.call<Order>('POST', `/api/create-order?city_id=${moscow}`, t.body);
    expect(placed.status).toBe(201);
    const order = placed.body;
    expect(order.discount).toBe(discount);
    expect(order.total_sum).toBe(t.phone.price - discount);
    expect(order.basket[0]!.final_price).toBe(t.phone.price - discount);
    expect(order.trade_in).toEqual([
      expect.objectContaining({
        device_id: t.devices[0],
        brand: 'Apple',
        model: 'iPhone 12',
        memory: 128,
        condition_device: 1,
        discount_trade_in: 300000,
      }),
      expect.objectContaining({
        device_id: t.devices[1],
        brand: 'Samsung',
        model: 'Galaxy S21',
        memory: 256,
        condition_device: 3,
        discount_trade_in: 0,
      }),
    ]);
    expect(order.trade_in.reduce((sum, d) => sum + d.discount + d.discount_trade_in, 0)).toBe(discount);

    // The calculator is used up: its devices cannot discount a second order.
    const after = await t.s.call<TradeInStateBody>('GET', `/api/trade-in-derivable?tx=${t.tx}`);
    expect(after.body.devices).toEqual([]);

    // A new price list changes nothing in the placed order.
    await replaceTradeInPriceList(h.handle, [
      {
        group: 'smartphones',
        brand: 'Apple',
        model: 'iPhone 12',
        year: 2020,
        memoryGb: 128,
        perfect: 100,
        working: 100,
        brokenScreen: 100,
        popular: true,
      },
    ]);
    const again = await t.s.call<Order>('GET', `/api/v3/customer/orders/${order.id}`);
    expect(again.body.trade_in).toEqual(order.trade_in);
    expect(again.body.total_sum).toBe(order.total_sum);
  });
});
