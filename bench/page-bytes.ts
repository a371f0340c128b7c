// Bytes a browser downloads for each page type: `npm run bench:bytes -- [--port 3303] [--base-url URL]`.
// Builds the web app if needed and starts the store on its own PGlite directory (.tmp/bench-bytes-data,
// 1,500 demo products), unless --base-url points at a store that is already running. For home, a listing,
// a product page and its two other tabs, search, the basket and content pages it fetches the HTML, reads the scripts,
// modulepreloads and stylesheets it names (and every static import of those scripts, so a chunk the
// HTML forgot to preload still counts), and prints HTML, JS and CSS bytes raw, gzip (level 9) and
// brotli (quality 11), compressed here with node:zlib so the figures do not depend on the server's
// compression. One JSON line per page type, then a table. The budget of issue 12: JS gzip ≤ 150 KB on
// every page type (decision 0064); a page over it is printed «over budget» and the command exits 1.
// `measurePageBytes(baseUrl, paths)` is exported for bench:web.
import { type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import zlib from 'node:zlib';
import { INERT_MODULE_TYPE, INERT_PRELOAD_REL } from '../apps/web/app/lib/paint-first.server.ts';
import { root, startStore, stop, waitForStore } from './lib/store.ts';

export interface Sizes {
  raw: number;
  gzip: number;
  brotli: number;
}
export interface PageBytes {
  page: string;
  path: string;
  status: number;
  html: Sizes;
  js: Sizes & { files: number };
  css: Sizes & { files: number };
  /** The serialized loader data: the inline scripts that hand React Router its context and stream. */
  loaderData: Sizes;
  /** Scripts reached only through another script's static import, not named by the HTML. */
  notPreloaded: string[];
}
export type PagePath = string | { name: string; path: string };

const kb = (n: number) => (n / 1024).toFixed(1);

/** The JS budget of issue 12, gzip bytes: every page type keeps it (docs/performance.md). */
export const JS_GZIP_BUDGET = 150 * 1024;

/** The pages whose first JavaScript is over the budget, in words, one a line (none: empty). */
export function overBudget(results: readonly PageBytes[], budget = JS_GZIP_BUDGET): string[] {
  return results
    .filter((r) => r.js.gzip > budget)
    .map((r) => `over budget: ${r.page} (${r.path}) ${kb(r.js.gzip)} KB gzip JS > ${kb(budget)} KB`);
}

function sizes(bytes: Buffer): Sizes {
  return {
    raw: bytes.length,
    gzip: zlib.gzipSync(bytes, { level: 9 }).length,
    brotli: zlib.brotliCompressSync(bytes, {
      params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: bytes.length },
    }).length,
  };
}

function add(total: Sizes, more: Sizes): Sizes {
  return { raw: total.raw + more.raw, gzip: total.gzip + more.gzip, brotli: total.brotli + more.brotli };
}

const attr = (tag: string, name: string) => new RegExp(`\\s${name}="([^"]*)"`).exec(tag)?.[1];

/**
 * Scripts (src and modulepreload), inline module imports and stylesheets named by a page's HTML. The store
 * sends React Router's preloads and module script inert until the first paint (decision 0060): counted alike.
 */
export function assetsOfHtml(html: string): { scripts: string[]; stylesheets: string[] } {
  const scripts = new Set<string>();
  const stylesheets = new Set<string>();
  for (const [tag] of html.matchAll(/<link\b[^>]*>/g)) {
    const rel = attr(tag, 'rel');
    const href = attr(tag, 'href');
    if (!href) continue;
    if (rel === 'modulepreload' || rel === INERT_PRELOAD_REL) scripts.add(href);
    else if (rel === 'stylesheet') stylesheets.add(href);
  }
  for (const [, open, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    const src = attr(open!, 'src');
    if (src) scripts.add(src);
    const type = attr(open!, 'type');
    if (type === 'module' || type === INERT_MODULE_TYPE)
      for (const [, spec] of body!.matchAll(importRe)) scripts.add(spec!);
  }
  return { scripts: [...scripts], stylesheets: [...stylesheets] };
}

/** The inline scripts carrying React Router's context and the streamed loader data (`__reactRouterContext`). */
export function loaderDataOfHtml(html: string): Buffer {
  const bodies: string[] = [];
  for (const [, open, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (!attr(open!, 'src') && body!.includes('__reactRouterContext')) bodies.push(body!);
  }
  return Buffer.from(bodies.join('\n'));
}

// Static imports of an ES module (`import x from "…"`, `import "…"`, `export … from "…"`), not import().
const importRe = /(?:^|[;\s}])(?:import|export)\s*(?:[\w*{}\s,$]+from\s*)?["']([^"']+)["']/g;

async function fetchBytes(url: string, attempt = 1): Promise<{ status: number; bytes: Buffer }> {
  try {
    // Uncompressed: the sizes below compress the bytes themselves.
    const response = await fetch(url, { headers: { 'accept-encoding': 'identity' } });
    return { status: response.status, bytes: Buffer.from(await response.arrayBuffer()) };
  } catch (error) {
    // A kept-alive socket the server closed at the same moment: one more try on a new one.
    if (attempt < 3) return fetchBytes(url, attempt + 1);
    throw error;
  }
}

/** Measures each path of `paths` on the store at `baseUrl` (a fresh visitor: no cookies). */
export async function measurePageBytes(baseUrl: string, paths: PagePath[]): Promise<PageBytes[]> {
  const cache = new Map<string, Promise<Buffer>>();
  const asset = (url: string) => {
    let bytes = cache.get(url);
    if (!bytes) {
      bytes = fetchBytes(url).then(({ status, bytes: body }) => {
        if (status !== 200) throw new Error(`${url} answered ${status}`);
        return body;
      });
      cache.set(url, bytes);
    }
    return bytes;
  };
  const results: PageBytes[] = [];
  for (const entry of paths) {
    const { name, path: pagePath } = typeof entry === 'string' ? { name: entry, path: entry } : entry;
    const pageUrl = new URL(pagePath, baseUrl).href;
    const page = await fetchBytes(pageUrl);
    const html = page.bytes.toString('utf8');
    const { scripts, stylesheets } = assetsOfHtml(html);
    const named = new Set(scripts.map((s) => new URL(s, pageUrl).href));
    const seen = new Set<string>();
    const queue = [...named];
    let js: Sizes = { raw: 0, gzip: 0, brotli: 0 };
    while (queue.length > 0) {
      const url = queue.shift()!;
      if (seen.has(url)) continue;
      seen.add(url);
      const bytes = await asset(url);
      js = add(js, sizes(bytes));
      for (const [, spec] of bytes.toString('utf8').matchAll(importRe)) {
        if (spec!.startsWith('.') || spec!.startsWith('/')) queue.push(new URL(spec!, url).href);
      }
    }
    let css: Sizes = { raw: 0, gzip: 0, brotli: 0 };
    for (const href of stylesheets) css = add(css, sizes(await asset(new URL(href, pageUrl).href)));
    results.push({
      page: name,
      path: pagePath,
      status: page.status,
      html: sizes(page.bytes),
      js: { ...js, files: seen.size },
      css: { ...css, files: stylesheets.length },
      loaderData: sizes(loaderDataOfHtml(html)),
      notPreloaded: [...seen].filter((u) => !named.has(u)).map((u) => new URL(u).pathname),
    });
  }
  return results;
}

/** The page types of issue 12 on a store with the demo data: ids are looked up through its API. */
export async function defaultPaths(baseUrl: string): Promise<{ name: string; path: string }[]> {
  const category = (await (await fetch(new URL('/api/v2/categories/224', baseUrl))).json()) as {
    code: string;
    id: number;
    url: string;
  };
  const listing = (await (
    await fetch(new URL(`/api/v3/products/catalog/${category.code}/${category.id}`, baseUrl))
  ).json()) as { products: { url: string }[] };
  const product = listing.products[0];
  if (!product) throw new Error(`category ${category.id} has no products`);
  // The tabs are routes of their own with their own chunks (SPEC §2 Product page tabs).
  const productPath = product.url.replace(/\/$/, '');
  return [
    { name: 'home', path: '/' },
    { name: 'listing', path: category.url },
    { name: 'product', path: product.url },
    { name: 'product-faq', path: `${productPath}/faq` },
    { name: 'product-availability', path: `${productPath}/availability` },
    { name: 'search', path: `/search?q=${encodeURIComponent('смартфон')}` },
    { name: 'basket', path: '/cart' },
    { name: 'content', path: '/delivery' },
    { name: 'certificate', path: '/certificate' },
    { name: 'trade-in', path: '/service/trade-in' },
    { name: 'repair', path: '/service/repair' },
    { name: 'service', path: '/service' },
  ];
}

export function formatTable(results: PageBytes[]): string {
  const head = [
    'page',
    'HTML raw/gz/br KB',
    'loader data raw/gz KB',
    'JS raw/gz/br KB (files)',
    'CSS raw/gz/br KB (files)',
  ];
  const rows = results.map((r) => [
    `${r.page}${r.status === 200 ? '' : ` (${r.status})`}`,
    `${kb(r.html.raw)} / ${kb(r.html.gzip)} / ${kb(r.html.brotli)}`,
    `${kb(r.loaderData.raw)} / ${kb(r.loaderData.gzip)}`,
    `${kb(r.js.raw)} / ${kb(r.js.gzip)} / ${kb(r.js.brotli)} (${r.js.files})`,
    `${kb(r.css.raw)} / ${kb(r.css.gzip)} / ${kb(r.css.brotli)} (${r.css.files})`,
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i]!.length)));
  const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ');
  return [line(head), ...rows.map(line)].join('\n');
}

async function main() {
  const { values } = parseArgs({
    options: { port: { type: 'string', default: '3303' }, 'base-url': { type: 'string' } },
  });
  let store: ChildProcess | null = null;
  let baseUrl = values['base-url'];
  if (!baseUrl) {
    baseUrl = `http://127.0.0.1:${values.port}`;
    // scripts/start.mjs builds when the build is older than the sources, migrates and seeds an empty directory.
    store = startStore({
      port: Number(values.port),
      env: {
        ...process.env,
        DATA_DIR: path.join(root, '.tmp/bench-bytes-data'),
        SEED_PRODUCTS: '1500',
        DATABASE_URL: '',
        REDIS_URL: '',
      },
      stdout: 'inherit',
    });
    await waitForStore(baseUrl, store);
  }
  try {
    const results = await measurePageBytes(baseUrl, await defaultPaths(baseUrl));
    for (const r of results) console.log(JSON.stringify(r));
    console.log(`\n${formatTable(results)}`);
    const over = overBudget(results);
    const failed = results.filter((r) => r.status !== 200).map((r) => `${r.page} (${r.path}) answered ${r.status}`);
    if (over.length === 0 && failed.length === 0) {
      console.log(`\nJS budget (${kb(JS_GZIP_BUDGET)} KB gzip) kept on every page type`);
    } else {
      console.log(`\n${[...over, ...failed].join('\n')}`);
      process.exitCode = 1;
    }
    const missing = results.flatMap((r) => r.notPreloaded.map((f) => `${r.page}: ${f}`));
    if (missing.length > 0) console.log(`Scripts loaded without a modulepreload: ${missing.join(', ')}`);
  } finally {
    await stop(store);
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) await main();
