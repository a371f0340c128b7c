import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Database } from '@store/db';
import { cached } from '../cache.ts';
import {
  listCategoriesByIds,
  listCategoryPath,
  listChildCategories,
  retrieveCategory,
  type CategoryRow,
} from '../data/catalog.ts';
import { retrieveRedirect } from '../data/seo.ts';
import type { ApiEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { commaList, commonQuery, positiveInt } from '../http/params.ts';
import {
  BreadcrumbSchema,
  CategoryDetailSchema,
  CategorySchema,
  HealthSchema,
  notFoundOrInvalid,
  SeoRedirectSchema,
  SeoSchema,
  type Category,
  type Seo,
} from '../schemas/shell.ts';
import { resolvePage } from '../services/pages.ts';

const errors = notFoundOrInvalid;

/** A site path: starts with one slash, no scheme or host. */
export const sitePath = z
  .string()
  .min(1)
  .max(2000)
  .refine((url) => url.startsWith('/') && !url.startsWith('//'), 'Нужен путь страницы, начинающийся с /');

function splitUrl(url: string): { pathname: string; query: string | null } {
  const parsed = new URL(url, 'http://shop.local');
  const query = parsed.searchParams.get('q') ?? parsed.searchParams.get('query');
  return { pathname: parsed.pathname, query: query?.trim() || null };
}

/** The search text a SEO lookup takes. */
export const seoQuery = z.string().max(200);

/** SEO of a site path (with its search text): the page's texts, a redirect, or null when the path is no page. */
export async function seoOf(
  db: Database,
  url: string,
  searchText: string | undefined,
): Promise<{ status: 'redirect'; redirect: { url: string; code: number } } | { status: 'page'; page: Seo } | null> {
  const { pathname, query } = splitUrl(url);
  const redirect = await retrieveRedirect(db, pathname);
  if (redirect) return { status: 'redirect', redirect: { url: redirect.url, code: redirect.code } };
  const page = await resolvePage(db, pathname, searchText?.trim() || query);
  if (!page) return null;
  const { title, description, h1, canonical, text } = page;
  return { status: 'page', page: { title, description, h1, canonical, text } };
}

const seo = createRoute({
  method: 'get',
  path: '/v3/seo',
  tags: ['Search and SEO'],
  summary: 'Title, description, h1 and canonical of a page, or a redirect {url, code}; 404 when the path is no page',
  request: { query: z.object({ ...commonQuery, url: sitePath, query: seoQuery.optional() }) },
  responses: {
    200: {
      description: 'SEO data or a redirect',
      content: { 'application/json': { schema: z.union([SeoSchema, SeoRedirectSchema]) } },
    },
    ...errors,
  },
});

const breadcrumbs = createRoute({
  method: 'get',
  path: '/v2/breadcrumbs',
  tags: ['Categories'],
  summary: 'Breadcrumbs of a page; the last item is the page itself',
  request: { query: z.object({ ...commonQuery, url: sitePath, query: seoQuery.optional() }) },
  responses: {
    200: { description: 'Breadcrumbs', content: { 'application/json': { schema: z.array(BreadcrumbSchema) } } },
    ...errors,
  },
});

const categoryById = createRoute({
  method: 'get',
  path: '/v2/categories/{id}',
  tags: ['Categories'],
  summary: 'A category with its parent, children and ancestors',
  request: { params: z.object({ id: positiveInt }), query: z.object({ ...commonQuery }) },
  responses: {
    200: { description: 'Category', content: { 'application/json': { schema: CategoryDetailSchema } } },
    ...errors,
  },
});

const categoriesByIds = createRoute({
  method: 'get',
  path: '/v2/categories',
  tags: ['Categories'],
  summary: 'Categories by category_ids (cached); without ids, the top level',
  request: {
    query: z.object({ ...commonQuery, category_ids: commaList(positiveInt), parent_id: positiveInt.optional() }),
  },
  responses: {
    200: { description: 'Categories', content: { 'application/json': { schema: z.array(CategorySchema) } } },
    422: errors[422],
  },
});

const health = createRoute({
  method: 'get',
  path: '/health',
  tags: ['Operations'],
  summary: 'Liveness with a database round trip',
  responses: { 200: { description: 'Healthy', content: { 'application/json': { schema: HealthSchema } } } },
});

export function toCategory(row: CategoryRow): Category {
  return {
    id: row.id,
    parent_id: row.parentId,
    name: row.name,
    code: row.code,
    url: `/catalog/${row.code}/${row.id}`,
    image: row.image,
    level: row.level,
    path: row.path,
    is_digital: row.isDigital,
    product_count: row.productCount,
  };
}

const CATEGORY_CACHE_MS = 10 * 60 * 1000;

export function registerContentRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(seo, async (c) => {
    const q = c.req.valid('query');
    const answer = await seoOf(c.get('deps').handle.db, q.url, q.query);
    if (!answer) throw new ApiError(404, 'Страница не найдена');
    return c.json(answer.status === 'redirect' ? { redirect: answer.redirect } : answer.page, 200);
  });

  app.openapi(breadcrumbs, async (c) => {
    const q = c.req.valid('query');
    const { pathname, query } = splitUrl(q.url);
    const page = await resolvePage(c.get('deps').handle.db, pathname, q.query?.trim() || query);
    if (!page) throw new ApiError(404, 'Страница не найдена');
    return c.json(page.breadcrumbs, 200);
  });

  app.openapi(categoryById, async (c) => {
    const { id } = c.req.valid('param');
    const { db } = c.get('deps').handle;
    const category = await retrieveCategory(db, id);
    if (!category) throw new ApiError(404, 'Категория не найдена');
    const [children, ancestors] = await Promise.all([listChildCategories(db, id), listCategoryPath(db, category)]);
    const parent = ancestors.length > 1 ? ancestors[ancestors.length - 2]! : null;
    return c.json(
      {
        ...toCategory(category),
        parent: parent ? toCategory(parent) : null,
        children: children.map(toCategory),
        ancestors: ancestors.slice(0, -1).map(toCategory),
      },
      200,
    );
  });

  app.openapi(categoriesByIds, async (c) => {
    const q = c.req.valid('query');
    const deps = c.get('deps');
    const ids = q.category_ids ? [...new Set(q.category_ids)].sort((a, b) => a - b) : null;
    const key = ids ? `categories:${ids.join(',')}` : `categories:children:${q.parent_id ?? 'root'}`;
    const rows = await cached(deps.cache, key, CATEGORY_CACHE_MS, () =>
      ids ? listCategoriesByIds(deps.handle.db, ids) : listChildCategories(deps.handle.db, q.parent_id ?? null),
    );
    return c.json(rows.map(toCategory), 200);
  });

  app.openapi(health, async (c) => {
    const { handle } = c.get('deps');
    await handle.query('select 1');
    return c.json({ status: 'ok' as const, database: handle.kind, uptime_s: Math.round(process.uptime()) }, 200);
  });
}
