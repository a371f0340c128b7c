// All SQL about promotions (SPEC §3 Action, Accessory promotion): the active actions of basket
// products, their presents, and which products they offer as accessories.
import type { DatabaseHandle } from '@store/db';
import { cachedProducts, cachedReference } from '../reference-data.ts';

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

const ACTION_COLUMNS = `a.id, a.parent_id, a.public_name, a.public_description, a.action_type, a.delivery_ids,
            a.payment_ids, a.sum_action_ids, a.required, a.promocode, a.discount, a.is_trade_in_action, a.mechanics,
            a.bank_flags, a.deferreds, a.is_credit, a.installment_limit, a.price_from, a.should_add_warranties,
            a.is_hidden,
            to_char(a.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as starts_at,
            to_char(a.ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as ends_at,
            case when b.id is null then null else json_build_object('id', b.id, 'name', b.name) end as warranty_brand,
            case when c.id is null then null else json_build_object('id', c.id, 'name', c.name) end as warranty_category`;

/** Active (started, not ended) actions applying to any of the products, in display order. */
export async function listActionsForProducts(
  handle: DatabaseHandle,
  productIds: readonly number[],
  actionIds: readonly number[] | null,
): Promise<ActionRow[]> {
  return handle.query<ActionRow>(
    `select ${ACTION_COLUMNS}, m.product_ids
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


type KeptAction = Omit<ActionRow, 'product_ids'> & { sort: number; starts_ms: number; ends_ms: number | null };

/**
 * The same answer as listActionsForProducts, for display (the promotions list a product page and the
 * basket show), from memory: each product's actions, started or not, are kept per product (decision
 * 0049; actions are written by the seed only, so the reference TTL and invalidate() cover them) and
 * the running ones are chosen by the clock here. Order pricing keeps reading listActionsForProducts.
 */
export async function listActionsForProductsKept(
  handle: DatabaseHandle,
  productIds: readonly number[],
  actionIds: readonly number[] | null,
  now = Date.now(),
): Promise<ActionRow[]> {
  const kept = await cachedProducts(handle, 'actions', productIds, async (missing) => {
    const rows = await handle.query<KeptAction & { product_id: number }>(
      `select ${ACTION_COLUMNS}, a.sort, ap.product_id,
              (extract(epoch from a.starts_at) * 1000)::float8 as starts_ms,
              (extract(epoch from a.ends_at) * 1000)::float8 as ends_ms
         from action_products ap
         join actions a on a.id = ap.action_id
         left join brands b on b.id = a.warranty_brand_id
         left join categories c on c.id = a.warranty_category_id
        where ap.role = 'main' and ap.product_id = any ($1::int[])`,
      [missing],
    );
    const byProduct = new Map<number, KeptAction[]>(missing.map((id) => [id, []]));
    for (const { product_id: productId, ...row } of rows) byProduct.get(Number(productId))?.push(row);
    return byProduct;
  });
  const actions = new Map<number, ActionRow & { sort: number }>();
  for (const productId of [...new Set(productIds)].sort((a, b) => a - b)) {
    for (const row of kept.get(productId) ?? []) {
      if (row.starts_ms > now || (row.ends_ms !== null && row.ends_ms <= now)) continue;
      if (actionIds && !actionIds.includes(row.id)) continue;
      const action = actions.get(row.id);
      if (action) action.product_ids.push(productId);
      else {
        const { starts_ms: _starts, ends_ms: _ends, ...fields } = row;
        actions.set(row.id, { ...fields, product_ids: [productId] });
      }
    }
  }
  return [...actions.values()]
    .sort((a, b) => a.sort - b.sort || a.id - b.id)
    .map(({ sort: _sort, ...row }) => row);
}

/** listActionLinks from memory, for display: each action's links are reference data (decision 0049). */
export const listActionLinksKept: typeof listActionLinks = async (handle, actionIds, role, productIds) => {
  const wanted = productIds ? new Set(productIds) : null;
  const perAction = await Promise.all(
    [...new Set(actionIds)]
      .sort((a, b) => a - b)
      .map(async (actionId) => {
        const linked = await cachedReference(handle, `action-links:${actionId}:${role}`, async () =>
          (
            await handle.queryArrays(
              `select product_id from action_products where action_id = $1 and role = $2 order by product_id`,
              [actionId, role],
            )
          ).map((r) => Number(r[0])),
        );
        return linked
          .filter((productId) => !wanted || wanted.has(productId))
          .map((productId) => ({ action_id: actionId, product_id: productId }));
      }),
  );
  return perAction.flat();
};

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
  return readBasketProducts(handle, productIds);
}

/**
 * listBasketProducts for display (the promotions list): kept per product like its card and dropped by
 * the same price, stock and product changes (decisions 0041, 0049). Applying actions and pricing an
 * order read listBasketProducts.
 */
export async function listBasketProductsKept(
  handle: DatabaseHandle,
  productIds: readonly number[],
): Promise<BasketProductRow[]> {
  const kept = await cachedProducts(handle, 'basket-row', productIds, async (missing) => {
    const rows = await readBasketProducts(handle, missing);
    return new Map(rows.map((r) => [Number(r.id), r]));
  });
  return [...new Set(productIds)].flatMap((id) => kept.get(id) ?? []);
}

function readBasketProducts(handle: DatabaseHandle, productIds: readonly number[]): Promise<BasketProductRow[]> {
  return handle.query<BasketProductRow>(
    `select p.id, p.status, p.category_id, o.price,
            (select json_object_agg(s.supplier_id::text, s.price) from supplier_offers s where s.product_id = p.id)
              as supplier_prices
       from products p join product_offers o on o.product_id = p.id
      where p.id = any ($1::int[])`,
    [productIds],
  );
}
