// A render's API answers handed over without JSON (decision 0072): for every call home, a filtered listing,
// a search and a product page (with its streamed blocks and reviews) make, the object the loader gets is
// exactly the HTTP answer's parsed JSON, and it is frozen all the way down, so nothing a loader or a
// component does can change the API's kept objects (cards, menus, cities) for the next visitor.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { matchPage } from '@store/domain';
import type { Harness } from '../../../api/src/test/api-harness.ts';
import { createPageQueriesHarness, type InProcessCall, type PageQueriesHarness } from './page-queries-harness.ts';
import { loadHomePage } from './home.server.ts';
import { loadListingPage } from './listing.server.ts';
import { loadComments, loadProductPage } from './product.server.ts';
import { loadShell } from './start-up.server.ts';

let h: Harness;
let harness: PageQueriesHarness;
let listingPath = '';
let searchPath = '';
let productPath = '';

beforeAll(async () => {
  harness = await createPageQueriesHarness();
  h = harness.h;
  // The category with the most products, filtered by its commonest brand, as page-queries.test.ts does.
  const [category] = await h.handle.query<{ id: number; code: string }>(
    `select c.id, c.code from categories c join products p on p.category_id = c.id and p.status = 1
      group by c.id, c.code order by count(*) desc, c.id limit 1`,
  );
  const first = await h.json<{ filters: { code: string; values: { id: number; count: number }[] }[] }>(
    `/api/v3/products/catalog/${category!.code}/${category!.id}`,
  );
  const brand = first.body.filters.find((f) => f.code === 'brand')!.values.sort((a, b) => b.count - a.count)[0]!;
  listingPath = `/catalog/${category!.code}/${category!.id}?filter[brand][]=${brand.id}&filter[in_stock][]=1`;
  const [product] = await h.handle.query<{ id: number; name: string; category_id: number; code: string }>(
    `select p.id, p.name, p.category_id, c.code from products p join categories c on c.id = p.category_id
      where p.category_id = $1 and p.status = 1 and p.reviews_count >= 1 order by p.id limit 1`,
    [category!.id],
  );
  searchPath = `/search?q=${encodeURIComponent(product!.name.split(' ')[0]!.toLowerCase())}`;
  productPath = `/catalog/${product!.code}/${product!.category_id}/${product!.id}`;
});
afterAll(async () => {
  await h.close();
});

/** Everything one render of `path` loads through `client`: the shell and the page (its streamed blocks too). */
async function render(path: string, client: ReturnType<PageQueriesHarness['api']>) {
  const request = new Request(`http://store.test${path}`, { headers: { cookie: harness.branchCookie } });
  const url = new URL(request.url);
  const match = matchPage(url.pathname);
  const page = async () => {
    if (url.pathname === '/') return { ...(await loadHomePage(request, client)), now: 0 };
    if (match?.kind === 'search') return loadListingPage(request, client, { page: 1, sortKind: 'search' });
    if (match?.kind === 'product') {
      const loaded = await loadProductPage(request, client, match);
      const { similars, lookedWith, credit, warranties, accessories, rent } = loaded;
      const blocks = await Promise.all([similars, lookedWith, credit, warranties, accessories, rent]);
      const reviews = await loadComments(client, loaded.product.id, 'review', 1);
      return { product: loaded.product, blocks, reviews };
    }
    return loadListingPage(request, client, { page: 1, sortKind: 'listing' });
  };
  const [shell, data] = await Promise.all([loadShell(request, client, null), page()]);
  return { shell: shell.shell, data };
}

/** Every object and array under `value` (and itself) that is not frozen, by path. */
function unfrozen(value: unknown, at = '$', found: string[] = []): string[] {
  if (value === null || typeof value !== 'object') return found;
  if (!Object.isFrozen(value)) found.push(at);
  for (const [key, child] of Object.entries(value)) unfrozen(child, `${at}.${key}`, found);
  return found;
}

const pages = [
  ['home', () => '/'],
  ['a filtered listing', () => listingPath],
  ['a search', () => searchPath],
  ['a product page with its blocks and reviews', () => productPath],
] as const;

describe('in-process answers without JSON', () => {
  it.each(pages)('%s: every answer is the HTTP answer’s parsed JSON, frozen all the way down', async (_, path) => {
    // Twice: the second render meets the API's kept objects frozen by the first.
    for (let pass = 0; pass < 2; pass++) {
      const calls: InProcessCall[] = [];
      await render(path(), harness.inProcessApi(harness.branchCookie, calls));
      expect(calls.length).toBeGreaterThan(1);
      for (const call of calls) {
        const handed: unknown = await call.response.json();
        const http = await h.api.fetch(new Request(call.url, { method: call.method, headers: call.headers }));
        expect({ url: call.url, status: call.response.status }).toEqual({ url: call.url, status: http.status });
        expect({ url: call.url, answer: handed }).toStrictEqual({
          url: call.url,
          answer: JSON.parse(await http.text()),
        });
        expect({ url: call.url, unfrozen: unfrozen(handed) }).toEqual({ url: call.url, unfrozen: [] });
      }
    }
  });

  it.each(pages)('%s: loads the same page data as through HTTP’s JSON', async (_, path) => {
    const inProcess = await render(path(), harness.inProcessApi(harness.branchCookie));
    const overHttp = await render(path(), harness.api(harness.branchCookie));
    expect(inProcess).toStrictEqual(overHttp);
  });

  it('a loader cannot change a kept answer: a write throws and the next visitor gets the same cards', async () => {
    const client = harness.inProcessApi(harness.branchCookie);
    const first = await client.mainPage.get();
    const card = first.recommendations[0]!;
    const name = card.name;
    expect(() => {
      card.name = 'Изменено загрузчиком';
    }).toThrow(TypeError);
    expect(() => first.recommendations.reverse()).toThrow(TypeError);
    const again = await client.mainPage.get();
    expect(again.recommendations[0]!.name).toBe(name);
    expect(again).toStrictEqual(JSON.parse(await (await h.call('/api/v3/main-page/get-data?page_id=5')).text()));
  });

  it('a write’s answer is the caller’s own copy, as before', async () => {
    const calls: InProcessCall[] = [];
    const client = harness.inProcessApi(harness.branchCookie, calls);
    const basket = await client.basket.get();
    expect(calls[0]!.method).toBe('POST');
    expect(Object.isFrozen(basket)).toBe(false);
  });
});
