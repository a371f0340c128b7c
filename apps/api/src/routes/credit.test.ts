import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../http/errors.ts';
import type { Order } from '../schemas/orders.ts';
import type { SandboxBank } from '../sandbox-bank/bank.ts';
import { TEST_PASSPORTS } from '../sandbox-bank/rules.ts';
import { LENDER_SIGNATURE_HEADER, LENDER_TIMESTAMP_HEADER } from '../adapters/lender.ts';
import { expireCreditApplications } from '../services/credit.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { setStock } from '../test/stock.ts';
import type { CreditApplication } from './credit.ts';

let h: Harness;
let bank: SandboxBank;
let moscow: number;
let store: number;
beforeAll(async () => {
  h = await createHarness({ DEV_TOOLS: 'on', CREDIT_DECISION_DELAY_MS: '0' });
  bank = h.api.lender as SandboxBank;
  [{ id: moscow }] = (await h.handle.query<{ id: number }>(`select id from cities where alias = 'moskva'`)) as [
    { id: number },
  ];
  [{ id: store }] = (await h.handle.query<{ id: number }>(
    'select id from stores where city_id = $1 and type = 1 and status = 1 order by id limit 1',
    [moscow],
  )) as [{ id: number }];
});
afterAll(async () => {
  await bank.settled();
  await h.close();
});

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
let seq = 0;

function shopper() {
  const jar = new Map<string, string>();
  const send = async <T>(path: string, body?: unknown) => {
    const headers: Record<string, string> = { ...XHR, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await h.call(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const raw of response.headers.getSetCookie()) {
      const [pair] = raw.split(';');
      const [k, v] = pair!.split('=');
      jar.set(k!, v!);
    }
    return {
      status: response.status,
      body: (await response.json()) as T & { message?: string; errors?: Record<string, string[]> },
    };
  };
  return { send };
}

const used = new Set<number>();
/**
 * A sellable TV-priced product with exactly 2 units in the first Moscow multicenter; for a bank
 * instalment, one of the bank-flagged 0-0-24 promotion (seed action 108), which payment 20 needs.
 */
async function product(bankInstalment = false) {
  const rows = await h.handle.query<{ id: number; price: number }>(
    `select p.id, o.price from products p join product_offers o on o.product_id = p.id
       join categories c on c.id = p.category_id
      where p.status = 1 and c.status = 1 and o.available and not p.is_pre_order and o.order_type = 'false'
        and o.has_credit and o.price between 3000000 and 20000000
        and (not $1 or exists (select 1 from action_products ap
                                where ap.product_id = p.id and ap.role = 'main' and ap.action_id = 108))
      order by p.id limit 100`,
    [bankInstalment],
  );
  const row = rows.find((r) => !used.has(r.id))!;
  used.add(row.id);
  await setStock(h.handle, row.id, [{ storeId: store, qty: 2 }]);
  return row;
}

const stockLeft = async (productId: number) =>
  (
    await h.handle.query<{ n: number }>(
      'select coalesce(sum(quantity), 0)::int as n from stock where product_id = $1',
      [productId],
    )
  )[0]!.n;

const newPhone = () => {
  const digits = `926${String(5_000_000 + ++seq).padStart(7, '0')}`;
  return { typed: `+7${digits}`, normal: `7${digits}` };
};

async function lastCode(phone: string, template: string) {
  const { body } = await h.json<{ template: string; body: string }[]>(`/api/dev/outbox?recipient=${phone}&limit=20`);
  const message = body.find((m) => m.template === template);
  return /(\d{6})\. Никому/.exec(message?.body ?? '')?.[1];
}

/** A pickup order paid by `paymentType`, its shopper and its phone. */
async function creditOrder(paymentType = 13) {
  const s = shopper();
  const p = await product(paymentType === 20);
  const phone = newPhone();
  const added = await s.send<{ items: { id: number; product_id: number }[] }>('/api/basket/add-item', {
    product_id: p.id,
    qty: 1,
  });
  const line = added.body.items.find((i) => i.product_id === p.id)!.id;
  const order = await s.send<Order>(`/api/create-order?city_id=${moscow}`, {
    idempotency_key: `credit-test-${Date.now()}-${seq}-abcdef`,
    line_ids: [line],
    contacts: { contact_name: 'Анна', contact_surname: 'Соколова', mobile_phone: phone.typed },
    delivery: { delivery_type: 1, store_id: store },
    payment_type: paymentType,
  });
  expect(order.status, JSON.stringify(order.body)).toBe(201);
  return { s, p, phone, order: order.body };
}

const applicant = (passport: string, phone: string, extra: Record<string, unknown> = {}) => ({
  last_name: 'Соколова',
  first_name: 'Анна',
  middle_name: 'Игоревна',
  birth_date: '1990-04-12',
  passport_series: '4510',
  passport_number: passport,
  income: 150_000,
  employment: 'employee',
  phone,
  consent: true,
  ...extra,
});

/** Phone code, then the applicant sent; answers the application after the banks answered. */
async function apply(
  s: ReturnType<typeof shopper>,
  orderId: number,
  phone: { typed: string; normal: string },
  passport: string,
) {
  const base = `/api/v2/credit/applications/${orderId}`;
  expect((await s.send(`${base}/phone-code`, { phone: phone.typed })).status).toBe(200);
  const code = await lastCode(phone.normal, 'credit-code-phone');
  const app = await s.send<CreditApplication>(base, { ...applicant(passport, phone.typed), months: 24, code });
  expect(app.status, JSON.stringify(app.body)).toBe(200);
  expect(app.body.status).toBe('reviewing');
  await bank.settled();
  return (await s.send<CreditApplication>(base)).body;
}

const orderStatus = async (id: number) =>
  (await h.handle.query<{ status_id: string }>('select status_id from orders where id = $1', [id]))[0]!.status_id;

describe('credit applications', () => {
  it('a credit order waits in status 23 with an application for its total, visible to its shopper only', async () => {
    const { s, order } = await creditOrder();
    expect(order.status.id).toBe('23');
    const app = await s.send<CreditApplication>(`/api/v2/credit/applications/${order.id}`);
    expect(app.status).toBe(200);
    expect(app.body).toMatchObject({ status: 'new', amount: order.total_sum, kind: 'credit', payment_type: 13 });
    expect(app.body.terms.map((t) => t.months)).toContain(app.body.months);
    const stranger = shopper();
    expect((await stranger.send(`/api/v2/credit/applications/${order.id}`)).status).toBe(404);
    expect((await stranger.send(`/api/v2/credit/applications/${order.id}/cancel`, {})).status).toBe(404);
  });

  it('approve passport: banks approve, the shopper picks an offer, signs by SMS, the order moves on', async () => {
    const { s, order, phone } = await creditOrder();
    const base = `/api/v2/credit/applications/${order.id}`;
    // A wrong code and a tampered term change nothing.
    await s.send(`${base}/phone-code`, { phone: phone.typed });
    const wrong = await s.send(base, { ...applicant(TEST_PASSPORTS.approve, phone.typed), months: 24, code: '000000' });
    expect(wrong.status).toBe(422);
    const code = await lastCode(phone.normal, 'credit-code-phone');
    const tampered = await s.send(base, { ...applicant(TEST_PASSPORTS.approve, phone.typed), months: 7, code });
    expect(tampered.status).toBe(422);
    expect(tampered.body.errors?.months).toEqual(['Выберите срок из предложенных']);
    const app = await apply(s, order.id, phone, TEST_PASSPORTS.approve);
    expect(app.status).toBe('approved');
    expect(app.offers.length).toBeGreaterThanOrEqual(3);
    const approved = app.offers.filter((o) => o.status === 'approved');
    expect(approved.length).toBeGreaterThanOrEqual(2);
    // Different banks, different rates.
    expect(new Set(approved.map((o) => o.rate)).size).toBe(approved.length);
    const chosen = approved[0]!;
    const picked = await s.send<CreditApplication>(`${base}/offer`, { offer_id: chosen.id });
    expect(picked.body.code_sent_for).toBe('sign');
    const signCode = await lastCode(phone.normal, 'credit-code-sign');
    const signed = await s.send<CreditApplication>(`${base}/sign`, { code: signCode });
    expect(signed.status, JSON.stringify(signed.body)).toBe(200);
    expect(signed.body.status).toBe('signed');
    expect(signed.body.schedule).toHaveLength(24);
    expect(signed.body.schedule.reduce((t, p) => t + p.principal, 0)).toBe(order.total_sum);
    expect(await orderStatus(order.id)).toBe('N');
    const { body: outbox } = await h.json<{ template: string }[]>(`/api/dev/outbox?recipient=${phone.normal}&limit=20`);
    expect(outbox.map((m) => m.template)).toEqual(
      expect.arrayContaining(['credit-approved', 'credit-signed', 'credit-schedule']),
    );
    await bank.settled();
    expect(await orderStatus(order.id)).toBe('N');
  });

  it('decline passport: every bank declines, the order is cancelled and the stock is back', async () => {
    const { s, order, phone, p } = await creditOrder();
    expect(await stockLeft(p.id)).toBe(1);
    const app = await apply(s, order.id, phone, TEST_PASSPORTS.decline);
    expect(app.status).toBe('declined');
    expect(await orderStatus(order.id)).toBe('I');
    expect(await stockLeft(p.id)).toBe(2);
    const { body: outbox } = await h.json<{ template: string }[]>(`/api/dev/outbox?recipient=${phone.normal}&limit=20`);
    expect(outbox.map((m) => m.template)).toContain('credit-declined');
  });

  it('income passport: «нужно подтверждение дохода», then approved after the statement', async () => {
    const { s, order, phone } = await creditOrder(20);
    const app = await apply(s, order.id, phone, TEST_PASSPORTS.incomeCheck);
    expect(app.kind).toBe('instalment');
    expect(app.status).toBe('conditions');
    const sent = await s.send<CreditApplication>(`/api/v2/credit/applications/${order.id}/income`, {
      document: '2-НДФЛ 1234',
    });
    expect(sent.body.status).toBe('reviewing');
    await bank.settled();
    const after = await s.send<CreditApplication>(`/api/v2/credit/applications/${order.id}`);
    expect(after.body.status).toBe('approved');
    // An instalment costs nothing extra.
    expect(after.body.offers.filter((o) => o.status === 'approved').every((o) => o.overpayment === 0)).toBe(true);
  });

  it('silent banks: the timeout cancels the order and releases the stock', async () => {
    const { s, order, phone, p } = await creditOrder();
    const app = await apply(s, order.id, phone, TEST_PASSPORTS.silent);
    expect(app.status).toBe('reviewing');
    const expire = () => h.handle.transaction((tx) => expireCreditApplications({ notifier: h.api.notifier }, tx));
    // Not yet due: nothing happens.
    expect(await expire()).toBe(0);
    await h.handle.query(
      `update credit_applications set expires_at = now() - interval '1 minute' where order_id = $1`,
      [order.id],
    );
    expect(await expire()).toBe(1);
    expect(await expire()).toBe(0);
    expect(await orderStatus(order.id)).toBe('I');
    expect(await stockLeft(p.id)).toBe(2);
    expect((await s.send<CreditApplication>(`/api/v2/credit/applications/${order.id}`)).body.status).toBe('cancelled');
    const { body: outbox } = await h.json<{ template: string }[]>(`/api/dev/outbox?recipient=${phone.normal}&limit=20`);
    expect(outbox.map((m) => m.template)).toContain('credit-cancelled');
  });
});

describe('lender callbacks', () => {
  async function reviewing() {
    const { s, order, phone } = await creditOrder();
    const app = await apply(s, order.id, phone, TEST_PASSPORTS.silent);
    const [offer] = await h.handle.query<{ bank: string; bank_application_id: string }>(
      `select o.bank, o.bank_application_id from credit_offers o join credit_applications a on a.id = o.application_id
        where a.order_id = $1 order by o.id limit 1`,
      [order.id],
    );
    return { s, order, app, offer: offer! };
  }

  const post = (body: unknown, options: { sign?: boolean; age?: number; signature?: string } = {}) => {
    const raw = JSON.stringify(body);
    const timestamp = String(Math.floor(Date.now() / 1000) - (options.age ?? 0));
    return h.call('/api/credit/callback/sandbox', {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        [LENDER_TIMESTAMP_HEADER]: timestamp,
        [LENDER_SIGNATURE_HEADER]: options.signature ?? bank.signBody(raw, timestamp),
      },
      body: raw,
    });
  };

  it('refuses a wrong signature, a stale timestamp, a foreign application and a tampered amount; a replay has one effect', async () => {
    const { s, order, app, offer } = await reviewing();
    const event = {
      event_id: `evt_test_${order.id}`,
      bank: offer.bank,
      bank_application_id: offer.bank_application_id,
      decision: 'approved',
      amount: app.amount,
      months: app.months,
      rate: 19.9,
      monthly_payment: 100_00,
      reason: null,
    };
    expect((await post(event, { signature: 'ab'.repeat(32) })).status).toBe(401);
    expect((await post(event, { age: 3600 })).status).toBe(401);
    expect((await post({ ...event, bank_application_id: 'sbk_unknown' })).status).toBe(404);
    const tampered = await post({ ...event, amount: app.amount - 100 });
    expect(tampered.status).toBe(422);
    expect(((await tampered.json()) as ApiErrorBody).message).toBe('Сумма или срок не совпадают с заявкой');
    expect((await s.send<CreditApplication>(`/api/v2/credit/applications/${order.id}`)).body.status).toBe('reviewing');

    const first = await post(event);
    expect(await first.json()).toEqual({ status: 'ok', outcome: 'applied' });
    const again = await post(event);
    expect(await again.json()).toEqual({ status: 'ok', outcome: 'repeated' });
    const view = (await s.send<CreditApplication>(`/api/v2/credit/applications/${order.id}`)).body;
    expect(view.status).toBe('approved');
    const { body: outbox } = await h.json<{ template: string }[]>(`/api/dev/outbox?recipient=${view.phone}&limit=50`);
    expect(outbox.filter((m) => m.template === 'credit-approved')).toHaveLength(1);
  });

  it('a callback without X-Requested-With passes the CSRF guard only by its signature', async () => {
    const r = await h.call('/api/credit/callback/sandbox', { method: 'POST', body: '{}' });
    expect(r.status).toBe(401);
  });
});
