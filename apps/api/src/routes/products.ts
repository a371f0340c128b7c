import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { PAGE_SIZES, categoryTag, matchPage, parseNumericId } from '@store/domain';
import { buildListing, MAX_QUERY_LENGTH } from '../catalog/listing.ts';
import { retrieveCategory } from '../data/catalog.ts';
import { listBanners } from '../data/menus.ts';
import { retrieveProductDetail } from '../data/product-detail.ts';
import { listProductCards, listProductIdsByTags } from '../data/products.ts';
import { listSuggestions } from '../data/search.ts';
import {
  listCategoryBrands,
  listCategorySeries,
  listPopularBrands,
  listProductOfDayCandidates,
  listRecommendedIds,
} from '../data/showcase.ts';
import type { ApiEnv } from '../http/env.ts';
import { cardTags, tagAnswer } from '../http/page-tags.ts';
import { ApiError } from '../http/errors.ts';
import { jsonWithKeptItems, withJsonText } from '../http/json-text.ts';
import { commaList, commonQuery, positiveInt, setPaginationHeaders } from '../http/params.ts';
import {
  FilterSchema,
  ListingSchema,
  MainPageSchema,
  ProductCardSchema,
  ProductDetailSchema,
  SuggestionsSchema,
  type ProductCard,
} from '../schemas/catalog.ts';
import { notFoundOrInvalid } from '../schemas/shell.ts';
import { cachedReference } from '../reference-data.ts';

const errors = notFoundOrInvalid;
const cards = { 'application/json': { schema: z.array(ProductCardSchema) } };

const byIds = createRoute({
  method: 'get',
  path: '/v3/products',
  tags: ['Products'],
  summary: 'Products by ids (per_page 20), in the order asked for',
  request: {
    query: z.object({
      ...commonQuery,
      product_ids: commaList(positiveInt),
      per_page: z.coerce.number().int().min(1).max(100).default(PAGE_SIZES.productsByIds),
      order_by: z.enum(['retrieved']).default('retrieved'),
      expand: z.string().max(200).optional(),
    }),
  },
  responses: { 200: { description: 'Product cards', content: cards }, 422: errors[422] },
});

const filters = createRoute({
  method: 'get',
  path: '/v3/products/filters',
  tags: ['Products'],
  summary: "A category's filters with counts for the selected filter[…] values",
  request: { query: z.object({ ...commonQuery, category_id: positiveInt }).passthrough() },
  responses: {
    200: { description: 'Filters', content: { 'application/json': { schema: z.array(FilterSchema) } } },
    ...errors,
  },
});

const byTags = createRoute({
  method: 'get',
  path: '/v2/products',
  tags: ['Products'],
  summary: 'Products carrying any of tag_aliases (per_page 7 or 12, sort id)',
  request: {
    query: z.object({
      ...commonQuery,
      tag_aliases: commaList(z.string().regex(/^[a-z0-9-]{1,64}$/, 'Некорректный псевдоним тега')),
      per_page: z.coerce.number().int().min(1).max(24).default(12),
      sort: z.enum(['id']).default('id'),
    }),
  },
  responses: { 200: { description: 'Product cards', content: cards }, 422: errors[422] },
});

const suggestions = createRoute({
  method: 'get',
  path: '/v3/search/suggestions',
  tags: ['Search and SEO'],
  summary: 'Brands, categories, products and series for what the shopper is typing',
  request: { query: z.object({ ...commonQuery, query: z.string().trim().max(MAX_QUERY_LENGTH) }) },
  responses: {
    200: { description: 'Suggestions', content: { 'application/json': { schema: SuggestionsSchema } } },
    422: errors[422],
  },
});

const placeholders = createRoute({
  method: 'get',
  path: '/v3/search/placeholders',
  tags: ['Search and SEO'],
  summary: 'Texts for the search box placeholder, one chosen at random by the page',
  request: { query: z.object({ ...commonQuery }) },
  responses: { 200: { description: 'Placeholders', content: { 'application/json': { schema: z.array(z.string()) } } } },
});

const mainPage = createRoute({
  method: 'get',
  path: '/v3/main-page/get-data',
  tags: ['Menus and banners'],
  summary: 'The home page (page_id 5): slider, brands, product of the day, recommendations, services, blocks',
  request: {
    query: z.object({
      ...commonQuery,
      page_id: z.coerce.number().int().default(5),
      slider_code: z.string().max(64).optional(),
      /**
       * Cards answered whole per product row (recommendations and each block); the rest of a row comes as
       * product ids in `recommendations_more_ids` and the block's `more_ids` (the store's first paint draws
       * 6 cards a row and loads the rest in the browser: decision 0065). Without it every card is whole.
       */
      first_cards: z.coerce.number().int().min(1).max(50).optional(),
    }),
  },
  responses: {
    200: { description: 'Home page', content: { 'application/json': { schema: MainPageSchema } } },
    ...errors,
  },
});

const brandTag = createRoute({
  method: 'get',
  path: '/v2/categories/{id}/brand-tag',
  tags: ['Categories'],
  summary: 'Brands of a category with their product counts and listing links',
  request: { params: z.object({ id: positiveInt }), query: z.object({ ...commonQuery }) },
  responses: {
    200: {
      description: 'Brands',
      content: {
        'application/json': {
          schema: z.array(
            z.object({
              id: z.number().int(),
              name: z.string(),
              code: z.string(),
              url: z.string(),
              count: z.number().int(),
            }),
          ),
        },
      },
    },
    ...errors,
  },
});

const categorySeries = createRoute({
  method: 'get',
  path: '/v2/categories/{id}/series',
  tags: ['Categories'],
  summary: 'Series of a category (per_page 100; remove_pagination=1 for all)',
  request: {
    params: z.object({ id: positiveInt }),
    query: z.object({
      ...commonQuery,
      remove_pagination: z.enum(['0', '1']).optional(),
      available: z.enum(['0', '1']).optional(),
      sales_channel_id: positiveInt.optional(),
      brand_code: z.string().max(64).optional(),
      page: positiveInt.default(1),
      per_page: z.coerce.number().int().min(1).max(100).default(PAGE_SIZES.series),
    }),
  },
  responses: {
    200: {
      description: 'Series',
      content: {
        'application/json': {
          schema: z.array(
            z.object({
              id: z.number().int(),
              name: z.string(),
              code: z.string(),
              brand: z.object({ code: z.string(), name: z.string() }),
              url: z.string(),
              count: z.number().int(),
            }),
          ),
        },
      },
    },
    ...errors,
  },
});

const productById = (version: 'v3' | 'v2') =>
  createRoute({
    method: 'get',
    path: `/${version}/products/{id}`,
    tags: ['Products'],
    summary: 'One product in full (404 when it is not active or has no category)',
    request: {
      params: z.object({ id: positiveInt }),
      query: z.object({ ...commonQuery, expand: z.string().max(200).optional() }),
    },
    responses: {
      200: { description: 'Product', content: { 'application/json': { schema: ProductDetailSchema } } },
      ...errors,
    },
  });

const relatedRoute = (path: string, summary: string) =>
  createRoute({
    method: 'get',
    path,
    tags: ['Products'],
    summary,
    request: {
      params: z.object({ id: positiveInt }),
      query: z.object({ ...commonQuery, limit: z.coerce.number().int().min(1).max(50).default(PAGE_SIZES.related) }),
    },
    responses: { 200: { description: 'Product cards', content: cards }, ...errors },
  });

const RELATED_ROUTES: [string, string, 'similar' | 'looked-with' | 'related'][] = [
  ['/v2/products/{id}/similars', 'Similar products: same category, nearest price', 'similar'],
  ['/v2/products/{id}/looked-with', 'Looked at together: same category, other brands', 'looked-with'],
  [
    '/v2/products/{id}/get-related',
    'Related products: the same brand in neighbouring categories (limit 20)',
    'related',
  ],
  ['/v2/products/{id}/get-similar', 'Similar products (limit 20)', 'similar'],
];

const PLACEHOLDERS = [
  'Смартфоны',
  'Телевизоры 55 дюймов',
  'Холодильник No Frost',
  'Робот-пылесос',
  'Игровой ноутбук',
  'Беспроводные наушники',
  'Кофемашина',
  'Стиральная машина',
];

export function registerProductRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(byIds, async (c) => {
    const q = c.req.valid('query');
    const ids = (q.product_ids ?? []).slice(0, q.per_page);
    const expand = new Set((q.expand ?? '').split(',').map((s) => s.trim()));
    const cards = await listProductCards(c.get('deps').readHandle, ids, q.city_id ?? null, {
      withSpecifications: expand.has('specifications'),
    });
    tagAnswer(c, cardTags(cards));
    return c.json(cards, 200);
  });

  app.openapi(filters, async (c) => {
    const q = c.req.valid('query');
    const { readHandle: handle } = c.get('deps');
    const category = await retrieveCategory(handle.db, q.category_id);
    if (!category) throw new ApiError(404, 'Категория не найдена');
    const params = new URL(c.req.url).searchParams;
    params.set('per_page', '1');
    params.delete('page');
    const listing = await buildListing(handle, await c.get('catalog').get(), {
      pagePath: `/catalog/${category.code}/${category.id}`,
      params,
      cityId: null,
    });
    return c.json(listing.filters, 200);
  });

  app.openapi(byTags, async (c) => {
    const q = c.req.valid('query');
    const { readHandle: handle } = c.get('deps');
    const ids = await listProductIdsByTags(handle, q.tag_aliases ?? [], q.per_page);
    const cards = await listProductCards(handle, ids, q.city_id ?? null);
    tagAnswer(c, cardTags(cards));
    return c.json(cards, 200);
  });

  app.openapi(suggestions, async (c) => {
    const catalog = c.get('catalog');
    // Prices from the catalogue index once it is built: no query per keystroke (decision 0059).
    const rows = await listSuggestions(
      c.get('deps').readHandle,
      await catalog.suggestions(),
      c.req.valid('query').query,
      catalog.current(),
    );
    return c.json(
      {
        brands: rows.brands.map((b) => ({ id: b.id, name: b.name, url: `/catalog/brand/${b.code}` })),
        categories: rows.categories.map((r) => ({ id: r.id, name: r.name, url: `/catalog/${r.code}/${r.id}` })),
        products: rows.products.map((p) => ({
          id: p.id,
          name: p.name,
          url: `/catalog/${p.category_code}/${p.category_id}/${p.id}`,
          image: p.image,
          price: p.price,
        })),
        series: rows.series.map((s) => ({
          id: s.id,
          name: s.name,
          url: `/catalog/${s.category_code}/${s.category_id}/${s.brand_code}/${s.code}`,
        })),
      },
      200,
    );
  });

  app.openapi(placeholders, (c) => c.json(PLACEHOLDERS, 200));

  for (const [path, summary, kind] of RELATED_ROUTES) {
    app.openapi(relatedRoute(path, summary), async (c) => {
      const { id } = c.req.valid('param');
      const q = c.req.valid('query');
      const index = await c.get('catalog').get();
      const ids = index.relatedTo(id, kind, q.limit);
      if (ids.length === 0 && index.positionsOf([id]).length === 0) throw new ApiError(404, 'Товар не найден');
      const cards = await listProductCards(c.get('deps').readHandle, ids, q.city_id ?? null);
      tagAnswer(c, cardTags(cards));
      return c.json(cards, 200);
    });
  }

  app.openapi(mainPage, async (c) => {
    const q = c.req.valid('query');
    if (q.page_id !== 5) throw new ApiError(404, 'Страница не найдена');
    const { readHandle: handle } = c.get('deps');
    const cityId = q.city_id ?? null;
    const now = new Date();
    const blockTags: [string, string][] = [
      ['hity-prodazh', 'Хиты продаж'],
      ['novinki', 'Новинки'],
      ['vygodno', 'Выгодно'],
    ];
    // Which products the showcase shows is reference data (reference-data.ts: it may lag a write by the
    // cache's TTL); their cards, prices and stock are read fresh below, all in one query.
    const [slides, services, brands, candidates, recommendedIds, blockIds] = await Promise.all([
      listBanners(handle.db, { type: q.slider_code ?? 'main-slider', visible: true, now }),
      listBanners(handle.db, { type: 'home-services', visible: true, now }),
      cachedReference(handle, 'home:brands', () => listPopularBrands(handle)),
      cachedReference(handle, 'home:product-of-day', () => listProductOfDayCandidates(handle)),
      cachedReference(handle, 'home:recommended', () => listRecommendedIds(handle, 12)),
      Promise.all(
        blockTags.map(([alias]) =>
          cachedReference(handle, `home:tag:${alias}`, () => listProductIdsByTags(handle, [alias], 12)),
        ),
      ),
    ]);
    // The product of the day changes at midnight Moscow time (UTC+3) and counts down to it.
    const moscowDay = Math.floor((now.getTime() + 3 * 3600_000) / 86_400_000);
    const endsAt = new Date((moscowDay + 1) * 86_400_000 - 3 * 3600_000).toISOString();
    const ofDayId = candidates.length > 0 ? candidates[moscowDay % candidates.length]! : null;
    const allIds = [...new Set([...(ofDayId === null ? [] : [ofDayId]), ...recommendedIds, ...blockIds.flat()])];
    const cardById = new Map((await listProductCards(handle, allIds, cityId)).map((card) => [card.id, card]));
    const cardsOf = (ids: readonly number[]) => ids.flatMap((id) => cardById.get(id) ?? []);
    const ofDay = ofDayId === null ? [] : cardsOf([ofDayId]);
    const recommendations = cardsOf(recommendedIds);
    const blockCards = blockIds.map(cardsOf);
    tagAnswer(c, cardTags([...ofDay, ...recommendations, ...blockCards.flat()]));
    // A row's first cards whole and the rest by id (first_cards), or every card whole.
    const first = q.first_cards;
    const row = (cards: ProductCard[]) =>
      first === undefined
        ? { products: cards }
        : { products: cards.slice(0, first), more_ids: cards.slice(first).map((card) => card.id) };
    const recommended = row(recommendations);
    return c.json(
      {
        mainSlider: slides.map((s) => ({
          id: s.id,
          title: s.title,
          text: s.text,
          image: s.image,
          image_alt: s.imageAlt,
          link: s.link,
          background: s.background,
        })),
        brands: brands.map((b) => ({
          ...b,
          logo: `/img/brand/${encodeURIComponent(b.code)}.svg`,
          url: `/catalog/brand/${b.code}`,
        })),
        productOfDay: ofDay[0] ? { product: ofDay[0], ends_at: endsAt } : null,
        recommendations: recommended.products,
        ...(recommended.more_ids ? { recommendations_more_ids: recommended.more_ids } : {}),
        services: services.map((s) => ({ id: s.id, title: s.title, text: s.text, link: s.link })),
        blocks: blockTags.map(([alias, title], i) => ({
          code: alias,
          title,
          url: `/catalog/tag/${alias}`,
          ...row(blockCards[i] ?? []),
        })),
      },
      200,
    );
  });

  app.openapi(brandTag, async (c) => {
    const { id } = c.req.valid('param');
    const { readHandle: handle } = c.get('deps');
    const category = await retrieveCategory(handle.db, id);
    if (!category) throw new ApiError(404, 'Категория не найдена');
    const rows = await listCategoryBrands(handle, category.path.at(-1)!);
    return c.json(
      rows.map((b) => ({ ...b, url: `/catalog/brand/${b.code}/${category.code}/${category.id}` })),
      200,
    );
  });

  app.openapi(categorySeries, async (c) => {
    const { id } = c.req.valid('param');
    const q = c.req.valid('query');
    const { readHandle: handle } = c.get('deps');
    const category = await retrieveCategory(handle.db, id);
    if (!category) throw new ApiError(404, 'Категория не найдена');
    const all = await listCategorySeries(handle, id, {
      brandCode: q.brand_code ?? null,
      availableOnly: q.available === '1',
    });
    const paginate = q.remove_pagination !== '1';
    const items = paginate ? all.slice((q.page - 1) * q.per_page, q.page * q.per_page) : all;
    setPaginationHeaders(c, {
      total: all.length,
      page: paginate ? q.page : 1,
      perPage: paginate ? q.per_page : all.length,
    });
    return c.json(
      items.map((s) => ({
        id: s.id,
        name: s.name,
        code: s.code,
        brand: { code: s.brand_code, name: s.brand_name },
        url: `/catalog/${category.code}/${category.id}/${s.brand_code}/${s.code}`,
        count: s.count,
      })),
      200,
    );
  });

  // The listing of any catalogue or search page: GET /api/v3/products/{page path}, e.g.
  // /api/v3/products/catalog/smartfony/224?filter[brand][]=3&order_by=price&page=2.
  app.get('/v3/products/*', async (c, next) => {
    const url = new URL(c.req.url);
    // A generated client sends the page path as one encoded segment (catalog%2Fsmartfony%2F224).
    const pagePath = url.pathname.replace(/^\/api\/v3\/products/, '').replace(/%2F/gi, '/') || '/';
    // /v3/products/{id} is one product, answered by the route registered after this one.
    if (/^\/\d+$/.test(pagePath)) return next();
    const catalog = c.get('catalog');
    const listing = await buildListing(c.get('deps').readHandle, await catalog.get(), {
      pagePath,
      params: url.searchParams,
      cityId: parseNumericId(url.searchParams.get('city_id')),
      suggestions: catalog.currentSuggestions(),
    });
    setPaginationHeaders(c, { total: listing.count, page: listing.page, perPage: listing.per_page });
    // The listing's own category too: a stock change there may reorder or refilter every page of it.
    const categoryId = (matchPage(pagePath) as { categoryId?: number | null } | null)?.categoryId;
    tagAnswer(c, [...cardTags(listing.products, true), ...(categoryId ? [categoryTag(categoryId)] : [])]);
    // Its JSON with each card's text kept with the cached card (decision 0086): the same text, made once per card.
    return c.json(
      withJsonText(listing, (answer) => jsonWithKeptItems(answer, 'products')),
      200,
    );
  });
  for (const version of ['v3', 'v2'] as const) {
    app.openapi(productById(version), async (c) => {
      const { id } = c.req.valid('param');
      const product = await retrieveProductDetail(c.get('deps').readHandle, id, c.req.valid('query').city_id ?? null);
      // SPEC §4 Product loading: status other than 1 or no category is the not-found page.
      if (!product || product.status !== 1) throw new ApiError(404, 'Страница не найдена');
      tagAnswer(c, cardTags([product]));
      return c.json(product, 200);
    });
  }

  app.openAPIRegistry.registerPath({
    method: 'get',
    path: '/v3/products/{pagePath}',
    tags: ['Products'],
    summary:
      'The listing of a catalogue or search page by its path (catalog/…, search/…): products, count, filters with counts, categories and sort options. Query: filter[code][]=id, filter[code][from][]=n, filter[code][to][]=n, filter[in_stock][]=1 (in stock in city_id), order_by, page, per_page (24), q for search.',
    request: { params: z.object({ pagePath: z.string() }) },
    responses: {
      200: { description: 'Listing', content: { 'application/json': { schema: ListingSchema } } },
      404: errors[404],
      422: errors[422],
    },
  });
}
