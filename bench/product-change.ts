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
import type { DatabaseHandle } from '@store/db';
import { createHash } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { openDatabase } from '@store/db';
import { CatalogIndex, CatalogIndexHolder } from '../apps/api/src/catalog/catalog-index.ts';
import { createLogger } from '../apps/api/src/logger.ts';
import { ensureSeeded, pgliteDir } from './lib/store.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    'database-url': { type: 'string' },
    changes: { type: 'string', default: '4' },
    rounds: { type: 'string', default: '3' },
    'ids-from': { type: 'string', default: '1' },
    verify: { type: 'boolean', default: false },
  },
});
const databaseUrl = values['database-url'];
const handle: DatabaseHandle = await (async () => {
  if (databaseUrl) return openDatabase({ databaseUrl });
  const products = Number(values.products);
  const dir = pgliteDir(products);
  ensureSeeded(products, { ...process.env, DATA_DIR: dir }, 'PGlite');
  return openDatabase({ dataDir: dir });
})();
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
const undo: { id: number; status: number; category_id: number }[] = [];
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
  const picked = await handle.query<{ id: number; status: number; category_id: number }>(
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
  for (const p of undo) {
    await handle.query('update products set status = $2, category_id = $3 where id = $1', [
      p.id,
      p.status,
      p.category_id,
    ]);
  }
  if (undo.length > 0)
    await holder.patchProducts(
      handle,
      undo.map((p) => p.id),
      async () => new Map(),
    );
  await handle.close();
}
