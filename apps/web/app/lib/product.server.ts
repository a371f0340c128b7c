// The loader half of the product page (SPEC §4 Product loading, §8): the product itself is
// critical and awaited; related rows, credit offers, warranties (and, in the availability tab, the
// receiving points) are streamed and never reject, so a slow or failing block never delays or
// breaks the page. Their failures are already logged by the API (in-process, with the request's
// trace id). Nothing here depends on who the visitor is beyond the city: the page can be cached.
import { data, redirect } from 'react-router';
import type { ApiClient, CreditOffer } from '@store/api-client';
import { PAGE_SIZES, defaultTerm, productLoadOutcome, type CreditKind, type PageMatch } from '@store/domain';
import { loadAccessoryBlock } from './accessories.server.ts';
import { visitorCityId } from './city.server.ts';
import { firstPaintRow, type FirstPaintRow } from './home-rows.ts';
import { commentsQuery, toCommentPage, type CommentPage, type CommentType } from './comments.ts';
import { orNotFound } from './not-found.server.ts';
import type { CreditOfferSummary, StoreStock, Warranty } from './product.ts';
import { productListsFromCookies } from './product-lists.tsx';

type ProductMatch = Extract<PageMatch, { kind: 'product' }>;

/** A streamed block: its value, or the fallback when the call fails. */
export function settled<T>(load: Promise<T>, fallback: T): Promise<T> {
  return load.catch(() => fallback);
}

/**
 * A related row: the cards the first paint draws, holding what a card draws (lib/display-card.ts), and
 * the rest by id, loaded by the browser when the row nears the viewport, as on home (decision 0065).
 */
const related = (api: ApiClient, productId: number, kind: 'similars' | 'looked-with') =>
  settled<FirstPaintRow>(
    api.products.related(productId, kind, PAGE_SIZES.related).then((cards) => firstPaintRow(cards)),
    { products: [], moreIds: [] },
  );

/** The API's offer types in the domain's words (SPEC §3 Credit offer kinds). */
const CREDIT_KIND_OF: Record<string, CreditKind> = {
  credit: 'credit',
  installment: 'instalment',
  bank_installment: 'bankInstalment',
  bnpl: 'buyNowPayLater',
};

/** Each offer with its default term: the last of the sorted, de-duplicated terms (SPEC §4). */
function creditOffers(offers: CreditOffer[]): CreditOfferSummary[] {
  return offers.flatMap((offer) => {
    const kind = CREDIT_KIND_OF[offer.type];
    const term = defaultTerm(offer.terms);
    return kind && term ? [{ kind, title: offer.title, months: term.months, payment: term.payment }] : [];
  });
}

export async function loadProductPage(request: Request, api: ApiClient, match: ProductMatch) {
  const url = new URL(request.url);
  // availability/{city} shows that city's stock; every other tab the visitor's city.
  const cityId = await availabilityCityId(request, api, match.city);
  const cityQuery = cityId === null ? {} : { city_id: cityId };
  const [product, breadcrumbs] = await Promise.all([
    orNotFound(api.products.get(match.productId, cityQuery)),
    orNotFound(api.seo.breadcrumbs(url.pathname)),
  ]);
  const outcome = productLoadOutcome({
    status: product.status,
    categoryExists: Boolean(product.category),
    offer: product.offer,
    supplierOffersCount: product.supplier_offers.length,
  });
  if (outcome === 'not-found') throw data('Страница не найдена', { status: 404 });

  // One address per product: a wrong category code or id in the path goes to the product's own.
  if (match.type !== product.category.code || match.categoryId !== product.category.id) {
    const tail = url.pathname.split('/').filter(Boolean).slice(4);
    throw redirect([product.url, ...tail].join('/') + url.search, 301);
  }

  const cookieHeader = request.headers.get('cookie');
  const warranties = product.is_warranty
    ? settled(api.products.warranties(product.id, PAGE_SIZES.warranties), [] as Warranty[])
    : Promise.resolve([] as Warranty[]);
  const payload = {
    view: 'product' as const,
    product,
    outcome,
    breadcrumbs,
    origin: url.origin,
    lists: productListsFromCookies(cookieHeader),
    similars: related(api, product.id, 'similars'),
    lookedWith: related(api, product.id, 'looked-with'),
    credit: product.offer.has_credit
      ? settled(api.products.creditOffers(product.id).then(creditOffers), [] as CreditOfferSummary[])
      : Promise.resolve([] as CreditOfferSummary[]),
    warranties,
    accessories: settled(loadAccessoryBlock(api, product, url.searchParams, warranties), null),
    // Rent instead of buying (issue 17); §8: a failed availability is empty.
    rent: product.offer.available ? settled(api.rent.availability(product.id), null) : Promise.resolve(null),
  };
  // Recently watched is the browser's own (components/watched-row.tsx): nothing personal is read
  // here beyond the lists' pressed buttons, which the browser corrects from its cookies.
  return payload;
}

/** One page of reviews or questions with their answers. */
export async function loadComments(
  api: ApiClient,
  productId: number,
  type: CommentType,
  page: number,
): Promise<CommentPage> {
  return toCommentPage(await api.comments.list(commentsQuery(productId, type, page)), page);
}

// ---------------------------------------------------------------- Receiving points

/**
 * Where the product can be received in the city: stores with stock, pickup points and lockers
 * (POST /v2/products/availability). Null when the call fails: the tab then shows the city summary
 * and a link to all shops.
 */
export function loadReceivingPoints(
  api: ApiClient,
  productId: number,
  cityId: number | null,
): Promise<StoreStock[] | null> {
  const load = api.products.availability(productId, cityId ?? undefined).then((answer) =>
    answer.stores.map((s): StoreStock => ({
      id: s.id,
      type: s.type,
      name: s.name,
      url: s.url,
      address: s.address,
      stations: s.stations,
      hours: s.work_time_line,
      quantity: s.quantity,
      inStock: s.availability === 'in-stock',
      hasReserve: s.hasReserve,
      date: s.date,
      time: s.time,
      deliveryCost: s.deliveryCost,
      distance: s.distance,
      latitude: s.latitude,
      longitude: s.longitude,
    })),
  );
  return settled<StoreStock[] | null>(load, null);
}

/** The city of the availability tab: the one in the path, else the visitor's (moskva by default). */
export async function availabilityCityId(request: Request, api: ApiClient, alias: string | null) {
  if (alias === null) return visitorCityId(request, api);
  return (await orNotFound(api.cities.byAlias(alias))).id;
}
