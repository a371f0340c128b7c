// Render cost of the main pages next to a static server sending the same bytes: `npm run bench:render`.
//   --products N (default 5000), --seconds S (default 10), --only home,listing,product,search (default all)
//   --modes off,on (default both): the page cache off, on
//   --profile: the store rendering every request runs under `node --cpu-prof` (profile in .tmp/render-prof)
// Starts the real store on a PGlite database with N products (seeded once, kept in .tmp/bench-pglite-N),
// fetches each page once (home `/`, a listing with 3 filters, a product page, a search), serves exactly
// those bytes from a minimal static server in another process, and loads them with autocannon:
//   - the store with the page cache off (PAGE_CACHE_TTL_S=0): every request renders, 8 connections;
//   - the store with the default page cache, anonymous visitors (no cookies), 32 connections;
//   - the static server, at 8 and at 32 connections, each run right after the store's run it is compared with.
// The two stores run one after the other (PGlite holds its data directory for one process).
// Prints renders/s, p50 and p99, the store's CPU milliseconds per request (steadier than req/s on a
// loaded machine) and the ratio of throughputs to the static server in the same run.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '5000' },
    seconds: { type: 'string', default: '10' },
    only: { type: 'string', default: 'home,listing,product,search' },
    profile: { type: 'boolean', default: false },
    modes: { type: 'string', default: 'off,on' },
  },
});
const products = Number(values.products);
const seconds = Number(values.seconds);
const pageNames = ['home', 'listing', 'product', 'search'] as const;
type PageName = (typeof pageNames)[number];
const only = values.only.split(',').map((s) => s.trim()) as PageName[];
for (const name of only) if (!pageNames.includes(name)) throw new Error(`--only: unknown page ${name}`);

const dataDir = path.join(root, `.tmp/bench-pglite-${products}`);
const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
delete env.PAGE_CACHE_TTL_S;

const have = Number(
  spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'bench/seed-count.ts')], {
    env,
    encoding: 'utf8',
    cwd: root,
  }).stdout.trim(),
);
if (have !== products) {
  console.log(`Seeding ${products} products…`);
  const seed = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'packages/db/src/seed/cli.ts'), '--products', String(products), '--reset'],
    { env, stdio: 'inherit', cwd: root },
  );
  if (seed.status !== 0) throw new Error('seeding failed');
}

async function waitFor(url: string) {
  for (let i = 0; i < 600; i++) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not come up`);
}

const storePort = 3241;
const staticPort = 3242;
const store = (base: string) => `http://127.0.0.1:${storePort}${base}`;

function startStore(extraEnv: NodeJS.ProcessEnv, nodeFlags: string[] = []) {
  return spawn(process.execPath, [...nodeFlags, path.join(root, 'scripts/start.mjs')], {
    env: { ...env, ...extraEnv, PORT: String(storePort), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
    cwd: root,
  });
}

async function stopStore(child: ChildProcess) {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The canonical address of a page: a filter query is redirected once to its canonical order. */
async function canonical(pagePath: string) {
  const probe = await fetch(store(pagePath), { redirect: 'manual' });
  if (probe.status >= 300 && probe.status < 400) {
    const to = new URL(probe.headers.get('location')!, store('/'));
    return to.pathname + to.search;
  }
  return pagePath;
}

/** The address of each page type measured. */
async function choosePages(): Promise<Record<PageName, string>> {
  // The largest category with three filters: a brand, a price range and a specification value.
  const categories = (await (await fetch(store('/api/v2/categories/224'))).json()) as { code: string };
  const listingApi = `/api/v3/products/catalog/${categories.code}/224`;
  const first = (await (await fetch(store(listingApi))).json()) as {
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
  // A popular fridge: a full page with gallery, specifications, prices and tabs.
  const fridges = (await (await fetch(store('/api/v3/products/catalog/holodilniki/401'))).json()) as {
    products: { url: string }[];
  };
  return {
    home: '/',
    listing: await canonical(`/catalog/${categories.code}/224${query}`),
    product: fridges.products[0]!.url,
    search: await canonical(`/search?q=${encodeURIComponent('холодильник')}`),
  };
}

const run = (url: string, connections: number, headers?: Record<string, string>) =>
  autocannon({ url, connections, duration: seconds, headers });

/** CPU time (user + system, ms) the process has used so far (Linux /proc; 10 ms ticks). */
function cpuMs(pid: number | undefined) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return NaN;
  }
}

/** The store under load, with the store's CPU milliseconds per answered request (less noisy than req/s under load). */
async function measure(child: ChildProcess, url: string, connections: number) {
  const before = cpuMs(child.pid);
  const result = await run(url, connections);
  return { result, cpuPerRequest: (cpuMs(child.pid) - before) / Math.max(1, result.requests.total) };
}

interface Row {
  page: PageName;
  mode: string;
  connections: number;
  result: autocannon.Result;
  cpuPerRequest: number;
  staticResult: autocannon.Result;
  cacheState?: string | null;
}
const rows: Row[] = [];
const bytes: Partial<Record<PageName, number>> = {};
let pages: Record<PageName, string> | null = null;
let staticServer: ChildProcess | null = null;

try {
  // 1. The page cache off: every request renders.
  const profileDir = path.join(root, '.tmp/render-prof');
  const off = startStore(
    { PAGE_CACHE_TTL_S: '0' },
    values.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [],
  );
  try {
    await waitFor(store('/api/health'));
    pages = await choosePages();
    const files: Record<string, string> = {};
    for (const name of only) {
      const page = await fetch(store(pages[name]));
      if (page.status !== 200) throw new Error(`${name} ${pages[name]} answered ${page.status}`);
      const html = Buffer.from(await page.arrayBuffer());
      const file = path.join(root, `.tmp/bench-render-${name}.html`);
      fs.writeFileSync(file, html);
      files[`/${name}`] = file;
      bytes[name] = html.length;
    }
    staticServer = spawn(
      process.execPath,
      [
        '-e',
        `const http=require('http');const fs=require('fs');const files=${JSON.stringify(files)};const bodies={};` +
          `for(const k in files)bodies[k]=fs.readFileSync(files[k]);` +
          `http.createServer((q,s)=>{const body=bodies[q.url];if(!body){s.writeHead(404);s.end();return}` +
          `s.writeHead(200,{'content-type':'text/html; charset=utf-8','content-length':body.length});s.end(body)})` +
          `.listen(${staticPort},'127.0.0.1')`,
      ],
      { stdio: 'ignore' },
    );
    await waitFor(`http://127.0.0.1:${staticPort}/${only[0]}`);
    for (const name of values.modes.includes('off') ? only : []) {
      // Warm-up: the first requests build the catalogue index and fill caches.
      for (let i = 0; i < 5; i++) await (await fetch(store(pages[name]))).text();
      const { result, cpuPerRequest } = await measure(off, store(pages[name]), 8);
      const staticResult = await run(`http://127.0.0.1:${staticPort}/${name}`, 8);
      rows.push({ page: name, mode: 'page cache off', connections: 8, result, cpuPerRequest, staticResult });
    }
  } finally {
    await stopStore(off);
  }
  if (values.profile) console.log(`CPU profile of the store rendering every request: ${profileDir}`);

  // 2. The default page cache, anonymous visitors.
  if (values.modes.includes('on')) {
    const on = startStore({});
    try {
      await waitFor(store('/api/health'));
      for (const name of only) {
        for (let i = 0; i < 5; i++) await (await fetch(store(pages[name]))).text();
        const cacheState = (await fetch(store(pages[name]))).headers.get('x-page-cache');
        const { result, cpuPerRequest } = await measure(on, store(pages[name]), 32);
        const staticResult = await run(`http://127.0.0.1:${staticPort}/${name}`, 32);
        rows.push({
          page: name,
          mode: 'page cache on, anonymous',
          connections: 32,
          result,
          cpuPerRequest,
          staticResult,
          cacheState,
        });
      }
    } finally {
      await stopStore(on);
    }
  }
} finally {
  staticServer?.kill('SIGTERM');
}

console.log(`\nRender cost at ${products.toLocaleString('en')} products on PGlite, ${seconds} s per run\n`);
for (const name of only) console.log(`${name.padEnd(8)} ${pages![name]} (${bytes[name]} bytes)`);
console.log();
console.table(
  rows.map((r) => ({
    page: r.page,
    store: r.mode + (r.cacheState ? ` (${r.cacheState})` : ''),
    conn: r.connections,
    'req/s': Math.round(r.result.requests.average),
    'p50 ms': r.result.latency.p50,
    'p99 ms': r.result.latency.p99,
    errors: r.result.errors + r.result.non2xx,
    'CPU ms/req': Number(r.cpuPerRequest.toFixed(1)),
    'static req/s': Math.round(r.staticResult.requests.average),
    'ratio to static': Number((r.result.requests.average / r.staticResult.requests.average).toFixed(3)),
  })),
);
console.log('Targets with the page cache off: ratio to static ≥ 0.10, p99 ≤ 250 ms at 8 connections.');
