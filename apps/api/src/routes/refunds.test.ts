// Money back on a cancelled order (issue 17, decision 0052): cancelling a paid order refunds exactly what
// the acquirer took (the sandbox's session really changes), writes one refund per payment whatever calls
// it again or at once, issues the «возврат прихода» receipt mirroring the sale, returns a certificate's
// part to its balance (1215 on the refund receipt), and the messages promise only the refund made.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatPrice, type Receipt } from '@store/domain';
import { sandboxRefunded, type SandboxProvider } from '../adapters/payment-provider.ts';
import type { Order } from '../schemas/orders.ts';
import { CERTIFICATE_ORDER_NOT_CANCELABLE } from '../services/orders.ts';
import type { OrderReceipt } from '../schemas/receipts.ts';
import { acquirerPage, createHarness, type Harness } from '../test/api-harness.ts';
import { payByCard } from '../test/card-payment.ts';
import { sellableProduct } from '../test/products.ts';
import { issuedCertificate } from '../test/gift-certificates.ts';
import { TestSession } from '../test/session.ts';
import { moscowMulticenter, setStock } from '../test/stock.ts';

let h: Harness;
let moscow: number;
let multicenter: number;
let product: { id: number; price: number };
let seq = 0;

beforeAll(async () => {
  h = await createHarness({ DEV_TOOLS: 'on' });
  ({ moscow, multicenter } = await moscowMulticenter(h.handle));
  product = await sellableProduct(h.handle, { price: [1500000, 9000000], newest: true });
  await setStock(h.handle, product.id, [{ storeId: multicenter, qty: 200 }]);
});
afterAll(() => h.close());

const sandbox = () => h.api.paymentProvider as SandboxProvider;

const certificate = (nominal: number) => issuedCertificate(h.handle, nominal);

/** An order of one unit paid by card on the site (payment 17), with certificates when given. */
async function order(s: TestSession, phone: string, codes?: string[], paymentType = 17) {
  const added = await s.call<{ items: { id: number; product_id: number }[] }>('POST', '/api/basket/add-item', {
    product_id: product.id,
    qty: 1,
  });
  const lineId = added.body.items.find((i) => i.product_id === product.id)!.id;
  const placed = await s.call<Order>('POST', `/api/create-order?city_id=${moscow}`, {
    idempotency_key: `refunds-${Date.now()}-${++seq}`,
    line_ids: [lineId],
    contacts: { contact_name: 'Ольга', mobile_phone: phone, email: `refund${seq}@example.ru` },
    delivery: { delivery_type: 1, store_id: multicenter },
    payment_type: paymentType,
    ...(codes ? { gift_certificates: codes } : {}),
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  return placed.body;
}

const cancel = (s: TestSession, orderId: number) => s.call<Order>('POST', `/api/v3/customer/orders/${orderId}/cancel`);

interface RefundRow {
  payment_id: number;
  amount: number;
  certificate_amount: number;
  status: string;
  provider_refund_id: string | null;
  idempotency_key: string;
  receipt: Receipt;
}
const refundsOf = (orderId: number) =>
  h.handle.query<RefundRow>(
    `select payment_id, amount, certificate_amount, status, provider_refund_id, idempotency_key, receipt
       from payment_refunds where order_id = $1 order by id`,
    [orderId],
  );

async function providerIdOf(paymentOrderId: number) {
  const [row] = await h.handle.query<{ id: number; provider_payment_id: string; receipt: Receipt }>(
    `select id, provider_payment_id, receipt from payments where order_id = $1 and status = 'succeeded'`,
    [paymentOrderId],
  );
  return row!;
}

/** The cancellation's messages of an order: the SMS and the e-mail. */
const messages = (orderId: number) =>
  h.handle.query<{ channel: string; body: string }>(
    `select channel, body from notification_outbox
      where template = 'order-cancelled' and payload->>'order_id' = $1 order by id`,
    [String(orderId)],
  );

describe('cancelling an order paid by card', () => {
  it('refunds what the acquirer took, once; the refund receipt, the acquirer and the order agree', async () => {
    const s = new TestSession(h, '10.52.0.1');
    const placed = await order(s, '+79165200001');
    const paid = await payByCard(h, s, placed.id);
    expect(paid.amount).toBe(product.price);
    const payment = await providerIdOf(placed.id);

    const cancelled = await cancel(s, placed.id);
    expect(cancelled.status).toBe(200);
    const text = `Возврат ${formatPrice(paid.amount)} оформлен: деньги вернутся на карту в течение 10 дней.`;
    expect(cancelled.body.refund).toEqual({ amount: paid.amount, gift_certificates: 0, status: 'succeeded', text });

    // The acquirer's session gave back exactly what it took, under the refund row's key.
    const session = (await sandbox().sessions.get(payment.provider_payment_id))!;
    expect(sandboxRefunded(session)).toBe(paid.amount);
    const [refund] = await refundsOf(placed.id);
    expect(refund).toMatchObject({ payment_id: payment.id, amount: paid.amount, certificate_amount: 0 });
    expect(refund!.status).toBe('succeeded');
    expect(session.refunds?.[refund!.idempotency_key]?.id).toBe(refund!.provider_refund_id);

    // The receipt: the sale's lines and VAT, tag 1054 = 2, what went back to the card.
    expect(refund!.receipt.operation).toBe('income_return');
    expect(refund!.receipt.items).toEqual(payment.receipt.items);
    expect(refund!.receipt.total).toBe(paid.amount);
    expect(refund!.receipt.payments).toEqual({ electronic: paid.amount, prepayment: 0 });
    const [stored] = await h.handle.query<{ total_sum: number; sum_prepaid: number }>(
      'select total_sum, sum_prepaid from orders where id = $1',
      [placed.id],
    );
    expect(stored).toEqual({ total_sum: refund!.receipt.total, sum_prepaid: refund!.amount });

    // The receipt call lists the refund receipt after the sale's.
    const receipt = await s.call<OrderReceipt>('GET', `/api/v3/customer/orders/${placed.id}/receipt`);
    expect(receipt.status).toBe(200);
    expect(receipt.body.operation).toBe('Приход');
    expect(receipt.body.refunds).toHaveLength(1);
    expect(receipt.body.refunds[0]).toMatchObject({
      operation: 'Возврат прихода',
      total: paid.amount,
      payment: { amount: paid.amount },
      payments: { electronic: paid.amount, prepayment: 0 },
      vat_totals: receipt.body.vat_totals,
    });
    expect(receipt.body.refunds[0]!.items).toEqual(receipt.body.items);

    // The message promises the refund made.
    const sent = await messages(placed.id);
    expect(sent.map((m) => m.channel)).toEqual(['sms', 'email']);
    for (const m of sent) expect(m.body).toContain(text);

    // Cancelling again changes nothing: no second refund, no second message.
    expect((await cancel(s, placed.id)).body.refund).toEqual(cancelled.body.refund);
    expect(await refundsOf(placed.id)).toHaveLength(1);
    expect(sandboxRefunded((await sandbox().sessions.get(payment.provider_payment_id))!)).toBe(paid.amount);
    expect(await messages(placed.id)).toHaveLength(2);
  });

  it('two cancels at once refund once', async () => {
    const s = new TestSession(h, '10.52.0.2');
    const placed = await order(s, '+79165200002');
    const paid = await payByCard(h, s, placed.id);
    const both = await Promise.all([cancel(s, placed.id), cancel(s, placed.id)]);
    expect(both.map((r) => r.status)).toEqual([200, 200]);
    const refunds = await refundsOf(placed.id);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]!.amount).toBe(paid.amount);
    const payment = await providerIdOf(placed.id);
    expect(sandboxRefunded((await sandbox().sessions.get(payment.provider_payment_id))!)).toBe(paid.amount);
  });

  it('an unpaid order is cancelled without a refund, and nothing is promised', async () => {
    const s = new TestSession(h, '10.52.0.3');
    const placed = await order(s, '+79165200003');
    const cancelled = await cancel(s, placed.id);
    expect(cancelled.body.refund).toBeNull();
    expect(await refundsOf(placed.id)).toEqual([]);
    const sent = await messages(placed.id);
    expect(sent).toHaveLength(2);
    for (const m of sent) expect(m.body).not.toMatch(/Возврат|вернутся/);
  });

  it('money that arrives after the order was cancelled goes back at once', async () => {
    const s = new TestSession(h, '10.52.0.5');
    const placed = await order(s, '+79165200005');
    const created = await s.call<{ payment_id: number; confirmation_url: string }>('POST', '/api/create-payment', {
      order_id: placed.id,
    });
    expect(created.status).toBe(201);
    expect((await cancel(s, placed.id)).body.refund).toBeNull();
    // The shopper finishes paying in the tab still open.
    const page = await acquirerPage(h, `${created.body.confirmation_url}/card`, {
      number: '4111 1111 1111 1111',
      expiry: '12/35',
      cvc: '123',
      holder: 'OLGA IVANOVA',
    });
    expect(page.status).toBe(303);
    const payment = await providerIdOf(placed.id);
    const [refund] = await refundsOf(placed.id);
    expect(refund).toMatchObject({ payment_id: payment.id, amount: product.price, status: 'succeeded' });
    expect(sandboxRefunded((await sandbox().sessions.get(payment.provider_payment_id))!)).toBe(product.price);
    const view = await s.call<Order>('GET', `/api/v3/customer/orders/${placed.id}`);
    expect(view.body.refund).toMatchObject({ amount: product.price, status: 'succeeded' });
  });

  it('an acquirer that does not answer leaves the refund pending; the job refunds it later, once', async () => {
    const s = new TestSession(h, '10.52.0.4');
    const phone = '79165200004';
    const placed = await order(s, `+${phone}`);
    const paid = await payByCard(h, s, placed.id);
    const provider = sandbox();
    const refund = provider.refund;
    provider.refund = () => Promise.reject(new Error('acquirer timeout'));
    let cancelled;
    try {
      cancelled = await cancel(s, placed.id);
    } finally {
      provider.refund = refund;
    }
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.is_cancelled).toBe(true);
    expect(cancelled.body.refund).toMatchObject({ amount: paid.amount, status: 'pending' });
    expect(cancelled.body.refund!.text).not.toMatch(/в течение/);
    const sent = await messages(placed.id);
    expect(sent).toHaveLength(2);
    for (const m of sent) expect(m.body).not.toMatch(/в течение 10 дней/);
    const payment = await providerIdOf(placed.id);
    expect(sandboxRefunded((await provider.sessions.get(payment.provider_payment_id))!)).toBe(0);

    expect(await h.api.jobs.tick('refund-retry')).toBe('ran');
    const [settled] = await refundsOf(placed.id);
    expect(settled).toMatchObject({ status: 'succeeded', amount: paid.amount });
    expect(sandboxRefunded((await provider.sessions.get(payment.provider_payment_id))!)).toBe(paid.amount);
    const outbox = await h.json<{ template: string; body: string }[]>(`/api/dev/outbox?recipient=${phone}&limit=50`);
    const told = outbox.body.filter((m) => m.template === 'order-refunded');
    expect(told).toHaveLength(1);
    expect(told[0]!.body).toContain(`Возврат ${formatPrice(paid.amount)} оформлен`);
    const view = await s.call<Order>('GET', `/api/v3/customer/orders/${placed.id}`);
    expect(view.body.refund).toMatchObject({ amount: paid.amount, status: 'succeeded' });
  });
});

describe('cancelling an order paid partly or wholly with gift certificates', () => {
  it('the card gets its part back, the certificate its own; the refund receipt shows both to the kopeck', async () => {
    const s = new TestSession(h, '10.52.1.1');
    const code = await certificate(123_457);
    const placed = await order(s, '+79165201001', [code]);
    const paid = await payByCard(h, s, placed.id);
    expect(paid.amount).toBe(product.price - 123_457);
    const cancelled = await cancel(s, placed.id);
    expect(cancelled.body.refund).toMatchObject({ amount: paid.amount, gift_certificates: 123_457 });
    expect(cancelled.body.refund!.text).toContain(
      `${formatPrice(123_457)} вернулись на баланс подарочного сертификата`,
    );
    expect(cancelled.body.gift_certificates).toEqual([expect.objectContaining({ amount: 123_457, returned: true })]);
    const balance = await s.call<{ balance: number }>(
      'GET',
      `/api/v2/gift-certificates/balance?code=${encodeURIComponent(code)}`,
    );
    expect(balance.body.balance).toBe(123_457);

    const payment = await providerIdOf(placed.id);
    expect(sandboxRefunded((await sandbox().sessions.get(payment.provider_payment_id))!)).toBe(paid.amount);
    const receipt = await s.call<OrderReceipt>('GET', `/api/v3/customer/orders/${placed.id}/receipt`);
    const back = receipt.body.refunds[0]!;
    expect(back.operation).toBe('Возврат прихода');
    expect(back.total).toBe(product.price);
    expect(back.payments).toMatchObject({ electronic: paid.amount, prepayment: 123_457 });
    expect(back.items).toEqual(receipt.body.items);
    expect(back.items[0]).toMatchObject({ payment_method_name: 'Полный расчёт', prepayment: 123_457 });
    const [stored] = await h.handle.query<{ total_sum: number }>('select total_sum from orders where id = $1', [
      placed.id,
    ]);
    expect(back.payments.electronic + back.payments.prepayment).toBe(stored!.total_sum);
  });

  it('an order a certificate paid wholly: nothing to the acquirer, all of it back on the certificate', async () => {
    const s = new TestSession(h, '10.52.1.2');
    const code = await certificate(product.price + 50_000);
    const placed = await order(s, '+79165201002', [code], 1);
    expect(placed.is_paid).toBe(true);
    const cancelled = await cancel(s, placed.id);
    expect(cancelled.body.refund).toMatchObject({ amount: 0, gift_certificates: product.price, status: 'succeeded' });
    expect(cancelled.body.refund!.text).not.toMatch(/на карту/);
    const [refund] = await refundsOf(placed.id);
    expect(refund).toMatchObject({ amount: 0, certificate_amount: product.price, provider_refund_id: null });
    expect(refund!.receipt.payments).toEqual({ electronic: 0, prepayment: product.price });
    const balance = await s.call<{ balance: number }>(
      'GET',
      `/api/v2/gift-certificates/balance?code=${encodeURIComponent(code)}`,
    );
    expect(balance.body.balance).toBe(product.price + 50_000);
  });
});

describe('an order that sold gift certificates', () => {
  it('once paid (the code is out) is not cancelled here, so the money is not given back twice', async () => {
    const s = new TestSession(h, '10.52.2.1');
    const made = await s.call<Order>('POST', '/api/v2/gift-certificates/order', {
      nominal: 500_000,
      payment_type: 17,
      contact_name: 'Ольга',
      mobile_phone: '+7 916 520-20-01',
      email: 'olga.refund@example.ru',
      idempotency_key: `refund-certificate-${Date.now()}`,
    });
    expect(made.status).toBe(201);
    expect(made.body.is_cancelable).toBe(true);
    await payByCard(h, s, made.body.id);
    // The order page no longer offers the cancel the call would refuse.
    const paid = await s.call<Order>('GET', `/api/v3/customer/orders/${made.body.id}`);
    expect(paid.body.is_cancelable).toBe(false);
    const refused = await s.call<{ message: string }>('POST', `/api/v3/customer/orders/${made.body.id}/cancel`);
    expect(refused.status).toBe(422);
    expect(refused.body.message).toBe(CERTIFICATE_ORDER_NOT_CANCELABLE);
    expect(await refundsOf(made.body.id)).toEqual([]);
    const [row] = await h.handle.query<{ status_id: string }>('select status_id from orders where id = $1', [
      made.body.id,
    ]);
    expect(row!.status_id).toBe('P');
  });
});

describe('the sandbox acquirer’s refund', () => {
  it('is idempotent by refund id and refuses more than was paid', async () => {
    const provider = sandbox();
    const started = await provider.createPayment({
      paymentId: 1,
      orderId: 1,
      amount: 10_000,
      method: 'card',
      receipt: { items: [], customer: { phone: '79160000000', email: null }, taxation_system: 'osn', total: 10_000 },
      returnUrl: '/',
      description: 'test',
    });
    const receipt = (await provider.sessions.get(started.providerPaymentId))!.receipt;
    const ask = (refundId: string, amount: number) =>
      provider.refund({ refundId, providerPaymentId: started.providerPaymentId, amount, receipt });
    await expect(ask('a', 10_000)).rejects.toThrow(/not succeeded/);
    await provider.sessions.set({ ...(await provider.sessions.get(started.providerPaymentId))!, status: 'succeeded' });
    const first = await ask('a', 6_000);
    expect(await ask('a', 6_000)).toEqual(first);
    await expect(ask('a', 5_000)).rejects.toThrow(/another amount/);
    await expect(ask('b', 4_001)).rejects.toThrow(/exceeds/);
    await ask('b', 4_000);
    await expect(ask('c', 1)).rejects.toThrow(/exceeds/);
    expect(sandboxRefunded((await provider.sessions.get(started.providerPaymentId))!)).toBe(10_000);
  });
});
