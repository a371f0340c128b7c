// All SQL of corporate fast orders (/service/corporate, POST /v2/corp/fast-order; migration 0013).
import type { DatabaseHandle, TransactionHandle } from '@store/db';

export interface CorpFastOrderRow {
  id: number;
  company: string;
  inn: string;
  contact_name: string;
  phone: string;
  email: string;
  products: string;
  city_id: number | null;
  status: string;
  created_at: string;
}

const COLUMNS = `id, company, inn, contact_name, phone, email, products, city_id, status,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at`;

export async function insertCorpFastOrder(
  tx: Pick<TransactionHandle, 'query'>,
  order: Omit<CorpFastOrderRow, 'id' | 'status' | 'created_at'>,
) {
  const [row] = await tx.query<CorpFastOrderRow>(
    `insert into corp_fast_orders (company, inn, contact_name, phone, email, products, city_id)
     values ($1, $2, $3, $4, $5, $6, $7)
     returning ${COLUMNS}`,
    [order.company, order.inn, order.contact_name, order.phone, order.email, order.products, order.city_id],
  );
  return row!;
}

/** The newest first, a page of them and the total. */
export async function listCorpFastOrders(handle: DatabaseHandle, page: { limit: number; offset: number }) {
  const [rows, [count]] = await Promise.all([
    handle.query<CorpFastOrderRow>(`select ${COLUMNS} from corp_fast_orders order by id desc limit $1 offset $2`, [
      page.limit,
      page.offset,
    ]),
    handle.query<{ n: number }>('select count(*)::int as n from corp_fast_orders'),
  ]);
  return { rows, total: count?.n ?? 0 };
}
