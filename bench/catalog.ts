// Catalogue latency: `npm run bench` (or `node --import tsx bench/catalog.ts`).
//   --products N         products in the PGlite run (default 100000)
//   --postgres URL       also run against this PostgreSQL server…
//   --pg-products N      …with N products (default 1000000)
//   --skip-pglite        only the PostgreSQL run
//   --seconds S          load per scenario (default 10), --connections C (default 1)
// Each run starts the real store (scripts/start.mjs) in a child process on its own database, seeding it
// once (the data is kept in .tmp for the next run), then measures with autocannon and prints a table.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    postgres: { type: 'string' },
    'pg-products': { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '1' },
    'skip-pglite': { type: 'boolean', default: false },
  },
});
const seconds = Number(values.seconds);
const connections = Number(values.connections);

interface Target {
  label: string;
  products: number;
  env: Record<string, string>;
}

const targets: Target[] = values['skip-pglite']
  ? []
  : [
      {
        label: 'PGlite',
        products: Number(values.products),
        env: { DATA_DIR: path.join(root, `.tmp/bench-pglite-${values.products}`) },
      },
    ];
if (values.postgres) {
  targets.push({
    label: 'PostgreSQL',
    products: Number(values['pg-products']),
    env: { DATABASE_URL: values.postgres },
  });
}

/** Seeds the target's database unless it already holds this many products. */
function ensureSeeded(target: Target) {
  const env = { ...process.env, ...target.env };
  const check = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'bench/seed-count.ts')], {
    env,
    encoding: 'utf8',
    cwd: root,
  });
  const have = Number(check.stdout.trim());
  if (have === target.products) return;
  console.log(`Seeding ${target.products} products for ${target.label}…`);
  const seed = spawnSync(
    process.execPath,
    [
      '--import',
      'tsx',
      path.join(root, 'packages/db/src/seed/cli.ts'),
      '--products',
      String(target.products),
      '--reset',
    ],
    { env, stdio: 'inherit', cwd: root },
  );
  if (seed.status !== 0) throw new Error('seeding failed');
}

async function startStore(target: Target, port: number): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
    env: { ...process.env, ...target.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    cwd: root,
  });
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/api/health`)).ok) return child;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  child.kill('SIGTERM');
  throw new Error('the store did not start');
}

interface Row {
  rssMb: number;
  database: string;
  products: number;
  scenario: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
}

async function load(
  url: string | string[],
  base: string,
): Promise<Omit<Row, 'database' | 'products' | 'scenario' | 'rssMb'>> {
  const paths = Array.isArray(url) ? url : [url];
  let n = 0;
  const result = await autocannon({
    url: base,
    connections,
    duration: seconds,
    requests: [{ setupRequest: (req) => ({ ...req, path: paths[n++ % paths.length]! }) }],
  });
  // autocannon has no p95 bucket; interpolate between p90 and p97.5.
  const p95 = result.latency.p90 + ((result.latency.p97_5 - result.latency.p90) * 5) / 7.5;
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p95: Math.round(p95 * 10) / 10,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

const rows: Row[] = [];
let port = 3200;
for (const target of targets) {
  ensureSeeded(target);
  const child = await startStore(target, ++port);
  const base = `http://127.0.0.1:${port}`;
  try {
    // The largest category with three filters: a brand, a price range and a specification value.
    const category = (await (await fetch(`${base}/api/v2/categories/224`)).json()) as { code: string };
    const listingPath = `/api/v3/products/catalog/${category.code}/224`;
    const first = (await (await fetch(base + listingPath)).json()) as {
      filters: {
        code: string;
        type: string;
        values: { id: number; count: number }[];
        range: { min: number; max: number } | null;
      }[];
    };
    const brand = first.filters.find((f) => f.code === 'brand')!.values.sort((a, b) => b.count - a.count)[0]!;
    const price = first.filters.find((f) => f.code === 'price')!.range!;
    const spec = first.filters.find((f) => f.type === 'list' && f.code !== 'brand')!;
    const value = spec.values.sort((a, b) => b.count - a.count)[0]!;
    const query =
      `?filter[brand][]=${brand.id}&filter[price][from][]=${Math.round(price.min + (price.max - price.min) * 0.1)}` +
      `&filter[price][to][]=${Math.round(price.min + (price.max - price.min) * 0.6)}&filter[${spec.code}][]=${value.id}`;
    // Warm-up: the first call builds the catalogue index.
    await fetch(base + listingPath + query);
    const suggestions = [
      'sams',
      'холодил',
      'iphone',
      'телевизор 55',
      'наушн',
      'пылесос робот',
      'ноутбук',
      'кофемаш',
    ].map((q) => `/api/v3/search/suggestions?query=${encodeURIComponent(q)}`);
    // The page redirects a filter query to its canonical order once; measure the canonical address.
    let pagePath = `/catalog/${category.code}/224${query}`;
    const probe = await fetch(base + pagePath, { redirect: 'manual' });
    if (probe.status >= 300 && probe.status < 400)
      pagePath =
        new URL(probe.headers.get('location')!, base).pathname + new URL(probe.headers.get('location')!, base).search;
    const check = await fetch(base + pagePath, { redirect: 'manual' });
    if (check.status !== 200) throw new Error(`the listing page answers ${check.status} for ${pagePath}`);
    const scenarios: [string, string | string[]][] = [
      ['listing call, 3 filters, all facet counts', listingPath + query],
      ['suggestions call', suggestions],
      ['listing page server render', pagePath],
    ];
    // Resident memory of the store with the catalogue index built (Linux /proc).
    const status = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
    const rssMb = Math.round(Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0) / 1024);
    for (const [scenario, url] of scenarios) {
      rows.push({ database: target.label, products: target.products, scenario, rssMb, ...(await load(url, base)) });
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
  }
}

console.log(`\nCatalogue latency (${connections} connections, ${seconds} s each; milliseconds)\n`);
console.table(
  rows.map((r) => ({
    database: r.database,
    products: r.products.toLocaleString('en'),
    scenario: r.scenario,
    'req/s': r.rps,
    p50: r.p50,
    p95: r.p95,
    p99: r.p99,
    errors: r.errors,
    'store RSS MB': r.rssMb,
  })),
);
if (fs.existsSync(path.join(root, '.tmp'))) {
  fs.writeFileSync(path.join(root, '.tmp/bench-catalog.json'), JSON.stringify(rows, null, 2));
}
