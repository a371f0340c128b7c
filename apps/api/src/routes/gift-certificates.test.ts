// Gift certificates (issue 15 item 6): buying one through the acquirer issues it and e-mails its code;
// the balance call; paying an order with one or several certificates (the acquirer, the receipt and the
// stored order ask for the rest to the kopeck); cancellation returns them; two orders racing for one
// certificate: exactly one succeeds; code guessing is limited per IP.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GIFT_CERTIFICATE_MESSAGES, formatGiftCertificateCode, standardVatRate } from '@store/domain';
import { DEMO_GIFT_CERTIFICATES } from '@store/db/seed/gift-certificates';
import type { Order } from '../schemas/orders.ts';
import type { OrderReceipt } from '../schemas/receipts.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { payByCard } from '../test/card-payment.ts';
import { issuedCertificate } from '../test/gift-certificates.ts';
import { TestSession } from '../test/session.ts';
import { setStock } from '../test/stock.ts';

let h: Harness;
let moscow: number;
let multicenter: number;
let product: { id: number; price: number };
let seq = 0;

type Balance = { code: string; nominal: number; balance: number; state: string };
type Errors = { errors: Record<string, string[]> };

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
        and o.price between 1500000 and 9000000
      order by p.id limit 1`,
  )) as [{ id: number; price: number }];
  await setStock(h.handle, product.id, [{ storeId: multicenter, qty: 200 }]);
});
afterAll(() => h.close());

const certificate = (nominal: number, expiresInDays?: number) => issuedCertificate(h.handle, nominal, expiresInDays);

async function order(s: TestSession, codes: string[] | undefined, paymentType = 17) {
  const added = await s.call<{ items: { id: number; product_id: number }[] }>('POST', '/api/basket/add-item', {
    product_id: product.id,
    qty: 1,
  });
  expect(added.status).toBe(200);
  const lineId = added.body.items.find((i) => i.product_id === product.id)!.id;
  return s.call<Order & Errors>('POST', `/api/create-order?city_id=${moscow}`, {
    idempotency_key: `gift-certificates-${Date.now()}-${++seq}`,
    line_ids: [lineId],
    contacts: { contact_name: 'Ольга', mobile_phone: '+7 (916) 700-10-01', email: 'olga@example.ru' },
    delivery: { delivery_type: 1, store_id: multicenter },
    payment_type: paymentType,
    ...(codes ? { gift_certificates: codes } : {}),
  });
}

const receiptOf = (s: TestSession, orderId: number) =>
  s.call<OrderReceipt>('GET', `/api/v3/customer/orders/${orderId}/receipt`);

/** A certificate of `nominal` ordered by card with a fresh key (paid at the acquirer next). */
const orderCertificateOf = (s: TestSession, nominal: number) =>
  s.call<Order>('POST', '/api/v2/gift-certificates/order', {
    nominal,
    payment_type: 17,
    contact_name: 'Ольга',
    mobile_phone: '+7 916 700-10-05',
    email: 'olga.receipt@example.ru',
    idempotency_key: `certificate-${Date.now()}-${++seq}`,
  });

async function balanceOf(s: TestSession, code: string) {
  return s.call<Balance & Errors>('GET', `/api/v2/gift-certificates/balance?code=${encodeURIComponent(code)}`);
}

describe('buying a certificate', () => {
  it('is an order of the nominal paid at the acquirer; once paid the code is e-mailed and pays', async () => {
    const s = new TestSession(h, '10.40.0.1');
    const key = `buy-${Date.now()}`;
    const body = {
      nominal: 500_000,
      payment_type: 17,
      contact_name: 'Ольга',
      mobile_phone: '+7 916 700-10-02',
      email: 'olga.buyer@example.ru',
      recipient_email: 'friend@example.ru',
      recipient_name: 'Мария',
      idempotency_key: key,
    };
    const made = await s.call<Order>('POST', '/api/v2/gift-certificates/order', body);
    expect(made.status).toBe(201);
    expect(made.body.total_sum).toBe(500_000);
    expect(made.body.basket[0]!.name).toMatch(/сертификат на 5\s000\s₽/);
    expect((await s.call<Order>('POST', '/api/v2/gift-certificates/order', body)).status).toBe(200);
    // Nothing is e-mailed before the money comes.
    const before = await h.handle.query(`select id from notification_outbox where recipient = 'friend@example.ru'`);
    expect(before).toHaveLength(0);

    const payment = await payByCard(h, s, made.body.id);
    expect(payment.amount).toBe(500_000);
    const [mail] = await h.handle.query<{ body: string; subject: string }>(
      `select body, subject from notification_outbox where recipient = 'friend@example.ru' and template = 'gift-certificate'`,
    );
    expect(mail!.subject).toMatch(/5\s000\s₽/);
    const code = /Код сертификата: (X[0-9A-Z-]{18})/.exec(mail!.body)![1]!;
    const balance = await balanceOf(s, code);
    expect(balance.status).toBe(200);
    expect(balance.body).toMatchObject({ code, nominal: 500_000, balance: 500_000, state: 'active' });
    const paidOrder = await s.call<Order>('GET', `/api/v3/customer/orders/${made.body.id}`);
    expect(paidOrder.body.is_paid).toBe(true);
  });

  it('refuses a nominal not on sale, payment on receipt and bad contacts, in the fields', async () => {
    const s = new TestSession(h, '10.40.0.2');
    const answer = await s.call<Errors>('POST', '/api/v2/gift-certificates/order', {
      nominal: 123_400,
      payment_type: 1,
      contact_name: 'Ольга1',
      mobile_phone: '+7 516 700-10-02',
      email: 'nope',
      idempotency_key: `bad-${Date.now()}`,
    });
    expect(answer.status).toBe(422);
    expect(Object.keys(answer.body.errors).sort()).toEqual(['contact_name', 'email', 'mobile_phone', 'nominal']);
    const cash = await s.call<Errors>('POST', '/api/v2/gift-certificates/order', {
      nominal: 100_000,
      payment_type: 1,
      contact_name: 'Ольга',
      mobile_phone: '+7 916 700-10-02',
      email: 'olga@example.ru',
      idempotency_key: `cash-${Date.now()}`,
    });
    expect(cash.status).toBe(422);
    expect(cash.body.errors.payment_type).toBeDefined();
  });

  it('a certificate not paid yet is «not found», like a code that does not exist', async () => {
    const s = new TestSession(h, '10.40.0.3');
    const made = await s.call<Order>('POST', '/api/v2/gift-certificates/order', {
      nominal: 100_000,
      payment_type: 64,
      contact_name: 'Ольга',
      mobile_phone: '+7 916 700-10-03',
      email: 'unpaid@example.ru',
      idempotency_key: `unpaid-${Date.now()}`,
    });
    expect(made.status).toBe(201);
    const [row] = await h.handle.query<{ code: string }>(`select code from gift_certificates where order_id = $1`, [
      made.body.id,
    ]);
    const unpaid = await balanceOf(s, row!.code);
    const unknown = await balanceOf(s, 'XZZZZZZZZZZZZZZZ');
    expect(unpaid.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(unpaid.body).toEqual(unknown.body);
    const malformed = await balanceOf(s, 'ABC');
    expect(malformed.status).toBe(422);
    expect(malformed.body.errors.code).toEqual([GIFT_CERTIFICATE_MESSAGES.format]);
  });
});

describe('paying an order with certificates', () => {
  it('two certificates pay part; the acquirer, the receipt and the order ask for the rest to the kopeck', async () => {
    const s = new TestSession(h, '10.40.1.1');
    const a = await certificate(300_000);
    const b = await certificate(200_000);
    const placed = await order(s, [a, formatGiftCertificateCode(b).toLowerCase()]);
    expect(placed.status).toBe(201);
    expect(placed.body.total_sum).toBe(product.price);
    expect(placed.body.waiting_sum).toBe(product.price - 500_000);
    const payment = await payByCard(h, s, placed.body.id);
    expect(payment.amount).toBe(product.price - 500_000);
    const paid = await s.call<Order>('GET', `/api/v3/customer/orders/${placed.body.id}`);
    expect(paid.body.is_paid).toBe(true);
    // The order page names each certificate by its last four characters only.
    expect(paid.body.gift_certificates).toEqual([
      { code_tail: a.slice(-4), amount: 300_000, returned: false },
      { code_tail: b.slice(-4), amount: 200_000, returned: false },
    ]);
    const [stored] = await h.handle.query<{ total_sum: number; sum_prepaid: number }>(
      'select total_sum, sum_prepaid from orders where id = $1',
      [placed.body.id],
    );
    expect(stored).toEqual({ total_sum: product.price, sum_prepaid: product.price });
    // The acquirer's receipt settles the whole order: the card's part and the certificates' offset (0048).
    expect(payment.receipt.total).toBe(product.price);
    expect(payment.receipt.payments).toEqual({ electronic: payment.amount, prepayment: 500_000 });
    expect((await balanceOf(s, a)).body).toMatchObject({ balance: 0, state: 'spent' });
    expect((await balanceOf(s, b)).body).toMatchObject({ balance: 0, state: 'spent' });
  });

  it('a certificate larger than the order pays it wholly (paid at once) and keeps the rest', async () => {
    const s = new TestSession(h, '10.40.1.2');
    const big = await certificate(product.price + 123_456);
    const placed = await order(s, [big], 1);
    expect(placed.status).toBe(201);
    expect(placed.body.waiting_sum).toBe(0);
    expect(placed.body.is_paid).toBe(true);
    expect((await balanceOf(s, big)).body).toMatchObject({ balance: 123_456, state: 'active' });
    // Cancelling gives the whole amount back.
    const cancelled = await s.call<Order>('POST', `/api/v3/customer/orders/${placed.body.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect((await balanceOf(s, big)).body).toMatchObject({ balance: product.price + 123_456 });
    expect(cancelled.body).toMatchObject({ gift_certificates: [{ amount: product.price, returned: true }] });
  });

  it('names the code that cannot pay: unknown, expired, given twice, not needed', async () => {
    // A new shopper each time: a refused order leaves its line in the basket.
    const s = () => new TestSession(h, '10.40.1.3');
    const expired = await certificate(100_000, -1);
    const unknown = await order(s(), ['XZZZZZZZZZZZZZZZ']);
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.gift_certificates![0]).toContain(GIFT_CERTIFICATE_MESSAGES.notFound);
    const old = await order(s(), [expired]);
    expect(old.body.errors.gift_certificates![0]).toContain(GIFT_CERTIFICATE_MESSAGES.expired);
    const good = await certificate(100_000);
    const twice = await order(s(), [good, formatGiftCertificateCode(good)]);
    expect(twice.body.errors.gift_certificates).toEqual([GIFT_CERTIFICATE_MESSAGES.repeated]);
    const big = await certificate(product.price);
    const extra = await order(s(), [big, good]);
    expect(extra.status, JSON.stringify(extra.body)).toBe(422);
    expect(extra.body.errors.gift_certificates![0]).toContain(GIFT_CERTIFICATE_MESSAGES.notNeeded);
    expect((await balanceOf(s(), good)).body.balance).toBe(100_000);
  });

  it('two orders racing for one certificate: exactly one gets it', async () => {
    const code = await certificate(400_000);
    const shoppers = Array.from({ length: 6 }, (_, i) => new TestSession(h, `10.40.2.${i + 1}`));
    const answers = await Promise.all(shoppers.map((s) => order(s, [code])));
    const made = answers.filter((a) => a.status === 201);
    expect(made).toHaveLength(1);
    for (const refused of answers.filter((a) => a.status !== 201)) {
      expect([409, 422]).toContain(refused.status);
      expect(refused.body.errors.gift_certificates).toBeDefined();
    }
    const uses = await h.handle.query<{ amount: number }>(
      `select u.amount from gift_certificate_uses u join gift_certificates g on g.id = u.certificate_id
        where g.code = $1 and u.returned_at is null`,
      [code],
    );
    expect(uses).toEqual([{ amount: 400_000 }]);
  });
});

describe('54-FZ receipts (decision 0048)', () => {
  it('selling a certificate is an advance of a payment at the calculated rate', async () => {
    const s = new TestSession(h, '10.40.5.1');
    const made = await orderCertificateOf(s, 500_000);
    expect(made.status).toBe(201);
    const payment = await payByCard(h, s, made.body.id);
    const rate = standardVatRate(new Date());
    const calculated = rate === 22 ? 'vat122' : 'vat120';
    expect(payment.receipt.items).toEqual([
      expect.objectContaining({
        amount: 500_000,
        vat_code: calculated,
        payment_method: 'advance',
        payment_object: 'payment',
      }),
    ]);
    expect(payment.receipt.payments).toEqual({ electronic: 500_000, prepayment: 0 });
    const receipt = await receiptOf(s, made.body.id);
    expect(receipt.status).toBe(200);
    expect(receipt.body.items).toEqual([
      expect.objectContaining({
        amount: 500_000,
        vat_name: `НДС ${rate}/${100 + rate}`,
        vat_rate: rate,
        // 5 000 ₽ × 22/122 = 901,64 ₽ (× 20/120 = 833,33 ₽ before 2026).
        vat_amount: rate === 22 ? 90_164 : 83_333,
        payment_method_name: 'Аванс',
        payment_object_name: 'Платёж',
        prepayment: 0,
      }),
    ]);
    expect(receipt.body.vat_totals).toEqual([
      { vat_code: calculated, name: `НДС ${rate}/${100 + rate}`, amount: rate === 22 ? 90_164 : 83_333 },
    ]);
    expect(receipt.body.payments).toMatchObject({ electronic: 500_000, prepayment: 0 });
  });

  it('an order paid partly with certificates: full settlement, the certificates offset to the kopeck', async () => {
    const s = new TestSession(h, '10.40.5.2');
    const a = await certificate(123_456);
    const b = await certificate(200_001);
    const placed = await order(s, [a, b]);
    expect(placed.status).toBe(201);
    const payment = await payByCard(h, s, placed.body.id);
    expect(payment.amount).toBe(product.price - 323_457);
    const { status, body } = await receiptOf(s, placed.body.id);
    expect(status).toBe(200);
    expect(body.total).toBe(product.price);
    expect(body.payment.amount).toBe(payment.amount);
    expect(body.payments).toEqual({
      electronic: product.price - 323_457,
      prepayment: 323_457,
      prepayment_name: 'Зачёт аванса (предоплата)',
    });
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({
      amount: product.price,
      price: product.price,
      payment_method_name: 'Полный расчёт',
      payment_object_name: 'Товар',
      prepayment: 323_457,
    });
    const [stored] = await h.handle.query<{ total_sum: number; sum_prepaid: number }>(
      'select total_sum, sum_prepaid from orders where id = $1',
      [placed.body.id],
    );
    expect(stored).toEqual({ total_sum: body.total, sum_prepaid: body.payments.electronic + body.payments.prepayment });
  });

  it('an order a certificate pays wholly gets its receipt at once: all of it the advance offset', async () => {
    const s = new TestSession(h, '10.40.5.3');
    const big = await certificate(product.price + 10_000);
    const placed = await order(s, [big], 1);
    expect(placed.body.is_paid).toBe(true);
    expect(placed.body.link_to_order_receipt).toBe(`/cart/receipt/${placed.body.id}`);
    const { status, body } = await receiptOf(s, placed.body.id);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      is_test: true,
      total: product.price,
      payment: { amount: 0, payment_type_name: 'Подарочным сертификатом' },
      payments: { electronic: 0, prepayment: product.price },
    });
    expect(body.items.map((i) => [i.payment_method_name, i.prepayment])).toEqual([['Полный расчёт', product.price]]);
    // Someone else sees no receipt.
    expect((await receiptOf(new TestSession(h, '10.40.5.4'), placed.body.id)).status).toBe(404);
  });
});

describe('demo certificates (README)', () => {
  it('one of 5 000 ₽ and one of 30 000 ₽ pay; the third has expired', async () => {
    const s = new TestSession(h, '10.40.4.1');
    for (const c of DEMO_GIFT_CERTIFICATES) {
      const answer = await balanceOf(s, formatGiftCertificateCode(c.code));
      expect(answer.status).toBe(200);
      expect(answer.body).toMatchObject({
        nominal: c.nominal,
        balance: c.expires > 0 ? c.nominal : 0,
        state: c.expires > 0 ? 'active' : 'expired',
      });
    }
  });
});

describe('guessing codes', () => {
  it('20 misses from one address in 15 minutes: then every code is 429, a code that pays costs nothing', async () => {
    const good = await certificate(100_000);
    const s = new TestSession(h, '10.40.3.1');
    for (let i = 0; i < 30; i += 1) expect((await balanceOf(s, good)).status).toBe(200);
    for (let i = 0; i < 19; i += 1) expect((await balanceOf(s, 'XZZZZZZZZZZZZZZZ')).status).toBe(404);
    // The 20th miss is a code given to create-order: it counts the same.
    expect((await order(s, ['XZZZZZZZZZZZZZZZ'])).status).toBe(422);
    expect((await balanceOf(s, 'XZZZZZZZZZZZZZZZ')).status).toBe(429);
    expect((await balanceOf(s, good)).status).toBe(429);
    expect((await order(new TestSession(h, '10.40.3.1'), [good])).status).toBe(429);
    // Another address is not affected.
    expect((await balanceOf(new TestSession(h, '10.40.3.2'), good)).status).toBe(200);
  });
});
