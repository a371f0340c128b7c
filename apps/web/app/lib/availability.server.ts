// The loader half of the «Наличие и доставка» tab beyond the receiving points: the tab's city (its
// name, centre and delivery types) and the ways to receive the product there, streamed so they never
// hold up or break the page (a failure is logged by the API and the block says it could not load).
import type { ApiClient, City, OrderVariation } from '@store/api-client';
import { settled } from './product.server.ts';

/** The city the tab is about; null when the default city is missing too (then no map centre). */
export async function loadTabCity(api: ApiClient, cityId: number | null): Promise<City | null> {
  return cityId === null ? null : api.cities.get(cityId);
}

/**
 * The order variations of this product with quantity 1 in the city (SPEC §7: receiving options take
 * the product with quantity 1 and the sum of the price; the API prices the line itself). Null when
 * the call fails.
 */
export function loadReceivingWays(
  api: ApiClient,
  productId: number,
  cityId: number | null,
): Promise<OrderVariation[] | null> {
  const query = cityId === null ? {} : { city_id: cityId };
  return settled<OrderVariation[] | null>(
    api.delivery.variations([{ id: productId, qty: 1 }], query).then((answer) => answer.variations),
    null,
  );
}
