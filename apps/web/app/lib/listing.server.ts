// The loader half of every listing page (category, brand, tag, series, search): one listing call
// answers products, filters with counts, categories and sort, so the filters are never reloaded on
// their own (SPEC §4 Filters: not reloaded per toggle on listing and search routes).
import { data, redirect } from 'react-router';
import { isApiError, type ApiClient, type Breadcrumb, type Listing } from '@store/api-client';
import {
  COOKIE,
  parseFilterQuery,
  parseListingTheme,
  withFilters,
  type FilterSelection,
  type ListingTheme,
  type SortKind,
} from '@store/domain';
import { visitorCityId } from './city.server.ts';
import { displayCards, type DisplayCard } from './display-card.ts';
import { parseCookies } from './cookies.ts';
import { canonicalListingQuery, listingBasePath, withQuery, withoutOrphanDependents } from './listing-url.ts';
import { orNotFound } from './not-found.server.ts';
import { productListsFromCookies, type ProductLists } from './product-lists.tsx';

export interface ListingPageData {
  /** The listing answer, its cards holding what a card draws (lib/display-card.ts). */
  listing: Omit<Listing, 'products'> & { products: DisplayCard[] };
  breadcrumbs: Breadcrumb[];
  /** The path without page-N: filters, sort and pagination build on it. */
  basePath: string;
  page: number;
  /** The canonical query (filters, order_by, q) without the page. */
  search: string;
  selection: FilterSelection;
  theme: ListingTheme;
  lists: ProductLists;
  sortKind: SortKind;
}

export async function loadListingPage(
  request: Request,
  api: ApiClient,
  { page, sortKind }: { page: number; sortKind: SortKind },
): Promise<ListingPageData> {
  const url = new URL(request.url);
  const basePath = listingBasePath(url.pathname);

  // One selection has one address: a plain GET form (no JavaScript) sends empty range sides and
  // unsorted values; they are cleaned here with a redirect, so the API never sees them.
  const params = canonicalListingQuery(url.searchParams, sortKind);
  if (params.toString() !== url.searchParams.toString()) {
    throw redirect(withQuery(url.pathname, params), 302);
  }

  const apiParams = new URLSearchParams(params);
  apiParams.set('page', String(page));
  const cityId = await visitorCityId(request, api);
  if (cityId !== null) apiParams.set('city_id', String(cityId));
  const q = params.get('q') ?? undefined;
  const [listing, breadcrumbs] = await Promise.all([
    orBadRequest(orNotFound(api.products.listing(basePath, apiParams))),
    orNotFound(api.seo.breadcrumbs(url.pathname, q)),
  ]);

  // A dependent sub-filter whose parent was deselected (possible without JavaScript) is dropped.
  const { selection } = parseFilterQuery(params);
  const kept = withoutOrphanDependents(selection, listing.filters);
  if (Object.keys(kept).length !== Object.keys(selection).length) {
    throw redirect(withQuery(basePath, withFilters(params, kept)), 302);
  }

  const cookieHeader = request.headers.get('cookie');
  return {
    // The list view draws the short specifications, and the visitor switches views in the browser.
    listing: { ...listing, products: displayCards(listing.products, { specifications: true }) },
    breadcrumbs,
    basePath,
    page,
    search: params.toString(),
    selection,
    theme: parseListingTheme(parseCookies(cookieHeader)[COOKIE.listingTheme]),
    lists: productListsFromCookies(cookieHeader),
    sortKind,
  };
}

/** A filter the API refuses (400) is the visitor's address, not our failure. */
async function orBadRequest<T>(load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (isApiError(error, 400) || isApiError(error, 422)) {
      throw data(error.body?.message ?? 'Неверные параметры фильтра', { status: 400 });
    }
    throw error;
  }
}
