// GET /api/v3/page-shell: everything the page shell draws around a page, in one answer (issue 12 item 4,
// docs/decisions/0046). A page render used to make nine in-process calls for it (the A/B branch, up to four
// city lookups, three menus, the top-line banner, the flags, the priority cities and the SEO of the path);
// each was a Request, a pass through the API's middleware and a JSON parse. Every part is read through the
// same cached helpers as its own operation, so the answers agree.
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { DEFAULT_CITY_ALIAS } from '@store/domain';
import type { ApiEnv } from '../http/env.ts';
import { branchParam, commonQuery, positiveInt } from '../http/params.ts';
import { BannerSchema, CitySchema, FeatureSchema, invalidInput, MenuItemSchema, SeoSchema } from '../schemas/shell.ts';
import { loadCity, loadPriorityCities, toCity } from './cities.ts';
import { seoOf, seoQuery, sitePath } from './content.ts';
import { chooseBranch, loadFeatures } from './experiments.ts';
import { buildMenuTree, loadMenu, loadTopBanner } from './menus.ts';

/** Page paths, aliases and search texts arrive as the visitor sent them; the answer judges them, not a 422. */
const visitorText = z.string().max(16_384);

const SeoPartSchema = z
  .discriminatedUnion('status', [
    z.object({ status: z.literal('page'), page: SeoSchema }),
    z.object({ status: z.literal('redirect'), redirect: z.object({ url: z.string(), code: z.number().int() }) }),
    z.object({ status: z.literal('missing') }),
    z.object({ status: z.literal('refused') }),
  ])
  .openapi('PageShellSeo');

const PageShellSchema = z
  .object({
    branch: z.string(),
    cities: z.object({
      route: CitySchema.nullable(),
      cookie: CitySchema.nullable(),
      header: CitySchema.nullable(),
      default: CitySchema.nullable(),
    }),
    priority_cities: z.array(CitySchema),
    static_menu: z.array(MenuItemSchema),
    events_menu: z.array(MenuItemSchema),
    top_banner: BannerSchema.nullable(),
    features: z.array(FeatureSchema),
    seo: SeoPartSchema.nullable(),
  })
  .openapi('PageShell');
export type PageShell = z.infer<typeof PageShellSchema>;

/** What a page render asks the shell for (the visitor's values as they came). */
export interface PageShellRequest {
  url: string;
  branch?: string | undefined;
  route_city?: string | undefined;
  cookie_city_id?: number | undefined;
  geo_city?: string | undefined;
  seo?: '0' | '1';
  query?: string | undefined;
}

const pageShell = createRoute({
  method: 'get',
  path: '/v3/page-shell',
  tags: ['Menus and banners'],
  summary:
    "The page shell in one answer: branch, cities (the route's, the cookie's, the geo header's, the default " +
    `'${DEFAULT_CITY_ALIAS}'), ` +
    'priority cities, header menus, top-line banner, flags and, with seo=1, the SEO of the path',
  request: {
    query: z.object({
      ...commonQuery,
      url: visitorText,
      branch: branchParam,
      route_city: visitorText.optional(),
      cookie_city_id: positiveInt.optional(),
      geo_city: visitorText.optional(),
      seo: z.enum(['0', '1']).default('0'),
      query: visitorText.optional(),
    }),
  },
  responses: {
    200: { description: 'The shell', content: { 'application/json': { schema: PageShellSchema } } },
    ...invalidInput,
  },
});

/** An alias no city can have is not looked up (the city lookups refuse over 100 characters). */
const cityAlias = z.string().min(1).max(100);

export function registerPageShellRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(pageShell, async (c) => {
    const q = c.req.valid('query');
    const deps = c.get('deps');
    const { db } = deps.handle;
    const branch = q.branch ?? (await chooseBranch(deps, undefined));
    const city = async (alias: string | undefined) => {
      if (alias === undefined || !cityAlias.safeParse(alias).success) return null;
      const row = await loadCity(deps, { alias });
      return row ? toCity(row) : null;
    };
    const seo = async () => {
      if (q.seo !== '1') return null;
      if (!sitePath.safeParse(q.url).success) return { status: 'missing' as const };
      if (q.query !== undefined && !seoQuery.safeParse(q.query).success) return { status: 'refused' as const };
      return (await seoOf(db, q.url, q.query)) ?? { status: 'missing' as const };
    };
    const [route, cookie, header, fallback, priority, statics, events, banner, features, seoPart] = await Promise.all([
      city(q.route_city),
      q.cookie_city_id === undefined
        ? null
        : loadCity(deps, { id: q.cookie_city_id }).then((r) => (r ? toCity(r) : null)),
      city(q.geo_city),
      city(DEFAULT_CITY_ALIAS),
      loadPriorityCities(deps),
      loadMenu(deps, 'static', branch),
      loadMenu(deps, 'events', branch),
      // An address that is no page path shows no banner.
      sitePath.safeParse(q.url).success ? loadTopBanner(db, q.url) : null,
      loadFeatures(deps, branch),
      seo(),
    ]);
    return c.json(
      {
        branch,
        cities: { route, cookie, header, default: fallback },
        priority_cities: priority.map((row) => toCity(row)),
        static_menu: buildMenuTree(statics),
        events_menu: buildMenuTree(events),
        top_banner: banner,
        features,
        seo: seoPart,
      },
      200,
    );
  });
}
