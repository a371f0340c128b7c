// The signed-in customer's own reviews and questions for Отзывы and Вопросы и ответы of the account
// (SPEC §2 Account menu, §9: 10 per page, sort -rate in the account variant). Our addition: the
// SPEC leaves the path of these lists unshown. Only the token's customer is ever read.
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { PAGE_SIZES } from '@store/domain';
import { listCustomerComments, type CommentRow } from '../data/comments.ts';
import type { ApiEnv } from '../http/env.ts';
import { commonQuery, positiveInt, setPaginationHeaders } from '../http/params.ts';
import { authErrors } from '../schemas/accounts.ts';
import { requireCustomer } from './account.ts';

const Post = z.object({
  id: z.number().int(),
  type: z.string(),
  author_name: z.string(),
  rate: z.number().int().nullable(),
  text: z.string(),
  pros: z.string().nullable(),
  cons: z.string().nullable(),
  like: z.number().int(),
  not_like: z.number().int(),
  /** 1 published, 0 waiting for moderation. */
  status: z.number().int(),
  created_at: z.string(),
});
const MyCommentSchema = Post.extend({
  product: z.object({ id: z.number().int(), name: z.string(), image: z.string().nullable(), url: z.string() }),
  answers: z.array(Post),
}).openapi('MyComment');
export type MyComment = z.infer<typeof MyCommentSchema>;

const toPost = (r: CommentRow): z.infer<typeof Post> => ({
  id: r.id,
  type: r.type,
  author_name: r.author_name,
  rate: r.rate,
  text: r.text,
  pros: r.pros,
  cons: r.cons,
  like: r.like,
  not_like: r.not_like,
  status: r.status,
  created_at: r.created_at,
});

const list = createRoute({
  method: 'get',
  path: '/v2/users/me/comments',
  tags: ['Account'],
  summary:
    "The customer's own reviews or questions (with answers), 10 per page, best rated first; x-pagination-* headers",
  request: {
    query: z.object({
      ...commonQuery,
      type: z.enum(['review', 'question']).default('review'),
      page: positiveInt.default(1),
      sort: z.enum(['-rate', '-date']).default('-rate'),
    }),
  },
  responses: {
    200: { description: 'Own comments', content: { 'application/json': { schema: z.array(MyCommentSchema) } } },
    ...authErrors,
  },
});

export function registerMyCommentRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(list, async (c) => {
    const ownerId = requireCustomer(c);
    const q = c.req.valid('query');
    const perPage = PAGE_SIZES.accountComments;
    const { rows, total, answers } = await listCustomerComments(c.get('deps').handle, {
      ownerId,
      type: q.type,
      sort: q.sort,
      limit: perPage,
      offset: (q.page - 1) * perPage,
    });
    setPaginationHeaders(c, { total, page: q.page, perPage });
    c.header('cache-control', 'no-store');
    return c.json(
      rows.map((r) => ({
        ...toPost(r),
        product: { id: r.product_id, name: r.product_name, image: r.product_image, url: r.product_url },
        answers: answers.filter((a) => a.parent_id === r.id).map(toPost),
      })),
      200,
    );
  });
}
