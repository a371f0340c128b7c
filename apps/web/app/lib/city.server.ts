// The visitor's city for stock figures (SPEC §7: city_id on every call). The root loader resolves
// the city in parallel with the page loaders, so pages read the same cookie it keeps, falling back
// to the default city on a first visit.
import { isApiError, type ApiClient } from '@store/api-client';
import { COOKIE, DEFAULT_CITY_ALIAS, parseNumericId } from '@store/domain';
import { parseCookies } from './cookies.ts';

export async function visitorCityId(request: Request, api: ApiClient): Promise<number | null> {
  const fromCookie = parseNumericId(parseCookies(request.headers.get('cookie'))[COOKIE.cityId]);
  if (fromCookie !== null) return fromCookie;
  try {
    return (await api.cities.byAlias(DEFAULT_CITY_ALIAS)).id;
  } catch (error) {
    // Without a city the cards still show, only without stock figures.
    if (isApiError(error, 404)) return null;
    throw error;
  }
}
