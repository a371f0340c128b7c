import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { cached } from '../cache.ts';
import { listCities, retrieveCity, type CityRow } from '../data/cities.ts';
import type { ApiEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { commaList, commonQuery, pageQuery, positiveInt, setPaginationHeaders } from '../http/params.ts';
import { CitySchema, notFoundOrInvalid, type City } from '../schemas/shell.ts';

const EXPANDABLE = ['zone', 'territory_name'] as const;
type Expand = (typeof EXPANDABLE)[number];

export function toCity(row: CityRow, expand: ReadonlySet<Expand> = new Set(EXPANDABLE)): City {
  return {
    id: row.id,
    alias: row.alias,
    name: row.name,
    territory_id: row.territoryId,
    ...(expand.has('territory_name') ? { territory_name: row.territoryName } : {}),
    phone: row.phone,
    declension: row.declension,
    ...(expand.has('zone') ? { zone: { code: row.zoneCode, name: row.zoneName } } : {}),
    coordinates: { latitude: row.latitude, longitude: row.longitude },
    has_metro: row.hasMetro,
    has_mkad: row.hasMkad,
    kladr_code: row.kladrCode,
    delivery_type_ids: row.deliveryTypeIds,
    payment_type_ids: row.paymentTypeIds,
    is_priority: row.isPriority,
  };
}

const expandParam = commaList(z.enum(EXPANDABLE));
const errors = notFoundOrInvalid;
const cityList = { 'application/json': { schema: z.array(CitySchema) } };

const list = createRoute({
  method: 'get',
  path: '/v2/cities',
  tags: ['Cities'],
  summary: 'Cities, searchable by name; per_page 0 answers only the x-pagination-total-count header',
  request: {
    query: z.object({
      ...commonQuery,
      ...pageQuery(100, 100),
      query: z.string().trim().max(100).optional(),
      alias: z.string().max(100).optional(),
      ids: commaList(positiveInt),
      expand: expandParam,
    }),
  },
  responses: { 200: { description: 'Cities', content: cityList }, 422: errors[422] },
});

const priority = createRoute({
  method: 'get',
  path: '/v2/cities/priority-cities',
  tags: ['Cities'],
  summary: 'The biggest cities, shown first in the city chooser',
  request: { query: z.object({ ...commonQuery, expand: expandParam }) },
  responses: { 200: { description: 'Cities', content: cityList }, 422: errors[422] },
});

const byAlias = createRoute({
  method: 'get',
  path: '/v2/cities/alias/{alias}',
  tags: ['Cities'],
  summary: 'A city by its alias (moskva, sankt-peterburg)',
  request: {
    params: z.object({ alias: z.string().max(100) }),
    query: z.object({ ...commonQuery, expand: expandParam }),
  },
  responses: { 200: { description: 'City', content: { 'application/json': { schema: CitySchema } } }, ...errors },
});

const byId = createRoute({
  method: 'get',
  path: '/v2/cities/{id}',
  tags: ['Cities'],
  summary: 'A city by id',
  request: { params: z.object({ id: positiveInt }), query: z.object({ ...commonQuery, expand: expandParam }) },
  responses: { 200: { description: 'City', content: { 'application/json': { schema: CitySchema } } }, ...errors },
});

/** Cities change only with a new data release; a short cache keeps lookups per page cheap. */
const CITY_CACHE_MS = 10 * 60 * 1000;

const expandSet = (expand: Expand[] | undefined) => new Set<Expand>(expand ?? EXPANDABLE);

type Deps = ApiEnv['Variables']['deps'];

/** The priority cities (every page's city chooser asks for them). */
export const loadPriorityCities = (deps: Deps) =>
  cached(deps.cache, 'cities:priority', CITY_CACHE_MS, async () => {
    const found = await listCities(deps.handle.db, { priorityOnly: true, limit: 100, offset: 0 });
    return found.rows;
  });

/** A city by alias or id, or null. */
export const loadCity = (deps: Deps, by: { alias: string } | { id: number }) =>
  'alias' in by
    ? cached(deps.cache, `city:alias:${by.alias}`, CITY_CACHE_MS, () => retrieveCity(deps.handle.db, by))
    : cached(deps.cache, `city:id:${by.id}`, CITY_CACHE_MS, () => retrieveCity(deps.handle.db, by));

export function registerCityRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(list, async (c) => {
    const q = c.req.valid('query');
    const { db } = c.get('deps').handle;
    const { rows, total } = await listCities(db, {
      query: q.query,
      alias: q.alias,
      ids: q.ids,
      limit: q.per_page,
      offset: (q.page - 1) * q.per_page,
    });
    setPaginationHeaders(c, { total, page: q.page, perPage: q.per_page });
    const expand = expandSet(q.expand);
    return c.json(
      rows.map((r) => toCity(r, expand)),
      200,
    );
  });

  app.openapi(priority, async (c) => {
    const q = c.req.valid('query');
    const rows = await loadPriorityCities(c.get('deps'));
    const expand = expandSet(q.expand);
    return c.json(
      rows.map((r) => toCity(r, expand)),
      200,
    );
  });

  app.openapi(byAlias, async (c) => {
    const { alias } = c.req.valid('param');
    const row = await loadCity(c.get('deps'), { alias });
    if (!row) throw new ApiError(404, 'Город не найден');
    return c.json(toCity(row, expandSet(c.req.valid('query').expand)), 200);
  });

  app.openapi(byId, async (c) => {
    const { id } = c.req.valid('param');
    const row = await loadCity(c.get('deps'), { id });
    if (!row) throw new ApiError(404, 'Город не найден');
    return c.json(toCity(row, expandSet(c.req.valid('query').expand)), 200);
  });
}
