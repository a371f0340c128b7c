// A listing by page path: category, brand, tag, series/model, compatibility or search, with filters
// from the query (filter[code][] and filter[code][from][]/[to][]), sort, page and facet counts. Every
// listing has the «В наличии» filter (filter[in_stock][]=1): the city's products the purchase rule
// calls in stock (decision 0010), read per city at most every IN_STOCK_MAX_AGE_MS.
import {
  listingPageOf,
  parseFilterQuery,
  parseSort,
  sortOptions,
  PAGE_SIZES,
  type ListingPageMatch,
} from '@store/domain';
import type { DatabaseHandle } from '@store/db';
import { retrieveBrandByCode, retrieveModel, retrieveSeries, retrieveTagByAlias } from '../data/catalog.ts';
import { retrieveDefaultCityId } from '../data/availability.ts';
import { listProductCards, listProductIdsNaming } from '../data/products.ts';
import { listCityInStockProductIds } from '../data/purchase.ts';
import { queryTerms, searchProductIds } from '../data/search.ts';
import { ApiError } from '../http/errors.ts';
import type { Listing } from '../schemas/catalog.ts';
import { Bits } from './bits.ts';
import type { SuggestionIndex } from './suggestion-index.ts';
import { IN_STOCK_FACET, type CatalogIndex, type IndexSelection, type SortCode } from './catalog-index.ts';

export const MAX_QUERY_LENGTH = 200;
const MAX_PAGE = 10_000;

type ListingMatch = ListingPageMatch;

export function listingMatch(pagePath: string): ListingMatch | null {
  return listingPageOf(pagePath);
}

interface Scope {
  scope: Bits;
  categoryScope: Bits | null;
  /** The category whose specifications become facets. */
  facetCategoryId: number | null;
  facetBase: string[];
  relevance?: Int32Array;
  withCategoryCounts: boolean;
  /** How category facet links are built for this page. */
  categoryLink: (code: string, id: number) => string;
  query: string | null;
}

const notFound = () => new ApiError(404, 'Страница не найдена');

async function resolveScope(
  handle: DatabaseHandle,
  index: CatalogIndex,
  match: ListingMatch,
  params: URLSearchParams,
  searchFrom: SuggestionIndex | null,
): Promise<Scope> {
  const categoryScopeOf = (id: number | null) => {
    if (id === null) return null;
    if (!index.categoryInfo(id)) throw notFound();
    return index.categoryScope(id);
  };
  switch (match.kind) {
    case 'category': {
      const scope = categoryScopeOf(match.categoryId)!;
      return {
        scope,
        categoryScope: null,
        facetCategoryId: match.categoryId,
        facetBase: ['price', 'brand', 'series'],
        withCategoryCounts: false,
        categoryLink: (code, id) => `/catalog/${code}/${id}`,
        query: null,
      };
    }
    case 'brand': {
      const brand = await retrieveBrandByCode(handle.db, match.brandCode);
      if (!brand) throw notFound();
      return {
        scope: index.brandScope(brand.id),
        categoryScope: categoryScopeOf(match.categoryId),
        facetCategoryId: match.categoryId,
        facetBase: ['price'],
        withCategoryCounts: true,
        categoryLink: (code, id) => `/catalog/brand/${brand.code}/${code}/${id}`,
        query: null,
      };
    }
    case 'tag':
    case 'category-tag': {
      const tag = await retrieveTagByAlias(handle.db, match.tagAlias);
      if (!tag) throw notFound();
      return {
        scope: index.tagScope(tag.id),
        categoryScope: categoryScopeOf(match.categoryId),
        facetCategoryId: match.categoryId,
        facetBase: ['price', 'brand', 'series'],
        withCategoryCounts: match.kind === 'tag',
        categoryLink: (code, id) => `/catalog/tag/${tag.alias}/${code}/${id}`,
        query: null,
      };
    }
    case 'series': {
      const category = categoryScopeOf(match.categoryId)!;
      const brand = await retrieveBrandByCode(handle.db, match.brandCode);
      if (!brand) throw notFound();
      const series = await retrieveSeries(handle.db, brand.id, match.seriesCode);
      if (!series) throw notFound();
      const scope = category.clone().and(index.seriesScope(series.id));
      if (match.modelCode !== null) {
        const model = await retrieveModel(handle.db, series.id, match.modelCode);
        if (!model) throw notFound();
        scope.and(index.modelScope(model.id));
      }
      return {
        scope,
        categoryScope: null,
        facetCategoryId: match.categoryId,
        facetBase: ['price'],
        withCategoryCounts: false,
        categoryLink: (code, id) => `/catalog/${code}/${id}`,
        query: null,
      };
    }
    case 'compatibility': {
      const category = categoryScopeOf(match.categoryId)!;
      const brand = await retrieveBrandByCode(handle.db, match.brandCode);
      if (!brand) throw notFound();
      // Accessories name the device they fit ("Чехол для Apple iPhone 15"): match on the name.
      const words = [brand.name, ...(match.modelCode ? [match.modelCode.replace(/-/g, ' ')] : [])]
        .join(' ')
        .toLowerCase();
      const ids = await listProductIdsNaming(handle, words);
      return {
        scope: category.clone().and(Bits.fromIndexes(index.size, index.positionsOf(ids))),
        categoryScope: null,
        facetCategoryId: match.categoryId,
        facetBase: ['price', 'brand'],
        withCategoryCounts: false,
        categoryLink: (code, id) => `/catalog/${code}/${id}`,
        query: null,
      };
    }
    case 'search': {
      const text = (params.get('q') ?? params.get('query') ?? '').trim();
      if (text.length > MAX_QUERY_LENGTH) {
        throw new ApiError(422, 'Слишком длинный запрос', {
          q: [`Пожалуйста, введите не больше ${MAX_QUERY_LENGTH} символов.`],
        });
      }
      // What a text finds is kept with the index: a search renders without a query (decision 0054). It is
      // found in the suggestion index when that read its rows no earlier than this index did (decision 0078).
      const terms = queryTerms(text);
      const suggestions = searchFrom && searchFrom.readFrom >= index.readFrom ? searchFrom : null;
      const relevance =
        terms.length === 0
          ? new Int32Array(0)
          : await index.searchPositions(terms.join(' '), () => searchProductIds(handle, text, suggestions));
      const encoded = encodeURIComponent(text);
      return {
        scope: Bits.fromIndexes(index.size, relevance),
        categoryScope: categoryScopeOf(match.categoryId),
        facetCategoryId: match.categoryId,
        facetBase: ['price', 'brand'],
        relevance,
        withCategoryCounts: true,
        categoryLink: (code, id) => `/search/${code}/${id}?q=${encoded}`,
        query: text,
      };
    }
  }
}

/** Filters of the query checked against the facets this page has; unknown or mistyped ones are a 422. */
function readSelection(index: CatalogIndex, params: URLSearchParams, categoryIds: ReadonlySet<number>): IndexSelection {
  const { selection, errors } = parseFilterQuery(params);
  const fieldErrors: Record<string, string[]> = { ...errors };
  const out: IndexSelection = { list: new Map(), range: new Map() };
  for (const [code, value] of Object.entries(selection)) {
    const kind = index.facetKind(code, categoryIds);
    if (kind === null) {
      fieldErrors[`filter.${code}`] = ['Неизвестный фильтр'];
      continue;
    }
    if ('values' in value) {
      if (kind !== 'list') {
        fieldErrors[`filter.${code}`] = ['Для этого фильтра нужен диапазон: filter[код][from][] и [to][]'];
        continue;
      }
      const ids = value.values.map(Number);
      if (ids.some((n) => !Number.isInteger(n) || n <= 0)) {
        fieldErrors[`filter.${code}`] = ['Допустимы только цифры.'];
        continue;
      }
      if (code === IN_STOCK_FACET.code && ids.some((n) => n !== IN_STOCK_FACET.valueId)) {
        fieldErrors[`filter.${code}`] = [`Допустимо только значение ${IN_STOCK_FACET.valueId}.`];
        continue;
      }
      out.list.set(code, new Set(ids));
    } else {
      if (kind !== 'range') {
        fieldErrors[`filter.${code}`] = ['Для этого фильтра нужен список значений: filter[код][]'];
        continue;
      }
      out.range.set(code, { from: value.from, to: value.to });
    }
  }
  if (Object.keys(fieldErrors).length > 0) throw new ApiError(422, 'Проверьте фильтры', fieldErrors);
  return out;
}

/**
 * What a listing's result and facet counts depend on: the page without its number, the search text, the
 * city and the filters in one order (decision 0059). The sort and the page only choose which products show.
 */
function facetCacheKey(match: ListingMatch, query: string | null, cityId: number, selection: IndexSelection): string {
  const { page: _page, ...where } = match;
  const list = [...selection.list]
    .map(([code, values]) => [code, [...values].sort((a, b) => a - b)] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const range = [...selection.range]
    .map(([code, { from, to }]) => [code, from, to] as const)
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return JSON.stringify([where, query, cityId, list, range]);
}

export interface ListingOptions {
  pagePath: string;
  params: URLSearchParams;
  cityId: number | null;
  /** Where a search page's full-text matches can come from without a query (decision 0078). */
  suggestions?: SuggestionIndex | null;
}

/**
 * Reads the default city's «В наличии» set into a freshly built index, at start-up: every listing needs its
 * city's set for the facet counts, and at 1,000,000 products the read takes 10–15 s, which the first
 * shopper's listing would otherwise wait for (decision 0056).
 */
export async function prepareDefaultCityInStock(handle: DatabaseHandle, index: CatalogIndex): Promise<void> {
  const cityId = await retrieveDefaultCityId(handle);
  await index.inStockScope(cityId, () => listCityInStockProductIds(handle, cityId));
}

export async function buildListing(
  handle: DatabaseHandle,
  index: CatalogIndex,
  options: ListingOptions,
): Promise<Listing> {
  const match = listingMatch(options.pagePath);
  if (!match) throw notFound();
  const { params } = options;

  const pageParam = params.get('page');
  const page = pageParam === null ? match.page : Number(pageParam);
  if (!Number.isInteger(page) || page < 1 || page > MAX_PAGE) {
    throw new ApiError(422, 'Проверьте параметры запроса', { page: ['Номер страницы — целое число от 1.'] });
  }
  const perPageParam = params.get('per_page');
  const perPage = perPageParam === null ? PAGE_SIZES.listing : Number(perPageParam);
  if (!Number.isInteger(perPage) || perPage < 1 || perPage > 100) {
    throw new ApiError(422, 'Проверьте параметры запроса', { per_page: ['Значение должно быть от 1 до 100.'] });
  }

  const scope = await resolveScope(handle, index, match, params, options.suggestions ?? null);
  const facetCategories = new Set(scope.facetCategoryId === null ? [] : [scope.facetCategoryId]);
  const selection = readSelection(index, params, facetCategories);
  const kind = match.kind === 'search' ? 'search' : 'listing';
  const sort = parseSort(params.get('order_by') ?? params.get('sort'), kind) as SortCode;

  // No city given: the default city (SPEC §9: moskva), as the cards say.
  const cityId = options.cityId || (await retrieveDefaultCityId(handle));
  const inStock = await index.inStockScope(cityId, () => listCityInStockProductIds(handle, cityId));
  const facetCodes = [
    IN_STOCK_FACET.code,
    ...scope.facetBase.filter((code) => code !== 'series' || (selection.list.get('brand')?.size ?? 0) > 0),
    ...index.specFacetCodes(scope.facetCategoryId),
  ];
  const result = index.query(
    {
      scope: scope.scope,
      categoryScope: scope.categoryScope,
      inStock,
      facetCodes,
      selection,
      sort,
      ...(scope.relevance ? { relevance: scope.relevance } : {}),
      offset: (page - 1) * perPage,
      limit: perPage,
      withCategoryCounts: scope.withCategoryCounts,
      cacheKey: facetCacheKey(match, scope.query, cityId, selection),
    },
    facetCategories,
  );
  // The city resolved above: the cards need not look the default city up again.
  const products = await listProductCards(handle, result.productIds, cityId);

  let categories: Listing['categories'];
  if (match.kind === 'category') {
    // Subcategory chips, each with its number of products.
    categories = index.childCategories(match.categoryId).flatMap((id) => {
      const info = index.categoryInfo(id);
      const count = index.categoryScope(id).count();
      return info && count > 0 ? [{ id, name: info.name, url: `/catalog/${info.code}/${id}`, count }] : [];
    });
  } else {
    categories = [...result.categoryCounts]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 12)
      .flatMap(([id, count]) => {
        const info = index.categoryInfo(id);
        return info ? [{ id, name: info.name, url: scope.categoryLink(info.code, id), count }] : [];
      });
  }

  return {
    products,
    count: result.count,
    filters: result.facets.map((f) => ({
      code: f.code,
      name: f.name,
      type: f.type,
      unit: f.unit,
      parent_code: f.parentCode,
      values: f.values,
      range: f.range,
    })),
    categories,
    sort: sortOptions(kind).map((o) => ({ code: o.code, label: o.label, selected: o.code === sort })),
    page,
    per_page: perPage,
    page_count: Math.ceil(result.count / perPage),
    query: scope.query,
  };
}
