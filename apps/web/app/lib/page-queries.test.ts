// Home, a filtered listing and a search from memory (issue 12 item 4, decision 0054): once a page has
// been rendered, the next render of it runs no database query (the shell, the page's own calls), and
// still shows a change at once when the change is announced (a price change).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createApiClient } from '@store/api-client';
import { matchPage } from '@store/domain';
import { applyCatalogChange } from '../../../api/src/catalog/catalog-events.ts';
import { createHarness, type Harness } from '../../../api/src/test/api-harness.ts';
import { loadHomePage } from './home.server.ts';
import { loadListingPage } from './listing.server.ts';
import { loadShell } from './start-up.server.ts';

let h: Harness;
/** Every statement the database runs, counted where PGlite takes it (the API's queries and Drizzle's). */
let queries = 0;
/** Every render is of one A/B branch (menus and flags are per branch; see product-page-queries.test.ts). */
let branchCookie = '';
let listingPath = '';
let searchPath = '';

beforeAll(async () => {
  h = await createHarness();
  const [branch] = await h.handle.query<{ code: string }>('select code from ab_branches order by code limit 1');
  branchCookie = `branch=${branch!.code}`;
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
  const pglite = (h.handle as { pglite?: { query: (...args: unknown[]) => Promise<unknown> } }).pglite!;
  const query = pglite.query.bind(pglite);
  pglite.query = (...args: unknown[]) => {
    queries++;
    return query(...args);
  };
});
afterAll(async () => {
  await h.close();
});

/** The real API in-process, with the visitor's cookie as the store's render forwards it. */
const api = (cookie: string) =>
  createApiClient({
    baseUrl: 'http://store.test',
    fetch: (request) => {
      const url = new URL(request.url);
      const headers = new Headers(request.headers);
      if (cookie) headers.set('cookie', cookie);
      return h.call(url.pathname + url.search, { method: request.method, headers });
    },
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

/** Waits until no statement has run for 300 ms (at most 10 s): a render's leftovers are not the next one's. */
async function settled() {
  const until = Date.now() + 10_000;
  let seen = -1;
  while (seen !== queries && Date.now() < until) {
    seen = queries;
    await new Promise((resolve) => setTimeout(resolve, 300));
  }
}

async function queriesOf<T>(work: () => Promise<T>): Promise<{ count: number; result: T }> {
  await settled();
  const before = queries;
  const result = await work();
  return { count: queries - before, result };
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
