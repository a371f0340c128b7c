// Where a listing with facet counts and a suggestion spend their time, in one process (issue 19, decision
// 0059): `node --import tsx bench/listing-profile.ts --database-url postgres://… [--calls 300]
// [--suggestions] [--parts] [--profile-out FILE]`. Add `--cpu-prof --cpu-prof-dir .tmp/prof` before `--import` for a profile.
// Builds the catalogue index from the database (the 1,000,000-product bench database of `npm run
// bench:cluster`, read only), reads the default city's «В наличии» set, then answers the bench's listings
// (bench/lib/listings.ts: the same non-empty listings bench:cluster asks, each call a new price range as
// its `listing` scenario) CALLS times and prints per call the whole listing's time, the index's share
// (CatalogIndex.query: filters, facet counts, the page's order) and the rest (the cards read from the
// database), p50/p95, with the machine's load. The facet cache is off for the timed calls (the figures are
// of answers computed), and a digest of every answer is printed: two versions that print one digest
// answer alike. `--parts` times the listing's steps (the index's, the cards, JSON, Brotli) in a second
// round. `--ab [--rounds 6]` then compares, in this one process, a listing call and its JSON text as
// before decision 0086 (a new bitset per working set, JSON.stringify of the whole answer), with the
// index's working bitsets reused, and with the cards' JSON texts kept too: ROUNDS rounds of CALLS calls
// per arm, the arms' order reversed every other round, with a digest of each arm's texts (equal: the same
// answers). `--suggestions` builds the suggestion index too and times listSuggestions per part.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import inspector from 'node:inspector';
import os from 'node:os';
import { PerformanceObserver } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { openDatabase } from '@store/db';
import { CatalogIndex } from '../apps/api/src/catalog/catalog-index.ts';
import { buildListing, prepareDefaultCityInStock } from '../apps/api/src/catalog/listing.ts';
import { SuggestionIndex } from '../apps/api/src/catalog/suggestion-index.ts';
import { chooseListings, listingQuery } from './lib/listings.ts';
import { compressWhole } from '../apps/web/server/compression.ts';
import { jsonWithKeptItems } from '../apps/api/src/http/json-text.ts';
import type { Listing } from '../apps/api/src/schemas/catalog.ts';
import { listSuggestions, queryTerms, stemmedPrefixes } from '../apps/api/src/data/search.ts';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    calls: { type: 'string', default: '300' },
    suggestions: { type: 'boolean', default: false },
    parts: { type: 'boolean', default: false },
    'profile-out': { type: 'string' },
    ab: { type: 'boolean', default: false },
    rounds: { type: 'string', default: '6' },
  },
});
if (!values['database-url']) throw new Error('--database-url: the bench database (read only)');
const calls = Number(values.calls);
const handle = await openDatabase({ databaseUrl: values['database-url'], maxConnections: 2 });
const load = () => os.loadavg()[0]!.toFixed(1);
const ms = (n: number) => Math.round(n * 100) / 100;
const percentile = (sorted: number[], p: number) =>
  sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
const summary = (label: string, times: number[]) => {
  const sorted = [...times].sort((a, b) => a - b);
  const mean = times.reduce((a, b) => a + b, 0) / Math.max(1, times.length);
  return {
    part: label,
    calls: times.length,
    mean: ms(mean),
    p50: ms(percentile(sorted, 50)),
    p95: ms(percentile(sorted, 95)),
  };
};

try {
  let started = performance.now();
  const index = await CatalogIndex.build(handle);
  console.log(
    JSON.stringify({
      step: 'catalogue index built',
      products: index.size,
      ms: Math.round(performance.now() - started),
      load: load(),
    }),
  );
  started = performance.now();
  await prepareDefaultCityInStock(handle, index);
  console.log(
    JSON.stringify({
      step: 'default city «В наличии» read',
      ms: Math.round(performance.now() - started),
      load: load(),
    }),
  );

  // The bench's listings, chosen as bench/cluster.ts chooses them (bench/lib/listings.ts), here in process.
  const ask = (pathAndQuery: string) => {
    const [pagePath, search = ''] = pathAndQuery.split('?');
    return buildListing(handle, index, { pagePath: pagePath!, params: new URLSearchParams(search), cityId: null });
  };
  const { listings } = await chooseListings(handle, ask);

  // CatalogIndex.query timed from outside: its share of each listing, in wall time and in this process's
  // CPU time (the steadier figure on a shared machine: another process's turn is not counted).
  const queryTimes: number[] = [];
  const queryCpu: number[] = [];
  const query = index.query.bind(index);
  index.query = (q, ids) => {
    const t = performance.now();
    const cpu = process.cpuUsage();
    try {
      return query(q, ids);
    } finally {
      queryTimes.push(performance.now() - t);
      const used = process.cpuUsage(cpu);
      queryCpu.push((used.user + used.system) / 1000);
    }
  };
  index.facetCacheMs = 0;
  const totals: number[] = [];
  const digest = createHash('sha256');
  const loadBefore = load();
  // `--profile-out FILE`: a CPU profile of the timed listing calls alone (not the index build).
  const profiler = values['profile-out'] ? new inspector.Session() : null;
  const post = (method: string, params?: object) =>
    new Promise<unknown>((resolve, reject) =>
      profiler!.post(method, params, (error, result) => (error ? reject(error) : resolve(result))),
    );
  if (profiler) {
    profiler.connect();
    await post('Profiler.enable');
    await post('Profiler.start');
  }
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < calls; i++) {
    // As the bench's `listing` scenario: every call a new address (its price range's top moved).
    const address = listingQuery(listings[i % listings.length]!, i);
    const t = performance.now();
    const listing = await ask(address);
    totals.push(performance.now() - t);
    // The digest of the first round only: later rounds ask other price ranges of the same listings.
    if (i < listings.length) digest.update(JSON.stringify([address, listing]));
  }
  const cpuUsed = process.cpuUsage(cpuBefore);
  if (profiler) {
    const { profile } = (await post('Profiler.stop')) as { profile: object };
    fs.writeFileSync(values['profile-out']!, JSON.stringify(profile));
    profiler.disconnect();
  }
  console.log(JSON.stringify({ listing_cpu_ms_per_call: ms((cpuUsed.user + cpuUsed.system) / 1000 / calls) }));
  console.table([
    summary('listing (whole call)', totals),
    summary('CatalogIndex.query', queryTimes),
    summary('CatalogIndex.query, CPU time', queryCpu),
    summary(
      'the rest (cards, database)',
      totals.map((t, k) => t - queryTimes[k]!),
    ),
  ]);
  console.log(
    JSON.stringify({
      listings: listings.length,
      answers_sha256: digest.digest('hex').slice(0, 16),
      load: `${loadBefore} → ${load()}`,
    }),
  );

  if (values.parts) {
    // The split of a listing call: the index's steps timed by wrapping them (a second round of the same
    // calls; `facet` includes the counts it asks for), then the answer's JSON and its compression as the
    // store's middleware does it (Brotli 5 in one call; above WHOLE_JSON_BYTES a stream, off the main thread).
    const steps = [
      'matchList',
      'matchRange',
      'facet',
      'tally',
      'countKeys',
      'countColumn',
      'inStockFacet',
      'page',
    ] as const;
    const spent = new Map<string, number>(steps.map((step) => [step, 0]));
    const proto = CatalogIndex.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
    const originals = new Map(steps.map((step) => [step, proto[step]!]));
    for (const step of steps) {
      const original = originals.get(step)!;
      proto[step] = function (this: unknown, ...args: unknown[]) {
        const t = performance.now();
        try {
          return original.apply(this, args);
        } finally {
          spent.set(step, spent.get(step)! + performance.now() - t);
        }
      };
    }
    let queryMs = 0;
    let jsonMs = 0;
    let brotliMs = 0;
    let bytes = 0;
    let compressed = 0;
    let whole = 0;
    const cpuBefore = process.cpuUsage();
    for (let i = 0; i < calls; i++) {
      const address = listingQuery(listings[i % listings.length]!, i);
      const t = performance.now();
      const listing = await ask(address);
      whole += performance.now() - t;
      queryMs += queryTimes.at(-1)!;
      let u = performance.now();
      const body = Buffer.from(JSON.stringify(listing));
      jsonMs += performance.now() - u;
      u = performance.now();
      compressed += compressWhole(body, 'br').byteLength;
      brotliMs += performance.now() - u;
      bytes += body.byteLength;
    }
    const used = process.cpuUsage(cpuBefore);
    for (const step of steps) proto[step] = originals.get(step)!;
    const per = (n: number) => ms(n / calls);
    console.table([
      { part: 'whole listing call (CPU)', ms: per((used.user + used.system) / 1000) },
      { part: 'whole listing call (wall)', ms: per(whole) },
      { part: 'CatalogIndex.query', ms: per(queryMs) },
      ...steps.map((step) => ({ part: `  ${step}`, ms: per(spent.get(step)!) })),
      { part: 'the rest of the call (cards, database)', ms: per(whole - queryMs) },
      { part: 'JSON.stringify of the answer', ms: per(jsonMs) },
      { part: 'Brotli 5 of the answer in one call', ms: per(brotliMs) },
    ]);
    console.log(
      JSON.stringify({ answer_bytes: Math.round(bytes / calls), brotli_bytes: Math.round(compressed / calls) }),
    );
  }

  if (values.ab) {
    // Old and new side by side: the same calls, the arms alternated (A B B A …) so that the machine's
    // load and the collector's debts fall on both alike. CPU is this process's (the collector's threads
    // too). Each call is the listing and its JSON text: before 0086 a new bitset per working set and
    // JSON.stringify of the whole answer; after, the index's working sets reused and the cards' texts kept
    // (the store's card cache hands the same card objects call after call: here a map by id stands for it).
    const rounds = Number(values.rounds);
    const cardCache = new Map<number, Listing['products'][number]>();
    const arms = [
      { name: 'before 0086', reuse: false, json: (l: Listing) => JSON.stringify(l) },
      { name: 'bitsets reused', reuse: true, json: (l: Listing) => JSON.stringify(l) },
      { name: "0086 (+ cards' texts kept)", reuse: true, json: (l: Listing) => jsonWithKeptItems(l, 'products') },
    ];
    const spent = arms.map(() => ({
      cpu: 0,
      wall: 0,
      json: 0,
      calls: 0,
      bytes: 0,
      gcMs: 0,
      gcs: 0,
      digest: createHash('sha256'),
    }));
    // The collector's pauses of the main thread (perf_hooks' gc entries), charged to the arm under way.
    let current: (typeof spent)[number] | null = null;
    const gcObserver = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        if (!current) continue;
        current.gcMs += entry.duration;
        current.gcs++;
      }
    });
    gcObserver.observe({ entryTypes: ['gc'] });
    const abLoad = load();
    for (let round = 0; round < rounds; round++) {
      const order = arms.map((_, a) => a);
      for (const a of round % 2 === 0 ? order : order.reverse()) {
        index.reuseBits = arms[a]!.reuse;
        const arm = spent[a]!;
        current = arm;
        const cpu = process.cpuUsage();
        const t = performance.now();
        for (let i = 0; i < calls; i++) {
          const address = listingQuery(listings[i % listings.length]!, i);
          const listing = await ask(address);
          listing.products = listing.products.map((card) => {
            const kept = cardCache.get(card.id);
            if (kept) return kept;
            cardCache.set(card.id, card);
            return card;
          });
          const u = performance.now();
          const text = arms[a]!.json(listing);
          arm.json += performance.now() - u;
          arm.bytes += text.length;
          if (round < 2) arm.digest.update(address).update(text);
        }
        arm.wall += performance.now() - t;
        const used = process.cpuUsage(cpu);
        arm.cpu += (used.user + used.system) / 1000;
        arm.calls += calls;
        // Entries of the arm's last pauses arrive after a turn of the event loop.
        await new Promise((resolve) => setImmediate(resolve));
        current = null;
      }
      console.log(
        JSON.stringify({
          round,
          ...Object.fromEntries(arms.map((arm, a) => [arm.name, ms(spent[a]!.cpu / Math.max(1, spent[a]!.calls))])),
          load: load(),
        }),
      );
    }
    gcObserver.disconnect();
    index.reuseBits = true;
    console.table(
      arms.map((arm, a) => ({
        arm: arm.name,
        calls: spent[a]!.calls,
        'CPU ms per call': ms(spent[a]!.cpu / spent[a]!.calls),
        'wall ms per call': ms(spent[a]!.wall / spent[a]!.calls),
        'JSON ms per call': ms(spent[a]!.json / spent[a]!.calls),
        'GC pauses ms per call': ms(spent[a]!.gcMs / spent[a]!.calls),
        'GC pauses': spent[a]!.gcs,
        'chars per answer': Math.round(spent[a]!.bytes / spent[a]!.calls),
        'sha256 of the texts (rounds 0-1)': spent[a]!.digest.digest('hex').slice(0, 16),
      })),
    );
    console.log(JSON.stringify({ ab_load: `${abLoad} → ${load()}` }));
  }

  if (values.suggestions) {
    started = performance.now();
    const suggestions = await SuggestionIndex.build(handle);
    console.log(
      JSON.stringify({ step: 'suggestion index built', ms: Math.round(performance.now() - started), load: load() }),
    );
    const names = await handle.query<{ name: string }>(
      `select name from products where status = 1 order by id limit 200`,
    );
    const prefixes = names.map(({ name }, i) => name.slice(0, 3 + (i % 6)).trim());
    const parts = {
      whole: [] as number[],
      stem: [] as number[],
      prefixes: [] as number[],
      similarity: [] as number[],
      lists: [] as number[],
    };
    const answers = createHash('sha256');
    for (let i = 0; i < calls; i++) {
      const text = prefixes[i % prefixes.length]!;
      let t = performance.now();
      const rows = await listSuggestions(handle, suggestions, text, index);
      parts.whole.push(performance.now() - t);
      if (i < prefixes.length) answers.update(JSON.stringify([text, rows]));
      // The same call's parts, once more each (the stemming is remembered after the first call).
      const terms = queryTerms(text);
      t = performance.now();
      const stemmed = (await stemmedPrefixes(handle, terms)) ?? [];
      parts.stem.push(performance.now() - t);
      t = performance.now();
      const found = suggestions.productsByPrefixes(stemmed);
      parts.prefixes.push(performance.now() - t);
      t = performance.now();
      if (found.length === 0) suggestions.productsBySimilarity(terms.join(' '));
      parts.similarity.push(performance.now() - t);
      t = performance.now();
      const joined = terms.join(' ');
      suggestions.suggestBrands(joined);
      suggestions.suggestCategories(joined);
      suggestions.suggestSeries(joined);
      parts.lists.push(performance.now() - t);
    }
    console.table([
      summary('suggestions (whole call)', parts.whole),
      summary('stemming (remembered)', parts.stem),
      summary('productsByPrefixes', parts.prefixes),
      summary('productsBySimilarity (when no prefix match)', parts.similarity),
      summary('brands, categories, series', parts.lists),
    ]);
    console.log(
      JSON.stringify({ prefixes: prefixes.length, answers_sha256: answers.digest('hex').slice(0, 16), load: load() }),
    );
  }
} finally {
  await handle.close();
}
