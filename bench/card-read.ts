// What reading a page of product cards costs the store's thread, without the card cache: `node --import tsx
// bench/card-read.ts --dir .tmp/probe-pglite-100000 [--pages 300] [--city 0]`. Pages of 24 active products of
// one category at seeded random offsets (as a listing page: the bench's listings ask 1,365 different pages,
// so most of a page's cards are not in the card cache), read through `listProductCards` on a handle without
// a cache; prints CPU ms per page and a digest of the cards (the same digest before and after a change to
// the read means the same answers). Open a copy of a bench directory: a running store locks its own.
import { createHash } from 'node:crypto';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { openDatabase } from '@store/db';
import { listProductCards } from '../apps/api/src/data/products.ts';

const { values } = parseArgs({
  options: {
    dir: { type: 'string', default: '.tmp/probe-pglite-100000' },
    pages: { type: 'string', default: '300' },
    city: { type: 'string', default: '0' },
    runs: { type: 'string', default: '2' },
  },
});
const handle = await openDatabase({ dataDir: values.dir });
try {
  const ids = (
    await handle.query<{ id: number }>('select id from products where status = 1 order by category_id, id')
  ).map((r) => r.id);
  // A fixed pseudo-random walk, so that every run reads the same pages.
  let seed = 12345;
  const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
  const pages = Array.from({ length: Number(values.pages) }, () => {
    const from = next() % Math.max(1, ids.length - 24);
    return ids.slice(from, from + 24);
  });
  const cityId = Number(values.city) || null;
  for (let run = 1; run <= Number(values.runs); run++) {
    const hash = createHash('sha256');
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (const page of pages) hash.update(JSON.stringify(await listProductCards(handle, page, cityId)));
    const used = process.cpuUsage(cpu);
    console.log(
      `run ${run}: ${pages.length} pages of 24 cards, ${((used.user + used.system) / 1000 / pages.length).toFixed(2)} ` +
        `CPU ms per page, ${((performance.now() - started) / pages.length).toFixed(2)} ms wall; digest ` +
        `${hash.digest('hex').slice(0, 12)}; load ${os.loadavg()[0]!.toFixed(1)}`,
    );
  }
} finally {
  await handle.close();
}
