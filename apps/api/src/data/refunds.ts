// All SQL of refunds (migrations 0028 and 0030, decisions 0052 and 0058): an order's succeeded payments with
// what their refunds gave back, a refund written once per idempotency key, its settlement, the refunds a job
// asks the acquirer about again, and the operators' list.
import type { TransactionHandle } from '@store/db';
import type { RefundStatus } from '@store/domain';

type Q = Pick<TransactionHandle, 'query'>;

const ts = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

export interface RefundablePaymentRow {
  payment_id: number;
  provider: string;
  provider_payment_id: string | null;
  amount: number;
  /** The sale receipt stored with the payment. */
  receipt: Record<string, unknown> | null;
  /** The sale receipt's positions and units its refunds gave back so far (any state: asked is taken). */
  returned: { position: number; qty: number }[];
}

/** The order's succeeded payments, oldest first, with what their refunds gave back. */
export function listOrderPaidPayments(q: Q, orderId: number) {
  return q.query<RefundablePaymentRow>(
    `select p.id as payment_id, p.provider, p.provider_payment_id, p.amount, p.receipt,
            coalesce((select jsonb_agg(l order by r.id) from payment_refunds r, jsonb_array_elements(r.lines) l
                       where r.payment_id = p.id), '[]'::jsonb) as returned
       from payments p
      where p.order_id = $1 and p.status = 'succeeded'
      order by p.id`,
    [orderId],
  );
}

export interface RefundRow {
  id: number;
  payment_id: number;
  order_id: number;
  amount: number;
  certificate_amount: number;
  status: RefundStatus;
  provider: string;
  provider_refund_id: string | null;
  idempotency_key: string;
  receipt: Record<string, unknown>;
  reason: string;
  failure_reason: string | null;
  attempts: number;
  created_at: string;
  settled_at: string | null;
  lines: { position: number; qty: number }[];
  created_by: string | null;
}

const REFUND_COLUMNS = `r.id, r.payment_id, r.order_id, r.amount, r.certificate_amount, r.status, r.provider,
  r.provider_refund_id, r.idempotency_key, r.receipt, r.reason, r.failure_reason, r.attempts,
  ${ts('r.created_at')} as created_at, ${ts('r.settled_at')} as settled_at, r.lines, r.created_by`;

/** Writes a refund once per idempotency key: a second call with the same key writes nothing and answers null. */
export async function insertRefund(
  q: Q,
  refund: {
    paymentId: number;
    orderId: number;
    amount: number;
    certificateAmount: number;
    provider: string;
    idempotencyKey: string;
    receipt: object;
    reason: string;
    lines: readonly { position: number; qty: number }[];
    createdBy?: string | null;
  },
) {
  const [row] = await q.query<{ id: number }>(
    `insert into payment_refunds (payment_id, order_id, amount, certificate_amount, provider, idempotency_key,
                                  receipt, reason, lines, created_by)
     values ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9::jsonb, $10)
     on conflict (idempotency_key) do nothing returning id`,
    [
      refund.paymentId,
      refund.orderId,
      refund.amount,
      refund.certificateAmount,
      refund.provider,
      refund.idempotencyKey,
      JSON.stringify(refund.receipt),
      refund.reason,
      JSON.stringify(refund.lines),
      refund.createdBy ?? null,
    ],
  );
  return row?.id ?? null;
}

export async function retrieveRefund(q: Q, refundId: number): Promise<RefundRow | null> {
  const [row] = await q.query<RefundRow>(`select ${REFUND_COLUMNS} from payment_refunds r where r.id = $1`, [refundId]);
  return row ?? null;
}

export async function retrieveRefundByKey(q: Q, idempotencyKey: string): Promise<RefundRow | null> {
  const [row] = await q.query<RefundRow>(`select ${REFUND_COLUMNS} from payment_refunds r where r.idempotency_key = $1`, [
    idempotencyKey,
  ]);
  return row ?? null;
}

/** Refunds for the operators' list, newest first, of one state or all; with how many there are. */
export async function listRefunds(q: Q, filter: { status: RefundStatus | null; limit: number; offset: number }) {
  const rows = await q.query<RefundRow>(
    `select ${REFUND_COLUMNS} from payment_refunds r
      where ($1::text is null or r.status = $1) order by r.id desc limit $2 offset $3`,
    [filter.status, filter.limit, filter.offset],
  );
  const [count] = await q.query<{ n: number }>(
    `select count(*)::int as n from payment_refunds where ($1::text is null or status = $1)`,
    [filter.status],
  );
  return { rows, total: count?.n ?? 0 };
}

/** A failed refund an operator asks for again: pending, its reason kept until the acquirer answers. */
export async function markRefundPending(q: Q, refundId: number) {
  await q.query(`update payment_refunds set status = 'pending', settled_at = null where id = $1`, [refundId]);
}

/** The order's refunds, oldest first. */
export function listOrderRefunds(q: Q, orderId: number) {
  return q.query<RefundRow>(`select ${REFUND_COLUMNS} from payment_refunds r where r.order_id = $1 order by r.id`, [
    orderId,
  ]);
}

export async function markRefundSucceeded(q: Q, refundId: number, providerRefundId: string | null) {
  await q.query(
    `update payment_refunds set status = 'succeeded', provider_refund_id = $2, failure_reason = null,
            attempts = attempts + 1, settled_at = now()
      where id = $1`,
    [refundId, providerRefundId],
  );
}

/** The acquirer refused for good: an operator returns the money by hand. */
export async function markRefundFailed(q: Q, refundId: number, reason: string) {
  await q.query(
    `update payment_refunds set status = 'failed', failure_reason = $2, attempts = attempts + 1, settled_at = now()
      where id = $1`,
    [refundId, reason.slice(0, 500)],
  );
}

/** The acquirer did not answer: still pending, asked again later. */
export async function noteRefundAttempt(q: Q, refundId: number, reason: string) {
  await q.query(`update payment_refunds set failure_reason = $2, attempts = attempts + 1 where id = $1`, [
    refundId,
    reason.slice(0, 500),
  ]);
}

/** Orders with a refund still pending, oldest first (the retry job locks each order and asks again). */
export async function listOrdersWithPendingRefunds(q: Q, limit: number) {
  const rows = await q.query<{ order_id: number }>(
    `select order_id from payment_refunds where status = 'pending'
      group by order_id order by min(created_at) limit $1`,
    [limit],
  );
  return rows.map((r) => r.order_id);
}

/** For the order detail query (alias `o`): the order's refunds as the Order object sums them up. */
export const ORDER_REFUNDS_JSON = `coalesce((select json_agg(json_build_object(
    'amount', r.amount, 'certificate_amount', r.certificate_amount, 'status', r.status) order by r.id)
    from payment_refunds r where r.order_id = o.id), '[]'::json)`;

export interface OrderRefundJsonRow {
  amount: number;
  certificate_amount: number;
  status: RefundStatus;
}

/** The refund receipts of an order's payments, newest first, for the receipt page. */
export function listRefundReceipts(q: Q, orderId: number) {
  return q.query<{
    id: number;
    payment_id: number;
    amount: number;
    status: RefundStatus;
    provider: string;
    receipt: Record<string, unknown>;
    created_at: string;
  }>(
    `select r.id, r.payment_id, r.amount, r.status, r.provider, r.receipt,
            ${ts('coalesce(r.settled_at, r.created_at)')} as created_at
       from payment_refunds r where r.order_id = $1 and r.status = 'succeeded' order by r.id desc`,
    [orderId],
  );
}

/** The order row locked (every change of an order's money goes through its lock), with the phone for the SMS. */
export async function lockOrderForRefund(tx: Q, orderId: number) {
  const [order] = await tx.query<{ id: number; status_id: string; mobile_phone: string }>(
    'select id, status_id, mobile_phone from orders where id = $1 for update',
    [orderId],
  );
  return order ?? null;
}

/** The acquirer's id of the payment a refund gives back, null before the acquirer named it. */
export async function retrievePaymentProviderId(tx: Q, paymentId: number): Promise<string | null> {
  const [payment] = await tx.query<{ provider_payment_id: string | null }>(
    'select provider_payment_id from payments where id = $1',
    [paymentId],
  );
  return payment?.provider_payment_id ?? null;
}
