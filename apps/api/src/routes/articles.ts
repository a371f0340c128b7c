// Articles, reviews and special offers (SPEC §7; issue 14): the special-offer list with its filter
// lists and pagination headers, single articles by id or slug, news and press, review articles by
// category, brand, badge and tag, likes and dislikes once per visitor, views once per browser
// (article_views_ids), the advent calendar, promo pages and /honor. SQL: data/content.ts.
import { randomUUID } from 'node:crypto';
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { getCookie } from 'hono/cookie';
import {
  ARTICLE_VIEWS_COOKIE,
  ARTICLES_MAX_PER_PAGE,
  OFFER_CHANNELS,
  OFFER_PAGE_SIZE,
  REVIEW_BADGES,
  REVIEWS_PER_PAGE,
  NEWS_PER_PAGE,
  addArticleView,
  adventDayState,
  isAdventSeason,
  mechanicsName,
  mechanicsProgress,
  moscowDate,
  parseArticleViews,
  COOKIE,
} from '@store/domain';
import {
  countArticleView,
  countOfferChannels,
  listAdventItems,
  listHonorEntries,
  listNews,
  listOfferBrands,
  listOfferMechanics,
  listReviewArticles,
  listReviewFilterOptions,
  listRunningOffers,
  retrieveArticle,
  retrieveArticleBySlug,
  retrieveBasketActionFacts,
  retrieveReviewTag,
  voteOnArticle,
} from '../data/content.ts';
import { loadPromoPage } from '../content/promo-blocks.ts';
import { presentArticle } from '../content/present.ts';
import { setStoreCookie } from '../http/cookies.ts';
import type { ApiEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { commonQuery, positiveInt, setPaginationHeaders } from '../http/params.ts';
import {
  AdventCalendarSchema,
  ArticleSchema,
  FilterOptionSchema,
  HonorSchema,
  OfferProgressSchema,
  PromoPageSchema,
  ReviewFiltersSchema,
  ReviewTagSchema,
  VoteSchema,
} from '../schemas/content.ts';
import { notFoundOrInvalid } from '../schemas/shell.ts';
import { VISITOR_COOKIE } from './comments.ts';

const TAGS = ['Articles, reviews, special offers'];
const errors = notFoundOrInvalid;
const code = z.string().regex(/^[a-z0-9_.&-]{1,64}$/, 'Некорректный код');
const slug = z.string().regex(/^[a-z0-9-]{1,120}$/, 'Некорректный адрес статьи');
const json = <T extends z.ZodType>(schema: T, description: string) => ({
  200: { description, content: { 'application/json': { schema } } },
});
const pageParams = (perPage: number) => ({
  page: positiveInt.default(1),
  per_page: z.coerce.number().int().min(1).max(ARTICLES_MAX_PER_PAGE).default(perPage),
});
const VISITOR_MAX_AGE_S = 365 * 24 * 3600;
const VIEWS_MAX_AGE_S = 365 * 24 * 3600;

const offers = createRoute({
  method: 'get',
  path: '/v2/articles/actions',
  tags: TAGS,
  summary: 'Running special offers (page, per_page 3/6/12, brand, channel, mechanics); x-pagination-* headers',
  request: {
    query: z.object({
      ...commonQuery,
      ...pageParams(OFFER_PAGE_SIZE.default),
      brand: code.optional(),
      channel: z.enum(['online', 'stores']).optional(),
      mechanics: code.optional(),
      /** detail_text: the list carries the sanitised detail text too. */
      expand: z.enum(['detail_text']).optional(),
    }),
  },
  responses: { ...json(z.array(ArticleSchema), 'Special offers'), 422: errors[422] },
});

const filterList = (what: 'mechanics' | 'brands' | 'channels') =>
  createRoute({
    method: 'get',
    path: `/v2/articles/actions/${what}`,
    tags: TAGS,
    summary: `The ${what} of the running special offers, with counts (the list's filter)`,
    request: { query: z.object({ ...commonQuery }) },
    responses: { ...json(z.array(FilterOptionSchema), `Offer ${what}`), 422: errors[422] },
  });

const progress = createRoute({
  method: 'get',
  path: '/v2/articles/actions/{id}/progress',
  tags: TAGS,
  summary: "Ours: the offer's mechanics against this visitor's basket («Добавьте ещё 1 товар»)",
  request: { params: z.object({ id: positiveInt }), query: z.object({ ...commonQuery }) },
  responses: { ...json(OfferProgressSchema, 'Progress of each condition'), ...errors },
});

const news = createRoute({
  method: 'get',
  path: '/v2/articles/news',
  tags: TAGS,
  summary: 'Ours: news and press releases, newest first (type news, press or both); x-pagination-* headers',
  request: {
    query: z.object({ ...commonQuery, ...pageParams(NEWS_PER_PAGE), type: z.enum(['news', 'press']).optional() }),
  },
  responses: { ...json(z.array(ArticleSchema), 'News'), 422: errors[422] },
});

const reviews = createRoute({
  method: 'get',
  path: '/v2/articles/reviews',
  tags: TAGS,
  summary: 'Review articles by category, brand, badge and tag (codes); x-pagination-* headers',
  request: {
    query: z.object({
      ...commonQuery,
      ...pageParams(REVIEWS_PER_PAGE),
      category: code.optional(),
      brand: code.optional(),
      badge: code.optional(),
      tag_type: z
        .string()
        .regex(/^[a-z]{1,32}$/)
        .optional(),
      tag_code: code.optional(),
    }),
  },
  responses: { ...json(z.array(ArticleSchema), 'Review articles'), 422: errors[422] },
});

const reviewFilters = createRoute({
  method: 'get',
  path: '/v2/articles/reviews/filters',
  tags: TAGS,
  summary: 'The review filter lists: brands, categories, tags and the badges «Все» and «Текст»',
  request: { query: z.object({ ...commonQuery }) },
  responses: { ...json(ReviewFiltersSchema, 'Filter lists'), 422: errors[422] },
});

const reviewTag = createRoute({
  method: 'get',
  path: '/v2/articles/reviews/{code}',
  tags: TAGS,
  summary: 'A review tag by its code (SPEC §3 Review tag)',
  request: {
    params: z.object({ code }),
    query: z.object({
      ...commonQuery,
      type: z
        .string()
        .regex(/^[a-z]{1,32}$/)
        .optional(),
    }),
  },
  responses: { ...json(ReviewTagSchema, 'Review tag'), ...errors },
});

const bySlug = createRoute({
  method: 'get',
  path: '/v2/articles/slug/{slug}',
  tags: TAGS,
  summary: 'An article by its slug, with its sanitised text',
  request: { params: z.object({ slug }), query: z.object({ ...commonQuery }) },
  responses: { ...json(ArticleSchema, 'Article'), ...errors },
});

const byId = createRoute({
  method: 'get',
  path: '/v2/articles/{id}',
  tags: TAGS,
  summary: 'An article by id (special offer, news, press or review), with its sanitised text',
  request: { params: z.object({ id: positiveInt }), query: z.object({ ...commonQuery }) },
  responses: { ...json(ArticleSchema, 'Article'), ...errors },
});

const view = createRoute({
  method: 'post',
  path: '/v2/articles/{id}/view',
  tags: TAGS,
  summary: 'Ours: counts a view once per browser (the article_views_ids cookie)',
  request: { params: z.object({ id: positiveInt }) },
  responses: {
    ...json(z.object({ views_count: z.number().int(), counted: z.boolean() }), 'Views'),
    ...errors,
  },
});

const voteRoute = (kind: 'like' | 'dislike') =>
  createRoute({
    method: 'post',
    path: `/reviews/{id}/${kind}`,
    tags: TAGS,
    summary: `${kind === 'like' ? 'Like' : 'Dislike'} a review article: one vote per visitor`,
    request: { params: z.object({ id: positiveInt }) },
    responses: { ...json(VoteSchema, 'New counts'), ...errors },
  });

const advent = createRoute({
  method: 'get',
  path: '/v2/promo/advent-calendar',
  tags: TAGS,
  summary: "The advent calendar (11–31 December): each day's state by the Moscow date the server decides",
  request: { query: z.object({ ...commonQuery }) },
  responses: { ...json(AdventCalendarSchema, 'Calendar'), 422: errors[422] },
});

const promoPage = createRoute({
  method: 'get',
  path: '/v2/promo/pages/{slug}',
  tags: TAGS,
  summary: 'Ours: a promo page, static (/prm, sanitised HTML) or constructor (/promo, resolved typed blocks)',
  request: {
    params: z.object({ slug }),
    query: z.object({ ...commonQuery, kind: z.enum(['static', 'constructor']) }),
  },
  responses: { ...json(PromoPageSchema, 'Promo page'), ...errors },
});

const honor = createRoute({
  method: 'get',
  path: '/v2/honor',
  tags: TAGS,
  summary: "Ours: the store's awards and the best employees of the month (/honor)",
  request: { query: z.object({ ...commonQuery }) },
  responses: { ...json(HonorSchema, 'Honor board'), 422: errors[422] },
});

/** The date the advent calendar takes as today: ADVENT_CALENDAR_DATE, else today in Moscow. */
export function adventToday(configured: string | undefined, now: Date): string {
  return configured ?? moscowDate(now);
}

export function registerArticleRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(offers, async (c) => {
    const q = c.req.valid('query');
    const now = new Date();
    const { rows, total } = await listRunningOffers(c.get('deps').handle, {
      now,
      brand: q.brand ?? null,
      channel: q.channel ?? null,
      mechanics: q.mechanics ?? null,
      limit: q.per_page,
      offset: (q.page - 1) * q.per_page,
    });
    setPaginationHeaders(c, { total, page: q.page, perPage: q.per_page });
    return c.json(
      rows.map((r) => presentArticle(r, now, { detail: q.expand === 'detail_text' })),
      200,
    );
  });

  app.openapi(filterList('mechanics'), async (c) => {
    const rows = await listOfferMechanics(c.get('deps').handle, new Date());
    return c.json(
      rows.map((r) => ({ code: r.code, name: mechanicsName(r.code), count: r.count })),
      200,
    );
  });
  app.openapi(filterList('brands'), async (c) => {
    const rows = await listOfferBrands(c.get('deps').handle, new Date());
    return c.json(
      rows.map((r) => ({ code: r.code, name: r.name, count: r.count })),
      200,
    );
  });
  app.openapi(filterList('channels'), async (c) => {
    const counts = new Map((await countOfferChannels(c.get('deps').handle, new Date())).map((r) => [r.code, r.count]));
    return c.json(
      OFFER_CHANNELS.map((ch) => ({ code: ch.code, name: ch.name, count: counts.get(ch.code) ?? 0 })),
      200,
    );
  });

  app.openapi(progress, async (c) => {
    const { id } = c.req.valid('param');
    const { handle } = c.get('deps');
    const article = await retrieveArticle(handle, id);
    if (!article || article.type !== 'special_offer') throw new ApiError(404, 'Акция не найдена');
    if (!article.mechanics || article.action_id === null) return c.json({ article_id: id, done: true, steps: [] }, 200);
    const basketId = getCookie(c, COOKIE.basketId);
    const facts =
      basketId && /^[A-Za-z0-9_-]{16,64}$/.test(basketId)
        ? await retrieveBasketActionFacts(handle, basketId, article.action_id)
        : { main_qty: 0, main_sum: 0, accessories_sum: 0, has_warranty: false };
    const steps = mechanicsProgress(article.mechanics, {
      mainQty: facts.main_qty,
      mainSum: facts.main_sum,
      accessoriesSum: facts.accessories_sum,
      hasWarranty: facts.has_warranty,
    });
    return c.json({ article_id: id, done: steps.every((s) => s.done), steps }, 200);
  });

  app.openapi(news, async (c) => {
    const q = c.req.valid('query');
    const now = new Date();
    const { rows, total } = await listNews(c.get('deps').handle, {
      now,
      types: q.type ? [q.type] : ['news', 'press'],
      limit: q.per_page,
      offset: (q.page - 1) * q.per_page,
    });
    setPaginationHeaders(c, { total, page: q.page, perPage: q.per_page });
    return c.json(
      rows.map((r) => presentArticle(r, now, { detail: false })),
      200,
    );
  });

  app.openapi(reviews, async (c) => {
    const q = c.req.valid('query');
    const now = new Date();
    const { rows, total } = await listReviewArticles(c.get('deps').handle, {
      category: q.category ?? null,
      brand: q.brand ?? null,
      badge: q.badge ?? null,
      tag: q.tag_type && q.tag_code ? { type: q.tag_type, code: q.tag_code } : null,
      limit: q.per_page,
      offset: (q.page - 1) * q.per_page,
    });
    setPaginationHeaders(c, { total, page: q.page, perPage: q.per_page });
    return c.json(
      rows.map((r) => presentArticle(r, now, { detail: false })),
      200,
    );
  });

  app.openapi(reviewFilters, async (c) => {
    const o = await listReviewFilterOptions(c.get('deps').handle);
    const badgeCounts = new Map(o.badges.map((b) => [b.code, b.count]));
    const all = o.badges.reduce((s, b) => s + b.count, 0);
    return c.json(
      {
        brands: o.brands.map((b) => ({ code: b.code, name: b.name, count: b.count })),
        categories: o.categories.map((b) => ({ code: b.code, name: b.name, count: b.count })),
        tags: o.tags.map((t) => ({ code: t.code, name: t.name, count: t.count, type: t.type, gen_name: t.gen_name })),
        badges: REVIEW_BADGES.map((b) => ({
          code: b.code,
          name: b.name,
          count: b.code === null ? all : (badgeCounts.get(b.code) ?? 0),
        })),
      },
      200,
    );
  });

  app.openapi(reviewTag, async (c) => {
    const tag = await retrieveReviewTag(
      c.get('deps').handle,
      c.req.valid('param').code,
      c.req.valid('query').type ?? null,
    );
    if (!tag) throw new ApiError(404, 'Тег не найден');
    return c.json(tag, 200);
  });

  app.openapi(bySlug, async (c) => {
    const row = await retrieveArticleBySlug(c.get('deps').handle, c.req.valid('param').slug);
    if (!row) throw new ApiError(404, 'Статья не найдена');
    return c.json(presentArticle(row, new Date(), { detail: true }), 200);
  });

  app.openapi(byId, async (c) => {
    const now = new Date();
    const row = await retrieveArticle(c.get('deps').handle, c.req.valid('param').id);
    // An offer that has not started yet is not shown; an ended one is (with «Акция завершена»).
    if (!row || Date.parse(row.active_from) > now.getTime()) throw new ApiError(404, 'Статья не найдена');
    return c.json(presentArticle(row, now, { detail: true }), 200);
  });

  app.openapi(view, async (c) => {
    const { id } = c.req.valid('param');
    const { handle } = c.get('deps');
    const seen = parseArticleViews(getCookie(c, ARTICLE_VIEWS_COOKIE));
    if (seen.includes(id)) {
      const row = await retrieveArticle(handle, id);
      if (!row) throw new ApiError(404, 'Статья не найдена');
      return c.json({ views_count: row.views_count, counted: false }, 200);
    }
    const views = await countArticleView(handle, id);
    if (views === null) throw new ApiError(404, 'Статья не найдена');
    setStoreCookie(c, ARTICLE_VIEWS_COOKIE, addArticleView(seen, id).join('.'), { maxAge: VIEWS_MAX_AGE_S });
    return c.json({ views_count: views, counted: true }, 200);
  });

  for (const kind of ['like', 'dislike'] as const) {
    app.openapi(voteRoute(kind), async (c) => {
      const { id } = c.req.valid('param');
      let visitor = getCookie(c, VISITOR_COOKIE);
      if (!visitor || !/^[0-9a-f-]{36}$/.test(visitor)) {
        visitor = randomUUID();
        setStoreCookie(c, VISITOR_COOKIE, visitor, { httpOnly: true, maxAge: VISITOR_MAX_AGE_S });
      }
      const result = await voteOnArticle(c.get('deps').handle, id, visitor, kind === 'like' ? 1 : -1);
      if (!result) throw new ApiError(404, 'Статья не найдена');
      return c.json(result, 200);
    });
  }

  app.openapi(advent, async (c) => {
    const today = adventToday(c.get('deps').config.ADVENT_CALENDAR_DATE, new Date());
    const year = Number(today.slice(0, 4));
    const items = await listAdventItems(c.get('deps').handle, year);
    return c.json(
      {
        today,
        season: isAdventSeason(today),
        items: items.map((item) => {
          const state = adventDayState(item.date, today);
          return {
            ...item,
            day: Number(item.date.slice(8, 10)),
            state,
            // A locked day keeps its gift a secret until its date.
            text: state === 'locked' ? null : item.text,
            link: state === 'locked' ? null : item.link,
            name: state === 'locked' ? `${Number(item.date.slice(8, 10))} декабря` : item.name,
          };
        }),
      },
      200,
    );
  });

  app.openapi(promoPage, async (c) => {
    const page = await loadPromoPage(c, c.req.valid('param').slug, c.req.valid('query').kind);
    if (!page) throw new ApiError(404, 'Страница не найдена');
    return c.json(page, 200);
  });

  app.openapi(honor, async (c) => {
    const rows = await listHonorEntries(c.get('deps').handle);
    return c.json(
      {
        awards: rows
          .filter((r) => r.kind === 'award')
          .map((r) => ({
            id: r.id,
            title: r.title,
            subtitle: r.subtitle,
            text: r.text,
            image: r.image,
            year: r.period,
          })),
        employees: rows
          .filter((r) => r.kind === 'employee')
          .map((r) => ({ id: r.id, name: r.title, role: r.subtitle, text: r.text, image: r.image, month: r.period })),
      },
      200,
    );
  });
}
