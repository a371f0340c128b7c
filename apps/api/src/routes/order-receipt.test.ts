import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiptVatCode, standardVatRate } from '@store/domain';
import type { ApiErrorBody } from '../http/errors.ts';
import type { Order } from '../schemas/orders.ts';
import type { CreatedPayment } from '../schemas/payments.ts';
import type { OrderReceipt } from '../schemas/receipts.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { insertOrder, newBasketId, type FixtureOrder } from '../test/order-fixture.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

const XHR = { 'x-requested-with': 'XMLHttpRequest' };
const as = (basketId: string): Record<string, string> => ({ cookie: `basket_id=${basketId}` });

/** Pays an order at the sandbox card page, as a browser without JavaScript would. */
async function payWithCard(order: FixtureOrder, number: string) {
  const created = await h.json<CreatedPayment>('/api/create-payment', {
    method: 'POST',
    headers: { ...XHR, ...as(order.basketId), 'content-type': 'application/json' },
    body: JSON.stringify({ order_id: order.id }),
  });
  expect(created.status).toBe(201);
  const response = await h.api.sandboxAcquirer!.fetch(
    new Request(`http://store.test${created.body.confirmation_url}/card`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ number, expiry: '12/35', cvc: '123', holder: 'IVAN PETROV' }).toString(),
    }),
  );
  expect(response.status).toBe(303);
  return created.body.payment_id;
}

const receiptOf = (order: { id: number }, basketId: string) =>
  h.json<OrderReceipt & ApiErrorBody>(`/api/v3/customer/orders/${order.id}/receipt`, { headers: as(basketId) });
const orderOf = (order: FixtureOrder) =>
  h.json<Order>(`/api/v3/customer/orders/${order.id}`, { headers: as(order.basketId) });

describe('GET /v3/customer/orders/{id}/receipt', () => {
  it('answers the receipt of a paid order to its guest owner, and the order links to it', async () => {
    const order = await insertOrder(h.handle, { vats: [20, 10], warranty: true, deliveryCost: 290_00 });
    expect((await orderOf(order)).body.link_to_order_receipt).toBeNull();
    expect((await receiptOf(order, order.basketId)).status).toBe(404);

    const paymentId = await payWithCard(order, '4111 1111 1111 1111');
    expect((await orderOf(order)).body.link_to_order_receipt).toBe(`/cart/receipt/${order.id}`);
    const { status, body, headers } = await receiptOf(order, order.basketId);
    expect(status).toBe(200);
    expect(headers.get('cache-control')).toBe('no-store');
    expect(body).toMatchObject({
      order_id: order.id,
      title: 'Кассовый чек (тестовый)',
      operation: 'Приход',
      is_test: true,
      seller: { name: 'ООО «Мультицентр»', taxation_system: 'osn', taxation_system_name: 'ОСН' },
      payment: { id: paymentId, payment_type_id: 1017, payment_type_name: 'Банковской картой', amount: order.totalSum },
      customer: { phone: '79161234567', email: 'ivan@example.ru' },
      total: order.totalSum,
    });
    expect(body.test_note).toContain('фискальные данные');
    expect(body.payment.paid_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
    // The standard rate at the moment of the sale (22 % from 1 January 2026, 425-ФЗ), the 10 % kept.
    const std = standardVatRate(new Date());
    const stdName = `НДС ${std}%`;
    expect(body.items.map((i) => [i.name, i.qty, i.vat_name, i.vat_rate, i.payment_object_name])).toEqual([
      [order.lines[0]!.name, 1, stdName, std, 'Товар'],
      ['Дополнительная гарантия 2 года', 1, stdName, std, 'Услуга'],
      [order.lines[1]!.name, 1, 'НДС 10%', 10, 'Товар'],
      ['Доставка', 1, stdName, std, 'Услуга'],
    ]);
    expect(body.issued_at).toMatch(/^\d{4}-\d\d-\d\dT/);
    for (const item of body.items) {
      const rate = item.vat_rate!;
      expect(item.vat_amount).toBe(Math.round((item.amount * rate) / (100 + rate)));
      expect(item.payment_method_name).toBe('Предоплата 100%');
    }
    expect(body.items.reduce((s, i) => s + i.amount, 0)).toBe(order.totalSum);
    const stdCode = receiptVatCode(std);
    const vatStd = body.items.filter((i) => i.vat_code === stdCode).reduce((s, i) => s + i.vat_amount, 0);
    expect(body.vat_totals).toEqual([
      { vat_code: stdCode, name: stdName, amount: vatStd },
      { vat_code: 'vat10', name: 'НДС 10%', amount: body.items[2]!.vat_amount },
    ]);
  });

  it('is 404 for another basket, an unknown order, and an order whose payment was declined', async () => {
    const paid = await insertOrder(h.handle);
    await payWithCard(paid, '4111111111111111');
    const stranger = await receiptOf(paid, newBasketId());
    expect(stranger.status).toBe(404);
    expect(stranger.body.message).toBe('Чек не найден');
    expect((await h.json(`/api/v3/customer/orders/${paid.id}/receipt`)).status).toBe(404);
    expect((await receiptOf({ id: 9_999_999 }, paid.basketId)).status).toBe(404);

    const declined = await insertOrder(h.handle);
    await payWithCard(declined, '4000 0000 0000 0002');
    expect((await receiptOf(declined, declined.basketId)).status).toBe(404);
    expect((await orderOf(declined)).body.link_to_order_receipt).toBeNull();
  });

  it('answers 422 for an id that is no number', async () => {
    expect((await h.json('/api/v3/customer/orders/abc/receipt')).status).toBe(422);
  });
});
