// Product page vs a static server with the same bytes: `npm run bench:product`.
//   --products N (default 100000), --seconds S (default 10), --connections C (default 32)
// Starts the real store on a PGlite database with N products (seeded once, kept in .tmp), fetches one
// product page, serves exactly those bytes from a minimal static server in another process, and loads
// them with autocannon:
//   - the store as visitors without cookies reach it (a new visitor or a crawler): the page cache
//     answers after the first render of each key;
//   - the store rendering every request (a visitor_id cookie makes the request personal, so it
//     bypasses the page cache): the cost of one server render;
//   - the static server.
// Prints requests per second, p50 and p99, and the ratio of throughputs to the static server.
import { type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ensureSeeded, pgliteDir, root, startStaticServer, startStore, stop, waitForStore } from './lib/store.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
  },
});
const products = Number(values.products);
const env = { ...process.env, DATA_DIR: pgliteDir(products) };
ensureSeeded(products, env);

const storePort = 3301;
const staticPort = 3302;
const store = startStore({ port: storePort, env });
let staticServer: ChildProcess | null = null;
try {
  await waitForStore(`http://127.0.0.1:${storePort}`);
  // A popular fridge: a full page with gallery, specifications, prices and tabs.
  const listing = (await (
    await fetch(`http://127.0.0.1:${storePort}/api/v3/products/catalog/holodilniki/401`)
  ).json()) as {
    products: { url: string }[];
  };
  const productPath = listing.products[0]!.url;
  const page = await fetch(`http://127.0.0.1:${storePort}${productPath}`);
  if (page.status !== 200) throw new Error(`${productPath} answered ${page.status}`);
  const html = await page.text();
  const htmlFile = path.join(root, '.tmp/bench-product.html');
  fs.writeFileSync(htmlFile, html);
  staticServer = await startStaticServer(staticPort, htmlFile);

  // Warm-up: the first requests build the catalogue index and fill caches.
  for (let i = 0; i < 5; i++) await (await fetch(`http://127.0.0.1:${storePort}${productPath}`)).text();
  const cacheState = async (cookie?: string) =>
    (await fetch(`http://127.0.0.1:${storePort}${productPath}`, { headers: cookie ? { cookie } : {} })).headers.get(
      'x-page-cache',
    );
  console.log(
    `page cache: ${await cacheState()} without cookies, ${await cacheState('visitor_id=bench-visitor')} with a visitor_id cookie`,
  );
  const run = (url: string) =>
    autocannon({ url, connections: Number(values.connections), duration: Number(values.seconds) });
  const cached = await run(`http://127.0.0.1:${storePort}${productPath}`);
  const rendered = await autocannon({
    url: `http://127.0.0.1:${storePort}${productPath}`,
    connections: Number(values.connections),
    duration: Number(values.seconds),
    headers: { cookie: 'visitor_id=bench-visitor; branch=A; city_id=1' },
  });
  const served = await run(`http://127.0.0.1:${staticPort}/`);
  const row = (name: string, r: autocannon.Result) => ({
    server: name,
    'req/s': Math.round(r.requests.average),
    'p50 ms': r.latency.p50,
    'p99 ms': r.latency.p99,
    errors: r.errors + r.non2xx,
  });
  console.log(
    `\nProduct page ${productPath} (${html.length} bytes), ${values.connections} connections, ${values.seconds} s each\n`,
  );
  console.table([
    row('store, page cache', cached),
    row('store, render every request', rendered),
    row('static server, same bytes', served),
  ]);
  const ratio = (r: autocannon.Result) => (r.requests.average / served.requests.average).toFixed(3);
  console.log(
    `throughput ratio store/static: ${ratio(cached)} with the page cache, ${ratio(rendered)} rendering every request (target ≥ 0.25)\n` +
      `store p99: ${cached.latency.p99} ms with the page cache, ${rendered.latency.p99} ms rendering every request (target ≤ 100 ms)`,
  );
} finally {
  await stop(staticServer);
  await stop(store);
}
