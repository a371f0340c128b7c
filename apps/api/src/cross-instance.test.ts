// State shared by several instances of the store (issue 19): a session signed on one is good on the
// other, a price changed through one is in the other's listings within moments, and rate limits count
// the hits of every instance. On PostgreSQL (TEST_DATABASE_URL) each instance has its own pool and the
// change travels by LISTEN/NOTIFY; with TEST_REDIS_URL the caches and limits are in one Redis.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeToken } from '@store/db/seed/staff';
import { createLocalCaptcha } from './adapters/captcha.ts';
import type { Receipt } from '@store/domain';
import { createSandboxProvider, sharedSandboxSessions } from './adapters/payment-provider.ts';
import { createRedisCache } from './cache.ts';
import { createLogger } from './logger.ts';
import { createSandboxAcquirer } from './sandbox-acquirer/app.ts';
import { ORDER_LOOKUP_LIMIT } from './routes/orders.ts';
import { createCluster, type Cluster, type Instance } from './test/cluster-harness.ts';

let cluster: Cluster;
let a: Instance;
let b: Instance;
let phones = '';

beforeAll(async () => {
  cluster = await createCluster(2);
  [a, b] = cluster.instances as [Instance, Instance];
  const [row] = await cluster.handle.query<{ code: string }>('select code from categories where id = 224');
  phones = `/api/v3/products/catalog/${row!.code}/224`;
});
afterAll(async () => {
  await cluster?.close();
});

const xhr = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };

interface Listing {
  products: { id: number; offer: { price: number } }[];
}

async function cheapestPhone(instance: Instance): Promise<{ id: number; price: number }> {
  const response = await instance.call(`${phones}?order_by=price`);
  expect(response.status).toBe(200);
  const body = (await response.json()) as Listing;
  const first = body.products[0]!;
  return { id: first.id, price: first.offer.price };
}

/** Polls until `check` passes or `ms` run out: a change must arrive «within seconds», not at once. */
async function eventually<T>(read: () => Promise<T>, check: (value: T) => boolean, ms = 5000): Promise<T> {
  const until = Date.now() + ms;
  let value = await read();
  while (!check(value) && Date.now() < until) {
    await new Promise((resolve) => setTimeout(resolve, 50));
    value = await read();
  }
  return value;
}

describe('two instances', () => {
  it("a price an operator sets through one instance is in the other's listing within seconds", async () => {
    // Both indexes built before the change: the second must be patched, not just built fresh.
    const before = await cheapestPhone(b);
    await cheapestPhone(a);
    const [target] = await cluster.handle.query<{ id: number; price: number }>(
      `select p.id, o.price from products p join product_offers o on o.product_id = p.id
        where p.category_id = 224 and p.status = 1 and p.id <> $1 order by o.price desc limit 1`,
      [before.id],
    );
    // The operator signs in on instance 1; the signed session is good on instance 2 (one AUTH_SECRET).
    const signIn = await a.call(
      '/api/user/register-upos',
      { method: 'POST', headers: xhr, body: JSON.stringify({ mode: 'token', code: employeeToken(5005) }) },
      '10.20.0.1',
    );
    expect(signIn.status).toBe(200);
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const newPrice = Math.max(100, before.price - 100);
    const changed = await b.call(`/api/ops/products/${target!.id}/price`, {
      method: 'POST',
      headers: { ...xhr, cookie },
      body: JSON.stringify({ price: newPrice, price_old: target!.price }),
    });
    expect(changed.status).toBe(200);
    expect(await changed.json()).toEqual({ id: target!.id, price: newPrice, price_old: target!.price });
    // The instance that made the change shows it at once; the other hears it from the database.
    expect(await cheapestPhone(b)).toEqual({ id: target!.id, price: newPrice });
    const seen = await eventually(
      () => cheapestPhone(a),
      (first) => first.id === target!.id,
    );
    expect(seen).toEqual({ id: target!.id, price: newPrice });
  });

  it('refuses a price change from anyone but an operator, and a crossed-out price below the new one', async () => {
    const body = JSON.stringify({ price: 100 });
    expect((await a.call('/api/ops/products/1/price', { method: 'POST', headers: xhr, body })).status).toBe(401);
    const signIn = await a.call(
      '/api/user/register-upos',
      { method: 'POST', headers: xhr, body: JSON.stringify({ mode: 'token', code: employeeToken(5005) }) },
      '10.20.0.2',
    );
    const cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    const wrong = await a.call('/api/ops/products/1/price', {
      method: 'POST',
      headers: { ...xhr, cookie },
      body: JSON.stringify({ price: 5000, price_old: 4000 }),
    });
    expect(wrong.status).toBe(422);
    expect(((await wrong.json()) as { errors: Record<string, string[]> }).errors.price_old).toEqual([
      'Старая цена должна быть больше новой',
    ]);
    const missing = await a.call('/api/ops/products/2000000000/price', {
      method: 'POST',
      headers: { ...xhr, cookie },
      body,
    });
    expect(missing.status).toBe(404);
  });
});

describe.skipIf(!process.env.TEST_REDIS_URL)('two instances on one Redis', () => {
  it('count one rate limit across both, even in a burst', async () => {
    const ip = '10.30.0.7';
    const attempts = ORDER_LOOKUP_LIMIT.attempts + 6;
    const statuses = await Promise.all(
      Array.from({ length: attempts }, (_, i) =>
        (i % 2 ? a : b)
          .call(
            '/api/user/order-status',
            { method: 'POST', headers: xhr, body: JSON.stringify({ order_id: 999_999, phone: '+79990000000' }) },
            ip,
          )
          .then((r) => r.status),
      ),
    );
    expect(statuses.filter((s) => s === 429)).toHaveLength(6);
    expect(statuses.filter((s) => s !== 429)).toHaveLength(ORDER_LOOKUP_LIMIT.attempts);
  });

  it('take a captcha answer once, whichever instance hears it first', async () => {
    const prefix = `test-captcha:${process.pid}:`;
    const caches = [
      createRedisCache(process.env.TEST_REDIS_URL!, prefix),
      createRedisCache(process.env.TEST_REDIS_URL!, prefix),
    ];
    const secret = Buffer.from('a-shared-secret-of-the-whole-cluster-0123456789');
    const [one, two] = caches.map((cache) => createLocalCaptcha({ secret, cache }));
    const challenge = await one!.challenge();
    const [x, y] = /(\d+) \+ (\d+)/.exec(challenge.question!)!.slice(1).map(Number);
    const answer = { token: challenge.token!, answer: String(x! + y!) };
    const results = await Promise.all([one!.verify(answer, '10.0.0.1'), two!.verify(answer, '10.0.0.2')]);
    expect(results.filter(Boolean)).toHaveLength(1);
    await caches[0]!.clear();
    await Promise.all(caches.map((cache) => cache.close()));
  });

  it("pay through either: the sandbox acquirer's payment started on one is on the other's page", async () => {
    const prefix = `test-sandbox:${process.pid}:`;
    const caches = [
      createRedisCache(process.env.TEST_REDIS_URL!, prefix),
      createRedisCache(process.env.TEST_REDIS_URL!, prefix),
    ];
    const secret = 'a-shared-payment-secret-0123456789';
    const [one, two] = caches.map((cache) => createSandboxProvider({ secret, sessions: sharedSandboxSessions(cache) }));
    const receipt: Receipt = {
      items: [
        {
          name: 'Смартфон',
          qty: 1,
          price: 1_999_000,
          amount: 1_999_000,
          vat_code: 'vat20',
          payment_method: 'full_prepayment',
          payment_object: 'commodity',
        },
      ],
      customer: { phone: '+79161234567', email: null },
      taxation_system: 'osn',
      total: 1_999_000,
    };
    const started = await one!.createPayment({
      paymentId: 1,
      orderId: 1000001,
      amount: 1_999_000,
      method: 'card',
      receipt,
      returnUrl: '/cart/success/1000001',
      description: 'Заказ №1000001',
    });
    expect(await two!.isOpen(started.providerPaymentId)).toBe(true);
    const deliveredTo: string[] = [];
    const acquirer = createSandboxAcquirer({
      provider: two!,
      logger: createLogger('silent'),
      deliver: async (request) => {
        deliveredTo.push(new URL(request.url).pathname);
        return new Response('{}');
      },
    });
    const page = await acquirer.fetch(new Request(`http://store.test${started.confirmationUrl}`));
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Номер карты');
    const paid = await acquirer.fetch(
      new Request(`http://store.test${started.confirmationUrl}/card`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({
          number: '4111 1111 1111 1111',
          expiry: '12/35',
          cvc: '123',
          holder: 'OLGA SOKOLOVA',
        }),
      }),
    );
    expect(paid.status).toBe(303);
    expect(deliveredTo).toEqual(['/api/payment/callback/sandbox']);
    // The first instance sees the payment finished.
    expect(await one!.isOpen(started.providerPaymentId)).toBe(false);
    await caches[0]!.clear();
    await Promise.all(caches.map((cache) => cache.close()));
  });
});
