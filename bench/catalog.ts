// Catalogue API latency: `npm run bench` (or `node --import tsx bench/catalog.ts`).
//   --products N[,N…]    products in the PGlite runs (default 100000,5000)
//   --postgres URL       also run against this PostgreSQL server…
//   --pg-products N      …with N products (default 1000000)
//   --skip-pglite        only the PostgreSQL run
//   --seconds S          load per scenario (default 10), --connections C (default 8)
//   --port P             the first port the stores listen on (default 3201)
// Each run starts the real store (scripts/start.mjs) in a child process on its own database, seeding it
// once (the data is kept in .tmp for the next run), then loads it over HTTP with autocannon, C clients at
// once, and prints req/s, p50, p95 and p99 per scenario. Every request of a scenario asks something new
// (suggestions: prefixes as typed, typos and Latin-layout input taken from the catalogue; listings: other
// categories, filters, sorts and pages), so the figures are those of answers computed, not replayed.
import { type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '@store/db';
import { loadPaths } from './lib/load.ts';
import { cpuMs, ensureSeeded, pgliteDir, root, startStore, stop, waitForStore } from './lib/store.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000,5000' },
    postgres: { type: 'string' },
    'pg-products': { type: 'string', default: '1000000' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '8' },
    port: { type: 'string', default: '3201' },
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
  : values.products.split(',').map((n) => ({
      label: 'PGlite',
      products: Number(n),
      env: { DATA_DIR: pgliteDir(Number(n)) },
    }));
if (values.postgres) {
  targets.push({
    label: 'PostgreSQL',
    products: Number(values['pg-products']),
    env: { DATABASE_URL: values.postgres },
  });
}

/** Starts the store on the target's database and waits for it to answer. */
async function startTarget(target: Target, port: number): Promise<ChildProcess> {
  const child = startStore({ port, env: { ...process.env, ...target.env } });
  try {
    await waitForStore(`http://127.0.0.1:${port}`, child);
  } catch {
    await stop(child);
    throw new Error('the store did not start');
  }
  return child;
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
  /** The store's CPU time per answered request: its cost, whatever else the machine runs. */
  cpuMs: number;
  requests: number;
}

/** A small deterministic generator, so every run asks the same questions. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

// ЙЦУКЕН keys as a shopper types them with the Latin layout still on.
const LATIN_LAYOUT: Record<string, string> = Object.fromEntries(
  [...'йцукенгшщзхъфывапролджэячсмитьбю'].map((ch, i) => [ch, "qwertyuiop[]asdfghjkl;'zxcvbnm,."[i]!]),
);

interface Pools {
  suggestions: string[];
  search: string[];
  categories: { id: number; code: string }[];
}

/** What shoppers type, from the catalogue itself: read before the store opens the database. */
async function readPools(target: Target): Promise<Pools> {
  const handle = await openDatabase({ databaseUrl: target.env.DATABASE_URL, dataDir: target.env.DATA_DIR });
  try {
    const names = (
      await handle.query<{ name: string }>(
        `select name from products where status = 1 and id % greatest(1, (select count(*) from products) / 6000) = 0`,
      )
    ).map((r) => r.name);
    const labels = (
      await handle.query<{ name: string }>(
        'select name from brands union all select name from categories where status = 1 and product_count > 0',
      )
    ).map((r) => r.name);
    const categories = await handle.query<{ id: number; code: string }>(
      `select id, code from categories where status = 1 and product_count > 0 order by product_count desc, id`,
    );
    const next = random(42);
    const pick = <T>(list: readonly T[]) => list[Math.floor(next() * list.length)]!;
    const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
    const suggestions = new Set<string>();
    const cyrillicWords = names.flatMap(words).filter((w) => /^[а-яё]{4,}$/.test(w));
    for (let attempt = 0; attempt < 200_000 && suggestions.size < 30_000; attempt++) {
      const roll = next();
      if (roll < 0.6) {
        // A prefix as typed letter by letter: one or two words of a name, brand or category, cut anywhere.
        const source = words(next() < 0.8 ? pick(names) : pick(labels));
        const from = Math.floor(next() * Math.max(1, source.length - 1));
        const text = source.slice(from, from + 1 + Math.floor(next() * 2)).join(' ');
        suggestions.add(text.slice(0, 2 + Math.floor(next() * (text.length - 1))).trim());
      } else if (roll < 0.8) {
        // A typo: two letters swapped, one dropped or one doubled in a word of a name.
        const word = pick(cyrillicWords);
        const at = 1 + Math.floor(next() * (word.length - 2));
        const kind = next();
        const typo =
          kind < 0.4
            ? word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)
            : kind < 0.7
              ? word.slice(0, at) + word.slice(at + 1)
              : word.slice(0, at) + word[at] + word.slice(at);
        suggestions.add(typo.slice(0, Math.max(4, typo.length - Math.floor(next() * 3))));
      } else {
        // The Latin layout left on: «холодильник» arrives as «[jkjlbkmybr».
        const word = pick(cyrillicWords);
        const typed = [...word].map((ch) => LATIN_LAYOUT[ch] ?? ch).join('');
        suggestions.add(typed.slice(0, Math.max(3, typed.length - Math.floor(next() * 4))));
      }
    }
    const search = new Set<string>();
    for (let attempt = 0; attempt < 50_000 && search.size < 5_000; attempt++) {
      const source = words(pick(names));
      const from = Math.floor(next() * source.length);
      search.add(source.slice(from, from + 1 + Math.floor(next() * 2)).join(' '));
    }
    const shuffled = (set: Set<string>) => [...set].sort(() => next() - 0.5);
    return { suggestions: shuffled(suggestions), search: shuffled(search), categories };
  } finally {
    await handle.close();
  }
}

const SORTS = ['', '&order_by=price', '&order_by=-price', '&order_by=-rating', '&order_by=-novelty'];

interface ListingBody {
  filters: {
    code: string;
    type: string;
    values: { id: number; count: number }[];
    range: { min: number; max: number } | null;
  }[];
}

/** Listing calls with a brand, a price range and a specification value over the largest categories. */
async function filteredListings(base: string, categories: Pools['categories']): Promise<string[]> {
  const out: string[] = [];
  for (const category of categories.slice(0, 10)) {
    const listingPath = `/api/v3/products/catalog/${category.code}/${category.id}`;
    const first = (await (await fetch(base + listingPath)).json()) as ListingBody;
    const brands = first.filters.find((f) => f.code === 'brand')?.values ?? [];
    const price = first.filters.find((f) => f.code === 'price')?.range;
    const spec = first.filters.find((f) => f.type === 'list' && !['brand', 'series', 'in_stock'].includes(f.code));
    if (!price || !spec || brands.length === 0) continue;
    const topBrands = [...brands].sort((a, b) => b.count - a.count).slice(0, 5);
    const topValues = [...spec.values].sort((a, b) => b.count - a.count).slice(0, 4);
    for (const brand of topBrands)
      for (const value of topValues)
        for (const [lo, hi] of [
          [0.05, 0.5],
          [0.1, 0.6],
          [0.3, 0.9],
        ] as const)
          for (const sort of SORTS.slice(0, 3))
            out.push(
              `${listingPath}?filter[brand][]=${brand.id}` +
                `&filter[price][from][]=${Math.round(price.min + (price.max - price.min) * lo)}` +
                `&filter[price][to][]=${Math.round(price.min + (price.max - price.min) * hi)}` +
                `&filter[${spec.code}][]=${value.id}${sort}`,
            );
  }
  return out;
}

const rows: Row[] = [];
let port = Number(values.port) - 1;
for (const target of targets) {
  ensureSeeded(target.products, { ...process.env, ...target.env }, target.label);
  const pools = await readPools(target);
  const child = await startTarget(target, ++port);
  const base = `http://127.0.0.1:${port}`;
  try {
    // Warm-up: the first call builds the catalogue index.
    await fetch(`${base}/api/v3/products/catalog/${pools.categories[0]!.code}/${pools.categories[0]!.id}`);
    await fetch(`${base}/api/v3/search/suggestions?query=${encodeURIComponent('холод')}`);
    const filtered = await filteredListings(base, pools.categories);
    const plain = pools.categories.flatMap((c) =>
      SORTS.flatMap((sort) =>
        [1, 2, 3].map((page) => `/api/v3/products/catalog/${c.code}/${c.id}?page=${page}${sort}`),
      ),
    );
    const scenarios: [string, string[]][] = [
      [
        `suggestions: prefixes, typos, Latin layout (${pools.suggestions.length} distinct)`,
        pools.suggestions.map((q) => `/api/v3/search/suggestions?query=${encodeURIComponent(q)}`),
      ],
      [`listing, 3 filters + all facet counts (${filtered.length} distinct)`, filtered],
      [`listing, no filters (${plain.length} distinct)`, plain],
      [
        `search results (${pools.search.length} distinct)`,
        pools.search.map((q) => `/api/v3/products/search?q=${encodeURIComponent(q)}`),
      ],
    ];
    // The addresses asked, for loading a store started by hand (e.g. with --cpu-prof) the same way.
    fs.writeFileSync(
      path.join(root, `.tmp/bench-catalog-urls-${target.products}.json`),
      JSON.stringify(Object.fromEntries(scenarios)),
    );
    for (const [scenario, urls] of scenarios) {
      const status = await fetch(base + urls[0]!);
      if (status.status !== 200) throw new Error(`${urls[0]} answered ${status.status}`);
      const cpuBefore = cpuMs(child.pid);
      const result = await loadPaths(base, urls, { connections, seconds });
      const cpuPerRequest = (cpuMs(child.pid) - cpuBefore) / Math.max(1, result.requests);
      rows.push({
        database: target.label,
        products: target.products,
        scenario,
        rssMb: 0,
        cpuMs: Math.round(cpuPerRequest * 10) / 10,
        ...result,
      });
      // Resident memory of the store after the scenario (Linux /proc).
      const proc = fs.readFileSync(`/proc/${child.pid}/status`, 'utf8');
      rows.at(-1)!.rssMb = Math.round(Number(/VmRSS:\s+(\d+)/.exec(proc)?.[1] ?? 0) / 1024);
    }
  } finally {
    await stop(child);
  }
}

console.log(
  `\nCatalogue latency (${connections} connections, ${seconds} s each; milliseconds; ` +
    `load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores: latency is only comparable within one run, CPU ms/req across runs)\n`,
);
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
    'CPU ms/req': r.cpuMs,
    'store RSS MB': r.rssMb,
  })),
);
if (fs.existsSync(path.join(root, '.tmp'))) {
  fs.writeFileSync(path.join(root, '.tmp/bench-catalog.json'), JSON.stringify(rows, null, 2));
}
