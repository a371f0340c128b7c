import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYMENT_METHODS, PAYMENT_TYPE_IDS } from '@store/domain';
import type { ApiErrorBody } from '../http/errors.ts';
import type { Basket } from '../services/basket.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';
import type { CalcApplyToBasket } from './actions-apply.ts';
import type { CheckoutDraft, Payment } from './checkout.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

const XHR = { 'x-requested-with': 'XMLHttpRequest', 'content-type': 'application/json' };

/** A shopper with a cookie jar, like a browser. */
function shopper() {
  const jar = new Map<string, string>();
  const call = async <T>(method: string, path: string, body?: unknown) => {
    const response = await h.call(path, {
      method,
      headers: { ...XHR, cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    for (const raw of response.headers.getSetCookie()) {
      const [pair] = raw.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    return { status: response.status, body: (await response.json()) as T & ApiErrorBody };
  };
  return { call, jar };
}

async function productOf(categoryId: number, extra = '') {
  const [row] = await h.handle.query<{ id: number; price: number }>(
    `select p.id, o.price from products p join product_offers o on o.product_id = p.id
      where p.status = 1 and p.category_id = $1 and o.available and not p.is_pre_order and o.order_type = 'false'
        and exists (select 1 from stock st join stores s on s.id = st.store_id
                     where st.product_id = p.id and st.quantity > 1 and s.city_id = 1) ${extra}
      order by p.id limit 1`,
    [categoryId],
  );
  if (!row) throw new Error(`no product in category ${categoryId}`);
  return row;
}

describe('checkout draft', () => {
  it('is empty without a basket, and cannot be saved without one', async () => {
    const guest = shopper();
    const empty = await guest.call<CheckoutDraft>('GET', '/api/checkout/draft');
    expect(empty.status).toBe(200);
    expect(empty.body).toEqual({
      state: {
        orders: [],
        params: {
          currentOrder: 0,
          separatePreOrders: false,
          oneClick: false,
          fastView: false,
          mokkaCreditLimit: null,
          mokkaRange: null,
          mokkaWarranty: false,
          mokkaPhone: null,
          mokkaStatus: null,
          installmentPlanAction: null,
        },
      },
      updated_at: null,
    });
    const put = await guest.call('PUT', '/api/checkout/draft', { orders: [{ line_ids: [1] }] });
    expect(put.status).toBe(404);
  });

  it('keeps what the shopper entered, makes the idempotency key once, and shows it to this basket only', async () => {
    const fridge = await productOf(401);
    const buyer = shopper();
    const basket = await buyer.call<Basket>('POST', '/api/basket/add-item', { product_id: fridge.id });
    const lineId = basket.body.items[0]!.id;
    const saved = await buyer.call<CheckoutDraft>('PUT', '/api/checkout/draft', {
      orders: [
        {
          line_ids: [lineId],
          step: 'contacts',
          contacts: { contact_name: 'Иван', mobile_phone: '+7 (816) 12' },
        },
      ],
      params: { oneClick: true },
    });
    expect(saved.status).toBe(200);
    const order = saved.body.state.orders[0]!;
    expect(order).toMatchObject({
      line_ids: [lineId],
      step: 'contacts',
      contacts: { contact_name: 'Иван', contact_surname: '', mobile_phone: '+7 (816) 12', email: '' },
      delivery: null,
      payment_type: null,
      action_ids: [],
      promocode: '',
    });
    expect(order.idempotency_key).toMatch(/^[A-Za-z0-9_-]{16,100}$/);
    expect(saved.body.state.params.oneClick).toBe(true);

    const again = await buyer.call<CheckoutDraft>('PUT', '/api/checkout/draft', {
      orders: [{ ...order, step: 'delivery', delivery: { delivery_type: 1, store_id: 5 } }],
    });
    expect(again.body.state.orders[0]!.idempotency_key).toBe(order.idempotency_key);

    const read = await buyer.call<CheckoutDraft>('GET', '/api/checkout/draft');
    expect(read.body.state.orders[0]).toMatchObject({ step: 'delivery', delivery: { delivery_type: 1, store_id: 5 } });
    expect(read.body.updated_at).not.toBeNull();

    // Another shopper with their own basket sees their own (empty) draft, and cannot save the other's lines.
    const other = shopper();
    await other.call('POST', '/api/basket/add-item', { product_id: fridge.id });
    const theirs = await other.call<CheckoutDraft>('GET', '/api/checkout/draft');
    expect(theirs.body.state.orders).toEqual([]);
    const steal = await other.call('PUT', '/api/checkout/draft', { orders: [{ line_ids: [lineId] }] });
    expect(steal.status).toBe(422);
    expect(steal.body.errors['orders.0.line_ids']).toEqual(['Этих товаров уже нет в корзине.']);

    const removed = await buyer.call<CheckoutDraft>('DELETE', '/api/checkout/draft');
    expect(removed.body.state.orders).toEqual([]);
    expect((await buyer.call<CheckoutDraft>('GET', '/api/checkout/draft')).body.updated_at).toBeNull();
  });

  it('answers 422 with field errors for bad input', async () => {
    const fridge = await productOf(401);
    const buyer = shopper();
    const basket = await buyer.call<Basket>('POST', '/api/basket/add-item', { product_id: fridge.id });
    const lineId = basket.body.items[0]!.id;
    const bad = await buyer.call('PUT', '/api/checkout/draft', {
      orders: [
        {
          line_ids: [lineId],
          step: 'paying',
          delivery: { delivery_type: 1, date: '12.01.2026' },
          idempotency_key: 'short',
        },
        { line_ids: [lineId] },
      ],
      params: { currentOrder: 5 },
    });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(
      ['orders.0.step', 'orders.0.delivery.date', 'orders.0.idempotency_key'].sort(),
    );
    const twice = await buyer.call('PUT', '/api/checkout/draft', {
      orders: [{ line_ids: [lineId] }, { line_ids: [lineId] }],
      params: { currentOrder: 5 },
    });
    expect(twice.status).toBe(422);
    expect(twice.body.errors['orders.1.line_ids']).toEqual(['Позиция уже есть в другом заказе.']);
    expect(twice.body.errors['params.currentOrder']).toEqual(['Такого заказа нет.']);
    const notJson = await h.call('/api/checkout/draft', {
      method: 'PUT',
      headers: { ...XHR, cookie: [...buyer.jar].map(([k, v]) => `${k}=${v}`).join('; ') },
      body: '{',
    });
    expect(notJson.status).toBeGreaterThanOrEqual(400);
    expect(notJson.status).toBeLessThan(500);
  });
});

describe('GET /v2/payment', () => {
  it('lists every method with the §3 Payment fields', async () => {
    const { status, body } = await h.json<Payment[]>('/api/v2/payment');
    expect(status).toBe(200);
    expect(body.map((p) => p.id)).toEqual(PAYMENT_METHODS.map((m) => m.id));
    expect(body[0]).toMatchObject({
      id: PAYMENT_TYPE_IDS.online,
      tab: 'online',
      tab_label: 'Онлайн',
      linked_payment_type_id: null,
      available_gift_certificate: true,
      min_basket_threshold: null,
    });
  });

  it('keeps only the methods whose thresholds hold the sum, and the certificate-friendly ones', async () => {
    const small = await h.json<Payment[]>('/api/v2/payment?sum=200000');
    expect(small.body.map((p) => p.tab)).not.toContain('credit');
    expect(small.body.map((p) => p.tab)).toContain('parts');
    const big = await h.json<Payment[]>('/api/v2/payment?sum=10000000');
    expect(big.body.map((p) => p.tab)).toContain('credit');
    expect(big.body.map((p) => p.tab)).not.toContain('parts');
    const gifts = await h.json<Payment[]>('/api/v2/payment?sum=500000&gift_certificates_only=1');
    expect(gifts.body.length).toBeGreaterThan(0);
    expect(gifts.body.every((p) => p.available_gift_certificate)).toBe(true);
    const narrowed = await h.json<Payment[]>('/api/v2/payment?sum=500000&payment_type_ids=17,64,13&tab=online');
    expect(narrowed.body.map((p) => p.id)).toEqual([17, 64]);
  });

  it('answers 422 for bad parameters', async () => {
    const bad = await h.json<ApiErrorBody>('/api/v2/payment?sum=-5&tab=cash&payment_type_ids=x');
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['payment_type_ids.0', 'sum', 'tab']);
  });
});

describe('POST /v2/actions/calc-apply-to-basket', () => {
  const calc = (body: unknown, query = '') =>
    h.json<CalcApplyToBasket & ApiErrorBody>(`/api/v2/actions/calc-apply-to-basket${query}`, {
      method: 'POST',
      headers: XHR,
      body: JSON.stringify(body),
    });

  it('applies the fridge promocode: 2 000 ₽ off each fridge, payments and deliveries narrowed to its lists', async () => {
    const fridge = await productOf(401, 'and o.price >= 3000000');
    const without = await calc({ basket: [{ product_id: fridge.id, qty: 2 }], actions_to_apply: [{ id: 106 }] });
    expect(without.status).toBe(200);
    expect(without.body.actions[0]).toMatchObject({ id: 106, applicable: false, reason: 'Нужен промокод акции' });
    expect(without.body.discount).toBe(0);
    expect(without.body.total_sum).toBe(fridge.price * 2);

    const withCode = await calc({ basket: [{ product_id: fridge.id, qty: 2 }], promocode: ' холод2000 ' });
    expect(withCode.body.promocode).toEqual({ code: 'холод2000', action_id: 106, message: null });
    expect(withCode.body.actions[0]).toMatchObject({ id: 106, applied: true, discount: 400_000 });
    expect(withCode.body.basket[0]).toMatchObject({
      product_id: fridge.id,
      qty: 2,
      price: fridge.price,
      discount: 400_000,
      final_price: fridge.price - 200_000,
      action_ids: [106],
    });
    expect(withCode.body.total_sum).toBe(fridge.price * 2 - 400_000);
    const [city] = await h.handle.query<{ delivery_type_ids: number[]; payment_type_ids: number[] }>(
      'select delivery_type_ids, payment_type_ids from cities where id = 1',
    );
    expect(withCode.body.allowed_payment_ids).toEqual(city!.payment_type_ids.filter((id) => [17, 13].includes(id)));
    expect(withCode.body.allowed_delivery_ids).toEqual(city!.delivery_type_ids.filter((id) => [1, 2].includes(id)));

    const wrongCode = await calc({ basket: [{ product_id: fridge.id }], promocode: 'НЕТТАКОГО' });
    expect(wrongCode.body.promocode?.message).toBe('Промокод не найден или не действует для этих товаров');
    expect(wrongCode.body.allowed_payment_ids).toEqual(city!.payment_type_ids);
  });

  it('keeps one present selected, the asked one when it is among the presents', async () => {
    const tv = await productOf(201, 'and p.id % 4 <> 3');
    const first = await calc({ basket: [{ product_id: tv.id }], actions_to_apply: [{ id: 105 }] });
    expect(first.status).toBe(200);
    const presents = first.body.actions[0]!.presents;
    expect(presents.length).toBeGreaterThan(1);
    expect(presents.filter((p) => p.selected).map((p) => p.product_id)).toEqual([presents[0]!.product_id]);
    const chosen = presents[1]!.product_id;
    const second = await calc({
      basket: [{ product_id: tv.id }],
      actions_to_apply: [{ id: 105, present_product_id: chosen }],
    });
    expect(second.body.present_product_id).toBe(chosen);
    expect(second.body.actions[0]!.presents.filter((p) => p.selected).map((p) => p.product_id)).toEqual([chosen]);
  });

  it('refuses actions that do not apply to the basket, missing products and bad input', async () => {
    const fridge = await productOf(401);
    const foreign = await calc({ basket: [{ product_id: fridge.id }], actions_to_apply: [{ id: 105 }] });
    expect(foreign.status).toBe(422);
    expect(foreign.body.errors).toEqual({ 'actions_to_apply.0.id': ['Акция не действует для товаров корзины.'] });
    const missing = await calc({ basket: [{ product_id: 99_999_999 }] });
    expect(missing.status).toBe(404);
    expect(missing.body.errors).toEqual({ 'basket.0.product_id': ['Товар не найден.'] });
    const bad = await calc({ basket: [{ product_id: 'x', qty: 0 }], actions_to_apply: 'all' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['actions_to_apply', 'basket.0.product_id', 'basket.0.qty']);
    const empty = await calc({ basket: [] });
    expect(empty.status).toBe(422);
  });
});
