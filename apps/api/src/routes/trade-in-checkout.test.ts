// Trade-in in the checkout summary (issue 16 item 3, decision 0029): calc-apply-to-basket with the
// shopper's trade_in_tx shows the devices and the discount and prices the lines as create-order does,
// so the summary, the stored order, the acquirer's amount, the receipt and the order page are the same
// kopecks; while the trade-in applies only pickup in a multicenter is allowed.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../http/errors.ts';
import type { Order } from '../schemas/orders.ts';
import type { OrderReceipt } from '../schemas/receipts.ts';
import { TRADE_IN_ORDER_MESSAGES } from '../services/trade-in-order.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { TestSession } from '../test/session.ts';
import { moscowMulticenter, setStock } from '../test/stock.ts';
import { tradeInModelId } from '../test/trade-in.ts';
import type { CalcApplyToBasket } from './actions-apply.ts';
import type { TradeInStateBody } from './trade-in.ts';

let h: Harness;
let moscow: number;
let multicenter: number;
beforeAll(async () => {
  h = await createHarness();
  ({ moscow, multicenter } = await moscowMulticenter(h.handle));
});
afterAll(() => h.close());

let seq = 0;

/** A shopper with a phone of the trade-in-1 promotion in the basket and two old phones valued. */
async function shopperWithTradeIn() {
  const [phone] = await h.handle.query<{ id: number; price: number }>(
    `select p.id, o.price from products p join product_offers o on o.product_id = p.id
     join action_products ap on ap.product_id = p.id and ap.action_id = 160
     where p.status = 1 and o.available and o.order_type = 'false' and not p.is_pre_order and o.price > 6000000
     order by p.id desc offset $1 limit 1`,
    [seq++],
  );
  await setStock(h.handle, phone!.id, [{ storeId: multicenter, qty: 3 }]);
  const s = new TestSession(h);
  const add = await s.call<{ items: { id: number; product_id: number }[] }>('POST', '/api/basket/add-item', {
    product_id: phone!.id,
  });
  const lineId = add.body.items.find((i) => i.product_id === phone!.id)!.id;
  const start = await s.call<TradeInStateBody>('POST', '/api/trade-in-derivable', { product_id: phone!.id });
  await s.call('POST', '/api/trade-in-data', {
    id: await tradeInModelId(h.handle, 'iPhone 11'),
    memory: 64,
    status: 'working',
  });
  const valued = await s.call<TradeInStateBody>('POST', '/api/trade-in-data', {
    id: await tradeInModelId(h.handle, 'Galaxy S20'),
    memory: 128,
    status: 1,
  });
  expect(valued.status).toBe(200);
  const summary = (qty = 1, tx: string | null = start.body.tx) =>
    s.call<CalcApplyToBasket & ApiErrorBody>('POST', `/api/v2/actions/calc-apply-to-basket?city_id=${moscow}`, {
      basket: [{ product_id: phone!.id, qty }],
      ...(tx ? { trade_in_tx: tx } : {}),
    });
  return { s, phone: phone!, lineId, tx: start.body.tx, state: valued.body, summary };
}

describe('the trade-in in the checkout summary', () => {
  it('lists the devices, takes the discount off the line and allows only pickup in a multicenter', async () => {
    const t = await shopperWithTradeIn();
    const plain = await t.summary(1, null);
    expect(plain.body.trade_in).toBeNull();
    expect(plain.body.allowed_delivery_ids.length).toBeGreaterThan(1);

    const summary = await t.summary();
    expect(summary.status).toBe(200);
    const tradeIn = summary.body.trade_in!;
    expect(tradeIn.applied).toBe(true);
    expect(tradeIn.product_id).toBe(t.phone.id);
    expect(tradeIn.devices.map((d) => [d.name, d.condition])).toEqual([
      ['Apple iPhone 11 64 ГБ', 'Рабочее'],
      ['Samsung Galaxy S20 128 ГБ', 'Разбит экран'],
    ]);
    expect(tradeIn.devices.map((d) => d.price)).toEqual(t.state.devices.map((d) => d.price));
    expect(tradeIn.bonus).toBe(t.state.discountBenefit);
    expect(tradeIn.discount).toBe(t.state.total_discount);
    expect(summary.body.discount).toBe(t.state.total_discount);
    expect(summary.body.total_sum).toBe(t.phone.price - t.state.total_discount);
    expect(summary.body.basket[0]!.final_price).toBe(t.phone.price - t.state.total_discount);
    expect(summary.body.allowed_delivery_ids).toEqual([1]);
  });

  it('says why it does not apply to two units, and prices them without it', async () => {
    const t = await shopperWithTradeIn();
    const two = await t.summary(2);
    expect(two.body.trade_in).toMatchObject({ applied: false, discount: 0, message: TRADE_IN_ORDER_MESSAGES.oneUnit });
    expect(two.body.total_sum).toBe(t.phone.price * 2);
    expect(two.body.allowed_delivery_ids.length).toBeGreaterThan(1);
  });

  it('is ignored for other goods and for a calculator that is not valued, and refuses a malformed tx', async () => {
    const t = await shopperWithTradeIn();
    const [other] = await h.handle.query<{ id: number }>(
      `select p.id from products p join product_offers o on o.product_id = p.id
       where p.status = 1 and o.available and p.id <> $1 order by p.id limit 1`,
      [t.phone.id],
    );
    const otherGoods = await t.s.call<CalcApplyToBasket>(
      'POST',
      `/api/v2/actions/calc-apply-to-basket?city_id=${moscow}`,
      { basket: [{ product_id: other!.id, qty: 1 }], trade_in_tx: t.tx },
    );
    expect(otherGoods.status).toBe(200);
    expect(otherGoods.body.trade_in).toBeNull();
    // A third device chosen but not valued yet: the trade-in waits (a blank one added is left out).
    await t.s.call('POST', '/api/trade-in-data', { id: await tradeInModelId(h.handle, 'iPhone 12') });
    expect((await t.summary()).body.trade_in).toBeNull();
    const bad = await t.summary(1, 'not-a-tx');
    expect(bad.status).toBe(422);
    expect(bad.body.errors!['trade_in_tx']).toBeDefined();
  });

  it('the summary, the stored order, the acquirer, the receipt and the order page agree to the kopeck', async () => {
    const t = await shopperWithTradeIn();
    const summary = (await t.summary()).body;
    const placed = await t.s.call<Order & ApiErrorBody>('POST', `/api/create-order?city_id=${moscow}`, {
      idempotency_key: `trade-in-checkout-${Date.now()}-${seq}`,
      line_ids: [t.lineId],
      contacts: { contact_name: 'Марина', mobile_phone: '+7 916 555-41-07', email: 'marina@example.ru' },
      delivery: { delivery_type: 1, store_id: multicenter },
      payment_type: 17,
      trade_in_tx: t.tx,
    });
    expect(placed.status).toBe(201);
    const order = placed.body;
    expect(order.discount).toBe(summary.discount);
    expect(order.total_sum).toBe(summary.total_sum + order.delivery_cost);
    expect(order.basket[0]!.final_price).toBe(summary.basket[0]!.final_price);
    expect(order.trade_in.map((d) => d.discount)).toEqual(summary.trade_in!.devices.map((d) => d.price));
    expect(order.trade_in.reduce((sum, d) => sum + d.discount + d.discount_trade_in, 0)).toBe(
      summary.trade_in!.discount,
    );
    const [stored] = await h.handle.query<{ sum: number; discount: number; total_sum: number }>(
      'select sum, discount, total_sum from orders where id = $1',
      [order.id],
    );
    expect(stored).toEqual({ sum: order.sum, discount: order.discount, total_sum: order.total_sum });

    const created = await t.s.call<{ payment_id: number; confirmation_url: string }>('POST', '/api/create-payment', {
      order_id: order.id,
    });
    expect(created.status).toBe(201);
    const [payment] = await h.handle.query<{ amount: number }>('select amount from payments where id = $1', [
      created.body.payment_id,
    ]);
    expect(payment!.amount).toBe(summary.total_sum);
    const paid = await h.api.sandboxAcquirer!.fetch(
      new Request(`http://store.test${created.body.confirmation_url}/card`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          number: '4111 1111 1111 1111',
          expiry: '12/35',
          cvc: '123',
          holder: 'MARINA ORLOVA',
        }).toString(),
      }),
    );
    expect(paid.status).toBe(303);
    const receipt = await t.s.call<OrderReceipt>('GET', `/api/v3/customer/orders/${order.id}/receipt`);
    expect(receipt.status).toBe(200);
    expect(receipt.body.total).toBe(summary.total_sum);
    expect(receipt.body.items.reduce((sum, i) => sum + i.amount, 0)).toBe(summary.total_sum);
    const page = await t.s.call<Order>('GET', `/api/v3/customer/orders/${order.id}`);
    expect(page.body).toMatchObject({ discount: summary.discount, total_sum: summary.total_sum });
    expect(page.body.trade_in).toEqual(order.trade_in);
  });
});
