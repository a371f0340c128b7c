// Operators' refunds (issue 17, decision 0058): a partial refund of a paid order by its sale receipt's
// positions — the acquirer refunds exactly the card part of the «возврат прихода», the certificates get
// their share, the receipt lists the returned lines with their VAT; several refunds (at once, or before a
// cancellation) never give back more than was paid; failed refunds listed for operators and asked again.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PARTIAL_REFUND_MESSAGES } from '@store/domain';
import { sandboxRefunded, type SandboxProvider } from '../adapters/payment-provider.ts';
import type { Order } from '../schemas/orders.ts';
import type { OrderReceipt } from '../schemas/receipts.ts';
import type { RefundView } from '../services/refunds.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { paidPickupOrder } from '../test/card-payment.ts';
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
  product = await sellableProduct(h.handle, { price: [300000, 3000000], newest: true });
  await setStock(h.handle, product.id, [{ storeId: multicenter, qty: 500 }]);
  operator = await operatorSession(h, '10.58.1.99');
});
afterAll(() => h.close());

const sandbox = () => h.api.paymentProvider as SandboxProvider;

const certificate = (nominal: number) => issuedCertificate(h.handle, nominal);

/** `qty` units of the product, picked up in the multicenter, paid by card (and a certificate when given). */
async function paidOrder(ip: string, qty: number, code?: string) {
  const s = new TestSession(h, ip);
  const placed = await paidPickupOrder(h, s, {
    productId: product.id,
    qty,
    cityId: moscow,
    storeId: multicenter,
    phone: `+7916581${String(++seq).padStart(4, '0')}`,
    idempotencyKey: `ops-refunds-${Date.now()}-${seq}`,
    certificate: code,
  });
  return { s, ...placed };
}

const refund = (orderId: number, items: { position: number; qty: number }[], key = `key-${++seq}-${Date.now()}`) =>
  operator.call<RefundView & { message?: string; errors?: Record<string, string[]> }>(
    'POST',
    `/api/ops/orders/${orderId}/refunds`,
    { items, reason: 'Возврат товара надлежащего качества', idempotency_key: key },
  );

const refundedAt = async (providerPaymentId: string) =>
  sandboxRefunded((await sandbox().sessions.get(providerPaymentId))!);

describe('an operator refunds part of a paid order', () => {
  it('one unit of three: the acquirer, the receipt and the certificate agree to the kopeck; the key answers once', async () => {
    const code = await certificate(100_001);
    const { s, order, paid, payment } = await paidOrder('10.58.1.1', 3, code);
    expect(payment.receipt.items[0]).toMatchObject({ qty: 3 });

    const key = `one-unit-${Date.now()}`;
    const made = await refund(order.id, [{ position: 0, qty: 1 }], key);
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    expect(made.body).toMatchObject({ status: 'succeeded', created_by: '5005', payment_id: payment.id });
    expect(made.body.items).toEqual([
      expect.objectContaining({ position: 0, qty: 1, vat_code: payment.receipt.items[0]!.vat_code }),
    ]);
    // A third of the line: the card's third to the card, the certificate's third to the certificate.
    const line = payment.receipt.items[0]!;
    const certificatePart = line.prepayment ?? 0;
    expect(certificatePart).toBe(100_001);
    expect(made.body.certificate_amount).toBe(Math.floor(certificatePart / 3));
    expect(made.body.amount).toBe(Math.floor((line.amount - certificatePart) / 3));
    expect(made.body.items[0]!.amount).toBe(made.body.amount + made.body.certificate_amount);
    expect(await refundedAt(payment.provider_payment_id)).toBe(made.body.amount);
    const balance = await s.call<{ balance: number }>(
      'GET',
      `/api/v2/gift-certificates/balance?code=${encodeURIComponent(code)}`,
    );
    expect(balance.body.balance).toBe(made.body.certificate_amount);

    // The same key: the same refund, nothing more at the acquirer.
    const again = await refund(order.id, [{ position: 0, qty: 1 }], key);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(made.body.id);
    expect(await refundedAt(payment.provider_payment_id)).toBe(made.body.amount);

    // The shopper's receipt page lists the refund with its one line.
    const receipt = await s.call<OrderReceipt>('GET', `/api/v3/customer/orders/${order.id}/receipt`);
    expect(receipt.body.refunds).toHaveLength(1);
    expect(receipt.body.refunds[0]).toMatchObject({
      operation: 'Возврат прихода',
      total: made.body.amount + made.body.certificate_amount,
      payments: { electronic: made.body.amount, prepayment: made.body.certificate_amount },
    });
    expect(receipt.body.refunds[0]!.items).toHaveLength(1);
    expect(receipt.body.refunds[0]!.items[0]).toMatchObject({ qty: 1 });
    const view = await s.call<Order>('GET', `/api/v3/customer/orders/${order.id}`);
    expect(view.body.refund).toMatchObject({ amount: made.body.amount, status: 'succeeded' });

    // Three more are not there; the two left are, and then everything paid is back, to the kopeck.
    const tooMany = await refund(order.id, [{ position: 0, qty: 3 }]);
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors?.items).toEqual([PARTIAL_REFUND_MESSAGES.tooMany(line.name, 2)]);
    const unknown = await refund(order.id, [{ position: 5, qty: 1 }]);
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors?.items).toEqual([PARTIAL_REFUND_MESSAGES.position]);
    const rest = await refund(order.id, [{ position: 0, qty: 2 }]);
    expect(rest.status).toBe(201);
    expect(made.body.amount + rest.body.amount).toBe(paid.amount);
    expect(made.body.certificate_amount + rest.body.certificate_amount).toBe(100_001);
    expect(await refundedAt(payment.provider_payment_id)).toBe(paid.amount);
    const full = await s.call<{ balance: number }>(
      'GET',
      `/api/v2/gift-certificates/balance?code=${encodeURIComponent(code)}`,
    );
    expect(full.body.balance).toBe(100_001);
  });

  it('five operators at once, one unit each, of three: three refunds, never more than was paid', async () => {
    const { order, paid, payment } = await paidOrder('10.58.1.2', 3);
    const answers = await Promise.all([1, 2, 3, 4, 5].map(() => refund(order.id, [{ position: 0, qty: 1 }])));
    expect(answers.map((a) => a.status).sort()).toEqual([201, 201, 201, 422, 422]);
    const made = answers.filter((a) => a.status === 201).map((a) => a.body);
    expect(made.reduce((s, r) => s + r.amount, 0)).toBe(paid.amount);
    expect(await refundedAt(payment.provider_payment_id)).toBe(paid.amount);
  });

  it('a cancellation after a partial refund gives back only the rest', async () => {
    const { s, order, paid, payment } = await paidOrder('10.58.1.3', 2);
    const first = await refund(order.id, [{ position: 0, qty: 1 }]);
    expect(first.status).toBe(201);
    const cancelled = await s.call<Order>('POST', `/api/v3/customer/orders/${order.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.refund).toMatchObject({ amount: paid.amount, status: 'succeeded' });
    const rows = await h.handle.query<{ amount: number; lines: unknown }>(
      'select amount, lines from payment_refunds where order_id = $1 order by id',
      [order.id],
    );
    expect(rows.map((r) => r.amount)).toEqual([first.body.amount, paid.amount - first.body.amount]);
    expect(rows[1]!.lines).toEqual([{ position: 0, qty: 1 }]);
    expect(await refundedAt(payment.provider_payment_id)).toBe(paid.amount);
    // A cancelled order takes no more refunds.
    const after = await refund(order.id, [{ position: 0, qty: 1 }]);
    expect(after.status).toBe(422);
  });

  it('is for operators only', async () => {
    const { s, order } = await paidOrder('10.58.1.4', 1);
    const body = { items: [{ position: 0, qty: 1 }], reason: 'Возврат', idempotency_key: 'shopper-key-1' };
    expect((await s.call('POST', `/api/ops/orders/${order.id}/refunds`, body)).status).toBe(401);
    expect((await s.call('GET', '/api/ops/refunds?status=failed')).status).toBe(401);
    expect((await operator.call('POST', '/api/ops/orders/999999999/refunds', body)).status).toBe(404);
    // Bad input from an operator is a 422 with the field, never a 5xx.
    const call = (extra: Record<string, unknown>) =>
      operator.call<{ errors?: Record<string, string[]> }>('POST', `/api/ops/orders/${order.id}/refunds`, {
        ...body,
        ...extra,
      });
    expect((await call({ items: [] })).status).toBe(422);
    expect((await call({ items: [{ position: 0.5, qty: 1 }] })).status).toBe(422);
    expect((await call({ items: [{ position: 0, qty: 2 ** 31 }] })).status).toBe(422);
    const foreign = await call({ payment_id: 2 ** 30 });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors?.payment_id).toEqual(['У заказа нет такой оплаты']);
    const far = await operator.call<unknown[]>('GET', '/api/ops/refunds?page=2000000000&per_page=100');
    expect(far.status).toBe(200);
    expect(far.body).toEqual([]);
  });
});

describe('failed refunds for operators', () => {
  it('a refund the acquirer refuses is listed as failed, and asking again settles it once', async () => {
    const { order, paid, payment } = await paidOrder('10.58.2.1', 1);
    // The acquirer no longer knows the payment (as the sandbox did past its day before decision 0058).
    const session = (await sandbox().sessions.get(payment.provider_payment_id))!;
    await sandbox().sessions.delete(payment.provider_payment_id);
    const refused = await refund(order.id, [{ position: 0, qty: 1 }]);
    expect(refused.status).toBe(201);
    expect(refused.body).toMatchObject({ status: 'failed', failure_reason: 'payment not found', amount: paid.amount });

    const listed = await operator.call<RefundView[]>('GET', '/api/ops/refunds?status=failed&per_page=100');
    expect(listed.status).toBe(200);
    expect(listed.body.map((r) => r.id)).toContain(refused.body.id);
    expect(listed.body.every((r) => r.status === 'failed')).toBe(true);
    expect(Number(listed.headers.get('x-pagination-total-count'))).toBeGreaterThanOrEqual(1);
    const paged = await operator.call<RefundView[]>('GET', '/api/ops/refunds?status=failed&per_page=1&page=1');
    expect(paged.body).toHaveLength(1);
    expect((await operator.call('GET', '/api/ops/refunds?status=lost')).status).toBe(422);

    await sandbox().sessions.set(session);
    const retried = await operator.call<RefundView>('POST', `/api/ops/refunds/${refused.body.id}/retry`);
    expect(retried.status, JSON.stringify(retried.body)).toBe(200);
    expect(retried.body).toMatchObject({ status: 'succeeded', amount: paid.amount });
    expect(await refundedAt(payment.provider_payment_id)).toBe(paid.amount);
    const again = await operator.call('POST', `/api/ops/refunds/${refused.body.id}/retry`);
    expect(again.status).toBe(409);
    expect(await refundedAt(payment.provider_payment_id)).toBe(paid.amount);
    expect((await operator.call('POST', '/api/ops/refunds/999999999/retry')).status).toBe(404);
    const stillFailed = await operator.call<RefundView[]>('GET', '/api/ops/refunds?status=failed&per_page=100');
    expect(stillFailed.body.map((r) => r.id)).not.toContain(refused.body.id);
  });
});
