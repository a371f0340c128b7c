// Pays an order by card at the sandbox acquirer, as a browser without JavaScript would, and answers what
// the acquirer was asked for and took, with the 54-FZ receipt it sent.
import { expect } from 'vitest';
import type { Receipt } from '@store/domain';
import type { Order } from '../schemas/orders.ts';
import { acquirerPage, type Harness } from './api-harness.ts';
import type { TestSession } from './session.ts';

export interface PaidByCard {
  amount: number;
  status: string;
  receipt: {
    total: number;
    items: {
      amount: number;
      price: number;
      qty: number;
      vat_code: string;
      payment_method: string;
      payment_object: string;
      prepayment?: number;
    }[];
    payments?: { electronic: number; prepayment: number };
  };
}

export async function payByCard(h: Harness, s: TestSession, orderId: number, holder = 'OLGA IVANOVA') {
  const created = await s.call<{ payment_id: number; confirmation_url: string }>('POST', '/api/create-payment', {
    order_id: orderId,
  });
  expect(created.status).toBe(201);
  const page = await acquirerPage(h, `${created.body.confirmation_url}/card`, {
    number: '4111 1111 1111 1111',
    expiry: '12/35',
    cvc: '123',
    holder,
  });
  expect(page.status).toBe(303);
  const [row] = await h.handle.query<PaidByCard>('select amount, status, receipt from payments where id = $1', [
    created.body.payment_id,
  ]);
  expect(row!.status).toBe('succeeded');
  return row!;
}

/**
 * `qty` units of one product picked up at a multicenter and paid by card on the site (payment 17), with
 * bonuses and a gift certificate when given: the order, the acquirer's answer and the succeeded payment row
 * (its receipt) that refunds start from.
 */
export async function paidPickupOrder(
  h: Harness,
  s: TestSession,
  order: {
    productId: number;
    qty: number;
    cityId: number;
    storeId: number;
    phone: string;
    idempotencyKey: string;
    bonuses?: number;
    certificate?: string;
  },
) {
  const added = await s.call<{ items: { id: number; product_id: number }[] }>('POST', '/api/basket/add-item', {
    product_id: order.productId,
    qty: order.qty,
  });
  const lineId = added.body.items.find((i) => i.product_id === order.productId)!.id;
  const placed = await s.call<Order>('POST', `/api/create-order?city_id=${order.cityId}`, {
    idempotency_key: order.idempotencyKey,
    line_ids: [lineId],
    contacts: { contact_name: 'Ольга', mobile_phone: order.phone },
    delivery: { delivery_type: 1, store_id: order.storeId },
    payment_type: 17,
    ...(order.bonuses ? { bonuses: order.bonuses } : {}),
    ...(order.certificate ? { gift_certificates: [order.certificate] } : {}),
  });
  expect(placed.status, JSON.stringify(placed.body)).toBe(201);
  const paid = await payByCard(h, s, placed.body.id);
  const [payment] = await h.handle.query<{ id: number; provider_payment_id: string; receipt: Receipt }>(
    `select id, provider_payment_id, receipt from payments where order_id = $1 and status = 'succeeded'`,
    [placed.body.id],
  );
  return { order: placed.body, paid, payment: payment! };
}
