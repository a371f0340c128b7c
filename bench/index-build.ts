// How long the in-memory indexes take to build, and what they hold: `node --expose-gc --import tsx
// bench/index-build.ts [--products 100000] [--index suggestions|catalog] [--runs 2]`. Seeds a PGlite
// directory once (.tmp/bench-pglite-N, like the other benchmarks), builds the index `runs` times and
// prints per build its time, the heap used after it (after a collection with --expose-gc) and the
// machine's load, then a digest of the answers to a fixed set of typed queries (suggestions) or of the
// facet queries (catalogue): two versions of a build that give one digest answer alike. Add
// `--cpu-prof` before `--import` for a profile of the builds. `--rows-in-memory` reads every query's
// rows once before the runs and answers the builds from them: the time is then the index's own work,
// without the database's reading and decoding of the rows (most of a PGlite build). `peak_mb` is the
// most heap plus array buffers seen during a build (sampled whenever the build pauses). `longest_hold_ms` is
// the longest the build kept the thread without a pause (the largest gap between ticks of a 5 ms timer):
// how long a request arriving meanwhile waits, since the store builds on the thread that serves. Each hold
// over 100 ms is printed as [ms into the build, its length, this process's CPU ms meanwhile, the longest
// collector pause in it]: a hold with little CPU is the machine's other work taking the cores (the timer is
// wall time), one with a long pause is the collector's. `longest_gc_ms` is the longest pause of the
// collector during the build (perf_hooks' gc entries: the time the thread stood still for it).
// `--database-url postgres://…` builds from that PostgreSQL database instead (e.g. bench:cluster's, with its
// million products: `--database-url postgres://store@127.0.0.1:3481/store` while its PostgreSQL runs); the
// rows then arrive over a socket, so the holds are the decoding and the index's own loops, not the reading.
// `--patch K` (suggestions, decision 0089): after the builds, changes K active products in the database (the
// first half hidden, the rest moved to another category), times SuggestionIndex.withProducts on the last
// build with the same figures (time, holds, heap), builds afresh and prints whether the patched index's
// answers (the digest above, plus search results and the changed products' own words) equal the fresh
// build's; the products are put back at the end. They are the first K active products with ids from
// `--patch-from` (default 900001 with --database-url, the ids a shared million-product database sets aside
// for this bench; the middle of the ids on PGlite), and never more than 200 ids past it.
import type { DatabaseHandle } from '@store/db';
import { createHash } from 'node:crypto';
import os from 'node:os';
import { PerformanceObserver } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { openDatabase } from '@store/db';
import { CatalogIndex } from '../apps/api/src/catalog/catalog-index.ts';
import { SuggestionIndex } from '../apps/api/src/catalog/suggestion-index.ts';
import { restoreProducts } from './lib/product-changes.ts';
import { ensureSeeded, pgliteDir } from './lib/store.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    index: { type: 'string', default: 'suggestions' },
    runs: { type: 'string', default: '2' },
    'skip-answers': { type: 'boolean', default: false },
    'rows-in-memory': { type: 'boolean', default: false },
    'database-url': { type: 'string' },
    patch: { type: 'string' },
    'patch-from': { type: 'string' },
  },
});
const databaseUrl = values['database-url'];
const handle = await (async () => {
  if (databaseUrl) return openDatabase({ databaseUrl });
  const products = Number(values.products);
  const dir = pgliteDir(products);
  ensureSeeded(products, { ...process.env, DATA_DIR: dir }, 'PGlite');
  return openDatabase({ dataDir: dir });
})();
const gc = (globalThis as { gc?: () => void }).gc;
/** This process's CPU time so far (every thread: the collector's helpers too), in ms. */
const cpuMsNow = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

try {
  // Names to type from: every 97th product's words.
  const names = (
    await handle.query<{ name: string }>(
      'select lower(name) as name from products where status = 1 and id % 97 = 0 order by id',
    )
  ).map((r) => r.name);
  const words = names.flatMap((n) => n.match(/[\p{L}\p{N}]+/gu) ?? []).filter((w) => w.length >= 4);
  const queries = [
    ...new Set(words.flatMap((w) => [w.slice(0, 3), w.slice(0, 5), w.slice(0, 2) + w[3] + w[2] + w.slice(4)])),
  ].slice(0, 3000);
  const build = (source: DatabaseHandle) =>
    values.index === 'catalog' ? CatalogIndex.build(source) : SuggestionIndex.build(source);
  let source: DatabaseHandle = handle;
  if (values['rows-in-memory']) {
    const read = new Map<string, Promise<unknown[][]>>();
    const key = (text: string, params?: unknown[]) => JSON.stringify([text, params ?? []]);
    source = {
      ...handle,
      queryArrays: (text, params) => {
        const k = key(text, params);
        let rows = read.get(k);
        if (!rows) read.set(k, (rows = handle.queryArrays(text, params)));
        // A copy of the outer array: a build may empty the list it was given.
        return rows.then((r) => r.slice());
      },
    };
    await build(source);
  }
  /**
   * Runs `work` (a build or a patch) with the figures above measured, prints them as one line of JSON
   * (`label` names the work) and returns what it made.
   */
  const measured = async <T extends CatalogIndex | SuggestionIndex>(
    label: string,
    run: number,
    work: () => Promise<T>,
  ): Promise<T> => {
    gc?.();
    const load = os.loadavg()[0]!.toFixed(1);
    const cpu = process.cpuUsage();
    const started = performance.now();
    let peak = 0;
    const sample = () => {
      const now = process.memoryUsage();
      peak = Math.max(peak, now.heapUsed + now.arrayBuffers);
    };
    const sampler = setInterval(sample, 20);
    let tick = performance.now();
    let tickCpu = cpuMsNow();
    let longestHold = 0;
    // The collector's pauses as [start, end] (performance.now() time), to tell its holds from the build's.
    const pauses: [number, number][] = [];
    const observer = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) pauses.push([entry.startTime, entry.startTime + entry.duration]);
    });
    observer.observe({ entryTypes: ['gc'] });
    // Every hold over 100 ms, as [ms into the build when it began, its length, CPU ms, longest GC pause in it].
    const holds: [number, number, number, number][] = [];
    const ticker = setInterval(() => {
      const now = performance.now();
      const cpuNow = cpuMsNow();
      longestHold = Math.max(longestHold, now - tick);
      if (now - tick > 100) {
        let gcIn = 0;
        for (const [from, to] of pauses) if (to > tick && from < now) gcIn = Math.max(gcIn, to - from);
        holds.push([
          Math.round(tick - started),
          Math.round(now - tick),
          Math.round(cpuNow - tickCpu),
          Math.round(gcIn),
        ]);
      }
      tick = now;
      tickCpu = cpuNow;
    }, 5);
    const made = await work();
    const ms = performance.now() - started;
    longestHold = Math.max(longestHold, performance.now() - tick);
    clearInterval(ticker);
    // Entries are delivered after the pause that made them: let the last ones arrive.
    await new Promise((resolve) => setImmediate(resolve));
    observer.disconnect();
    const longestGc = pauses.reduce((most, [from, to]) => (from >= started ? Math.max(most, to - from) : most), 0);
    const used = process.cpuUsage(cpu);
    clearInterval(sampler);
    sample();
    gc?.();
    const memory = process.memoryUsage();
    console.log(
      JSON.stringify({
        index: values.index,
        ...(label === 'build' ? {} : { work: label }),
        products: made.size,
        run,
        // A patch takes milliseconds: one decimal there.
        ms: label === 'build' ? Math.round(ms) : Math.round(ms * 10) / 10,
        // This process's CPU time (the PGlite database runs in it too): on a loaded machine the steadier figure.
        cpu_ms: Math.round((used.user + used.system) / 1000),
        heap_used_mb: mb(memory.heapUsed),
        array_buffers_mb: mb(memory.arrayBuffers),
        peak_mb: mb(peak),
        longest_hold_ms: Math.round(longestHold),
        longest_gc_ms: Math.round(longestGc),
        holds_over_100_ms: holds,
        load,
      }),
    );
    return made;
  };
  let last: CatalogIndex | SuggestionIndex | null = null;
  for (let run = 1; run <= Number(values.runs); run++) {
    last = null;
    last = await measured<CatalogIndex | SuggestionIndex>('build', run, () => build(source));
  }
  /** A digest of the index's answers to the typed queries (suggestions) or the facet queries (catalogue). */
  const answersDigest = async (
    index: CatalogIndex | SuggestionIndex,
    extra: readonly string[] = [],
    names: readonly string[] = [],
  ) => {
    const digest = createHash('sha256');
    if (index instanceof SuggestionIndex) {
      for (const q of queries) {
        digest.update(
          JSON.stringify([q, index.productsBySimilarity(q), index.suggestBrands(q), index.suggestSeries(q)]),
        );
      }
      // Prefixes as the database stems them are the words themselves here: the lexeme ranges either way.
      for (const w of words.slice(0, 3000)) digest.update(JSON.stringify(index.productsByPrefixes([w.slice(0, 4)])));
      // The patch's comparison also asks for search results and typos, and the changed products' own words.
      for (const q of extra) {
        digest.update(
          JSON.stringify([
            q,
            index.productsByPrefixes([q.slice(0, 4)]),
            index.searchProductIds([q.slice(0, 4)], 50),
            index.similarProductIds(q, 50),
            index.productsBySimilarity(q),
            index.suggestCategories(q),
          ]),
        );
      }
      // Each changed product's name as a search (every word's first four letters) and as a typo: found
      // among few, so hidden, moved or renamed shows.
      for (const name of names) {
        const prefixes = (name.match(/[\p{L}\p{N}]+/gu) ?? []).map((w) => w.slice(0, 4));
        digest.update(
          JSON.stringify([
            name,
            index.searchProductIds(prefixes, 50),
            index.productsByPrefixes(prefixes),
            index.similarProductIds(name, 50),
          ]),
        );
      }
    } else {
      const categories = await handle.query<{ id: number }>('select id from categories where status = 1 order by id');
      for (const { id } of categories) {
        const ids = new Set([id]);
        const result = index.query(
          {
            scope: index.categoryScope(id),
            facetCodes: ['price', 'brand', ...index.specFacetCodes(id)],
            selection: { list: new Map(), range: new Map() },
            sort: 'price',
            offset: 0,
            limit: 20,
            withCategoryCounts: true,
          },
          ids,
        );
        digest.update(JSON.stringify([id, result.productIds, result.count, result.facets, [...result.categoryCounts]]));
      }
    }
    return digest.digest('hex').slice(0, 16);
  };
  if (!values['skip-answers'] && last) {
    console.log(JSON.stringify({ queries: queries.length, answers_sha256: await answersDigest(last) }));
  }

  if (values.patch !== undefined && last instanceof SuggestionIndex) {
    const k = Number(values.patch);
    const from = Number(values['patch-from'] ?? (databaseUrl ? 900_001 : Math.floor(Number(values.products) / 2)));
    if (!(k >= 1 && k <= 200)) throw new Error('--patch takes 1 to 200 products');
    // Never an id past the range set aside: [from, from + 199].
    const chosen = await handle.query<{ id: number; status: number; category_id: number; name: string }>(
      `select id, status, category_id, lower(name) as name from products
        where status = 1 and id >= $1 and id < $1 + 200 order by id limit $2`,
      [from, k],
    );
    if (chosen.length < k) throw new Error(`only ${chosen.length} active products with ids ${from}–${from + 199}`);
    const ids = chosen.map((p) => p.id);
    const [other] = await handle.query<{ id: number }>(
      'select id from categories where status = 1 and id <> $1 order by id limit 1',
      [chosen[0]!.category_id],
    );
    const extra = [...new Set(chosen.flatMap((p) => p.name.match(/[\p{L}\p{N}]+/gu) ?? []))];
    const names = chosen.map((p) => p.name);
    const hidden = ids.slice(0, Math.ceil(k / 2));
    const moved = ids.slice(Math.ceil(k / 2));
    try {
      await handle.query('update products set status = 0 where id = any($1::int[])', [hidden]);
      await handle.query('update products set category_id = $2 where id = any($1::int[])', [moved, other!.id]);
      const old = last;
      const before = await answersDigest(old, extra, names);
      const patched = await measured('patch', 1, () => SuggestionIndex.withProducts(old, handle, ids));
      // The old index serves on meanwhile and after: its answers are as they were.
      const oldAfter = await answersDigest(old, extra, names);
      const patchedDigest = await answersDigest(patched, extra, names);
      const fresh = await measured('build after the change', 1, () => SuggestionIndex.build(handle));
      const freshDigest = await answersDigest(fresh, extra, names);
      console.log(
        JSON.stringify({
          patched_products: k,
          hidden: hidden.length,
          moved: moved.length,
          ids: `${ids[0]}–${ids[ids.length - 1]}`,
          patched_sha256: patchedDigest,
          fresh_sha256: freshDigest,
          equal: patchedDigest === freshDigest,
          // Another session changing products of the same database between the patch and the fresh build
          // shows here (the comparison then says nothing).
          same_size: patched.size === fresh.size,
          old_unchanged: before === oldAfter,
          old_differs_from_fresh: before !== freshDigest,
        }),
      );
      if (patchedDigest !== freshDigest || before !== oldAfter) process.exitCode = 1;
    } finally {
      await restoreProducts(handle, chosen);
    }
  }
} finally {
  await handle.close();
}
