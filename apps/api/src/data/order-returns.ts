// SQL of the return of a completed order (services/order-return.ts, decision 0061).
import type { TransactionHandle } from '@store/db';

type Q = Pick<TransactionHandle, 'query'>;

export interface ReturnOrderRow {
  id: number;
  status_id: string;
  mobile_phone: string;
  email: string | null;
  contact_name: string;
  payment_type: number;
  payment_status_oi: number;
}

/** The order row locked, as every change of an order's money and stock takes it first. */
export async function lockOrderForReturn(q: Q, orderId: number): Promise<ReturnOrderRow | null> {
  const [row] = await q.query<ReturnOrderRow>(
    `select id, status_id, mobile_phone, email, contact_name, payment_type, payment_status_oi
       from orders where id = $1 for update`,
    [orderId],
  );
  return row ?? null;
}

/**
 * When the order was last marked completed, and when it was cancelled after that (a return: a completed
 * order has no other way to status I). Nulls when it never was.
 */
export async function retrieveCompletion(
  q: Q,
  orderId: number,
): Promise<{ completedAt: Date | null; returnedAt: Date | null }> {
  const rows = await q.query<{ status_id: string; at: Date }>(
    `select status_id, at from order_status_history where order_id = $1 and status_id in ('F', 'I') order by id`,
    [orderId],
  );
  let completedAt: Date | null = null;
  let returnedAt: Date | null = null;
  for (const row of rows) {
    if (row.status_id === 'F') {
      completedAt = new Date(row.at);
      returnedAt = null;
    } else if (completedAt) {
      returnedAt = new Date(row.at);
    }
  }
  return { completedAt, returnedAt };
}

/**
 * A supplier's units were shipped to the shopper through us: on a return they are not the supplier's
 * offer again. Their reservations are closed without giving the units back (releaseSupplierReservations
 * then finds nothing to release); our own stores' units go back to sale as on any cancellation.
 */
export async function closeDeliveredSupplierReservations(q: Q, orderId: number) {
  await q.query(`update supplier_reservations set released_at = now() where order_id = $1 and released_at is null`, [
    orderId,
  ]);
}

/** The order's bonuses a return moved: accruals cancelled and write-offs given back, in bonuses. */
export async function retrieveReturnBonuses(q: Q, orderId: number) {
  const [row] = await q.query<{ cancelled: number; returned: number }>(
    `select coalesce(sum(-amount) filter (where kind = 'RetailOrderBonus' and amount < 0), 0)::int as cancelled,
            coalesce(sum(amount) filter (where kind = 'RetailOrderPayment' and amount > 0), 0)::int as returned
       from loyalty_entries where order_id = $1`,
    [orderId],
  );
  return { accrualCancelled: row?.cancelled ?? 0, bonusesReturned: row?.returned ?? 0 };
}

/** The order's lines in the order its sale receipt lists them (data/payments.ts listPaymentOrderLines). */
export async function listReceiptOrderLines(q: Q, orderId: number) {
  return q.query<{ id: number; name: string; qty: number }>(
    `select l.id, l.name, l.qty from order_lines l
      where l.order_id = $1 and l.qty > 0
      order by coalesce(l.parent_id, l.id), l.parent_id nulls first, l.id`,
    [orderId],
  );
}

/** The pending accruals of the order's lines (not yet usable at `now`), with what was cancelled of each. */
export async function listPendingAccruals(q: Q, orderId: number, now: Date) {
  return q.query<{ id: number; card_id: number; order_line_id: number; amount: number; cancelled: number }>(
    `select e.id, e.card_id, e.order_line_id, e.amount,
            coalesce((select sum(-c.amount) from loyalty_entries c
                       where c.reverses_id = e.id and c.kind = 'RetailOrderBonus' and c.amount < 0), 0)::int as cancelled
       from loyalty_entries e
      where e.order_id = $1 and e.kind = 'RetailOrderBonus' and e.amount > 0 and e.order_line_id is not null
        and e.available_from > $2
      order by e.id`,
    [orderId, now.toISOString()],
  );
}
