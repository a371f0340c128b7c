// The return of a completed order within the return window (issue 15, decision 0061): the pending accrual
// is cancelled («Начисление отменено»), written-off bonuses come back («Возврат списанных бонусов»), the
// card is refunded to the kopeck with a «возврат прихода» that agrees, the units go back to sale; past the
// window it is refused; twice at once it happens once; after an operator's partial refund only the rest is
// refunded and the partial refund already cancelled its units' share of the accrual.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ORDER_RETURN_MESSAGES, type Receipt } from '@store/domain';
import { sandboxRefunded, type SandboxProvider } from '../adapters/payment-provider.ts';
import type { Order } from '../schemas/orders.ts';
import type { OrderReturnView } from '../services/order-return.ts';
import type { RefundView } from '../services/refunds.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { paidPickupOrder, payByCard } from '../test/card-payment.ts';
import { operatorSession, sellableProduct } from '../test/products.ts';
import { issuedCertificate } from '../test/gift-certificates.ts';
import { TestSession } from '../test/session.ts';
import { moscowMulticenter, setStock } from '../test/stock.ts';

let h: Harness;
let moscow: number;
let multicenter: number;
let operator: TestSession;
let product: { id: number; price: number };
let seq = 0;

beforeAll(async () => {
  h = await createHarness({ DEV_TOOLS: 'on' });
  ({ moscow, multicenter } = await moscowMulticenter(h.handle));
  // TV and audio (3 % accrual), so every order earns bonuses.
  product = await sellableProduct(h.handle, { price: [2000000, 9000000], section: 200, newest: true });
  await setStock(h.handle, product.id, [{ storeId: multicenter, qty: 500 }]);
  operator = await operatorSession(h, '10.61.1.99');
});
afterAll(() => h.close());

type Balance = { total: number; available: number; blocked: number; pending: number };
type Answer = OrderReturnView & { message?: string; errors?: Record<string, string[]> };

const sandbox = () => h.api.paymentProvider as SandboxProvider;
const refundedAt = async (providerPaymentId: string) =>
  sandboxRefunded((await sandbox().sessions.get(providerPaymentId))!);
const stockLeft = async () =>
  (
    await h.handle.query<{ quantity: number }>('select quantity from stock where product_id = $1 and store_id = $2', [
      product.id,
      multicenter,
    ])
  )[0]!.quantity;

/** A signed-in shopper with a «Мультионы» card holding `bonuses`. */
async function shopper(ip: string, bonuses: number) {
  const s = new TestSession(h, ip);
  const phone = `+7916610${String(++seq).padStart(4, '0')}`;
  await s.register(phone);
  const card = (await s.call<{ card_id: string }>('POST', '/api/v2/plus-card/add', {})).body;
  if (bonuses > 0) {
    const granted = await operator.call('POST', '/api/ops/loyalty/custom', {
      card_id: card.card_id,
      amount: bonuses,
      comment: 'Приветственные бонусы',
      idempotency_key: `return-grant-${card.card_id}-${seq}`,
    });
    expect(granted.status).toBe(201);
  }
  return { s };
}

/** `qty` units picked up in the multicenter, `bonuses` of them paid by bonuses, the rest by card; completed. */
async function completedOrder(s: TestSession, { qty = 1, bonuses = 0, complete = true, code = '' } = {}) {
  const { order, paid, payment } = await paidPickupOrder(h, s, {
    productId: product.id,
    qty,
    cityId: moscow,
    storeId: multicenter,
    phone: `+7916611${String(++seq).padStart(4, '0')}`,
    idempotencyKey: `ops-returns-${Date.now()}-${seq}`,
    bonuses,
    certificate: code,
  });
  let accrued = 0;
  if (complete) {
    const done = await operator.call<{ accrued: number }>('POST', `/api/ops/orders/${order.id}/complete`);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    accrued = done.body.accrued;
    expect(accrued).toBeGreaterThan(0);
  }
  return { order, paid, payment, accrued };
}

const returnOrder = (orderId: number, reason = 'Не подошёл по размеру, товарный вид сохранён') =>
  operator.call<Answer>('POST', `/api/ops/orders/${orderId}/return`, { reason });

const balanceOf = async (s: TestSession) => (await s.call<Balance>('GET', '/api/v2/users/bonuses/amount')).body;
const historyOf = async (s: TestSession) =>
  (await s.call<{ title: string; amount: number; order: number | null }[]>('GET', '/api/v2/users/bonuses/history'))
    .body;

describe('an operator takes back a completed order within the return window', () => {
  it('cancels the accrual, gives the bonuses back, refunds the card to the kopeck and puts the units back', async () => {
    const { s } = await shopper('10.61.1.1', 1000);
    const before = await stockLeft();
    const { order, paid, payment, accrued } = await completedOrder(s, { qty: 2, bonuses: 300 });
    expect(await stockLeft()).toBe(before - 2);
    expect(await balanceOf(s)).toMatchObject({ available: 700, blocked: 0, pending: accrued });

    const made = await returnOrder(order.id);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({
      order_id: order.id,
      status: 'I',
      accrual_cancelled: accrued,
      bonuses_returned: 300,
      refund: { card: paid.amount, certificates: 0, status: 'succeeded' },
    });
    // The acquirer gave back exactly what it took; the «возврат прихода» names both units and agrees.
    expect(await refundedAt(payment.provider_payment_id)).toBe(paid.amount);
    const [refund] = await h.handle.query<{ amount: number; receipt: Receipt; reason: string }>(
      'select amount, receipt, reason from payment_refunds where order_id = $1',
      [order.id],
    );
    expect(refund!.amount).toBe(paid.amount);
    expect(refund!.receipt.total).toBe(paid.amount);
    expect(refund!.receipt.payments).toEqual({ electronic: paid.amount, prepayment: 0 });
    expect(refund!.receipt.items.map((i) => [i.qty, i.amount])).toEqual(
      payment.receipt.items.map((i) => [i.qty, i.amount]),
    );
    expect(refund!.reason).toMatch(/товарный вид сохранён/);
    expect(made.body.refunds).toHaveLength(1);

    // The card: the 300 back and usable, the pending accrual gone; the history says so.
    expect(await balanceOf(s)).toMatchObject({ total: 1000, available: 1000, blocked: 0, pending: 0 });
    const titles = (await historyOf(s)).filter((a) => a.order === order.id).map((a) => [a.title, a.amount]);
    expect(titles).toContainEqual(['Начисление отменено', -accrued]);
    expect(titles).toContainEqual(['Возврат списанных бонусов', 300]);

    // Our multicenter's units are on sale again; the order reads cancelled; the shopper was told.
    expect(await stockLeft()).toBe(before);
    const view = await s.call<Order>('GET', `/api/v3/customer/orders/${order.id}`);
    expect(view.body.status.id).toBe('I');
    expect(view.body.refund).toMatchObject({ amount: paid.amount, status: 'succeeded' });
    const sms = await h.handle.query<{ body: string; recipient: string }>(
      `select body, recipient from notification_outbox where template = 'order-returned' and payload->>'order_id' = $1`,
      [String(order.id)],
    );
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toMatch(new RegExp(`^Мультицентр: возврат заказа №${order.id} оформлен\\. Возврат `));
    expect(sms[0]!.body).toContain('300 бонусов за оплату заказа вернулись');
    expect(sms[0]!.recipient).toBe(view.body.mobile_phone);

    // Asked again: the same return, nothing more anywhere.
    const again = await returnOrder(order.id);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(made.body);
    expect(await refundedAt(payment.provider_payment_id)).toBe(paid.amount);
    expect(await stockLeft()).toBe(before);
    expect(await balanceOf(s)).toMatchObject({ available: 1000, pending: 0 });
  });

  it('is refused after the window: the accrual is usable by then and may be spent', async () => {
    const { s } = await shopper('10.61.1.2', 0);
    const { order, payment } = await completedOrder(s);
    // Completed fifteen days ago.
    await h.handle.query(
      `update order_status_history set at = at - interval '15 days' where order_id = $1 and status_id = 'F'`,
      [order.id],
    );
    const refused = await returnOrder(order.id);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toMatch(/^Срок возврата истёк \d+ [а-я]+ \d{4} г\., \d\d:\d\d \(мск\)/);
    const [row] = await h.handle.query<{ status_id: string }>('select status_id from orders where id = $1', [order.id]);
    expect(row!.status_id).toBe('F');
    expect(await refundedAt(payment.provider_payment_id)).toBe(0);
  });

  it('five returns at once: one return, one refund', async () => {
    const { s } = await shopper('10.61.1.3', 0);
    const { order, paid, payment, accrued } = await completedOrder(s);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => returnOrder(order.id)));
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    for (const a of answers) expect(a.body).toEqual(answers[0]!.body);
    expect(await refundedAt(payment.provider_payment_id)).toBe(paid.amount);
    const [sum] = await h.handle.query<{ n: number }>(
      `select count(*)::int as n from payment_refunds where order_id = $1`,
      [order.id],
    );
    expect(sum!.n).toBe(1);
    expect(answers[0]!.body.accrual_cancelled).toBe(accrued);
    expect(await balanceOf(s)).toMatchObject({ pending: 0, available: 0 });
  });

  it('after a partial refund: its units’ share of the accrual went then, the return refunds and cancels only the rest', async () => {
    const { s } = await shopper('10.61.1.4', 0);
    const { order, paid, payment, accrued } = await completedOrder(s, { qty: 3 });
    const partial = await operator.call<RefundView>('POST', `/api/ops/orders/${order.id}/refunds`, {
      items: [{ position: 0, qty: 1 }],
      reason: 'Возврат одной единицы',
      idempotency_key: `return-partial-${order.id}`,
    });
    expect(partial.status, JSON.stringify(partial.body)).toBe(201);
    // One unit of three: ⌊a/3⌋ of the line's accrual is cancelled now, the rest still pending.
    const share = Math.floor(accrued / 3);
    expect(await balanceOf(s)).toMatchObject({ pending: accrued - share });
    if (share > 0) {
      const history = await historyOf(s);
      expect(history.filter((a) => a.order === order.id)[0]).toMatchObject({
        title: 'Начисление отменено',
        amount: -share,
      });
    }

    const made = await returnOrder(order.id);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.accrual_cancelled).toBe(accrued);
    expect(made.body.refund).toMatchObject({ card: paid.amount, status: 'succeeded' });
    const rows = await h.handle.query<{ amount: number; lines: unknown; created_by: string | null }>(
      'select amount, lines, created_by from payment_refunds where order_id = $1 order by id',
      [order.id],
    );
    expect(rows.map((r) => r.amount)).toEqual([partial.body.amount, paid.amount - partial.body.amount]);
    expect(rows[1]).toMatchObject({ lines: [{ position: 0, qty: 2 }], created_by: null });
    expect(await refundedAt(payment.provider_payment_id)).toBe(paid.amount);
    // Cancelled exactly once in all: nothing taken from elsewhere on the card.
    expect(await balanceOf(s)).toMatchObject({ total: 0, available: 0, pending: 0 });
    const [sum] = await h.handle.query<{ sum: number }>(
      `select coalesce(sum(amount), 0)::int as sum from loyalty_entries where order_id = $1 and kind = 'RetailOrderBonus'`,
      [order.id],
    );
    expect(sum!.sum).toBe(0);
  });

  it('every partial refund of a line adds up to its accrual', async () => {
    const { s } = await shopper('10.61.1.5', 0);
    const { order, accrued } = await completedOrder(s, { qty: 3 });
    for (let i = 0; i < 3; i++) {
      const r = await operator.call('POST', `/api/ops/orders/${order.id}/refunds`, {
        items: [{ position: 0, qty: 1 }],
        reason: 'Возврат одной единицы',
        idempotency_key: `return-unit-${order.id}-${i}`,
      });
      expect(r.status).toBe(201);
    }
    expect(await balanceOf(s)).toMatchObject({ pending: 0, total: 0 });
    const cancelled = await h.handle.query<{ amount: number }>(
      `select amount from loyalty_entries where order_id = $1 and kind = 'RetailOrderBonus' and amount < 0 order by id`,
      [order.id],
    );
    expect(cancelled.map((c) => -c.amount)).toEqual([
      Math.floor(accrued / 3),
      Math.floor((2 * accrued) / 3) - Math.floor(accrued / 3),
      accrued - Math.floor((2 * accrued) / 3),
    ]);
  });

  it('only a completed order, by operators only; bad input is a 422', async () => {
    const { s } = await shopper('10.61.1.6', 0);
    const { order } = await completedOrder(s, { complete: false });
    const notCompleted = await returnOrder(order.id);
    expect(notCompleted.status).toBe(422);
    expect(notCompleted.body.message).toBe(ORDER_RETURN_MESSAGES.notCompleted);
    expect((await s.call('POST', `/api/ops/orders/${order.id}/return`, { reason: 'Возврат' })).status).toBe(401);
    expect((await returnOrder(2147483647)).status).toBe(404);
    const cancelled = await s.call('POST', `/api/v3/customer/orders/${order.id}/cancel`);
    expect(cancelled.status).toBe(200);
    const afterCancel = await returnOrder(order.id);
    expect(afterCancel.status).toBe(422);
    expect(afterCancel.body.message).toBe(ORDER_RETURN_MESSAGES.cancelled);
    for (const body of [{}, { reason: 'x' }, { reason: 'Возврат', extra: 1 }, { reason: 5 }]) {
      expect((await operator.call('POST', `/api/ops/orders/${order.id}/return`, body)).status).toBe(422);
    }
  });
});

describe('a return of an order a gift certificate paid in part', () => {
  it('gives the certificate its whole share back and the card the rest, after a partial refund too', async () => {
    const code = await issuedCertificate(h.handle, 100_001);
    const { s } = await shopper('10.61.1.8', 0);
    const { order, paid, payment } = await completedOrder(s, { qty: 2, code });
    const certificateBalance = async () =>
      (await s.call<{ balance: number }>('GET', `/api/v2/gift-certificates/balance?code=${encodeURIComponent(code)}`))
        .body.balance;
    expect(await certificateBalance()).toBe(0);
    const partial = await operator.call<RefundView>('POST', `/api/ops/orders/${order.id}/refunds`, {
      items: [{ position: 0, qty: 1 }],
      reason: 'Возврат одной единицы',
      idempotency_key: `return-cert-${order.id}`,
    });
    expect(partial.status).toBe(201);
    const made = await returnOrder(order.id);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body.refund).toMatchObject({ card: paid.amount, certificates: 100_001, status: 'succeeded' });
    expect(await certificateBalance()).toBe(100_001);
    expect(await refundedAt(payment.provider_payment_id)).toBe(paid.amount);
    // Each refund's receipt agrees with what went where: the card part (1081) and the certificate's (1215).
    const rows = await h.handle.query<{ amount: number; certificate_amount: number; receipt: Receipt }>(
      'select amount, certificate_amount, receipt from payment_refunds where order_id = $1 order by id',
      [order.id],
    );
    for (const r of rows) {
      expect(r.receipt.payments).toEqual({ electronic: r.amount, prepayment: r.certificate_amount });
      expect(r.receipt.total).toBe(r.amount + r.certificate_amount);
    }
  });
});

describe('completing an order', () => {
  it('refuses a card order that is not paid, completes it once paid', async () => {
    const { s } = await shopper('10.61.1.7', 0);
    const added = await s.call<{ items: { id: number; product_id: number }[] }>('POST', '/api/basket/add-item', {
      product_id: product.id,
      qty: 1,
    });
    const placed = await s.call<Order>('POST', `/api/create-order?city_id=${moscow}`, {
      idempotency_key: `ops-returns-unpaid-${Date.now()}`,
      line_ids: [added.body.items.find((i) => i.product_id === product.id)!.id],
      contacts: { contact_name: 'Ольга', mobile_phone: '+79166119999' },
      delivery: { delivery_type: 1, store_id: multicenter },
      payment_type: 17,
    });
    expect(placed.status).toBe(201);
    const refused = await operator.call<{ message: string }>('POST', `/api/ops/orders/${placed.body.id}/complete`);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(ORDER_RETURN_MESSAGES.unpaidCompletion);
    expect(await balanceOf(s)).toMatchObject({ pending: 0 });
    await payByCard(h, s, placed.body.id);
    const done = await operator.call<{ accrued: number }>('POST', `/api/ops/orders/${placed.body.id}/complete`);
    expect(done.status).toBe(200);
    expect(done.body.accrued).toBeGreaterThan(0);
  });
});
