// How long a product shown, hidden or moved takes to reach an instance's listings, search and suggestions
// (issue 19 item 2, decision 0088): `node --expose-gc --import tsx bench/product-change.ts [--products 100000]
// [--database-url postgres://…] [--changes 4] [--rounds 3] [--ids-from 1] [--verify]`.
// Builds both indexes as an instance does (CatalogIndexHolder), then each round changes `changes` products in
// the database as the operator calls do (half hidden, half moved to another category) and times
// `patchProducts`, which makes both new indexes; prints per round the time (and when each index was
// replaced), the longest the thread was held meanwhile (the largest gap between ticks of a 5 ms timer: what
// a request arriving then waits), this process's CPU and the heap after. Every change is undone at the end (and patched in again). `--ids-from`
// picks the products from that id on (two people measuring on one database keep apart). `--verify` builds
// the catalogue index fresh after the last round and compares its answers to the patched one's.
// `--across http://127.0.0.1:3801,http://127.0.0.1:3802 --database-url …` measures running instances of one
// store (e.g. `npm run cluster`'s, or instances started on a million-product database): the operator (employee
// 5005) hides a product through the first and shows it again, `--rounds` times; printed is how long after the
// operator's request each instance's listing, search and suggestions stopped (then started) showing it, and
// when the operator was answered (the first instance applies the change before it answers).
import type { DatabaseHandle } from '@store/db';
import { createHash } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { openDatabase } from '@store/db';
import { CatalogIndex, CatalogIndexHolder } from '../apps/api/src/catalog/catalog-index.ts';
import { createLogger } from '../apps/api/src/logger.ts';
import { restoreProducts, type ProductPlace } from './lib/product-changes.ts';
import { ensureSeeded, pgliteDir } from './lib/store.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    'database-url': { type: 'string' },
    changes: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '3' },
    'ids-from': { type: 'string', default: '1' },
    verify: { type: 'boolean', default: false },
    across: { type: 'string' },
  },
});
const databaseUrl = values['database-url'];
const gc = (globalThis as { gc?: () => void }).gc;
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const load = () =>
  os
    .loadavg()
    .map((x) => x.toFixed(1))
    .join(' ');

if (values.across) {
  await across(values.across.split(',').map((url) => url.replace(/\/$/, '')));
  process.exit(0);
}
const handle: DatabaseHandle = await (async () => {
  if (databaseUrl) return openDatabase({ databaseUrl });
  const products = Number(values.products);
  const dir = pgliteDir(products);
  ensureSeeded(products, { ...process.env, DATA_DIR: dir }, 'PGlite');
  return openDatabase({ dataDir: dir });
})();
/** Runs `work`, measuring the longest gap between ticks of a 5 ms timer meanwhile. */
async function timed<T>(work: () => Promise<T>) {
  let last = performance.now();
  let longest = 0;
  const ticker = setInterval(() => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
  }, 5);
  const started = performance.now();
  const cpu = cpuMs();
  try {
    const value = await work();
    return { value, ms: performance.now() - started, cpuMs: cpuMs() - cpu, longestHoldMs: longest };
  } finally {
    clearInterval(ticker);
  }
}

/** The catalogue index's answers to every category's listing with facets: equal digests, equal answers. */
async function digest(index: CatalogIndex): Promise<string> {
  const hash = createHash('sha256');
  for (const { id } of await handle.query<{ id: number }>('select id from categories where status = 1 order by id')) {
    for (const sort of ['price', '-popularity', '-novelty'] as const) {
      const result = index.query(
        {
          scope: index.categoryScope(id),
          facetCodes: ['price', 'brand', 'series', ...index.specFacetCodes(id)],
          selection: { list: new Map(), range: new Map() },
          sort,
          offset: 0,
          limit: 24,
          withCategoryCounts: true,
        },
        new Set([id]),
      );
      hash.update(JSON.stringify([id, result.productIds, result.count, result.facets, [...result.categoryCounts]]));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

const logger = createLogger('warn', (line) => console.error(line));
const holder = new CatalogIndexHolder(handle, logger);
const changes = Number(values.changes);
const rounds = Number(values.rounds);
const undo: ProductPlace[] = [];
try {
  const built = await timed(() => holder.warmUp());
  gc?.();
  console.log(
    JSON.stringify({
      bench: 'product-change',
      database: handle.kind,
      products: holder.current()?.size,
      suggestion_products: holder.currentSuggestions()?.size,
      build_s: Math.round(built.ms / 100) / 10,
      heap_mb: mb(process.memoryUsage().heapUsed),
      load: load(),
    }),
  );
  const picked = await handle.query<ProductPlace>(
    `select id, status, category_id from products where status = 1 and id >= $1 order by id limit $2`,
    [Number(values['ids-from']), changes * rounds],
  );
  undo.push(...picked);
  const noStock = async () => new Map<number, Set<number>>();
  for (let round = 0; round < rounds; round++) {
    const batch = picked.slice(round * changes, (round + 1) * changes);
    const ids = batch.map((p) => p.id);
    const [hide, move] = [ids.slice(0, Math.ceil(ids.length / 2)), ids.slice(Math.ceil(ids.length / 2))];
    await handle.query('update products set status = 0 where id = any($1::int[])', [hide]);
    // Moved to the category of the product after it in id order (another one, as a rule).
    await handle.query(
      `update products p set category_id = coalesce((select q.category_id from products q
          where q.id > p.id and q.category_id <> p.category_id order by q.id limit 1), p.category_id)
        where p.id = any($1::int[])`,
      [move],
    );
    // When each index is replaced (polled): the catalogue's and the suggestions' times apart.
    const [catalogBefore, suggestionsBefore] = [holder.current(), holder.currentSuggestions()];
    const started = performance.now();
    const replaced = (current: () => unknown, before: unknown) =>
      new Promise<number>((resolve) => {
        const poll = setInterval(() => {
          if (current() === before) return;
          clearInterval(poll);
          resolve(Math.round(performance.now() - started));
        }, 2);
      });
    const catalogMs = replaced(() => holder.current(), catalogBefore);
    const suggestionsMs = replaced(() => holder.currentSuggestions(), suggestionsBefore);
    const patched = await timed(() => holder.patchProducts(handle, ids, noStock));
    const replacedAfter = { catalogue: await catalogMs, suggestions: await suggestionsMs };
    gc?.();
    const index = holder.current()!;
    console.log(
      JSON.stringify({
        round: round + 1,
        changed: ids.length,
        patch_ms: Math.round(patched.ms),
        catalogue_ms: replacedAfter.catalogue,
        suggestions_ms: replacedAfter.suggestions,
        cpu_ms: Math.round(patched.cpuMs),
        longest_hold_ms: Math.round(patched.longestHoldMs),
        hidden_gone: index.positionsOf(hide).length === 0,
        heap_mb: mb(process.memoryUsage().heapUsed),
        load: load(),
      }),
    );
  }
  if (values.verify) {
    const patchedDigest = await digest(holder.current()!);
    const fresh = await CatalogIndex.build(handle);
    const freshDigest = await digest(fresh);
    console.log(
      JSON.stringify({
        patched_digest: patchedDigest,
        fresh_digest: freshDigest,
        equal: patchedDigest === freshDigest,
      }),
    );
  }
} finally {
  await restoreProducts(handle, undo);
  if (undo.length > 0)
    await holder.patchProducts(
      handle,
      undo.map((p) => p.id),
      async () => new Map(),
    );
  await handle.close();
}

/** Each instance's time to stop (or start) listing, finding and suggesting a product the operator hid (showed). */
async function across(urls: string[]) {
  const json = async (url: string) => (await (await fetch(url)).json()) as Record<string, unknown>;
  // The product first in a category's listing (so its page 1 shows it), with a name of its own.
  const [row] = await (async () => {
    const db = databaseUrl ? await openDatabase({ databaseUrl }) : null;
    try {
      return db
        ? await db.query<{ id: number; code: string }>(
            `select c.id, c.code from categories c where c.status = 1
               and not exists (select 1 from categories k where k.parent_id = c.id) order by c.id limit 1`,
          )
        : [];
    } finally {
      await db?.close();
    }
  })();
  if (!row) throw new Error('--across needs --database-url to pick a category');
  const listingUrl = (base: string) => `${base}/api/v3/products/catalog/${row.code}/${row.id}`;
  const first = ((await json(listingUrl(urls[0]!))).products as { id: number; name: string }[])[0]!;
  const jar: string[] = [];
  const headers = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
  const signIn = await fetch(`${urls[0]}/api/user/register-upos`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ mode: 'token', code: 'XEMP000000005005' }),
  });
  if (signIn.status !== 200) throw new Error(`operator sign-in: ${signIn.status}`);
  jar.push(...signIn.headers.getSetCookie().map((c) => c.split(';')[0]!));
  const seen = async (base: string) => {
    const has = async (url: string) => ((await json(url)).products as { id: number }[]).some((p) => p.id === first.id);
    const query = encodeURIComponent(first.name);
    return {
      listed: await has(listingUrl(base)),
      found: await has(`${base}/api/v3/products/search?q=${query}`),
      suggested: await has(`${base}/api/v3/search/suggestions?query=${query}`),
    };
  };
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const shown of [false, true]) {
      const started = performance.now();
      const answer = await fetch(`${urls[0]}/api/ops/products/${first.id}/visibility`, {
        method: 'POST',
        headers: { ...headers, cookie: jar.join('; ') },
        body: JSON.stringify({ shown }),
      });
      if (answer.status !== 200) throw new Error(`visibility: ${answer.status}`);
      const answeredMs = performance.now() - started;
      const times = await Promise.all(
        urls.map(async (base) => {
          const at: Record<string, number> = {};
          for (;;) {
            const now = await seen(base);
            for (const [what, value] of Object.entries(now)) {
              if (value === shown && at[what] === undefined) at[what] = Math.round(performance.now() - started);
            }
            if (Object.keys(at).length === 3 || performance.now() - started > 300_000) return { base, ...at };
            await new Promise((resolve) => setTimeout(resolve, 50));
          }
        }),
      );
      console.log(
        JSON.stringify({
          round,
          product: first.id,
          shown,
          operator_answer_ms: Math.round(answeredMs),
          instances: times,
          load: load(),
        }),
      );
    }
  }
}
