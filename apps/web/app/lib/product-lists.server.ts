// Cards of the favourites and compare lists, in list order. The by-ids call answers at most 20
// products (SPEC §9 Page sizes), so longer lists are asked for in pages of 20, in parallel.
import type { ApiClient, ProductCard } from '@store/api-client';
import { PAGE_SIZES } from '@store/domain';

export async function loadProductsByIds(
  api: ApiClient,
  ids: readonly number[],
  options: { withSpecifications?: boolean } = {},
): Promise<ProductCard[]> {
  if (ids.length === 0) return [];
  const chunks: number[][] = [];
  for (let i = 0; i < ids.length; i += PAGE_SIZES.productsByIds)
    chunks.push(ids.slice(i, i + PAGE_SIZES.productsByIds));
  const pages = await Promise.all(
    // The server's client adds the visitor's city to every call, so stock figures are for that city.
    chunks.map((chunk) => api.products.byIds(chunk, options.withSpecifications ? { expand: ['specifications'] } : {})),
  );
  const byId = new Map(pages.flat().map((p) => [p.id, p]));
  // A product that is gone (status not 1) is simply left out.
  return ids.map((id) => byId.get(id)).filter((p): p is ProductCard => p !== undefined);
}
