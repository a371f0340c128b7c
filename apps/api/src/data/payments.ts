// All SQL of payments: the order facts a payment needs, payments and their provider sessions,
// received callbacks, and what a successful payment changes on its order.
import type { TransactionHandle } from '@store/db';

type Q = Pick<TransactionHandle, 'query'>;

export interface PaymentOrderRow {
  id: number;
  basket_id: string | null;
  customer_id: number | null;
  city_id: number;
  city_name: string | null;
  status_id: string;
  payment_status_oi: number;
  order_type_id: number;
  contact_name: string;
  contact_surname: string | null;
  mobile_phone: string;
  email: string | null;
  delivery_type: number;
  delivery_address: string | null;
  store_id: number | null;
  delivery_date: string | null;
  delivery_time_from: string | null;
  delivery_time_to: string | null;
  delivery_cost: number;
  payment_type: number;
  sum: number;
  discount: number;
  total_sum: number;
  sum_prepaid: number;
  /** The promotions applied when the order was placed (decision 0009). */
  actions: OrderActionsSnapshot;
  inserted_at: string;
}

/** What create-order stores in `orders.actions`: the ids asked for, the present, and (since 0009) what applied. */
export interface OrderActionsSnapshot {
  actionIds: number[];
  presentProductId?: number | null;
  /** The payment ids the applied promotions allow; absent on orders placed before decision 0009. */
  paymentIds?: number[] | null;
  applied?: { id: number; public_name: string; action_type: string; discount: number; promocode: string | null }[];
}

const ORDER_COLUMNS = `o.id, o.basket_id, o.customer_id, o.city_id, c.name as city_name, o.status_id,
  o.payment_status_oi, o.order_type_id, o.contact_name, o.contact_surname, o.mobile_phone, o.email,
  o.delivery_type, o.delivery_address, o.store_id, o.delivery_date, o.delivery_time_from, o.delivery_time_to,
  o.delivery_cost, o.payment_type, o.sum, o.discount, o.total_sum, o.sum_prepaid, o.actions,
  to_char(o.inserted_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as inserted_at`;

/** An order by its number; `lock` holds its row until the transaction ends (payments of one order queue up). */
export async function retrievePaymentOrder(q: Q, orderId: number, options: { lock?: boolean } = {}) {
  const rows = await q.query<PaymentOrderRow>(
    `select ${ORDER_COLUMNS}
       from orders o left join cities c on c.id = o.city_id
      where o.id = $1${options.lock ? ' for update of o' : ''}`,
    [orderId],
  );
  return rows[0] ?? null;
}

export interface PaymentOrderLineRow {
  id: number;
  product_id: number;
  parent_id: number | null;
  kind: string;
  warranty_id: number | null;
  name: string;
  qty: number;
  price: number;
  final_price: number;
  vat: number;
  url: string | null;
  image: string | null;
}

export function listPaymentOrderLines(q: Q, orderId: number) {
  return q.query<PaymentOrderLineRow>(
    `select l.id, l.product_id, l.parent_id, l.kind, l.warranty_id, l.name, l.qty, l.price, l.final_price,
            l.vat::int as vat, '/catalog/' || c.code || '/' || c.id || '/' || p.id as url, p.image
       from order_lines l
       left join products p on p.id = l.product_id
       left join categories c on c.id = p.category_id
      where l.order_id = $1
      order by coalesce(l.parent_id, l.id), l.parent_id nulls first, l.id`,
    [orderId],
  );
}

export interface PaymentRow {
  id: number;
  order_id: number;
  payment_type_id: number;
  amount: number;
  status: string;
  provider: string;
  provider_payment_id: string | null;
  confirmation_url: string | null;
  receipt: Record<string, unknown> | null;
  decline_reason: string | null;
  paid_at: string | null;
  created_at: string;
}

const PAYMENT_COLUMNS = `id, order_id, payment_type_id, amount, status, provider, provider_payment_id,
  confirmation_url, receipt, decline_reason,
  to_char(paid_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as paid_at,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at`;

export async function retrievePayment(q: Q, paymentId: number, options: { lock?: boolean } = {}) {
  const rows = await q.query<PaymentRow>(
    `select ${PAYMENT_COLUMNS} from payments where id = $1${options.lock ? ' for update' : ''}`,
    [paymentId],
  );
  return rows[0] ?? null;
}

export async function retrievePaymentByProviderId(q: Q, provider: string, providerPaymentId: string) {
  const rows = await q.query<PaymentRow>(
    `select ${PAYMENT_COLUMNS} from payments where provider = $1 and provider_payment_id = $2 for update`,
    [provider, providerPaymentId],
  );
  return rows[0] ?? null;
}

/** The order's newest payment, or null. */
export async function retrieveLatestPayment(q: Q, orderId: number) {
  const rows = await q.query<PaymentRow>(
    `select ${PAYMENT_COLUMNS} from payments where order_id = $1 order by id desc limit 1`,
    [orderId],
  );
  return rows[0] ?? null;
}

/** Statuses of a payment the shopper may still complete at the provider. */
export const OPEN_PAYMENT_STATUSES = ['created', 'pending', 'waiting_3ds'] as const;

export async function retrieveOpenPayment(q: Q, orderId: number) {
  const rows = await q.query<PaymentRow>(
    `select ${PAYMENT_COLUMNS} from payments
      where order_id = $1 and status = any($2::text[]) order by id desc limit 1`,
    [orderId, [...OPEN_PAYMENT_STATUSES]],
  );
  return rows[0] ?? null;
}

export async function insertPayment(
  q: Q,
  input: { orderId: number; paymentTypeId: number; amount: number; provider: string; receipt: object },
) {
  const rows = await q.query<{ id: number }>(
    `insert into payments (order_id, payment_type_id, amount, status, provider, receipt)
     values ($1, $2, $3, 'created', $4, $5::jsonb) returning id`,
    [input.orderId, input.paymentTypeId, input.amount, input.provider, JSON.stringify(input.receipt)],
  );
  return rows[0]!.id;
}

/** A (re)started provider session: the payment waits for the shopper at the confirmation page. */
export async function setPaymentSession(
  q: Q,
  paymentId: number,
  session: { providerPaymentId: string; confirmationUrl: string; amount: number; receipt: object },
) {
  await q.query(
    `update payments set status = 'pending', provider_payment_id = $2, confirmation_url = $3, amount = $4,
            receipt = $5::jsonb, decline_reason = null, updated_at = now()
      where id = $1`,
    [paymentId, session.providerPaymentId, session.confirmationUrl, session.amount, JSON.stringify(session.receipt)],
  );
}

export async function cancelPayment(q: Q, paymentId: number) {
  await q.query(`update payments set status = 'cancelled', updated_at = now() where id = $1`, [paymentId]);
}

export async function markPaymentSucceeded(q: Q, paymentId: number) {
  await q.query(`update payments set status = 'succeeded', paid_at = now(), updated_at = now() where id = $1`, [
    paymentId,
  ]);
}

/** The receipt issued with the money: it replaces the one sent when the payment started. */
export async function setPaymentReceipt(q: Q, paymentId: number, receipt: object) {
  await q.query(`update payments set receipt = $2::jsonb, updated_at = now() where id = $1`, [
    paymentId,
    JSON.stringify(receipt),
  ]);
}

export async function markPaymentDeclined(q: Q, paymentId: number, reason: string | null) {
  await q.query(`update payments set status = 'declined', decline_reason = $2, updated_at = now() where id = $1`, [
    paymentId,
    reason,
  ]);
}

/** The order is paid: status-oi 2, status 'P' with its history row, the amount added to sum_prepaid. */
export async function markOrderPaid(q: Q, orderId: number, amount: number) {
  await q.query(
    `update orders set payment_status_oi = 2, status_id = 'P', sum_prepaid = sum_prepaid + $2, updated_at = now()
      where id = $1`,
    [orderId, amount],
  );
  await q.query(`insert into order_status_history (order_id, status_id) values ($1, 'P')`, [orderId]);
}

export async function insertPaymentCallback(
  q: Q,
  input: { provider: string; eventId: string; paymentId: number | null; signatureValid: boolean; payload: unknown },
) {
  await q.query(
    `insert into payment_callbacks (provider, event_id, payment_id, signature_valid, payload)
     values ($1, $2, $3, $4, $5::jsonb)`,
    [input.provider, input.eventId, input.paymentId, input.signatureValid, JSON.stringify(input.payload)],
  );
}

/** Whether a signed event with this id was already taken in (a repeated callback changes nothing). */
export async function callbackSeen(q: Q, provider: string, eventId: string) {
  const rows = await q.query<{ n: number }>(
    `select count(*)::int as n from payment_callbacks where provider = $1 and event_id = $2 and signature_valid`,
    [provider, eventId],
  );
  return (rows[0]?.n ?? 0) > 0;
}

