// The suggestion index's own cost per query, in one process, on the bench's PGlite database (decision
// 0070): `node --import tsx bench/suggestion-typos.ts [--products 100000] [--rounds 3]`. Builds the
// suggestion index from .tmp/bench-pglite-N, takes the queries the last `npm run bench` asked
// (.tmp/bench-catalog-urls-N.json), and times per query the full-text part (stemming and prefix ranges)
// and, for those full text does not answer, the typo part (productsBySimilarity), printing the mean and
// p95 in ms, the load, and a digest of the answers (two versions printing one digest answer alike).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '@store/db';
import { SuggestionIndex } from '../apps/api/src/catalog/suggestion-index.ts';
import { queryTerms, stemmedPrefixes } from '../apps/api/src/data/search.ts';
import { pgliteDir, root } from './lib/store.ts';

const { values } = parseArgs({
  options: { products: { type: 'string', default: '100000' }, rounds: { type: 'string', default: '3' } },
});
const products = Number(values.products);
const urls = Object.entries(
  JSON.parse(fs.readFileSync(path.join(root, `.tmp/bench-catalog-urls-${products}.json`), 'utf8')) as Record<
    string,
    string[]
  >,
).find(([k]) => k.startsWith('suggestions'))![1];
const queries = urls.map((u) => new URL(u, 'http://x').searchParams.get('query')!);
const handle = await openDatabase({ dataDir: pgliteDir(products) });
const index = await SuggestionIndex.build(handle);
const ms = (n: number) => Math.round(n * 1000) / 1000;
const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))]!;
for (let round = 0; round < Number(values.rounds); round++) {
  const fullText: number[] = [];
  const typos: number[] = [];
  const slowest: [number, string][] = [];
  const digest = createHash('sha256');
  for (const q of queries) {
    const terms = queryTerms(q);
    if (terms.length === 0) continue;
    let t = performance.now();
    const prefixes = await stemmedPrefixes(handle, terms, index.english);
    let found = prefixes ? index.productsByPrefixes(prefixes) : [];
    fullText.push(performance.now() - t);
    if (found.length === 0) {
      t = performance.now();
      found = index.productsBySimilarity(terms.join(' '));
      typos.push(performance.now() - t);
      slowest.push([performance.now() - t, q]);
    }
    digest.update(`${q}:${found.map((p) => p.id).join(',')};`);
  }
  const line = (label: string, list: number[]) => {
    const sorted = [...list].sort((a, b) => a - b);
    const mean = list.reduce((a, b) => a + b, 0) / Math.max(1, list.length);
    return `${label} ${list.length} queries: mean ${ms(mean)} ms, p95 ${ms(percentile(sorted, 0.95))} ms, max ${ms(sorted.at(-1) ?? 0)} ms`;
  };
  console.log(
    `round ${round + 1} (${index.size} products, load ${os.loadavg()[0]!.toFixed(1)}): ` +
      `${line('full text', fullText)}; ${line('typos', typos)}; digest ${digest.digest('hex').slice(0, 12)}; slowest typos: ` +
      slowest
        .sort((a, b) => b[0] - a[0])
        .slice(0, 3)
        .map(([t, q]) => `«${q}» ${ms(t)} ms`)
        .join(', '),
  );
}
await handle.close();
