import { openDatabase } from '@store/db';
import { CatalogIndex } from '../apps/api/src/catalog/catalog-index.ts';
const handle = await openDatabase({ databaseUrl: process.env.DB_URL! });
const old = await CatalogIndex.build(handle);
const ids = (await handle.query<{ id: number }>('select id from products where status = 1 and id >= 800001 order by id limit 4')).map((r) => r.id);
for (let i = 0; i < 3; i++) {
  let last = performance.now(); let longest = 0; const holds: number[][] = [];
  const t = performance.now();
  const ticker = setInterval(() => { const now = performance.now(); if (now - last > 60) holds.push([Math.round(last - t), Math.round(now - last)]); longest = Math.max(longest, now - last); last = now; }, 5);
  await CatalogIndex.withProducts(old, handle, ids);
  clearInterval(ticker);
  console.log('withProducts', Math.round(performance.now() - t), 'longest', Math.round(longest), JSON.stringify(holds));
}
await handle.close();
