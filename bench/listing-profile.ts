// Where a listing with facet counts and a suggestion spend their time, in one process (issue 19, decision
// 0059): `node --import tsx bench/listing-profile.ts --database-url postgres://… [--calls 300]
// [--suggestions]`. Add `--cpu-prof --cpu-prof-dir .tmp/prof` before `--import` for a profile.
// Builds the catalogue index from the database (the 1,000,000-product bench database of `npm run
// bench:cluster`, read only), reads the default city's «В наличии» set, then answers the bench's listings
// (the 5 largest categories, 4 brands × 3 values of a specification × a price range, as bench/cluster.ts
// asks) CALLS times each way and prints per call the whole listing's time, the index's share
// (CatalogIndex.query: filters, facet counts, the page's order) and the rest (the cards read from the
// database), p50/p95, with the machine's load. The facet cache is off for the timed calls (the figures are
// of answers computed), and a digest of every answer is printed: two versions that print one digest
// answer alike. `--suggestions` builds the suggestion index too and times listSuggestions per part.
import { createHash } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { openDatabase } from '@store/db';
import { CatalogIndex } from '../apps/api/src/catalog/catalog-index.ts';
import { buildListing, prepareDefaultCityInStock } from '../apps/api/src/catalog/listing.ts';
import { SuggestionIndex } from '../apps/api/src/catalog/suggestion-index.ts';
import { listSuggestions, queryTerms, stemmedPrefixes } from '../apps/api/src/data/search.ts';

const { values } = parseArgs({
  options: {
    'database-url': { type: 'string' },
    calls: { type: 'string', default: '300' },
    suggestions: { type: 'boolean', default: false },
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

  // The bench's listings, as bench/cluster.ts builds them (there from the API's answers).
  const categories = await handle.query<{ id: number; code: string }>(
    `select c.id, c.code from categories c join products p on p.category_id = c.id
      where p.status = 1 and c.status = 1 group by c.id, c.code order by count(*) desc limit 5`,
  );
  const listings: { pagePath: string; query: string }[] = [];
  for (const category of categories) {
    const pagePath = `/catalog/${category.code}/${category.id}`;
    const first = await buildListing(handle, index, { pagePath, params: new URLSearchParams(), cityId: null });
    const brands = [...(first.filters.find((f) => f.code === 'brand')?.values ?? [])].sort((a, b) => b.count - a.count);
    const price = first.filters.find((f) => f.code === 'price')?.range;
    const spec = first.filters.find((f) => f.type === 'list' && !['brand', 'series', 'in_stock'].includes(f.code));
    if (!price || !spec) continue;
    for (const brand of brands.slice(0, 4))
      for (const value of spec.values.slice(0, 3))
        listings.push({
          pagePath,
          query:
            `filter[brand][]=${brand.id}&filter[price][from][]=${Math.round(price.min + (price.max - price.min) * 0.1)}` +
            `&filter[price][to][]=${Math.round(price.min + (price.max - price.min) * 0.7)}&filter[${spec.code}][]=${value.id}`,
        });
  }

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
  const cpuBefore = process.cpuUsage();
  for (let i = 0; i < calls; i++) {
    const { pagePath, query: search } = listings[i % listings.length]!;
    const t = performance.now();
    const listing = await buildListing(handle, index, { pagePath, params: new URLSearchParams(search), cityId: null });
    totals.push(performance.now() - t);
    if (i < listings.length) digest.update(JSON.stringify([pagePath, search, listing]));
  }
  const cpuUsed = process.cpuUsage(cpuBefore);
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
