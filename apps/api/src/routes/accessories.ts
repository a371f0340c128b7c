// Accessories of a product (SPEC §7: accessory-groups, accessories, accessory-bundle and the
// math-accessory variants), drawn from the categories that hold accessories for its category.
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { ACCESSORY_DEFAULTS, ACCESSORY_LIMITS, bundleWording, parseSort } from '@store/domain';
import { actionAccessoryScope } from '../catalog/action-accessories.ts';
import { accessoryScopes } from '../catalog/accessory-groups.ts';
import type { SortCode } from '../catalog/catalog-index.ts';
import { isActionActive } from '../data/actions.ts';
import { retrieveProductFacts } from '../data/product-detail.ts';
import { listProductCards, listProductTags } from '../data/products.ts';
import type { ApiEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { commaList, commonQuery, positiveInt, setPaginationHeaders } from '../http/params.ts';
import { ProductCardSchema } from '../schemas/catalog.ts';
import { notFoundOrInvalid } from '../schemas/shell.ts';

const errors = notFoundOrInvalid;
const cards = { 'application/json': { schema: z.array(ProductCardSchema) } };
const GroupSchema = z
  .object({ id: z.number().int(), name: z.string(), accessory_count: z.number().int() })
  .openapi('AccessoryGroup');
export type AccessoryGroup = z.infer<typeof GroupSchema>;
const BundleSchema = z
  .object({ title: z.string(), products: z.array(ProductCardSchema), total: z.number().int() })
  .openapi('AccessoryBundle');
export type AccessoryBundle = z.infer<typeof BundleSchema>;

const groupsRoute = (path: string) =>
  createRoute({
    method: 'get',
    path,
    tags: ['Accessories'],
    summary: 'Accessory categories for the product, with their product counts',
    request: { params: z.object({ id: positiveInt }), query: z.object({ ...commonQuery }) },
    responses: {
      200: { description: 'Groups', content: { 'application/json': { schema: z.array(GroupSchema) } } },
      ...errors,
    },
  });

const listRoute = (path: string) =>
  createRoute({
    method: 'get',
    path,
    tags: ['Accessories'],
    summary: 'Accessories for the product; paginated by x-pagination-total-count and x-pagination-page-count',
    request: {
      params: z.object({ id: positiveInt }),
      query: z.object({
        ...commonQuery,
        page: positiveInt.default(ACCESSORY_DEFAULTS.page),
        per_page: z.coerce.number().int().min(1).max(50).default(12),
        sort: z.enum(['-popularity', 'price', '-price', '-rating']).default(ACCESSORY_DEFAULTS.sort),
        action_id: positiveInt.optional(),
        accessory_group_ids: commaList(positiveInt),
        filter: z.string().max(200).optional(),
      }),
    },
    responses: { 200: { description: 'Accessories', content: cards }, ...errors },
  });

const bundle = createRoute({
  method: 'get',
  path: '/v3/products/{id}/accessory-bundle',
  tags: ['Accessories'],
  summary: 'A bundle: the product and at most 2 accessories, with the total',
  request: { params: z.object({ id: positiveInt }), query: z.object({ ...commonQuery }) },
  responses: {
    200: {
      description: 'Bundle',
      content: { 'application/json': { schema: BundleSchema } },
    },
    ...errors,
  },
});

const tagSynonyms = createRoute({
  method: 'get',
  path: '/v2/products/{id}/tag-synonyms',
  tags: ['Products'],
  summary: "The product's tags with their listing links",
  request: { params: z.object({ id: positiveInt }), query: z.object({ ...commonQuery }) },
  responses: {
    200: {
      description: 'Tags',
      content: {
        'application/json': { schema: z.array(z.object({ alias: z.string(), name: z.string(), url: z.string() })) },
      },
    },
    ...errors,
  },
});

export function registerAccessoryRoutes(app: OpenAPIHono<ApiEnv>) {
  const productCategory = async (c: { get: (k: 'deps') => ApiEnv['Variables']['deps'] }, id: number) => {
    const product = await retrieveProductFacts(c.get('deps').readHandle, id);
    if (!product || product.status !== 1) throw new ApiError(404, 'Товар не найден');
    return product;
  };

  for (const path of ['/v3/products/{id}/accessory-groups', '/v2/products/{id}/math-accessory-groups']) {
    app.openapi(groupsRoute(path), async (c) => {
      const product = await productCategory(c, c.req.valid('param').id);
      const index = await c.get('catalog').get();
      const scopes = await accessoryScopes(c.get('deps').readHandle, index, product.categoryId);
      return c.json(
        [...scopes].flatMap(([id, scope]) => {
          const count = scope.count();
          return count > 0 ? [{ id, name: index.categoryInfo(id)!.name, accessory_count: count }] : [];
        }),
        200,
      );
    });
  }

  for (const path of ['/v3/products/{id}/accessories', '/v2/products/{id}/math-accessories']) {
    app.openapi(listRoute(path), async (c) => {
      const q = c.req.valid('query');
      const product = await productCategory(c, c.req.valid('param').id);
      const index = await c.get('catalog').get();
      const scopes = await accessoryScopes(c.get('deps').readHandle, index, product.categoryId);
      const own = [...scopes.keys()];
      const chosen = q.accessory_group_ids ? own.filter((id) => q.accessory_group_ids!.includes(id)) : own;
      const scope = index.empty();
      for (const id of chosen) scope.or(scopes.get(id)!);
      if (q.action_id !== undefined) {
        // Only the accessories of that promotion (SPEC §7: action_id).
        const { readHandle: handle } = c.get('deps');
        if (!(await isActionActive(handle, q.action_id))) throw new ApiError(404, 'Акция не найдена');
        scope.and(await actionAccessoryScope(handle, index, q.action_id));
      }
      const result = index.query(
        {
          scope,
          facetCodes: [],
          selection: { list: new Map(), range: new Map() },
          sort: parseSort(q.sort, 'listing') as SortCode,
          offset: (q.page - 1) * q.per_page,
          limit: q.per_page,
        },
        new Set(),
      );
      setPaginationHeaders(c, { total: result.count, page: q.page, perPage: q.per_page });
      return c.json(await listProductCards(c.get('deps').readHandle, result.productIds, q.city_id ?? null), 200);
    });
  }

  app.openapi(bundle, async (c) => {
    const product = await productCategory(c, c.req.valid('param').id);
    const index = await c.get('catalog').get();
    // The most popular accessory of each of the first groups, at most 2 (SPEC §9).
    const picks: number[] = [];
    for (const groupScope of (await accessoryScopes(c.get('deps').readHandle, index, product.categoryId)).values()) {
      if (picks.length >= ACCESSORY_LIMITS.bundleMaxAccessories) break;
      const top = index.query(
        {
          scope: groupScope,
          facetCodes: [],
          selection: { list: new Map(), range: new Map() },
          sort: '-popularity',
          offset: 0,
          limit: 1,
        },
        new Set(),
      ).productIds[0];
      if (top !== undefined) picks.push(top);
    }
    if (picks.length === 0) throw new ApiError(404, 'Для этого товара нет комплекта');
    const products = await listProductCards(
      c.get('deps').readHandle,
      [product.id, ...picks],
      c.req.valid('query').city_id ?? null,
    );
    return c.json(
      {
        title: bundleWording(products.length),
        products,
        total: products.reduce((sum, p) => sum + p.offer.price, 0),
      },
      200,
    );
  });

  app.openapi(tagSynonyms, async (c) => {
    const { id } = c.req.valid('param');
    await productCategory(c, id);
    const rows = await listProductTags(c.get('deps').readHandle, id);
    return c.json(
      rows.map((t) => ({ ...t, url: `/catalog/tag/${t.alias}` })),
      200,
    );
  });
}
