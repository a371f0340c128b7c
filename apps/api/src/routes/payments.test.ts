import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptVatCode, standardVatRate } from '@store/domain';
import type { SandboxProvider } from '../adapters/payment-provider.ts';
import type { ApiErrorBody } from '../http/errors.ts';
import type {
  CreatedPayment,
  PaymentInfo,
  PaymentStatus,
  PaymentSummary,
  VirtualPayment,
} from '../schemas/payments.ts';
import { acquirerPage, createHarness, type Harness } from '../test/api-harness.ts';
import { insertOrder, newBasketId, type FixtureOrder } from '../test/order-fixture.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ DEV_TOOLS: 'on' });
});
afterAll(async () => {
  await h.close();
});

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const as = (basketId: string | null): Record<string, string> => (basketId ? { cookie: `basket_id=${basketId}` } : {});

async function createPayment(order: { id: number; basketId: string }, paymentTypeId?: number) {
  return h.json<CreatedPayment & ApiErrorBody>('/api/create-payment', {
    method: 'POST',
    headers: { ...XHR, ...as(order.basketId), 'content-type': 'application/json' },
    body: JSON.stringify({ order_id: order.id, ...(paymentTypeId ? { payment_type_id: paymentTypeId } : {}) }),
  });
}

const info = (order: { id: number; basketId: string }) =>
  h.json<PaymentInfo>(`/api/payment-info/${order.id}`, { headers: as(order.basketId) });

/** The sandbox acquirer's site, driven like a browser without JavaScript (forms, 303 redirects). */
const acquirer = (path: string, form?: Record<string, string>) => acquirerPage(h, path, form);

const card = (number: string) => ({ number, expiry: '12/35', cvc: '123', holder: 'IVAN PETROV' });

async function orderRow(id: number) {
  const [row] = await h.handle.query<{ status_id: string; payment_status_oi: number; sum_prepaid: number }>(
    `select status_id, payment_status_oi, sum_prepaid from orders where id = $1`,
    [id],
  );
  return row!;
}

async function paymentRow(id: number) {
  const [row] = await h.handle.query<{
    status: string;
    paid_at: string | null;
    decline_reason: string | null;
    provider_payment_id: string;
    amount: number;
  }>(`select status, paid_at, decline_reason, provider_payment_id, amount from payments where id = $1`, [id]);
  return row!;
}

const historyOf = async (id: number) =>
  (
    await h.handle.query<{ status_id: string }>(
      `select status_id from order_status_history where order_id = $1 order by id`,
      [id],
    )
  ).map((r) => r.status_id);

/** Pays an order through the card page with one card; the answer of the form post. */
async function payWithCard(order: FixtureOrder, number: string) {
  const created = await createPayment(order);
  expect(created.status).toBe(201);
  const page = await acquirer(created.body.confirmation_url!);
  expect(page.status).toBe(200);
  const posted = await acquirer(`${created.body.confirmation_url}/card`, card(number));
  return { paymentId: created.body.payment_id, url: created.body.confirmation_url!, posted };
}

describe('create-payment and the sandbox card page', () => {
  it('starts a payment with a confirmation page, and answers the same open payment again', async () => {
    const order = await insertOrder(h.handle);
    const first = await createPayment(order);
    expect(first.status).toBe(201);
    expect(first.body.status).toBe('pending');
    expect(first.body.confirmation_url).toMatch(/^\/sandbox-acquirer\/pay\/sbx_[0-9a-f]{24}$/);
    const again = await createPayment(order);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    const count = await h.handle.query<{ n: number }>(`select count(*)::int as n from payments where order_id = $1`, [
      order.id,
    ]);
    expect(count[0]!.n).toBe(1);
    const page = await acquirer(first.body.confirmation_url!);
    expect(page.text).toContain('Тестовая платёжная страница');
    expect(page.text).toContain('4000 0000 0000 3220');
    expect(page.text).toContain(`Оплата заказа №${order.id}`);
  });

  it('success card: the order is paid (status P with history, sum_prepaid, outbox) and the shopper returns', async () => {
    const order = await insertOrder(h.handle, { vats: [20, 10] });
    const { paymentId, posted } = await payWithCard(order, '4111 1111 1111 1111');
    expect(posted.status).toBe(303);
    expect(posted.location).toBe(`/cart/success/${order.id}`);
    expect(await orderRow(order.id)).toEqual({ status_id: 'P', payment_status_oi: 2, sum_prepaid: order.totalSum });
    expect(await historyOf(order.id)).toEqual(['N', 'P']);
    const payment = await paymentRow(paymentId);
    expect(payment.status).toBe('succeeded');
    expect(payment.paid_at).not.toBeNull();
    const outbox = await h.json<{ template: string; body: string; channel: string }[]>(
      '/api/dev/outbox?recipient=79161234567',
    );
    const messages = outbox.body.filter((m) => m.template === 'payment-succeeded' && m.body.includes(`№${order.id}`));
    expect(messages.map((m) => m.channel)).toEqual(['sms']);
    expect(messages[0]!.body).toContain('Оплата получена');
    const state = await info(order);
    expect(state.body).toMatchObject({ paymentStatus: 'succeeded', paymentStatusOi: 2, status: 'paid' });
    expect(state.body.can_repayment).toBe(false);
    expect(state.body.payments).toEqual([]);
    expect(state.body.order.status).toEqual({ id: 'P', name: 'Оплачен', text: null });
    expect(state.body.order.waiting_sum).toBe(0);
    // The acquirer's page now shows the result instead of the form.
    expect((await acquirer(`/sandbox-acquirer/pay/${payment.provider_payment_id}`)).text).toContain('Платёж проведён');
    expect((await createPayment(order)).status).toBe(409);
  });

  it('decline card: «Недостаточно средств», the order stays unpaid and can be paid again', async () => {
    const order = await insertOrder(h.handle);
    const { paymentId, posted } = await payWithCard(order, '4000 0000 0000 0002');
    expect(posted.location).toBe(`/cart/success/${order.id}`);
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'declined', decline_reason: 'Недостаточно средств' });
    expect(await orderRow(order.id)).toEqual({ status_id: 'N', payment_status_oi: 1, sum_prepaid: 0 });
    const state = await info(order);
    expect(state.body.can_repayment).toBe(true);
    expect(state.body.paymentStatus).toBe('declined');
    expect(state.body.last_payment?.decline_reason).toBe('Недостаточно средств');
    expect(state.body.payments.map((p) => p.id)).toEqual([1017, 1064]);

    const retry = await payWithCard(order, '4111111111111111');
    expect(retry.paymentId).not.toBe(paymentId);
    expect(await orderRow(order.id)).toMatchObject({ status_id: 'P', payment_status_oi: 2 });
  });

  it('3-D Secure card: the right code pays, a wrong one declines', async () => {
    const good = await insertOrder(h.handle);
    const first = await payWithCard(good, '4000 0000 0000 3220');
    expect(first.posted).toMatchObject({ status: 303, location: `${first.url}/3ds` });
    expect(await paymentRow(first.paymentId)).toMatchObject({ status: 'pending' });
    const codePage = await acquirer(`${first.url}/3ds`);
    expect(codePage.text).toContain('123456');
    expect((await acquirer(`${first.url}/3ds`, { code: '' })).status).toBe(422);
    const confirmed = await acquirer(`${first.url}/3ds`, { code: '123456' });
    expect(confirmed.location).toBe(`/cart/success/${good.id}`);
    expect(await orderRow(good.id)).toMatchObject({ payment_status_oi: 2 });

    const bad = await insertOrder(h.handle);
    const second = await payWithCard(bad, '4000000000003220');
    const refused = await acquirer(`${second.url}/3ds`, { code: '654321' });
    expect(refused.location).toBe(`/cart/success/${bad.id}`);
    expect(await paymentRow(second.paymentId)).toMatchObject({
      status: 'declined',
      decline_reason: 'Неверный код подтверждения 3-D Secure',
    });
    expect(await orderRow(bad.id)).toMatchObject({ payment_status_oi: 1 });
  });

  it('re-shows the card form with field errors and keeps the order untouched', async () => {
    const order = await insertOrder(h.handle);
    const created = await createPayment(order);
    const posted = await acquirer(`${created.body.confirmation_url}/card`, {
      number: '1234',
      expiry: '01/20',
      cvc: '',
      holder: 'Иван',
    });
    expect(posted.status).toBe(422);
    expect(posted.text).toContain('Проверьте номер карты');
    expect(posted.text).toContain('Срок действия карты истёк');
    expect(posted.text).toContain('aria-invalid="true"');
    expect(await paymentRow(created.body.payment_id)).toMatchObject({ status: 'pending' });
  });

  it('SBP: a QR page (SVG) and the bank-app buttons pay or refuse', async () => {
    const order = await insertOrder(h.handle);
    const created = await createPayment(order, 1064);
    expect(created.status).toBe(201);
    const page = await acquirer(created.body.confirmation_url!);
    expect(page.text).toContain('<svg class="sbx-qr"');
    expect(page.text).toContain(`http://store.test${created.body.confirmation_url}/sbp`);
    expect(page.text).toContain('Оплатить');
    expect(page.text).toContain('Отказаться');
    expect((await acquirer(`${created.body.confirmation_url}/sbp`)).status).toBe(200);
    const refused = await acquirer(`${created.body.confirmation_url}/sbp`, { decision: 'refuse' });
    expect(refused.location).toBe(`/cart/success/${order.id}`);
    expect(await paymentRow(created.body.payment_id)).toMatchObject({ status: 'declined' });

    const again = await createPayment(order, 1064);
    expect(again.body.payment_id).not.toBe(created.body.payment_id);
    await acquirer(`${again.body.confirmation_url}/sbp`, { decision: 'pay' });
    expect(await orderRow(order.id)).toMatchObject({ payment_status_oi: 2, status_id: 'P' });
  });

  it('switching from card to SBP cancels the open card payment', async () => {
    const order = await insertOrder(h.handle);
    const cardPayment = await createPayment(order, 1017);
    const sbp = await createPayment(order, 1064);
    expect(sbp.status).toBe(201);
    expect(await paymentRow(cardPayment.body.payment_id)).toMatchObject({ status: 'cancelled' });
  });

  it('opens a new payment when the provider forgot the open one (the sandbox after a restart)', async () => {
    const order = await insertOrder(h.handle);
    const first = await createPayment(order);
    const lost = await paymentRow(first.body.payment_id);
    await (h.api.paymentProvider as SandboxProvider).sessions.delete(lost.provider_payment_id);
    expect((await acquirer(first.body.confirmation_url!)).text).toContain('Платёж не найден');
    const second = await createPayment(order);
    expect(second.status).toBe(201);
    expect(second.body.payment_id).not.toBe(first.body.payment_id);
    expect(await paymentRow(first.body.payment_id)).toMatchObject({ status: 'cancelled' });
    expect((await acquirer(second.body.confirmation_url!)).status).toBe(200);
  });

  it('init-payment restarts a declined payment with a new provider session', async () => {
    const order = await insertOrder(h.handle);
    const { paymentId, url } = await payWithCard(order, '4000 0000 0000 0002');
    const restarted = await h.json<PaymentSummary>(`/api/init-payment/${paymentId}`, {
      method: 'POST',
      headers: { ...XHR, ...as(order.basketId) },
    });
    expect(restarted.status).toBe(200);
    expect(restarted.body).toMatchObject({ payment_id: paymentId, status: 'pending', decline_reason: null });
    expect(restarted.body.confirmation_url).not.toBe(url);
    const polled = await h.json<PaymentStatus>(`/api/payment-action-status/${paymentId}`, {
      headers: as(order.basketId),
    });
    expect(polled.body).toMatchObject({ status: 'pending', order_paid: false });
    await acquirer(`${restarted.body.confirmation_url}/card`, card('4111 1111 1111 1111'));
    const after = await h.json<PaymentStatus>(`/api/payment-action-status/${paymentId}`, {
      headers: as(order.basketId),
    });
    expect(after.body).toMatchObject({ status: 'succeeded', order_paid: true });
    const again = await h.json<ApiErrorBody>(`/api/init-payment/${paymentId}`, {
      method: 'POST',
      headers: { ...XHR, ...as(order.basketId) },
    });
    expect(again.status).toBe(409);
  });
});

describe('54-FZ receipt', () => {
  it('stores items with VAT codes from the lines, full prepayment, the warranty as a service, and the customer', async () => {
    const order = await insertOrder(h.handle, { vats: [20, 10], warranty: true, deliveryCost: 290_00 });
    const created = await createPayment(order);
    const payment = await h.json<PaymentSummary>(`/api/v3/customer/orders/payment/${created.body.payment_id}`, {
      headers: as(order.basketId),
    });
    expect(payment.status).toBe(200);
    const receipt = payment.body.receipt!;
    // The standard rate of today (22 % from 2026, 20 % before), the reduced 10 % kept.
    const standard = receiptVatCode(standardVatRate(new Date()));
    expect(receipt.items.map((i) => [i.vat_code, i.payment_object])).toEqual([
      [standard, 'commodity'],
      [standard, 'service'],
      ['vat10', 'commodity'],
      [standard, 'service'],
    ]);
    expect(Date.parse(receipt.issued_at!)).toBeGreaterThan(Date.now() - 60_000);
    expect(receipt.items.every((i) => i.payment_method === 'full_prepayment')).toBe(true);
    expect(receipt.items.at(-1)).toMatchObject({ name: 'Доставка', amount: 290_00 });
    expect(receipt.customer).toEqual({ phone: '79161234567', email: 'ivan@example.ru' });
    expect(receipt.taxation_system).toBe('osn');
    expect(receipt.total).toBe(order.totalSum);
    expect(payment.body.amount).toBe(order.totalSum);
    expect(receipt.items[0]!.name).toBe(order.lines[0]!.name);
  });
});

describe('the signed callback', () => {
  const provider = () => h.api.paymentProvider as SandboxProvider;

  async function openPayment() {
    const order = await insertOrder(h.handle);
    const created = await createPayment(order);
    const payment = await paymentRow(created.body.payment_id);
    return { order, paymentId: created.body.payment_id, payment };
  }

  const body = (eventId: string, providerId: string, amount: number) =>
    JSON.stringify({
      event_id: eventId,
      type: 'payment.succeeded',
      payment: { id: providerId, amount, status: 'succeeded', decline_reason: null },
    });

  const send = (raw: string, signature?: string) =>
    h.json<{ status: string; outcome?: string } & ApiErrorBody>('/api/payment/callback/sandbox', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(signature ? { 'x-sandbox-signature': signature } : {}) },
      body: raw,
    });

  it('refuses a wrong or missing signature (401), logs it with the event id, stores it, changes nothing', async () => {
    const { order, paymentId, payment } = await openPayment();
    const raw = body('evt_forged_1', payment.provider_payment_id, payment.amount);
    const forged = await send(raw, 'ab'.repeat(32));
    expect(forged.status).toBe(401);
    expect((await send(raw)).status).toBe(401);
    // Signed with another secret.
    const other = await send(raw, provider().sign(raw.replace('evt_forged_1', 'evt_other')));
    expect(other.status).toBe(401);
    const warned = h.logLines
      .map((l) => JSON.parse(l) as { level: string; msg: string; event_id?: string })
      .filter((l) => l.level === 'warn' && l.event_id === 'evt_forged_1');
    expect(warned.length).toBe(3);
    expect(warned[0]!.msg).toMatch(/signature/);
    const stored = await h.handle.query<{ signature_valid: boolean }>(
      `select signature_valid from payment_callbacks where event_id = 'evt_forged_1'`,
    );
    expect(stored.map((r) => r.signature_valid)).toEqual([false, false, false]);
    expect(await paymentRow(paymentId)).toMatchObject({ status: 'pending' });
    expect(await orderRow(order.id)).toMatchObject({ payment_status_oi: 1, sum_prepaid: 0 });
  });

  it('takes the same event twice (also at once) as one change: sum_prepaid counted once, one history row', async () => {
    const { order, payment } = await openPayment();
    const raw = body('evt_twice_1', payment.provider_payment_id, payment.amount);
    const signature = provider().sign(raw);
    const [a, b] = await Promise.all([send(raw, signature), send(raw, signature)]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect([a.body.outcome, b.body.outcome].sort()).toEqual(['applied', 'repeated']);
    const third = await send(raw, signature);
    expect(third.body).toEqual({ status: 'ok', outcome: 'repeated' });
    expect(await orderRow(order.id)).toEqual({ status_id: 'P', payment_status_oi: 2, sum_prepaid: payment.amount });
    expect(await historyOf(order.id)).toEqual(['N', 'P']);
    const outbox = await h.handle.query<{ n: number }>(
      `select count(*)::int as n from notification_outbox where template = 'payment-succeeded' and payload->>'order_id' = $1`,
      [String(order.id)],
    );
    expect(outbox[0]!.n).toBe(2); // one SMS and one e-mail
    // A different event for the paid payment changes nothing either.
    const later = body('evt_twice_2', payment.provider_payment_id, payment.amount);
    expect((await send(later, provider().sign(later))).body.outcome).toBe('ignored');
    expect((await orderRow(order.id)).sum_prepaid).toBe(payment.amount);
  });

  it('refuses an amount that differs from the payment, and an unknown payment', async () => {
    const { order, payment } = await openPayment();
    const wrong = body('evt_amount_1', payment.provider_payment_id, payment.amount - 1);
    expect((await send(wrong, provider().sign(wrong))).status).toBe(422);
    const unknown = body('evt_unknown_1', 'sbx_nothing', 100);
    expect((await send(unknown, provider().sign(unknown))).status).toBe(404);
    const garbage = 'not json';
    expect((await send(garbage, provider().sign(garbage))).status).toBe(422);
    expect(await orderRow(order.id)).toMatchObject({ payment_status_oi: 1 });
  });
});

describe('access and input', () => {
  it("answers 404 for someone else's order or payment, and for a guest without a basket", async () => {
    const order = await insertOrder(h.handle);
    const created = await createPayment(order);
    const stranger = { id: order.id, basketId: newBasketId() };
    expect((await createPayment(stranger)).status).toBe(404);
    expect((await info(stranger)).status).toBe(404);
    expect((await h.call(`/api/payment-info/${order.id}`)).status).toBe(404);
    for (const path of [
      `/api/payment-action-status/${created.body.payment_id}`,
      `/api/v3/customer/orders/payment/${created.body.payment_id}`,
      `/api/payment/virtual?order_id=${order.id}`,
    ]) {
      expect((await h.call(path, { headers: as(stranger.basketId) })).status).toBe(404);
    }
    const init = await h.call(`/api/init-payment/${created.body.payment_id}`, {
      method: 'POST',
      headers: { ...XHR, ...as(stranger.basketId) },
    });
    expect(init.status).toBe(404);
    expect((await createPayment({ id: 999_999_999, basketId: order.basketId })).status).toBe(404);
  });

  it('validates input with field errors', async () => {
    const order = await insertOrder(h.handle);
    const empty = await h.json<ApiErrorBody>('/api/create-payment', {
      method: 'POST',
      headers: { ...XHR, ...as(order.basketId), 'content-type': 'application/json' },
      body: JSON.stringify({ order_id: 'abc' }),
    });
    expect(empty.status).toBe(422);
    expect(empty.body.errors.order_id).toEqual(['Допустимы только цифры.']);
    const unoffered = await createPayment(order, 1019);
    expect(unoffered.status).toBe(422);
    expect(unoffered.body.errors.payment_type_id).toEqual(['Этот способ оплаты недоступен для заказа']);
    expect((await h.call('/api/payment-info/abc')).status).toBe(422);
    const noXhr = await h.call('/api/create-payment', { method: 'POST', body: '{}' });
    expect(noXhr.status).toBe(403);
  });
});

describe('repayment offers', () => {
  it('offers the virtual payments linked to the order type: card and SBP for 17, SBP and card for 64', async () => {
    const card = await insertOrder(h.handle, { paymentType: 17 });
    expect((await info(card)).body.payments.map((p) => p.id)).toEqual([1017, 1064]);
    const sbp = await insertOrder(h.handle, { paymentType: 64 });
    expect((await info(sbp)).body.payments.map((p) => p.id)).toEqual([2064, 2017]);
    const virtual = await h.json<VirtualPayment[]>(`/api/payment/virtual?order_id=${sbp.id}`, {
      headers: as(sbp.basketId),
    });
    expect(virtual.body.map((p) => p.id)).toEqual([2064, 2017]);
    expect((await h.json<VirtualPayment[]>('/api/payment/virtual')).body.length).toBe(5);
    // The order's own type picks the virtual payment of its kind.
    const created = await createPayment(sbp, 64);
    const row = await h.handle.query<{ payment_type_id: number }>(
      `select payment_type_id from payments where id = $1`,
      [created.body.payment_id],
    );
    expect(row[0]!.payment_type_id).toBe(2064);
  });

  it('offers nothing and refuses to pay an order paid on receipt, a paid or a cancelled one', async () => {
    const cash = await insertOrder(h.handle, { paymentType: 1 });
    const cashInfo = await info(cash);
    expect(cashInfo.body).toMatchObject({ payments: [], can_repayment: false, status: 'active' });
    expect(cashInfo.body.order.payment_required).toBe(false);
    expect((await createPayment(cash)).status).toBe(409);

    const cancelled = await insertOrder(h.handle, { statusId: 'I' });
    const cancelledInfo = await info(cancelled);
    expect(cancelledInfo.body).toMatchObject({ payments: [], can_repayment: false, status: 'cancelled' });
    const refused = await createPayment(cancelled);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe('Заказ отменён или завершён');
  });

  it('describes the order for the success page: status, delivery line, shelf life, lines and totals', async () => {
    const order = await insertOrder(h.handle, { vats: [20], qty: 2 });
    const { body } = await info(order);
    expect(body.order).toMatchObject({
      id: order.id,
      status: { id: 'N', name: 'Принят', text: null },
      delivery_type_name: 'Самовывоз',
      delivery_line: { kind: 'date', date: '2026-06-01', interval: null },
      shelf_life_date: '2026-06-06',
      total_sum: order.totalSum,
      waiting_sum: order.totalSum,
      payment_required: true,
      can_repayment: true,
      is_paid: false,
    });
    expect(body.order.cms_addressee?.address).toBeTruthy();
    expect(body.order.basket[0]).toMatchObject({ product_id: order.lines[0]!.productId, qty: 2 });
    expect(body.prepaidBasket).toEqual([
      { product_id: order.lines[0]!.productId, amount: order.lines[0]!.finalPrice * 2 },
    ]);
    const contactCentre = await insertOrder(h.handle, { orderTypeId: 17 });
    expect((await info(contactCentre)).body.order.delivery_line).toEqual({
      kind: 'contact-centre',
      text: 'С вами свяжется оператор контакт-центра',
    });
  });
});
