// All SQL of gift certificates (migration 0020, docs/decisions/0027): the certificates and the orders
// that use them. A certificate's balance is its nominal less the uses of orders not cancelled
// (`returned_at` null) less what partial refunds gave back of them (`returned_amount`, decision 0058); a
// use is written only with the certificate's row locked.
import type { TransactionHandle } from '@store/db';

type Q = Pick<TransactionHandle, 'query'>;

export interface CertificateRow {
  id: number;
  code: string;
  nominal: number;
  order_id: number | null;
  recipient_email: string | null;
  recipient_name: string | null;
  issued_at: Date | null;
  expires_at: Date | null;
  /** Kopecks held or spent by orders that are not cancelled. */
  used: number;
}

const COLUMNS = `g.id, g.code, g.nominal, g.order_id, g.recipient_email, g.recipient_name, g.issued_at, g.expires_at,
  coalesce((select sum(u.amount - u.returned_amount) from gift_certificate_uses u
             where u.certificate_id = g.id and u.returned_at is null), 0)::int as used`;

const toDate = (v: unknown) => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));
const row = (r: CertificateRow): CertificateRow => ({ ...r, issued_at: toDate(r.issued_at), expires_at: toDate(r.expires_at) });

export async function retrieveCertificatesByCode(q: Q, codes: readonly string[]): Promise<CertificateRow[]> {
  if (codes.length === 0) return [];
  const rows = await q.query<CertificateRow>(`select ${COLUMNS} from gift_certificates g where g.code = any($1::text[])`, [
    [...codes],
  ]);
  return rows.map(row);
}

/**
 * Locks the certificates in id order (every order locks them the same way, so two orders never
 * wait on each other in a cycle), then reads their balances under the lock.
 */
export async function lockCertificates(q: Q, ids: readonly number[]): Promise<CertificateRow[]> {
  if (ids.length === 0) return [];
  await q.query(`select id from gift_certificates where id = any($1::int[]) order by id for update`, [[...ids]]);
  const rows = await q.query<CertificateRow>(
    `select ${COLUMNS} from gift_certificates g where g.id = any($1::int[]) order by g.id`,
    [[...ids]],
  );
  return rows.map(row);
}

export async function insertCertificateUse(q: Q, use: { certificateId: number; orderId: number; amount: number }) {
  await q.query(`insert into gift_certificate_uses (certificate_id, order_id, amount) values ($1, $2, $3)`, [
    use.certificateId,
    use.orderId,
    use.amount,
  ]);
}

/** Gives back what a cancelled order held; repeatable (a returned use is not returned twice). */
export async function returnCertificateUses(q: Q, orderId: number): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `update gift_certificate_uses set returned_at = now() where order_id = $1 and returned_at is null returning id`,
    [orderId],
  );
  return rows.length;
}

/**
 * A partial refund's certificate share (decision 0058) back on the order's certificates, oldest use first,
 * each up to what it still holds; the certificates locked in id order as every writer locks them. Answers
 * the kopecks given back (less than `amount` only if the uses hold less, which the caller's receipt forbids).
 */
export async function returnCertificateShare(q: Q, orderId: number, amount: number): Promise<number> {
  if (amount <= 0) return 0;
  await q.query(
    `select g.id from gift_certificates g
      where g.id in (select certificate_id from gift_certificate_uses where order_id = $1) order by g.id for update`,
    [orderId],
  );
  const uses = await q.query<{ id: number; held: number }>(
    `select id, amount - returned_amount as held from gift_certificate_uses
      where order_id = $1 and returned_at is null and amount > returned_amount order by id`,
    [orderId],
  );
  let left = amount;
  for (const use of uses) {
    if (left === 0) break;
    const back = Math.min(left, use.held);
    await q.query(`update gift_certificate_uses set returned_amount = returned_amount + $2 where id = $1`, [
      use.id,
      back,
    ]);
    left -= back;
  }
  return amount - left;
}

export interface OrderCertificateUse {
  code: string;
  amount: number;
  returned: boolean;
}

export async function listOrderCertificateUses(q: Q, orderId: number): Promise<OrderCertificateUse[]> {
  return q.query<OrderCertificateUse>(
    `select g.code, u.amount, (u.returned_at is not null) as returned
       from gift_certificate_uses u join gift_certificates g on g.id = u.certificate_id
      where u.order_id = $1 order by u.id`,
    [orderId],
  );
}

/** Adds the certificates' kopecks to what the order has already got (waiting_sum = total − prepaid). */
export async function addOrderPrepaid(q: Q, orderId: number, amount: number) {
  await q.query(`update orders set sum_prepaid = sum_prepaid + $2, updated_at = now() where id = $1`, [orderId, amount]);
}

export async function insertCertificate(
  q: Q,
  c: {
    code: string;
    nominal: number;
    orderId: number | null;
    recipientEmail: string | null;
    recipientName: string | null;
    issuedAt: Date | null;
    expiresAt: Date | null;
  },
): Promise<number> {
  const rows = await q.query<{ id: number }>(
    `insert into gift_certificates (code, nominal, order_id, recipient_email, recipient_name, issued_at, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7) returning id`,
    [c.code, c.nominal, c.orderId, c.recipientEmail, c.recipientName, c.issuedAt, c.expiresAt],
  );
  return rows[0]!.id;
}

/** The certificates an order bought that are not issued yet, locked (the payment's transaction issues them). */
export async function lockUnissuedOrderCertificates(q: Q, orderId: number): Promise<CertificateRow[]> {
  await q.query(`select id from gift_certificates where order_id = $1 and issued_at is null order by id for update`, [
    orderId,
  ]);
  const rows = await q.query<CertificateRow>(
    `select ${COLUMNS} from gift_certificates g where g.order_id = $1 and g.issued_at is null order by g.id`,
    [orderId],
  );
  return rows.map(row);
}

export async function markCertificateIssued(q: Q, id: number, issuedAt: Date, expiresAt: Date) {
  await q.query(`update gift_certificates set issued_at = $2, expires_at = $3 where id = $1`, [id, issuedAt, expiresAt]);
}

/** Whether an order bought certificates (its lines are certificates, not goods). */
export async function orderBuysCertificates(q: Q, orderId: number): Promise<boolean> {
  const rows = await q.query<{ n: number }>(`select count(*)::int as n from gift_certificates where order_id = $1`, [
    orderId,
  ]);
  return (rows[0]?.n ?? 0) > 0;
}

/**
 * What an order's receipt needs of certificates (decision 0048): whether it sells them (an advance) and
 * the kopecks certificates pay of it (uses not returned: the advance it offsets).
 */
export async function retrieveOrderCertificateFacts(q: Q, orderId: number): Promise<{ sells: boolean; prepaid: number }> {
  const rows = await q.query<{ sells: boolean; prepaid: number }>(
    `select exists (select 1 from gift_certificates where order_id = $1) as sells,
            coalesce((select sum(amount) from gift_certificate_uses where order_id = $1 and returned_at is null), 0)::int
              as prepaid`,
    [orderId],
  );
  return rows[0] ?? { sells: false, prepaid: 0 };
}

/** What one certificate paid of an order, as the order page shows it: the code's last four characters only. */
export interface OrderCertificateRow {
  code_tail: string;
  amount: number;
  returned: boolean;
}

/** For the order detail query (alias `o`): the certificates that pay the order. */
export const ORDER_CERTIFICATES_JSON = `coalesce((select json_agg(json_build_object(
    'code_tail', right(g.code, 4), 'amount', u.amount, 'returned', u.returned_at is not null) order by u.id)
    from gift_certificate_uses u join gift_certificates g on g.id = u.certificate_id where u.order_id = o.id), '[]'::json)`;

/** Whether the order sold gift certificates that are already issued (their codes sent to the buyer). */
export async function sellsIssuedCertificates(q: Q, orderId: number): Promise<boolean> {
  const rows = await q.query<{ issued: boolean }>(
    `select exists (select 1 from gift_certificates where order_id = $1 and issued_at is not null) as issued`,
    [orderId],
  );
  return rows[0]?.issued ?? false;
}
