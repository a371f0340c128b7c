// create-order's two checkout modes (SPEC §2 Checkout modes, §4; decision 0008): one click from the
// product page (product_id: one unit, the basket untouched) and the corporate fast order
// (order_type_id 17 with the company, paid by invoice, the contact centre calls).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../http/errors.ts';
import type { Order } from '../schemas/orders.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { TestSession } from '../test/session.ts';
import { setStock } from '../test/stock.ts';

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
afterAll(async () => {
  await h.close();
});

let seq = 0;
const newKey = () => `modes-${Date.now()}-${++seq}-abcdefgh`;

function guest() {
  const session = new TestSession(h);
  const send = <T>(path: string, body?: unknown) =>
    session.call<T & ApiErrorBody>(body === undefined ? 'GET' : 'POST', path, body);
  const basket = async () =>
    (await send<{ items: { id: number; product_id: number; qty: number }[] }>('/api/basket/get-basket')).body.items;
  return {
    send,
    jar: session.cookies,
    basket,
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

const used = new Set<number>();
/** A product sold from stock in Moscow (at least 3 units there), priced 5 000 – 40 000 ₽, not used before. */
async function stocked() {
  const rows = await h.handle.query<{ id: number; name: string; price: number }>(
    `select p.id, p.name, o.price from products p
       join product_offers o on o.product_id = p.id join categories c on c.id = p.category_id
      where p.status = 1 and c.status = 1 and o.available and not p.is_pre_order and o.order_type = 'false'
        and p.max_quantity >= 3 and o.price between 500000 and 4000000
        and (select sum(st.quantity) from stock st join stores s on s.id = st.store_id
              where st.product_id = p.id and st.quantity > 0 and s.city_id = $1 and s.status = 1) >= 3
      order by p.id limit 100`,
    [moscow],
  );
  const row = rows.find((r) => !used.has(r.id))!;
  used.add(row.id);
  return row;
}

async function cityStock(productId: number) {
  const [row] = await h.handle.query<{ n: number }>(
    `select coalesce(sum(quantity), 0)::int as n from stock
      where product_id = $1 and store_id in (select id from stores where city_id = $2)`,
    [productId, moscow],
  );
  return row!.n;
}

const contacts = { contact_name: 'Иван', mobile_phone: '+7 (916) 555-07-08' };
const pickup = () => ({ delivery_type: 1, store_id: multicenter });

describe('one click from the product page (product_id)', () => {
  it('orders one unit for a new guest, gives them a basket cookie to own the order, answers it again by key', async () => {
    const p = await stocked();
    const before = await cityStock(p.id);
    const g = guest();
    const body = { idempotency_key: newKey(), product_id: p.id, contacts, delivery: pickup(), payment_type: 1 };
    const first = await g.order(body);
    expect(first.status).toBe(201);
    expect(g.jar.get('basket_id')).toMatch(/^[A-Za-z0-9_-]{32}$/);
    expect(first.body.basket.map((l) => [l.product_id, l.qty, l.kind])).toEqual([[p.id, 1, 'product']]);
    expect(first.body.sum).toBe(p.price);
    expect(first.body.order_type_id).toBe(1);
    expect(await cityStock(p.id)).toBe(before - 1);
    // The guest can read it (the cookie owns it), and the same key answers the same order.
    expect((await g.send<Order>(`/api/v3/customer/orders/${first.body.id}`)).status).toBe(200);
    const again = await g.order(body);
    expect(again.status).toBe(200);
    expect(again.body.id).toBe(first.body.id);
    expect(await cityStock(p.id)).toBe(before - 1);
  });

  it('leaves the shopper’s basket as it was, even the line of the same product', async () => {
    const p = await stocked();
    const other = await stocked();
    const g = guest();
    await g.add(p.id, 2);
    await g.add(other.id, 1);
    const before = await g.basket();
    const r = await g.order({
      idempotency_key: newKey(),
      product_id: p.id,
      contacts,
      delivery: pickup(),
      payment_type: 17,
    });
    expect(r.status).toBe(201);
    expect(r.body.basket.map((l) => [l.product_id, l.qty])).toEqual([[p.id, 1]]);
    expect(r.body.payment_required).toBe(true);
    expect(await g.basket()).toEqual(before);
  });

  it('refuses product_id with line_ids, an unknown product, and a product not sold in the city', async () => {
    const p = await stocked();
    const g = guest();
    const line = await g.add(p.id);
    const both = await g.order({
      idempotency_key: newKey(),
      product_id: p.id,
      line_ids: [line],
      contacts,
      delivery: pickup(),
      payment_type: 1,
    });
    expect(both.status).toBe(422);
    expect(both.body.errors.product_id).toEqual(['Укажите либо товар, либо позиции корзины']);
    const unknown = await g.order({
      idempotency_key: newKey(),
      product_id: 99_999_999,
      contacts,
      delivery: pickup(),
      payment_type: 1,
    });
    expect(unknown.status).toBe(404);
    await setStock(h.handle, p.id, []);
    const gone = await guest().order({
      idempotency_key: newKey(),
      product_id: p.id,
      contacts,
      delivery: pickup(),
      payment_type: 1,
    });
    expect(gone.status).toBe(409);
    expect(gone.body.errors.line_ids).toEqual([`${p.name}: осталось 0 шт.`]);
    const neither = await g.order({ idempotency_key: newKey(), contacts, delivery: pickup(), payment_type: 1 });
    expect(neither.body.errors.line_ids).toEqual(['Корзина пуста']);
  });
});

const company = { inn: '7707083893', name: 'ООО «Ромашка»' };
const corporateBody = (lineIds: number[], extra: Record<string, unknown> = {}) => ({
  idempotency_key: newKey(),
  line_ids: lineIds,
  order_type_id: 17,
  company,
  contacts: { contact_name: 'Пётр', mobile_phone: '+7 (916) 555-09-10', email: 'zakupki@romashka.ru' },
  payment_type: 5,
  comment: 'Нужен счёт с НДС',
  ...extra,
});

describe('the corporate fast order (order_type_id 17)', () => {
  it('places the basket lines as type 17, paid by invoice, the contact centre to call; the lines leave the basket', async () => {
    const p = await stocked();
    const g = guest();
    const line = await g.add(p.id, 2);
    const r = await g.order(corporateBody([line]));
    expect(r.status).toBe(201);
    expect(r.body).toMatchObject({
      order_type_id: 17,
      payment_type: 5,
      payment_required: false,
      status: { id: 'N' },
      delivery_line: { kind: 'contact-centre', text: 'С вами свяжется оператор контакт-центра' },
    });
    expect(r.body.basket.map((l) => [l.product_id, l.qty])).toEqual([[p.id, 2]]);
    expect(await g.basket()).toEqual([]);
    expect(r.body.company).toEqual({ inn: '7707083893', name: 'ООО «Ромашка»', confirmation: null });
    expect(r.body.comment).toBe('Нужен счёт с НДС');
    const [row] = await h.handle.query<{ company_inn: string }>('select company_inn from orders where id = $1', [
      r.body.id,
    ]);
    expect(row!.company_inn).toBe('7707083893');
    // Cancelled, a type-17 order says nothing about delivery (SPEC §4 Order status).
    const cancelled = await g.send<Order>(`/api/v3/customer/orders/${r.body.id}/cancel`, {});
    expect(cancelled.body.delivery_line).toEqual({ kind: 'none' });
  });

  it('checks the company, the e-mail and the payment with field errors, and nothing is ordered', async () => {
    const p = await stocked();
    const g = guest();
    const line = await g.add(p.id);
    const bad = await g.order(
      corporateBody([line], {
        company: { inn: '7707083894', name: '' },
        contacts: { contact_name: 'Пётр', mobile_phone: '+7 (916) 555-09-10' },
        payment_type: 17,
      }),
    );
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toMatchObject({
      'company.inn': ['Проверьте ИНН: такого номера не бывает'],
      'company.name': ['Это поле необходимо заполнить.'],
      'contacts.email': ['Это поле необходимо заполнить.'],
      payment_type: ['Заказ юрлица оплачивается безналичным расчётом'],
    });
    const short = await g.order(corporateBody([line], { company: { inn: '77070838', name: 'ООО «Ромашка»' } }));
    expect(short.body.errors['company.inn']).toEqual(['ИНН состоит из 10 цифр (организация) или 12 цифр (ИП)']);
    // order_type_id is 17 or nothing; the company only with it; a normal order needs its delivery.
    const type = await g.order(corporateBody([line], { order_type_id: 2 }));
    expect(type.status).toBe(422);
    expect(Object.keys(type.body.errors)).toContain('order_type_id');
    const plain = await g.order({ ...corporateBody([line]), order_type_id: undefined, payment_type: 1 });
    expect(plain.body.errors).toMatchObject({
      delivery: ['Это поле необходимо заполнить.'],
      company: ['Данные компании — только для заказа юрлица'],
    });
    expect((await g.basket()).map((i) => i.id)).toEqual([line]);
  });
});
