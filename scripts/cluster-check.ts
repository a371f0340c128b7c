// `npm run test:cluster [-- --port 3260]`: the store as a cluster, checked through nginx (issue 19). Starts
// `npm run cluster` (3 instances, a fresh database of 1,000 products and its streaming replica, ports
// PORT to PORT+12) and proves: the catalogue read on the replica by every instance; a browser journey
// through nginx (e2e/cluster: basket on one instance, checkout and card payment on the others);
// round robin without stickiness with the trace id in the instance's log; a buyer's basket and order
// crossing instances; a price set through nginx seen by every instance, and a product hidden and shown
// again; stock counted by an operator and an order taking the last unit seen in every instance's
// «В наличии» filter; one rate limit across instances;
// the checkout race spread over instances (0 oversold, one order per idempotency key); an instance too busy
// to render (a page view retried on another, a form post waiting its turn there and sent once) and every
// instance so (the store's Russian 503/502 page, the API still answering; decision 0085); an instance
// killed under load (the rest keep serving, every acknowledged order is stored); no POST sent to two
// instances in the whole run. Prints `cluster: N passed, N failed` and exits 1 on a failure.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '@store/db';
import { SERVER_FAULT_TITLE } from '../apps/web/app/lib/server-fault.ts';
import { TOO_BUSY_RETRY_AFTER_S } from '../apps/web/app/lib/too-busy.server.ts';
import { RENDERS_AT_ONCE } from '../apps/web/server/render-gate.ts';

const root = path.resolve(import.meta.dirname, '..');
const dir = path.join(root, '.tmp/cluster-check');
const PORT = Number(parseArgs({ options: { port: { type: 'string', default: '3260' } } }).values.port);
const INSTANCES = 3;
const base = `http://127.0.0.1:${PORT}`;
const results: { name: string; ok: boolean; detail?: string }[] = [];

async function check(name: string, run: () => Promise<void>) {
  const started = performance.now();
  try {
    await run();
    results.push({ name, ok: true });
    console.log(`  ✓ ${name} (${Math.round(performance.now() - started)} ms)`);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    results.push({ name, ok: false, detail });
    console.log(`  ✗ ${name}: ${detail}`);
  }
}
function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

/** A shopper with a cookie jar, calling the API through nginx (so each call may reach another instance). */
function shopper() {
  const jar = new Map<string, string>();
  const cookie = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
  const keep = (response: Response) => {
    for (const raw of response.headers.getSetCookie()) {
      const [pair = ''] = raw.split(';');
      const at = pair.indexOf('=');
      jar.set(pair.slice(0, at), pair.slice(at + 1));
    }
  };
  const call = async (method: string, pathName: string, body?: unknown) => {
    const response = await fetch(`${base}/api${pathName}`, {
      method,
      headers: { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json', cookie: cookie() },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    keep(response);
    const text = await response.text();
    let parsed: Record<string, unknown>;
    try {
      parsed = (text ? JSON.parse(text) : {}) as Record<string, unknown>;
    } catch {
      parsed = { text: text.slice(0, 200) }; // nginx's own 502 page when the instance died mid-request
    }
    return { status: response.status, body: parsed };
  };
  /** A form posted to a page without JavaScript (through nginx, or to `origin`: one instance's own port). */
  const postForm = async (pathName: string, form: Record<string, string | number>, origin = base) => {
    const response = await fetch(`${origin}${pathName}`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'sec-fetch-site': 'same-origin',
        'content-type': 'application/x-www-form-urlencoded',
        cookie: cookie(),
      },
      body: new URLSearchParams(Object.entries(form).map(([k, v]): [string, string] => [k, String(v)])).toString(),
    });
    keep(response);
    await response.text();
    return response.status;
  };
  return Object.assign(call, { postForm, jar });
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/**
 * One request's line in nginx's access log, found by a mark of its own in the address. nginx writes it
 * once the answer has gone, so it may come a moment after the shopper has the answer.
 */
async function accessLine(mark: string) {
  const until = Date.now() + 2000;
  for (;;) {
    const line = fs
      .readFileSync(path.join(dir, 'nginx/access.log'), 'utf8')
      .split('\n')
      .find((l) => l.includes(`${mark} HTTP/`));
    if (line)
      return {
        status: Number(/" (\d{3}) /.exec(line)?.[1]),
        /** Every instance nginx asked, in turn (a retry lists two), and what each answered. */
        upstreams: (/upstream=(.*?) ustatus=/.exec(line)?.[1] ?? '').split(', '),
        statuses: (/ustatus=(.*?) usent=/.exec(line)?.[1] ?? '').split(', '),
        seconds: Number(/ rt=([\d.]+)/.exec(line)?.[1]),
      };
    assert(Date.now() < until, `no access log line for ${mark}`);
    await pause(20);
  }
}

const upstreamsOfLastLines = (n: number) =>
  fs
    .readFileSync(path.join(dir, 'nginx/access.log'), 'utf8')
    .trim()
    .split('\n')
    .slice(-n)
    .map((line) => /upstream=(\S+)/.exec(line)?.[1] ?? '');

console.log('cluster: starting (3 instances, 1,000 products, a streaming replica)…');
const cluster = spawn(
  process.execPath,
  [
    '--import',
    'tsx',
    path.join(root, 'scripts/cluster.ts'),
    '--fresh',
    '--instances',
    String(INSTANCES),
    '--port',
    String(PORT),
    '--products',
    '1000',
    '--dir',
    dir,
    '--replica',
  ],
  { cwd: root, env: { ...process.env, LOG_LEVEL: 'info' }, stdio: ['ignore', 'pipe', 'inherit'] },
);
await new Promise<void>((resolve, reject) => {
  let out = '';
  cluster.stdout.on('data', (chunk: Buffer) => {
    out += chunk.toString();
    if (out.includes('Кластер готов')) resolve();
  });
  cluster.once('exit', (code) => reject(new Error(`the cluster exited (${code}): ${out}`)));
});
const info = JSON.parse(fs.readFileSync(path.join(dir, 'cluster.json'), 'utf8')) as {
  instances: number[];
  pids: number[];
  databaseUrl: string;
  readUrl: string;
};
const db = await openDatabase({ databaseUrl: info.databaseUrl, maxConnections: 2 });
const replica = await openDatabase({ databaseUrl: info.readUrl, maxConnections: 1 });
const [city] = await db.query<{ id: number }>(`select id from cities where alias = 'moskva'`);
const [store] = await db.query<{ id: number }>(
  'select id from stores where city_id = $1 and type = 1 and status = 1 order by id limit 1',
  [city!.id],
);
const sellable = await db.query<{ id: number }>(
  `select p.id from products p
     join product_offers o on o.product_id = p.id join categories c on c.id = p.category_id
    where p.status = 1 and c.status = 1 and o.available and not p.is_pre_order and o.order_type = 'false'
      and o.price between 100000 and 20000000
    order by p.id limit 4`,
);
/** Only `units` of the product, all in the first Moscow store. */
async function setStock(productId: number, units: number) {
  await db.query('update stock set quantity = 0 where product_id = $1', [productId]);
  await db.query(
    `insert into stock (product_id, store_id, quantity) values ($1, $2, $3)
     on conflict (product_id, store_id) do update set quantity = excluded.quantity`,
    [productId, store!.id, units],
  );
}
const orderBody = (lineId: number, i: number, key = `cluster-${randomBytes(8).toString('hex')}`) => ({
  idempotency_key: key,
  line_ids: [lineId],
  contacts: { contact_name: 'Покупатель', mobile_phone: `+7 916 ${String(2000000 + i).slice(-7)}` },
  delivery: { delivery_type: 1, store_id: store!.id },
  payment_type: 1,
});
/** An operator (the seed's employee 5005) signed in through nginx. */
async function signedInOperator() {
  const operator = shopper();
  const signIn = await operator('POST', '/user/register-upos', { mode: 'token', code: 'XEMP000000005005' });
  assert(signIn.status === 200, `operator sign-in ${signIn.status}`);
  return operator;
}
/** Polls every instance until `check` holds for it, for up to 5 s in all. */
async function onEveryInstance(what: string, check: (port: number) => Promise<boolean>) {
  const until = Date.now() + 5000;
  for (const p of info.instances) {
    while (!(await check(p))) {
      assert(Date.now() < until, `instance ${p} ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}
async function addToBasket(call: ReturnType<typeof shopper>, productId: number) {
  const added = await call('POST', `/basket/add-item?city_id=${city!.id}`, { product_id: productId, qty: 1 });
  const line = (added.body.items as { id: number; product_id: number }[] | undefined)?.find(
    (l) => l.product_id === productId,
  );
  assert(line, `add-item: ${added.status} ${JSON.stringify(added.body).slice(0, 200)}`);
  return line.id;
}

/**
 * Takes every render place of the instances on `ports` for as long as `busy` runs, and gives them back:
 * four form posts to each instance's own port change a line of one basket whose row this check keeps
 * locked in an open transaction, so each render waits inside its action for the database (as behind a
 * long transaction or a migration's lock), holding its place without costing the thread anything. Any
 * other page render on those instances then waits its turn (a GET is refused with 503 after 5 s).
 * Nothing but the store's own request paths: the store does not know it is being tested.
 */
async function withRendersHeld<T>(ports: number[], busy: () => Promise<T>): Promise<T> {
  const holder = shopper();
  const lineId = await addToBasket(holder, sellable[3]!.id);
  const basketId = holder.jar.get('basket_id');
  assert(basketId, 'no basket cookie');
  let locked!: () => void;
  let release!: () => void;
  const isLocked = new Promise<void>((resolve) => (locked = resolve));
  const released = new Promise<void>((resolve) => (release = resolve));
  const lock = db.transaction(async (tx) => {
    await tx.query('select id from baskets where id = $1 for update', [basketId]);
    locked();
    await released;
  });
  await isLocked;
  const held = ports.flatMap((p) =>
    Array.from({ length: RENDERS_AT_ONCE }, () =>
      holder.postForm('/cart', { intent: 'update', line_id: lineId, qty: 2 }, `http://127.0.0.1:${p}`),
    ),
  );
  try {
    // Every held render is in its action, waiting for the basket's row.
    const until = Date.now() + 10_000;
    for (;;) {
      const [waiting] = await db.query<{ n: number }>(
        `select count(*)::int as n from pg_stat_activity
          where wait_event_type = 'Lock' and query like 'select id from baskets where id = $1 for update%'`,
      );
      if (waiting!.n === held.length) break;
      assert(Date.now() < until, `${waiting!.n} of ${held.length} held renders wait for the basket`);
      await pause(50);
    }
    return await busy();
  } finally {
    release();
    await lock;
    const statuses = await Promise.all(held);
    assert(
      statuses.every((s) => s === 200),
      `held renders answered ${statuses.join(',')}`,
    );
  }
}
/** Through nginx, a page of nobody's basket: never from the page cache, always rendered. */
async function probePage(mark: string) {
  const started = performance.now();
  const response = await fetch(`${base}/cart?probe=${mark}`, { redirect: 'manual' });
  return {
    status: response.status,
    retryAfter: response.headers.get('retry-after'),
    text: await response.text(),
    ms: Math.round(performance.now() - started),
  };
}

try {
  await check('every instance reads the catalogue on the streaming replica; writes reach it', async () => {
    const [streaming] = await db.query<{ n: number }>(
      `select count(*)::int as n from pg_stat_replication where state = 'streaming'`,
    );
    assert(streaming!.n === 1, `${streaming!.n} streaming replicas`);
    const [standby] = await replica.query<{ recovery: boolean }>('select pg_is_in_recovery() as recovery');
    assert(standby!.recovery, 'the read database is not a standby');
    // Product pages asked of each instance directly: the replica's committed transactions grow with them.
    const commits = async () =>
      Number(
        (
          await replica.query<{ n: string }>(
            `select xact_commit::text as n from pg_stat_database where datname = current_database()`,
          )
        )[0]!.n,
      );
    for (const [i, p] of info.instances.entries()) {
      const before = await commits();
      for (const product of sellable.slice(0, 3)) {
        const r = await fetch(`http://127.0.0.1:${p}/api/v3/products/${product.id + i}`);
        assert(r.status === 200 || r.status === 404, `product ${r.status}`);
      }
      // A backend reports its statistics when idle, up to 10 s later (PostgreSQL 15).
      const until = Date.now() + 15_000;
      while ((await commits()) < before + 3) {
        assert(Date.now() < until, `instance ${p}: no reads on the replica`);
        await new Promise((resolve) => setTimeout(resolve, 200));
      }
    }
    // A row written on the primary is on the replica within seconds.
    const marker = `cluster-${randomBytes(6).toString('hex')}`;
    await db.query(`update products set name = $1 where id = $2`, [marker, sellable[3]!.id]);
    const until = Date.now() + 5000;
    for (;;) {
      const [row] = await replica.query<{ name: string }>('select name from products where id = $1', [sellable[3]!.id]);
      if (row?.name === marker) break;
      assert(Date.now() < until, 'the replica did not replay the change');
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  });

  await check('round robin without stickiness; the trace id reaches the instance log', async () => {
    const ids: string[] = [];
    for (let i = 0; i < INSTANCES * 2; i++) {
      const response = await fetch(`${base}/api/health/ready`);
      assert(response.status === 200, `ready ${response.status}`);
      ids.push(response.headers.get('x-request-id') ?? '');
    }
    const upstreams = new Set(upstreamsOfLastLines(INSTANCES * 2));
    assert(upstreams.size === INSTANCES, `answered by ${[...upstreams].join(', ')}`);
    const logs = info.instances.map((p) => fs.readFileSync(path.join(dir, `instance-${p}.log`), 'utf8')).join('\n');
    assert(
      ids.every((id) => /^[0-9a-f]{32}$/.test(id) && logs.includes(`"trace_id":"${id}"`)),
      'trace ids missing',
    );
  });

  await check("a buyer's basket and order cross instances", async () => {
    const productId = sellable[0]!.id;
    await setStock(productId, 5);
    const call = shopper();
    const lineId = await addToBasket(call, productId);
    const basket = await call('GET', `/basket/get-basket?city_id=${city!.id}`);
    assert(
      basket.status === 200 && (basket.body.items as unknown[]).length === 1,
      'basket not seen by the next instance',
    );
    const order = await call('POST', `/create-order?city_id=${city!.id}`, orderBody(lineId, 1));
    assert(order.status === 201, `create-order ${order.status} ${JSON.stringify(order.body).slice(0, 200)}`);
    const upstreams = new Set(upstreamsOfLastLines(3));
    assert(upstreams.size >= 2, 'all three calls went to one instance');
  });

  await check('a price set through nginx is in every instance’s listing within 5 s', async () => {
    const [category] = await db.query<{ id: number; code: string }>(
      `select c.id, c.code from categories c join products p on p.category_id = c.id
        where p.status = 1 group by c.id, c.code order by count(*) desc limit 1`,
    );
    const [target] = await db.query<{ id: number }>(
      `select p.id from products p join product_offers o on o.product_id = p.id
        where p.category_id = $1 and p.status = 1 order by o.price desc limit 1`,
      [category!.id],
    );
    const operator = await signedInOperator();
    const changed = await operator('POST', `/ops/products/${target!.id}/price`, { price: 100 });
    assert(changed.status === 200, `price ${changed.status}`);
    const cheapest = async (p: number) => {
      const r = await fetch(
        `http://127.0.0.1:${p}/api/v3/products/catalog/${category!.code}/${category!.id}?order_by=price`,
      );
      return ((await r.json()) as { products: { id: number }[] }).products[0]?.id;
    };
    await onEveryInstance('still shows the old price', async (p) => (await cheapest(p)) === target!.id);
  });

  await check(
    'a product hidden through nginx leaves every instance’s listing, search and page cache within 5 s; shown, it is back',
    async () => {
      const [product] = await db.query<{ id: number; name: string; category_id: number; code: string }>(
        `select p.id, p.name, c.id as category_id, c.code from products p
           join product_offers o on o.product_id = p.id join categories c on c.id = p.category_id
          where p.status = 1 and not exists (select 1 from categories ch where ch.parent_id = c.id)
            and (select count(*) from products q where q.category_id = c.id and q.status = 1) <= 100
          order by p.id desc limit 1`,
      );
      const shownOn = async (p: number) => {
        const [listing, search] = await Promise.all([
          fetch(`http://127.0.0.1:${p}/api/v3/products/catalog/${product!.code}/${product!.category_id}?per_page=100`),
          fetch(`http://127.0.0.1:${p}/api/v3/products/search?q=${encodeURIComponent(product!.name)}`),
        ]);
        const has = async (r: Response) =>
          ((await r.json()) as { products: { id: number }[] }).products.some((x) => x.id === product!.id);
        return [await has(listing), await has(search)];
      };
      // Its page, viewed on every instance first (so each may keep it in its page cache), answers 404 once hidden.
      const listed = await fetch(
        `${base}/api/v3/products/catalog/${product!.code}/${product!.category_id}?per_page=100`,
      );
      const url = ((await listed.json()) as { products: { id: number; url: string }[] }).products.find(
        (x) => x.id === product!.id,
      )?.url;
      assert(url, 'the product is not in its listing');
      const pageOn = async (p: number) => (await fetch(`http://127.0.0.1:${p}${url}`)).status;
      for (const p of info.instances) for (let k = 0; k < 2; k++) assert((await pageOn(p)) === 200, `page on ${p}`);
      const operator = await signedInOperator();
      const hidden = await operator('POST', `/ops/products/${product!.id}/visibility`, { shown: false });
      assert(hidden.status === 200, `hide ${hidden.status}`);
      await onEveryInstance('still lists or finds the hidden product', async (p) =>
        (await shownOn(p)).every((seen) => !seen),
      );
      await onEveryInstance('still shows the hidden product’s page', async (p) => (await pageOn(p)) === 404);
      const shown = await operator('POST', `/ops/products/${product!.id}/visibility`, { shown: true });
      assert(shown.status === 200, `show ${shown.status}`);
      await onEveryInstance('does not list or find the product shown again', async (p) =>
        (await shownOn(p)).every((seen) => seen),
      );
      await onEveryInstance(
        'does not show the page of the product shown again',
        async (p) => (await pageOn(p)) === 200,
      );
    },
  );

  await check(
    'stock counted by an operator, then the last unit ordered: every instance’s «В наличии» within 5 s',
    async () => {
      // A product in a leaf category small enough to list whole; no units anywhere (not announced).
      const [product] = await db.query<{ id: number; category_id: number; code: string }>(
        `select p.id, c.id as category_id, c.code from products p
         join product_offers o on o.product_id = p.id join categories c on c.id = p.category_id
        where p.status = 1 and c.status = 1 and o.available and not p.is_pre_order and o.order_type = 'false'
          and p.max_quantity >= 1 and o.price between 100000 and 20000000 and p.id <> all($1::int[])
          and not exists (select 1 from supplier_offers so where so.product_id = p.id)
          and not exists (select 1 from categories ch where ch.parent_id = c.id)
          and (select count(*) from products q where q.category_id = c.id and q.status = 1) <= 100
        order by p.id limit 1`,
        [sellable.map((p) => p.id)],
      );
      assert(product, 'no product in a small category');
      await setStock(product.id, 0);
      const inStock = async (p: number) => {
        const r = await fetch(
          `http://127.0.0.1:${p}/api/v3/products/catalog/${product.code}/${product.category_id}` +
            `?city_id=${city!.id}&per_page=100&filter[in_stock][]=1`,
        );
        return ((await r.json()) as { products: { id: number }[] }).products.some((x) => x.id === product.id);
      };
      // Every instance keeps Moscow's set from the listings before: none of them reads it again for 30 s.
      const operator = await signedInOperator();
      const counted = await operator('POST', `/ops/products/${product.id}/stock`, { store_id: store!.id, quantity: 1 });
      assert(counted.status === 200, `stock ${counted.status}`);
      await onEveryInstance('does not show the counted unit', inStock);
      const call = shopper();
      const order = await call(
        'POST',
        `/create-order?city_id=${city!.id}`,
        orderBody(await addToBasket(call, product.id), 50),
      );
      assert(order.status === 201, `create-order ${order.status} ${JSON.stringify(order.body).slice(0, 200)}`);
      await onEveryInstance('still shows the sold unit', async (p) => !(await inStock(p)));
    },
  );

  await check(
    'a browser journey through nginx: basket on one instance, checkout and payment on the others',
    async () => {
      // Not spawnSync: a blocked event loop lets nginx close this process's idle keep-alive connections
      // unnoticed, and the next check's first call would go out on a dead one.
      const child = spawn(
        process.execPath,
        [path.join(root, 'node_modules/@playwright/test/cli.js'), 'test', '-c', 'e2e/cluster.config.ts'],
        {
          cwd: root,
          env: { ...process.env, CLUSTER_URL: base, CLUSTER_DIR: dir, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' },
          stdio: ['ignore', 'pipe', 'pipe'],
        },
      );
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
      child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
      const status = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      const run = { status, stdout: output, stderr: '' };
      assert(run.status === 0, `playwright exited ${run.status}: ${(run.stdout + run.stderr).slice(-1500)}`);
      assert(/1 passed/.test(run.stdout), `no passed journey: ${run.stdout.slice(-500)}`);
    },
  );

  await check('one rate limit counts the hits of every instance', async () => {
    const statuses = await Promise.all(
      Array.from({ length: 16 }, () =>
        shopper()('POST', '/user/order-status', { order_id: 999_999, phone: '+79990000000' }).then((r) => r.status),
      ),
    );
    const limited = statuses.filter((s) => s === 429).length;
    assert(limited === 6, `429 for ${limited} of 16 (limit 10 per IP a minute): ${statuses.join(',')}`);
  });

  await check('the checkout race over instances: 0 oversold, one order per idempotency key', async () => {
    const productId = sellable[1]!.id;
    const units = 10;
    await setStock(productId, units);
    const buyers = await Promise.all(
      Array.from({ length: 30 }, async (_, i) => {
        const call = shopper();
        return { call, lineId: await addToBasket(call, productId), i };
      }),
    );
    const key = `cluster-same-${randomBytes(6).toString('hex')}`;
    const answers = await Promise.all(
      buyers.flatMap(({ call, lineId, i }) =>
        // The first buyer sends one key three times at once (a double click, a retry through another instance).
        i === 0
          ? [0, 1, 2].map(() => call('POST', `/create-order?city_id=${city!.id}`, orderBody(lineId, i, key)))
          : [call('POST', `/create-order?city_id=${city!.id}`, orderBody(lineId, i))],
      ),
    );
    const [sold] = await db.query<{ n: number }>(
      'select coalesce(sum(qty), 0)::int as n from stock_reservations where product_id = $1 and released_at is null',
      [productId],
    );
    const [same] = await db.query<{ n: number }>('select count(*)::int as n from orders where idempotency_key = $1', [
      key,
    ]);
    const other = answers.filter((a) => a.status >= 500);
    assert(other.length === 0, `5xx: ${JSON.stringify(other[0]?.body)}`);
    assert(sold!.n === units, `reserved ${sold!.n} of ${units}`);
    assert(same!.n <= 1, `${same!.n} orders for one idempotency key`);
  });

  await check(
    'an instance too busy to render: a page is answered by another, a form post waits its turn there and is sent once',
    async () => {
      const busy = info.instances[INSTANCES - 1]!;
      const mark = randomBytes(4).toString('hex');
      const buyers: ReturnType<typeof shopper>[] = [];
      const { gets, posts } = await withRendersHeld([busy], async () => {
        /**
         * Sends one request after another through nginx until one is not answered within 2 s: the one
         * the round robin gave the busy instance, waiting there for a place (the others answer in ~0.1 s).
         */
        async function untilOneWaits<T>(send: (i: number) => Promise<T>) {
          const sent: Promise<T>[] = [];
          for (let i = 0; i < 6; i++) {
            const answer = send(i);
            sent.push(answer);
            if ((await Promise.race([answer.then(() => 'answered'), pause(2000)])) !== 'answered') return sent;
          }
          throw new Error('no request reached the busy instance in six');
        }
        // Page views, then «В корзину» forms without JavaScript from new shoppers.
        const gets = await untilOneWaits((i) => probePage(`${mark}-get-${i}`));
        const posts = await untilOneWaits((i) => {
          const buyer = shopper();
          buyers.push(buyer);
          return buyer.postForm(`/cart?probe=${mark}-post-${i}`, {
            intent: 'add',
            product_id: sellable[0]!.id,
            qty: 1,
          });
        });
        const lastPostSent = performance.now() - 2000;
        const pages = await Promise.all(gets);
        // The form post on the busy instance is still waiting for a place past the 5 s a page view waits.
        await pause(Math.max(0, lastPostSent + 6000 - performance.now()));
        return { gets: pages, posts };
      });
      const getLines = await Promise.all(gets.map((_, i) => accessLine(`probe=${mark}-get-${i}`)));
      assert(
        gets.every((g) => g.status === 200),
        `page views answered ${gets.map((g) => g.status).join(',')}`,
      );
      const retried = getLines.filter((l) => l.upstreams.length === 2);
      assert(
        retried.length === 1 &&
          retried[0]!.upstreams[0] === `127.0.0.1:${busy}` &&
          retried[0]!.statuses.join(',') === '503,200',
        `nginx's lines of the page views: ${JSON.stringify(getLines)}`,
      );
      const postStatuses = await Promise.all(posts);
      // The basket added to, then shown: a redirect to /cart.
      assert(
        postStatuses.every((s) => s === 302 || s === 303),
        `form posts answered ${postStatuses.join(',')}`,
      );
      const postLines = await Promise.all(buyers.map((_, i) => accessLine(`probe=${mark}-post-${i}`)));
      assert(
        postLines.every((l) => l.upstreams.length === 1),
        `a form post went to two instances: ${JSON.stringify(postLines)}`,
      );
      const waited = postLines.find((l) => l.upstreams[0] === `127.0.0.1:${busy}`);
      assert(waited && waited.seconds >= 5.5, `no form post waited on the busy instance: ${JSON.stringify(postLines)}`);
      for (const buyer of buyers) {
        const basket = await buyer('GET', `/basket/get-basket?city_id=${city!.id}`);
        const items = basket.body.items as { product_id: number; qty: number }[];
        assert(items.length === 1 && items[0]!.qty === 1, `a basket after one «В корзину»: ${JSON.stringify(items)}`);
      }
      console.log(
        `    the page view on the busy instance: 503 there, 200 from ${retried[0]!.upstreams[1]} after ${retried[0]!.seconds} s; ` +
          `its form post: answered there after ${waited.seconds} s, once`,
      );
    },
  );

  await check(
    'every instance too busy to render: the store’s Russian error page, and the API still answers',
    async () => {
      const mark = randomBytes(4).toString('hex');
      const buyer = shopper();
      const { pages, api } = await withRendersHeld(info.instances, async () => {
        const started = performance.now();
        const pages = Array.from({ length: 9 }, async (_, i) => {
          await pause(i * 30);
          return probePage(`${mark}-${i}`);
        });
        // Each instance refused two page views within fail_timeout: nginx says it rests each (max_fails=2).
        // The round robin does not always give each instance its share of the first nine (a retry takes its
        // turn too): after the first refusals, one more page view every 300 ms until all three rest.
        for (let sent = performance.now(); ;) {
          const rested = new Set(
            fs
              .readFileSync(path.join(dir, 'nginx/error.log'), 'utf8')
              .split('\n')
              .filter((l) => l.includes('upstream server temporarily disabled') && l.includes(`probe=${mark}-`))
              .map((l) => /upstream: "http:\/\/([^/]+)\//.exec(l)?.[1]),
          );
          if (rested.size === INSTANCES) break;
          const now = performance.now();
          assert(now - started < 17_000, `nginx rested ${[...rested].join(', ') || 'no instance'}`);
          if (now - started > 5300 && now - sent > 300) {
            pages.push(probePage(`${mark}-${pages.length}`));
            sent = now;
          }
          await pause(20);
        }
        const restedAfter = Math.round(performance.now() - started);
        // While they rest, a page view gets nginx's own 502 at once, and «В корзину» through the API is
        // answered: its failures are counted apart (upstream store_api, decision 0085).
        const [meanwhile, added] = await Promise.all([
          probePage(`${mark}-rested`),
          buyer('POST', `/basket/add-item?city_id=${city!.id}`, { product_id: sellable[0]!.id, qty: 1 }),
        ]);
        return {
          pages: [...(await Promise.all(pages)), meanwhile],
          api: { status: added.status, after: restedAfter },
        };
      });
      assert(api.status === 200, `the API answered ${api.status} while nginx rested the instances for pages`);
      const meanwhile = pages.at(-1)!;
      assert(
        meanwhile.status === 502 && meanwhile.ms < 1000,
        `a page view while they rest: ${meanwhile.status} after ${meanwhile.ms} ms`,
      );
      for (const page of pages) {
        assert(page.status === 503 || page.status === 502, `answered ${page.status}`);
        assert(
          page.text.includes('lang="ru"') && page.text.includes(`<h1>${SERVER_FAULT_TITLE}</h1>`),
          `${page.status} without the store's page: ${page.text.slice(0, 200)}`,
        );
        assert(
          page.retryAfter === String(TOO_BUSY_RETRY_AFTER_S),
          `${page.status} with Retry-After ${page.retryAfter}`,
        );
        // proxy_next_upstream_timeout 10s: never a third wait of 5 s.
        assert(page.ms < 12_000, `${page.status} after ${page.ms} ms`);
      }
      const lines = await Promise.all(pages.slice(0, -1).map((_, i) => accessLine(`probe=${mark}-${i}`)));
      assert(
        lines.every((l) => l.upstreams.length <= 2),
        `asked more than two instances: ${JSON.stringify(lines)}`,
      );
      const summary = (status: number) => {
        const these = pages.slice(0, -1).filter((p) => p.status === status);
        return these.length
          ? `${status} ×${these.length} after ${these.map((p) => (p.ms / 1000).toFixed(1)).join('/')} s`
          : '';
      };
      console.log(
        `    ${pages.length - 1} page views: ${[summary(503), summary(502)].filter(Boolean).join(', ')}; ` +
          `every instance rested for pages ${(api.after / 1000).toFixed(1)} s in: a page view ${meanwhile.status} ` +
          `after ${meanwhile.ms} ms, «В корзину» through the API ${api.status}`,
      );
      // Once the renders are done, nginx takes every instance back for pages after fail_timeout (5 s).
      const until = Date.now() + 15_000;
      const answered = new Set<string>();
      for (let i = 0; answered.size < INSTANCES; i++) {
        assert(Date.now() < until, `pages from ${[...answered].join(', ') || 'no instance'} after 15 s`);
        const page = await probePage(`${mark}-back-${i}`);
        if (page.status === 200) answered.add((await accessLine(`probe=${mark}-back-${i}`)).upstreams.at(-1)!);
        else await pause(250);
      }
    },
  );

  await check('an instance killed under load: the rest keep serving, acknowledged orders are stored', async () => {
    const productId = sellable[2]!.id;
    await setStock(productId, 200);
    const buyers = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const call = shopper();
        return { call, lineId: await addToBasket(call, productId), i };
      }),
    );
    const pid = info.pids[INSTANCES - 1]!;
    const gets: Promise<number>[] = [];
    const orders: Promise<{ status: number; body: Record<string, unknown> }>[] = [];
    let killed = false;
    for (let round = 0; round < 40; round++) {
      for (let j = 0; j < 4; j++)
        gets.push(
          fetch(`${base}/api/v3/menu`).then(
            (r) => r.status,
            () => 0,
          ),
        );
      if (round < buyers.length) {
        const { call, lineId, i } = buyers[round]!;
        orders.push(
          call('POST', `/create-order?city_id=${city!.id}`, orderBody(lineId, 100 + i)).catch((error: unknown) => ({
            status: 0,
            body: { error: String(error) },
          })),
        );
      }
      if (round === 10) {
        process.kill(pid, 'SIGKILL');
        killed = true;
      }
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    assert(killed, 'not killed');
    const getStatuses = await Promise.all(gets);
    const failedGets = getStatuses.filter((s) => s !== 200).length;
    assert(failedGets === 0, `${failedGets} of ${getStatuses.length} reads failed`);
    const answered = await Promise.all(orders);
    const acknowledged = answered.filter((a) => a.status === 201).map((a) => Number((a.body as { id?: number }).id));
    const [stored] = await db.query<{ n: number }>('select count(*)::int as n from orders where id = any($1::int[])', [
      acknowledged,
    ]);
    assert(
      acknowledged.length > 0 && stored!.n === acknowledged.length,
      `${acknowledged.length} acknowledged, ${stored!.n} stored`,
    );
    const lost = answered.filter((a) => a.status !== 201).map((a) => a.status);
    // An order cut off with the instance gets nginx's own 502: in the API's JSON shape, in Russian (store.conf).
    for (const a of answered.filter((a) => a.status === 502))
      assert(
        a.body.status === 502 && typeof a.body.message === 'string' && /[а-яё]/i.test(a.body.message),
        `nginx's 502 for the API: ${JSON.stringify(a.body).slice(0, 200)}`,
      );
    console.log(
      `    ${acknowledged.length} of ${answered.length} orders acknowledged (others: ${lost.join(',') || 'none'})`,
    );
  });

  await check('nginx never sent a POST to a second instance (its access log of the whole run)', async () => {
    const lines = fs.readFileSync(path.join(dir, 'nginx/access.log'), 'utf8').trim().split('\n');
    // Bytes nginx wrote to each instance it asked: a second instance after a refused connection is safe.
    const sentTo = (line: string) =>
      (/usent=(.*?) rt=/.exec(line)?.[1] ?? '').split(', ').filter((bytes) => Number(bytes) > 0).length;
    const posts = lines.filter((l) => l.includes('"POST '));
    const twice = posts.filter((l) => sentTo(l) > 1);
    assert(twice.length === 0, `sent twice: ${twice.slice(0, 3).join(' | ')}`);
    const gets = lines.filter((l) => l.includes('"GET ') && sentTo(l) > 1).length;
    assert(gets > 0, 'no GET was sent to a second instance: the check proves nothing');
    const refused = posts.filter((l) => /upstream=\S+, /.test(l)).length;
    console.log(
      `    ${posts.length} POSTs, none sent twice (${refused} asked a second instance after a refused connection); ` +
        `${gets} GETs sent to a second instance`,
    );
  });

  await check("nginx's own 502: the store's Russian page for a page, the API's JSON for an API call", async () => {
    // The cluster's own configuration, run by a second nginx whose only upstream is a port nobody listens
    // on (PORT+5; PORT+4 its own): every request is nginx's own 502, deterministically.
    const prefix = path.join(dir, 'nginx-down');
    fs.rmSync(prefix, { recursive: true, force: true });
    fs.mkdirSync(prefix, { recursive: true });
    const conf = fs
      .readFileSync(path.join(dir, 'nginx/nginx.conf'), 'utf8')
      .replaceAll(path.join(dir, 'nginx'), prefix)
      .replace(/server 127\.0\.0\.1:\d+/g, `server 127.0.0.1:${PORT + 5}`)
      .replace(/listen 127\.0\.0\.1:\d+;/, `listen 127.0.0.1:${PORT + 4};`);
    fs.writeFileSync(path.join(prefix, 'nginx.conf'), conf);
    const down = spawn('nginx', ['-p', prefix, '-c', path.join(prefix, 'nginx.conf'), '-g', 'daemon off;'], {
      stdio: 'ignore',
    });
    try {
      const origin = `http://127.0.0.1:${PORT + 4}`;
      let page: Response | undefined;
      for (let i = 0; i < 50 && !page; i++)
        page = await fetch(`${origin}/`).catch(() => pause(100).then(() => undefined));
      assert(page, 'the second nginx did not start');
      const html = await page.text();
      assert(page.status === 502, `a page: ${page.status}`);
      assert(
        html.includes('lang="ru"') && html.includes(`<h1>${SERVER_FAULT_TITLE}</h1>`),
        `a page: ${html.slice(0, 200)}`,
      );
      const api = await fetch(`${origin}/api/v3/menu`);
      const body = (await api.json()) as { status?: number; message?: string; errors?: object };
      assert(
        api.status === 502 && api.headers.get('content-type')?.startsWith('application/json'),
        `the API: ${api.status}`,
      );
      assert(
        body.status === 502 && /[а-яё]/i.test(body.message ?? '') && typeof body.errors === 'object',
        `the API: ${JSON.stringify(body)}`,
      );
      assert(api.headers.get('retry-after') === '5', `the API's Retry-After: ${api.headers.get('retry-after')}`);
      console.log(`    a page: 502, the store's page; the API: 502, ${JSON.stringify(body.message)}`);
    } finally {
      down.kill('SIGQUIT');
      await new Promise((resolve) => down.once('exit', resolve));
    }
  });
} finally {
  await db.close();
  await replica.close();
  cluster.kill('SIGTERM');
  const code = await new Promise<number | null>((resolve) => cluster.once('exit', resolve));
  await check('the cluster stops cleanly', async () => {
    assert(code === 0, `exit ${code}`);
  });
}
const passed = results.filter((r) => r.ok).length;
console.log(`cluster: ${passed} passed, ${results.length - passed} failed`);
process.exit(passed === results.length ? 0 : 1);
