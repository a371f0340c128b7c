// All SQL of catalogue search: Russian full text (stemmed, prefix for the last word) with a trigram
// fallback for typos, and the suggestion lists.
import type { DatabaseHandle } from '@store/db';

/** Words of a query as safe tsquery terms: letters and digits only. */
export function queryTerms(text: string): string[] {
  return (text.toLowerCase().replace(/ё/g, 'е').match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

function prefixTsQuery(terms: string[]): string {
  // Every word must match; each may be the start of a longer word (партial input while typing).
  return terms.map((t) => `${t}:*`).join(' & ');
}

export const SEARCH_LIMIT = 5000;

/** Matching product ids, best first. Falls back to trigram similarity when full text finds nothing. */
export async function searchProductIds(handle: DatabaseHandle, text: string): Promise<number[]> {
  const terms = queryTerms(text);
  if (terms.length === 0) return [];
  const fullText = await handle.query<{ id: number }>(
    `select p.id from products p, to_tsquery('russian', $1) q
      where p.status = 1 and p.search_vector @@ q
      order by ts_rank(p.search_vector, q) desc, p.position
      limit ${SEARCH_LIMIT}`,
    [prefixTsQuery(terms)],
  );
  if (fullText.length > 0) return fullText.map((r) => r.id);
  const fuzzy = await handle.query<{ id: number }>(
    `select p.id from products p
      where p.status = 1 and $1 <% lower(p.name)
      order by word_similarity($1, lower(p.name)) desc, p.position
      limit ${SEARCH_LIMIT}`,
    [terms.join(' ')],
  );
  return fuzzy.map((r) => r.id);
}

export interface SuggestionRows {
  brands: { id: number; name: string; code: string }[];
  categories: { id: number; name: string; code: string }[];
  series: { id: number; name: string; code: string; brand_code: string; category_id: number; category_code: string }[];
  products: { id: number; name: string; image: string | null; price: number; category_id: number; category_code: string }[];
}

export async function listSuggestions(handle: DatabaseHandle, text: string): Promise<SuggestionRows> {
  const terms = queryTerms(text);
  if (terms.length === 0) return { brands: [], categories: [], series: [], products: [] };
  const joined = terms.join(' ');
  const like = `%${joined.replace(/[\\%_]/g, (ch) => '\\' + ch)}%`;
  const brands = await handle.query<SuggestionRows['brands'][number]>(
    `select id, name, code from brands
      where lower(name) like $1 or $2 <% lower(name)
      order by (lower(name) like $1) desc, word_similarity($2, lower(name)) desc, name limit 5`,
    [like, joined],
  );
  const categories = await handle.query<SuggestionRows['categories'][number]>(
    `select id, name, code from categories
      where status = 1 and (lower(name) like $1 or $2 <% lower(name))
      order by (lower(name) like $1) desc, product_count desc limit 5`,
    [like, joined],
  );
  const series = await handle.query<SuggestionRows['series'][number]>(
    `select s.id, b.name || ' ' || s.name as name, s.code, b.code as brand_code, c.id as category_id, c.code as category_code
       from series s join brands b on b.id = s.brand_id join categories c on c.id = s.category_id
      where lower(b.name || ' ' || s.name) like $1 or lower(s.name) like $1
      order by s.name limit 5`,
    [like],
  );
  let products = await handle.query<SuggestionRows['products'][number]>(
    `select p.id, p.name, p.image, o.price, c.id as category_id, c.code as category_code
       from products p join product_offers o on o.product_id = p.id join categories c on c.id = p.category_id
      where p.status = 1 and p.search_vector @@ to_tsquery('russian', $1)
      limit 5`,
    [prefixTsQuery(terms)],
  );
  if (products.length === 0) {
    products = await handle.query<SuggestionRows['products'][number]>(
      `select p.id, p.name, p.image, o.price, c.id as category_id, c.code as category_code
         from products p join product_offers o on o.product_id = p.id join categories c on c.id = p.category_id
        where p.status = 1 and $1 <% lower(p.name)
        order by word_similarity($1, lower(p.name)) desc limit 5`,
      [joined],
    );
  }
  return { brands, categories, series, products };
}
