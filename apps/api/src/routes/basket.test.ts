import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../http/errors.ts';
import type { Basket } from '../services/basket.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

const XHR = { 'x-requested-with': 'XMLHttpRequest' };

/** A shopper: keeps the cookies the API sets, like a browser. */
function shopper() {
  const jar = new Map<string, string>();
  const send = async (method: 'GET' | 'POST', name: string, params: Record<string, unknown> = {}, json = true) => {
    const headers: Record<string, string> = { ...XHR, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') };
    let path = `/api/basket/${name}`;
    let body: string | undefined;
    if (method === 'GET') {
      const search = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)]));
      if ([...search].length) path += `?${search}`;
    } else if (json) {
      headers['content-type'] = 'application/json';
      body = JSON.stringify(params);
    } else {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = new URLSearchParams(Object.entries(params).map(([k, v]): [string, string] => [k, String(v)])).toString();
    }
    const response = await h.call(path, { method, headers, ...(body === undefined ? {} : { body }) });
    for (const raw of response.headers.getSetCookie()) {
      const [pair] = raw.split(';');
      const [k, v] = pair!.split('=');
      jar.set(k!, v!);
    }
    return {
      status: response.status,
      body: (await response.json()) as Basket & ApiErrorBody,
      jar,
      headers: response.headers,
    };
  };
  return { send, jar };
}

/** A product in stock in Moscow that takes a warranty, with its stock and max quantity. */
async function stocked(minStock = 2) {
  const [row] = await h.handle.query<{ id: number; price: number; stock: number; max_quantity: number }>(
    `select p.id, o.price, p.max_quantity,
            (select sum(st.quantity) from stock st join stores s on s.id = st.store_id
              where st.product_id = p.id and st.quantity > 0 and s.city_id = 1 and s.status = 1)::int as stock
       from products p join product_offers o on o.product_id = p.id join categories c on c.id = p.category_id
      where p.status = 1 and c.status = 1 and o.available and p.is_warranty and not p.is_pre_order
        and o.order_type = 'false'
        and (select sum(st.quantity) from stock st join stores s on s.id = st.store_id
              where st.product_id = p.id and st.quantity > 0 and s.city_id = 1 and s.status = 1) >= $1
      order by p.id limit 1`,
    [minStock],
  );
  return row!;
}

describe('basket guard and input', () => {
  it('refuses GET and POST without X-Requested-With (403 JSON) and creates no basket', async () => {
    for (const method of ['GET', 'POST']) {
      const response = await h.call('/api/basket/get-basket', { method });
      expect(response.status).toBe(403);
      expect(((await response.json()) as ApiErrorBody).message).toContain('X-Requested-With');
    }
    const p = await stocked();
    const form = await h.call(`/api/basket/add-item?product_id=${p.id}`, { method: 'POST' });
    expect(form.status).toBe(403);
    expect(form.headers.getSetCookie()).toEqual([]);
  });

  it('answers an empty basket for a new shopper with basket_count 0, without creating one', async () => {
    const s = shopper();
    const { status, body, jar, headers } = await s.send('GET', 'get-basket');
    expect(status).toBe(200);
    expect(body).toEqual({
      items: [],
      removed: [],
      unavailable: [],
      totals: { sum: 0, discount: 0, count: 0 },
      messages: [],
    });
    expect(jar.get('basket_count')).toBe('0');
    expect(jar.has('basket_id')).toBe(false);
    expect(headers.get('cache-control')).toBe('no-store');
  });

  it('answers 422 with field errors for bad input and 404 for unknown products and lines', async () => {
    const s = shopper();
    const bad = await s.send('POST', 'add-item', { product_id: 'abc', qty: 0 });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['product_id', 'qty']);
    expect((await s.send('GET', 'add-item', {})).body.errors.product_id).toHaveLength(1);
    expect((await s.send('GET', 'get-basket', { city_id: 999999 })).status).toBe(422);
    const missing = await s.send('POST', 'add-item', { product_id: 99_999_999 });
    expect(missing.status).toBe(404);
    expect(missing.body.message).toBe('Товар не найден');
    expect((await s.send('POST', 'remove-item', { line_id: 1 })).status).toBe(404);
    expect((await s.send('POST', 'update-item-quantity', { line_id: 1, qty: 2 })).status).toBe(404);
    const malformed = await h.call('/api/basket/add-item', {
      method: 'POST',
      headers: { ...XHR, 'content-type': 'application/json' },
      body: '{',
    });
    expect(malformed.status).toBe(400);
  });

  it('refuses a product not available in the city and without supplier offers (422, Russian message)', async () => {
    const [row] = await h.handle.query<{ id: number }>(
      `select p.id from products p join product_offers o on o.product_id = p.id join categories c on c.id = p.category_id
        where p.status = 1 and c.status = 1 and not o.available and not p.is_pre_order and o.order_type = 'false'
          and not exists (select 1 from supplier_offers so where so.product_id = p.id and so.qty > 0)
        order by p.id limit 1`,
    );
    const s = shopper();
    const { status, body } = await s.send('POST', 'add-item', { product_id: row!.id });
    expect(status).toBe(422);
    expect(body.errors.product_id).toEqual(['Товара нет в наличии в вашем городе']);
  });
});

describe('basket lines', () => {
  it('adds a product with a warranty by GET and POST, sets the cookies and sums the totals', async () => {
    const p = await stocked();
    const s = shopper();
    const first = await s.send('GET', 'add-item', { product_id: p.id, warranty_id: 1 });
    expect(first.status).toBe(200);
    const id = s.jar.get('basket_id')!;
    expect(id).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(first.headers.getSetCookie().find((c) => c.startsWith('basket_id='))).toContain('HttpOnly');
    expect(first.headers.getSetCookie().find((c) => c.startsWith('basket_count='))).not.toContain('HttpOnly');
    const [line] = first.body.items;
    expect(line).toMatchObject({ product_id: p.id, kind: 'product', qty: 1, final_price: p.price, parent_id: null });
    expect(line!.url).toMatch(new RegExp(`^/catalog/[^/]+/\\d+/${p.id}$`));
    expect(line!.children).toHaveLength(1);
    const warranty = line!.children[0]!;
    expect(warranty).toMatchObject({ kind: 'warranty', warranty_id: 1, parent_id: line!.id, qty: 1 });
    expect(warranty.price).toBe(Math.ceil((p.price * 7) / 1_000_000) * 10_000);
    expect(first.body.totals).toEqual({
      sum: line!.final_price + warranty.price,
      discount: line!.price - line!.final_price,
      count: 1,
    });
    expect(s.jar.get('basket_count')).toBe('1');

    // The same product again adds to its line (POST, form body), and keeps the same basket.
    const second = await s.send('POST', 'add-item', { product_id: p.id }, false);
    expect(second.body.items).toHaveLength(1);
    expect(second.body.items[0]!.qty).toBe(2);
    expect(second.body.items[0]!.children[0]!.qty).toBe(2);
    expect(s.jar.get('basket_id')).toBe(id);
    expect(s.jar.get('basket_count')).toBe('2');
    // Another shopper sees none of it.
    expect((await shopper().send('GET', 'get-basket')).body.items).toEqual([]);
  });

  it('caps quantities by max_quantity and the city stock, answering the capped quantity and a message', async () => {
    const p = await stocked();
    const max = Math.min(p.max_quantity, p.stock);
    const s = shopper();
    const added = await s.send('POST', 'add-item', { product_id: p.id, qty: 999 });
    expect(added.body.items[0]!.qty).toBe(max);
    expect(added.body.items[0]!.max_qty).toBe(max);
    expect(added.body.messages).toEqual([expect.stringContaining(`Можно купить не больше ${max} шт.`)]);
    const lineId = added.body.items[0]!.id;
    const down = await s.send('POST', 'update-item-quantity', { line_id: lineId, qty: 1 });
    expect(down.body.items[0]!.qty).toBe(1);
    expect(down.body.messages).toEqual([]);
    const up = await s.send('GET', 'update-item-quantity', { line_id: lineId, qty: max + 5 });
    expect(up.body.items[0]!.qty).toBe(max);
    expect(up.body.messages[0]).toContain(`не больше ${max} шт.`);
    expect((await s.send('POST', 'update-item-quantity', { line_id: lineId, qty: 0 })).status).toBe(422);
    // A smaller max_quantity later is shown, never applied silently: the line keeps its quantity.
    await h.handle.query('update products set max_quantity = 1 where id = $1', [p.id]);
    try {
      const capped = await s.send('GET', 'get-basket');
      expect(capped.body.items[0]!.qty).toBe(max);
      expect(capped.body.items[0]!.max_qty).toBe(1);
    } finally {
      await h.handle.query('update products set max_quantity = $2 where id = $1', [p.id, p.max_quantity]);
    }
  });

  it('keeps one warranty per product line: adding another replaces it; a bad warranty is a 422', async () => {
    const p = await stocked();
    const s = shopper();
    const added = await s.send('POST', 'add-item', { product_id: p.id, warranty_id: 1 });
    const lineId = added.body.items[0]!.id;
    const replaced = await s.send('POST', 'add-warranty', { line_id: lineId, warranty_id: 3 });
    expect(replaced.body.items[0]!.children.map((c) => c.warranty_id)).toEqual([3]);
    const bad = await s.send('POST', 'add-warranty', { line_id: lineId, warranty_id: 9 });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.warranty_id).toEqual(['Такой гарантии нет']);
    const warrantyLine = replaced.body.items[0]!.children[0]!.id;
    expect((await s.send('POST', 'update-item-quantity', { line_id: warrantyLine, qty: 2 })).status).toBe(422);
  });

  it('removes a product line with its children, restores them together, and a removed child alone', async () => {
    const p = await stocked();
    const [accessory] = await h.handle.query<{ id: number }>(
      `select p.id from products p join product_offers o on o.product_id = p.id join categories c on c.id = p.category_id
        where p.status = 1 and c.status = 1 and o.available and p.id <> $1 and not p.is_pre_order
          and exists (select 1 from stock st join stores s on s.id = st.store_id
                       where st.product_id = p.id and st.quantity > 0 and s.city_id = 1 and s.status = 1)
        order by p.id desc limit 1`,
      [p.id],
    );
    const s = shopper();
    const added = await s.send('POST', 'add-item', { product_id: p.id, warranty_id: 2 });
    const lineId = added.body.items[0]!.id;
    const withAccessory = await s.send('POST', 'add-accessory', { product_id: accessory!.id, parent_id: lineId });
    expect(withAccessory.body.items[0]!.children.map((c) => c.kind).sort()).toEqual(['accessory', 'warranty']);
    expect(withAccessory.body.totals.count).toBe(2);
    expect((await s.send('POST', 'add-accessory', { product_id: accessory!.id, parent_id: 99_999_999 })).status).toBe(
      404,
    );

    const removed = await s.send('POST', 'remove-item', { line_id: lineId });
    expect(removed.body.items).toEqual([]);
    expect(removed.body.totals).toEqual({ sum: 0, discount: 0, count: 0 });
    expect(removed.body.removed).toHaveLength(1);
    expect(removed.body.removed[0]!.children).toHaveLength(2);
    expect(s.jar.get('basket_count')).toBe('0');

    const restored = await s.send('POST', 'restore-item', { line_id: lineId });
    expect(restored.body.removed).toEqual([]);
    expect(restored.body.items[0]!.children).toHaveLength(2);
    expect(s.jar.get('basket_count')).toBe('2');

    const warrantyId = restored.body.items[0]!.children.find((c) => c.kind === 'warranty')!.id;
    const noWarranty = await s.send('POST', 'remove-item', { line_id: warrantyId });
    expect(noWarranty.body.items[0]!.children.map((c) => c.kind)).toEqual(['accessory']);
    expect(noWarranty.body.removed.map((r) => r.id)).toEqual([warrantyId]);
    const back = await s.send('GET', 'restore-item', { line_id: warrantyId });
    expect(back.body.items[0]!.children.map((c) => c.kind).sort()).toEqual(['accessory', 'warranty']);
  });

  it('buys from a supplier when the city has no stock, and lists lines that became unavailable apart', async () => {
    const [row] = await h.handle.query<{ id: number; supplier_id: number; price: number }>(
      `select p.id, so.supplier_id, so.price from products p join product_offers o on o.product_id = p.id
         join categories c on c.id = p.category_id join supplier_offers so on so.product_id = p.id and so.qty > 0
        where p.status = 1 and c.status = 1 and not p.is_pre_order and o.order_type = 'false'
          and not exists (select 1 from stock st join stores s on s.id = st.store_id
                           where st.product_id = p.id and st.quantity > 0 and s.city_id = 1)
        order by p.id, so.price limit 1`,
    );
    const s = shopper();
    if (row) {
      const added = await s.send('POST', 'add-item', { product_id: row.id });
      expect(added.status).toBe(200);
      expect(added.body.items[0]).toMatchObject({ supplier_id: row.supplier_id, final_price: row.price });
    }
    const p = await stocked();
    const mine = await s.send('POST', 'add-item', { product_id: p.id });
    await h.handle.query('update product_offers set available = false where product_id = $1', [p.id]);
    try {
      const after = await s.send('GET', 'get-basket');
      expect(after.body.items.map((i) => i.product_id)).not.toContain(p.id);
      expect(after.body.unavailable.map((i) => i.product_id)).toEqual([p.id]);
      expect(after.body.totals.count).toBe(mine.body.totals.count - 1);
    } finally {
      await h.handle.query('update product_offers set available = true where product_id = $1', [p.id]);
    }
  });

  it('trace answers the basket and logs a line with the trace id', async () => {
    const s = shopper();
    const { status, body } = await s.send('GET', 'trace', { trace_id: 'basket-trace-1' });
    expect(status).toBe(200);
    expect(body.items).toEqual([]);
    expect(h.logLines.some((l) => l.includes('basket trace') && l.includes('basket-trace-1'))).toBe(true);
  });

  it('never adopts a basket id it did not issue', async () => {
    const p = await stocked();
    const forged = 'A'.repeat(32);
    const response = await h.call(`/api/basket/add-item?product_id=${p.id}`, {
      headers: { ...XHR, cookie: `basket_id=${forged}` },
    });
    expect(response.status).toBe(200);
    const issued = response.headers.getSetCookie().find((c) => c.startsWith('basket_id='))!;
    expect(issued).not.toContain(forged);
  });
});
