// All SQL of the site map (sitemap.xml, /sitemap): the paths of each kind in a stable order, read
// a page at a time, and how many there are.
import type { DatabaseHandle } from '@store/db';

/** Active products of active categories, by id. */
const PRODUCTS = `select '/catalog/' || c.code || '/' || c.id || '/' || p.id as path, p.id::text as k
   from products p join categories c on c.id = p.category_id and c.status = 1
  where p.status = 1`;
/** Active categories with products, then brands with active products. */
const LISTINGS = `select '/catalog/' || c.code || '/' || c.id as path, '1-' || lpad(c.id::text, 10, '0') as k
   from categories c where c.status = 1 and c.product_count > 0
 union all
 select '/catalog/brand/' || b.code as path, '2-' || lpad(b.id::text, 10, '0') as k
   from brands b
  where exists (select 1 from products p join categories c on c.id = p.category_id and c.status = 1
                 where p.brand_id = b.id and p.status = 1)`;
/** Multicenters: the store pages that are indexed. */
const STORES = `select '/store/' || s.slug as path, lpad(s.id::text, 10, '0') as k
   from stores s where s.status = 1 and s.type = 1`;

const SOURCES = { products: PRODUCTS, listings: LISTINGS, stores: STORES } as const;
export type SitemapSource = keyof typeof SOURCES;

export async function listSitemapPaths(handle: DatabaseHandle, kind: SitemapSource, offset: number, limit: number) {
  // Products by their integer id (the primary key's order); the others by their sort key.
  const order = kind === 'products' ? 'p.id' : 'k collate "C"';
  const sql = kind === 'products' ? `${SOURCES[kind]} order by ${order}` : `select path from (${SOURCES[kind]}) x order by ${order}`;
  const rows = await handle.query<{ path: string }>(`${sql} offset $1 limit $2`, [offset, limit]);
  return rows.map((r) => r.path);
}

export async function countSitemapPaths(handle: DatabaseHandle) {
  const [row] = await handle.query<{ products: number; listings: number; stores: number }>(
    `select (select count(*) from (${PRODUCTS}) a)::int as products,
            (select count(*) from (${LISTINGS}) b)::int as listings,
            (select count(*) from (${STORES}) c)::int as stores`,
  );
  return row!;
}
