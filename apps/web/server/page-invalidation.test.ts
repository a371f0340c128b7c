// Price and stock changes drop the cached pages that show them (docs/decisions/0019): the pages are
// "rendered" from the real in-process API through the render's tag-collecting fetch, stored in the
// page cache with those tags, and the API's change events (create-order, or the tags a price write
// publishes) drop exactly the pages that showed the product. With TEST_REDIS_URL the message also
// travels through Redis from one instance to another's cache.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRedisPageEvents, productChangeTags, type PageEvents } from '@store/api';
import { createHarness, type Harness } from '../../api/src/test/api-harness.ts';
import { setStock } from '../../api/src/test/stock.ts';
import { PageCache, taggingFetch } from './page-cache.ts';

let h: Harness;
let moscow: number;
let multicenter: number;
beforeAll(async () => {
  h = await createHarness();
  moscow = (await h.handle.query<{ id: number }>(`select id from cities where alias = 'moskva'`))[0]!.id;
  multicenter = (
    await h.handle.query<{ id: number }>(
      'select id from stores where city_id = $1 and type = 1 and status = 1 order by id limit 1',
      [moscow],
    )
  )[0]!.id;
});
afterAll(async () => {
  await h.close();
});

interface Card {
  id: number;
  url: string;
  offer: { price: number };
  city_availability: { quantity: number };
}

/** A page as the render would make it: the API answers it reads, through the tag-collecting fetch. */
function pageOf(apiPath: string) {
  return async (tags: Set<string>) => {
    const fetch = taggingFetch((request) => h.api.fetch(request), tags);
    const response = await fetch(new Request(`http://store.test${apiPath}`));
    const body = (await response.json()) as Card | { products: Card[] };
    const cards = 'products' in body ? body.products : [body];
    const html = cards
      .map((c) => `<p data-id="${c.id}">${c.offer.price} ₽, ${c.city_availability.quantity} шт.</p>`)
      .join('');
    return new Response(html, { headers: { 'content-type': 'text/html' } });
  };
}

const settle = () => new Promise((resolve) => setImmediate(resolve));

/** Serves a page from the cache (rendering it on a miss) and answers its state and HTML. */
async function visit(cache: PageCache, key: string, apiPath: string) {
  const tags = new Set<string>();
  const render = pageOf(apiPath);
  const { response, state } = await cache.serve(key, () => render(tags), undefined, { tags: () => tags });
  const html = await response.text();
  await settle();
  return { state, html };
}

/** Two categories' listings with products sellable in Moscow, and one product of each. */
async function pages() {
  const rows = await h.handle.query<{ id: number; category_id: number; code: string }>(
    `select distinct on (p.category_id) p.id, p.category_id, c.code
       from products p join categories c on c.id = p.category_id join product_offers o on o.product_id = p.id
      where p.status = 1 and c.status = 1 and o.available and not p.is_pre_order and o.order_type = 'false'
        and o.price between 500000 and 20000000
      order by p.category_id, p.id limit 2`,
  );
  const [a, b] = rows as [(typeof rows)[0], (typeof rows)[0]];
  return {
    a,
    b,
    productA: `/api/v3/products/${a.id}?city_id=${moscow}`,
    listingA: `/api/v3/products/catalog/${a.code}/${a.category_id}?city_id=${moscow}&order_by=price`,
    productB: `/api/v3/products/${b.id}?city_id=${moscow}`,
  };
}

describe('page cache invalidation by tags', () => {
  it('the API names the products and the category of what it answered, only when the render asks', async () => {
    const { a, productA, listingA } = await pages();
    const tags = new Set<string>();
    await (await pageOf(listingA)(tags)).text();
    expect(tags).toContain(`c:${a.category_id}`);
    expect([...tags].filter((t) => t.startsWith('p:')).length).toBeGreaterThan(0);
    const productTags = new Set<string>();
    await pageOf(productA)(productTags);
    expect([...productTags]).toEqual([`p:${a.id}`]);
    const plain = await h.call(productA);
    expect(plain.headers.get('x-page-tags')).toBeNull();
  });

  it("a product's price change drops its product page and the listings that showed it, not other pages", async () => {
    const { a, productA, listingA, productB } = await pages();
    const cache = new PageCache({ ttlMs: 600_000, maxBytes: 1 << 24 });
    const stop = h.api.pageEvents.subscribe((tags) => cache.invalidate(tags));
    try {
      await visit(cache, 'product-a', productA);
      // The listing of A's category shows A (cheapest first, A is priced down below).
      await h.handle.query('update product_offers set price = 100 where product_id = $1', [a.id]);
      await h.api.pageEvents.publish(await productChangeTags(h.handle, [a.id]));
      await visit(cache, 'product-a', productA);
      const listing = await visit(cache, 'listing-a', listingA);
      expect(listing.html).toContain(`data-id="${a.id}">100 ₽`);
      await visit(cache, 'product-b', productB);
      expect((await visit(cache, 'product-a', productA)).state).toBe('HIT');
      expect((await visit(cache, 'listing-a', listingA)).state).toBe('HIT');

      await h.handle.query('update product_offers set price = 200 where product_id = $1', [a.id]);
      await h.api.pageEvents.publish(await productChangeTags(h.handle, [a.id]));

      const product = await visit(cache, 'product-a', productA);
      expect(product.state).toBe('MISS');
      expect(product.html).toContain('>200 ₽');
      const again = await visit(cache, 'listing-a', listingA);
      expect(again.state).toBe('MISS');
      expect(again.html).toContain(`data-id="${a.id}">200 ₽`);
      expect((await visit(cache, 'product-b', productB)).state).toBe('HIT');
    } finally {
      stop();
    }
  });

  it('an order that takes the last unit drops the product page and its listing', async () => {
    const { a, productA, listingA, productB } = await pages();
    await setStock(h.handle, a.id, [{ storeId: multicenter, qty: 1 }]);
    const cache = new PageCache({ ttlMs: 600_000, maxBytes: 1 << 24 });
    const stop = h.api.pageEvents.subscribe((tags) => cache.invalidate(tags));
    try {
      expect((await visit(cache, 'product-a', productA)).html).toContain(' 1 шт.');
      await visit(cache, 'listing-a', listingA);
      await visit(cache, 'product-b', productB);

      // A shopper buys the one unit: basket, then a pickup order at that store.
      const jar: string[] = [];
      const send = async (path: string, body: unknown) => {
        const response = await h.call(path, {
          method: 'POST',
          headers: { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest', cookie: jar.join('; ') },
          body: JSON.stringify(body),
        });
        for (const raw of response.headers.getSetCookie()) jar.push(raw.split(';')[0]!);
        return { status: response.status, body: (await response.json()) as { items?: { id: number }[] } };
      };
      const added = await send(`/api/basket/add-item?city_id=${moscow}`, { product_id: a.id, qty: 1 });
      expect(added.status).toBe(200);
      const order = await send(`/api/create-order?city_id=${moscow}`, {
        idempotency_key: `page-tags-${Date.now()}-abcdef`,
        line_ids: [added.body.items![0]!.id],
        contacts: { contact_name: 'Иван', mobile_phone: '+7 (916) 555-12-34', email: 'ivan@example.ru' },
        delivery: { delivery_type: 1, store_id: multicenter },
        payment_type: 1,
      });
      expect(order.status).toBe(201);

      const product = await visit(cache, 'product-a', productA);
      expect(product.state).toBe('MISS');
      expect(product.html).toContain(' 0 шт.');
      expect((await visit(cache, 'listing-a', listingA)).state).toBe('MISS');
      expect((await visit(cache, 'product-b', productB)).state).toBe('HIT');
    } finally {
      stop();
    }
  });
});

// .ci/run starts a Redis server and sets TEST_REDIS_URL; elsewhere the Redis path shows as skipped.
if (process.env.TEST_REDIS_URL) {
  describe('page cache invalidation through Redis', () => {
    const opened: PageEvents[] = [];
    afterAll(async () => {
      await Promise.all(opened.map((events) => events.close()));
    });

    it("one instance's change drops the page in another instance's cache", async () => {
      const channel = `test:page-tags:${process.pid}:${Date.now()}`;
      const [one, two] = [
        createRedisPageEvents(process.env.TEST_REDIS_URL!, { channel }),
        createRedisPageEvents(process.env.TEST_REDIS_URL!, { channel }),
      ];
      opened.push(one, two);
      await Promise.all([one.ready(), two.ready()]);
      const cacheTwo = new PageCache({ ttlMs: 600_000, maxBytes: 1 << 20 });
      const heard: string[][] = [];
      two.subscribe((tags) => {
        heard.push([...tags]);
        cacheTwo.invalidate(tags);
      });
      const html = async () => new Response('<p>1 990 ₽</p>', { headers: { 'content-type': 'text/html' } });
      await (await cacheTwo.serve('product-7', html, undefined, { tags: () => ['p:7'] })).response.text();
      await (await cacheTwo.serve('product-8', html, undefined, { tags: () => ['p:8'] })).response.text();
      await settle();

      await one.publish(['p:7', 'c:3']);
      for (let i = 0; i < 100 && heard.length === 0; i++) await new Promise((resolve) => setTimeout(resolve, 20));
      expect(heard).toEqual([['p:7', 'c:3']]);
      expect((await cacheTwo.serve('product-7', html)).state).toBe('MISS');
      expect((await cacheTwo.serve('product-8', html)).state).toBe('HIT');
    });
  });
} else {
  console.log('Redis page invalidation test skipped: set TEST_REDIS_URL=redis://127.0.0.1:6379 to run it.');
  describe('page cache invalidation through Redis', () => {
    it.skip('skipped: TEST_REDIS_URL is not set (TEST_REDIS_URL=redis://127.0.0.1:6379 runs it)', () => {});
  });
}
