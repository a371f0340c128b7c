import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TRADE_IN_MESSAGES } from '@store/domain';
import { replaceTradeInPriceList } from '@store/db/trade-in-prices';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { tradeInModelId } from '../test/trade-in.ts';
import type { TradeInStateBody } from './trade-in.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const XHR = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };
type State = TradeInStateBody & { tId: number; price: number | false | null; message: string | null };
interface ApiErr {
  message: string;
  errors?: Record<string, string[]>;
}

const post = <T = State>(path: string, body: unknown, cookie?: string) =>
  h.json<T>(`/api${path}`, {
    method: 'POST',
    headers: { ...XHR, ...(cookie ? { cookie } : {}) },
    body: JSON.stringify(body),
  });
const del = <T = State>(path: string) => h.json<T>(`/api${path}`, { method: 'DELETE', headers: XHR });

const modelOf = (name: string) => tradeInModelId(h.handle, name);
async function pricesOf(modelId: number, memory: number) {
  const [row] = await h.handle.query<{ perfect: number; working: number; broken_screen: number }>(
    'select perfect, working, broken_screen from trade_in_prices where model_id = $1 and memory_gb = $2',
    [modelId, memory],
  );
  return row!;
}
/** A smartphone on sale with the trade-in-1 promotion, priced high enough for two old phones. */
async function newPhone() {
  const [row] = await h.handle.query<{ id: number; price: number }>(
    `select p.id, o.price from products p join product_offers o on o.product_id = p.id
     join action_products ap on ap.product_id = p.id and ap.action_id = 160
     where p.status = 1 and o.available and o.price > 8000000 order by p.id limit 1`,
  );
  return row!;
}

describe('trade-in price list calls', () => {
  it('lists the five groups, popular brands and searches models 100 a page', async () => {
    const groups = await h.json<{ code: string }[]>('/api/v2/tradein/groups');
    expect(groups.body.map((g) => g.code)).toEqual(['smartphones', 'tablets', 'laptops', 'watches', 'consoles']);
    const popular = await h.json<{ name: string; popular: boolean }[]>('/api/v2/tradein/popular-brands?group_id=1');
    expect(popular.body.map((b) => b.name)).toContain('Apple');
    expect(popular.body.every((b) => b.popular)).toBe(true);
    const all = await h.json<unknown[]>('/api/v2/tradein/calculator/brand-models');
    expect(all.body).toHaveLength(100);
    expect(Number(all.headers.get('x-pagination-total-count'))).toBeGreaterThanOrEqual(300);
    const found = await h.json<{ name: string; brand: { name: string }; year: number }[]>(
      `/api/v2/tradein/calculator/brand-models?query=${encodeURIComponent('iphone 13 pro')}`,
    );
    expect(found.body.map((m) => m.name)).toEqual(['iPhone 13 Pro', 'iPhone 13 Pro Max']);
    expect(found.body[0]).toMatchObject({ brand: { name: 'Apple' }, year: 2021, type: 'smartphones' });
    const byBrand = await h.json<{ brand: { name: string } }[]>(
      '/api/v2/tradein/calculator/brand-models?query=samsung',
    );
    expect(byBrand.body.length).toBeGreaterThan(10);
    expect(byBrand.body.every((m) => m.brand.name === 'Samsung')).toBe(true);
    expect((await h.json('/api/v2/tradein/calculator/brand-models?query=%25%25%25')).body).toEqual([]);
  });

  it('answers the prices by memory and condition in both code readings, memory 0 for watches', async () => {
    const iphone = await modelOf('iPhone 13');
    const p128 = await pricesOf(iphone, 128);
    const res = await h.json<{ memories: Record<string, unknown>; skip_memory: boolean; price: number | null }>(
      `/api/v2/tradein/calculator/prices?model_id=${iphone}`,
    );
    expect(Object.keys(res.body.memories)).toContain('128');
    expect(res.body.skip_memory).toBe(false);
    expect(res.body.price).toBeNull();
    for (const [status, field] of [
      ['perfect', 'perfect'],
      ['3', 'perfect'],
      ['C', 'perfect'],
      ['4', 'perfect'],
      ['D', 'working'],
      ['2', 'working'],
      ['NC', 'broken_screen'],
      ['1', 'broken_screen'],
    ] as const) {
      const one = await h.json<{ price: number }>(
        `/api/v2/tradein/calculator/prices?model_id=${iphone}&memory=128&status=${status}`,
      );
      expect(one.body.price, status).toBe(p128[field]);
    }
    const watch = await modelOf('Apple Watch Series 8');
    const w = await h.json<{ memories: Record<string, unknown>; skip_memory: boolean; price: number }>(
      `/api/v2/tradein/calculator/prices?model_id=${watch}&status=working`,
    );
    expect(Object.keys(w.body.memories)).toEqual(['0']);
    expect(w.body.skip_memory).toBe(true);
    expect(w.body.price).toBe((await pricesOf(watch, 0)).working);
  });

  it('refuses an unknown model, memory or condition with 4xx', async () => {
    const iphone = await modelOf('iPhone 13');
    expect((await h.json('/api/v2/tradein/calculator/prices?model_id=999999')).status).toBe(404);
    expect((await h.json(`/api/v2/tradein/calculator/prices?model_id=${iphone}&memory=100&status=C`)).status).toBe(422);
    for (const bad of ['5', 'X', 'broken', '0'])
      expect(
        (await h.json(`/api/v2/tradein/calculator/prices?model_id=${iphone}&memory=128&status=${bad}`)).status,
      ).toBe(422);
    expect((await h.json('/api/v2/tradein/calculator/prices?model_id=abc')).status).toBe(422);
    expect((await h.json('/api/v2/tradein/groups?calculator_id=2')).status).toBe(422);
  });

  it('answers the new device memories and colours from the products of its model', async () => {
    const [p] = await h.handle.query<{ id: number; model_id: number }>(
      `select p.id, p.model_id from products p where p.category_id = 224 and p.status = 1 and p.model_id in (
         select model_id from products where category_id = 224 and status = 1 group by model_id having count(*) > 2)
       order by p.id limit 1`,
    );
    const memories = await h.json<{ memory: string; product_id: number; price: number; selected: boolean }[]>(
      `/api/v2/tradein/calculator/derivable-memories?product_id=${p!.id}`,
    );
    expect(memories.status).toBe(200);
    expect(memories.body.filter((m) => m.selected)).toHaveLength(1);
    const colors = await h.json<{ product_id: number; name: string; code: string; selected: boolean }[]>(
      `/api/v2/tradein/calculator/derivable-color-prices?product_id=${p!.id}`,
    );
    expect(colors.body.length).toBeGreaterThan(0);
    expect(colors.body.find((c) => c.selected)?.product_id).toBe(p!.id);
    expect((await h.json('/api/v2/tradein/calculator/derivable-memories?product_id=99999999')).status).toBe(404);
  });
});

describe('the shopper calculator', () => {
  it('values two old phones for a new one: random ids, memory skipped for watches, bonus, new price', async () => {
    const phone = await newPhone();
    const started = await post('/trade-in-derivable', { product_id: phone.id });
    expect(started.status).toBe(200);
    const { tx } = started.body;
    expect(tx).toMatch(/^[0-9a-f]{32}$/);
    expect(started.body.derivable).toMatchObject({ product_id: phone.id, price: phone.price, newPrice: phone.price });
    expect(started.body.action).toMatchObject({ id: 160, type: 'trade-in-1', bonus: 300000 });

    const blank = await post('/trade-in-data', { tx });
    expect(blank.body.tId).toBeGreaterThanOrEqual(10000);
    expect(blank.body.tId).toBeLessThanOrEqual(99999);
    expect(blank.body.devices).toEqual([
      expect.objectContaining({ tId: blank.body.tId, id: null, memory: null, status: null, price: null }),
    ]);
    const iphone = await modelOf('iPhone 13');
    await post('/trade-in-data', { tx, tId: blank.body.tId, id: iphone });
    await post('/trade-in-data', { tx, tId: blank.body.tId, memory: 128 });
    const first = await post('/trade-in-data', { tx, tId: blank.body.tId, status: 'NC' });
    const p128 = await pricesOf(iphone, 128);
    expect(first.body.price).toBe(p128.broken_screen);
    expect(first.body.devices[0]).toMatchObject({
      brand: 'Apple',
      model: 'iPhone 13',
      memory: 128,
      status: 'broken_screen',
    });

    const second = await post('/trade-in-data', { tx });
    expect(second.body.tId).not.toBe(blank.body.tId);
    const galaxy = await modelOf('Galaxy S22');
    const done = await post('/trade-in-data', { tx, tId: second.body.tId, id: galaxy, memory: 256, status: 3 });
    const s256 = await pricesOf(galaxy, 256);
    expect(done.body.total_discount).toBe(p128.broken_screen + s256.perfect + 300000);
    expect(done.body.discountBenefit).toBe(300000);
    expect(done.body.derivable!.newPrice).toBe(phone.price - done.body.total_discount);

    // Going back a step clears the condition and keeps the model and memory.
    const back = await post('/trade-in-data', { tx, tId: second.body.tId, status: null });
    expect(back.body.devices[1]).toMatchObject({ id: galaxy, memory: 256, status: null, price: null });
    // A watch has no memory step: the memory is 0 at once.
    const watch = await post('/trade-in-data', { tx, tId: second.body.tId, id: await modelOf('Apple Watch SE') });
    expect(watch.body.devices[1]).toMatchObject({ memory: 0, status: null });

    const got = await h.json<State>(`/api/trade-in-derivable?tx=${tx}`);
    expect(got.body.devices).toHaveLength(2);

    // Removing both leaves one blank device.
    const one = await del(`/trade-in-calculator/remove?tx=${tx}&tId=${blank.body.tId}`);
    expect(one.body.devices).toHaveLength(1);
    const none = await del(`/trade-in-calculator/remove?tx=${tx}&tId=${second.body.tId}`);
    expect(none.body.devices).toEqual([expect.objectContaining({ id: null, price: null })]);
    expect(none.body.total_discount).toBe(0);

    const cleared = await del(`/trade-in-derivable?tx=${tx}`);
    expect(cleared.body.derivable).toBeNull();
  });

  it('keeps the calculator in an httpOnly cookie when no tx is sent', async () => {
    const res = await h.call('/api/trade-in-data', { method: 'POST', headers: XHR, body: '{}' });
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/tradein_tx=[0-9a-f]{32}.*HttpOnly/i);
    const tx = cookie.match(/tradein_tx=([0-9a-f]{32})/)![1]!;
    const again = await post('/trade-in-data', {}, `tradein_tx=${tx}`);
    expect(again.body.tx).toBe(tx);
    expect(again.body.devices).toHaveLength(2);
  });

  it('refuses a device that is not the shopper’s, bad fields and a discount above the price', async () => {
    const mine = (await post('/trade-in-data', {})).body;
    const theirs = (await post('/trade-in-data', {})).body;
    const stolen = await post<ApiErr>('/trade-in-data', { tx: mine.tx, tId: theirs.tId, id: 1 });
    expect(stolen.status).toBe(404);
    expect((await del<ApiErr>(`/trade-in-calculator/remove?tx=${mine.tx}&tId=${theirs.tId}`)).status).toBe(404);
    expect((await h.json(`/api/trade-in-derivable?tx=${'0'.repeat(32)}`)).status).toBe(404);
    expect((await h.json('/api/trade-in-derivable?tx=nothex')).status).toBe(422);
    const unknownModel = await post<ApiErr>('/trade-in-data', { tx: mine.tx, tId: mine.tId, id: 999999 });
    expect(unknownModel.status).toBe(422);
    const iphone = await modelOf('iPhone 13');
    await post('/trade-in-data', { tx: mine.tx, tId: mine.tId, id: iphone });
    expect((await post<ApiErr>('/trade-in-data', { tx: mine.tx, tId: mine.tId, memory: 100 })).status).toBe(422);
    const badStatus = await post<ApiErr>('/trade-in-data', { tx: mine.tx, tId: mine.tId, memory: 128, status: 5 });
    expect(badStatus.status).toBe(422);
    expect(badStatus.body.errors?.status).toBeDefined();
    expect((await post<ApiErr>('/trade-in-data', { tx: mine.tx, tId: 5 })).status).toBe(422);

    // A cheap new product and an expensive old phone: the discount would pass the price.
    const [cheap] = await h.handle.query<{ id: number }>(
      `select p.id from products p join product_offers o on o.product_id = p.id
       where p.status = 1 and o.price < 500000 order by p.id limit 1`,
    );
    await post('/trade-in-data', { tx: mine.tx, tId: mine.tId, memory: 256, status: 'perfect' });
    const tooMuch = await post<ApiErr>('/trade-in-derivable', { tx: mine.tx, product_id: cheap!.id });
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.message).toBe(TRADE_IN_MESSAGES.discountTooLarge);
  });

  it('answers price false and logs when the lookup fails (§8)', async () => {
    const iphone = await modelOf('iPhone 12');
    const state = (await post('/trade-in-data', {})).body;
    await post('/trade-in-data', { tx: state.tx, tId: state.tId, id: iphone, memory: 128 });
    // The price list loses the condition's price between the steps (a row with a zero price).
    await h.handle.query('update trade_in_prices set working = 0 where model_id = $1 and memory_gb = 128', [iphone]);
    const failed = await post('/trade-in-data', { tx: state.tx, tId: state.tId, status: 'working' });
    expect(failed.status).toBe(200);
    expect(failed.body.price).toBe(false);
    expect(failed.body.message).toBe(TRADE_IN_MESSAGES.priceFailed);
    expect(failed.body.devices[0]).toMatchObject({ status: null, price: null });
    expect(h.logLines.some((l) => l.includes('trade-in price lookup failed'))).toBe(true);
  });

  it('an operator price list replaces the prices; models left out are no longer offered', async () => {
    const iphone = await modelOf('iPhone 13');
    const result = await replaceTradeInPriceList(h.handle, [
      {
        group: 'smartphones',
        brand: 'Apple',
        model: 'iPhone 13',
        year: 2021,
        memoryGb: 128,
        perfect: 3_000_000,
        working: 2_000_000,
        brokenScreen: 1_000_000,
        popular: true,
      },
    ]);
    expect(result).toMatchObject({ models: 1, prices: 1 });
    expect(result.deactivated).toBeGreaterThan(300);
    expect(await modelOf('iPhone 13')).toBe(iphone);
    const price = await h.json<{ price: number }>(
      `/api/v2/tradein/calculator/prices?model_id=${iphone}&memory=128&status=C`,
    );
    expect(price.body.price).toBe(3_000_000);
    const list = await h.json<unknown[]>('/api/v2/tradein/calculator/brand-models');
    expect(list.body).toHaveLength(1);
    expect((await h.json(`/api/v2/tradein/calculator/prices?model_id=${await modelOf('Galaxy S22')}`)).status).toBe(
      404,
    );
  });
});
