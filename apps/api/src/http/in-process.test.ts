// A page's in-process call (decisions 0054, 0072): never a body stream; a read's answer comes back as the
// API's own object, frozen, when it is exactly what its JSON would parse to, else as text; the answer is
// the one any caller gets: status, headers (set-cookie included) and JSON.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { fetchInProcess, fetchJsonText, sharedAnswer } from './in-process.ts';

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
  ])('answers %s as HTTP does, its JSON handed over as a frozen object', async (_, path) => {
    const inProcess = await fetchInProcess(h.api, request(path));
    // No body stream was made: the answer came as an object.
    expect(inProcess.body).toBeNull();
    const http = await h.api.fetch(request(path));
    const httpText = await http.clone().text();
    expect(await seen(inProcess)).toStrictEqual(await seen(http));
    // The object is frozen; its text is the HTTP answer's bytes.
    expect(Object.isFrozen(await inProcess.json())).toBe(inProcess.ok);
    expect(await inProcess.text()).toBe(httpText);
  });

  it("hands the store's /api route the JSON text, byte for byte the HTTP answer", async () => {
    const path = `/api/v3/page-shell?url=%2F&seo=1&branch=A&${TRACE}`;
    // An in-process read first, so the kept objects it answers are frozen when the text is made.
    await (await fetchInProcess(h.api, request(path))).json();
    const { response, json } = await fetchJsonText(h.api, request(path));
    expect(response.body).toBeNull();
    expect(json).toBe(await (await h.api.fetch(request(path))).text());
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
    // A write's answer is the caller's own parsed copy.
    expect(Object.isFrozen(basket)).toBe(false);
  });

  it('passes on an answer that is not JSON as the app gave it', async () => {
    const docs = await fetchInProcess(h.api, request('/api/docs'));
    expect(docs.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await docs.text()).toContain('<html');
  });
});

describe('sharedAnswer', () => {
  it('freezes and shares what JSON would give back unchanged', () => {
    const kept = { id: 1, name: 'Холодильник', price: 4599000, tags: ['new', null], nested: { ok: true, x: -1.5 } };
    const answer = { items: [kept, kept], total: 2 };
    expect(sharedAnswer(answer)).toBe(true);
    expect(Object.isFrozen(answer) && Object.isFrozen(kept.tags) && Object.isFrozen(kept.nested)).toBe(true);
    expect(answer).toStrictEqual(JSON.parse(JSON.stringify(answer)));
    // A frozen object was checked: answered again, it is not walked (and stays shareable).
    expect(sharedAnswer({ again: kept })).toBe(true);
  });

  it.each([
    ['an undefined field (JSON drops it)', { a: 1, b: undefined }],
    ['a Date (JSON makes it a string)', { at: new Date(0) }],
    ['NaN (null in JSON)', { n: Number.NaN }],
    ['Infinity (null in JSON)', [Number.POSITIVE_INFINITY]],
    ['-0 (0 in JSON)', { n: -0 }],
    ['an array hole (null in JSON)', new Array<number>(3)],
    ['a class instance', { m: new Map() }],
    ['an object without a prototype', { o: Object.create(null) as object }],
    ['a function', { f: () => 1 }],
    ['a bigint', { b: 1n }],
    ['an own toJSON', { d: { toJSON: () => 'x' } }],
  ])('does not share %s: it goes as text', (_, value) => {
    expect(sharedAnswer(value)).toBe(false);
    expect(Object.isFrozen(value)).toBe(false);
  });
});
