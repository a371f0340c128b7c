// Orders through create-order with stock reservation: `npm run bench:orders`.
//   --rounds R (default 5), --buyers B (default 50), --units U (default 10), --products N (default 300)
//   --database-url postgres://… (or BENCH_DATABASE_URL): run on a PostgreSQL server instead of PGlite;
//   a fresh database is created next to the one in the URL and dropped at the end.
//   --pool P (default 20): PostgreSQL connections.
// The buyers call the API in-process (the API app's fetch with a Request, as the web server's loaders
// do): no HTTP hop, so the figures are the API and the database. Each round seeds a fresh product with
// exactly U units in one multicenter of Moscow; B buyers each put 1 unit in their own basket, then all
// race create-order at once. Printed per round: the time, calls/s, orders/s, 201s and 409s, the
// oversold count (units sold − U, must be 0) and the stock left (must be 0). A last round gives every
// buyer a unit (U = B), to show the throughput of orders that succeed.
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { createApi, createLogger, createMemoryCache, loadConfig } from '@store/api';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '@store/db';
import { seedDatabase } from '@store/db/seed';

const { values } = parseArgs({
  options: {
    rounds: { type: 'string', default: '5' },
    buyers: { type: 'string', default: '50' },
    units: { type: 'string', default: '10' },
    products: { type: 'string', default: '300' },
    pool: { type: 'string', default: '20' },
    'database-url': { type: 'string' },
  },
});
const rounds = Number(values.rounds);
const buyers = Number(values.buyers);
const units = Number(values.units);
const databaseUrl = values['database-url'] ?? process.env.BENCH_DATABASE_URL;

async function openBenchDatabase(): Promise<{ handle: DatabaseHandle; label: string; drop: () => Promise<void> }> {
  if (!databaseUrl) {
    const handle = await openDatabase({ dataDir: 'memory://' });
    return { handle, label: 'PGlite (in memory, one connection)', drop: async () => {} };
  }
  const name = `store_bench_orders_${randomBytes(4).toString('hex')}`;
  const admin = await openDatabase({ databaseUrl, maxConnections: 1 });
  await admin.exec(`create database ${name}`);
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  const pool = Number(values.pool);
  const handle = await openDatabase({ databaseUrl: url.toString(), maxConnections: pool });
  const [version] = await handle.query<{ v: string }>(`select current_setting('server_version') as v`);
  return {
    handle,
    label: `PostgreSQL ${version!.v} (${pool} connections)`,
    drop: async () => {
      await admin.exec(`drop database if exists ${name}`);
      await admin.close();
    },
  };
}

const { handle, label, drop } = await openBenchDatabase();
const api = createApi({
  handle,
  cache: createMemoryCache(),
  logger: createLogger('error'),
  config: loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'error' }),
});

/** One shopper: a cookie jar and JSON calls to the in-process API. */
function buyer() {
  const jar = new Map<string, string>();
  return async (path: string, body: unknown) => {
    const response = await api.fetch(
      new Request(`http://bench.local/api${path}`, {
        method: 'POST',
        headers: {
          'x-requested-with': 'XMLHttpRequest',
          'content-type': 'application/json',
          cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
        },
        body: JSON.stringify(body),
      }),
    );
    for (const raw of response.headers.getSetCookie()) {
      const [pair] = raw.split(';');
      const [k, v] = pair!.split('=');
      jar.set(k!, v!);
    }
    return { status: response.status, body: (await response.json()) as Record<string, unknown> };
  };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;

try {
  const started = performance.now();
  await migrateDatabase(handle);
  await seedDatabase(handle, { products: Number(values.products), seed: 7 });
  console.log(`${label}: seeded ${values.products} products in ${Math.round(performance.now() - started)} ms`);
  const [city] = await handle.query<{ id: number }>(`select id from cities where alias = 'moskva'`);
  const [store] = await handle.query<{ id: number }>(
    'select id from stores where city_id = $1 and type = 1 and status = 1 order by id limit 1',
    [city!.id],
  );
  // Products anyone can buy and pay for in cash on collection (up to 300 000 ₽).
  const candidates = await handle.query<{ id: number }>(
    `select p.id from products p
       join product_offers o on o.product_id = p.id join categories c on c.id = p.category_id
      where p.status = 1 and c.status = 1 and o.available and not p.is_pre_order and o.order_type = 'false'
        and o.price between 100000 and 20000000
      order by p.id limit $1`,
    [rounds + 1],
  );
  if (candidates.length < rounds + 1) throw new Error('not enough sellable products in the seed');

  console.log(`${buyers} buyers, 1 unit each, race create-order; in-process API calls\n`);
  console.log('round  units    ms  calls/s  orders/s  p50 ms  p99 ms  201  409  other  oversold  stock left');
  let failed = false;
  const plan = [...Array.from({ length: rounds }, () => units), buyers];
  for (const [round, stockUnits] of plan.entries()) {
    const productId = candidates[round]!.id;
    await handle.query(
      // Nowhere else either: another city's units would come by transfer (decision 0010).
      'update stock set quantity = 0 where product_id = $1',
      [productId],
    );
    await handle.query(
      `insert into stock (product_id, store_id, quantity) values ($1, $2, $3)
       on conflict (product_id, store_id) do update set quantity = excluded.quantity`,
      [productId, store!.id, stockUnits],
    );
    const shoppers = await Promise.all(
      Array.from({ length: buyers }, async (_, i) => {
        const call = buyer();
        const added = await call(`/basket/add-item?city_id=${city!.id}`, { product_id: productId, qty: 1 });
        const line = (added.body.items as { id: number; product_id: number }[]).find((l) => l.product_id === productId);
        if (!line) throw new Error(`buyer ${i} could not add the product: ${JSON.stringify(added.body)}`);
        return { call, lineId: line.id, i };
      }),
    );
    const latencies: number[] = [];
    const t0 = performance.now();
    const results = await Promise.all(
      shoppers.map(async ({ call, lineId, i }) => {
        const t = performance.now();
        const r = await call(`/create-order?city_id=${city!.id}`, {
          idempotency_key: `bench-${round}-${i}-${randomBytes(8).toString('hex')}`,
          line_ids: [lineId],
          contacts: { contact_name: 'Покупатель', mobile_phone: `+7 916 ${String(1000000 + i).slice(-7)}` },
          delivery: { delivery_type: 1, store_id: store!.id },
          payment_type: 1,
        });
        latencies.push(performance.now() - t);
        return r;
      }),
    );
    const ms = performance.now() - t0;
    const created = results.filter((r) => r.status === 201).length;
    const refused = results.filter((r) => r.status === 409).length;
    const other = results.filter((r) => r.status !== 201 && r.status !== 409);
    const [sold] = await handle.query<{ n: number }>(
      'select coalesce(sum(qty), 0)::int as n from stock_reservations where product_id = $1 and released_at is null',
      [productId],
    );
    const [left] = await handle.query<{ n: number }>(
      `select coalesce(sum(quantity), 0)::int as n from stock
        where product_id = $1 and store_id in (select id from stores where city_id = $2)`,
      [productId, city!.id],
    );
    const oversold = sold!.n - stockUnits;
    latencies.sort((a, b) => a - b);
    const name = round < rounds ? String(round + 1) : 'all';
    console.log(
      [
        name.padStart(5),
        String(stockUnits).padStart(6),
        String(Math.round(ms)).padStart(5),
        ((buyers / ms) * 1000).toFixed(0).padStart(8),
        ((created / ms) * 1000).toFixed(0).padStart(9),
        percentile(latencies, 0.5).toFixed(0).padStart(7),
        percentile(latencies, 0.99).toFixed(0).padStart(7),
        String(created).padStart(4),
        String(refused).padStart(4),
        String(other.length).padStart(6),
        String(oversold).padStart(9),
        String(left!.n).padStart(11),
      ].join(' '),
    );
    if (other.length > 0) console.log('  unexpected answer:', other[0]!.status, JSON.stringify(other[0]!.body));
    if (oversold !== 0 || left!.n !== 0 || created !== Math.min(stockUnits, buyers)) failed = true;
  }
  console.log(failed ? '\nFAILED: stock was oversold or left over' : '\noversold 0 in every round');
  process.exitCode = failed ? 1 : 0;
} finally {
  await handle.close();
  await drop();
}
