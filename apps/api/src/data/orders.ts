// All SQL of orders (SPEC §3 Order, §7 Orders and payment): creating one with its stock reservations
// inside the caller's transaction, reading it with its lines, statuses, city and pickup store,
// listing a customer's orders, cancelling and giving the reserved units back.
import type { DatabaseHandle, TransactionHandle } from '@store/db';
import { TRADE_IN_DEVICES_JSON, type OrderTradeInDeviceRow } from './trade-in.ts';
import { ORDER_CERTIFICATES_JSON, type OrderCertificateRow } from './gift-certificates.ts';
import { ORDER_BONUSES_SPENT_SQL } from './loyalty.ts';
import { COMPANY_CONFIRMATION_JSON, type CompanyConfirmationRow } from './company-confirmations.ts';
import { ORDER_REFUNDS_JSON, type OrderRefundJsonRow } from './refunds.ts';
import { notifyCatalogChange } from '../catalog/catalog-events.ts';

type Queryable = Pick<TransactionHandle, 'query'>;

export interface OrderRow {
  id: number;
  idempotency_key: string;
  basket_id: string | null;
  customer_id: number | null;
  city_id: number;
  status_id: string;
  payment_status_oi: number;
  order_type_id: number;
  is_preorder: boolean;
  contact_name: string;
  contact_surname: string | null;
  mobile_phone: string;
  email: string | null;
  comment: string | null;
  company_inn: string | null;
  company_name: string | null;
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
  promocode: string | null;
  inserted_at: string;
}

export interface OrderLineRow {
  id: number;
  product_id: number;
  parent_id: number | null;
  kind: 'product' | 'warranty' | 'accessory' | 'present';
  warranty_id: number | null;
  name: string;
  qty: number;
  price: number;
  final_price: number;
  vat: number;
  url: string | null;
  image: string | null;
}

export interface OrderDetailRow extends OrderRow {
  city: { id: number; name: string } | null;
  store: { id: number; name: string; address: string; work_time_line: string } | null;
  lines: OrderLineRow[];
  /** §3 exchange device records of a trade-in order (migration 0016). */
  trade_in_devices: OrderTradeInDeviceRow[];
  history: { status_id: string; at: string }[];
  /** The newest succeeded payment (its receipt is the order's), or null. */
  paid_payment_id: number | null;
  /** Issue 15: «Мультионы» written off for the order, and the gift certificates that pay it. */
  bonuses_spent: number;
  gift_certificates: OrderCertificateRow[];
  /** Issue 17: the company as the business bank confirmed it (migration 0027), or null. */
  company_confirmation: CompanyConfirmationRow | null;
  /** Issue 17: the refunds of a cancelled order's payments (migration 0028). */
  refunds: OrderRefundJsonRow[];
  /** The order sold gift certificates whose codes are out: the shopper cannot cancel it (decision 0052). */
  sells_issued_certificates: boolean;
}

const ISO = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

const ORDER_COLUMNS = `o.id, o.idempotency_key, o.basket_id, o.customer_id, o.city_id, o.status_id, o.payment_status_oi,
  o.order_type_id, o.is_preorder, o.contact_name, o.contact_surname, o.mobile_phone, o.email, o.comment,
  o.delivery_type, o.delivery_address, o.store_id, o.delivery_date, o.delivery_time_from, o.delivery_time_to,
  o.delivery_cost, o.payment_type, o.sum, o.discount, o.total_sum, o.sum_prepaid, o.promocode,
  o.company_inn, o.company_name,
  ${ISO('o.inserted_at')} as inserted_at`;

/** One order with everything the Order object shows, in one round trip. */
export async function retrieveOrderDetail(q: Queryable, orderId: number): Promise<OrderDetailRow | null> {
  const [row] = await q.query<OrderDetailRow>(
    `select ${ORDER_COLUMNS},
            (select json_build_object('id', c.id, 'name', c.name) from cities c where c.id = o.city_id) as city,
            (select json_build_object('id', s.id, 'name', s.name, 'address', s.address,
                                      'work_time_line', s.work_time_line)
               from stores s where s.id = o.store_id) as store,
            coalesce((select json_agg(json_build_object(
                        'id', l.id, 'product_id', l.product_id, 'parent_id', l.parent_id, 'kind', l.kind,
                        'warranty_id', l.warranty_id, 'name', l.name, 'qty', l.qty, 'price', l.price,
                        'final_price', l.final_price, 'vat', l.vat,
                        'url', case when c.id is null then null
                                    else '/catalog/' || c.code || '/' || c.id || '/' || p.id end,
                        'image', p.image) order by l.id)
                        from order_lines l
                        left join products p on p.id = l.product_id
                        left join categories c on c.id = p.category_id
                       where l.order_id = o.id), '[]'::json) as lines,
            coalesce((select json_agg(json_build_object('status_id', h.status_id, 'at', ${ISO('h.at')}) order by h.id)
                        from order_status_history h where h.order_id = o.id), '[]'::json) as history,
            (select max(pm.id) from payments pm where pm.order_id = o.id and pm.status = 'succeeded') as paid_payment_id,
            ${TRADE_IN_DEVICES_JSON} as trade_in_devices,
            ${ORDER_BONUSES_SPENT_SQL} as bonuses_spent,
            ${ORDER_CERTIFICATES_JSON} as gift_certificates,
            ${COMPANY_CONFIRMATION_JSON} as company_confirmation,
            ${ORDER_REFUNDS_JSON} as refunds,
            exists (select 1 from gift_certificates gc where gc.order_id = o.id and gc.issued_at is not null)
              as sells_issued_certificates
       from orders o
      where o.id = $1`,
    [orderId],
    // Planned once per connection: planning it was 1.4 ms of every order's PostgreSQL time (decision 0076).
    { name: 'order-detail' },
  );
  return row ?? null;
}

/** Who an order belongs to, for the ownership check, or null. */
export async function retrieveOrderOwner(q: Queryable, orderId: number) {
  const [row] = await q.query<{ id: number; customer_id: number | null; basket_id: string | null }>(
    'select id, customer_id, basket_id from orders where id = $1',
    [orderId],
  );
  return row ?? null;
}

export async function retrieveOrderIdByKey(q: Queryable, idempotencyKey: string) {
  const [row] = await q.query<{ id: number; customer_id: number | null; basket_id: string | null }>(
    'select id, customer_id, basket_id from orders where idempotency_key = $1',
    [idempotencyKey],
  );
  return row ?? null;
}

/** The order whose number and normalised phone both match (guest status lookup), or null. */
export async function retrieveOrderIdByPhone(handle: DatabaseHandle, orderId: number, mobilePhone: string) {
  const [row] = await handle.query<{ id: number }>('select id from orders where id = $1 and mobile_phone = $2', [
    orderId,
    mobilePhone,
  ]);
  return row?.id ?? null;
}

/** A customer's orders, newest first, with the total for the pagination headers. */
export async function listCustomerOrders(
  handle: DatabaseHandle,
  customerId: number,
  page: { limit: number; offset: number },
) {
  const rows = await handle.query<{ id: number; total: number }>(
    `select o.id, count(*) over ()::int as total
       from orders o where o.customer_id = $1
      order by o.id desc limit $2 offset $3`,
    [customerId, page.limit, page.offset],
  );
  let total = rows[0]?.total;
  if (total === undefined) {
    // A page past the end still tells the real count.
    const [count] = await handle.query<{ n: number }>('select count(*)::int as n from orders where customer_id = $1', [
      customerId,
    ]);
    total = count!.n;
  }
  return { ids: rows.map((r) => r.id), total };
}

export interface NewOrder {
  idempotencyKey: string;
  /** 1 an ordinary order, 17 the corporate fast order the contact centre calls back on. */
  orderTypeId?: number;
  basketId: string | null;
  customerId: number | null;
  cityId: number;
  statusId: string;
  isPreorder: boolean;
  contactName: string;
  contactSurname: string | null;
  mobilePhone: string;
  email: string | null;
  comment: string | null;
  deliveryType: number;
  deliveryAddress: string | null;
  storeId: number | null;
  deliveryDate: string | null;
  deliveryTimeFrom: string | null;
  deliveryTimeTo: string | null;
  deliveryCost: number;
  paymentType: number;
  sum: number;
  discount: number;
  totalSum: number;
  promocode: string | null;
  actions: { actionIds: number[]; presentProductId: number | null };
  employeePersonalNumber: string | null;
  company: { inn: string; name: string } | null;
}

/**
 * Inserts the order unless its idempotency key is taken: then null. On a server a concurrent insert
 * of the same key waits here for the other transaction, so a retry never makes a second order.
 */
export async function insertOrder(tx: Queryable, order: NewOrder): Promise<number | null> {
  const rows = await tx.query<{ id: number }>(
    `insert into orders (idempotency_key, basket_id, customer_id, city_id, status_id, is_preorder, contact_name,
                         contact_surname, mobile_phone, email, comment, delivery_type, delivery_address, store_id,
                         delivery_date, delivery_time_from, delivery_time_to, delivery_cost, payment_type, sum,
                         discount, total_sum, promocode, actions, employee_personal_number, order_type_id,
                         company_inn, company_name)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23,
             $24::jsonb, $25, $26, $27, $28)
     on conflict (idempotency_key) do nothing
     returning id`,
    [
      order.idempotencyKey,
      order.basketId,
      order.customerId,
      order.cityId,
      order.statusId,
      order.isPreorder,
      order.contactName,
      order.contactSurname,
      order.mobilePhone,
      order.email,
      order.comment,
      order.deliveryType,
      order.deliveryAddress,
      order.storeId,
      order.deliveryDate,
      order.deliveryTimeFrom,
      order.deliveryTimeTo,
      order.deliveryCost,
      order.paymentType,
      order.sum,
      order.discount,
      order.totalSum,
      order.promocode,
      JSON.stringify(order.actions),
      order.employeePersonalNumber,
      order.orderTypeId ?? 1,
      order.company?.inn ?? null,
      order.company?.name ?? null,
    ],
  );
  return rows[0]?.id ?? null;
}

export interface NewOrderLine {
  productId: number;
  kind: OrderLineRow['kind'];
  warrantyId: number | null;
  name: string;
  qty: number;
  price: number;
  finalPrice: number;
  vat: number;
}

export async function insertOrderLine(tx: Queryable, orderId: number, parentId: number | null, line: NewOrderLine) {
  const [row] = await tx.query<{ id: number }>(
    `insert into order_lines (order_id, product_id, parent_id, kind, warranty_id, name, qty, price, final_price, vat)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) returning id`,
    [
      orderId,
      line.productId,
      parentId,
      line.kind,
      line.warrantyId,
      line.name,
      line.qty,
      line.price,
      line.finalPrice,
      line.vat,
    ],
  );
  return row!.id;
}

export async function insertStatusHistory(tx: Queryable, orderId: number, statusId: string) {
  await tx.query('insert into order_status_history (order_id, status_id) values ($1, $2)', [orderId, statusId]);
}

/**
 * Deletes the ordered basket lines with their children (for good: «Вернуть» must not bring back
 * what was bought) and answers the product line ids that were still there. Row locks make a second
 * order of the same lines wait, then find them gone.
 */
export async function deleteOrderedBasketLines(tx: Queryable, basketId: string, lineIds: readonly number[]) {
  const rows = await tx.query<{ id: number }>(
    `delete from basket_lines
      where basket_id = $1 and (id = any($2::int[]) or parent_id = any($2::int[]))
      returning id`,
    [basketId, lineIds],
  );
  const gone = new Set(rows.map((r) => r.id));
  return lineIds.filter((id) => gone.has(id));
}

export interface StockRow {
  product_id: number;
  store_id: number;
  quantity: number;
}

/**
 * Locks the stock rows of these products in every city's active stores (a transfer may take units
 * from another city, decision 0010), always in (product, store) order, so orders never wait on each
 * other in a cycle.
 */
export async function lockProductStock(tx: Queryable, productIds: readonly number[]) {
  return tx.query<StockRow & { city_id: number }>(
    `select st.product_id, st.store_id, st.quantity, s.city_id
       from stock st
       join stores s on s.id = st.store_id and s.status = 1
      where st.product_id = any($1::int[])
      order by st.product_id, st.store_id
      for update of st`,
    [productIds],
  );
}

/**
 * Takes the units (only where enough is left: the rows are locked, this is the last guard) and
 * records them as the order's reservations. Answers how many stock rows were decremented. Every
 * instance hears of it on commit, for its «В наличии» sets (catalog/catalog-events.ts).
 */
export async function reserveStock(
  tx: Queryable,
  orderId: number,
  takes: readonly { productId: number; storeId: number; qty: number }[],
): Promise<number> {
  if (takes.length === 0) return 0;
  const columns = [takes.map((t) => t.productId), takes.map((t) => t.storeId), takes.map((t) => t.qty)];
  // One statement: the stock rows stay locked until the commit, and every order of the same product
  // waits for them, so each round trip saved here is saved for all of them (decision 0076).
  const updated = await tx.query<{ product_id: number }>(
    `with taken as (
       update stock st set quantity = st.quantity - t.qty
         from unnest($1::int[], $2::int[], $3::int[]) as t(product_id, store_id, qty)
        where st.product_id = t.product_id and st.store_id = t.store_id and st.quantity >= t.qty
        returning st.product_id
     ), reserved as (
       insert into stock_reservations (order_id, product_id, store_id, qty)
       select $4, t.product_id, t.store_id, t.qty
         from unnest($1::int[], $2::int[], $3::int[]) as t(product_id, store_id, qty)
     )
     select product_id from taken`,
    [...columns, orderId],
  );
  if (updated.length > 0) await notifyCatalogChange(tx, { kind: 'stock', ids: updated.map((r) => r.product_id) });
  return updated.length;
}

/** Locks the order row for a status change and answers its status, or null. */
export async function lockOrder(tx: Queryable, orderId: number) {
  const [row] = await tx.query<{ id: number; status_id: string }>(
    'select id, status_id from orders where id = $1 for update',
    [orderId],
  );
  return row ?? null;
}

export async function setOrderStatus(tx: Queryable, orderId: number, statusId: string, cancelled: boolean) {
  await tx.query(
    `update orders set status_id = $2, updated_at = now()${cancelled ? ', cancelled_at = now()' : ''} where id = $1`,
    [orderId, statusId],
  );
  await insertStatusHistory(tx, orderId, statusId);
}

/**
 * Gives an order's reserved units back to their stores, once: a reservation released before is
 * left alone. Stock rows are updated in (product, store) order, like the order that took them.
 * Every instance hears of it on commit, like of the order that took them.
 */
export async function releaseReservations(tx: Queryable, orderId: number) {
  const released = await tx.query<{ product_id: number; store_id: number; qty: number }>(
    `update stock_reservations set released_at = now()
      where order_id = $1 and released_at is null
      returning product_id, store_id, qty`,
    [orderId],
  );
  if (released.length === 0) return 0;
  const sorted = [...released].sort((a, b) => a.product_id - b.product_id || a.store_id - b.store_id);
  // Lock first in the same order as create-order does; an UPDATE … FROM locks in plan order.
  await tx.query(
    `select st.product_id from stock st
       join unnest($1::int[], $2::int[]) as t(product_id, store_id)
         on st.product_id = t.product_id and st.store_id = t.store_id
      order by st.product_id, st.store_id
      for update of st`,
    [sorted.map((r) => r.product_id), sorted.map((r) => r.store_id)],
  );
  await tx.query(
    `update stock st set quantity = st.quantity + t.qty
       from (select product_id, store_id, sum(qty)::int as qty
               from unnest($1::int[], $2::int[], $3::int[]) as r(product_id, store_id, qty)
              group by product_id, store_id) t
      where st.product_id = t.product_id and st.store_id = t.store_id`,
    [sorted.map((r) => r.product_id), sorted.map((r) => r.store_id), sorted.map((r) => r.qty)],
  );
  await notifyCatalogChange(tx, { kind: 'stock', ids: sorted.map((r) => r.product_id) });
  return released.length;
}


/** VAT rates of products (the order lines keep them for the 54-FZ receipt). */
export async function listProductVat(q: Queryable, productIds: readonly number[]) {
  const rows = await q.query<{ id: number; vat: number }>('select id, vat from products where id = any($1::int[])', [
    productIds,
  ]);
  return new Map(rows.map((r) => [r.id, r.vat]));
}

export interface SupplierOfferRow {
  id: number;
  product_id: number;
  supplier_id: number;
  qty: number;
}

/**
 * Locks the sellers' offers of these (product, seller) pairs, in (product, seller, offer) order —
 * after the store's stock rows, as every order does, so no two orders wait on each other in a cycle.
 */
export async function lockSupplierOffers(
  tx: Queryable,
  pairs: readonly { productId: number; supplierId: number }[],
): Promise<SupplierOfferRow[]> {
  if (pairs.length === 0) return [];
  return tx.query<SupplierOfferRow>(
    `select so.id, so.product_id, so.supplier_id, so.qty
       from supplier_offers so
       join unnest($1::int[], $2::int[]) as t(product_id, supplier_id)
         on so.product_id = t.product_id and so.supplier_id = t.supplier_id
      order by so.product_id, so.supplier_id, so.id
      for update of so`,
    [pairs.map((p) => p.productId), pairs.map((p) => p.supplierId)],
  );
}

/** Takes units from locked offers (only where enough is left) and records them; answers the offers decremented. */
export async function reserveSupplierOffers(
  tx: Queryable,
  orderId: number,
  takes: readonly { offerId: number; productId: number; supplierId: number; qty: number }[],
): Promise<number> {
  if (takes.length === 0) return 0;
  const updated = await tx.query<{ id: number }>(
    `update supplier_offers so set qty = so.qty - t.qty
       from unnest($1::int[], $2::int[]) as t(offer_id, qty)
      where so.id = t.offer_id and so.qty >= t.qty
      returning so.id`,
    [takes.map((t) => t.offerId), takes.map((t) => t.qty)],
  );
  await tx.query(
    `insert into supplier_reservations (order_id, product_id, supplier_id, offer_id, qty)
     select $5, t.product_id, t.supplier_id, t.offer_id, t.qty
       from unnest($1::int[], $2::int[], $3::int[], $4::int[]) as t(product_id, supplier_id, offer_id, qty)`,
    [takes.map((t) => t.productId), takes.map((t) => t.supplierId), takes.map((t) => t.offerId), takes.map((t) => t.qty), orderId],
  );
  return updated.length;
}

/** Gives an order's units back to the sellers' offers, once (a released reservation is left alone). */
export async function releaseSupplierReservations(tx: Queryable, orderId: number) {
  const released = await tx.query<{ offer_id: number; qty: number }>(
    `update supplier_reservations set released_at = now()
      where order_id = $1 and released_at is null
      returning offer_id, qty`,
    [orderId],
  );
  if (released.length === 0) return 0;
  const sorted = [...released].sort((a, b) => a.offer_id - b.offer_id);
  await tx.query('select id from supplier_offers where id = any($1::int[]) order by id for update', [
    sorted.map((r) => r.offer_id),
  ]);
  await tx.query(
    `update supplier_offers so set qty = so.qty + t.qty
       from (select offer_id, sum(qty)::int as qty from unnest($1::int[], $2::int[]) as r(offer_id, qty)
              group by offer_id) t
      where so.id = t.offer_id`,
    [sorted.map((r) => r.offer_id), sorted.map((r) => r.qty)],
  );
  return released.length;
}
