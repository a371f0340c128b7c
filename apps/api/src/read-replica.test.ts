// DATABASE_READ_URL (issue 19, decision 0040): catalogue reads go to the read handle, baskets and
// orders stay on the primary. Two copies of the test database stand in for the primary and its replica,
// and the «replica» is made to differ on one product, so every answer shows which database it came from
// (a real streaming replica holds the same rows: `npm run test:cluster` runs one).
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@store/db';
import { createApi, type Api } from './app.ts';
import { createMemoryCache } from './cache.ts';
import { loadConfig } from './config.ts';
import { createLogger } from './logger.ts';
import { replicaCaughtUp, replicaLagBytes } from './data/replica.ts';
import type { Basket } from './services/basket.ts';
import { openCopy } from './test/api-harness.ts';

const onServer = inject('testDatabase').kind === 'postgres';
let primary: { handle: DatabaseHandle; drop: () => Promise<void> };
let replica: { handle: DatabaseHandle; drop: () => Promise<void> };
let api: Api;
let product: { id: number; price: number; name: string; category_id: number; code: string };
const REPLICA_PRICE_UP = 123_400;

const call = async <T>(path: string, init: RequestInit = {}, cookie = '') => {
  const response = await api.fetch(
    new Request(`http://store.test${path}`, {
      ...init,
      headers: { 'x-requested-with': 'XMLHttpRequest', ...(cookie ? { cookie } : {}) },
    }),
  );
  return { status: response.status, body: (await response.json()) as T, cookies: response.headers.getSetCookie() };
};

describe.skipIf(!onServer)('catalogue reads on a read replica', () => {
  beforeAll(async () => {
    primary = await openCopy();
    replica = await openCopy();
    const [row] = await primary.handle.query<typeof product>(
      `select p.id, o.price, p.name, p.category_id, c.code
         from products p join product_offers o on o.product_id = p.id join categories c on c.id = p.category_id
        where p.status = 1 and c.status = 1 and o.available and not p.is_pre_order and o.order_type = 'false'
          and exists (select 1 from stock st join stores s on s.id = st.store_id
                       where st.product_id = p.id and st.quantity > 1 and s.city_id = 1 and s.status = 1)
        order by p.id limit 1`,
    );
    product = row!;
    await replica.handle.query(`update products set name = name || ' (реплика)' where id = $1`, [product.id]);
    await replica.handle.query(`update product_offers set price = price + $2 where product_id = $1`, [
      product.id,
      REPLICA_PRICE_UP,
    ]);
    api = createApi({
      handle: primary.handle,
      readHandle: replica.handle,
      cache: createMemoryCache(),
      logger: createLogger('silent'),
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    });
  });
  afterAll(async () => {
    await api?.referenceData.close();
    for (const copy of [primary, replica]) {
      await copy?.handle.close();
      await copy?.drop();
    }
  });

  it('the product page and the listing read the replica', async () => {
    const detail = await call<{ name: string; offer: { price: number } }>(`/api/v3/products/${product.id}?city_id=1`);
    expect(detail.status).toBe(200);
    expect(detail.body.name).toBe(`${product.name} (реплика)`);
    expect(detail.body.offer.price).toBe(product.price + REPLICA_PRICE_UP);
    // The listing's index and its cards were built from the replica too.
    const listing = await call<{ products: { id: number; offer: { price: number } }[]; count: number }>(
      `/api/v3/products/catalog/${product.code}/${product.category_id}?city_id=1&per_page=100`,
    );
    expect(listing.status).toBe(200);
    const card = listing.body.products.find((p) => p.id === product.id);
    expect(card?.offer.price).toBe(product.price + REPLICA_PRICE_UP);
  });

  it('the basket and the order read and write the primary', async () => {
    const added = await call<Basket>(`/api/basket/add-item?product_id=${product.id}`, { method: 'POST' });
    expect(added.status).toBe(200);
    expect(added.body.totals.sum).toBe(product.price);
    const cookie = added.cookies.map((raw) => raw.split(';')[0]).join('; ');
    const again = await call<Basket>('/api/basket/get-basket', {}, cookie);
    expect(again.body.totals.sum).toBe(product.price);
    const [primaryLines] = await primary.handle.query<{ n: number }>(
      'select count(*)::int as n from basket_lines where product_id = $1',
      [product.id],
    );
    const [replicaLines] = await replica.handle.query<{ n: number }>(
      'select count(*)::int as n from basket_lines where product_id = $1',
      [product.id],
    );
    expect(primaryLines!.n).toBeGreaterThan(0);
    expect(replicaLines!.n).toBe(0);
  });

  it('a database that is not a standby has nothing to catch up', async () => {
    expect(await replicaCaughtUp(primary.handle, replica.handle, 100)).toBe(true);
    expect(await replicaLagBytes(primary.handle, replica.handle)).toBe(0);
  });

  it('an instance whose replica is unreachable is not ready', async () => {
    expect((await api.fetch(new Request('http://store.test/api/health/ready'))).status).toBe(200);
    const server = inject('testDatabase');
    const url = new URL(server.kind === 'postgres' ? server.serverUrl : '');
    url.pathname = '/no_such_replica_database';
    const unreachable = await openDatabase({ databaseUrl: url.toString(), maxConnections: 1 });
    const cut = createApi({
      handle: primary.handle,
      readHandle: unreachable,
      cache: createMemoryCache(),
      logger: createLogger('silent'),
      config: loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent' }),
    });
    try {
      const answer = await cut.fetch(new Request('http://store.test/api/health/ready'));
      expect(answer.status).toBe(503);
      expect(((await answer.json()) as { status: string }).status).toBe('database_unreachable');
    } finally {
      await cut.referenceData.close();
      await unreachable.close();
    }
  });
});
