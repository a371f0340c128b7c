// Seeding speed: `node --import tsx bench/seed.ts --products 1000000 [--postgres URL]`.
// Seeds a fresh PGlite directory (or a fresh database on a server) and prints the time and peak memory.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { migrateDatabase, openDatabase } from '@store/db';
import { seedDatabase } from '@store/db/seed';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    postgres: { type: 'string' },
    seed: { type: 'string', default: '42' },
  },
});
const products = Number(values.products);
if (!Number.isInteger(products) || products < 1) throw new Error('--products must be a positive integer');

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-bench-seed-'));
let peakRss = 0;
const sampler = setInterval(() => (peakRss = Math.max(peakRss, process.memoryUsage().rss)), 250);
const handle = values.postgres
  ? await openDatabase({ databaseUrl: values.postgres })
  : await openDatabase({ dataDir: path.join(dataDir, 'data') });
try {
  await migrateDatabase(handle);
  const started = performance.now();
  const result = await seedDatabase(handle, { products, seed: Number(values.seed), reset: true });
  const seconds = (performance.now() - started) / 1000;
  clearInterval(sampler);
  console.log(
    JSON.stringify({
      bench: 'seed',
      database: handle.kind,
      products: result.products,
      seconds: Math.round(seconds * 10) / 10,
      products_per_second: Math.round(result.products / seconds),
      peak_rss_mb: Math.round(peakRss / 1024 / 1024),
    }),
  );
} finally {
  clearInterval(sampler);
  await handle.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
}
