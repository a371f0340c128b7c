// Basket writes racing on one basket (issue 5 hardening): each write runs in a transaction holding
// the basket row (`select … for update`), so parallel requests neither duplicate a line nor go over
// the cap. The race is real on PostgreSQL (the api-postgres project); PGlite runs them one by one.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Basket } from '../services/basket.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

const XHR = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };

/** In-stock products in Moscow with their cap (the lower of max_quantity and the city stock). */
async function stockedProducts(limit: number) {
  return h.handle.query<{ id: number; cap: number }>(
    `select p.id, least(p.max_quantity,
              (select sum(st.quantity) from stock st join stores s on s.id = st.store_id
                where st.product_id = p.id and st.quantity > 0 and s.city_id = 1 and s.status = 1))::int as cap
       from products p join product_offers o on o.product_id = p.id join categories c on c.id = p.category_id
      where p.status = 1 and c.status = 1 and o.available and not p.is_pre_order and o.order_type = 'false'
        and (select sum(st.quantity) from stock st join stores s on s.id = st.store_id
              where st.product_id = p.id and st.quantity > 0 and s.city_id = 1 and s.status = 1) >= 2
      order by p.id limit $1`,
    [limit],
  );
}

async function post(name: string, body: Record<string, unknown>, cookie = '') {
  const response = await h.call(`/api/basket/${name}`, {
    method: 'POST',
    headers: { ...XHR, cookie },
    body: JSON.stringify(body),
  });
  return {
    status: response.status,
    body: (await response.json()) as Basket,
    setCookies: response.headers.getSetCookie(),
  };
}

describe('basket writes in parallel', () => {
  it('10 parallel add-item of one product make one line, its quantity capped', async () => {
    const [other, product] = await stockedProducts(2);
    const first = await post('add-item', { product_id: other!.id });
    const cookie = first.setCookies.map((c) => c.split(';')[0]).join('; ');
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => post('add-item', { product_id: product!.id, qty: 1 }, cookie)),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const basket = (await post('get-basket', {}, cookie)).body;
    const lines = basket.items.filter((i) => i.product_id === product!.id);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.qty).toBe(Math.min(10, product!.cap));
    const rows = await h.handle.query<{ n: number; qty: number }>(
      `select count(*)::int as n, max(qty)::int as qty from basket_lines
        where product_id = $1 and basket_id = (select basket_id from basket_lines where id = $2)`,
      [product!.id, lines[0]!.id],
    );
    expect(rows[0]).toEqual({ n: 1, qty: Math.min(10, product!.cap) });
  });

  it('parallel add-item with a large quantity never stores more than the cap', async () => {
    const [, , product] = await stockedProducts(3);
    const first = await post('add-item', { product_id: product!.id, qty: 1 });
    const cookie = first.setCookies.map((c) => c.split(';')[0]).join('; ');
    await Promise.all(Array.from({ length: 10 }, () => post('add-item', { product_id: product!.id, qty: 50 }, cookie)));
    const basket = (await post('get-basket', {}, cookie)).body;
    const line = basket.items.find((i) => i.product_id === product!.id)!;
    expect(line.qty).toBe(product!.cap);
    const [row] = await h.handle.query<{ qty: number }>('select qty from basket_lines where id = $1', [line.id]);
    expect(row!.qty).toBe(product!.cap);
  });

  it('a remove racing with quantity updates leaves one consistent line', async () => {
    const [product] = await stockedProducts(1);
    const first = await post('add-item', { product_id: product!.id, qty: 1 });
    const cookie = first.setCookies.map((c) => c.split(';')[0]).join('; ');
    const lineId = first.body.items[0]!.id;
    const answers = await Promise.all([
      post('update-item-quantity', { line_id: lineId, qty: 2 }, cookie),
      post('remove-item', { line_id: lineId }, cookie),
      post('restore-item', { line_id: lineId }, cookie),
      post('update-item-quantity', { line_id: lineId, qty: 2 }, cookie),
    ]);
    expect(answers.every((a) => a.status === 200)).toBe(true);
    const rows = await h.handle.query<{ n: number }>(
      'select count(*)::int as n from basket_lines where basket_id = (select basket_id from basket_lines where id = $1)',
      [lineId],
    );
    expect(rows[0]!.n).toBe(1);
  });
});
