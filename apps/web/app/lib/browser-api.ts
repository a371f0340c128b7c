// The API client of the browser: same-origin /api, with the visitor's city on every call (SPEC §7),
// read from the city cookie at call time so a city change applies at once.
import { createApiClient } from '@store/api-client';
import { COOKIE, parseNumericId } from '@store/domain';
import { parseCookies } from './cookies.ts';

export const browserApi = createApiClient({
  defaultQuery: () => ({
    application_type: 'web',
    city_id: parseNumericId(parseCookies(document.cookie)[COOKIE.cityId]) ?? undefined,
  }),
});
