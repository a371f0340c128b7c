// Page cache of every public page, guests and signed-in customers: `npm run bench:page-cache`.
//   --products N (default 5000), --seconds S (default 10), --connections C (default 32), --port P (default 3252)
// Starts the real store on a PGlite database with N products (seeded once, kept in .tmp), fetches home,
// a listing with a filter, search results and a product page once (the cache's first render of each
// key), serves the product page's bytes from a minimal static server in another process (port P+1),
// and loads each page with autocannon twice: as a guest and as a signed-in customer (an access_token
// cookie: its render is the guest's, decision 0019). Prints requests per second, p50 and p99, the
// x-page-cache state of each, and the throughput ratio to the static server in the same run.
import { type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { ensureSeeded, pgliteDir, root, startStaticServer, startStore, stop, waitForStore } from './lib/store.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '5000' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '32' },
    port: { type: 'string', default: '3252' },
  },
});
const products = Number(values.products);
const env = { ...process.env, DATA_DIR: pgliteDir(products), DATABASE_URL: '', REDIS_URL: '' };
ensureSeeded(products, env);

const storePort = Number(values.port);
const staticPort = storePort + 1;
const base = `http://127.0.0.1:${storePort}`;
const store = startStore({ port: storePort, env });
let staticServer: ChildProcess | null = null;
try {
  await waitForStore(base);
  const listing = (await (await fetch(`${base}/api/v3/products/catalog/holodilniki/401`)).json()) as {
    products: { url: string; brand: { id: number } }[];
  };
  const fridge = listing.products[0]!;
  const pages: [string, string][] = [
    ['home', '/'],
    ['listing + filter', `/catalog/holodilniki/401?filter[brand][]=${fridge.brand.id}&utm_source=bench`],
    ['search', '/search?q=%D1%85%D0%BE%D0%BB%D0%BE%D0%B4%D0%B8%D0%BB%D1%8C%D0%BD%D0%B8%D0%BA'],
    ['product', fridge.url],
  ];
  // One key per visitor kind: the same branch and city; the customer also carries a session.
  const guest = 'branch=A; city_id=1';
  const customer = `${guest}; access_token=bench.token.x; isAuthOrigin=1; basket_count=2; favoriteProducts=1,2`;
  const states: Record<string, string> = {};
  let productHtml = '';
  for (const [name, url] of pages) {
    for (let i = 0; i < 3; i++) {
      const response = await fetch(base + url, { headers: { cookie: i === 2 ? customer : guest } });
      if (response.status !== 200) throw new Error(`${url} answered ${response.status}`);
      const html = await response.text();
      if (name === 'product') productHtml = html;
      states[name] = `${response.headers.get('x-page-cache')}`;
    }
  }
  const htmlFile = path.join(root, '.tmp/bench-page-cache-product.html');
  fs.writeFileSync(htmlFile, productHtml);
  staticServer = await startStaticServer(staticPort, htmlFile);

  const load = (url: string, cookie?: string) =>
    autocannon({
      url,
      connections: Number(values.connections),
      duration: Number(values.seconds),
      ...(cookie ? { headers: { cookie } } : {}),
    });
  const rows: Record<string, string | number>[] = [];
  const row = (name: string, r: autocannon.Result, state: string, bytes: number) =>
    rows.push({
      page: name,
      'x-page-cache': state,
      KB: Math.round(bytes / 1024),
      'req/s': Math.round(r.requests.average),
      'p50 ms': r.latency.p50,
      'p99 ms': r.latency.p99,
      errors: r.errors + r.non2xx,
    });
  const results: autocannon.Result[] = [];
  for (const [name, url] of pages) {
    const bytes = (await (await fetch(base + url, { headers: { cookie: guest } })).arrayBuffer()).byteLength;
    const asGuest = await load(base + url, guest);
    row(`${name}, guest`, asGuest, states[name]!, bytes);
    const asCustomer = await load(base + url, customer);
    row(`${name}, signed in`, asCustomer, states[name]!, bytes);
    results.push(asGuest, asCustomer);
  }
  const served = await load(`http://127.0.0.1:${staticPort}/`);
  row('static server, product bytes', served, '-', productHtml.length);
  console.log(
    `\n${products} products, ${values.connections} connections, ${values.seconds} s each (autocannon; whole ms)\n`,
  );
  console.table(rows);
  const worstP99 = Math.max(...results.map((r) => r.latency.p99));
  const productRuns = results.slice(-2);
  console.log(
    `product page throughput / static server: ${productRuns.map((r) => (r.requests.average / served.requests.average).toFixed(2)).join(' (guest), ')} (signed in)\n` +
      `worst cached p99: ${worstP99} ms (target ≤ 50 ms)`,
  );
} finally {
  await stop(staticServer);
  await stop(store);
}
