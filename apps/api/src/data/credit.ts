// All SQL of credit applications, the banks' offers, lender callbacks and insurance / finance
// requests (issue 17, migration 0017).
import type { DatabaseHandle, TransactionHandle } from '@store/db';

type Q = Pick<TransactionHandle, 'query'>;

const ts = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

export interface CreditApplicationRow {
  id: number;
  order_id: number;
  payment_type: number;
  kind: 'credit' | 'instalment' | 'loan';
  instalment_label: string | null;
  amount: number;
  months: number;
  monthly_payment: number;
  basket: { name: string; qty: number; price: number }[];
  applicant: Record<string, unknown> | null;
  phone: string;
  phone_confirmed: boolean;
  status: string;
  chosen_offer_id: number | null;
  signed_at: string | null;
  code_purpose: string | null;
  code_hash: string | null;
  code_expired: boolean;
  code_attempts: number;
  expires_at: string;
  created_at: string;
}

const APPLICATION_COLUMNS = `id, order_id, payment_type, kind, instalment_label, amount, months, monthly_payment, basket,
  applicant, phone, phone_confirmed_at is not null as phone_confirmed, status, chosen_offer_id, ${ts('signed_at')} as signed_at,
  code_purpose, code_hash, coalesce(code_expires_at <= now(), true) as code_expired, code_attempts,
  ${ts('expires_at')} as expires_at, ${ts('created_at')} as created_at`;

export async function insertCreditApplication(
  tx: Q,
  a: {
    orderId: number;
    paymentType: number;
    kind: CreditApplicationRow['kind'];
    instalmentLabel: string | null;
    amount: number;
    months: number;
    monthlyPayment: number;
    basket: CreditApplicationRow['basket'];
    phone: string;
    ttlMinutes: number;
  },
) {
  const [row] = await tx.query<{ id: number }>(
    `insert into credit_applications (order_id, payment_type, kind, instalment_label, amount, months, monthly_payment,
                                      basket, phone, expires_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, now() + make_interval(mins => $10))
     returning id`,
    [
      a.orderId,
      a.paymentType,
      a.kind,
      a.instalmentLabel,
      a.amount,
      a.months,
      a.monthlyPayment,
      JSON.stringify(a.basket),
      a.phone,
      a.ttlMinutes,
    ],
  );
  return row!.id;
}

export async function retrieveApplicationByOrder(q: Q, orderId: number, lock = false) {
  const [row] = await q.query<CreditApplicationRow>(
    `select ${APPLICATION_COLUMNS} from credit_applications where order_id = $1${lock ? ' for update' : ''}`,
    [orderId],
  );
  return row ?? null;
}

export async function updateApplication(
  q: Q,
  id: number,
  fields: {
    status?: string;
    months?: number;
    monthlyPayment?: number;
    applicant?: Record<string, unknown>;
    phone?: string;
    phoneConfirmed?: boolean;
    consent?: boolean;
    chosenOfferId?: number;
    signed?: boolean;
  },
) {
  const sets: string[] = ['updated_at = now()'];
  const values: unknown[] = [id];
  const put = (sql: string, value: unknown) => {
    values.push(value);
    sets.push(sql.replace('?', `$${values.length}`));
  };
  if (fields.status !== undefined) put('status = ?', fields.status);
  if (fields.months !== undefined) put('months = ?', fields.months);
  if (fields.monthlyPayment !== undefined) put('monthly_payment = ?', fields.monthlyPayment);
  if (fields.applicant !== undefined) put('applicant = ?', JSON.stringify(fields.applicant));
  if (fields.phone !== undefined) put('phone = ?', fields.phone);
  if (fields.phoneConfirmed) sets.push('phone_confirmed_at = now()');
  if (fields.consent) sets.push('consent_at = now()');
  if (fields.chosenOfferId !== undefined) put('chosen_offer_id = ?', fields.chosenOfferId);
  if (fields.signed) sets.push('signed_at = now()');
  await q.query(`update credit_applications set ${sets.join(', ')} where id = $1`, values);
}

/** A new SMS code for the application (the older one stops working). */
export async function setApplicationCode(q: Q, id: number, purpose: string, codeHash: string, ttlS: number) {
  await q.query(
    `update credit_applications set code_purpose = $2, code_hash = $3, code_attempts = 0,
            code_expires_at = now() + make_interval(secs => $4), updated_at = now() where id = $1`,
    [id, purpose, codeHash, ttlS],
  );
}

export async function countCodeAttempt(q: Q, id: number) {
  await q.query('update credit_applications set code_attempts = code_attempts + 1 where id = $1', [id]);
}

export async function clearApplicationCode(q: Q, id: number) {
  await q.query(
    'update credit_applications set code_purpose = null, code_hash = null, code_expires_at = null where id = $1',
    [id],
  );
}

/** Applications still waiting (not final) whose time ran out, oldest first. */
export async function listExpiredApplications(q: Q, limit: number) {
  return q.query<{ id: number; order_id: number }>(
    `select id, order_id from credit_applications
      where status in ('new', 'reviewing', 'conditions', 'approved') and expires_at <= now()
      order by expires_at limit $1`,
    [limit],
  );
}

/** Whether the application's time has run out (read again under the order's lock). */
export async function isApplicationDue(q: Q, id: number) {
  const [row] = await q.query<{ due: boolean }>('select expires_at <= now() as due from credit_applications where id = $1', [
    id,
  ]);
  return row?.due === true;
}

// ---------------------------------------------------------------- the banks' offers

export interface CreditOfferRow {
  id: number;
  application_id: number;
  bank: string;
  bank_application_id: string;
  status: string;
  rate: number | null;
  months: number | null;
  amount: number | null;
  monthly_payment: number | null;
  reason: string | null;
}

const OFFER_COLUMNS = `id, application_id, bank, bank_application_id, status, rate::float8 as rate, months, amount,
  monthly_payment, reason`;

export async function insertCreditOffer(q: Q, applicationId: number, bank: string, bankApplicationId: string) {
  await q.query(
    `insert into credit_offers (application_id, bank, bank_application_id) values ($1, $2, $3)
     on conflict (application_id, bank) do update
       set bank_application_id = excluded.bank_application_id, status = 'reviewing', rate = null, months = null,
           amount = null, monthly_payment = null, reason = null, updated_at = now()`,
    [applicationId, bank, bankApplicationId],
  );
}

export async function listApplicationOffers(q: Q, applicationId: number) {
  return q.query<CreditOfferRow>(`select ${OFFER_COLUMNS} from credit_offers where application_id = $1 order by id`, [
    applicationId,
  ]);
}

export async function retrieveOfferByBankId(q: Q, bankApplicationId: string) {
  const [row] = await q.query<CreditOfferRow>(
    `select ${OFFER_COLUMNS} from credit_offers where bank_application_id = $1`,
    [bankApplicationId],
  );
  return row ?? null;
}

export async function updateCreditOffer(
  q: Q,
  id: number,
  answer: { status: string; rate: number | null; months: number; amount: number; monthlyPayment: number | null; reason: string | null },
) {
  await q.query(
    `update credit_offers set status = $2, rate = $3, months = $4, amount = $5, monthly_payment = $6, reason = $7,
            updated_at = now() where id = $1`,
    [id, answer.status, answer.rate, answer.months, answer.amount, answer.monthlyPayment, answer.reason],
  );
}

// ---------------------------------------------------------------- callbacks

/** Records an event id; false when it was taken in before (a replay). */
export async function recordCreditCallback(q: Q, eventId: string, bankApplicationId: string, outcome: string) {
  const rows = await q.query<{ event_id: string }>(
    `insert into credit_callbacks (event_id, bank_application_id, outcome) values ($1, $2, $3)
     on conflict (event_id) do nothing returning event_id`,
    [eventId, bankApplicationId, outcome],
  );
  return rows.length > 0;
}

// ---------------------------------------------------------------- operators

export interface OpsApplicationRow {
  id: number;
  order_id: number;
  kind: string;
  amount: number;
  months: number;
  status: string;
  phone: string;
  created_at: string;
  offers: { bank: string; status: string; reason: string | null }[];
}

export async function listCreditApplications(handle: DatabaseHandle, page: { limit: number; offset: number }) {
  const [rows, [count]] = await Promise.all([
    handle.query<OpsApplicationRow>(
      `select a.id, a.order_id, a.kind, a.amount, a.months, a.status, a.phone, ${ts('a.created_at')} as created_at,
              coalesce((select json_agg(json_build_object('bank', o.bank, 'status', o.status, 'reason', o.reason) order by o.id)
                          from credit_offers o where o.application_id = a.id), '[]'::json) as offers
         from credit_applications a order by a.id desc limit $1 offset $2`,
      [page.limit, page.offset],
    ),
    handle.query<{ n: number }>('select count(*)::int as n from credit_applications'),
  ]);
  return { rows, total: count!.n };
}
