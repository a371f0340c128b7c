// State shared by several instances of the store (issue 19): a session signed on one is good on the
// other, a price or stock changed through one is in the other's listings and «В наличии» filter within
// moments, a product hidden, shown or moved through one leaves or joins the other's listings, search and
// suggestions within seconds, and rate limits count the hits of every instance. On PostgreSQL (TEST_DATABASE_URL) each instance has its own pool and the
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
import { TestSession } from './test/session.ts';
import { moscowMulticenter, setStock } from './test/stock.ts';

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

describe('a product shown, hidden or moved on two instances', () => {
  let cookie = '';
  let product: { id: number; name: string; category_id: number; code: string };
  let target: { id: number; code: string };
  beforeAll(async () => {
    const signIn = await a.call(
      '/api/user/register-upos',
      { method: 'POST', headers: xhr, body: JSON.stringify({ mode: 'token', code: employeeToken(5005) }) },
      '10.20.0.3',
    );
    expect(signIn.status).toBe(200);
    cookie = signIn.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .join('; ');
    // A product with a one-of-a-kind name (its search finds only it), in a leaf category listed whole.
    const [row] = await cluster.handle.query<typeof product>(
      `select p.id, p.name, c.id as category_id, c.code from products p
         join product_offers o on o.product_id = p.id join categories c on c.id = p.category_id
        where p.status = 1 and c.status = 1
          and not exists (select 1 from categories ch where ch.parent_id = c.id)
          and (select count(*) from products q where q.category_id = c.id and q.status = 1) <= 100
          and (select count(*) from products q where q.name = p.name) = 1
        order by p.id desc limit 1`,
    );
    product = row!;
    const [other] = await cluster.handle.query<typeof target>(
      `select c.id, c.code from categories c
        where c.status = 1 and c.id <> $1 and not exists (select 1 from categories ch where ch.parent_id = c.id)
          and (select count(*) from products q where q.category_id = c.id and q.status = 1) between 1 and 100
        order by c.id limit 1`,
      [product.category_id],
    );
    target = other!;
  });

  /** Whether the instance lists the product in a category, finds it by its name and suggests it. */
  const seenOn = async (instance: Instance, category: { id: number; code: string }) => {
    const listing = await instance.call(`/api/v3/products/catalog/${category.code}/${category.id}?per_page=100`);
    expect(listing.status).toBe(200);
    const search = await instance.call(`/api/v3/products/search?q=${encodeURIComponent(product.name)}`);
    expect(search.status).toBe(200);
    const suggestions = await instance.call(`/api/v3/search/suggestions?query=${encodeURIComponent(product.name)}`);
    expect(suggestions.status).toBe(200);
    const has = (body: unknown) => (body as Listing).products.some((p) => p.id === product.id);
    return {
      listed: has(await listing.json()),
      found: has(await search.json()),
      suggested: has(await suggestions.json()),
    };
  };
  const everywhere = { listed: true, found: true, suggested: true };
  const nowhere = { listed: false, found: false, suggested: false };
  const change = (instance: Instance, what: 'visibility' | 'category', body: object) =>
    instance.call(`/api/ops/products/${product.id}/${what}`, {
      method: 'POST',
      headers: { ...xhr, cookie },
      body: JSON.stringify(body),
    });
  const countOf = async (categoryId: number) =>
    Number(
      (
        await cluster.handle.query<{ n: number }>('select product_count as n from categories where id = $1', [
          categoryId,
        ])
      )[0]!.n,
    );

  it("hidden through one instance, it leaves the other's listing, search and suggestions within seconds; shown, it comes back", async () => {
    const home = { id: product.category_id, code: product.code };
    // Both instances' indexes built before the change: the second must be patched, not just built fresh.
    expect(await seenOn(a, home)).toEqual(everywhere);
    expect(await seenOn(b, home)).toEqual(everywhere);
    const count = await countOf(product.category_id);

    const hidden = await change(b, 'visibility', { shown: false });
    expect(hidden.status).toBe(200);
    expect(await hidden.json()).toEqual({ id: product.id, shown: false, category_id: product.category_id });
    // The instance that made the change shows it when it answers; the other hears it from the database.
    expect(await seenOn(b, home)).toEqual(nowhere);
    expect(
      await eventually(
        () => seenOn(a, home),
        (seen) => !seen.listed && !seen.found && !seen.suggested,
      ),
    ).toEqual(nowhere);
    expect((await a.call(`/api/v3/products/${product.id}`)).status).toBe(404);
    expect(await countOf(product.category_id)).toBe(count - 1);

    const shown = await change(a, 'visibility', { shown: true });
    expect(shown.status).toBe(200);
    expect(await seenOn(a, home)).toEqual(everywhere);
    expect(
      await eventually(
        () => seenOn(b, home),
        (seen) => seen.listed && seen.found && seen.suggested,
      ),
    ).toEqual(everywhere);
    expect(await countOf(product.category_id)).toBe(count);
  });

  it("moved through one instance, it is in the new category's listing on the other within seconds", async () => {
    const home = { id: product.category_id, code: product.code };
    const count = await countOf(target.id);
    const moved = await change(a, 'category', { category_id: target.id });
    expect(moved.status).toBe(200);
    expect(await moved.json()).toEqual({ id: product.id, shown: true, category_id: target.id });
    expect(await seenOn(a, target)).toEqual(everywhere);
    expect((await seenOn(a, home)).listed).toBe(false);
    expect(
      await eventually(
        () => seenOn(b, target),
        (seen) => seen.listed,
      ),
    ).toEqual(everywhere);
    expect((await seenOn(b, home)).listed).toBe(false);
    expect(await countOf(target.id)).toBe(count + 1);
    // And back where it was, so the other tests find the catalogue as seeded.
    expect((await change(b, 'category', { category_id: product.category_id })).status).toBe(200);
    expect((await seenOn(b, home)).listed).toBe(true);
  });

  it('refuses anyone but an operator, an unknown product or category, and showing a product without a price', async () => {
    const anonymous = await a.call(`/api/ops/products/${product.id}/visibility`, {
      method: 'POST',
      headers: xhr,
      body: JSON.stringify({ shown: false }),
    });
    expect(anonymous.status).toBe(401);
    const unknownCategory = await change(a, 'category', { category_id: 2_000_000_000 });
    expect(unknownCategory.status).toBe(422);
    expect(((await unknownCategory.json()) as { errors: Record<string, string[]> }).errors.category_id).toEqual([
      'Категория не найдена',
    ]);
    const wrongBody = await change(a, 'visibility', { shown: 'yes' });
    expect(wrongBody.status).toBe(422);
    const missing = await a.call('/api/ops/products/2000000000/visibility', {
      method: 'POST',
      headers: { ...xhr, cookie },
      body: JSON.stringify({ shown: true }),
    });
    expect(missing.status).toBe(404);
    // A hidden product with no offer yet: showing it would list a product nobody can buy.
    const [unpriced] = await cluster.handle.query<{ id: number }>(
      `insert into products (id, name, full_name, category_id, brand_id, status)
       select max(id) + 1, 'Товар без цены', 'Товар без цены', $1, (select min(id) from brands), 0 from products
       returning id`,
      [product.category_id],
    );
    const refused = await a.call(`/api/ops/products/${unpriced!.id}/visibility`, {
      method: 'POST',
      headers: { ...xhr, cookie },
      body: JSON.stringify({ shown: true }),
    });
    expect(refused.status).toBe(422);
    expect(((await refused.json()) as { errors: Record<string, string[]> }).errors.shown).toEqual([
      'У товара нет цены: показать его нельзя',
    ]);
    expect((await cluster.handle.query('select status from products where id = $1', [unpriced!.id]))[0]).toEqual({
      status: 0,
    });
    await cluster.handle.query('delete from products where id = $1', [unpriced!.id]);
  });
});

describe('«В наличии» on two instances', () => {
  let moscow: number;
  let multicenter: number;
  let product: { id: number; category_id: number; code: string };
  beforeAll(async () => {
    ({ moscow, multicenter } = await moscowMulticenter(cluster.handle));
    // A product the store sells itself, in a leaf category small enough to list whole.
    const [row] = await cluster.handle.query<typeof product>(
      `select p.id, c.id as category_id, c.code from products p
         join product_offers o on o.product_id = p.id join categories c on c.id = p.category_id
        where p.status = 1 and c.status = 1 and o.available and not p.is_pre_order and o.order_type = 'false'
          and p.max_quantity >= 1 and o.price between 100000 and 20000000
          and not exists (select 1 from supplier_offers so where so.product_id = p.id)
          and not exists (select 1 from categories ch where ch.parent_id = c.id)
          and (select count(*) from products q where q.category_id = c.id and q.status = 1) <= 100
        order by p.id limit 1`,
    );
    product = row!;
  });

  /** Whether the instance's Moscow listing with «В наличии» chosen shows the product. */
  const inStockOn = async (instance: Instance) => {
    const response = await instance.call(
      `/api/v3/products/catalog/${product.code}/${product.category_id}?city_id=${moscow}&per_page=100&filter[in_stock][]=1`,
    );
    expect(response.status).toBe(200);
    return ((await response.json()) as Listing).products.some((p) => p.id === product.id);
  };
  const leaves = (instance: Instance) =>
    eventually(
      () => inStockOn(instance),
      (shown) => !shown,
    );
  const comes = (instance: Instance) =>
    eventually(
      () => inStockOn(instance),
      (shown) => shown,
    );

  it("the last unit ordered through one instance leaves the other's filter within seconds; the cancel brings it back", async () => {
    // One unit in one Moscow store; both instances hold Moscow's set with it (kept IN_STOCK_MAX_AGE_MS).
    await setStock(cluster.handle, product.id, [{ storeId: multicenter, qty: 1 }]);
    for (const instance of [a, b]) instance.api.catalog.dropInStock();
    expect(await inStockOn(a)).toBe(true);
    expect(await inStockOn(b)).toBe(true);

    const shopper = new TestSession(a, '10.20.1.1');
    const added = await shopper.call<{ items: { id: number; product_id: number }[] }>(
      'POST',
      `/api/basket/add-item?city_id=${moscow}`,
      { product_id: product.id, qty: 1 },
    );
    expect(added.status).toBe(200);
    const order = await shopper.through(b).call<{ id: number }>('POST', `/api/create-order?city_id=${moscow}`, {
      idempotency_key: `in-stock-last-unit-${product.id}`,
      line_ids: added.body.items.filter((l) => l.product_id === product.id).map((l) => l.id),
      contacts: { contact_name: 'Покупатель', mobile_phone: '+7 916 200-11-22' },
      delivery: { delivery_type: 1, store_id: multicenter },
      payment_type: 1,
    });
    expect(order.status).toBe(201);
    expect(await leaves(a)).toBe(false);
    expect(await leaves(b)).toBe(false);

    const cancelled = await shopper.call('POST', `/api/v3/customer/orders/${order.body.id}/cancel`);
    expect(cancelled.status).toBe(200);
    expect(await comes(b)).toBe(true);
    expect(await comes(a)).toBe(true);
  });

  it("units an operator counts in a store through one instance are in the other's filter within seconds", async () => {
    const operator = await operatorOn(b, '10.20.1.2');
    const stock = (instance: Instance, quantity: number) =>
      operator
        .through(instance)
        .call('POST', `/api/ops/products/${product.id}/stock`, { store_id: multicenter, quantity });
    expect(await inStockOn(a)).toBe(true);
    const emptied = await stock(b, 0);
    expect(emptied).toMatchObject({
      status: 200,
      body: { product_id: product.id, store_id: multicenter, quantity: 0 },
    });
    expect(await inStockOn(b)).toBe(false); // the instance that made the change: at once
    expect(await leaves(a)).toBe(false);
    expect((await stock(a, 3)).status).toBe(200);
    expect(await comes(b)).toBe(true);
    const [row] = await cluster.handle.query<{ quantity: number }>(
      'select quantity from stock where product_id = $1 and store_id = $2',
      [product.id, multicenter],
    );
    expect(row!.quantity).toBe(3);
  });

  it('refuses a stock change from anyone but an operator, a negative count and an unknown store', async () => {
    const body = JSON.stringify({ store_id: multicenter, quantity: 1 });
    const path = `/api/ops/products/${product.id}/stock`;
    expect((await a.call(path, { method: 'POST', headers: xhr, body })).status).toBe(401);
    const operator = await operatorOn(a, '10.20.1.3');
    const negative = await operator.call<{ errors: Record<string, string[]> }>('POST', path, {
      store_id: multicenter,
      quantity: -1,
    });
    expect(negative.status).toBe(422);
    expect(negative.body.errors.quantity).toBeDefined();
    expect((await operator.call('POST', path, { store_id: 2_000_000_000, quantity: 1 })).status).toBe(404);
    expect(
      (await operator.call('POST', '/api/ops/products/2000000000/stock', { store_id: multicenter, quantity: 1 }))
        .status,
    ).toBe(404);
  });
});

/** An operator (the seed's employee 5005) signed in on the instance. */
async function operatorOn(instance: Instance, ip: string) {
  const operator = new TestSession(instance, ip);
  const signIn = await operator.call('POST', '/api/user/register-upos', { mode: 'token', code: employeeToken(5005) });
  expect(signIn.status).toBe(200);
  return operator;
}

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
