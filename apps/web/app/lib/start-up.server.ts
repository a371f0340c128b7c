// Server-side start-up of SPEC §4: city_id handling, A/B branch, location, mobile flag,
// then header, features, default cities and SEO: one call to /api/v3/page-shell (decision 0046).
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

type PageShell = Awaited<ReturnType<ApiClient['pageShell']>>;
import {
  BRANCH_COOKIE_MAX_AGE_S,
  CITY_COOKIE_MAX_AGE_S,
  COOKIE,
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
import { cityChoice, type CityChoice } from './city-choice.ts';
import { idListCookie, parseCookies, serializeCookie } from './cookies.ts';

export interface ShellData {
  city: City;
  /** The chooser's list: what it draws of each city (decision 0065). */
  priorityCities: CityChoice[];
  branch: string;
  features: Feature[];
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

  // 2–5. The A/B branch (kept in a cookie), the cities the location may come from, the header's menus,
  // the top-line banner, the flags, the priority cities and the SEO of the path: one call (decision 0046).
  const cookieBranch = cookies[COOKIE.branch];
  const cookieCityId = parseNumericId(cookies[COOKIE.cityId]);
  const headerAlias = request.headers.get(GEO_CITY_HEADER);
  const wantsSeo = shouldRequestSeo(null, url.pathname);
  const parts = await api.pageShell({
    url: url.pathname,
    branch: isBranchCode(cookieBranch) ? cookieBranch : undefined,
    route_city: routeCityAlias ?? undefined,
    cookie_city_id: cookieCityId ?? undefined,
    geo_city: headerAlias ? headerAlias.trim().toLowerCase() : undefined,
    seo: wantsSeo ? '1' : '0',
    query: wantsSeo ? (url.searchParams.get('q') ?? url.searchParams.get('query') ?? undefined) : undefined,
  });
  const branch = parts.branch;
  if (!isBranchCode(cookieBranch)) {
    setCookies.push(serializeCookie(COOKIE.branch, branch, { maxAgeS: BRANCH_COOKIE_MAX_AGE_S }));
  }

  // 3. Location: route city, cookie city, geo header city, default.
  const { route: routeCity, cookie: cookieCity, header: headerCity, default: defaultCity } = parts.cities;
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

  const seo = seoOf(parts.seo);
  const shell: ShellData = {
    city,
    priorityCities: parts.priority_cities.map(cityChoice),
    branch,
    features: parts.features,
    staticMenu: parts.static_menu,
    eventsMenu: parts.events_menu,
    topBanner: parts.top_banner,
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

/**
 * The shell's SEO part: a redirect is honoured, an unknown path is the not-found page, a refused search text
 * (docs/decisions/0011) is the visitor's fault, a 400.
 */
function seoOf(part: PageShell['seo']): Seo | 'missing' | null {
  if (part === null) return null;
  switch (part.status) {
    case 'missing':
      return 'missing';
    case 'refused':
      throw data('Слишком длинный или некорректный поисковый запрос: сократите его до 200 символов.', {
        status: 400,
      });
    case 'redirect': {
      const target = seoRedirect(part);
      if (target) throw redirect(target.url, target.code);
      return null;
    }
    case 'page':
      return part.page;
  }
}
