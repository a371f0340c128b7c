// Buying in a regional city (issue 11, decision 0010): a product «Под заказ» in Казань (none there,
// units in Moscow) is bought by transfer, with a later date than a product in stock there; a product
// sold out everywhere is refused with the shopper's message.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NOT_IN_CITY_MESSAGE, transferDays, distanceMetres } from '@store/domain';
import type { ApiErrorBody } from '../http/errors.ts';
import type { ProductDetail } from '../schemas/catalog.ts';
import type { Order } from '../schemas/orders.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { TestSession } from '../test/session.ts';
import { setStock } from '../test/stock.ts';
import { dropCachedProducts } from '../reference-data.ts';

let h: Harness;
let kazan: { id: number; latitude: number; longitude: number };
let moscow: { id: number; latitude: number; longitude: number };
let kazanStore: number;
let moscowStore: number;
const used = new Set<number>();

beforeAll(async () => {
  h = await createHarness();
  const cities = await h.handle.query<{ id: number; alias: string; latitude: number; longitude: number }>(
    `select id, alias, latitude, longitude from cities where alias in ('kazan', 'moskva')`,
  );
  kazan = cities.find((c) => c.alias === 'kazan')!;
  moscow = cities.find((c) => c.alias === 'moskva')!;
  const store = async (cityId: number) =>
    (
      await h.handle.query<{ id: number }>(
        'select id from stores where city_id = $1 and type = 1 and status = 1 order by id limit 1',
        [cityId],
      )
    )[0]!.id;
  kazanStore = await store(kazan.id);
  moscowStore = await store(moscow.id);
});
afterAll(async () => {
  await h.close();
});

/** A product the store sells (no preorder, no sellers) with exactly these units per store. */
async function productWith(units: { storeId: number; qty: number }[]) {
  const rows = await h.handle.query<{ id: number; name: string; price: number }>(
    `select p.id, p.name, o.price from products p
       join product_offers o on o.product_id = p.id join categories c on c.id = p.category_id
      where p.status = 1 and c.status = 1 and o.available and not p.is_pre_order and o.order_type = 'false'
        and o.price between 500000 and 20000000
        and not exists (select 1 from supplier_offers so where so.product_id = p.id)
      order by p.id limit 200`,
  );
  const p = rows.find((r) => !used.has(r.id))!;
  used.add(p.id);
  await setStock(h.handle, p.id, units);
  return p;
}

let phoneSeq = 2_000_000;
function shopper(cityId: number) {
  const session = new TestSession(h);
  const send = <T>(path: string, body?: unknown) =>
    session.call<T & ApiErrorBody>(
      body === undefined ? 'GET' : 'POST',
      `${path}${path.includes('?') ? '&' : '?'}city_id=${cityId}`,
      body,
    );
  const order = (body: Record<string, unknown>) =>
    send<Order>('/api/create-order', {
      idempotency_key: `buy-in-city-${Date.now()}-${++phoneSeq}-abcdef`,
      contacts: {
        contact_name: 'Айдар',
        contact_surname: 'Галиев',
        mobile_phone: `+7 (917) ${String(phoneSeq).slice(1, 4)}-${String(phoneSeq).slice(4, 6)}-00`,
        email: 'aidar@example.ru',
      },
      delivery: { delivery_type: 1, store_id: kazanStore },
      payment_type: 1,
      ...body,
    });
  return { send, order };
}

const msDays = (iso: string, from: Date) => (Date.parse(`${iso}T12:00:00Z`) - from.getTime()) / 86_400_000;

describe('buying in a regional city', () => {
  it('a product «Под заказ» in Казань (units in Moscow) is bought by transfer: 201 with the transfer date', async () => {
    const p = await productWith([{ storeId: moscowStore, qty: 4 }]);
    const s = shopper(kazan.id);

    const card = await s.send<ProductDetail>(`/api/v3/products/${p.id}`);
    expect(card.status).toBe(200);
    const days = transferDays(distanceMetres(kazan, moscow)! / 1000);
    expect(card.body.purchase).toMatchObject({ way: 'transfer', label: 'Под заказ', buyable: true, lead_days: days });

    const added = await s.send<{ items: { id: number; product_id: number; qty: number }[] }>('/api/basket/add-item', {
      product_id: p.id,
      qty: 2,
    });
    expect(added.status).toBe(200);
    const line = added.body.items.find((i) => i.product_id === p.id)!;
    expect(line.qty).toBe(2);

    const now = new Date();
    const r = await s.order({ line_ids: [line.id] });
    expect(r.status).toBe(201);
    expect(r.body.city.id).toBe(kazan.id);
    expect(r.body.cms_addressee?.id).toBe(kazanStore);
    // Collected in Казань once the units arrive: not today, the transfer's days and the pickup's later.
    expect(msDays(r.body.delivery_date!.slice(0, 10), now)).toBeGreaterThanOrEqual(days);
    const [taken] = await h.handle.query<{ store_id: number; qty: number }>(
      'select store_id, qty from stock_reservations where order_id = $1',
      [r.body.id],
    );
    expect(taken).toEqual({ store_id: moscowStore, qty: 2 });
    const [left] = await h.handle.query<{ quantity: number }>(
      'select quantity from stock where product_id = $1 and store_id = $2',
      [p.id, moscowStore],
    );
    expect(left!.quantity).toBe(2);
  });

  it('the product says its max_quantity, and purchase.max_qty is all units anywhere up to that cap', async () => {
    const p = await productWith([
      { storeId: kazanStore, qty: 2 },
      { storeId: moscowStore, qty: 5 },
    ]);
    const s = shopper(kazan.id);
    await h.handle.query('update products set max_quantity = 6 where id = $1', [p.id]);
    dropCachedProducts(h.handle, [p.id]);
    const capped = await s.send<ProductDetail>(`/api/v3/products/${p.id}`);
    expect(capped.body.max_quantity).toBe(6);
    expect(capped.body.purchase).toMatchObject({ way: 'in-stock', max_qty: 6 });
    await h.handle.query('update products set max_quantity = 10 where id = $1', [p.id]);
    // A product changed straight in the database: announced as the store's own writes do (decision 0041).
    dropCachedProducts(h.handle, [p.id]);
    const all = await s.send<ProductDetail>(`/api/v3/products/${p.id}`);
    expect(all.body.max_quantity).toBe(10);
    expect(all.body.purchase).toMatchObject({ way: 'in-stock', max_qty: 7 });
  });

  it('in stock in Казань: collected sooner than a transfer, from the Казань store', async () => {
    const here = await productWith([{ storeId: kazanStore, qty: 3 }]);
    const s = shopper(kazan.id);
    const card = await s.send<ProductDetail>(`/api/v3/products/${here.id}`);
    expect(card.body.purchase.way).toBe('in-stock');
    const ways = await s.send<{ delivery_type_id: number; datetime: string }[]>(
      `/api/v2/delivery/list?product_id=${here.id}`,
    );
    const far = await productWith([{ storeId: moscowStore, qty: 3 }]);
    const farWays = await s.send<{ delivery_type_id: number; datetime: string }[]>(
      `/api/v2/delivery/list?product_id=${far.id}`,
    );
    const pickup = (list: { delivery_type_id: number; datetime: string }[]) =>
      Date.parse(list.find((w) => w.delivery_type_id === 1)!.datetime);
    expect(pickup(farWays.body)).toBeGreaterThan(pickup(ways.body));
  });

  it('sold out everywhere: «Купить» is refused with the shopper’s message, and create-order answers 409', async () => {
    const gone = await productWith([{ storeId: moscowStore, qty: 0 }]);
    const s = shopper(kazan.id);
    const card = await s.send<ProductDetail>(`/api/v3/products/${gone.id}`);
    expect(card.body.purchase).toMatchObject({ way: 'unavailable', buyable: false, label: 'Нет в наличии' });
    const added = await s.send('/api/basket/add-item', { product_id: gone.id, qty: 1 });
    expect(added.status).toBe(422);
    expect(added.body.errors.product_id).toEqual([NOT_IN_CITY_MESSAGE]);
    const r = await s.order({ product_id: gone.id });
    expect(r.status).toBe(409);
    expect(r.body.errors.line_ids).toEqual([`${gone.name}: осталось 0 шт.`]);
  });
});
