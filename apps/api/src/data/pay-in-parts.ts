// All SQL of «Частями» (payment 19, issue 17, migration 0022): the provider's limit checks per basket
// and the orders' plans of four payments.
import type { TransactionHandle } from '@store/db';
import type { PartsLimit } from '@store/domain';

type Q = Pick<TransactionHandle, 'query'>;

const ts = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

export async function insertPartsCheck(q: Q, basketId: string, phone: string, provider: string, limit: PartsLimit) {
  await q.query(
    `insert into pay_in_parts_checks (basket_id, phone, provider, status, credit_limit, range_min, range_max, warranty)
     values ($1, $2, $3, $4, $5, $6, $7, $8)`,
    [
      basketId,
      phone,
      provider,
      limit.status,
      limit.creditLimit,
      limit.range?.min ?? null,
      limit.range?.max ?? null,
      limit.warranty,
    ],
  );
}

/** The newest limit this basket checked for the phone within `minutes`, or null. */
export async function retrieveRecentPartsCheck(
  q: Q,
  basketId: string,
  phone: string,
  minutes: number,
): Promise<PartsLimit | null> {
  const [row] = await q.query<{
    status: PartsLimit['status'];
    credit_limit: number;
    range_min: number | null;
    range_max: number | null;
    warranty: boolean;
  }>(
    `select status, credit_limit, range_min, range_max, warranty from pay_in_parts_checks
      where basket_id = $1 and phone = $2 and checked_at > now() - make_interval(mins => $3)
      order by checked_at desc, id desc limit 1`,
    [basketId, phone, minutes],
  );
  if (!row) return null;
  return {
    status: row.status,
    creditLimit: row.credit_limit,
    range: row.range_min !== null && row.range_max !== null ? { min: row.range_min, max: row.range_max } : null,
    warranty: row.warranty,
  };
}

export interface PartsPlanRow {
  order_id: number;
  phone: string;
  provider: string;
  total: number;
  schedule: { n: number; date: string; amount: number }[];
  status: 'waiting' | 'active' | 'cancelled';
  created_at: string;
  activated_at: string | null;
  cancelled_at: string | null;
}

export async function insertPartsPlan(
  q: Q,
  plan: { orderId: number; phone: string; provider: string; total: number; schedule: PartsPlanRow['schedule'] },
) {
  await q.query(
    `insert into pay_in_parts_plans (order_id, phone, provider, total, schedule) values ($1, $2, $3, $4, $5)`,
    [plan.orderId, plan.phone, plan.provider, plan.total, JSON.stringify(plan.schedule)],
  );
}

export async function retrievePartsPlan(q: Q, orderId: number, lock = false): Promise<PartsPlanRow | null> {
  const [row] = await q.query<PartsPlanRow>(
    `select order_id, phone, provider, total, schedule, status, ${ts('created_at')} as created_at,
            ${ts('activated_at')} as activated_at, ${ts('cancelled_at')} as cancelled_at
       from pay_in_parts_plans where order_id = $1${lock ? ' for update' : ''}`,
    [orderId],
  );
  return row ?? null;
}

/** The first part is paid: the plan runs, its dates counted from today. False when it already ran. */
export async function activatePartsPlan(q: Q, orderId: number, schedule: PartsPlanRow['schedule']) {
  const rows = await q.query<{ order_id: number }>(
    `update pay_in_parts_plans set status = 'active', activated_at = now(), schedule = $2
      where order_id = $1 and status = 'waiting' returning order_id`,
    [orderId, JSON.stringify(schedule)],
  );
  return rows.length > 0;
}

/** The order was cancelled and the provider told: the plan stops. False when it was already stopped. */
export async function cancelPartsPlanRow(q: Q, orderId: number) {
  const rows = await q.query<{ order_id: number }>(
    `update pay_in_parts_plans set status = 'cancelled', cancelled_at = now()
      where order_id = $1 and status <> 'cancelled' returning order_id`,
    [orderId],
  );
  return rows.length > 0;
}
