// Render cost of the main pages next to a static server sending the same bytes: `npm run bench:render`.
//   --products N (default 5000), --seconds S (default 10), --only home,listing,product,search (default all)
//   --modes off,on (default both): the page cache off, on
//   --profile: the store rendering every request runs under `node --cpu-prof` (profile in .tmp/render-prof)
//   --port P (default 3241): the store listens on P, the static server on P + 1, React alone on P + 2
//   --floor: also React alone rendering each page's exact markup (bench/lib/react-floor-server.ts: host
//            elements only, no data, router or components) at 8 connections next to the static server: the
//            ceiling of the ratio for any React-rendered store of these pages (decision 0087)
// Starts the real store on a PGlite database with N products (seeded once, kept in .tmp/bench-pglite-N),
// fetches each page once (home `/`, a listing with 3 filters, a product page, a search), serves exactly
// those bytes from a minimal static server in another process, and loads them with autocannon:
//   - the store with the page cache off (PAGE_CACHE_TTL_S=0): every request renders, 8 connections;
//   - the store with the default page cache, anonymous visitors (no cookies), 32 connections;
//   - the static server, at 8 and at 32 connections, each run right after the store's run it is compared with.
// The two stores run one after the other (PGlite holds its data directory for one process).
// Prints renders/s, p50 and p99, the store's CPU milliseconds per request (steadier than req/s on a
// loaded machine) and the ratio of throughputs to the static server in the same run.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import {
  cpuMs,
  ensureSeeded,
  pgliteDir,
  root,
  startStaticServer,
  startStore,
  stop,
  waitFor,
  waitForStore,
} from './lib/store.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '5000' },
    seconds: { type: 'string', default: '10' },
    only: { type: 'string', default: 'home,listing,product,search' },
    profile: { type: 'boolean', default: false },
    modes: { type: 'string', default: 'off,on' },
    floor: { type: 'boolean', default: false },
    port: { type: 'string', default: '3241' },
  },
});
const products = Number(values.products);
const seconds = Number(values.seconds);
const pageNames = ['home', 'listing', 'product', 'search'] as const;
type PageName = (typeof pageNames)[number];
const only = values.only.split(',').map((s) => s.trim()) as PageName[];
for (const name of only) if (!pageNames.includes(name)) throw new Error(`--only: unknown page ${name}`);

const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: pgliteDir(products) };
delete env.PAGE_CACHE_TTL_S;
ensureSeeded(products, env);

const storePort = Number(values.port);
const staticPort = storePort + 1;
const floorPort = storePort + 2;
const store = (base: string) => `http://127.0.0.1:${storePort}${base}`;

const start = (extraEnv: NodeJS.ProcessEnv, nodeFlags: string[] = []) =>
  startStore({ port: storePort, env: { ...env, ...extraEnv }, nodeFlags });

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
/** The bytes React alone writes for each page (close to the store's: the same markup, React's own spelling). */
const floorBytes: Partial<Record<PageName, number>> = {};
let pages: Record<PageName, string> | null = null;
let staticServer: ChildProcess | null = null;

try {
  // 1. The page cache off: every request renders.
  const profileDir = path.join(root, '.tmp/render-prof');
  const off = start({ PAGE_CACHE_TTL_S: '0' }, values.profile ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : []);
  try {
    await waitForStore(store(''), off);
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
    staticServer = await startStaticServer(staticPort, files);
    for (const name of values.modes.includes('off') ? only : []) {
      // Warm-up: the first requests build the catalogue index and fill caches.
      for (let i = 0; i < 5; i++) await (await fetch(store(pages[name]))).text();
      const { result, cpuPerRequest } = await measure(off, store(pages[name]), 8);
      const staticResult = await run(`http://127.0.0.1:${staticPort}/${name}`, 8);
      rows.push({ page: name, mode: 'page cache off', connections: 8, result, cpuPerRequest, staticResult });
    }
  } finally {
    await stop(off);
  }
  if (values.profile) console.log(`CPU profile of the store rendering every request: ${profileDir}`);

  // 2. React alone: each page's markup rendered by React with nothing else to do (a ceiling, decision 0087).
  if (values.floor) {
    const routes = Object.fromEntries(
      only.map((name) => [`/${name}`, path.join(root, `.tmp/bench-render-${name}.html`)]),
    );
    const floor = spawn(
      process.execPath,
      [
        '--import',
        'tsx',
        path.join(root, 'bench/lib/react-floor-server.ts'),
        String(floorPort),
        JSON.stringify(routes),
      ],
      {
        env: { ...process.env, NODE_ENV: 'production' },
        stdio: ['ignore', 'ignore', 'inherit'],
        cwd: root,
      },
    );
    try {
      await waitFor(`http://127.0.0.1:${floorPort}/${only[0]}`, floor);
      for (const name of only) {
        const url = `http://127.0.0.1:${floorPort}/${name}`;
        // Warm-up: the JIT compiles React's server renderer on the first few hundred pages.
        for (let i = 0; i < 200; i++) floorBytes[name] = (await (await fetch(url)).arrayBuffer()).byteLength;
        const { result, cpuPerRequest } = await measure(floor, url, 8);
        const staticResult = await run(`http://127.0.0.1:${staticPort}/${name}`, 8);
        rows.push({
          page: name,
          mode: 'React alone, same markup',
          connections: 8,
          result,
          cpuPerRequest,
          staticResult,
        });
      }
    } finally {
      await stop(floor);
    }
  }

  // 3. The default page cache, anonymous visitors.
  if (values.modes.includes('on')) {
    const on = start({});
    try {
      await waitForStore(store(''), on);
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
      await stop(on);
    }
  }
} finally {
  await stop(staticServer);
}

console.log(`\nRender cost at ${products.toLocaleString('en')} products on PGlite, ${seconds} s per run\n`);
for (const name of only)
  console.log(
    `${name.padEnd(8)} ${pages![name]} (${bytes[name]} bytes${floorBytes[name] ? `; React alone ${floorBytes[name]}` : ''})`,
  );
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
if (values.floor)
  console.log(
    'React alone: the same markup as host elements rendered by renderToPipeableStream into the socket, nothing else (decision 0087).',
  );
