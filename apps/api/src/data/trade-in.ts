// All SQL of trade-in and buyback (SPEC §3 Trade-in, Buyback, §7; migration 0016): the price list,
// the shopper's calculator (sessions and their old devices), the new device's variants, the exchange
// device records of orders and the buyback bookings.
import type { DatabaseHandle, TransactionHandle } from '@store/db';
import type { TradeInCondition } from '@store/domain';

type Query = Pick<TransactionHandle, 'query'>;

export interface TradeInGroupRow {
  id: number;
  code: string;
  name: string;
  category_id: number;
}

export interface TradeInBrandRow {
  id: number;
  name: string;
  popular: boolean;
}

export interface TradeInModelRow {
  id: number;
  name: string;
  group_id: number;
  group_code: string;
  brand_id: number;
  brand: string;
  release_year: number;
}

export interface TradeInPriceRow {
  memory_gb: number;
  perfect: number;
  working: number;
  broken_screen: number;
}

export async function listTradeInGroups(handle: DatabaseHandle): Promise<TradeInGroupRow[]> {
  return handle.query<TradeInGroupRow>('select id, code, name, category_id from trade_in_groups order by sort, id');
}

/** Brands with an active model (of a group when given); popular only when asked. */
export async function listTradeInBrands(
  handle: DatabaseHandle,
  filter: { groupId?: number | undefined; popular?: boolean; limit: number },
): Promise<TradeInBrandRow[]> {
  return handle.query<TradeInBrandRow>(
    `select b.id, b.name, b.popular from trade_in_brands b
     where exists (select 1 from trade_in_models m where m.brand_id = b.id and m.active
                   and ($1::int is null or m.group_id = $1))
       and ($2::boolean is null or b.popular = $2)
     order by b.popular desc, b.name collate shop_text limit $3`,
    [filter.groupId ?? null, filter.popular ?? null, filter.limit],
  );
}

const MODEL_COLUMNS = `m.id, m.name, m.group_id, g.code as group_code, m.brand_id, b.name as brand, m.release_year`;

/**
 * Brand or model search (§4): every word of the query must start a word of «brand model» or be inside
 * the model name; newest first.
 */
export async function searchTradeInModels(
  handle: DatabaseHandle,
  filter: { query: string; groupId?: number | undefined; brandId?: number | undefined; limit: number; offset: number },
): Promise<{ rows: TradeInModelRow[]; total: number }> {
  const words = filter.query
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 6)
    .map((w) => w.replace(/[\\%_]/g, (ch) => `\\${ch}`));
  const params: unknown[] = [filter.groupId ?? null, filter.brandId ?? null];
  const conditions = words.map((w) => {
    params.push(`%${w}%`);
    return `lower(b.name || ' ' || m.name) like $${params.length}`;
  });
  const where = `m.active and ($1::int is null or m.group_id = $1) and ($2::int is null or m.brand_id = $2)${
    conditions.length ? ` and ${conditions.join(' and ')}` : ''
  }`;
  const from = `trade_in_models m join trade_in_brands b on b.id = m.brand_id join trade_in_groups g on g.id = m.group_id`;
  params.push(filter.limit, filter.offset);
  const [rows, [count]] = await Promise.all([
    handle.query<TradeInModelRow>(
      `select ${MODEL_COLUMNS} from ${from} where ${where}
       order by b.popular desc, m.release_year desc, b.name collate shop_text, m.name collate shop_text
       limit $${params.length - 1} offset $${params.length}`,
      params,
    ),
    handle.query<{ n: number }>(`select count(*)::int as n from ${from} where ${where}`, params.slice(0, -2)),
  ]);
  return { rows, total: count?.n ?? 0 };
}

export async function findTradeInModel(handle: Query, modelId: number): Promise<TradeInModelRow | null> {
  const [row] = await handle.query<TradeInModelRow>(
    `select ${MODEL_COLUMNS} from trade_in_models m join trade_in_brands b on b.id = m.brand_id
       join trade_in_groups g on g.id = m.group_id
     where m.id = $1 and m.active`,
    [modelId],
  );
  return row ?? null;
}

export async function listTradeInPrices(handle: Query, modelId: number): Promise<TradeInPriceRow[]> {
  return handle.query<TradeInPriceRow>(
    'select memory_gb, perfect, working, broken_screen from trade_in_prices where model_id = $1 order by memory_gb',
    [modelId],
  );
}

/* ---------- the shopper's calculator ---------- */

export interface TradeInSessionRow {
  id: number;
  tx: string;
  product_id: number | null;
  basket_id: string | null;
}

export interface TradeInDeviceRow {
  device_id: number;
  model_id: number | null;
  brand: string | null;
  model: string | null;
  group_code: string | null;
  memory_gb: number | null;
  condition: TradeInCondition | null;
  price: number | null;
}

export async function findTradeInSession(handle: Query, tx: string): Promise<TradeInSessionRow | null> {
  const [row] = await handle.query<TradeInSessionRow>(
    'select id, tx, product_id, basket_id from trade_in_sessions where tx = $1',
    [tx],
  );
  return row ?? null;
}

/** The session row locked for a write (parallel adds cannot pass the device cap). */
export async function lockTradeInSession(tx: Query, txId: string): Promise<TradeInSessionRow | null> {
  const [row] = await tx.query<TradeInSessionRow>(
    'select id, tx, product_id, basket_id from trade_in_sessions where tx = $1 for update',
    [txId],
  );
  return row ?? null;
}

export async function insertTradeInSession(handle: Query, tx: string): Promise<TradeInSessionRow> {
  const [row] = await handle.query<TradeInSessionRow>(
    'insert into trade_in_sessions (tx) values ($1) returning id, tx, product_id, basket_id',
    [tx],
  );
  return row!;
}

export async function setTradeInProduct(handle: Query, sessionId: number, productId: number | null) {
  await handle.query('update trade_in_sessions set product_id = $2, updated_at = now() where id = $1', [
    sessionId,
    productId,
  ]);
}

export async function setTradeInBasket(handle: Query, sessionId: number, basketId: string | null) {
  await handle.query('update trade_in_sessions set basket_id = $2, updated_at = now() where id = $1', [
    sessionId,
    basketId,
  ]);
}

export async function listTradeInDevices(handle: Query, sessionId: number): Promise<TradeInDeviceRow[]> {
  return handle.query<TradeInDeviceRow>(
    `select d.device_id, d.model_id, b.name as brand, m.name as model, g.code as group_code, d.memory_gb,
            d.condition, d.price
     from trade_in_devices d
     left join trade_in_models m on m.id = d.model_id
     left join trade_in_brands b on b.id = m.brand_id
     left join trade_in_groups g on g.id = m.group_id
     where d.session_id = $1 order by d.created_at, d.device_id`,
    [sessionId],
  );
}

export async function upsertTradeInDevice(
  handle: Query,
  sessionId: number,
  device: { device_id: number; model_id: number | null; memory_gb: number | null; condition: string | null; price: number | null },
) {
  await handle.query(
    `insert into trade_in_devices (session_id, device_id, model_id, memory_gb, condition, price)
     values ($1, $2, $3, $4, $5, $6)
     on conflict (session_id, device_id) do update set model_id = excluded.model_id,
       memory_gb = excluded.memory_gb, condition = excluded.condition, price = excluded.price`,
    [sessionId, device.device_id, device.model_id, device.memory_gb, device.condition, device.price],
  );
}

export async function deleteTradeInDevice(handle: Query, sessionId: number, deviceId: number): Promise<boolean> {
  const rows = await handle.query('delete from trade_in_devices where session_id = $1 and device_id = $2 returning 1', [
    sessionId,
    deviceId,
  ]);
  return rows.length > 0;
}

/* ---------- the new (derivable) device ---------- */

export interface DerivableProductRow {
  product_id: number;
  name: string;
  model_id: number | null;
  category_id: number;
  color: string | null;
  memory: string | null;
  price: number;
  image: string | null;
  available: boolean;
  /** The product page's path. */
  url: string;
}

const DERIVABLE_COLUMNS = `p.id as product_id, p.name, p.model_id, p.category_id, p.color,
  (select sv.name from product_specifications ps join specifications s on s.id = ps.specification_id
     join specification_values sv on sv.id = ps.value_id
   where ps.product_id = p.id and s.code = 'rom' limit 1) as memory,
  o.price, p.image, o.available,
  '/catalog/' || (select c.code from categories c where c.id = p.category_id) || '/' || p.category_id || '/' || p.id as url`;

export async function findDerivableProduct(handle: Query, productId: number): Promise<DerivableProductRow | null> {
  const [row] = await handle.query<DerivableProductRow>(
    `select ${DERIVABLE_COLUMNS} from products p join product_offers o on o.product_id = p.id
     where p.id = $1 and p.status = 1`,
    [productId],
  );
  return row ?? null;
}

/** The products of the same model (its memories and colours), on sale. */
export async function listDerivableSiblings(handle: Query, product: DerivableProductRow): Promise<DerivableProductRow[]> {
  if (product.model_id === null) return [product];
  return handle.query<DerivableProductRow>(
    `select ${DERIVABLE_COLUMNS} from products p join product_offers o on o.product_id = p.id
     where p.model_id = $1 and p.status = 1 and not p.is_used and not p.is_markdown and not p.is_demo
     order by o.price, p.id limit 100`,
    [product.model_id],
  );
}

/** The active trade-in promotion of a product (is_trade_in_action) and its bonus in kopecks. */
export async function findTradeInAction(
  handle: Query,
  productId: number,
): Promise<{ id: number; public_name: string; discount: number; type: string } | null> {
  const [row] = await handle.query<{ id: number; public_name: string; discount: number; type: string }>(
    `select a.id, a.public_name, a.discount, coalesce(a.mechanics->>'type', '') as type
     from actions a join action_products ap on ap.action_id = a.id and ap.role = 'main'
     where ap.product_id = $1 and a.is_trade_in_action
       and a.starts_at <= now() and (a.ends_at is null or a.ends_at > now())
     order by a.discount desc, a.id limit 1`,
    [productId],
  );
  return row ?? null;
}

/* ---------- exchange device records of orders (§3) ---------- */

export interface OrderTradeInDeviceRow {
  device_id: number;
  brand: string;
  model: string;
  memory: number;
  condition_device: number;
  discount: number;
  discount_trade_in: number;
}

export async function insertOrderTradeInDevices(tx: Query, orderId: number, rows: readonly OrderTradeInDeviceRow[]) {
  for (const r of rows) {
    await tx.query(
      `insert into order_trade_in_devices (order_id, device_id, brand, model, memory, condition_device, discount,
         discount_trade_in) values ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [orderId, r.device_id, r.brand, r.model, r.memory, r.condition_device, r.discount, r.discount_trade_in],
    );
  }
}

export async function listOrderTradeInDevices(handle: Query, orderId: number): Promise<OrderTradeInDeviceRow[]> {
  return handle.query<OrderTradeInDeviceRow>(
    `select device_id, brand, model, memory, condition_device, discount, discount_trade_in
     from order_trade_in_devices where order_id = $1 order by id`,
    [orderId],
  );
}

/** A placed trade-in is used up: its devices go, so the same valuation cannot discount a second order. */
export async function closeTradeInSession(tx: Query, sessionId: number) {
  await tx.query('delete from trade_in_devices where session_id = $1', [sessionId]);
  await tx.query('update trade_in_sessions set product_id = null, updated_at = now() where id = $1', [sessionId]);
}

/** The order's exchange device records as a JSON array, for the order query (data/orders.ts, alias o). */
export const TRADE_IN_DEVICES_JSON = `coalesce((select json_agg(json_build_object(
    'device_id', t.device_id, 'brand', t.brand, 'model', t.model, 'memory', t.memory,
    'condition_device', t.condition_device, 'discount', t.discount, 'discount_trade_in', t.discount_trade_in)
    order by t.id) from order_trade_in_devices t where t.order_id = o.id), '[]'::json)`;

/* ---------- the built-in evaluator's transactions (§7 /smartprice/*, migration 0021) ---------- */

export interface TradeInEvaluationRow {
  txid: string;
  model_id: number;
  brand: string;
  model: string;
  memory_gb: number;
  condition: TradeInCondition;
  price: number | null;
  product_id: number | null;
  created_at: string;
}

const EVALUATION_COLUMNS = `txid, model_id, brand, model, memory_gb, condition, price, product_id,
  to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as created_at`;

export async function insertTradeInEvaluation(
  handle: Query,
  row: Omit<TradeInEvaluationRow, 'created_at'>,
): Promise<TradeInEvaluationRow> {
  const [saved] = await handle.query<TradeInEvaluationRow>(
    `insert into trade_in_evaluations (txid, model_id, brand, model, memory_gb, condition, price, product_id)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning ${EVALUATION_COLUMNS}`,
    [row.txid, row.model_id, row.brand, row.model, row.memory_gb, row.condition, row.price, row.product_id],
  );
  return saved!;
}

export async function findTradeInEvaluation(handle: Query, txid: string): Promise<TradeInEvaluationRow | null> {
  const [row] = await handle.query<TradeInEvaluationRow>(
    `select ${EVALUATION_COLUMNS} from trade_in_evaluations where txid = $1`,
    [txid],
  );
  return row ?? null;
}

/** A brand of the price list with an active model (buyback's brand models call), or null. */
export async function findTradeInBrand(handle: Query, brandId: number): Promise<TradeInBrandRow | null> {
  const [row] = await handle.query<TradeInBrandRow>(
    `select b.id, b.name, b.popular from trade_in_brands b
     where b.id = $1 and exists (select 1 from trade_in_models m where m.brand_id = b.id and m.active)`,
    [brandId],
  );
  return row ?? null;
}
