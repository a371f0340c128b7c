// A page's in-process call (decision 0054): the JSON comes back as text, never as a body stream, and the
// answer is the one any caller gets: status, headers (set-cookie included) and JSON.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { fetchInProcess } from './in-process.ts';

let h: Harness;
let productId = 0;
beforeAll(async () => {
  h = await createHarness();
  const [row] = await h.handle.query<{ id: number }>(
    `select p.id from products p join product_offers o on o.product_id = p.id
      where p.status = 1 and o.available and not p.is_pre_order order by p.id limit 1`,
  );
  productId = row!.id;
});
afterAll(() => h.close());

const TRACE = 'trace_id=in-process-test';
const request = (path: string, init?: RequestInit) => new Request(`http://store.test${path}`, init);

/** Status, headers (the date aside) and JSON of an answer. */
async function seen(response: Response) {
  const headers = [...response.headers].filter(([name]) => name !== 'date');
  return { status: response.status, headers, json: await response.json() };
}

describe('fetchInProcess', () => {
  it.each([
    // One A/B branch for both calls: without one each draws a branch by weight, and the shell's menus and
    // flags are per branch (the two answers differed on a merged main, 26 November).
    ['the page shell', `/api/v3/page-shell?url=%2F&seo=1&branch=A&${TRACE}`],
    ['the home page', `/api/v3/main-page/get-data?page_id=5&${TRACE}`],
    ['a listing with a filter', `/api/v3/products/catalog/smartfony/224?filter[in_stock][]=1&${TRACE}`],
    ['a refused page size (422)', `/api/v3/products/catalog/smartfony/224?per_page=1000&${TRACE}`],
    ['an unknown product (404)', `/api/v3/products/999999999?${TRACE}`],
    ['an unknown method (404)', `/api/v9/nothing?${TRACE}`],
  ])('answers %s as HTTP does, its JSON handed over as text', async (_, path) => {
    const inProcess = await fetchInProcess(h.api, request(path));
    // No body stream was made: the JSON came as text.
    expect(inProcess.body).toBeNull();
    expect(await seen(inProcess)).toEqual(await seen(await h.api.fetch(request(path))));
  });

  it("writes a listing's text, its cards' texts kept (decision 0086), byte for byte as JSON.stringify over HTTP", async () => {
    const paths = [
      `/api/v3/products/catalog/smartfony/224?${TRACE}`,
      `/api/v3/products/catalog/smartfony/224?filter[in_stock][]=1&order_by=-price&${TRACE}`,
      `/api/v3/products/catalog/smartfony/224?page=2&${TRACE}`,
    ];
    // Twice each: the second time the cards' texts are the kept ones.
    for (const path of [...paths, ...paths]) {
      const text = await (await fetchInProcess(h.api, request(path))).text();
      expect(JSON.parse(text).products.length).toBeGreaterThan(0);
      expect(text).toBe(await (await h.api.fetch(request(path))).text());
    }
  });

  it('keeps the cookies a write sets, and its JSON', async () => {
    const init = () => ({ method: 'POST', headers: { 'x-requested-with': 'XMLHttpRequest' } });
    const path = `/api/basket/add-item?product_id=${productId}&${TRACE}`;
    const inProcess = await fetchInProcess(h.api, request(path, init()));
    const http = await h.api.fetch(request(path, init()));
    expect(inProcess.status).toBe(200);
    expect(inProcess.headers.getSetCookie().map((c) => c.split('=')[0])).toEqual(
      http.headers.getSetCookie().map((c) => c.split('=')[0]),
    );
    const basket = (await inProcess.json()) as { items: { product_id?: number; id?: number }[] };
    expect(basket.items).toHaveLength(1);
  });

  it('passes on an answer that is not JSON as the app gave it', async () => {
    const docs = await fetchInProcess(h.api, request('/api/docs'));
    expect(docs.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await docs.text()).toContain('<html');
  });
});
