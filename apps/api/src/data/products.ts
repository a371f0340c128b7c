// All SQL about products as cards, tag lists and stock in a city.
import { purchasability, purchaseLabel, type Purchase } from '@store/domain';
import type { DatabaseHandle } from '@store/db';
import type { ProductCard } from '../schemas/catalog.ts';
import {
  productsParam,
  productsWhere,
  purchaseFactsOf,
  purchaseFactsOfPage,
  retrieveCityPoint,
  toPurchaseFacts,
  type PurchaseFactColumns,
  type PurchaseFactsRow,
} from './purchase.ts';
import { retrieveDefaultCityId } from './availability.ts';
import { cachedProducts } from '../reference-data.ts';

interface CardRow extends PurchaseFactColumns {
  name: string;
  image: string | null;
  category_id: number;
  category_name: string;
  category_code: string;
  /** A hidden category's products are shown (a product page) but not bought (listPurchaseFacts). */
  category_shown: boolean;
  brand_id: number;
  brand_name: string;
  brand_code: string;
  rating: number;
  reviews_count: number;
  price: number;
  price_old: number | null;
  order_type: string;
  stickers: { code: string; text: string; color: string }[];
  is_markdown: boolean;
  markdown_grade: string | null;
  is_used: boolean;
  is_demo: boolean;
  specs: { name: string; value: string }[] | null;
  all_specs: { name: string; value: string; group_name: string; sort_main: number }[] | null;
}

/**
 * Cards for the given ids, in the given order; inactive products are left out. Kept in memory per
 * product and city until the product's price, stock or record changes (reference-data.ts, decision
 * 0041): only what is displayed comes from here; the basket and orders read their facts fresh.
 */
export async function listProductCards(
  handle: DatabaseHandle,
  ids: readonly number[],
  cityId: number | null,
  options: { includeInactive?: boolean; withSpecifications?: boolean } = {},
): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const kind = `card|${cityId ?? 0}|${options.includeInactive ? 1 : 0}|${options.withSpecifications ? 1 : 0}`;
  const cards = await cachedProducts(handle, kind, ids, (missing) => readProductCards(handle, missing, cityId, options));
  return ids.flatMap((id) => {
    const card = cards.get(id);
    return card ? [card] : [];
  });
}

/**
 * The cards and their purchase facts in one query (decision 0080): the facts are the ones the purchase
 * rule reads everywhere (PURCHASE_FACT_COLUMNS, read for the page at once: purchaseFactsOfPage), and the
 * city's stores and units on the card are the city's entry of them. Two queries before, each 2–8 ms of
 * the store's own thread on PGlite at 100,000 products: a page of cards not in the card cache was most
 * of a listing or search call.
 */
async function readProductCards(
  handle: DatabaseHandle,
  ids: readonly number[],
  cityId: number | null,
  options: { includeInactive?: boolean; withSpecifications?: boolean },
): Promise<Map<number, ProductCard>> {
  // No city given: the default city (SPEC §9: moskva).
  const city = cityId || (await retrieveDefaultCityId(handle));
  const facts = purchaseFactsOfPage('$1', ids.length === 1);
  const rows = await handle.query<CardRow>(
    `with ${facts.with}
     select p.id, p.name, p.image, c.id as category_id, c.name as category_name, c.code as category_code,
            c.status = 1 as category_shown, b.id as brand_id, b.name as brand_name, b.code as brand_code,
            p.rating, p.reviews_count, o.price, o.price_old, o.order_type, p.stickers,
            p.is_markdown, p.markdown_grade, p.is_used, p.is_demo,
            (select json_agg(json_build_object('name', s->>'name', 'value', s->>'value') order by (s->>'sort_main')::int)
               from (select s from jsonb_array_elements(p.specifications) s order by (s->>'sort_main')::int limit 4) t) as specs,
            case when $3 then p.specifications end as all_specs,
            ${facts.columns}
       from products p
       join product_offers o on o.product_id = p.id
       join categories c on c.id = p.category_id
       join brands b on b.id = p.brand_id
       ${facts.join}
      where ${productsWhere(ids)} and (p.status = 1 or $2)`,
    [...productsParam(ids), options.includeInactive ?? false, options.withSpecifications ?? false],
    ids.length === 1 ? { name: 'product-card-of-one' } : undefined,
  );
  const origin = await retrieveCityPoint(handle, city);
  return new Map(
    rows.map((r) => {
      const facts = purchaseFactsOf(r, city);
      const purchase = r.category_shown ? purchasability(toPurchaseFacts(facts, origin)) : null;
      return [r.id, toCard(r, facts, purchase)];
    }),
  );
}

const UNAVAILABLE: ProductCard['purchase'] = {
  way: 'unavailable',
  label: 'Нет в наличии',
  buyable: false,
  lead_days: 0,
  max_qty: 0,
  supplier_id: null,
};

function toCard(r: CardRow, facts: PurchaseFactsRow, purchase: Purchase | null): ProductCard {
  const stores = facts.city_stores;
  return {
    id: r.id,
    name: r.name,
    url: `/catalog/${r.category_code}/${r.category_id}/${r.id}`,
    image: r.image,
    category: { id: r.category_id, name: r.category_name, code: r.category_code },
    brand: { id: r.brand_id, name: r.brand_name, code: r.brand_code },
    rating: Math.round(r.rating) / 10,
    reviews_count: r.reviews_count,
    offer: {
      price: r.price,
      price_old: r.price_old,
      available: r.available,
      order_type: r.order_type,
      preorder: r.preorder,
      max_quantity: r.max_quantity,
    },
    stickers: r.stickers,
    is_markdown: r.is_markdown,
    markdown_grade: r.markdown_grade,
    is_used: r.is_used,
    is_demo: r.is_demo,
    city_availability: { stores, quantity: facts.city_quantity },
    purchase: purchase
      ? {
          way: purchase.way,
          label: purchaseLabel(purchase, stores),
          buyable: purchase.buyable,
          lead_days: purchase.leadDays,
          max_qty: purchase.maxQty,
          supplier_id: purchase.supplierId,
        }
      : UNAVAILABLE,
    specifications_short: r.specs ?? [],
    ...(r.all_specs
      ? {
          specifications: [...r.all_specs]
            .sort((a, b) => a.sort_main - b.sort_main)
            .map((s) => ({ name: s.name, value: s.value, group_name: s.group_name })),
        }
      : {}),
  };
}

/** Ids of products carrying any of the tags, newest tag assignment order by id (SPEC: sort id). */
export async function listProductIdsByTags(handle: DatabaseHandle, aliases: readonly string[], limit: number) {
  const rows = await handle.query<{ id: number }>(
    `select distinct p.id from products p
       join product_tags pt on pt.product_id = p.id
       join tags t on t.id = pt.tag_id
      where t.alias = any($1::text[]) and p.status = 1
      order by p.id limit $2`,
    [aliases, limit],
  );
  return rows.map((r) => r.id);
}

/** Active products whose name contains the given words (accessories naming the device they fit). */
export async function listProductIdsNaming(handle: DatabaseHandle, words: string): Promise<number[]> {
  const rows = await handle.query<{ id: number }>(
    `select id from products where status = 1 and lower(name) like '%' || $1 || '%'`,
    [words.toLowerCase().replace(/[\\%_]/g, (ch) => '\\' + ch)],
  );
  return rows.map((r) => r.id);
}

export async function listProductTags(handle: DatabaseHandle, productId: number) {
  return handle.query<{ alias: string; name: string }>(
    'select t.alias, t.name from tags t join product_tags pt on pt.tag_id = t.id where pt.product_id = $1 order by t.id',
    [productId],
  );
}

/** The category path (the category and its ancestors) of each product's category. */
export async function listCategoryPathsOfProducts(handle: DatabaseHandle, productIds: readonly number[]) {
  return handle.query<{ path: number[] | null }>(
    'select c.path from products p join categories c on c.id = p.category_id where p.id = any($1::int[])',
    [productIds],
  );
}
