// «Частями» (payment 19, issue 17): the limit by phone (POST /api/broker/revo/limit), create-order held
// to the limit this basket checked, the first of four parts paid through the sandbox acquirer, and
// the plan with its schedule in the outbox; cancelling refunds the part paid and stops the plan at the
// provider (decision 0052).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { partsSchedule } from '@store/domain';
import type { Order } from '../schemas/orders.ts';
import { acquirerPage, createHarness, type Harness } from '../test/api-harness.ts';
import { TestSession } from '../test/session.ts';
import { moscowMulticenter, setStock } from '../test/stock.ts';
import type { PartsLimitAnswer } from './pay-in-parts.ts';
import { PARTS_CANCEL_UNAVAILABLE } from '../services/pay-in-parts.ts';
import type { SandboxPayInParts } from '../adapters/pay-in-parts.ts';
import { sandboxRefunded, type SandboxProvider } from '../adapters/payment-provider.ts';

let h: Harness;
let moscow: number;
let store: number;
beforeAll(async () => {
  h = await createHarness({ DEV_TOOLS: 'on' });
  ({ moscow, multicenter: store } = await moscowMulticenter(h.handle));
});
afterAll(async () => {
  await h.close();
});

type Answer<T> = T & { message?: string; errors?: Record<string, string[]> };
const used = new Set<number>();

/** A sellable product priced within [min, max] rubles, with units in the Moscow multicenter. */
async function product(minRub: number, maxRub: number) {
  const rows = await h.handle.query<{ id: number; price: number }>(
    `select p.id, o.price from products p join product_offers o on o.product_id = p.id
       join categories c on c.id = p.category_id
      where p.status = 1 and c.status = 1 and o.available and not p.is_pre_order and o.order_type = 'false'
        and o.price between $1 and $2
      order by p.id limit 200`,
    [minRub * 100, maxRub * 100],
  );
  const row = rows.find((r) => !used.has(r.id))!;
  used.add(row.id);
  await setStock(h.handle, row.id, [{ storeId: store, qty: 3 }]);
  return row;
}

const limit = (s: TestSession, phone: string) =>
  s.call<Answer<PartsLimitAnswer>>('POST', '/api/broker/revo/limit', { from_site: 1, phone });

/** Puts the product in the session's basket (made by the first add); its line id. */
async function addToBasket(s: TestSession, productId: number) {
  const added = await s.call<{ items: { id: number; product_id: number }[] }>('POST', '/api/basket/add-item', {
    product_id: productId,
    qty: 1,
  });
  return added.body.items.find((i) => i.product_id === productId)!.id;
}

let seq = 0;
async function placeOrder(s: TestSession, line: number, phone: string) {
  return s.call<Answer<Order>>('POST', `/api/create-order?city_id=${moscow}`, {
    idempotency_key: `parts-test-${Date.now()}-${++seq}-abcdef`,
    line_ids: [line],
    contacts: { contact_name: 'Ольга', contact_surname: 'Миронова', mobile_phone: phone },
    delivery: { delivery_type: 1, store_id: store },
    payment_type: 19,
  });
}

const acquirer = (path: string, form?: Record<string, string>) => acquirerPage(h, path, form);

describe('POST /api/broker/revo/limit', () => {
  it('answers the sandbox limit by the phone’s last digits, in the checkout state’s names', async () => {
    const s = new TestSession(h);
    const even = await limit(s, '+7 (926) 555-10-12');
    expect(even.status).toBe(200);
    expect(even.headers.get('cache-control')).toBe('no-store');
    expect(even.body).toMatchObject({
      phone: '79265551012',
      status: 'approved',
      mokkaCreditLimit: 6_000_000,
      mokkaRange: { min: 150_000, max: 6_000_000 },
      mokkaWarranty: true,
    });
    const odd = await limit(s, '+79265551013');
    expect(odd.body).toMatchObject({ status: 'approved', mokkaCreditLimit: 2_000_000, mokkaWarranty: false });
    const declined = await limit(s, '+79265550000');
    expect(declined.body).toMatchObject({ status: 'declined', mokkaCreditLimit: 0, mokkaRange: null });
    expect(declined.body.message).toBe('Для этого номера оплата частями недоступна');
    const silent = await limit(s, '+79265559999');
    expect(silent.status).toBe(200);
    expect(silent.body).toMatchObject({ status: 'unavailable', mokkaRange: null });
  });

  it('refuses a phone that is not a mobile one with a field error, and a body without a phone', async () => {
    const s = new TestSession(h);
    const bad = await limit(s, '12345');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors ?? {})).toEqual(['phone']);
    const none = await s.call<Answer<object>>('POST', '/api/broker/revo/limit', { from_site: 1 });
    expect(none.status).toBe(422);
    expect(none.body.errors?.phone).toBeDefined();
  });

  it('is listed in the OpenAPI document at its real path', async () => {
    const doc = await h.json<{ paths: Record<string, unknown> }>('/api/openapi.json');
    expect(doc.body.paths['/api/broker/revo/limit']).toBeDefined();
  });
});

describe('create-order with «Частями»', () => {
  it('needs a limit checked by this basket for the order’s phone', async () => {
    const p = await product(5_000, 15_000);
    const s = new TestSession(h);
    const line = await addToBasket(s, p.id);
    const unchecked = await placeOrder(s, line, '+79265552012');
    expect(unchecked.status).toBe(422);
    expect(unchecked.body.errors?.payment_type).toEqual(['Узнайте лимит «Частями» для номера телефона из заказа']);
    // Another shopper's check of the same phone is not this basket's.
    const other = new TestSession(h, '10.0.0.2');
    await addToBasket(other, p.id);
    expect((await limit(other, '+79265552012')).body.status).toBe('approved');
    expect((await placeOrder(s, line, '+79265552012')).status).toBe(422);
    // A declined phone is refused with its reason.
    await limit(s, '+79265550000');
    const declined = await placeOrder(s, line, '+79265550000');
    expect(declined.body.errors?.payment_type).toEqual(['Для этого номера оплата частями недоступна']);
  });

  it('refuses a total above the limit and leaves the stock alone', async () => {
    const p = await product(25_000, 55_000);
    const s = new TestSession(h);
    const line = await addToBasket(s, p.id);
    await limit(s, '+79265552013');
    const over = await placeOrder(s, line, '+79265552013');
    expect(over.status).toBe(422);
    expect(over.body.errors?.payment_type?.[0]).toMatch(/^Сумма заказа больше лимита «Частями»: 20\u00a0000\u00a0₽$/);
    const [left] = await h.handle.query<{ n: number }>(
      'select sum(quantity)::int as n from stock where product_id = $1',
      [p.id],
    );
    expect(left!.n).toBe(3);
  });

  it('takes the first of four parts through the acquirer; the plan starts and its schedule goes out once', async () => {
    const p = await product(5_000, 15_000);
    const s = new TestSession(h);
    const phone = '79265552014';
    const line = await addToBasket(s, p.id);
    expect((await limit(s, `+${phone}`)).body.status).toBe('approved');
    const placed = await placeOrder(s, line, `+${phone}`);
    expect(placed.status, JSON.stringify(placed.body)).toBe(201);
    const order = placed.body;
    const parts = partsSchedule(order.total_sum, '2026-01-01').map((x) => x.amount);
    expect(parts.reduce((a, b) => a + b, 0)).toBe(order.total_sum);
    expect(order.payment_required).toBe(true);
    expect(order.waiting_sum).toBe(parts[0]);

    const created = await s.call<{ payment_id: number; confirmation_url: string }>('POST', '/api/create-payment', {
      order_id: order.id,
    });
    expect(created.status).toBe(201);
    const [started] = await h.handle.query<{ amount: number }>('select amount from payments where id = $1', [
      created.body.payment_id,
    ]);
    expect(started!.amount).toBe(parts[0]);
    const paid = await acquirer(`${created.body.confirmation_url}/card`, {
      number: '4111 1111 1111 1111',
      expiry: '12/35',
      cvc: '123',
      holder: 'OLGA MIRONOVA',
    });
    expect(paid.status).toBe(303);

    const [row] = await h.handle.query<{ payment_status_oi: number; sum_prepaid: number; status_id: string }>(
      'select payment_status_oi, sum_prepaid, status_id from orders where id = $1',
      [order.id],
    );
    expect(row).toEqual({ payment_status_oi: 2, sum_prepaid: parts[0], status_id: 'P' });
    const [plan] = await h.handle.query<{ status: string; total: number; schedule: { amount: number }[] }>(
      'select status, total, schedule from pay_in_parts_plans where order_id = $1',
      [order.id],
    );
    expect(plan!.status).toBe('active');
    expect(plan!.total).toBe(order.total_sum);
    expect(plan!.schedule.map((x) => x.amount)).toEqual(parts);
    const [receipt] = await h.handle.query<{ total: number }>(
      `select (receipt->>'total')::int as total from payments where id = $1`,
      [created.body.payment_id],
    );
    expect(receipt!.total).toBe(parts[0]);
    const outbox = await h.json<{ template: string; body: string }[]>(`/api/dev/outbox?recipient=${phone}&limit=20`);
    const schedules = outbox.body.filter((m) => m.template === 'parts-schedule');
    expect(schedules).toHaveLength(1);
    expect(schedules[0]!.body).toContain(`заказ №${order.id} оплачивается частями`);
    // Nothing is left to pay online: the provider finances the rest.
    const again = await s.call<Answer<object>>('POST', '/api/create-payment', { order_id: order.id });
    expect(again.status).toBe(409);
  });
});

describe('cancelling an order paid «Частями»', () => {
  it('refunds the part paid through the acquirer and tells the provider to stop the schedule, once', async () => {
    const p = await product(5_000, 15_000);
    const s = new TestSession(h);
    const phone = '79265552016';
    const line = await addToBasket(s, p.id);
    expect((await limit(s, `+${phone}`)).body.status).toBe('approved');
    const placed = await placeOrder(s, line, `+${phone}`);
    expect(placed.status).toBe(201);
    const order = placed.body;
    const first = partsSchedule(order.total_sum, '2026-01-01')[0]!.amount;
    const created = await s.call<{ payment_id: number; confirmation_url: string }>('POST', '/api/create-payment', {
      order_id: order.id,
    });
    await acquirer(`${created.body.confirmation_url}/card`, {
      number: '4111 1111 1111 1111',
      expiry: '12/35',
      cvc: '123',
      holder: 'OLGA MIRONOVA',
    });
    const provider = h.api.payInParts as SandboxPayInParts;
    expect(provider.cancelledPlan(order.id)).toBeUndefined();

    const cancelled = await s.call<Order>('POST', `/api/v3/customer/orders/${order.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.refund).toMatchObject({ amount: first, gift_certificates: 0, status: 'succeeded' });
    // The provider stopped the plan: no further part is charged.
    expect(provider.cancelledPlan(order.id)).toMatchObject({ orderId: order.id, phone, total: order.total_sum });
    const [plan] = await h.handle.query<{ status: string; cancelled: boolean }>(
      'select status, cancelled_at is not null as cancelled from pay_in_parts_plans where order_id = $1',
      [order.id],
    );
    expect(plan).toEqual({ status: 'cancelled', cancelled: true });
    // The acquirer gave back exactly the first part; the refund receipt is the first part's sale receipt.
    const [payment] = await h.handle.query<{ provider_payment_id: string; receipt: { total: number } }>(
      'select provider_payment_id, receipt from payments where id = $1',
      [created.body.payment_id],
    );
    const session = await (h.api.paymentProvider as SandboxProvider).sessions.get(payment!.provider_payment_id);
    expect(sandboxRefunded(session!)).toBe(first);
    const [refund] = await h.handle.query<{ amount: number; total: number; operation: string }>(
      `select amount, (receipt->>'total')::int as total, receipt->>'operation' as operation
         from payment_refunds where order_id = $1`,
      [order.id],
    );
    expect(refund).toEqual({ amount: first, total: payment!.receipt.total, operation: 'income_return' });

    const cancelledAt = provider.cancelledPlan(order.id)!.cancelledAt;
    await s.call<Order>('POST', `/api/v3/customer/orders/${order.id}/cancel`);
    expect(provider.cancelledPlan(order.id)!.cancelledAt).toBe(cancelledAt);
    expect(
      sandboxRefunded((await (h.api.paymentProvider as SandboxProvider).sessions.get(payment!.provider_payment_id))!),
    ).toBe(first);
  });

  it('a provider that does not answer keeps the order as it was: nothing refunded, the shopper may try again', async () => {
    const p = await product(5_000, 15_000);
    const s = new TestSession(h);
    const phone = '79265552018';
    const line = await addToBasket(s, p.id);
    await limit(s, `+${phone}`);
    const placed = await placeOrder(s, line, `+${phone}`);
    expect(placed.status).toBe(201);
    const provider = h.api.payInParts as SandboxPayInParts;
    const cancelPlan = provider.cancelPlan;
    provider.cancelPlan = () => Promise.reject(new Error('provider timeout'));
    let failed;
    try {
      failed = await s.call<{ message: string }>('POST', `/api/v3/customer/orders/${placed.body.id}/cancel`);
    } finally {
      provider.cancelPlan = cancelPlan;
    }
    expect(failed.status).toBe(503);
    expect(failed.body.message).toBe(PARTS_CANCEL_UNAVAILABLE);
    const [row] = await h.handle.query<{ status_id: string }>('select status_id from orders where id = $1', [
      placed.body.id,
    ]);
    expect(row!.status_id).toBe('N');
    const again = await s.call<Order>('POST', `/api/v3/customer/orders/${placed.body.id}/cancel`);
    expect(again.status).toBe(200);
    expect(provider.cancelledPlan(placed.body.id)).toBeDefined();
  });
});
