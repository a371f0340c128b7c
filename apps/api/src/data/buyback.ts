// All SQL of buyback bookings («Выкуп», SPEC §3 Buyback; migrations 0016 and 0024, docs/decisions/0043): a
// seller's booked hand-in of a used device at a multicenter, at the price of that moment, and the operator's
// answer. The prices themselves are read from the trade-in price list (data/trade-in.ts).
import type { DatabaseHandle, TransactionHandle } from '@store/db';
import type { BuybackStatus, TradeInCondition } from '@store/domain';

type Query = Pick<TransactionHandle, 'query'>;

export interface BuybackBookingRow {
  id: number;
  customer_id: number | null;
  name: string;
  phone: string;
  email: string | null;
  model_id: number;
  brand: string;
  model: string;
  memory_gb: number;
  condition: TradeInCondition;
  price: number;
  city_id: number;
  store_id: number;
  store_name: string;
  store_address: string;
  visit_date: string;
  status: BuybackStatus;
  operator_comment: string | null;
  created_at: string;
  updated_at: string;
}

const COLUMNS = `k.id, k.customer_id, k.name, k.phone, k.email, k.model_id, k.brand, k.model, k.memory_gb, k.condition,
  k.price, k.city_id, k.store_id, s.name as store_name, s.address as store_address, k.visit_date, k.status,
  k.operator_comment,
  to_char(k.created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at,
  to_char(k.updated_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as updated_at`;
const FROM = 'buyback_bookings k join stores s on s.id = k.store_id';

export type NewBuybackBooking = Omit<
  BuybackBookingRow,
  'id' | 'store_name' | 'store_address' | 'status' | 'operator_comment' | 'created_at' | 'updated_at'
>;

export async function insertBuybackBooking(tx: Query, b: NewBuybackBooking): Promise<BuybackBookingRow> {
  const [row] = await tx.query<{ id: number }>(
    `insert into buyback_bookings (customer_id, name, phone, email, model_id, brand, model, memory_gb, condition,
       price, city_id, store_id, visit_date)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) returning id`,
    [
      b.customer_id,
      b.name,
      b.phone,
      b.email,
      b.model_id,
      b.brand,
      b.model,
      b.memory_gb,
      b.condition,
      b.price,
      b.city_id,
      b.store_id,
      b.visit_date,
    ],
  );
  return (await retrieveBuybackBooking(tx, row!.id))!;
}

export async function retrieveBuybackBooking(handle: Query, id: number): Promise<BuybackBookingRow | null> {
  const [row] = await handle.query<BuybackBookingRow>(`select ${COLUMNS} from ${FROM} where k.id = $1`, [id]);
  return row ?? null;
}

/** A customer's bookings, newest first. */
export function listCustomerBuybackBookings(handle: DatabaseHandle, customerId: number): Promise<BuybackBookingRow[]> {
  return handle.query<BuybackBookingRow>(
    `select ${COLUMNS} from ${FROM} where k.customer_id = $1 order by k.created_at desc, k.id desc limit 100`,
    [customerId],
  );
}

/** The operators' list: newest first, optionally of one status and one store. */
export async function listBuybackBookings(
  handle: DatabaseHandle,
  filter: { status?: BuybackStatus | undefined; storeId?: number | undefined; limit: number; offset: number },
): Promise<{ rows: BuybackBookingRow[]; total: number }> {
  const where = '($1::text is null or k.status = $1) and ($2::int is null or k.store_id = $2)';
  const params = [filter.status ?? null, filter.storeId ?? null];
  const [rows, [count]] = await Promise.all([
    handle.query<BuybackBookingRow>(
      `select ${COLUMNS} from ${FROM} where ${where} order by k.created_at desc, k.id desc limit $3 offset $4`,
      [...params, filter.limit, filter.offset],
    ),
    handle.query<{ n: number }>(`select count(*)::int as n from ${FROM} where ${where}`, params),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** The operator's answer; false when there is no such booking. */
export async function updateBuybackStatus(
  tx: Query,
  id: number,
  status: BuybackStatus,
  comment: string | null,
): Promise<boolean> {
  const rows = await tx.query(
    `update buyback_bookings set status = $2, operator_comment = $3, updated_at = now() where id = $1 returning 1`,
    [id, status, comment],
  );
  return rows.length > 0;
}
