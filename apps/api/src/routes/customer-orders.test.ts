// The orders of a signed-in customer: create-order ties them to the account and to the signed-in
// employee only, guest orders of the basket join the account at sign-in, and a basket from another
// device is merged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { employeeToken } from '@store/db/seed/staff';
import type { Order } from '../schemas/orders.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { setStock } from '../test/stock.ts';
import { TestSession } from '../test/session.ts';

let h: Harness;
let moscow: number;
let multicenter: number;
beforeAll(async () => {
  h = await createHarness({ DEV_TOOLS: 'on' });
  [{ id: moscow }] = (await h.handle.query<{ id: number }>(`select id from cities where alias = 'moskva'`)) as [
    { id: number },
  ];
  [{ id: multicenter }] = (await h.handle.query<{ id: number }>(
    'select id from stores where city_id = $1 and type = 1 and status = 1 order by id limit 1',
    [moscow],
  )) as [{ id: number }];
});
afterAll(() => h.close());

const used = new Set<number>();
/** A product sellable in Moscow with 5 units in the first multicenter (each call a new one). */
async function product() {
  const rows = await h.handle.query<{ id: number; price: number; max_quantity: number }>(
    `select p.id, o.price, p.max_quantity from products p
       join product_offers o on o.product_id = p.id join categories c on c.id = p.category_id
      where p.status = 1 and c.status = 1 and o.available and not p.is_pre_order and o.order_type = 'false'
        and o.price between 500000 and 20000000
      order by p.id limit 300`,
  );
  const row = rows.find((r) => !used.has(r.id))!;
  used.add(row.id);
  // Exactly 5 units, all in the first multicenter of Moscow.
  await setStock(h.handle, row.id, [{ storeId: multicenter, qty: 5 }]);
  return row;
}

type Basket = { items: { id: number; product_id: number; qty: number }[] };

async function addToBasket(s: TestSession, productId: number, qty = 1) {
  const r = await s.call<Basket>('POST', '/api/basket/add-item', { product_id: productId, qty });
  expect(r.status).toBe(200);
  return r.body.items.find((i) => i.product_id === productId)!.id;
}

let keySeq = 0;
function placeOrder(s: TestSession, lineId: number, extra: Record<string, unknown> = {}) {
  return s.call<Order>('POST', `/api/create-order?city_id=${moscow}`, {
    idempotency_key: `customer-orders-${Date.now()}-${++keySeq}`,
    line_ids: [lineId],
    contacts: { contact_name: 'Анна', mobile_phone: '+7 (916) 555-00-11' },
    delivery: { delivery_type: 1, store_id: multicenter },
    payment_type: 1,
    ...extra,
  });
}

const orderRow = async (id: number) =>
  (
    await h.handle.query<{ customer_id: number | null; employee_personal_number: string | null }>(
      'select customer_id, employee_personal_number from orders where id = $1',
      [id],
    )
  )[0]!;

describe('create-order of a signed-in customer', () => {
  it('belongs to the customer: in their list, open to them on another device, 404 to someone else', async () => {
    const anna = new TestSession(h, '10.6.0.1');
    const user = await anna.register('79175550001');
    const p = await product();
    const order = await placeOrder(anna, await addToBasket(anna, p.id));
    expect(order.status).toBe(201);
    expect((await orderRow(order.body.id)).customer_id).toBe(user.id);

    const list = await anna.call<Order[]>('GET', '/api/v3/customer/orders');
    expect(list.body.map((o) => o.id)).toContain(order.body.id);
    expect(list.headers.get('x-pagination-total-count')).toBe('1');

    // The same customer on a second device (no basket cookie of the first).
    const phone = new TestSession(h, '10.6.0.2');
    const login = await phone.call('POST', '/api/user/login', { login: '79175550001', password: 'Secret123' });
    expect(login.status).toBe(200);
    expect((await phone.call<Order>('GET', `/api/v3/customer/orders/${order.body.id}`)).status).toBe(200);

    const boris = new TestSession(h, '10.6.0.3');
    await boris.register('79175550002');
    expect((await boris.call('GET', `/api/v3/customer/orders/${order.body.id}`)).status).toBe(404);
    expect((await boris.call('POST', `/api/v3/customer/orders/${order.body.id}/cancel`)).status).toBe(404);
    expect((await boris.call<Order[]>('GET', '/api/v3/customer/orders')).body).toEqual([]);
  });

  it('takes the personnel number from the signed-in employee, never from the body', async () => {
    const shopper = new TestSession(h, '10.6.1.1');
    const p = await product();
    const forged = await placeOrder(shopper, await addToBasket(shopper, p.id), { employee_personal_number: '5001' });
    expect(forged.status).toBe(201);
    expect((await orderRow(forged.body.id)).employee_personal_number).toBeNull();

    const staff = new TestSession(h, '10.6.1.2');
    const signedIn = await staff.call('POST', '/api/user/register-upos', { mode: 'token', code: employeeToken(5001) });
    expect(signedIn.status).toBe(200);
    const q = await product();
    const other = await placeOrder(staff, await addToBasket(staff, q.id), { employee_personal_number: '9999' });
    expect(other.status).toBe(201);
    expect((await orderRow(other.body.id)).employee_personal_number).toBe('5001');
    const r = await product();
    const plain = await placeOrder(staff, await addToBasket(staff, r.id));
    expect((await orderRow(plain.body.id)).employee_personal_number).toBe('5001');
  });
});

describe('sign-in after a guest order', () => {
  it('moves the orders of the guest basket to the account; the order count follows', async () => {
    const s = new TestSession(h, '10.6.2.1');
    const p = await product();
    const guestOrder = await placeOrder(s, await addToBasket(s, p.id));
    expect(guestOrder.status).toBe(201);
    expect((await orderRow(guestOrder.body.id)).customer_id).toBeNull();
    // Someone else's guest order stays theirs.
    const other = new TestSession(h, '10.6.2.2');
    const q = await product();
    const otherOrder = await placeOrder(other, await addToBasket(other, q.id));

    const user = await s.register('79175550003');
    expect((await orderRow(guestOrder.body.id)).customer_id).toBe(user.id);
    expect((await orderRow(otherOrder.body.id)).customer_id).toBeNull();
    const list = await s.call<Order[]>('GET', '/api/v3/customer/orders');
    expect(list.body.map((o) => o.id)).toEqual([guestOrder.body.id]);
    const profile = await s.call<{ counts: { orders: number } }>('GET', '/api/v2/users/me/profile');
    expect(profile.body.counts.orders).toBe(1);
  });
});

describe('sign-in on a second device', () => {
  type Full = { items: { id: number; product_id: number; qty: number; children: { kind: string }[] }[] };
  const basketOf = async (s: TestSession) =>
    (await s.call<Full>('GET', `/api/basket/get-basket?city_id=${moscow}`)).body.items.map((i) => ({
      product_id: i.product_id,
      qty: i.qty,
    }));

  it("merges this browser's basket into the customer's earlier one; quantities add up within the caps", async () => {
    const laptop = new TestSession(h, '10.6.3.1');
    await laptop.register('79175550004');
    const [a, b, c] = [await product(), await product(), await product()];
    await addToBasket(laptop, a.id, 2);
    await addToBasket(laptop, b.id, 1);
    await laptop.call('POST', '/api/user/logout');

    // The phone: a guest basket with one of the same products and a new one.
    const phone = new TestSession(h, '10.6.3.2');
    await addToBasket(phone, b.id, 4);
    await addToBasket(phone, c.id, 1);
    const guestBasket = phone.cookies.get('basket_id');
    const login = await phone.call('POST', `/api/user/login?city_id=${moscow}`, {
      login: '79175550004',
      password: 'Secret123',
    });
    expect(login.status).toBe(200);
    expect(phone.cookies.get('basket_id')).not.toBe(guestBasket);
    // 5 units in stock caps the 1 + 4 of product b at 5.
    const merged = await basketOf(phone);
    expect(merged).toEqual(
      expect.arrayContaining([
        { product_id: a.id, qty: 2 },
        { product_id: b.id, qty: 5 },
        { product_id: c.id, qty: 1 },
      ]),
    );
    expect(merged).toHaveLength(3);

    // The laptop signs in again and sees the same basket.
    const again = await laptop.call('POST', '/api/user/login', { login: '79175550004', password: 'Secret123' });
    expect(again.status).toBe(200);
    expect(laptop.cookies.get('basket_id')).toBe(phone.cookies.get('basket_id'));
    expect(await basketOf(laptop)).toEqual(merged);
  });

  it("keeps the guest basket as the customer's own when they had none; caps a merged line at the stock", async () => {
    const s = new TestSession(h, '10.6.4.1');
    const p = await product();
    await addToBasket(s, p.id, 1);
    const guestBasket = s.cookies.get('basket_id');
    await s.register('79175550005');
    expect(s.cookies.get('basket_id')).toBe(guestBasket);
    expect(await basketOf(s)).toEqual([{ product_id: p.id, qty: 1 }]);

    await s.call('POST', '/api/user/logout');
    const other = new TestSession(h, '10.6.4.2');
    await addToBasket(other, p.id, 5);
    await other.call('POST', '/api/user/login', { login: '79175550005', password: 'Secret123' });
    expect(await basketOf(other)).toEqual([{ product_id: p.id, qty: 5 }]);
  });
});

// Last, so the products the tests above pick stay the same.
describe('one click by a signed-in customer', () => {
  it('buys one product in one click with no basket yet, and the order is the customer’s', async () => {
    const vera = new TestSession(h, '10.6.0.9');
    const user = await vera.register('79175550009');
    const p = await product();
    const order = await vera.call<Order>('POST', `/api/create-order?city_id=${moscow}`, {
      idempotency_key: `customer-orders-one-click-${Date.now()}`,
      product_id: p.id,
      contacts: { contact_name: 'Вера', mobile_phone: '+7 (916) 555-00-19' },
      delivery: { delivery_type: 1, store_id: multicenter },
      payment_type: 1,
    });
    expect(order.status).toBe(201);
    expect(order.body.basket.map((l) => l.product_id)).toEqual([p.id]);
    expect((await orderRow(order.body.id)).customer_id).toBe(user.id);
  });
});
