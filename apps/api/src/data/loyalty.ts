// All SQL of loyalty «Мультионы» (migration 0015, docs/decisions/0026): cards and the append-only bonus
// ledger. Rows are only ever inserted into loyalty_entries; the balance is derived by the domain.
import type { TransactionHandle } from '@store/db';
import type { BonusEntry, BonusEntryKind, BonusLineStatus } from '@store/domain';

type Q = Pick<TransactionHandle, 'query'>;

export interface CardRow {
  id: number;
  ean: string;
  check_data: string;
  phone: string;
  user_id: number | null;
  created_at: string;
}

const CARD_COLUMNS = `id, ean, check_data, phone, user_id,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at`;

/** The next number of the card sequence (the card's id and the digits of its EAN). */
export async function nextCardId(q: Q): Promise<number> {
  const rows = await q.query<{ id: number }>(`select nextval('loyalty_cards_id_seq')::int as id`);
  return rows[0]!.id;
}

export async function insertCard(
  q: Q,
  card: { id: number; ean: string; checkData: string; phone: string; userId: number | null },
): Promise<CardRow> {
  const rows = await q.query<CardRow>(
    `insert into loyalty_cards (id, ean, check_data, phone, user_id) values ($1, $2, $3, $4, $5)
     returning ${CARD_COLUMNS}`,
    [card.id, card.ean, card.checkData, card.phone, card.userId],
  );
  return rows[0]!;
}

export async function listUserCards(q: Q, userId: number): Promise<CardRow[]> {
  return q.query<CardRow>(`select ${CARD_COLUMNS} from loyalty_cards where user_id = $1 order by id`, [userId]);
}

export async function retrieveCardByEan(q: Q, ean: string): Promise<CardRow | null> {
  const rows = await q.query<CardRow>(`select ${CARD_COLUMNS} from loyalty_cards where ean = $1`, [ean]);
  return rows[0] ?? null;
}

export async function retrieveCardByPhone(q: Q, phone: string): Promise<CardRow | null> {
  const rows = await q.query<CardRow>(`select ${CARD_COLUMNS} from loyalty_cards where phone = $1 order by id limit 1`, [
    phone,
  ]);
  return rows[0] ?? null;
}

/** Locks the card row: every write on a card's ledger holds it until its transaction ends. */
export async function lockCard(q: Q, cardId: number): Promise<CardRow | null> {
  const rows = await q.query<CardRow>(`select ${CARD_COLUMNS} from loyalty_cards where id = $1 for update`, [cardId]);
  return rows[0] ?? null;
}

export async function setCardUser(q: Q, cardId: number, userId: number | null) {
  await q.query('update loyalty_cards set user_id = $2 where id = $1', [cardId, userId]);
}

export interface EntryRow {
  id: number;
  card_id: number;
  kind: BonusEntryKind;
  amount: number;
  order_id: number | null;
  order_line_id: number | null;
  line_status: BonusLineStatus | null;
  comment: string | null;
  reverses_id: number | null;
  created_at: Date;
  available_from: Date | null;
  expires_at: Date | null;
  /** A write-off of an order that is neither paid, completed nor cancelled. */
  held: boolean;
}

/** Every entry of a card, oldest first, with whether each write-off is still only blocked. */
export async function listCardEntries(q: Q, cardId: number): Promise<EntryRow[]> {
  const rows = await q.query<Omit<EntryRow, 'created_at' | 'available_from' | 'expires_at'> & Record<string, unknown>>(
    `select e.id, e.card_id, e.kind, e.amount, e.order_id, e.order_line_id, e.line_status, e.comment, e.reverses_id,
            e.created_at, e.available_from, e.expires_at,
            (e.kind = 'RetailOrderPayment' and e.amount < 0 and o.id is not null
              and o.status_id not in ('I', 'F') and o.payment_status_oi <> 2) as held
       from loyalty_entries e
       left join orders o on o.id = e.order_id
      where e.card_id = $1
      order by e.created_at, e.id`,
    [cardId],
  );
  return rows.map((r) => ({
    ...(r as unknown as EntryRow),
    created_at: new Date(r.created_at as string | Date),
    available_from: r.available_from ? new Date(r.available_from as string | Date) : null,
    expires_at: r.expires_at ? new Date(r.expires_at as string | Date) : null,
  }));
}

export const toBonusEntry = (r: EntryRow): BonusEntry => ({
  id: r.id,
  kind: r.kind,
  amount: r.amount,
  createdAt: r.created_at,
  availableFrom: r.available_from,
  expiresAt: r.expires_at,
  orderId: r.order_id,
  lineStatus: r.line_status,
  comment: r.comment,
  reversesId: r.reverses_id,
  held: r.held,
});

export interface NewEntry {
  cardId: number;
  kind: BonusEntryKind;
  amount: number;
  orderId?: number | null;
  orderLineId?: number | null;
  lineStatus?: BonusLineStatus | null;
  comment?: string | null;
  reversesId?: number | null;
  postingKey: string;
  availableFrom?: Date | null;
  expiresAt?: Date | null;
  createdBy?: string | null;
  createdAt?: Date | null;
}

/** Appends one entry; an entry with the same posting key already there: nothing happens (null). */
export async function insertEntry(q: Q, e: NewEntry): Promise<number | null> {
  const rows = await q.query<{ id: number }>(
    `insert into loyalty_entries (card_id, kind, amount, order_id, order_line_id, line_status, comment, reverses_id,
                                  posting_key, available_from, expires_at, created_by, created_at)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, coalesce($13::timestamptz, now()))
     on conflict (posting_key) do nothing
     returning id`,
    [
      e.cardId,
      e.kind,
      e.amount,
      e.orderId ?? null,
      e.orderLineId ?? null,
      e.lineStatus ?? null,
      e.comment ?? null,
      e.reversesId ?? null,
      e.postingKey,
      e.availableFrom?.toISOString() ?? null,
      e.expiresAt?.toISOString() ?? null,
      e.createdBy ?? null,
      e.createdAt?.toISOString() ?? null,
    ],
  );
  return rows[0]?.id ?? null;
}

/** The entries of one order (every card), oldest first. */
export async function listOrderEntries(q: Q, orderId: number): Promise<EntryRow[]> {
  const rows = await q.query<{ card_id: number }>(
    'select distinct card_id from loyalty_entries where order_id = $1 order by card_id',
    [orderId],
  );
  const out: EntryRow[] = [];
  for (const { card_id } of rows) out.push(...(await listCardEntries(q, card_id)).filter((e) => e.order_id === orderId));
  return out;
}

/** Category paths of products (root first), for the accrual and spending rules. */
export async function listProductCategoryPaths(q: Q, productIds: number[]): Promise<Map<number, number[]>> {
  if (productIds.length === 0) return new Map();
  const rows = await q.query<{ id: number; path: number[] }>(
    `select p.id, c.path from products p join categories c on c.id = p.category_id where p.id = any($1::int[])`,
    [productIds],
  );
  return new Map(rows.map((r) => [r.id, r.path]));
}

/** The accrual percent of promotions of type `bonuses` among the given ids (the largest; null when none). */
export async function bonusPromotionPercent(q: Q, actionIds: number[]): Promise<number | null> {
  if (actionIds.length === 0) return null;
  const rows = await q.query<{ percent: number | null }>(
    `select max(discount)::int as percent from actions where id = any($1::int[]) and action_type = 'bonuses'`,
    [actionIds],
  );
  return rows[0]?.percent ?? null;
}

export interface OrderFacts {
  id: number;
  status_id: string;
  payment_status_oi: number;
  payment_type: number;
  customer_id: number | null;
  basket_id: string | null;
  actions: { actionIds?: number[] };
}

export async function lockOrderFacts(q: Q, orderId: number): Promise<OrderFacts | null> {
  const rows = await q.query<OrderFacts>(
    `select id, status_id, payment_status_oi, payment_type, customer_id, basket_id, actions from orders where id = $1 for update`,
    [orderId],
  );
  return rows[0] ?? null;
}

export interface OrderLineFacts {
  id: number;
  product_id: number;
  qty: number;
  final_price: number;
}

export async function listOrderLinesForAccrual(q: Q, orderId: number): Promise<OrderLineFacts[]> {
  return q.query<OrderLineFacts>(
    `select id, product_id, qty, final_price from order_lines where order_id = $1 order by id`,
    [orderId],
  );
}

export async function markOrderCompleted(q: Q, orderId: number) {
  await q.query(`update orders set status_id = 'F', updated_at = now() where id = $1`, [orderId]);
  await q.query(`insert into order_status_history (order_id, status_id) values ($1, 'F')`, [orderId]);
}

/** The card an order earns bonuses for (its customer's card or the guest's signed-in card at checkout). */
export async function insertOrderCard(q: Q, orderId: number, cardId: number) {
  await q.query('insert into loyalty_order_cards (order_id, card_id) values ($1, $2) on conflict (order_id) do nothing', [
    orderId,
    cardId,
  ]);
}

export async function retrieveOrderCardId(q: Q, orderId: number): Promise<number | null> {
  const rows = await q.query<{ card_id: number }>('select card_id from loyalty_order_cards where order_id = $1', [
    orderId,
  ]);
  return rows[0]?.card_id ?? null;
}

/** For the order detail query (alias `o`): whole bonuses written off to pay the order, returned or not. */
export const ORDER_BONUSES_SPENT_SQL = `(select coalesce(-sum(e.amount), 0)::int from loyalty_entries e
    where e.order_id = o.id and e.kind = 'RetailOrderPayment' and e.amount < 0)`;
