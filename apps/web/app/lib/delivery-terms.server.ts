// The loader of /delivery and /delivery/pay: the page's breadcrumbs and the delivery and payment terms
// of the visitor's city (the cookie the start-up keeps), else of the default city. A city unknown or
// without delivery is the default one, as the start-up resolves it (SPEC §4 City). The terms come
// from the API, computed as checkout does.
import { isApiError, type ApiClient, type Breadcrumb, type City, type DeliveryTerms } from '@store/api-client';
import { DEFAULT_CITY_ALIAS } from '@store/domain';
import { visitorCityId } from './city.server.ts';
import { orNotFound, requirePage } from './not-found.server.ts';

export interface DeliveryPageData {
  breadcrumbs: Breadcrumb[];
  terms: DeliveryTerms;
  /** Cities to switch to: those with delivery, by name. */
  cities: Pick<City, 'id' | 'name'>[];
}

async function termsOf(api: ApiClient, cityId: number | null): Promise<DeliveryTerms | null> {
  try {
    const terms = await api.delivery.terms(cityId === null ? {} : { city_id: cityId });
    return terms.ways.length > 0 ? terms : null;
  } catch (error) {
    if (isApiError(error, 422)) return null;
    throw error;
  }
}

export async function loadDeliveryPage(request: Request, api: ApiClient): Promise<DeliveryPageData> {
  const { pathname } = requirePage(request);
  const [breadcrumbs, chosen, list] = await Promise.all([
    orNotFound(api.seo.breadcrumbs(pathname)),
    visitorCityId(request, api).then((id) => termsOf(api, id)),
    api.cities.list({ per_page: 100 }),
  ]);
  const terms = chosen ?? (await api.delivery.terms({ city_id: (await api.cities.byAlias(DEFAULT_CITY_ALIAS)).id }));
  const cities = list.items
    .filter((c) => c.delivery_type_ids.length > 0)
    .map((c) => ({ id: c.id, name: c.name }))
    .sort((a, b) => a.name.localeCompare(b.name, 'ru'));
  return { breadcrumbs, terms, cities };
}
