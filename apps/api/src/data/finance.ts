// All SQL of the insurance and finance applications (/insurance/*, /finance/*; finance_requests of
// migrations 0017 and 0026).
import type { DatabaseHandle, TransactionHandle } from '@store/db';
import type { FinanceRequestKind, FinanceRequestStatus } from '@store/domain';

type Query = Pick<DatabaseHandle, 'query'> | Pick<TransactionHandle, 'query'>;

export interface FinanceRequestRow {
  id: number;
  kind: FinanceRequestKind;
  name: string;
  /** 7 and ten digits. */
  phone: string;
  email: string | null;
  details: Record<string, unknown>;
  status: FinanceRequestStatus;
  city_id: number | null;
  customer_id: number | null;
  operator_comment: string | null;
  operator_number: string | null;
  created_at: string;
  phone_confirmed_at: string | null;
  answered_at: string | null;
  closed_at: string | null;
}

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as ${column}`;

const COLUMNS = `id, kind, name, phone, email, details, status, city_id, customer_id, operator_comment, operator_number,
  ${iso('created_at')}, ${iso('phone_confirmed_at')}, ${iso('answered_at')}, ${iso('closed_at')}`;

export async function insertFinanceRequest(
  tx: Query,
  request: Pick<FinanceRequestRow, 'kind' | 'name' | 'phone' | 'email' | 'details' | 'city_id' | 'customer_id'>,
): Promise<FinanceRequestRow> {
  const [row] = await tx.query<FinanceRequestRow>(
    `insert into finance_requests (kind, name, phone, email, details, city_id, customer_id, phone_confirmed_at, consent_at)
     values ($1, $2, $3, $4, $5::jsonb, $6, $7, now(), now())
     returning ${COLUMNS}`,
    [
      request.kind,
      request.name,
      request.phone,
      request.email,
      JSON.stringify(request.details),
      request.city_id,
      request.customer_id,
    ],
  );
  return row!;
}

/** The newest first, optionally of one status and kind, a page of them and the total. */
export async function listFinanceRequests(
  handle: Query,
  filter: { limit: number; offset: number; status?: FinanceRequestStatus; kind?: FinanceRequestKind },
) {
  const where = `where ($1::text is null or status = $1) and ($2::text is null or kind = $2)`;
  const params = [filter.status ?? null, filter.kind ?? null];
  const [rows, [count]] = await Promise.all([
    handle.query<FinanceRequestRow>(
      `select ${COLUMNS} from finance_requests ${where} order by id desc limit $3 offset $4`,
      [...params, filter.limit, filter.offset],
    ),
    handle.query<{ n: number }>(`select count(*)::int as n from finance_requests ${where}`, params),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** The request locked for an operator's change, or null. */
export async function lockFinanceRequest(tx: Query, id: number): Promise<FinanceRequestRow | null> {
  const [row] = await tx.query<FinanceRequestRow>(`select ${COLUMNS} from finance_requests where id = $1 for update`, [
    id,
  ]);
  return row ?? null;
}

/** Moves the request to `status` with the operator's comment and personnel number. */
export async function updateFinanceRequestStatus(
  tx: Query,
  id: number,
  change: { status: 'answered' | 'closed'; comment: string | null; operator: string },
): Promise<FinanceRequestRow> {
  const stamp = change.status === 'answered' ? 'answered_at' : 'closed_at';
  const [row] = await tx.query<FinanceRequestRow>(
    `update finance_requests
        set status = $2, operator_comment = coalesce($3, operator_comment), operator_number = $4,
            ${stamp} = now(), updated_at = now()
      where id = $1
      returning ${COLUMNS}`,
    [id, change.status, change.comment, change.operator],
  );
  return row!;
}
