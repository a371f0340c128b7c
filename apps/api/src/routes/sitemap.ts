// The site map's data (ours, not in the SPEC): how many paths of each kind there are, and a page of
// them at a time, so sitemap.xml writes a part of 50,000 URLs without holding it (domain sitemap.ts).
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { SITEMAP_CHUNK_SIZE, SITEMAP_INFO_PAGES, SITEMAP_KINDS } from '@store/domain';
import { countSitemapPaths, listSitemapPaths } from '../data/sitemap.ts';
import type { ApiEnv } from '../http/env.ts';
import { commonQuery } from '../http/params.ts';
import { invalidInput } from '../schemas/shell.ts';

const CountsSchema = z
  .object({
    products: z.number().int(),
    listings: z.number().int(),
    stores: z.number().int(),
    pages: z.number().int(),
  })
  .openapi('SitemapCounts');
export type SitemapCounts = z.infer<typeof CountsSchema>;

const counts = createRoute({
  method: 'get',
  path: '/v2/sitemap',
  tags: ['Content'],
  summary: 'How many site map paths there are of each kind (products, listings, stores, pages)',
  request: { query: z.object(commonQuery) },
  responses: {
    200: { description: 'Counts', content: { 'application/json': { schema: CountsSchema } } },
    ...invalidInput,
  },
});

const paths = createRoute({
  method: 'get',
  path: '/v2/sitemap/{kind}',
  tags: ['Content'],
  summary: 'A page of site map paths of one kind, in a stable order',
  request: {
    params: z.object({ kind: z.enum(SITEMAP_KINDS) }),
    query: z.object({
      ...commonQuery,
      offset: z.coerce.number().int().min(0).max(100_000_000).default(0),
      limit: z.coerce.number().int().min(1).max(SITEMAP_CHUNK_SIZE).default(SITEMAP_CHUNK_SIZE),
    }),
  },
  responses: {
    200: { description: 'Paths', content: { 'application/json': { schema: z.array(z.string()) } } },
    ...invalidInput,
  },
});

export function registerSitemapRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(counts, async (c) => {
    const n = await countSitemapPaths(c.get('deps').handle);
    return c.json({ ...n, pages: SITEMAP_INFO_PAGES.length }, 200);
  });

  app.openapi(paths, async (c) => {
    const { kind } = c.req.valid('param');
    const { offset, limit } = c.req.valid('query');
    if (kind === 'pages')
      return c.json(
        SITEMAP_INFO_PAGES.slice(offset, offset + limit).map((p) => p.path),
        200,
      );
    return c.json(await listSitemapPaths(c.get('deps').handle, kind, offset, limit), 200);
  });
}
