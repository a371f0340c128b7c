// The store pages' loads: the visitor's city's stores, every one on one page.
import type { ApiClient, StoreListRequest } from '@store/api-client';
import { visitorCityId } from './city.server.ts';

/** The stores of the visitor's city (the default city on a first visit) with these expand fields. */
export async function listCityStores(request: Request, api: ApiClient, expand: StoreListRequest['expand']) {
  const cityId = await visitorCityId(request, api);
  const { items } = await api.stores.list({
    ...(cityId === null ? {} : { city_id: cityId }),
    remove_pagination: true,
    expand,
  });
  return items;
}
