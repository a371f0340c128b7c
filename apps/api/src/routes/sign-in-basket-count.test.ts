// Sign-in sets the header's basket_count to the basket the browser uses from now on: the guest's
// lines merged into the customer's earlier basket (services/basket-merge.ts), not the guest's stale figure.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { TestSession } from '../test/session.ts';

let h: Harness;
let moscow: number;
beforeAll(async () => {
  h = await createHarness({ DEV_TOOLS: 'on' });
  [{ id: moscow }] = (await h.handle.query<{ id: number }>(`select id from cities where alias = 'moskva'`)) as [
    { id: number },
  ];
});
afterAll(() => h.close());

/** Two products sellable in Moscow, at least 5 a line, 10 units in the first multicenter. */
async function products() {
  const rows = await h.handle.query<{ id: number }>(
    `select p.id from products p
       join product_offers o on o.product_id = p.id join categories c on c.id = p.category_id
      where p.status = 1 and c.status = 1 and o.available and not p.is_pre_order and o.order_type = 'false'
        and not p.is_warranty and p.max_quantity >= 5
      order by p.id limit 2`,
  );
  const [{ id: store }] = (await h.handle.query<{ id: number }>(
    'select id from stores where city_id = $1 and type = 1 and status = 1 order by id limit 1',
    [moscow],
  )) as [{ id: number }];
  for (const { id } of rows) {
    await h.handle.query(
      `insert into stock (product_id, store_id, quantity) values ($1, $2, 10)
       on conflict (product_id, store_id) do update set quantity = excluded.quantity`,
      [id, store],
    );
  }
  return rows.map((r) => r.id) as [number, number];
}

type Basket = { totals: { count: number } };
const add = (s: TestSession, productId: number, qty: number) =>
  s.call<Basket>('POST', `/api/basket/add-item?city_id=${moscow}`, { product_id: productId, qty });

describe('sign-in and the basket counter', () => {
  it('answers and sets basket_count of the merged basket', async () => {
    const [fridge, kettle] = await products();
    const laptop = new TestSession(h, '10.9.0.1');
    laptop.cookies.set('city_id', String(moscow));
    await laptop.register('79175559001');
    expect((await add(laptop, fridge, 1)).body.totals.count).toBe(1);
    await laptop.call('POST', '/api/user/logout');

    const phone = new TestSession(h, '10.9.0.2');
    phone.cookies.set('city_id', String(moscow));
    await add(phone, fridge, 1);
    expect((await add(phone, kettle, 2)).body.totals.count).toBe(3);
    expect(phone.cookies.get('basket_count')).toBe('3');

    const login = await phone.call<{ basket_count: number; access_token: string }>('POST', '/api/user/login', {
      login: '79175559001',
      password: 'Secret123',
    });
    expect(login.status).toBe(200);
    // The laptop's fridge and the phone's add up (2), with the phone's two kettles.
    expect(login.body.basket_count).toBe(4);
    expect(phone.cookies.get('basket_count')).toBe('4');
    const basket = await phone.call<Basket>('GET', `/api/basket/get-basket?city_id=${moscow}`);
    expect(basket.body.totals.count).toBe(4);
  });

  it('is 0 for a customer signing in without any basket', async () => {
    const s = new TestSession(h, '10.9.1.1');
    await s.register('79175559002');
    expect(s.cookies.get('basket_count')).toBe('0');
    await s.call('POST', '/api/user/logout');
    s.cookies.set('basket_count', '7');
    const login = await s.call<{ basket_count: number }>('POST', '/api/user/login', {
      login: '79175559002',
      password: 'Secret123',
    });
    expect(login.body.basket_count).toBe(0);
    expect(s.cookies.get('basket_count')).toBe('0');
  });
});
