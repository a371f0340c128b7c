// Bonuses in checkout (issue 15): create-order takes the chosen bonuses off the lines by their limits,
// blocks them in the order's transaction, and a cancellation gives them back; 20 checkouts of one card
// at once never spend more than it holds.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeToken } from '@store/db/seed/staff';
import type { Order } from '../schemas/orders.ts';
import { SIGN_IN_FOR_BONUSES } from '../services/loyalty-checkout.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { payByCard } from '../test/card-payment.ts';
import { TestSession } from '../test/session.ts';
import { setStock } from '../test/stock.ts';

let h: Harness;
let moscow: number;
let multicenter: number;
let operator: TestSession;
let product: { id: number; price: number };

beforeAll(async () => {
  h = await createHarness();
  [{ id: moscow }] = (await h.handle.query<{ id: number }>(`select id from cities where alias = 'moskva'`)) as [
    { id: number },
  ];
  [{ id: multicenter }] = (await h.handle.query<{ id: number }>(
    'select id from stores where city_id = $1 and type = 1 and status = 1 order by id limit 1',
    [moscow],
  )) as [{ id: number }];
  [product] = (await h.handle.query<{ id: number; price: number }>(
    `select p.id, o.price from products p
       join product_offers o on o.product_id = p.id join categories c on c.id = p.category_id
      where p.status = 1 and c.status = 1 and o.available and not p.is_pre_order and o.order_type = 'false'
        and c.path[1] = 200 and o.price between 2000000 and 9000000
      order by p.id limit 1`,
  )) as [{ id: number; price: number }];
  await setStock(h.handle, product.id, [{ storeId: multicenter, qty: 200 }]);
  operator = new TestSession(h, '10.30.0.99');
  await operator.call('POST', '/api/user/register-upos', { mode: 'token', code: employeeToken(5005) });
});
afterAll(() => h.close());

type Balance = { total: number; available: number; blocked: number; pending: number };
let keySeq = 0;

/** One line of the product into the basket and create-order for it (cash on receipt unless paid online). */
async function order(s: TestSession, bonuses?: number, { qty = 1, paymentType = 1 } = {}) {
  const added = await s.call<{ items: { id: number; product_id: number }[] }>('POST', '/api/basket/add-item', {
    product_id: product.id,
    qty,
  });
  expect(added.status).toBe(200);
  const lineId = added.body.items.find((i) => i.product_id === product.id)!.id;
  return s.call<Order & { errors: Record<string, string[]> }>('POST', `/api/create-order?city_id=${moscow}`, {
    idempotency_key: `loyalty-checkout-${Date.now()}-${++keySeq}`,
    line_ids: [lineId],
    contacts: { contact_name: 'Ольга', mobile_phone: '+7 (916) 700-00-01' },
    delivery: { delivery_type: 1, store_id: multicenter },
    payment_type: paymentType,
    ...(bonuses === undefined ? {} : { bonuses }),
  });
}

async function grant(cardId: string, amount: number) {
  const r = await operator.call('POST', '/api/ops/loyalty/custom', {
    card_id: cardId,
    amount,
    comment: 'Приветственные бонусы',
    idempotency_key: `grant-${cardId}-${++keySeq}`,
  });
  expect(r.status).toBe(201);
}

describe('bonuses in create-order', () => {
  it('takes them off the line, blocks them, and a cancellation returns them', async () => {
    const s = new TestSession(h, '10.30.1.1');
    await s.register('+7 916 700-00-01');
    const card = (await s.call<{ card_id: string }>('POST', '/api/v2/plus-card/add', {})).body;
    await grant(card.card_id, 1000);
    const placed = await order(s, 300);
    expect(placed.status).toBe(201);
    expect(placed.body.total_sum).toBe(product.price - 300 * 100);
    const line = placed.body.basket.find((l) => l.product_id === product.id)!;
    expect(line.final_price).toBe(product.price - 300 * 100);
    expect(placed.body.basket.reduce((s2, l) => s2 + l.final_price * l.qty, 0) + placed.body.delivery_cost).toBe(
      placed.body.total_sum,
    );
    const held = (await s.call<Balance>('GET', '/api/v2/users/bonuses/amount')).body;
    expect(held).toMatchObject({ available: 700, blocked: 300, total: 1000 });

    const cancelled = await s.call('POST', `/api/v3/customer/orders/${placed.body.id}/cancel`);
    expect(cancelled.status).toBe(200);
    const back = (await s.call<Balance>('GET', '/api/v2/users/bonuses/amount')).body;
    expect(back).toMatchObject({ available: 1000, blocked: 0, total: 1000 });
    const history = (await s.call<{ title: string; amount: number }[]>('GET', '/api/v2/users/bonuses/history')).body;
    expect(history[0]).toMatchObject({ title: 'Возврат списанных бонусов', amount: 300 });
    expect(history[1]).toMatchObject({
      title: `Заказ №${placed.body.id}`.replace('Заказ', 'Оплата заказа'),
      amount: -300,
    });
  });

  it('a paid order turns the blocked bonuses into a write-off', async () => {
    const s = new TestSession(h, '10.30.1.4');
    await s.register('+7 916 700-00-04');
    const card = (await s.call<{ card_id: string }>('POST', '/api/v2/plus-card/add', {})).body;
    await grant(card.card_id, 400);
    const placed = await order(s, 100);
    expect(placed.status).toBe(201);
    expect((await s.call<Balance>('GET', '/api/v2/users/bonuses/amount')).body).toMatchObject({ blocked: 100 });
    // What the acquirer's success callback leaves on the order (services/payments.ts): paid, status P.
    await h.handle.query(`update orders set payment_status_oi = 2, status_id = 'P' where id = $1`, [placed.body.id]);
    expect((await s.call<Balance>('GET', '/api/v2/users/bonuses/amount')).body).toMatchObject({
      total: 300,
      available: 300,
      blocked: 0,
    });
    const history = (await s.call<{ title: string }[]>('GET', '/api/v2/users/bonuses/history')).body;
    expect(history[0]!.title).toBe(`Оплата заказа №${placed.body.id}`);
  });

  it('refuses more than the basket allows, more than the card holds, and bonuses without a card', async () => {
    const s = new TestSession(h, '10.30.1.2');
    await s.register('+7 916 700-00-02');
    const card = (await s.call<{ card_id: string }>('POST', '/api/v2/plus-card/add', {})).body;
    await grant(card.card_id, 50);
    const limit = (
      await s.call<{ maxAmount: number }>('POST', `/api/v2/plus-card/products-limit?city_id=${moscow}`, {
        products: [{ product_id: product.id, qty: 1 }],
      })
    ).body.maxAmount;
    expect(limit).toBe(Math.floor((product.price * 30) / 100 / 100));
    const tooMany = await order(s, limit + 1);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.bonuses?.[0]).toMatch(/^Можно списать не больше/);
    const notEnough = await order(s, 60);
    expect(notEnough.status).toBe(422);
    expect(notEnough.body.errors.bonuses).toEqual(['Недостаточно бонусов на карте']);
    const guest = await order(new TestSession(h, '10.30.1.3'), 10);
    expect(guest.status).toBe(422);
    expect(guest.body.errors.bonuses).toEqual([SIGN_IN_FOR_BONUSES]);
    // Nothing was blocked by the refused orders.
    expect((await s.call<Balance>('GET', '/api/v2/users/bonuses/amount')).body).toMatchObject({ available: 50 });
  });

  it('20 concurrent checkouts of one card spend no more than it holds', async () => {
    // A guest signed in to the programme by SMS; twenty browsers share its card cookie.
    const first = new TestSession(h, '10.30.2.1');
    const sent = await first.call<{ request_id: string }>('GET', '/api/v2/plus-card/verify-data?phone=79167000003');
    const code = await first.lastCode('79167000003');
    const card = (
      await first.call<{ card_id: string }>(
        'GET',
        `/api/v2/plus-card/validate-verify-data?phone=79167000003&code=${code}&request_id=${sent.body.request_id}`,
      )
    ).body;
    await grant(card.card_id, 1000);
    const sessions = Array.from({ length: 20 }, (_, i) => {
      const s = new TestSession(h, `10.30.3.${i + 1}`);
      s.cookies.set('loyaltyCard', first.cookies.get('loyaltyCard')!);
      return s;
    });
    const results = await Promise.all(sessions.map((s) => order(s, 100)));
    const placed = results.filter((r) => r.status === 201);
    expect(placed).toHaveLength(10);
    for (const r of results.filter((x) => x.status !== 201)) {
      expect(r.status).toBe(422);
      expect(r.body.errors.bonuses).toEqual(['Недостаточно бонусов на карте']);
    }
    const balance = (await first.call<Balance>('GET', '/api/v2/users/bonuses/amount')).body;
    expect(balance).toMatchObject({ available: 0, blocked: 1000, total: 1000 });
    // Only the placed orders took stock.
    const reserved = await h.handle.query<{ n: number }>(
      `select coalesce(sum(qty), 0)::int as n from stock_reservations where product_id = $1 and released_at is null
          and order_id = any($2::int[])`,
      [product.id, results.map((r) => r.body.id ?? 0)],
    );
    expect(reserved[0]!.n).toBe(10);
  });
});

type Quote = { available: number | null; max: number; spendable: number; amount: number; applied: number };
type Calc = { total_sum: number; bonuses: Quote | null };

const calc = (s: TestSession, qty: number, bonuses?: number) =>
  s.call<Calc>('POST', `/api/v2/actions/calc-apply-to-basket?city_id=${moscow}`, {
    basket: [{ product_id: product.id, qty }],
    ...(bonuses === undefined ? {} : { bonuses }),
  });

describe('bonuses in the checkout summary (calc-apply-to-basket)', () => {
  it('prices the choice as create-order does; the acquirer, the receipt and the order agree to the kopeck', async () => {
    const s = new TestSession(h, '10.30.4.1');
    await s.register('+7 916 700-00-05');
    const card = (await s.call<{ card_id: string }>('POST', '/api/v2/plus-card/add', {})).body;
    await grant(card.card_id, 5000);
    const unitLimit = Math.floor((product.price * 30) / 100 / 100);
    // Two units: 301 bonuses cannot come off both units equally, so 300 do (one whole-kopeck price per line).
    const quoted = await calc(s, 2, 301);
    expect(quoted.status).toBe(200);
    // The card holds less than the basket takes: the card's balance is what can be spent.
    expect(quoted.body.bonuses).toEqual({
      available: 5000,
      max: 2 * unitLimit,
      spendable: 5000,
      amount: 301,
      applied: 300,
    });
    expect(quoted.body.total_sum).toBe(product.price * 2);
    // More than the basket or the card allows is cut to what can be spent.
    expect((await calc(s, 2, 10_000_000)).body.bonuses).toMatchObject({ amount: Math.min(5000, 2 * unitLimit) });
    expect((await calc(s, 2)).body.bonuses).toBeNull();

    const placed = await order(s, quoted.body.bonuses!.amount, { qty: 2, paymentType: 17 });
    expect(placed.status).toBe(201);
    const due = quoted.body.total_sum - quoted.body.bonuses!.applied * 100 + placed.body.delivery_cost;
    expect(placed.body.total_sum).toBe(due);
    expect(placed.body.waiting_sum).toBe(due);
    expect(placed.body.basket.reduce((sum, l) => sum + l.final_price * l.qty, 0) + placed.body.delivery_cost).toBe(due);
    expect((await s.call<Balance>('GET', '/api/v2/users/bonuses/amount')).body).toMatchObject({ blocked: 300 });
    // The order says what the bonuses paid (part of its discount).
    expect(placed.body).toMatchObject({ bonuses_spent: 300, gift_certificates: [] });
    expect(placed.body.discount).toBe(300 * 100);

    const payment = await payByCard(h, s, placed.body.id);
    expect(payment.amount).toBe(due);
    expect(payment.receipt.total).toBe(due);
    expect(payment.receipt.items.reduce((sum, i) => sum + i.amount, 0)).toBe(due);
    const line = payment.receipt.items.find((i) => i.qty === 2)!;
    expect(line.price).toBe(product.price - 150 * 100);
    // Paid: the hold is a write-off now.
    expect((await s.call<Balance>('GET', '/api/v2/users/bonuses/amount')).body).toMatchObject({
      available: 4700,
      blocked: 0,
    });
  });

  it('answers a guest without a card that phone authorisation is needed', async () => {
    const quoted = await calc(new TestSession(h, '10.30.4.2'), 1, 0);
    expect(quoted.body.bonuses).toEqual({
      available: null,
      max: Math.floor((product.price * 30) / 100 / 100),
      spendable: 0,
      amount: 0,
      applied: 0,
    });
  });

  it('answers what can be spent: the basket’s limit when the card holds more', async () => {
    const s = new TestSession(h, '10.30.4.3');
    await s.register('+7 916 700-00-06');
    const card = (await s.call<{ card_id: string }>('POST', '/api/v2/plus-card/add', {})).body;
    const unitLimit = Math.floor((product.price * 30) / 100 / 100);
    await grant(card.card_id, unitLimit + 1234);
    const quoted = await calc(s, 1, 0);
    expect(quoted.body.bonuses).toEqual({
      available: unitLimit + 1234,
      max: unitLimit,
      spendable: unitLimit,
      amount: 0,
      applied: 0,
    });
  });
});
