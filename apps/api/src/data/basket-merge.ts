// SQL of joining a guest basket with the basket a customer already has (sign-in on a second device).
import type { DatabaseHandle } from '@store/db';

type Q = Pick<DatabaseHandle, 'query'>;

export interface MergeLineRow {
  id: number;
  product_id: number;
  qty: number;
  parent_id: number | null;
  kind: string;
  warranty_id: number | null;
  supplier_id: number | null;
}

/** The customer's most recently used basket other than `exceptId`, or null. */
export async function findCustomerBasket(q: Q, customerId: number, exceptId: string | null): Promise<string | null> {
  const rows = await q.query<{ id: string }>(
    `select id from baskets where customer_id = $1 and id <> $2 order by updated_at desc, created_at desc limit 1`,
    [customerId, exceptId ?? ''],
  );
  return rows[0]?.id ?? null;
}

/** The lines of a basket that are not removed, in the order they were added. */
export async function listActiveLines(q: Q, basketId: string): Promise<MergeLineRow[]> {
  return q.query<MergeLineRow>(
    `select id, product_id, qty, parent_id, kind, warranty_id, supplier_id
       from basket_lines where basket_id = $1 and removed_at is null order by id`,
    [basketId],
  );
}

/** Moves lines to another basket, under `parentId` when given (children follow their product line). */
export async function moveLines(q: Q, fromId: string, toId: string, lineIds: readonly number[], parentId?: number) {
  if (lineIds.length === 0) return;
  await q.query(
    `update basket_lines set basket_id = $2${parentId === undefined ? '' : ', parent_id = $4'}
      where basket_id = $1 and id = any($3::int[])`,
    parentId === undefined ? [fromId, toId, lineIds] : [fromId, toId, lineIds, parentId],
  );
}

export async function setLineQty(q: Q, basketId: string, lineId: number, qty: number) {
  await q.query('update basket_lines set qty = $3 where basket_id = $1 and id = $2', [basketId, lineId, qty]);
}

/** What is left of the guest basket goes: its lines now live in the customer's basket. */
export async function emptyBasket(q: Q, basketId: string) {
  await q.query('delete from basket_lines where basket_id = $1', [basketId]);
}

export async function touchCustomerBasket(q: Q, basketId: string, customerId: number) {
  await q.query('update baskets set customer_id = $2, updated_at = now() where id = $1', [basketId, customerId]);
}

/** The first of these city ids that exists, else the default city (moskva). */
export async function retrieveCityIdOrDefault(q: Q, ids: readonly number[]): Promise<number> {
  const [row] = await q.query<{ id: number }>(
    `select id from cities where id = any($1::int[]) or alias = 'moskva'
      order by array_position($1::int[], id) nulls last limit 1`,
    [ids],
  );
  return row!.id;
}
