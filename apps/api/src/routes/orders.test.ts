import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../http/errors.ts';
import type { Order } from '../schemas/orders.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { setStock } from '../test/stock.ts';

let h: Harness;
let moscow: number;
let multicenters: number[];
beforeAll(async () => {
  h = await createHarness({ DEV_TOOLS: 'on' });
  [{ id: moscow }] = (await h.handle.query<{ id: number }>(`select id from cities where alias = 'moskva'`)) as [
    { id: number },
  ];
  multicenters = (
    await h.handle.query<{ id: number }>(
      'select id from stores where city_id = $1 and type = 1 and status = 1 order by id',
      [moscow],
    )
  ).map((r) => r.id);
});
afterAll(async () => {
  await h.close();
});

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
let keySeq = 0;
const newKey = () => `test-key-${Date.now()}-${++keySeq}-abcdef`;

/** A shopper with a cookie jar, like a browser. */
function shopper() {
  const jar = new Map<string, string>();
  const send = async <T>(path: string, body?: unknown, extra: Record<string, string> = {}) => {
    const headers: Record<string, string> = {
      ...XHR,
      ...extra,
      cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; '),
    };
    if (body !== undefined) headers['content-type'] = 'application/json';
    const response = await h.call(path, {
      method: body === undefined ? 'GET' : 'POST',
      headers,
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const raw of response.headers.getSetCookie()) {
      const [pair] = raw.split(';');
      const [k, v] = pair!.split('=');
      jar.set(k!, v!);
    }
    return { status: response.status, body: (await response.json()) as T & ApiErrorBody, headers: response.headers };
  };
  return {
    send,
    /** Adds a product; answers the new product line's id. */
    async add(productId: number, qty = 1) {
      const r = await send<{ items: { id: number; product_id: number }[] }>('/api/basket/add-item', {
        product_id: productId,
        qty,
      });
      expect(r.status).toBe(200);
      return r.body.items.find((i) => i.product_id === productId)!.id;
    },
    order: (body: Record<string, unknown>) => send<Order>(`/api/create-order?city_id=${moscow}`, body),
  };
}

/** Products that can be sold in Moscow, priced within [min, max) kopecks, skipping `skip`. */
async function sellable(min: number, max: number, count = 1) {
  return h.handle.query<{ id: number; name: string; price: number }>(
    `select p.id, p.name, o.price from products p
       join product_offers o on o.product_id = p.id join categories c on c.id = p.category_id
      where p.status = 1 and c.status = 1 and o.available and not p.is_pre_order and o.order_type = 'false'
        and o.price >= $1 and o.price < $2
      order by p.id limit $3`,
    [min, max, count],
  );
}

const used = new Set<number>();
/** A fresh sellable product (each test its own). */
async function product(min = 500_000, max = 20_000_000) {
  const rows = await sellable(min, max, 200);
  const row = rows.find((r) => !used.has(r.id))!;
  used.add(row.id);
  return row;
}

/** Exactly `qty` units of the product anywhere, all in the first multicenter of Moscow. */
const stockOf = (productId: number, qty: number) => setStock(h.handle, productId, [{ storeId: multicenters[0]!, qty }]);

async function cityStock(productId: number) {
  const [row] = await h.handle.query<{ n: number }>(
    `select coalesce(sum(quantity), 0)::int as n from stock
      where product_id = $1 and store_id in (select id from stores where city_id = $2)`,
    [productId, moscow],
  );
  return row!.n;
}

async function reservations(productId: number) {
  const [row] = await h.handle.query<{ rows: number; qty: number; released: number }>(
    `select count(*)::int as rows, coalesce(sum(qty), 0)::int as qty,
            count(*) filter (where released_at is not null)::int as released
       from stock_reservations where product_id = $1`,
    [productId],
  );
  return row!;
}

async function outboxFor(recipient: string) {
  return (
    await h.json<{ channel: string; template: string; body: string; subject: string | null }[]>(
      `/api/dev/outbox?recipient=${recipient}`,
    )
  ).body;
}

let phoneSeq = 1000000;
const newPhone = () => {
  const digits = `916${phoneSeq++}`;
  return {
    typed: `+7 (${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6, 8)}-${digits.slice(8)}`,
    normal: `7${digits}`,
  };
};

/** A pickup order at the first multicenter, paid in cash on collection. */
function pickupBody(lineIds: number[], phone: string, extra: Record<string, unknown> = {}) {
  return {
    idempotency_key: newKey(),
    line_ids: lineIds,
    contacts: { contact_name: 'Иван', contact_surname: 'Петров', mobile_phone: phone, email: 'ivan@example.ru' },
    delivery: { delivery_type: 1, store_id: multicenters[0] },
    payment_type: 1,
    ...extra,
  };
}

describe('POST /api/create-order', () => {
  it('places a pickup order: 201 with the Order object, stock reserved, basket lines gone, confirmation in the outbox', async () => {
    const p = await product();
    await stockOf(p.id, 5);
    const s = shopper();
    const lineId = await s.add(p.id, 2);
    const phone = newPhone();
    const r = await s.order(pickupBody([lineId], phone.typed));
    expect(r.status).toBe(201);
    const order = r.body;
    expect(order.id).toBeGreaterThanOrEqual(1000001);
    expect(order.status).toEqual({ id: 'N', text: null, name: 'Принят' });
    expect(order.statuses).toEqual([{ id: 'N', name: 'Принят', isActive: true, at: expect.any(String) }]);
    expect(order.mobile_phone).toBe(phone.normal);
    expect(order.city.id).toBe(moscow);
    expect(order.delivery_type).toBe(1);
    expect(order.cms_addressee?.id).toBe(multicenters[0]);
    expect(order.basket).toEqual([
      expect.objectContaining({ product_id: p.id, qty: 2, final_price: p.price, kind: 'product', parent_id: null }),
    ]);
    expect(order.sum).toBe(p.price * 2);
    expect(order.total_sum).toBe(order.sum + order.delivery_cost);
    expect(order.shelf_life_date).not.toBeNull();
    expect(order.delivery_line.kind).toBe('date');
    expect(order).toMatchObject({
      is_paid: false,
      is_active: true,
      is_cancelled: false,
      is_cancelable: true,
      is_editable: false,
      payment_required: false,
      can_repayment: false,
      waiting_sum: 0,
      payment_type_name: 'Наличными или картой при получении',
    });
    expect(await cityStock(p.id)).toBe(3);
    expect(await reservations(p.id)).toEqual({ rows: 1, qty: 2, released: 0 });
    const basket = await s.send<{ items: unknown[]; removed: unknown[] }>('/api/basket/get-basket');
    expect(basket.body.items).toEqual([]);
    expect(basket.body.removed).toEqual([]);
    const sms = await outboxFor(phone.normal);
    expect(sms).toHaveLength(1);
    expect(sms[0]!.body).toContain(`заказ №${order.id}`);
    const mail = await outboxFor('ivan@example.ru');
    expect(mail.some((m) => m.subject === `Заказ №${order.id} принят` && m.body.includes(p.name))).toBe(true);
  });

  it('asks for online payment of a card order (payment_required, waiting_sum)', async () => {
    const p = await product();
    await stockOf(p.id, 1);
    const s = shopper();
    const lineId = await s.add(p.id);
    const r = await s.order(pickupBody([lineId], newPhone().typed, { payment_type: 17 }));
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({ payment_required: true, can_repayment: true, waiting_sum: r.body.total_sum });
  });

  it('sells 3 units to exactly 3 of 20 concurrent buyers: the rest get 409, stock 0, 3 reservations', async () => {
    const p = await product();
    await stockOf(p.id, 3);
    const buyers = [];
    for (let i = 0; i < 20; i++) {
      const s = shopper();
      buyers.push({ s, lineId: await s.add(p.id) });
    }
    const phone = newPhone();
    const results = await Promise.all(buyers.map(({ s, lineId }) => s.order(pickupBody([lineId], phone.typed))));
    const statuses = results.map((r) => r.status);
    expect(statuses.filter((st) => st === 201)).toHaveLength(3);
    expect(statuses.filter((st) => st === 409)).toHaveLength(17);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.body.message).toBe('Товара нет в наличии в нужном количестве');
      expect(r.body.errors.line_ids).toEqual([`${p.name}: осталось 0 шт.`]);
    }
    expect(await cityStock(p.id)).toBe(0);
    expect(await reservations(p.id)).toEqual({ rows: 3, qty: 3, released: 0 });
    // A confirmation per order, none for the refused ones.
    expect((await outboxFor(phone.normal)).length).toBe(3);
  });

  it('refuses a line asking more than is left (409 naming the units left), placing nothing and keeping the line', async () => {
    const p = await product();
    await stockOf(p.id, 3);
    const s = shopper();
    const lineId = await s.add(p.id, 2);
    await stockOf(p.id, 1);
    const r = await s.order(pickupBody([lineId], newPhone().typed));
    expect(r.status).toBe(409);
    expect(r.body.errors.line_ids).toEqual([`${p.name}: осталось 1 шт.`]);
    expect(await cityStock(p.id)).toBe(1);
    expect(await reservations(p.id)).toEqual({ rows: 0, qty: 0, released: 0 });
    const basket = await s.send<{ items: { id: number; qty: number; max_qty: number }[] }>('/api/basket/get-basket');
    expect(basket.body.items).toEqual([expect.objectContaining({ id: lineId, qty: 2, max_qty: 1 })]);
  });

  it('returns the same order for the same idempotency key, sequentially and concurrently', async () => {
    const p = await product();
    await stockOf(p.id, 5);
    const s = shopper();
    const body = pickupBody([await s.add(p.id)], newPhone().typed);
    const first = await s.order(body);
    const second = await s.order(body);
    expect(first.status).toBe(201);
    expect(second.status).toBe(200);
    expect(second.body.id).toBe(first.body.id);

    const t = shopper();
    const concurrent = pickupBody([await t.add(p.id)], newPhone().typed);
    const both = await Promise.all([t.order(concurrent), t.order(concurrent)]);
    expect(both.map((r) => r.status).sort()).toEqual([200, 201]);
    expect(both[0]!.body.id).toBe(both[1]!.body.id);
    const [count] = await h.handle.query<{ n: number }>(
      'select count(*)::int as n from orders where idempotency_key = $1',
      [concurrent.idempotency_key],
    );
    expect(count!.n).toBe(1);
    expect(await reservations(p.id)).toMatchObject({ rows: 2, qty: 2 });
  });

  it('does not let another basket reuse a key', async () => {
    const p = await product();
    await stockOf(p.id, 5);
    const s = shopper();
    const body = pickupBody([await s.add(p.id)], newPhone().typed);
    expect((await s.order(body)).status).toBe(201);
    const other = shopper();
    const r = await other.order({ ...body, line_ids: [await other.add(p.id)] });
    expect(r.status).toBe(422);
    expect(r.body.errors.idempotency_key).toBeDefined();
  });

  it('answers §5 field errors for the contacts, keyed by dotted path, and writes nothing', async () => {
    const p = await product();
    await stockOf(p.id, 5);
    const s = shopper();
    const lineId = await s.add(p.id);
    const r = await s.order({
      ...pickupBody([lineId], '+7 (816) 123-45-67'),
      contacts: { contact_name: '', contact_surname: 'Петров2', mobile_phone: '+7 (816) 123-45-67', email: 'ivan@' },
    });
    expect(r.status).toBe(422);
    expect(r.body.errors).toMatchObject({
      'contacts.contact_name': ['Это поле необходимо заполнить.'],
      'contacts.contact_surname': ['Это поле должно содержать только буквы'],
      'contacts.mobile_phone': ['Код номера мобильного телефона должен начинаться с «9»'],
      'contacts.email': ['Пожалуйста, введите корректный email.'],
    });
    const short = await s.order({
      ...pickupBody([lineId], '+7 (916) 123-45'),
      contacts: { mobile_phone: '+7 (916) 123-45' },
    });
    expect(short.body.errors['contacts.mobile_phone']).toEqual(['Пожалуйста, введите не меньше 10 символов.']);
    expect(await cityStock(p.id)).toBe(5);
    expect(await reservations(p.id)).toMatchObject({ rows: 0 });
  });

  it('checks the delivery against the ways for these lines', async () => {
    const p = await product();
    await stockOf(p.id, 5);
    const s = shopper();
    const lineId = await s.add(p.id);
    const phone = newPhone().typed;
    const unknown = await s.order(pickupBody([lineId], phone, { delivery: { delivery_type: 999 } }));
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors['delivery.delivery_type']).toEqual(['Этот способ получения недоступен для заказа']);

    const noStore = await s.order(pickupBody([lineId], phone, { delivery: { delivery_type: 1 } }));
    expect(noStore.body.errors['delivery.store_id']).toEqual(['Это поле необходимо заполнить.']);

    const [locker] = await h.handle.query<{ id: number }>(
      'select id from stores where city_id = $1 and type = 9 order by id limit 1',
      [moscow],
    );
    const wrongStore = await s.order(
      pickupBody([lineId], phone, { delivery: { delivery_type: 1, store_id: locker!.id } }),
    );
    expect(wrongStore.body.errors['delivery.store_id']).toBeDefined();

    const courier = await s.order(pickupBody([lineId], phone, { delivery: { delivery_type: 2, date: '2000-01-01' } }));
    expect(courier.status).toBe(422);
    expect(courier.body.errors).toMatchObject({
      'delivery.address': ['Это поле необходимо заполнить.'],
      'delivery.date': ['Введенная дата некорректна. Попробуйте еще раз'],
      'delivery.interval': ['Это поле необходимо заполнить.'],
    });
    const badInterval = await s.order(
      pickupBody([lineId], phone, {
        delivery: { delivery_type: 2, address: 'ул. Ленина, 1', interval: '03:00 - 04:00' },
      }),
    );
    expect(badInterval.body.errors['delivery.interval']).toEqual(['Выберите интервал доставки из предложенных']);

    const cashForLocker = await s.order(
      pickupBody([lineId], phone, { delivery: { delivery_type: 9, store_id: locker!.id }, payment_type: 1 }),
    );
    expect(cashForLocker.body.errors.payment_type).toEqual([
      'Этот способ оплаты недоступен для выбранного способа получения',
    ]);

    // A courier order with an offered day and slot goes through.
    const variations = await s.send<{
      variations: { delivery_type_id: number; dates: string[]; intervals: string[] }[];
    }>(`/api/variations_orders?city_id=${moscow}&products[0][id]=${p.id}`);
    const way = variations.body.variations.find((v) => v.delivery_type_id === 2)!;
    const ok = await s.order(
      pickupBody([lineId], phone, {
        delivery: { delivery_type: 2, address: 'ул. Ленина, 1, кв. 5', date: way.dates[1], interval: way.intervals[1] },
        payment_type: 3,
      }),
    );
    expect(ok.status).toBe(201);
    expect(ok.body).toMatchObject({
      delivery_address: 'ул. Ленина, 1, кв. 5',
      delivery_date: way.dates[1],
      delivery_time_from: way.intervals[1]!.split(' - ')[0],
      cms_addressee: null,
      shelf_life_date: null,
      payment_type_name: 'Наличными или картой курьеру',
    });
  });

  it('refuses a payment outside its basket thresholds', async () => {
    // Bank instalment starts at 3 000 ₽; a cheaper basket cannot use it.
    const p = await product(10_000, 300_000);
    await stockOf(p.id, 5);
    const s = shopper();
    const r = await s.order(pickupBody([await s.add(p.id)], newPhone().typed, { payment_type: 20 }));
    expect(r.status).toBe(422);
    expect(r.body.errors.payment_type).toEqual(['Этот способ оплаты недоступен для суммы заказа']);
    expect(await reservations(p.id)).toMatchObject({ rows: 0 });
  });

  it('needs a basket with the lines', async () => {
    const s = shopper();
    const empty = await s.order(pickupBody([1], newPhone().typed));
    expect(empty.status).toBe(422);
    expect(empty.body.errors.line_ids).toEqual(['Корзина пуста']);
    const p = await product();
    await stockOf(p.id, 5);
    await s.add(p.id);
    const wrong = await s.order(pickupBody([999_999], newPhone().typed));
    expect(wrong.body.errors.line_ids).toEqual(['Позиция корзины не найдена']);
    const none = await s.order(pickupBody([], newPhone().typed));
    expect(none.body.errors.line_ids).toEqual(['Корзина пуста']);
  });

  it('answers 409 when the product ran out before the order, with no outbox message', async () => {
    const p = await product();
    await stockOf(p.id, 1);
    const s = shopper();
    const lineId = await s.add(p.id);
    await stockOf(p.id, 0);
    const phone = newPhone();
    const r = await s.order(pickupBody([lineId], phone.typed));
    expect(r.status).toBe(409);
    expect(r.body.errors.line_ids).toEqual([`${p.name}: осталось 0 шт.`]);
    expect(await outboxFor(phone.normal)).toEqual([]);
    expect((await h.json<unknown[]>('/api/dev/outbox?recipient=ivan@example.ru')).body.length).toBeGreaterThan(0);
  });

  it('needs X-Requested-With', async () => {
    const response = await h.call('/api/create-order', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(response.status).toBe(403);
  });
});

describe('orders of a shopper', () => {
  async function placed() {
    const p = await product();
    await stockOf(p.id, 4);
    const s = shopper();
    const phone = newPhone();
    const r = await s.order(pickupBody([await s.add(p.id, 2)], phone.typed));
    expect(r.status).toBe(201);
    return { s, order: r.body, product: p, phone };
  }

  it('GET /v3/customer/orders/{id}: the basket that made it sees it, another basket gets 404', async () => {
    const { s, order } = await placed();
    const mine = await s.send<Order>(`/api/v3/customer/orders/${order.id}`);
    expect(mine.status).toBe(200);
    expect(mine.body).toEqual(order);
    const stranger = shopper();
    await stranger.add((await product()).id);
    expect((await stranger.send(`/api/v3/customer/orders/${order.id}`)).status).toBe(404);
    expect((await h.call(`/api/v3/customer/orders/${order.id}`)).status).toBe(404);
    expect((await s.send('/api/v3/customer/orders/abc')).status).toBe(422);
  });

  it('POST …/cancel: gives the units back once, status I with history, outbox message; another basket gets 404', async () => {
    const { s, order, product: p, phone } = await placed();
    expect(await cityStock(p.id)).toBe(2);
    const stranger = shopper();
    await stranger.add((await product()).id);
    expect((await stranger.send(`/api/v3/customer/orders/${order.id}/cancel`, {})).status).toBe(404);
    expect(await cityStock(p.id)).toBe(2);

    const cancelled = await s.send<Order>(`/api/v3/customer/orders/${order.id}/cancel`, {});
    expect(cancelled.status).toBe(200);
    expect(cancelled.body).toMatchObject({
      status: { id: 'I', name: 'Отменён', text: 'Заказ отменён' },
      is_cancelled: true,
      is_active: false,
      is_cancelable: false,
    });
    expect(cancelled.body.statuses.map((st) => [st.id, st.isActive])).toEqual([
      ['N', false],
      ['I', true],
    ]);
    expect(await cityStock(p.id)).toBe(4);
    expect(await reservations(p.id)).toEqual({ rows: 1, qty: 2, released: 1 });

    const again = await s.send<Order>(`/api/v3/customer/orders/${order.id}/cancel`, {});
    expect(again.status).toBe(200);
    expect(await cityStock(p.id)).toBe(4);
    expect(again.body.statuses).toHaveLength(2);
    expect((await outboxFor(phone.normal)).filter((m) => m.template === 'order-cancelled')).toHaveLength(1);
  });

  it('refuses to cancel an order already handed over', async () => {
    const { s, order } = await placed();
    await h.handle.query(`update orders set status_id = 'F' where id = $1`, [order.id]);
    const r = await s.send(`/api/v3/customer/orders/${order.id}/cancel`, {});
    expect(r.status).toBe(422);
    expect(r.body.message).toBe('Заказ нельзя отменить');
  });

  it('GET /v3/customer/orders needs a signed-in customer', async () => {
    const { s } = await placed();
    const r = await s.send('/api/v3/customer/orders?page=1');
    expect(r.status).toBe(401);
    expect(r.body.message).toBe('Требуется авторизация');
  });
});

describe('POST /api/user/order-status', () => {
  it('finds a guest order by number and phone in any mask; a wrong number or phone is the same 404', async () => {
    const p = await product();
    await stockOf(p.id, 2);
    const s = shopper();
    const phone = newPhone();
    const order = (await s.order(pickupBody([await s.add(p.id)], phone.typed))).body;
    const ask = (body: unknown, ip = '10.0.0.1') =>
      h.json<Order & ApiErrorBody>('/api/user/order-status', {
        method: 'POST',
        headers: { ...XHR, 'content-type': 'application/json', 'x-real-ip': ip },
        body: JSON.stringify(body),
      });
    const eight = `8 ${phone.normal.slice(1, 4)} ${phone.normal.slice(4, 7)} ${phone.normal.slice(7, 9)} ${phone.normal.slice(9)}`;
    const found = await ask({ order_id: order.id, phone: eight });
    expect(found.status).toBe(200);
    expect(found.body.id).toBe(order.id);
    expect(found.body.status.name).toBe('Принят');

    const wrongPhone = await ask({ order_id: order.id, phone: '+7 (999) 000-00-00' });
    const wrongNumber = await ask({ order_id: order.id + 100_000, phone: phone.typed });
    expect([wrongPhone.status, wrongNumber.status]).toEqual([404, 404]);
    expect(wrongPhone.body).toEqual(wrongNumber.body);
    expect(wrongPhone.body.message).toBe('Заказ не найден');

    const bad = await ask({ order_id: 'x', phone: '' });
    expect(bad.status).toBe(422);
  });

  it('limits attempts per client address', async () => {
    const ask = (ip: string) =>
      h.call(
        '/api/user/order-status',
        {
          method: 'POST',
          headers: { ...XHR, 'content-type': 'application/json' },
          body: JSON.stringify({ order_id: 1, phone: '+7 (916) 000-00-00' }),
        },
        ip,
      );
    for (let i = 0; i < 10; i++) expect((await ask('10.9.9.9')).status).toBe(404);
    const limited = await ask('10.9.9.9');
    expect(limited.status).toBe(429);
    expect(((await limited.json()) as ApiErrorBody).message).toBe('Слишком много попыток. Попробуйте позже');
    expect((await ask('10.9.9.10')).status).toBe(404);
  });
});

describe('a marketplace seller’s units', () => {
  /** A product the city has none of, sold by one seller with exactly `qty` units. */
  async function sellerOnly(qty: number) {
    const p = await product();
    await stockOf(p.id, 0);
    const [supplier] = await h.handle.query<{ id: number }>('select id from suppliers order by id limit 1');
    await h.handle.query('delete from supplier_offers where product_id = $1', [p.id]);
    await h.handle.query('insert into supplier_offers (product_id, supplier_id, price, qty) values ($1, $2, $3, $4)', [
      p.id,
      supplier!.id,
      p.price,
      qty,
    ]);
    return { ...p, supplierId: supplier!.id };
  }

  async function offerQty(productId: number) {
    const [row] = await h.handle.query<{ qty: number }>(
      'select coalesce(sum(qty), 0)::int as qty from supplier_offers where product_id = $1',
      [productId],
    );
    return row!.qty;
  }

  /** The seller's pickup for this line, at a multicenter (as the checkout offers it). */
  async function sellerPickup(s: ReturnType<typeof shopper>, productId: number, supplierId: number) {
    const ways = await s.send<{ variations: { delivery_type_id: number; delivery_purpose: string }[] }>(
      `/api/variations_orders?city_id=${moscow}&products[0][id]=${productId}&products[0][qty]=1&products[0][marketplace_supplier_id]=${supplierId}`,
    );
    const pickup = ways.body.variations.find((v) => v.delivery_purpose === 'pickup')!;
    expect(pickup, 'a pickup way for the seller’s goods').toBeDefined();
    return { delivery_type: pickup.delivery_type_id, store_id: multicenters[0] };
  }

  it('10 buyers race for 3 units of a seller: exactly 3 orders, the offer ends at 0, cancel gives one back', async () => {
    const p = await sellerOnly(3);
    const buyers = await Promise.all(
      Array.from({ length: 10 }, async () => {
        const s = shopper();
        const lineId = await s.add(p.id);
        return { s, lineId };
      }),
    );
    const delivery = await sellerPickup(buyers[0]!.s, p.id, p.supplierId);
    const answers = await Promise.all(
      buyers.map(({ s, lineId }) => s.order({ ...pickupBody([lineId], newPhone().typed), delivery, payment_type: 17 })),
    );
    const statuses = answers.map((a) => a.status).sort();
    expect(statuses.filter((st) => st === 201)).toHaveLength(3);
    expect(statuses.filter((st) => st === 409)).toHaveLength(7);
    expect(await offerQty(p.id)).toBe(0);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.body.errors.line_ids![0]).toMatch(/осталось 0 шт\./);

    const placed = answers.find((a) => a.status === 201)!;
    const owner = buyers[answers.indexOf(placed)]!.s;
    expect((await owner.send(`/api/v3/customer/orders/${placed.body.id}/cancel`, {})).status).toBe(200);
    expect(await offerQty(p.id)).toBe(1);
    // A second cancel gives nothing back twice.
    await owner.send(`/api/v3/customer/orders/${placed.body.id}/cancel`, {});
    expect(await offerQty(p.id)).toBe(1);
  });
});
