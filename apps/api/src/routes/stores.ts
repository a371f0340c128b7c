// SPEC §7 Stores: GET and POST /v2/stores, GET /v2/stores/{id}, GET /v2/service-centers, and the
// products in stock in one store (the store page's listing).
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import {
  PAGE_SIZES,
  STORE_EXPANDS,
  STORE_LIST_TYPES,
  STORE_TYPES,
  isProductAvailable,
  productTag,
  type StoreExpand,
} from '@store/domain';
import { retrieveDefaultCityId } from '../data/availability.ts';
import { retrieveProductFacts } from '../data/product-detail.ts';
import { listProductCards } from '../data/products.ts';
import { listAllStores, listProductStockByStore, listStoreProductIds, type StoreRecord } from '../data/stores.ts';
import type { ApiEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { cardTags, tagAnswer } from '../http/page-tags.ts';
import { bodyId, commaList, commonQuery, positiveInt, setPaginationHeaders } from '../http/params.ts';
import { ProductCardSchema } from '../schemas/catalog.ts';
import { notFoundOrInvalid } from '../schemas/shell.ts';
import { chooseStores, pickupFacts, presentStore, type ChosenStore, type StoreFilter } from '../services/stores.ts';

const errors = notFoundOrInvalid;

const HolidaySchema = z.object({
  date: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  note: z.string(),
});

export const StoreSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    slug: z.string(),
    url: z.string(),
    status: z.number().int(),
    city: z.object({ id: z.number().int(), alias: z.string(), name: z.string(), time_zone: z.string() }),
    phone: z.string().nullable(),
    images: z.array(z.string()),
    services: z.array(z.string()),
    convenience: z.string().nullable(),
    /** Monday first; null is a day off; 23:59 means to midnight. */
    work_time: z.array(z.object({ from: z.string(), to: z.string() }).nullable()),
    holidays: z.array(HolidaySchema),
    /** Service centres: the brands they repair. */
    brand_codes: z.array(z.string()).optional(),
    /** Metres from the `nearest` point. */
    distance: z.number().int().nullable().optional(),
    type: z.number().int().optional(),
    brand: z.string().optional(),
    address: z.string().optional(),
    address_search: z.string().optional(),
    stations: z.array(z.object({ name: z.string(), color: z.string() })).optional(),
    latitude: z.number().optional(),
    longitude: z.number().optional(),
    work_time_line: z.string().optional(),
    directions: z.string().nullable().optional(),
    availability: z.number().int().optional(),
    hasReserve: z.boolean().optional(),
    hasPreOrderProduct: z.boolean().optional(),
    date: z.string().optional(),
    time: z.string().optional(),
    deliveryCost: z.number().int().optional(),
    dateTime: z.string().optional(),
  })
  .openapi('Store');
export type Store = z.infer<typeof StoreSchema>;

const storeList = { 'application/json': { schema: z.array(StoreSchema) } };

const listTypes = z.union(STORE_LIST_TYPES.map((t) => z.literal(t)) as unknown as [z.ZodLiteral<number>]);
const queryType = z.coerce.number().int().pipe(listTypes);

/** «lat,lon»: the point `nearest` orders from. */
const pointText = z
  .string()
  .max(64)
  .transform((value, ctx) => {
    const [lat, lon, extra] = value.split(',').map((p) => p.trim());
    const latitude = Number(lat);
    const longitude = Number(lon);
    if (
      extra !== undefined ||
      lat === '' ||
      lon === '' ||
      !Number.isFinite(latitude) ||
      !Number.isFinite(longitude) ||
      Math.abs(latitude) > 90 ||
      Math.abs(longitude) > 180
    ) {
      ctx.addIssue({ code: 'custom', message: 'Укажите точку как «широта,долгота».' });
      return z.NEVER;
    }
    return { latitude, longitude };
  });

const flag = z.enum(['0', '1']).transform((v) => v === '1');

const listQuery = z.object({
  ...commonQuery,
  page: positiveInt.default(1),
  per_page: z.coerce.number().int().min(0).max(PAGE_SIZES.stores).default(PAGE_SIZES.stores),
  types: commaList(queryType),
  type: queryType.optional(),
  ids: commaList(positiveInt).refine((ids) => !ids || ids.length <= PAGE_SIZES.stores, {
    message: `Нужно не больше ${PAGE_SIZES.stores} значений.`,
  }),
  status: z.coerce.number().int().min(0).max(1).optional(),
  product_id: positiveInt.optional(),
  remove_pagination: flag.optional(),
  nearest: pointText.optional(),
  query: z.string().trim().max(100).optional(),
  slug: z
    .string()
    .max(120)
    .regex(/^[a-z0-9-]+$/)
    .optional(),
  expand: commaList(z.enum(STORE_EXPANDS)),
});

const list = createRoute({
  method: 'get',
  path: '/v2/stores',
  tags: ['Stores'],
  summary:
    'Stores of the city (types 1, 9, 10, 12, 13, 14; per_page 250), or by ids; product_id adds availability, nearest=lat,lon orders by distance',
  request: { query: listQuery },
  responses: { 200: { description: 'Stores', content: storeList }, ...errors },
});

const listBody = z.object({
  city_id: bodyId.optional(),
  ids: z.array(bodyId).max(PAGE_SIZES.stores).optional(),
  types: z.array(listTypes).max(10).optional(),
  type: listTypes.optional(),
  status: z.number().int().min(0).max(1).optional(),
  product_id: bodyId.optional(),
  remove_pagination: z.boolean().optional(),
  nearest: z.object({ latitude: z.number().min(-90).max(90), longitude: z.number().min(-180).max(180) }).optional(),
  query: z.string().trim().max(100).optional(),
  expand: z.array(z.enum(STORE_EXPANDS)).max(STORE_EXPANDS.length).optional(),
  page: bodyId.optional(),
  per_page: z.number().int().min(0).max(PAGE_SIZES.stores).optional(),
});
/** A store list asked for: the POST body; the client sends the same fields as GET's query too. */
export type StoreListRequest = z.input<typeof listBody>;

const listByPost = createRoute({
  method: 'post',
  path: '/v2/stores',
  tags: ['Stores'],
  summary: 'Stores by ids and filters in a JSON body (the same answer as GET /v2/stores)',
  request: {
    query: z.object({ ...commonQuery }),
    body: { content: { 'application/json': { schema: listBody } } },
  },
  responses: { 200: { description: 'Stores', content: storeList }, ...errors },
});

const byId = createRoute({
  method: 'get',
  path: '/v2/stores/{id}',
  tags: ['Stores'],
  summary: 'One store with every field; product_id adds its availability there',
  request: {
    params: z.object({ id: positiveInt }),
    query: z.object({ ...commonQuery, product_id: positiveInt.optional() }),
  },
  responses: {
    200: { description: 'Store', content: { 'application/json': { schema: StoreSchema } } },
    ...errors,
  },
});

const products = createRoute({
  method: 'get',
  path: '/v2/stores/{id}/products',
  tags: ['Stores'],
  summary: 'Products in stock in one store, the most popular first (per_page 24), paginated by headers',
  request: {
    params: z.object({ id: positiveInt }),
    query: z.object({
      ...commonQuery,
      page: positiveInt.default(1),
      per_page: z.coerce.number().int().min(1).max(100).default(PAGE_SIZES.listing),
    }),
  },
  responses: {
    200: { description: 'Product cards', content: { 'application/json': { schema: z.array(ProductCardSchema) } } },
    ...errors,
  },
});

const serviceCenters = createRoute({
  method: 'get',
  path: '/v2/service-centers',
  tags: ['Stores'],
  summary: 'Service centres (type 99) of the city, optionally those repairing a brand (brand_code)',
  request: {
    query: z.object({
      ...commonQuery,
      brand_code: z
        .string()
        .max(100)
        .regex(/^[\w.&-]+$/)
        .optional(),
      page: positiveInt.default(1),
      per_page: z.coerce.number().int().min(0).max(PAGE_SIZES.stores).default(PAGE_SIZES.stores),
      expand: commaList(z.enum(STORE_EXPANDS)),
    }),
  },
  responses: { 200: { description: 'Service centres', content: storeList }, ...errors },
});

type Input = StoreFilter & {
  /** A single type asked for besides `types`. */
  type?: number | undefined;
  productId?: number | undefined;
  removePagination?: boolean | undefined;
  page: number;
  perPage: number;
  expand?: readonly StoreExpand[] | undefined;
};

/** One page of the chosen stores; the pagination headers tell the whole count. */
function pageOf(c: Context<ApiEnv>, chosen: readonly ChosenStore[], page: number, perPage: number) {
  setPaginationHeaders(c, { total: chosen.length, page, perPage });
  return chosen.slice((page - 1) * perPage, page * perPage);
}

export function registerStoreRoutes(app: OpenAPIHono<ApiEnv>) {
  const answerList = async (c: Context<ApiEnv>, input: Input) => {
    const { handle } = c.get('deps');
    const all = await listAllStores(handle);
    const types = [...(input.types ?? []), ...(input.type !== undefined ? [input.type] : [])];
    const filter: StoreFilter = {
      ...input,
      cityId: input.ids ? undefined : (input.cityId ?? (await retrieveDefaultCityId(handle))),
      types: types.length > 0 ? types : input.ids ? undefined : STORE_LIST_TYPES,
    };
    const chosen = chooseStores(all, filter);
    const perPage = input.removePagination ? chosen.length : input.perPage;
    const slice = pageOf(c, chosen, input.removePagination ? 1 : input.page, perPage);
    const expand = new Set<StoreExpand>(input.expand ?? []);
    const pickups = await pickupsFor(
      c,
      slice.map((s) => s.record),
      input.productId,
    );
    return slice.map((s) => presentStore(s, expand, pickups?.get(s.record.id) ?? null, filter.nearest !== undefined));
  };

  /** The pickup facts of a product in these stores; null without a product. */
  const pickupsFor = async (c: Context<ApiEnv>, stores: readonly StoreRecord[], productId: number | undefined) => {
    if (productId === undefined) return null;
    const { handle } = c.get('deps');
    const product = await retrieveProductFacts(handle, productId);
    if (!product || product.status !== 1) throw new ApiError(404, 'Товар не найден');
    tagAnswer(c, [productTag(productId)]);
    const stock = await listProductStockByStore(
      handle,
      productId,
      stores.map((s) => s.id),
    );
    const now = new Date();
    const available = isProductAvailable(product.offer);
    return new Map(
      stores.map((s) => [
        s.id,
        pickupFacts(
          s,
          available ? (stock.get(s.id) ?? 0) : 0,
          { price: product.price, preorder: product.offer.preorder },
          now,
        ),
      ]),
    );
  };

  app.openapi(list, async (c) => {
    const q = c.req.valid('query');
    const stores = await answerList(c, {
      cityId: q.city_id,
      ids: q.ids,
      types: q.types,
      type: q.type,
      status: q.status,
      query: q.query,
      slug: q.slug,
      nearest: q.nearest,
      productId: q.product_id,
      removePagination: q.remove_pagination,
      page: q.page,
      perPage: q.per_page,
      expand: q.expand,
    });
    return c.json(stores, 200);
  });

  app.openapi(listByPost, async (c) => {
    const b = c.req.valid('json');
    const stores = await answerList(c, {
      cityId: b.city_id ?? c.req.valid('query').city_id,
      ids: b.ids,
      types: b.types,
      type: b.type,
      status: b.status,
      query: b.query,
      nearest: b.nearest,
      productId: b.product_id,
      removePagination: b.remove_pagination,
      page: b.page ?? 1,
      perPage: b.per_page ?? PAGE_SIZES.stores,
      expand: b.expand,
    });
    return c.json(stores, 200);
  });

  app.openapi(byId, async (c) => {
    const { id } = c.req.valid('param');
    const q = c.req.valid('query');
    const all = await listAllStores(c.get('deps').handle);
    const record = all.find((s) => s.id === id);
    if (!record) throw new ApiError(404, 'Магазин не найден');
    const pickups = await pickupsFor(c, [record], q.product_id);
    return c.json(
      presentStore({ record, distance: null }, new Set(STORE_EXPANDS), pickups?.get(id) ?? null, false),
      200,
    );
  });

  app.openapi(products, async (c) => {
    const { id } = c.req.valid('param');
    const q = c.req.valid('query');
    const { handle } = c.get('deps');
    const all = await listAllStores(handle);
    const store = all.find((s) => s.id === id && s.status === 1);
    if (!store) throw new ApiError(404, 'Магазин не найден');
    const { ids, total } = await listStoreProductIds(handle, id, {
      limit: q.per_page,
      offset: (q.page - 1) * q.per_page,
    });
    const cards = await listProductCards(handle, ids, store.city.id);
    setPaginationHeaders(c, { total, page: q.page, perPage: q.per_page });
    tagAnswer(c, cardTags(cards));
    return c.json(cards, 200);
  });

  app.openapi(serviceCenters, async (c) => {
    const q = c.req.valid('query');
    const { handle } = c.get('deps');
    // The stores are reference data in memory: filtering them costs less than any cache would.
    const chosen = chooseStores(await listAllStores(handle), {
      cityId: q.city_id ?? (await retrieveDefaultCityId(handle)),
      types: [STORE_TYPES.serviceCenter],
      brandCode: q.brand_code,
    });
    const expand = new Set<StoreExpand>(q.expand ?? []);
    return c.json(
      pageOf(c, chosen, q.page, q.per_page).map((s) => presentStore(s, expand, null, false)),
      200,
    );
  });
}
