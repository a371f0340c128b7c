import { randomUUID } from 'node:crypto';
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { getCookie } from 'hono/cookie';
import { setStoreCookie } from '../http/cookies.ts';
import { PAGE_SIZES, productTag } from '@store/domain';
import { createComment, listComments, voteOnComment, type CommentRow } from '../data/comments.ts';
import { findUserById } from '../data/accounts.ts';
import { customerIdOf } from '../http/requester.ts';
import type { ApiEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { commonQuery, positiveInt, setPaginationHeaders } from '../http/params.ts';
import { errorResponses } from '../schemas/shell.ts';

const errors = errorResponses;

const CommentBase = z.object({
  id: z.number().int(),
  type: z.string(),
  owner_id: z.number().int().nullable(),
  author_name: z.string(),
  rate: z.number().int().nullable(),
  text: z.string(),
  pros: z.string().nullable(),
  cons: z.string().nullable(),
  images: z.array(z.string()),
  like: z.number().int(),
  not_like: z.number().int(),
  parent_ids: z.array(z.number().int()),
  status: z.number().int(),
  created_at: z.string(),
  /** This visitor's vote: 1 like, -1 dislike. */
  my_vote: z.number().int().nullable(),
});
const CommentSchema = CommentBase.extend({ answers: z.array(CommentBase) }).openapi('Comment');
export type Comment = z.infer<typeof CommentSchema>;

/** The visitor id behind one-vote-per-visitor; an httpOnly cookie set on the first vote. */
export const VISITOR_COOKIE = 'visitor_id';
const VISITOR_MAX_AGE_S = 365 * 24 * 3600;

const toComment = (r: CommentRow): Omit<Comment, 'answers'> => ({
  id: r.id,
  type: r.type,
  owner_id: r.owner_id,
  author_name: r.author_name,
  rate: r.rate,
  text: r.text,
  pros: r.pros,
  cons: r.cons,
  images: r.images,
  like: r.like,
  not_like: r.not_like,
  parent_ids: r.parent_id === null ? [] : [r.parent_id],
  status: r.status,
  created_at: r.created_at,
  my_vote: r.vote,
});

const list = createRoute({
  method: 'get',
  path: '/v2/comments',
  tags: ['Reviews and questions'],
  summary: "A product's reviews or questions (with their answers), 3 per page, newest first",
  request: {
    query: z.object({
      ...commonQuery,
      product_id: positiveInt,
      type: z.enum(['review', 'question']).default('review'),
      page: positiveInt.default(1),
      // SPEC §9: 3 per page on the product page, also when per-page is 0.
      per_page: z.coerce.number().int().min(0).max(50).default(PAGE_SIZES.comments),
      sort: z.enum(['-date', '-rate']).default('-date'),
    }),
  },
  responses: {
    200: { description: 'Comments', content: { 'application/json': { schema: z.array(CommentSchema) } } },
    422: errors[422],
  },
});

const required = 'Это поле необходимо заполнить.';
/** SPEC §5 wording for each rule. */
const CreateSchema = z
  .object({
    product_id: z.coerce.number({ error: required }).int().positive(),
    type: z.enum(['review', 'question'], { error: required }),
    rate: z.coerce.number().int().min(1).max(5).optional(),
    // One message per field: empty, too short or too long (SPEC §5 wording).
    text: z
      .string({ error: required })
      .trim()
      .superRefine((text, ctx) => {
        if (text.length === 0) ctx.addIssue({ code: 'custom', message: required });
        else if (text.length < 10)
          ctx.addIssue({ code: 'custom', message: 'Пожалуйста, введите не меньше 10 символов.' });
        else if (text.length > 2000)
          ctx.addIssue({ code: 'custom', message: 'Пожалуйста, введите не больше 2000 символов.' });
      }),
    pros: z.string().trim().max(1000, 'Пожалуйста, введите не больше 1000 символов.').optional(),
    cons: z.string().trim().max(1000, 'Пожалуйста, введите не больше 1000 символов.').optional(),
  })
  // A review needs a rate; checked even when other fields failed, so all field errors come back at once.
  .refine((v) => v.type !== 'review' || v.rate !== undefined, {
    path: ['rate'],
    message: required,
    when: (payload) => {
      const value = payload.value as { type?: unknown; rate?: unknown } | undefined;
      return value?.type === 'review';
    },
  });

const create = createRoute({
  method: 'post',
  path: '/v2/comments/create',
  tags: ['Reviews and questions'],
  summary: 'Post a review or a question (signed-in customers; stored for moderation)',
  request: { body: { content: { 'application/json': { schema: CreateSchema } } } },
  responses: {
    201: {
      description: 'Stored for moderation',
      content: { 'application/json': { schema: z.object({ id: z.number().int() }) } },
    },
    ...errors,
  },
});

const voteRoute = (kind: 'like' | 'dislike') =>
  createRoute({
    method: 'post',
    path: `/comments/{id}/${kind}`,
    tags: ['Reviews and questions'],
    summary: `${kind === 'like' ? 'Like' : 'Dislike'} a review, question or answer: one vote per visitor`,
    request: { params: z.object({ id: positiveInt }) },
    responses: {
      200: {
        description: 'New counts',
        content: {
          'application/json': {
            schema: z.object({ like: z.number().int(), not_like: z.number().int(), vote: z.number().int() }),
          },
        },
      },
      ...errors,
    },
  });

export function registerCommentRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(list, async (c) => {
    const q = c.req.valid('query');
    const perPage = q.per_page === 0 ? PAGE_SIZES.comments : q.per_page;
    const { rows, total, answers } = await listComments(c.get('deps').handle, {
      productId: q.product_id,
      type: q.type,
      sort: q.sort,
      limit: perPage,
      offset: (q.page - 1) * perPage,
      voter: getCookie(c, VISITOR_COOKIE) ?? null,
    });
    setPaginationHeaders(c, { total, page: q.page, perPage });
    return c.json(
      rows.map((r) => ({ ...toComment(r), answers: answers.filter((a) => a.parent_id === r.id).map(toComment) })),
      200,
    );
  });

  app.openapi(create, async (c) => {
    // Input is valid here (zod ran first); posting needs a signed-in customer.
    const customerId = customerIdOf(c);
    const { handle } = c.get('deps');
    const user = customerId === null ? null : await findUserById(handle, customerId);
    if (!user) throw new ApiError(401, 'Войдите, чтобы оставить отзыв или задать вопрос');
    const input = c.req.valid('json');
    const product = await handle.query('select 1 from products where id = $1 and status = 1', [input.product_id]);
    if (product.length === 0) throw new ApiError(404, 'Товар не найден');
    const id = await createComment(handle, {
      productId: input.product_id,
      type: input.type,
      ownerId: user.id,
      authorName: user.first_name ?? 'Покупатель',
      rate: input.type === 'review' ? (input.rate ?? null) : null,
      text: input.text,
      pros: input.type === 'review' ? input.pros || null : null,
      cons: input.type === 'review' ? input.cons || null : null,
    });
    return c.json({ id }, 201);
  });

  for (const kind of ['like', 'dislike'] as const) {
    app.openapi(voteRoute(kind), async (c) => {
      const { id } = c.req.valid('param');
      let voter = getCookie(c, VISITOR_COOKIE);
      if (!voter || !/^[0-9a-f-]{36}$/.test(voter)) {
        voter = randomUUID();
        setStoreCookie(c, VISITOR_COOKIE, voter, { httpOnly: true, maxAge: VISITOR_MAX_AGE_S });
      }
      const { handle, pageEvents } = c.get('deps');
      const result = await voteOnComment(handle, id, voter, kind === 'like' ? 1 : -1);
      if (!result) throw new ApiError(404, 'Комментарий не найден');
      // The product page shows the counts: its cached comments and pages go, on every instance (decision 0049).
      const { productId, ...counts } = result;
      await pageEvents.publish([productTag(productId)]);
      return c.json(counts, 200);
    });
  }
}
