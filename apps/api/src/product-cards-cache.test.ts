// Product cards and details kept in memory (decision 0041): a card is served from memory until its
// product's price, stock or record changes — the page events (orders, price changes) and catalogue
// changes drop it — or the TTL ends; a transaction always reads the database.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { applyCatalogChange } from './catalog/catalog-events.ts';
import { listProductCards } from './data/products.ts';
import { productChangeTags } from './page-events.ts';
import { productsOfTags, ReferenceData } from './reference-data.ts';
import type { ProductCard, ProductDetail } from './schemas/catalog.ts';
import { createHarness, type Harness } from './test/api-harness.ts';

describe('ReferenceData.getProducts', () => {
  const loader = () => {
    const loaded: number[][] = [];
    const load = async (missing: number[]) => {
      loaded.push(missing);
      return new Map(missing.filter((id) => id !== 404).map((id) => [id, `card ${id} v${loaded.length}`]));
    };
    return { loaded, load };
  };

  it('loads only the products it does not hold, remembers the absent ones, and keeps each kind apart', async () => {
    const reference = new ReferenceData({ ttlMs: 60_000 });
    const { loaded, load } = loader();
    expect([...(await reference.getProducts('card|1', [1, 2, 404], load))]).toEqual([
      [1, 'card 1 v1'],
      [2, 'card 2 v1'],
      [404, null],
    ]);
    const second = await reference.getProducts('card|1', [2, 3, 404, 1], load);
    expect([2, 3, 404, 1].map((id) => second.get(id))).toEqual(['card 2 v1', 'card 3 v2', null, 'card 1 v1']);
    await reference.getProducts('card|2', [1], load);
    expect(loaded).toEqual([[1, 2, 404], [3], [1]]);
  });

  it('a dropped product is read again, the others stay; invalidate() drops them all', async () => {
    const reference = new ReferenceData({ ttlMs: 60_000 });
    const { loaded, load } = loader();
    await reference.getProducts('card|1', [1, 2], load);
    await reference.getProducts('detail', [1], load);
    reference.dropProducts([1]);
    expect((await reference.getProducts('card|1', [1, 2], load)).get(1)).toBe('card 1 v3');
    expect((await reference.getProducts('detail', [1], load)).get(1)).toBe('card 1 v4');
    expect(loaded.slice(2)).toEqual([[1], [1]]);
    await reference.invalidate();
    expect(reference.productEntries).toBe(0);
    await reference.getProducts('card|1', [2], load);
    expect(loaded.at(-1)).toEqual([2]);
  });

  it('keeps nothing read while a drop happened, and nothing at all with a TTL of 0', async () => {
    const reference = new ReferenceData({ ttlMs: 60_000 });
    let release!: () => void;
    const slow = reference.getProducts('card|1', [7], async (missing) => {
      await new Promise<void>((resolve) => (release = resolve));
      return new Map(missing.map((id) => [id, 'old price']));
    });
    await Promise.resolve();
    reference.dropProducts([7]);
    release();
    expect((await slow).get(7)).toBe('old price');
    expect((await reference.getProducts('card|1', [7], async () => new Map([[7, 'new price']]))).get(7)).toBe(
      'new price',
    );

    const off = new ReferenceData({ ttlMs: 0 });
    const { loaded, load } = loader();
    await off.getProducts('card|1', [1], load);
    await off.getProducts('card|1', [1], load);
    expect(loaded).toEqual([[1], [1]]);
    expect(off.productEntries).toBe(0);
  });

  it('ends an entry with the TTL and forgets the least recently used beyond maxEntries', async () => {
    let now = 1000;
    const reference = new ReferenceData({ ttlMs: 60_000, maxEntries: 2, now: () => now });
    const { loaded, load } = loader();
    await reference.getProducts('card|1', [1, 2], load);
    await reference.getProducts('card|1', [3], load); // 1 goes
    expect(reference.productEntries).toBe(2);
    await reference.getProducts('card|1', [2, 3], load);
    expect(loaded).toEqual([[1, 2], [3]]);
    now += 60_000;
    await reference.getProducts('card|1', [2], load);
    expect(loaded.at(-1)).toEqual([2]);
  });

  it('reads the products of a page-event message', () => {
    expect(productsOfTags(['p:12', 'c:3', 'p:7'])).toEqual([12, 7]);
    expect(productsOfTags(['c:3'])).toEqual([]);
    expect(productsOfTags(['p:1', '*'])).toBe('all');
  });
});

describe('product cards read by the API', () => {
  let h: Harness;
  let product: { id: number; price: number };
  beforeAll(async () => {
    h = await createHarness();
    const [first] = await h.handle.query<{ id: number; price: number }>(
      `select p.id, o.price from products p join product_offers o on o.product_id = p.id
        where p.status = 1 and o.available order by p.id limit 1`,
    );
    product = first!;
  });
  afterAll(async () => {
    await h.close();
  });

  const cardPrice = async () =>
    (await h.json<ProductCard[]>(`/api/v3/products?product_ids=${product.id}`)).body[0]!.offer.price;
  const detailPrice = async () => (await h.json<ProductDetail>(`/api/v3/products/${product.id}`)).body.offer.price;
  const setPrice = (price: number) =>
    h.handle.query('update product_offers set price = $2 where product_id = $1', [product.id, price]);

  it('serves a card and a product from memory until a page event names the product', async () => {
    expect(await cardPrice()).toBe(product.price);
    expect(await detailPrice()).toBe(product.price);
    await setPrice(product.price + 1000);
    // Changed straight in the database, announced by nobody: the kept card stays.
    expect(await cardPrice()).toBe(product.price);
    expect(await detailPrice()).toBe(product.price);
    // Another product's event leaves it; its own (an order, a price change: productChangeTags) drops it.
    await h.api.pageEvents.publish(['p:999999']);
    expect(await cardPrice()).toBe(product.price);
    await h.api.pageEvents.publish(await productChangeTags(h.handle, [product.id]));
    expect(await cardPrice()).toBe(product.price + 1000);
    expect(await detailPrice()).toBe(product.price + 1000);
  });

  it('a catalogue change (NOTIFY from any instance) drops the product, and a transaction reads fresh', async () => {
    expect(await cardPrice()).toBe(product.price + 1000);
    await setPrice(product.price + 2000);
    expect(await cardPrice()).toBe(product.price + 1000);
    const fresh = await h.handle.transaction((tx) => listProductCards(tx as never, [product.id], null));
    expect(fresh[0]!.offer.price).toBe(product.price + 2000);
    await applyCatalogChange(h.handle, h.api.catalog, { kind: 'price', ids: [product.id] });
    expect(await cardPrice()).toBe(product.price + 2000);
    expect(await detailPrice()).toBe(product.price + 2000);
    await setPrice(product.price);
    await applyCatalogChange(h.handle, h.api.catalog, { kind: 'product', ids: [] });
    expect(await cardPrice()).toBe(product.price);
  });
});
