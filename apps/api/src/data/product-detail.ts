// All SQL about one product in full: the product page's critical data.
import type { DatabaseHandle } from '@store/db';
import type { ProductDetail } from '../schemas/catalog.ts';
import { listProductCards } from './products.ts';
import { cachedProducts, sharedRead } from '../reference-data.ts';

interface DetailRow {
  full_name: string;
  short_url: string | null;
  status: number;
  description: string | null;
  category_path: number[] | null;
  model_id: number | null;
  supplier_id: number | null;
  color: string | null;
  vat: number;
  max_quantity: number;
  before_discount_price: number | null;
  pink_price: number | null;
  quantity: number;
  preorder_date: string | null;
  discount_tradein: number | null;
  super_price: ProductDetail['offer']['super_price'];
  has_credit: boolean;
  special_price_online: number | null;
  trade_in_sticker_price: number | null;
  specifications: { id: number; name: string; value: string; group_name: string; sort_main: number }[];
  tooltip: { type: string; text: string }[];
  manuals: { name: string; url: string }[];
  youtube: string[];
  compared_model: { link: string; name: string } | null;
  is_warranty: boolean;
  is_pre_order: boolean;
  is_only_rtt_pre_order: boolean;
  questions_count: number;
  images: string[] | null;
  supplier_offers: ProductDetail['supplier_offers'] | null;
}

/**
 * The product in full, whatever its status (the caller applies the SPEC's loading rules). Its row and
 * its card are kept in memory until the product's price, stock or record changes (decision 0041).
 */
export async function retrieveProductDetail(handle: DatabaseHandle, id: number, cityId: number | null): Promise<ProductDetail | null> {
  const rows = await cachedProducts(handle, 'detail', [id], (missing) => readDetailRow(handle, missing[0]!));
  const row = rows.get(id);
  if (!row) return null;
  // The card part (names, price, stock in the city) is shared with listings; an inactive product has none.
  const [card] = await listProductCards(handle, [id], cityId, { includeInactive: true });
  if (!card) return null;
  const groups: ProductDetail['specifications'] = [];
  for (const spec of [...row.specifications].sort((a, b) => a.sort_main - b.sort_main)) {
    let group = groups.find((g) => g.group_name === spec.group_name);
    if (!group) groups.push((group = { group_name: spec.group_name, items: [] }));
    group.items.push({ id: spec.id, name: spec.name, value: spec.value });
  }
  return {
    ...card,
    full_name: row.full_name,
    short_url: row.short_url,
    status: row.status,
    description: row.description,
    images: row.images ?? (card.image ? [card.image] : []),
    category: { ...card.category, path: row.category_path ?? [] },
    model_id: row.model_id,
    supplier_id: row.supplier_id,
    color: row.color,
    vat: row.vat,
    max_quantity: row.max_quantity,
    offer: {
      ...card.offer,
      before_discount_price: row.before_discount_price,
      pink_price: row.pink_price === null ? null : { price: row.pink_price },
      quantity: row.quantity,
      preorder_date: row.preorder_date,
      discountTradein: row.discount_tradein,
      super_price: row.super_price,
      has_credit: row.has_credit,
    },
    supplier_offers: row.supplier_offers ?? [],
    special_offer: row.special_price_online === null ? null : { price_online: row.special_price_online },
    trade_in_sticker: row.trade_in_sticker_price === null ? null : { price: row.trade_in_sticker_price },
    specifications: groups,
    specifications_full: row.specifications.map((s) => ({
      id: s.id,
      name: s.name,
      values: [s.value],
      sort_main: s.sort_main,
      group_name: s.group_name,
    })),
    tooltip: row.tooltip,
    manuals: row.manuals,
    youtube: row.youtube,
    compared_model: row.compared_model,
    is_warranty: row.is_warranty,
    is_pre_order: row.is_pre_order,
    is_only_rtt_pre_order: row.is_only_rtt_pre_order,
    attr: { questions_count: row.questions_count },
  };
}

async function readDetailRow(handle: DatabaseHandle, id: number): Promise<Map<number, DetailRow>> {
  const [row] = await handle.query<DetailRow>(
    `select p.full_name, p.short_url, p.status, p.description, c.path as category_path, p.model_id, p.supplier_id,
            p.color, p.vat, p.max_quantity, o.before_discount_price, o.pink_price, o.quantity, o.preorder_date::text as preorder_date,
            o.discount_tradein, o.super_price, o.has_credit, o.special_price_online, o.trade_in_sticker_price,
            p.specifications, p.tooltip, p.manuals, p.youtube, p.compared_model, p.is_warranty, p.is_pre_order,
            p.is_only_rtt_pre_order, p.questions_count,
            (select array_agg(i.url order by i.sort) from product_images i where i.product_id = p.id) as images,
            (select json_agg(json_build_object('supplier_id', s.supplier_id, 'price', s.price, 'qty', s.qty, 'price_old', s.price_old)
                             order by s.price)
               from supplier_offers s where s.product_id = p.id) as supplier_offers
       from products p
       join product_offers o on o.product_id = p.id
       left join categories c on c.id = p.category_id and c.status = 1
      where p.id = $1`,
    [id],
  );
  return new Map(row ? [[id, row]] : []);
}

export interface ProductFacts {
  id: number;
  status: number;
  categoryId: number;
  price: number;
  hasCredit: boolean;
  isWarranty: boolean;
  discountTradein: number | null;
  offer: { available: boolean; order_type: string; preorder: boolean };
}

/**
 * The few facts the product's side calls need (credit offers, warranties, trade-in, accessories): one
 * query, shared by the calls of one product page that ask while it runs, and kept until the product's
 * price, stock or record changes (decision 0041).
 */
export function retrieveProductFacts(handle: DatabaseHandle, id: number): Promise<ProductFacts | null> {
  return sharedRead(handle, `product-facts:${id}`, async () => {
    const facts = await cachedProducts(handle, 'facts', [id], async (missing) => {
      const row = await readProductFacts(handle, missing[0]!);
      return new Map(row ? [[row.id, row]] : []);
    });
    return facts.get(id) ?? null;
  });
}

async function readProductFacts(handle: DatabaseHandle, id: number): Promise<ProductFacts | null> {
  const [row] = await handle.query<ProductFacts>(
    `select p.id, p.status, p.category_id as "categoryId", o.price, o.has_credit as "hasCredit",
            p.is_warranty as "isWarranty", o.discount_tradein as "discountTradein",
            json_build_object('available', o.available, 'order_type', o.order_type,
                              'preorder', p.is_pre_order or o.order_type = 'preorder') as offer
       from products p join product_offers o on o.product_id = p.id
       join categories c on c.id = p.category_id and c.status = 1
      where p.id = $1`,
    [id],
  );
  return row ?? null;
}
