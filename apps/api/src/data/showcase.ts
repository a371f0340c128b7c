// All SQL behind the home page and the category brand/series lists.
import type { DatabaseHandle } from '@store/db';

export async function listPopularBrands(handle: DatabaseHandle) {
  return handle.query<{ id: number; name: string; code: string }>(
    `select id, name, code from brands where is_popular order by sort, name collate shop_text limit 16`,
  );
}

/** Discounted, available products, most popular first: the product of the day rotates through them. */
export async function listProductOfDayCandidates(handle: DatabaseHandle): Promise<number[]> {
  const rows = await handle.query<{ id: number }>(
    `select p.id from products p join product_offers o on o.product_id = p.id
      where p.status = 1 and o.available and o.price_old > o.price and o.price >= 500000
      order by p.position limit 30`,
  );
  return rows.map((r) => r.id);
}

export async function listRecommendedIds(handle: DatabaseHandle, limit: number): Promise<number[]> {
  const rows = await handle.query<{ id: number }>(
    `select p.id from products p join product_offers o on o.product_id = p.id
      where p.status = 1 and o.available and p.rating >= 40
      order by p.position limit $1`,
    [limit],
  );
  return rows.map((r) => r.id);
}

/** Brands with products in a category subtree. */
export async function listCategoryBrands(handle: DatabaseHandle, categoryId: number) {
  return handle.query<{ id: number; name: string; code: string; count: number }>(
    `select b.id, b.name, b.code, count(*)::int as count
       from products p join brands b on b.id = p.brand_id
       join categories c on c.id = p.category_id
      where p.status = 1 and $1 = any(c.path)
      group by b.id, b.name, b.code
      order by count(*) desc, b.name collate shop_text`,
    [categoryId],
  );
}

export async function listCategorySeries(
  handle: DatabaseHandle,
  categoryId: number,
  options: { brandCode: string | null; availableOnly: boolean },
) {
  return handle.query<{ id: number; name: string; code: string; brand_code: string; brand_name: string; count: number }>(
    `select s.id, s.name, s.code, b.code as brand_code, b.name as brand_name, count(p.id)::int as count
       from series s
       join brands b on b.id = s.brand_id
       join categories c on c.id = s.category_id
       left join products p on p.series_id = s.id and p.status = 1
       left join product_offers o on o.product_id = p.id
      where $1 = any(c.path) and ($2::text is null or b.code = $2)
        and (not $3 or o.available)
      group by s.id, s.name, s.code, b.code, b.name
      order by b.name collate shop_text, s.name collate shop_text`,
    [categoryId, options.brandCode, options.availableOnly],
  );
}
