// The filtered listings the million-product benches ask (issue 19), chosen once here so that
// bench:cluster (through nginx) and bench/listing-profile.ts (in one process) measure the same calls.
// Filters that keep products: per category a brand, then one of the values that brand's products have,
// then a price range inside what those products cost. Filters picked from the category page alone (a
// brand, a value and a share of the whole price range) came out empty at a million products, and an
// empty result measures neither the page nor the counts over it.
import type { DatabaseHandle } from '@store/db';

/** What the choice reads of a listing's answer (the API's JSON, or buildListing's object). */
export interface ListingAnswer {
  products: readonly { url: string }[];
  filters: readonly {
    code: string;
    type: string;
    values: readonly { id: number | string; count: number }[];
    range: { min: number; max: number } | null;
  }[];
}

export interface BenchListing {
  /** The page path and the brand and specification filters: `/catalog/code/id?filter[brand][]=…&…`. */
  path: string;
  from: number;
  to: number;
}

/**
 * A listing call with its price range. `n` widens the range's top by n % 997 so that calls with different
 * `n` are different addresses: the `listing` scenario measures the index's work, not the 5 s a listing's
 * result is kept (decision 0059); `listing-repeat` asks the same few addresses again, as popular pages are.
 */
export const listingQuery = (l: BenchListing, n: number) =>
  `${l.path}&filter[price][from][]=${l.from}&filter[price][to][]=${l.to + (n % 997)}`;

/**
 * The bench's listings: the 5 largest categories, 4 brands each, 3 of a brand's values of the category's
 * first list specification; `ask` answers a page path with its query (`/catalog/…?…`), through the API
 * or in process. A listing whose range comes out empty is dropped. Also answers the first 8 product
 * addresses of each category page (the product scenarios' pages).
 */
export async function chooseListings(
  db: DatabaseHandle,
  ask: (pathAndQuery: string) => Promise<ListingAnswer>,
): Promise<{ listings: BenchListing[]; pages: string[] }> {
  const categories = await db.query<{ id: number; code: string }>(
    `select c.id, c.code from categories c join products p on p.category_id = c.id
      where p.status = 1 and c.status = 1 group by c.id, c.code order by count(*) desc limit 5`,
  );
  const listings: BenchListing[] = [];
  const pages: string[] = [];
  for (const category of categories) {
    const listingPath = `/catalog/${category.code}/${category.id}`;
    const first = await ask(listingPath);
    pages.push(...first.products.slice(0, 8).map((p) => p.url));
    const brands = [...(first.filters.find((f) => f.code === 'brand')?.values ?? [])].sort((a, b) => b.count - a.count);
    const spec = first.filters.find((f) => f.type === 'list' && !['brand', 'series', 'in_stock'].includes(f.code));
    if (!spec) continue;
    for (const brand of brands.slice(0, 4)) {
      const byBrand = await ask(`${listingPath}?filter[brand][]=${brand.id}`);
      const values = [...(byBrand.filters.find((f) => f.code === spec.code)?.values ?? [])]
        .filter((v) => v.count > 0)
        .sort((a, b) => b.count - a.count);
      for (const value of values.slice(0, 3)) {
        const path = `${listingPath}?filter[brand][]=${brand.id}&filter[${spec.code}][]=${value.id}`;
        const range = (await ask(path)).filters.find((f) => f.code === 'price')?.range;
        if (!range) continue;
        const to = Math.round(range.min + (range.max - range.min) * 0.7);
        const listing = { path, from: range.min, to };
        if ((await ask(listingQuery(listing, 0))).products.length > 0) listings.push(listing);
      }
    }
  }
  return { listings, pages };
}
