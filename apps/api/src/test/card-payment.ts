// Pays an order by card at the sandbox acquirer, as a browser without JavaScript would, and answers what
// the acquirer was asked for and took, with the 54-FZ receipt it sent.
import { expect } from 'vitest';
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
