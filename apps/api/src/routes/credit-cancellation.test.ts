// A credit order cancelled without the acquirer (issue 17, decision 0058): an order in status 23 that spent
// «Мультионы» and a gift certificate gets both back when the banks decline it or its application runs out of
// time, as a shopper's cancel gives them back (services/order-cancellation.ts, the one path).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Order } from '../schemas/orders.ts';
import type { SandboxBank } from '../sandbox-bank/bank.ts';
import { TEST_PASSPORTS } from '../sandbox-bank/rules.ts';
import { expireCreditApplications } from '../services/credit.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { operatorSession, sellableProduct } from '../test/products.ts';
import { issuedCertificate } from '../test/gift-certificates.ts';
import { TestSession } from '../test/session.ts';
import { moscowMulticenter, setStock } from '../test/stock.ts';
import type { CreditApplication } from './credit.ts';

let h: Harness;
let bank: SandboxBank;
let moscow: number;
let multicenter: number;
let operator: TestSession;
let product: { id: number; price: number };
let seq = 0;

beforeAll(async () => {
  h = await createHarness({ CREDIT_DECISION_DELAY_MS: '0' });
  bank = h.api.lender as SandboxBank;
  ({ moscow, multicenter } = await moscowMulticenter(h.handle));
  product = await sellableProduct(h.handle, { price: [3000000, 20000000], section: 200, credit: true });
  await setStock(h.handle, product.id, [{ storeId: multicenter, qty: 100 }]);
  operator = await operatorSession(h, '10.58.0.99');
});
afterAll(async () => {
  await bank.settled();
  await h.close();
});

type Balance = { total: number; available: number; blocked: number };
const BONUSES = 500;
const CERTIFICATE = 300_000;

const certificate = () => issuedCertificate(h.handle, CERTIFICATE);

const certificateBalance = async (s: TestSession, code: string) =>
  (await s.call<{ balance: number }>('GET', `/api/v2/gift-certificates/balance?code=${encodeURIComponent(code)}`)).body
    .balance;

/**
 * A signed-in shopper with 1 000 bonuses on their card orders the product on credit (payment 13), paying
 * 500 bonuses and a 3 000 ₽ certificate: the order waits for the bank in status 23 with both held.
 */
async function creditOrderWithBonusesAndCertificate(ip: string) {
  const digits = `926${String(5_800_000 + ++seq).padStart(7, '0')}`;
  const phone = `+7${digits}`;
  const s = new TestSession(h, ip);
  await s.register(phone);
  const card = (await s.call<{ card_id: string }>('POST', '/api/v2/plus-card/add', {})).body;
  const granted = await operator.call('POST', '/api/ops/loyalty/custom', {
    card_id: card.card_id,
    amount: 1000,
    comment: 'Приветственные бонусы',
    idempotency_key: `credit-cancel-grant-${seq}-${Date.now()}`,
  });
  expect(granted.status).toBe(201);
  const code = await certificate();
  const added = await s.call<{ items: { id: number; product_id: number }[] }>('POST', '/api/basket/add-item', {
    product_id: product.id,
    qty: 1,
  });
  const lineId = added.body.items.find((i) => i.product_id === product.id)!.id;
  const placed = await s.call<Order>('POST', `/api/create-order?city_id=${moscow}`, {
    idempotency_key: `credit-cancel-${Date.now()}-${seq}`,
    line_ids: [lineId],
    contacts: { contact_name: 'Анна', contact_surname: 'Соколова', mobile_phone: phone },
    delivery: { delivery_type: 1, store_id: multicenter },
    payment_type: 13,
    bonuses: BONUSES,
    gift_certificates: [code],
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  expect(placed.body.status.id).toBe('23');
  expect(placed.body.total_sum).toBe(product.price - BONUSES * 100);
  expect(await s.call<Balance>('GET', '/api/v2/users/bonuses/amount')).toMatchObject({
    body: { available: 1000 - BONUSES, blocked: BONUSES },
  });
  expect(await certificateBalance(s, code)).toBe(0);
  return { s, phone, digits, code, order: placed.body };
}

/** The bonuses, the certificate and the history after the cancellation: everything back, once. */
async function expectAllBack(s: TestSession, code: string, orderId: number) {
  const [order] = await h.handle.query<{ status_id: string }>('select status_id from orders where id = $1', [orderId]);
  expect(order!.status_id).toBe('I');
  expect((await s.call<Balance>('GET', '/api/v2/users/bonuses/amount')).body).toMatchObject({
    available: 1000,
    blocked: 0,
    total: 1000,
  });
  const history = (await s.call<{ title: string; amount: number }[]>('GET', '/api/v2/users/bonuses/history')).body;
  expect(history.filter((e) => e.title === 'Возврат списанных бонусов')).toEqual([
    expect.objectContaining({ amount: BONUSES }),
  ]);
  expect(await certificateBalance(s, code)).toBe(CERTIFICATE);
}

describe('a credit order cancelled without the acquirer', () => {
  it('declined by every bank: the bonuses and the certificate come back', async () => {
    const { s, phone, digits, code, order } = await creditOrderWithBonusesAndCertificate('10.58.0.1');
    const base = `/api/v2/credit/applications/${order.id}`;
    expect((await s.call('POST', `${base}/phone-code`, { phone })).status).toBe(200);
    const [sms] = await h.handle.query<{ body: string }>(
      `select body from notification_outbox where recipient = $1 and template = 'credit-code-phone' order by id desc limit 1`,
      [`7${digits}`],
    );
    const smsCode = /(\d{6})\. Никому/.exec(sms!.body)![1];
    const applied = await s.call<CreditApplication>('POST', base, {
      last_name: 'Соколова',
      first_name: 'Анна',
      middle_name: 'Игоревна',
      birth_date: '1990-04-12',
      passport_series: '4510',
      passport_number: TEST_PASSPORTS.decline,
      income: 150_000,
      employment: 'employee',
      phone,
      consent: true,
      months: 24,
      code: smsCode,
    });
    expect(applied.status, JSON.stringify(applied.body)).toBe(200);
    await bank.settled();
    expect((await s.call<CreditApplication>('GET', base)).body.status).toBe('declined');
    await expectAllBack(s, code, order.id);
  });

  it('abandoned past the timeout: the same, and a second run of the job changes nothing', async () => {
    const { s, code, order } = await creditOrderWithBonusesAndCertificate('10.58.0.2');
    await h.handle.query(
      `update credit_applications set expires_at = now() - interval '1 minute' where order_id = $1`,
      [order.id],
    );
    const expire = () => h.handle.transaction((tx) => expireCreditApplications({ notifier: h.api.notifier }, tx));
    expect(await expire()).toBeGreaterThanOrEqual(1);
    await expectAllBack(s, code, order.id);
    expect(await expire()).toBe(0);
    await expectAllBack(s, code, order.id);
  });

  it('cancelled by the shopper on the application page: the same', async () => {
    const { s, code, order } = await creditOrderWithBonusesAndCertificate('10.58.0.3');
    const cancelled = await s.call<CreditApplication>('POST', `/api/v2/credit/applications/${order.id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body.status).toBe('cancelled');
    await expectAllBack(s, code, order.id);
  });
});
