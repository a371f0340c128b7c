// `npm run bench:cluster -- [--products 1000000] [--instances 1,2,4] [--seconds 10] [--connections 16]
//   [--port 3280] [--dir .tmp/bench-cluster] [--fresh] [--scenarios listing,listing-repeat,suggest,product,render,product-first,order]
//   [--pin] [--client http|fetch|http,fetch] [--rounds 1]`:
// the store as a cluster behind nginx (issue 19).
// Seeds PRODUCTS into the cluster's own PostgreSQL once (timed: the first instance's start-up seeds an
// empty database), then for each instance count starts `npm run cluster` on that database and loads it
// through nginx, one scenario after the other, with CONNECTIONS keep-alive clients for SECONDS each:
//   listing  a listing call with 3 filters (brand, a specification, price range) that keep products, and
//            every facet count; each call a different address (its price range's top moved by a rouble or
//            so), so the 5 s result kept per address (decision 0059) does not answer it
//   listing-repeat  the same listings asked again and again (60 addresses), as a sale's popular pages are
//   suggest  search suggestions for prefixes typed in the search box
//   product  a product page from the page cache (a visitor without cookies), every page and A/B branch
//            stored on every instance first; the page cache's HIT/MISS count is printed with the figures
//   render   the same pages rendered every time (a visitor_id cookie makes them personal)
//   product-first  a product page asked for the first time: a different product on each request (the
//            long tail of a million products), a page-cache miss that renders and stores the page
//   order    add-item then create-order, a new one-line basket each (pickup, cash; stock kept high)
// Prints requests/s, p50/p95/p99 per scenario and instance count; the CPU milliseconds per request of
// each group of processes (the instances, PostgreSQL with its backends, nginx with its workers, Redis and
// this load generator: on one machine they all take the same cores; decision 0073); each instance's
// memory (RSS, the catalogue index included) and the scaling factor from the fewest to the most
// instances. `--scenarios` runs only those (without `order` nothing is written to the database).
// `--pin`: this load generator on the machine's last core and the cluster (instances, PostgreSQL, Redis,
// nginx) on the others (`taskset`), so the store's throughput is what its own cores give (decision 0076).
// `--client`: how the GET scenarios ask (decision 0086): `http` (default) drains each answer unread over
// `node:http` keep-alive sockets, `fetch` decompresses and wraps it as Node's fetch does (the order scenario
// always uses fetch, for its cookies); both send `Accept-Encoding: br, gzip`. With `--rounds N` each GET
// scenario runs N times per client, the clients' order reversed every other round, for an interleaved A/B.
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '@store/db';
import { chooseListings, listingQuery, type BenchListing, type ListingAnswer } from './lib/listings.ts';
import { cpuMs, procStat, root } from './lib/store.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '1000000' },
    instances: { type: 'string', default: '1,2,4' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '16' },
    port: { type: 'string', default: '3280' },
    dir: { type: 'string', default: '.tmp/bench-cluster' },
    fresh: { type: 'boolean', default: false },
    scenarios: { type: 'string', default: 'listing,listing-repeat,suggest,product,render,product-first,order' },
    pin: { type: 'boolean', default: false },
    client: { type: 'string', default: 'http' },
    rounds: { type: 'string', default: '1' },
  },
});
const CLIENTS = ['http', 'fetch'] as const;
type Client = (typeof CLIENTS)[number];
const clients = values.client.split(',') as Client[];
if (clients.length === 0 || clients.some((c) => !CLIENTS.includes(c))) throw new Error('--client: http, fetch or both');
const rounds = Number(values.rounds);
if (!Number.isInteger(rounds) || rounds < 1) throw new Error('--rounds: 1 or more');
const SCENARIOS = ['listing', 'listing-repeat', 'suggest', 'product', 'render', 'product-first', 'order'];
const scenarios = new Set(values.scenarios.split(','));
if ([...scenarios].some((s) => !SCENARIOS.includes(s))) throw new Error(`--scenarios: some of ${SCENARIOS.join(',')}`);
const products = Number(values.products);
const counts = values.instances.split(',').map(Number);
const seconds = Number(values.seconds);
const connections = Number(values.connections);
const port = Number(values.port);
const dir = path.resolve(root, values.dir);
const base = `http://127.0.0.1:${port}`;
if (!Number.isInteger(products) || products < 100) throw new Error('--products: at least 100');
if (counts.some((n) => !Number.isInteger(n) || n < 1 || n > 8)) throw new Error('--instances: e.g. 1,2,4');
const cores = os.availableParallelism();
if (values.pin) {
  if (cores < 2) throw new Error('--pin: needs at least two cores');
  // Every thread of this process (-a: libuv's and the collector's too), not just the main one.
  execFileSync('taskset', ['-a', '-p', '-c', String(cores - 1), String(process.pid)], { stdio: 'ignore' });
}

interface ClusterInfo {
  instances: number[];
  pids: number[];
  databaseUrl: string;
}

/** Starts `npm run cluster` with `instances`; resolves when nginx answers. */
async function startCluster(instances: number, fresh: boolean): Promise<{ child: ChildProcess; info: ClusterInfo }> {
  const args = ['--import', 'tsx', path.join(root, 'scripts/cluster.ts'), '--instances', String(instances)];
  args.push('--port', String(port), '--products', String(products), '--dir', dir);
  if (fresh) args.push('--fresh');
  // taskset execs the script: the child's pid is the cluster script's own, as without --pin.
  const child = values.pin
    ? spawn('taskset', ['-c', `0-${cores - 2}`, process.execPath, ...args], {
        cwd: root,
        stdio: ['ignore', 'pipe', 'inherit'],
      })
    : spawn(process.execPath, args, { cwd: root, stdio: ['ignore', 'pipe', 'inherit'] });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('Кластер готов')) resolve();
    });
    child.once('exit', (code) => reject(new Error(`the cluster exited (${code}): ${out.slice(-2000)}`)));
  });
  return { child, info: JSON.parse(fs.readFileSync(path.join(dir, 'cluster.json'), 'utf8')) as ClusterInfo };
}

async function stopCluster(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** One call of a scenario: resolves when its answer is read; throws on an unexpected status. */
type Call = (worker: number, i: number) => Promise<void>;

interface Result {
  scenario: string;
  /** The load generator's client (`--client`). */
  client: Client;
  instances: number;
  requests: number;
  errors: number;
  perSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** CPU ms per request by process group (instances, postgres, nginx, redis, bench). */
  cpu: Record<string, number>;
  /** Pages' `x-page-cache` answers (HIT, MISS, BYPASS), so a cached scenario shows what it measured. */
  cache: Record<string, number>;
}

/** The `x-page-cache` states of the scenario under way. */
let cacheStates: Record<string, number> = {};

/** A process and its children (PostgreSQL's backends, nginx's workers), by the pid file its parent wrote. */
function withChildren(parent: number): number[] {
  const pids = [parent];
  for (const name of fs.readdirSync('/proc')) {
    if (/^\d+$/.test(name) && Number(procStat(Number(name))?.[1]) === parent) pids.push(Number(name));
  }
  return pids;
}

const pidFrom = (file: string) => {
  try {
    return Number(fs.readFileSync(file, 'utf8').split('\n')[0]);
  } catch {
    return NaN;
  }
};

/** The processes whose CPU a scenario is charged with, per group. */
function processGroups(info: ClusterInfo): Record<string, number[]> {
  return {
    instances: info.pids,
    postgres: withChildren(pidFrom(path.join(dir, 'pg/postmaster.pid'))),
    nginx: withChildren(pidFrom(path.join(dir, 'nginx/nginx.pid'))),
    redis: [pidFrom(path.join(dir, 'redis.pid'))],
  };
}

/** CPU ms of every process of every group now (a process started since counts from zero). */
function cpuNow(info: ClusterInfo): Map<string, Map<number, number>> {
  const out = new Map<string, Map<number, number>>();
  for (const [group, pids] of Object.entries(processGroups(info)))
    out.set(group, new Map(pids.map((pid) => [pid, cpuMs(pid)] as const).filter(([, ms]) => !Number.isNaN(ms))));
  return out;
}

function cpuSpent(before: Map<string, Map<number, number>>, after: Map<string, Map<number, number>>) {
  const spent: Record<string, number> = {};
  for (const [group, pids] of after) {
    let ms = 0;
    for (const [pid, now] of pids) ms += now - (before.get(group)?.get(pid) ?? 0);
    spent[group] = ms;
  }
  return spent;
}

const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;

/** CONNECTIONS workers call `call` back to back for SECONDS; latencies of the calls that succeeded. */
async function load(scenario: string, info: ClusterInfo, call: Call, by: Client): Promise<Result> {
  const instances = info.pids.length;
  client = by;
  const latencies: number[] = [];
  let errors = 0;
  cacheStates = {};
  const until = performance.now() + seconds * 1000;
  const cpuBefore = cpuNow(info);
  const benchBefore = process.cpuUsage();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: connections }, async (_, worker) => {
      for (let i = 0; performance.now() < until; i++) {
        const t = performance.now();
        try {
          await call(worker, i);
          latencies.push(performance.now() - t);
        } catch {
          errors++;
        }
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  const benchUsed = process.cpuUsage(benchBefore);
  const spent = { ...cpuSpent(cpuBefore, cpuNow(info)), bench: (benchUsed.user + benchUsed.system) / 1000 };
  latencies.sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 10) / 10;
  const answered = Math.max(1, latencies.length + errors);
  const cpu = Object.fromEntries(Object.entries(spent).map(([group, ms]) => [group, round(ms / answered)]));
  const result = {
    scenario,
    client: by,
    instances,
    requests: latencies.length,
    errors,
    perSecond: Math.round(latencies.length / elapsed),
    p50: round(percentile(latencies, 50)),
    p95: round(percentile(latencies, 95)),
    p99: round(percentile(latencies, 99)),
    cpu,
    cache: { ...cacheStates },
  };
  // Printed at once as well as in the table: a run of many minutes that stops early keeps what it measured.
  console.log(
    `  ${scenario} (${by}): ${result.perSecond} req/s, p50 ${result.p50} / p95 ${result.p95} / p99 ${result.p99} ms, ${errors} errors; ` +
      `CPU ms per request: ${Object.entries(cpu)
        .map(([group, ms]) => `${group} ${ms}`)
        .join(', ')}${
        Object.keys(result.cache).length > 0
          ? `; page cache ${Object.entries(result.cache)
              .map(([state, n]) => `${state} ${n}`)
              .join(', ')}`
          : ''
      } (machine load ${os.loadavg()[0]!.toFixed(1)})`,
  );
  return result;
}

/**
 * The GET scenarios' client: `http` (the default) is `node:http` with a keep-alive agent of CONNECTIONS
 * sockets that checks the status and drains the body without decompressing or parsing it, so the load
 * generator takes as little of the store's two cores as it can (decision 0086); `fetch` is Node's fetch
 * (undici: WHATWG Request/Response/Headers, the body decompressed), what every run before 0086 used.
 * Both send the same headers, `Accept-Encoding: br, gzip` among them: the store compresses as for a browser.
 */
let client: Client = clients[0]!;
const agent = new http.Agent({ keepAlive: true, maxSockets: connections, maxFreeSockets: connections });
const GET_HEADERS = { accept: '*/*', 'accept-encoding': 'br, gzip', 'user-agent': 'node' };

function countCacheState(state: string | string[] | null | undefined) {
  if (typeof state === 'string') cacheStates[state] = (cacheStates[state] ?? 0) + 1;
}

async function get(url: string, headers: Record<string, string> = {}) {
  if (client === 'fetch') {
    const response = await fetch(base + url, { headers: { ...GET_HEADERS, ...headers } });
    await response.arrayBuffer();
    countCacheState(response.headers.get('x-page-cache'));
    if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
    return;
  }
  await new Promise<void>((resolve, reject) => {
    const request = http.request(
      { host: '127.0.0.1', port, path: url, agent, headers: { ...GET_HEADERS, ...headers } },
      (response) => {
        countCacheState(response.headers['x-page-cache']);
        response.once('error', reject);
        response.once('end', () =>
          response.statusCode === 200 ? resolve() : reject(new Error(`${url}: ${response.statusCode}`)),
        );
        response.resume();
      },
    );
    request.once('error', reject);
    request.end();
  });
}

/**
 * Fills every instance's page cache with the product scenario's pages, in every A/B branch (each page cache
 * is per process, and a visitor without a cookie is drawn into a branch: a key per branch). nginx hands
 * consecutive requests round robin, so `instances` requests of one page in a row reach each instance once;
 * a pass is repeated until it is all hits, so `product` measures the cache, not the first render of each
 * page and branch on each instance (the first renders are what `render` measures, without the cache).
 */
async function warmPageCaches(target: { pages: string[]; branches: string[] }, instances: number) {
  const draws = target.branches.length > 0 ? target.branches.map((code) => `branch=${code}`) : [''];
  for (let pass = 0; pass < 3; pass++) {
    cacheStates = {};
    for (const page of target.pages)
      for (const cookie of draws) for (let n = 0; n < instances; n++) await get(page, cookie ? { cookie } : {});
    if (Object.keys(cacheStates).every((state) => state === 'HIT')) return;
  }
  console.log(`  page caches not all warm after 3 passes: ${JSON.stringify(cacheStates)}`);
}

/** A listing call through the API: the bench's page path and query (`/catalog/…?…`) under /api/v3/products. */
const listingUrl = (l: BenchListing, n: number) => `/api/v3/products${listingQuery(l, n)}`;

async function listingOf(pathAndQuery: string): Promise<ListingAnswer> {
  const url = `/api/v3/products${pathAndQuery}`;
  const response = await fetch(base + url);
  if (response.status !== 200) throw new Error(`${url}: ${response.status}`);
  return (await response.json()) as ListingAnswer;
}

/** What the scenarios ask: filtered listings, typed prefixes, product pages, a product to order. */
async function prepare(databaseUrl: string) {
  const db = await openDatabase({ databaseUrl, maxConnections: 1 });
  try {
    const { listings, pages } = await chooseListings(db, listingOf);
    const names = await db.query<{ name: string }>(`select name from products where status = 1 order by id limit 200`);
    const prefixes = names.map(({ name }, i) => name.slice(0, 3 + (i % 6)).trim());
    const [city] = await db.query<{ id: number }>(`select id from cities where alias = 'moskva'`);
    const [store] = await db.query<{ id: number }>(
      'select id from stores where city_id = $1 and type = 1 and status = 1 order by id limit 1',
      [city!.id],
    );
    const [product] = await db.query<{ id: number }>(
      `select p.id from products p join product_offers o on o.product_id = p.id join categories c on c.id = p.category_id
        where p.status = 1 and c.status = 1 and o.available and not p.is_pre_order and o.order_type = 'false'
          and o.price between 100000 and 5000000 order by p.id limit 1`,
    );
    // Enough stock for every order of the run: the scenario measures ordering, not running out.
    if (scenarios.has('order'))
      await db.query(
        `insert into stock (product_id, store_id, quantity) values ($1, $2, 1000000)
       on conflict (product_id, store_id) do update set quantity = excluded.quantity`,
        [product!.id, store!.id],
      );
    if (listings.length === 0) throw new Error('no category with brand, price and specification filters');
    // The A/B branches a visitor without a cookie may be drawn into: each is a page-cache key of its own.
    const branches = (await db.query<{ code: string }>('select code from ab_branches where weight > 0')).map(
      ({ code }) => code,
    );
    // Products spread over the catalogue, in an order of their own: none of them among `pages`, each
    // asked once per instance count (more than a run of this machine renders).
    const firstPages = (
      await db.query<{ url: string }>(
        `select '/catalog/' || c.code || '/' || c.id || '/' || p.id as url
           from products p join categories c on c.id = p.category_id
          where p.status = 1 and c.status = 1 and p.id % 97 = 13 order by md5(p.id::text) limit 6000`,
      )
    )
      .map(({ url }) => url)
      .filter((url) => !pages.includes(url));
    return {
      listings,
      prefixes,
      pages,
      firstPages,
      branches,
      cityId: city!.id,
      storeId: store!.id,
      productId: product!.id,
    };
  } finally {
    await db.close();
  }
}

/** One buyer: a basket of one line, then create-order (the call's time is both). */
function orderCall(target: Awaited<ReturnType<typeof prepare>>): Call {
  return async (worker, i) => {
    const headers: Record<string, string> = {
      'x-requested-with': 'XMLHttpRequest',
      'content-type': 'application/json',
    };
    const added = await fetch(`${base}/api/basket/add-item?city_id=${target.cityId}`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ product_id: target.productId, qty: 1 }),
    });
    const basket = (await added.json()) as { items?: { id: number }[] };
    const cookie = added.headers
      .getSetCookie()
      .map((raw) => raw.split(';')[0])
      .join('; ');
    const lineId = basket.items?.[0]?.id;
    if (!lineId) throw new Error(`add-item ${added.status}`);
    const order = await fetch(`${base}/api/create-order?city_id=${target.cityId}`, {
      method: 'POST',
      headers: { ...headers, cookie },
      body: JSON.stringify({
        idempotency_key: `bench-${randomBytes(8).toString('hex')}`,
        line_ids: [lineId],
        contacts: {
          contact_name: 'Покупатель',
          mobile_phone: `+7 916 ${String(1000000 + ((worker * 7919 + i) % 9000000)).slice(-7)}`,
        },
        delivery: { delivery_type: 1, store_id: target.storeId },
        payment_type: 1,
      }),
    });
    await order.arrayBuffer();
    if (order.status !== 201) throw new Error(`create-order ${order.status}`);
  };
}

function rssMb(pid: number): number {
  try {
    const kb = Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
    return Math.round(kb / 1024);
  } catch {
    return 0;
  }
}

const results: Result[] = [];
const memory: { instances: number; rss: number[] }[] = [];
let seededNow = false;
const hasDatabase = fs.existsSync(path.join(dir, 'pg/PG_VERSION')) && !values.fresh;
for (const [n, instances] of counts.entries()) {
  const fresh = n === 0 && !hasDatabase;
  const started = performance.now();
  console.log(
    `bench:cluster: ${instances} instance(s)${fresh ? `, seeding ${products.toLocaleString('en')} products` : ''}…`,
  );
  const { child, info } = await startCluster(instances, fresh);
  if (fresh) {
    seededNow = true;
    console.log(`  seeded and started in ${((performance.now() - started) / 1000).toFixed(1)} s`);
  }
  try {
    const target = await prepare(info.databaseUrl);
    // Warm-up: every instance builds its indexes (the product pages' caches are filled before their
    // scenario, warmPageCaches). An instance is ready once its
    // catalogue index is; its suggestion index is built after, and a suggestion waits for it.
    for (let i = 0; i < instances * 4; i++) {
      await get(listingUrl(target.listings[i % target.listings.length]!, 0));
      await get(target.pages[i % target.pages.length]!);
      await get(`/api/v3/search/suggestions?query=${encodeURIComponent(target.prefixes[i % target.prefixes.length]!)}`);
    }
    // Each GET scenario ROUNDS times with every --client, their order reversed every other round (A B B A …),
    // so a comparison of clients is interleaved on one running cluster.
    const loadRounds = async (scenario: string, call: Call) => {
      for (let r = 0; r < rounds; r++)
        for (const by of r % 2 === 0 ? clients : [...clients].reverse())
          results.push(await load(scenario, info, call, by));
    };
    if (scenarios.has('listing'))
      await loadRounds('listing', (w, i) =>
        get(listingUrl(target.listings[(w * 31 + i) % target.listings.length]!, w * 100_003 + i + 1)),
      );
    if (scenarios.has('listing-repeat'))
      await loadRounds('listing-repeat', (w, i) =>
        get(listingUrl(target.listings[(w * 31 + i) % target.listings.length]!, 0)),
      );
    if (scenarios.has('suggest'))
      await loadRounds('suggest', (w, i) =>
        get(
          `/api/v3/search/suggestions?query=${encodeURIComponent(target.prefixes[(w * 17 + i) % target.prefixes.length]!)}`,
        ),
      );
    if (scenarios.has('product')) {
      // Just before the scenario: the pages' time to live (PAGE_CACHE_TTL_S, 60 s) starts now.
      await warmPageCaches(target, instances);
      await loadRounds('product', (w, i) => get(target.pages[(w + i) % target.pages.length]!));
    }
    if (scenarios.has('render'))
      await loadRounds('render', (w, i) =>
        get(target.pages[(w + i) % target.pages.length]!, { cookie: `visitor_id=bench-${w}` }),
      );
    if (scenarios.has('product-first')) {
      // Each instance count asks its own slice: a page stored by the previous count's run is gone with
      // its process anyway, but a slice of its own keeps the runs alike.
      const slice = target.firstPages.slice(n * 1500, (n + 1) * 1500);
      let next = 0;
      results.push(
        await load(
          'product-first',
          info,
          async () => {
            const url = slice[next++];
            if (!url) throw new Error('product-first: out of products');
            await get(url);
          },
          clients[0]!,
        ),
      );
    }
    if (scenarios.has('order'))
      // Cookies and JSON bodies: Node's fetch, whatever --client says.
      results.push(await load('order', info, orderCall(target), 'fetch'));
    memory.push({ instances, rss: info.pids.map(rssMb) });
    console.log(
      `  memory: ${memory
        .at(-1)!
        .rss.map((mb) => `${mb} MB`)
        .join(', ')} RSS`,
    );
  } finally {
    await stopCluster(child);
  }
}

console.log(
  `\n${products.toLocaleString('en')} products on PostgreSQL, ${connections} connections, ${seconds} s per scenario${values.pin ? `, load generator on core ${cores - 1}, the cluster on 0–${cores - 2}` : ''}${seededNow ? '' : ' (database seeded earlier)'}`,
);
console.table(
  results.map((r) => ({
    scenario: r.scenario,
    client: r.client,
    instances: r.instances,
    'req/s': r.perSecond,
    'p50 ms': r.p50,
    'p95 ms': r.p95,
    'p99 ms': r.p99,
    errors: r.errors,
    'CPU ms/req: instances': r.cpu.instances,
    postgres: r.cpu.postgres,
    nginx: r.cpu.nginx,
    bench: r.cpu.bench,
    'page cache': Object.entries(r.cache)
      .map(([state, n]) => `${state} ${n}`)
      .join(', '),
  })),
);
console.log('order: the latency is of add-item and create-order together (a basket per order)');
for (const m of memory)
  console.log(`memory, ${m.instances} instance(s): ${m.rss.map((mb) => `${mb} MB`).join(', ')} RSS`);
if (counts.length > 1) {
  const fewest = Math.min(...counts);
  const most = Math.max(...counts);
  for (const scenario of SCENARIOS) {
    const a = results.find((r) => r.scenario === scenario && r.instances === fewest);
    const b = results.find((r) => r.scenario === scenario && r.instances === most);
    if (a && b && a.perSecond > 0)
      console.log(
        `scaling ${scenario}: ${(b.perSecond / a.perSecond).toFixed(2)}× from ${fewest} to ${most} instances`,
      );
  }
}
const listing = results.filter((r) => r.scenario === 'listing');
const suggest = results.filter((r) => r.scenario === 'suggest');
console.log(
  `targets: listing p95 ≤ 50 ms (${listing.map((r) => r.p95).join(' / ')}), suggestions p95 ≤ 20 ms (${suggest.map((r) => r.p95).join(' / ')})`,
);
