// One price of an order (decision 0009): for every kind of promotion the checkout summary
// (calc-apply-to-basket), the order create-order stores, the acquirer's amount, the receipt and the
// order page are the same kopecks; the repayment page offers only the payments the promotions allow;
// a line asking more than is left is refused with 409 and stays in the basket as asked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../http/errors.ts';
import type { CalcApplyToBasket } from './actions-apply.ts';
import type { Order } from '../schemas/orders.ts';
import type { CreatedPayment, PaymentInfo } from '../schemas/payments.ts';
import type { OrderReceipt } from '../schemas/receipts.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { TestSession } from '../test/session.ts';
import { setStock } from '../test/stock.ts';

let h: Harness;
let moscow: number;
let store: number;
beforeAll(async () => {
  h = await createHarness({ DEV_TOOLS: 'on' });
  [{ id: moscow }] = (await h.handle.query<{ id: number }>(`select id from cities where alias = 'moskva'`)) as [
    { id: number },
  ];
  [{ id: store }] = (await h.handle.query<{ id: number }>(
    'select id from stores where city_id = $1 and type = 1 and status = 1 order by id limit 1',
    [moscow],
  )) as [{ id: number }];
});
afterAll(async () => {
  await h.close();
});

let seq = 0;

interface BasketAnswer {
  items: { id: number; product_id: number; qty: number; max_qty: number; final_price: number; children: unknown[] }[];
}

/** A shopper keeping its cookies, like a browser. */
function shopper() {
  const session = new TestSession(h);
  const send = <T>(path: string, body?: unknown) =>
    session.call<T & ApiErrorBody>(body === undefined ? 'GET' : 'POST', path, body);
  return {
    send,
    async add(productId: number, qty = 1) {
      const r = await send<BasketAnswer>('/api/basket/add-item', { product_id: productId, qty });
      expect(r.status).toBe(200);
      return r.body.items.find((i) => i.product_id === productId)!.id;
    },
    basket: () => send<BasketAnswer>('/api/basket/get-basket'),
    order: (body: Record<string, unknown>) =>
      send<Order>(`/api/create-order?city_id=${moscow}`, {
        idempotency_key: `pricing-${Date.now()}-${++seq}-abcdef`,
        contacts: { contact_name: 'Иван', mobile_phone: `+7 916 ${String(5_000_000 + seq).padStart(7, '0')}` },
        delivery: { delivery_type: 1, store_id: store },
        payment_type: 17,
        ...body,
      }),
  };
}

/** Exactly `qty` units of the product anywhere, all in the first multicenter of Moscow. */
const stockOf = (productId: number, qty: number) => setStock(h.handle, productId, [{ storeId: store, qty }]);

const SELLABLE = `p.status = 1 and c.status = 1 and o.available and not p.is_pre_order and o.order_type = 'false'`;
const used = new Set<number>();

/** A sellable product linked to an action in a role, priced from `min` kopecks; stocked with 5 units. */
async function linked(actionWhere: string, role: string, min = 0) {
  const rows = await h.handle.query<{ id: number; action_id: number; price: number }>(
    `select p.id, a.id as action_id, o.price
       from action_products ap join actions a on a.id = ap.action_id
       join products p on p.id = ap.product_id join product_offers o on o.product_id = p.id
       join categories c on c.id = p.category_id
      where ${actionWhere} and ap.role = $1 and ${SELLABLE} and o.price >= $2
        and a.starts_at <= now() and (a.ends_at is null or a.ends_at > now())
      order by p.id limit 50`,
    [role, min],
  );
  const row = rows.find((r) => !used.has(r.id));
  if (!row) throw new Error(`no product for ${actionWhere} as ${role}`);
  used.add(row.id);
  await stockOf(row.id, 5);
  return row;
}

/** The basket lines as the checkout sends them to the summary. */
const summaryOf = (s: ReturnType<typeof shopper>, body: Record<string, unknown>) =>
  s.send<CalcApplyToBasket>(`/api/v2/actions/calc-apply-to-basket?city_id=${moscow}`, body);

/** Pays the order by card at the sandbox acquirer; answers the payment amount and the receipt. */
async function payByCard(s: ReturnType<typeof shopper>, orderId: number) {
  const created = await s.send<CreatedPayment & { amount: number }>('/api/create-payment', { order_id: orderId });
  expect(created.status).toBe(201);
  const url = created.body.confirmation_url!;
  const [payment] = await h.handle.query<{ amount: number }>('select amount from payments where id = $1', [
    created.body.payment_id,
  ]);
  const response = await h.api.sandboxAcquirer!.fetch(
    new Request(`http://store.test${url}/card`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        number: '4111 1111 1111 1111',
        expiry: '12/35',
        cvc: '123',
        holder: 'IVAN PETROV',
      }).toString(),
    }),
  );
  expect(response.status).toBe(303);
  const receipt = await s.send<OrderReceipt>(`/api/v3/customer/orders/${orderId}/receipt`);
  expect(receipt.status).toBe(200);
  return { amount: payment!.amount, receipt: receipt.body };
}

/** Places the order, pays it and checks the summary = stored = acquirer = receipt = order page. */
async function placeAndPay(
  s: ReturnType<typeof shopper>,
  lineIds: number[],
  summary: CalcApplyToBasket,
  extra: Record<string, unknown>,
  warranties = 0,
) {
  const placed = await s.order({ line_ids: lineIds, ...extra });
  expect(placed.status).toBe(201);
  const order = placed.body;
  // The summary: the goods with the promotions, the warranties, delivery (pickup: free).
  expect(order.discount).toBe(summary.discount);
  expect(order.total_sum).toBe(summary.total_sum + warranties + order.delivery_cost);
  expect(order.sum - order.discount + order.delivery_cost).toBe(order.total_sum);
  const lines = order.basket.reduce((sum, l) => sum + l.final_price * l.qty, 0);
  expect(lines + order.delivery_cost).toBe(order.total_sum);
  const [stored] = await h.handle.query<{ sum: number; discount: number; total_sum: number }>(
    'select sum, discount, total_sum from orders where id = $1',
    [order.id],
  );
  expect(stored).toEqual({ sum: order.sum, discount: order.discount, total_sum: order.total_sum });

  const info = await s.send<Omit<PaymentInfo, 'status'>>(`/api/payment-info/${order.id}`);
  expect(info.body.order.waiting_sum).toBe(order.total_sum);
  const { amount, receipt } = await payByCard(s, order.id);
  expect(amount).toBe(order.total_sum);
  expect(receipt.total).toBe(order.total_sum);
  expect(receipt.items.reduce((sum, i) => sum + i.amount, 0)).toBe(order.total_sum);
  const page = await s.send<Order>(`/api/v3/customer/orders/${order.id}`);
  expect(page.body).toMatchObject({ sum: order.sum, discount: order.discount, total_sum: order.total_sum });
  expect(page.body.sum_prepaid).toBe(order.total_sum);
  return order;
}

describe('one price from the checkout summary to the receipt', () => {
  it('promocode ХОЛОД2000 (absolute): the discount is kept through the payment and the receipt', async () => {
    const fridge = await linked(`a.promocode = 'ХОЛОД2000'`, 'main', 30_000_00);
    const s = shopper();
    const lineId = await s.add(fridge.id);
    const summary = await summaryOf(s, { basket: [{ product_id: fridge.id, qty: 1 }], promocode: ' холод2000 ' });
    expect(summary.status).toBe(200);
    expect(summary.body.discount).toBe(2_000_00);
    expect(summary.body.total_sum).toBe(fridge.price - 2_000_00);
    // The checkout sends the code, not the action id: the order still takes the discount.
    const order = await placeAndPay(s, [lineId], summary.body, { promocode: 'ХОЛОД2000' });
    expect(order.basket[0]!.final_price).toBe(fridge.price - 2_000_00);
    const [snapshot] = await h.handle.query<{ actions: { applied: { id: number; discount: number }[] } }>(
      'select actions from orders where id = $1',
      [order.id],
    );
    expect(snapshot!.actions.applied).toEqual([expect.objectContaining({ id: fridge.action_id, discount: 2_000_00 })]);
  });

  it('percent on accessories, with a warranty on the product line that is never discounted', async () => {
    const phone = await linked(`a.action_type = 'percent_discount' and a.mechanics->>'type' = 'accessories'`, 'main');
    const [accessory] = await h.handle.query<{ id: number; price: number }>(
      `select p.id, o.price from action_products ap join products p on p.id = ap.product_id
         join product_offers o on o.product_id = p.id join categories c on c.id = p.category_id
        where ap.action_id = $1 and ap.role = 'accessory' and ${SELLABLE} and o.price >= 300000
        order by p.id limit 1`,
      [phone.action_id],
    );
    await stockOf(accessory!.id, 5);
    const s = shopper();
    const lineId = await s.add(phone.id);
    const withChild = await s.send<BasketAnswer>('/api/basket/add-accessory', {
      product_id: accessory!.id,
      parent_id: lineId,
      qty: 2,
    });
    expect(withChild.status).toBe(200);
    const warranty = await s.send<{
      items: { id: number; children: { kind: string; final_price: number; qty: number }[] }[];
    }>('/api/basket/add-warranty', { line_id: lineId, warranty_id: 1 });
    expect(warranty.status).toBe(200);
    const w = warranty.body.items[0]!.children.find((c) => c.kind === 'warranty')!;
    const summary = await summaryOf(s, {
      basket: [
        { product_id: phone.id, qty: 1 },
        { product_id: accessory!.id, qty: 2 },
      ],
      actions_to_apply: [{ id: phone.action_id }],
    });
    expect(summary.body.discount).toBe(Math.round(accessory!.price / 10) * 2);
    await placeAndPay(s, [lineId], summary.body, { action_ids: [phone.action_id] }, w.final_price * w.qty);
  });

  it('special price: the unit price the action names', async () => {
    const [product] = await h.handle.query<{ id: number; price: number }>(
      `select p.id, o.price from products p join product_offers o on o.product_id = p.id
         join categories c on c.id = p.category_id
        where ${SELLABLE} and o.price >= 1000000 and p.id not in (select product_id from action_products)
        order by p.id limit 1`,
    );
    await stockOf(product!.id, 5);
    await h.handle.query(
      `insert into actions (id, public_name, action_type, discount, mechanics, starts_at)
       values (9901, 'Спеццена недели', 'special_price', $1,
               '{"type":"discount","conditions":[{"type":"main_product"}],"params":{}}', now() - interval '1 day')`,
      [1_234_56],
    );
    await h.handle.query(`insert into action_products (action_id, product_id, role) values (9901, $1, 'main')`, [
      product!.id,
    ]);
    const s = shopper();
    const lineId = await s.add(product!.id, 2);
    const summary = await summaryOf(s, {
      basket: [{ product_id: product!.id, qty: 2 }],
      actions_to_apply: [{ id: 9901 }],
    });
    expect(summary.body.discount).toBe(2 * 1_234_56);
    const order = await placeAndPay(s, [lineId], summary.body, { action_ids: [9901] });
    expect(order.basket[0]!.final_price).toBe(product!.price - 1_234_56);
  });

  it('present: the present is a line at 0 ₽ and the total is the goods', async () => {
    const tv = await linked(`a.action_type = 'present'`, 'main');
    const [present] = await h.handle.query<{ id: number }>(
      `select product_id as id from action_products where action_id = $1 and role = 'present' order by product_id limit 1`,
      [tv.action_id],
    );
    await stockOf(present!.id, 5);
    const s = shopper();
    const lineId = await s.add(tv.id);
    const summary = await summaryOf(s, {
      basket: [{ product_id: tv.id, qty: 1 }],
      actions_to_apply: [{ id: tv.action_id, present_product_id: present!.id }],
    });
    expect(summary.body.present_product_id).toBe(present!.id);
    const order = await placeAndPay(s, [lineId], summary.body, {
      action_ids: [tv.action_id],
      present_product_id: present!.id,
    });
    expect(order.basket.find((l) => l.kind === 'present')).toMatchObject({ product_id: present!.id, final_price: 0 });
    expect(order.total_sum).toBe(tv.price);
  });
});

describe('payment types the promotions allow', () => {
  it('ХОЛОД2000 allows a card and credit: no SBP at create-order nor on the repayment page', async () => {
    const fridge = await linked(`a.promocode = 'ХОЛОД2000'`, 'main', 30_000_00);
    const s = shopper();
    const lineId = await s.add(fridge.id);
    const sbp = await s.order({ line_ids: [lineId], promocode: 'ХОЛОД2000', payment_type: 64 });
    expect(sbp.status).toBe(422);
    expect(sbp.body.errors.payment_type).toBeDefined();
    const placed = await s.order({ line_ids: [lineId], promocode: 'ХОЛОД2000' });
    expect(placed.status).toBe(201);
    const info = await s.send<Omit<PaymentInfo, 'status'>>(`/api/payment-info/${placed.body.id}`);
    expect(info.body.payments.map((p) => p.id)).toEqual([1017]);
    const refused = await s.send('/api/create-payment', { order_id: placed.body.id, payment_type_id: 1064 });
    expect(refused.status).toBe(422);
  });

  it('without a promotion the card order may be paid by SBP too', async () => {
    const fridge = await linked(`a.promocode = 'ХОЛОД2000'`, 'main', 30_000_00);
    const s = shopper();
    const lineId = await s.add(fridge.id);
    const placed = await s.order({ line_ids: [lineId] });
    expect(placed.status).toBe(201);
    expect(placed.body.total_sum).toBe(fridge.price);
    const info = await s.send<Omit<PaymentInfo, 'status'>>(`/api/payment-info/${placed.body.id}`);
    expect(info.body.payments.map((p) => p.id)).toEqual([1017, 1064]);
  });
});

describe('a shortage', () => {
  it('is 409 naming the product and the units left; nothing is placed and the basket keeps the line', async () => {
    const fridge = await linked(`a.promocode = 'ХОЛОД2000'`, 'main', 30_000_00);
    const [named] = await h.handle.query<{ name: string }>('select name from products where id = $1', [fridge.id]);
    const s = shopper();
    const lineId = await s.add(fridge.id, 2);
    await stockOf(fridge.id, 1);
    const before = await h.handle.query<{ n: number }>('select count(*)::int as n from orders');
    const r = await s.order({ line_ids: [lineId], payment_type: 1 });
    expect(r.status).toBe(409);
    expect(r.body.errors.line_ids).toEqual([`${named!.name}: осталось 1 шт.`]);
    const after = await h.handle.query<{ n: number }>('select count(*)::int as n from orders');
    expect(after[0]!.n).toBe(before[0]!.n);
    const basket = await s.basket();
    expect(basket.body.items).toEqual([expect.objectContaining({ id: lineId, qty: 2, max_qty: 1 })]);
    // «Оставить 1 шт.»: the shopper lowers it, and the order goes through.
    const kept = await s.send<BasketAnswer>('/api/basket/update-item-quantity', { line_id: lineId, qty: 1 });
    expect(kept.body.items[0]!.qty).toBe(1);
    const placed = await s.order({ line_ids: [lineId], payment_type: 1 });
    expect(placed.status).toBe(201);
    expect(placed.body.basket[0]!.qty).toBe(1);
  });
});
