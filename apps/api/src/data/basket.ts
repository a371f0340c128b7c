// All SQL of the server-side basket (SPEC §3 Basket line, §7 Basket): baskets keyed by an
// unguessable id, lines with child warranties and accessories, removed lines kept for «Вернуть».
import type { TransactionHandle } from '@store/db';
import {
  PURCHASE_FACT_COLUMNS,
  productsParam,
  productsWhere,
  purchaseFactsOf,
  type PurchaseFactColumns,
  type PurchaseFactsRow,
} from './purchase.ts';

/** The database or one transaction of it: basket writes run inside a transaction with the basket row locked. */
export type Queryable = Pick<TransactionHandle, 'query'>;

export type BasketLineKind = 'product' | 'warranty' | 'accessory';

/** What the basket rules need of one product in one city. */
export interface BasketProductRow {
  id: number;
  name: string;
  image: string | null;
  url: string;
  status: number;
  price: number;
  price_old: number | null;
  available: boolean;
  preorder: boolean;
  is_warranty: boolean;
  max_quantity: number;
  city_quantity: number;
  supplier_offers: { supplier_id: number; price: number; qty: number }[];
}

export interface BasketLineRow {
  id: number;
  product_id: number;
  qty: number;
  parent_id: number | null;
  kind: BasketLineKind;
  warranty_id: number | null;
  supplier_id: number | null;
  price_snapshot: number;
  removed: boolean;
}

/**
 * Products with their city stock, supplier offers and purchase facts as seen from the city (one read:
 * the basket asked the same products' facts again, decision 0076); products of a hidden category are
 * left out.
 */
export async function listBasketProducts(
  handle: Queryable,
  ids: readonly number[],
  cityId: number,
): Promise<(BasketProductRow & { facts: PurchaseFactsRow })[]> {
  if (ids.length === 0) return [];
  const rows = await handle.query<
    PurchaseFactColumns & Pick<BasketProductRow, 'name' | 'image' | 'url' | 'price' | 'price_old' | 'is_warranty'>
  >(
    `select p.id, p.name, p.image, '/catalog/' || c.code || '/' || c.id || '/' || p.id as url,
            o.price, o.price_old, p.is_warranty, ${PURCHASE_FACT_COLUMNS}
       from products p
       join product_offers o on o.product_id = p.id
       join categories c on c.id = p.category_id and c.status = 1
      where ${productsWhere(ids)}`,
    productsParam(ids),
    ids.length === 1 ? { name: 'basket-product' } : undefined,
  );
  return rows.map((row) => {
    const facts = purchaseFactsOf(row, cityId);
    return {
      id: row.id,
      name: row.name,
      image: row.image,
      url: row.url,
      status: row.status,
      price: row.price,
      price_old: row.price_old,
      available: row.available,
      preorder: row.preorder,
      is_warranty: row.is_warranty,
      max_quantity: row.max_quantity,
      city_quantity: facts.city_quantity,
      // The sellers that have units, cheapest first.
      supplier_offers: facts.marketplace
        .filter((offer) => offer.qty > 0)
        .sort((a, b) => a.price - b.price || a.supplier_id - b.supplier_id)
        .map(({ supplier_id, price, qty }) => ({ supplier_id, price, qty })),
      facts,
    };
  });
}

export async function basketExists(handle: Queryable, basketId: string): Promise<boolean> {
  const rows = await handle.query<{ id: string }>('select id from baskets where id = $1', [basketId]);
  return rows.length > 0;
}

export async function createBasket(handle: Queryable, basketId: string): Promise<void> {
  await handle.query('insert into baskets (id) values ($1) on conflict (id) do nothing', [basketId]);
}

export async function touchBasket(handle: Queryable, basketId: string): Promise<void> {
  await handle.query('update baskets set updated_at = now() where id = $1', [basketId]);
}

/** Every line of a basket, removed ones included, in the order they were added. */
export async function listBasketLines(handle: Queryable, basketId: string) {
  return handle.query<BasketLineRow>(
    `select id, product_id, qty, parent_id, kind, warranty_id, supplier_id, price_snapshot,
            removed_at is not null as removed
       from basket_lines where basket_id = $1 order by id`,
    [basketId],
  );
}

export async function insertBasketLine(
  handle: Queryable,
  line: {
    basketId: string;
    productId: number;
    qty: number;
    parentId: number | null;
    kind: BasketLineKind;
    warrantyId: number | null;
    supplierId: number | null;
    price: number;
  },
): Promise<number> {
  const [row] = await handle.query<{ id: number }>(
    `insert into basket_lines (basket_id, product_id, qty, parent_id, kind, warranty_id, supplier_id, price_snapshot)
     values ($1, $2, $3, $4, $5, $6, $7, $8) returning id`,
    [
      line.basketId,
      line.productId,
      line.qty,
      line.parentId,
      line.kind,
      line.warrantyId,
      line.supplierId,
      line.price,
    ],
  );
  return row!.id;
}

/** Sets a line's quantity (and brings it back if it was removed). */
export async function setBasketLineQty(handle: Queryable, basketId: string, lineId: number, qty: number) {
  await handle.query('update basket_lines set qty = $3, removed_at = null where basket_id = $1 and id = $2', [
    basketId,
    lineId,
    qty,
  ]);
}

/** Marks lines removed (restorable) or restores them. */
export async function setBasketLinesRemoved(
  handle: Queryable,
  basketId: string,
  lineIds: readonly number[],
  removed: boolean,
) {
  if (lineIds.length === 0) return;
  await handle.query(
    `update basket_lines set removed_at = ${removed ? 'now()' : 'null'} where basket_id = $1 and id = any($2::int[])`,
    [basketId, lineIds],
  );
}

/** Deletes lines for good (a warranty replaced by another). */
export async function deleteBasketLines(handle: Queryable, basketId: string, lineIds: readonly number[]) {
  if (lineIds.length === 0) return;
  await handle.query('delete from basket_lines where basket_id = $1 and id = any($2::int[])', [basketId, lineIds]);
}

/**
 * Issue 6 (sign-in) moves a guest's basket to the customer: the guest basket becomes the customer's.
 * Merging with a basket the customer already has is that decision.
 */
export async function attachBasketToCustomer(handle: Queryable, basketId: string, customerId: number) {
  await handle.query('update baskets set customer_id = $2, updated_at = now() where id = $1', [basketId, customerId]);
}

/**
 * Locks the basket row for the rest of the transaction, so two writes to one basket run one after
 * the other (no duplicate line, no quantity over the cap when requests race on a server database).
 */
export async function lockBasket(tx: Queryable, basketId: string): Promise<boolean> {
  const rows = await tx.query<{ id: string }>('select id from baskets where id = $1 for update', [basketId]);
  return rows.length > 0;
}
