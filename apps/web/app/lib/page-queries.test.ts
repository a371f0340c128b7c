// Home, a filtered listing and a search from memory (issue 12 item 4, decision 0054): once a page has
// been rendered, the next render of it runs no database query (the shell, the page's own calls), and
// still shows a change at once when the change is announced (a price change).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchPage } from '@store/domain';
import { applyCatalogChange } from '../../../api/src/catalog/catalog-events.ts';
import type { Harness } from '../../../api/src/test/api-harness.ts';
import { createPageQueriesHarness, type PageQueriesHarness } from './page-queries-harness.ts';
import { loadHomePage } from './home.server.ts';
import { loadListingPage } from './listing.server.ts';
import { loadShell } from './start-up.server.ts';

let h: Harness;
let api: PageQueriesHarness['api'];
let queriesOf: PageQueriesHarness['queriesOf'];
/** Every render is of one A/B branch (PageQueriesHarness.branchCookie). */
let branchCookie = '';
let listingPath = '';
let searchPath = '';

beforeAll(async () => {
  ({ h, branchCookie, api, queriesOf } = await createPageQueriesHarness());
  // The category with the most products, filtered by its commonest brand and a price range, as bench:render does.
  const [category] = await h.handle.query<{ id: number; code: string }>(
    `select c.id, c.code from categories c join products p on p.category_id = c.id and p.status = 1
      group by c.id, c.code order by count(*) desc, c.id limit 1`,
  );
  const first = await h.json<{ filters: { code: string; values: { id: number; count: number }[] }[] }>(
    `/api/v3/products/catalog/${category!.code}/${category!.id}`,
  );
  const brand = first.body.filters.find((f) => f.code === 'brand')!.values.sort((a, b) => b.count - a.count)[0]!;
  listingPath = `/catalog/${category!.code}/${category!.id}?filter[brand][]=${brand.id}&filter[in_stock][]=1`;
  const [product] = await h.handle.query<{ name: string }>(
    `select name from products where category_id = $1 and status = 1 order by id limit 1`,
    [category!.id],
  );
  searchPath = `/search?q=${encodeURIComponent(product!.name.split(' ')[0]!.toLowerCase())}`;
});
afterAll(async () => {
  await h.close();
});

/** Everything one render of `path` loads: the shell and the page's own loader. */
async function render(path: string) {
  const request = new Request(`http://store.test${path}`, { headers: { cookie: branchCookie } });
  const client = api(branchCookie);
  const url = new URL(request.url);
  const match = matchPage(url.pathname);
  const page = () => {
    if (url.pathname === '/') return loadHomePage(request, client);
    if (match?.kind === 'search') return loadListingPage(request, client, { page: 1, sortKind: 'search' });
    return loadListingPage(request, client, { page: 1, sortKind: 'listing' });
  };
  const [shell, data] = await Promise.all([loadShell(request, client, null), page()]);
  // The clock of home's countdown is the render's own.
  return { shell: shell.shell, data: { ...data, now: 0 } };
}

describe('home, a listing and a search from memory', () => {
  it.each([
    ['home', () => '/'],
    ['a filtered listing', () => listingPath],
    ['a search', () => searchPath],
  ])('%s runs no query on a second render, and renders the same page as the first', async (_, path) => {
    const first = await queriesOf(() => render(path()));
    const second = await queriesOf(() => render(path()));
    expect(second.count).toBe(0);
    expect(second.result).toEqual(first.result);
  });

  it('hands the page only what its cards draw (decision 0065)', async () => {
    const home = (await render('/')).data as Awaited<ReturnType<typeof loadHomePage>>;
    const listing = (await render(listingPath)).data as Awaited<ReturnType<typeof loadListingPage>>;
    const cards = [
      ...home.recommendations.products,
      ...home.blocks.flatMap((b) => b.products),
      ...(home.main.productOfDay ? [home.main.productOfDay.product] : []),
      ...listing.listing.products,
    ];
    expect(home.recommendations.products.length).toBeGreaterThan(0);
    expect(listing.listing.products.length).toBeGreaterThan(0);
    for (const card of cards) {
      for (const key of ['category', 'brand', 'city_availability', 'specifications'])
        expect(card).not.toHaveProperty(key);
      expect(Object.keys(card.offer).sort()).toEqual(['price', 'price_old']);
      expect(Object.keys(card.purchase).sort()).toEqual(['label', 'way']);
    }
    // A listing's visitor switches to the list view in the browser: its cards keep the short specifications.
    expect(listing.listing.products.every((p) => Array.isArray(p.specifications_short))).toBe(true);
    expect(home.recommendations.products.every((p) => p.specifications_short === undefined)).toBe(true);
  });

  it("hands every page the city chooser's priority cities as the chooser draws them (decision 0065)", async () => {
    const { shell } = await render('/');
    expect(shell.priorityCities.length).toBeGreaterThan(1);
    for (const city of shell.priorityCities) expect(Object.keys(city).sort()).toEqual(['id', 'name', 'territory_name']);
    expect(shell.priorityCities.map((c) => c.name)).toContain('Москва');
  });

  it("home's special offers are the running ones, kept between renders", async () => {
    const home = async () => (await render('/')).data as Awaited<ReturnType<typeof loadHomePage>>;
    const offers = (await home()).content.offers;
    expect(offers.length).toBeGreaterThan(0);
    expect(offers.every((o) => !o.is_ended)).toBe(true);
  });

  it('a search finds a renamed product once the catalogue change is announced', async () => {
    const searchOf = (word: string) => `/search?q=${encodeURIComponent(word)}`;
    const found = async (word: string) => {
      const page = (await render(searchOf(word))).data as Awaited<ReturnType<typeof loadListingPage>>;
      return page.listing.products.map((p) => p.id);
    };
    const [product] = await h.handle.query<{ id: number; name: string }>(
      `select id, name from products where status = 1 order by id desc limit 1`,
    );
    // «Зюзюблик» names no product yet: the empty answer is kept with the catalogue index.
    expect(await found('зюзюблик')).toEqual([]);
    expect((await queriesOf(() => found('зюзюблик'))).count).toBe(0);
    await h.handle.query(`update products set name = name || ' Зюзюблик' where id = $1`, [product!.id]);
    await applyCatalogChange(h.handle, h.api.catalog, { kind: 'product', ids: [product!.id] });
    expect(await found('зюзюблик')).toEqual([product!.id]);
  });
});
