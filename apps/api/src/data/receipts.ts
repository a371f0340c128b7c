// SQL of order receipts: the order's newest succeeded payment with the 54-FZ receipt stored with it.
import type { TransactionHandle } from '@store/db';

type Q = Pick<TransactionHandle, 'query'>;

export interface ReceiptPaymentRow {
  id: number;
  order_id: number;
  payment_type_id: number;
  amount: number;
  provider: string;
  receipt: Record<string, unknown> | null;
  paid_at: string | null;
}

export async function retrieveSucceededPayment(q: Q, orderId: number) {
  const rows = await q.query<ReceiptPaymentRow>(
    `select id, order_id, payment_type_id, amount, provider, receipt,
            to_char(paid_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as paid_at
       from payments
      where order_id = $1 and status = 'succeeded'
      order by id desc limit 1`,
    [orderId],
  );
  return rows[0] ?? null;
}
