// Server-side start-up of SPEC §4: city_id handling, A/B branch, location, mobile flag,
// then header, features, default cities and SEO in parallel.
import { data, redirect } from 'react-router';
import {
  isApiError,
  type ApiClient,
  type Banner,
  type City,
  type Feature,
  type MenuItem,
  type Seo,
} from '@store/api-client';
import {
  BRANCH_COOKIE_MAX_AGE_S,
  CITY_COOKIE_MAX_AGE_S,
  COOKIE,
  DEFAULT_BRANCH,
  DEFAULT_CITY_ALIAS,
  GEO_CITY_HEADER,
  isBranchCode,
  cityIdRedirect,
  isMobileAppMode,
  parseNumericId,
  resolveCity,
  seoRedirect,
  shouldRequestSeo,
  type CityInfo,
} from '@store/domain';
import { idListCookie, parseCookies, serializeCookie } from './cookies.ts';

export interface ShellData {
  city: City;
  priorityCities: City[];
  branch: string;
  features: Feature[];
  catalogMenu: MenuItem[];
  staticMenu: MenuItem[];
  eventsMenu: MenuItem[];
  topBanner: Banner | null;
  seo: Seo | null;
  /** The SEO service does not know this path: the page is a 404. */
  seoMissing: boolean;
  counters: { favorites: number; compare: number; basket: number };
  cookiesAccepted: boolean;
  mobileApp: boolean;
}

const isNotFound = (error: unknown) => isApiError(error, 404);

async function findCity(api: ApiClient, by: { alias: string } | { id: number }): Promise<City | null> {
  try {
    return 'alias' in by ? await api.cities.byAlias(by.alias) : await api.cities.get(by.id);
  } catch (error) {
    if (isNotFound(error) || isApiError(error, 422)) return null;
    throw error;
  }
}

export async function loadShell(request: Request, api: ApiClient, routeCityAlias: string | null) {
  const url = new URL(request.url);
  const cookies = parseCookies(request.headers.get('cookie'));
  const setCookies: string[] = [];

  // 1. ?city_id=N sets the city cookie, then the address loses the parameter.
  const cityParam = cityIdRedirect(url.pathname + url.search);
  if (cityParam) {
    const headers = new Headers();
    if (cityParam.cityId !== null) {
      const chosen = await findCity(api, { id: cityParam.cityId });
      if (chosen)
        headers.append(
          'Set-Cookie',
          serializeCookie(COOKIE.cityId, String(chosen.id), { maxAgeS: CITY_COOKIE_MAX_AGE_S }),
        );
    }
    throw redirect(cityParam.redirectTo, { status: 302, headers });
  }

  // 2. A/B branch, kept in a cookie.
  let branch = cookies[COOKIE.branch];
  if (!isBranchCode(branch)) {
    branch = (await api.experiments.branch()).code || DEFAULT_BRANCH;
    setCookies.push(serializeCookie(COOKIE.branch, branch, { maxAgeS: BRANCH_COOKIE_MAX_AGE_S }));
  }

  // 3. Location: route city, cookie city, geo header city, default.
  const cookieCityId = parseNumericId(cookies[COOKIE.cityId]);
  const headerAlias = request.headers.get(GEO_CITY_HEADER);
  const [routeCity, cookieCity, headerCity, defaultCity] = await Promise.all([
    routeCityAlias ? findCity(api, { alias: routeCityAlias }) : null,
    cookieCityId !== null ? findCity(api, { id: cookieCityId }) : null,
    headerAlias ? findCity(api, { alias: headerAlias.trim().toLowerCase() }) : null,
    findCity(api, { alias: DEFAULT_CITY_ALIAS }),
  ]);
  const known = new Map<string, City>();
  for (const c of [routeCity, cookieCity, headerCity, defaultCity]) if (c) known.set(c.alias, c);
  const lookup = (alias: string): CityInfo | null => {
    const c = known.get(alias);
    return c ? { id: c.id, alias: c.alias, deliveryTypeIds: c.delivery_type_ids } : null;
  };
  const resolution = resolveCity(
    {
      routeAlias: routeCityAlias,
      // A cookie naming a city we do not know still counts, so the resolution resets it.
      cookieAlias: cookieCity?.alias ?? (cookies[COOKIE.cityId] ? `unknown-city-${cookies[COOKIE.cityId]}` : null),
      headerCityAlias: headerCity?.alias ?? null,
    },
    lookup,
  );
  const city = known.get(resolution.alias) ?? defaultCity;
  if (!city) throw new Error(`The default city '${DEFAULT_CITY_ALIAS}' is missing from the database`);
  if (resolution.resetCookie || (!cookies[COOKIE.cityId] && resolution.source !== 'route')) {
    setCookies.push(serializeCookie(COOKIE.cityId, String(city.id), { maxAgeS: CITY_COOKIE_MAX_AGE_S }));
  }

  // 4. Mobile-app mode is remembered for the visit.
  let mobileApp = cookies[COOKIE.mobileApp] === '1';
  if (isMobileAppMode(url.searchParams, request.headers.get('user-agent'))) {
    mobileApp = true;
    if (!cookies[COOKIE.mobileApp]) setCookies.push(serializeCookie(COOKIE.mobileApp, '1', {}));
  }

  // 5. Header, features, default cities and SEO in parallel.
  const wantsSeo = shouldRequestSeo(null, url.pathname);
  const searchText = url.searchParams.get('q') ?? url.searchParams.get('query') ?? undefined;
  const [catalogMenu, staticMenu, eventsMenu, topBanners, features, priorityCities, seo] = await Promise.all([
    api.menus.catalog({ branch }),
    api.menus.static({ branch }),
    api.menus.events({ branch }),
    api.banners.byType('so-topline-desktop', url.pathname).catch(() => []),
    api.experiments.features(branch),
    api.cities.priority(),
    wantsSeo ? loadSeo(api, url.pathname, searchText) : Promise.resolve(null),
  ]);

  const shell: ShellData = {
    city,
    priorityCities,
    branch,
    features,
    catalogMenu,
    staticMenu,
    eventsMenu,
    topBanner: topBanners[0]?.banner ?? null,
    seo: seo === 'missing' ? null : seo,
    seoMissing: seo === 'missing',
    counters: {
      favorites: idListCookie(cookies[COOKIE.favoriteProducts]).length,
      compare: idListCookie(cookies[COOKIE.compareProducts]).length,
      basket: 0,
    },
    cookiesAccepted: cookies[COOKIE.cookiesAccepted] === '1',
    mobileApp,
  };
  const headers = new Headers();
  for (const c of setCookies) headers.append('Set-Cookie', c);
  return { shell, headers };
}

/** SEO by path: a redirect is honoured, 404 is the not-found page, any other failure is 'Ошибка при загрузке SEO'. */
async function loadSeo(
  api: ApiClient,
  pathname: string,
  searchText: string | undefined,
): Promise<Seo | 'missing' | null> {
  let response: Awaited<ReturnType<ApiClient['seo']['get']>>;
  try {
    response = await api.seo.get(pathname, searchText);
  } catch (error) {
    if (isNotFound(error)) return 'missing';
    // The lookup refused the address (docs/decisions/0011): a path no page can have (over 2,000
    // characters, '//host') is a 404; a refused search text is the visitor's fault, a 400.
    if (isApiError(error, 422) || isApiError(error, 400)) {
      if (error.body?.errors && 'url' in error.body.errors) return 'missing';
      throw data('Слишком длинный или некорректный поисковый запрос: сократите его до 200 символов.', {
        status: 400,
      });
    }
    throw new Error('Ошибка при загрузке SEO', { cause: error });
  }
  const target = seoRedirect('redirect' in response ? response : null);
  if (target) throw redirect(target.url, target.code);
  return 'redirect' in response ? null : response;
}
