// All SQL about promotions (SPEC §3 Action, Accessory promotion): the active actions of basket
// products, their presents, and which products they offer as accessories.
import type { DatabaseHandle } from '@store/db';

export interface ActionRow {
  id: number;
  parent_id: number | null;
  public_name: string;
  public_description: string;
  action_type: 'info' | 'present' | 'special_price' | 'percent_discount' | 'absolute_discount';
  delivery_ids: number[];
  payment_ids: number[];
  sum_action_ids: number[];
  required: boolean;
  promocode: string | null;
  discount: number;
  is_trade_in_action: boolean;
  mechanics: { type: string; conditions: { type: string; value?: number }[]; params: { price_from?: number } };
  bank_flags: { bank_installment: boolean; banks: string[]; months: number[] } | null;
  deferreds: { max_loan: number }[];
  is_credit: boolean;
  installment_limit: number | null;
  price_from: number | null;
  should_add_warranties: boolean;
  is_hidden: boolean;
  starts_at: string;
  ends_at: string | null;
  warranty_brand: { id: number; name: string } | null;
  warranty_category: { id: number; name: string } | null;
  /** Basket products the action applies to (role 'main'). */
  product_ids: number[];
}

/** Active (started, not ended) actions applying to any of the products, in display order. */
export async function listActionsForProducts(
  handle: DatabaseHandle,
  productIds: readonly number[],
  actionIds: readonly number[] | null,
): Promise<ActionRow[]> {
  return handle.query<ActionRow>(
    `select a.id, a.parent_id, a.public_name, a.public_description, a.action_type, a.delivery_ids, a.payment_ids,
            a.sum_action_ids, a.required, a.promocode, a.discount, a.is_trade_in_action, a.mechanics, a.bank_flags,
            a.deferreds, a.is_credit, a.installment_limit, a.price_from, a.should_add_warranties, a.is_hidden,
            to_char(a.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as starts_at,
            to_char(a.ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as ends_at,
            case when b.id is null then null else json_build_object('id', b.id, 'name', b.name) end as warranty_brand,
            case when c.id is null then null else json_build_object('id', c.id, 'name', c.name) end as warranty_category,
            m.product_ids
       from actions a
       join (select action_id, array_agg(product_id order by product_id) as product_ids
               from action_products
              where role = 'main' and product_id = any ($1::int[])
              group by action_id) m on m.action_id = a.id
       left join brands b on b.id = a.warranty_brand_id
       left join categories c on c.id = a.warranty_category_id
      where a.starts_at <= now() and (a.ends_at is null or a.ends_at > now())
        and ($2::int[] is null or a.id = any ($2::int[]))
      order by a.sort, a.id`,
    [productIds, actionIds],
  );
}

/** Links of the given actions in one role to the given products (which basket lines are accessories or presents). */
export async function listActionLinks(
  handle: DatabaseHandle,
  actionIds: readonly number[],
  role: 'accessory' | 'present',
  productIds: readonly number[] | null,
): Promise<{ action_id: number; product_id: number }[]> {
  if (actionIds.length === 0) return [];
  return handle.query<{ action_id: number; product_id: number }>(
    `select action_id, product_id from action_products
      where action_id = any ($1::int[]) and role = $2 and ($3::int[] is null or product_id = any ($3::int[]))
      order by action_id, product_id`,
    [actionIds, role, productIds],
  );
}

/** Every product an action offers as an accessory (for the in-memory accessory scope). */
export async function listActionAccessoryIds(handle: DatabaseHandle, actionId: number): Promise<number[]> {
  const rows = await handle.queryArrays(
    `select product_id from action_products where action_id = $1 and role = 'accessory' order by product_id`,
    [actionId],
  );
  return rows.map((r) => Number(r[0]));
}

/** Whether the action exists and is running now. */
export async function isActionActive(handle: DatabaseHandle, actionId: number): Promise<boolean> {
  const rows = await handle.query<{ id: number }>(
    `select id from actions where id = $1 and starts_at <= now() and (ends_at is null or ends_at > now())`,
    [actionId],
  );
  return rows.length > 0;
}

export interface BasketProductRow {
  id: number;
  status: number;
  category_id: number;
  price: number;
  /** The partner's price when the line names a supplier that offers the product. */
  supplier_prices: Record<string, number> | null;
}

/** Prices of the basket's products, with the partners' prices for lines that name a supplier. */
export async function listBasketProducts(
  handle: DatabaseHandle,
  productIds: readonly number[],
): Promise<BasketProductRow[]> {
  return handle.query<BasketProductRow>(
    `select p.id, p.status, p.category_id, o.price,
            (select json_object_agg(s.supplier_id::text, s.price) from supplier_offers s where s.product_id = p.id)
              as supplier_prices
       from products p join product_offers o on o.product_id = p.id
      where p.id = any ($1::int[])`,
    [productIds],
  );
}
