// GET /v2/promocodes (ours; the SPEC names the pages /user/promo and /user/darim-promokod but not
// their calls): the promocodes running now, for the pages that hand them out.
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { listActivePromocodes } from '../data/promocodes.ts';
import type { ApiEnv } from '../http/env.ts';
import { commonQuery } from '../http/params.ts';
import { errorResponses } from '../schemas/shell.ts';

const PromocodeSchema = z
  .object({
    action_id: z.number().int(),
    name: z.string(),
    description: z.string(),
    promocode: z.string(),
    action_type: z.string(),
    /** Kopecks for absolute_discount, percent for percent_discount. */
    discount: z.number().int(),
    /** The basket must cost at least this (kopecks), when set. */
    price_from: z.number().int().nullable(),
    ends_at: z.string().nullable(),
  })
  .openapi('Promocode');
export type Promocode = z.infer<typeof PromocodeSchema>;

const list = createRoute({
  method: 'get',
  path: '/v2/promocodes',
  tags: ['Actions'],
  summary: 'The promocodes running now (active, not hidden promotions with a code)',
  request: { query: z.object(commonQuery) },
  responses: {
    200: { description: 'Promocodes', content: { 'application/json': { schema: z.array(PromocodeSchema) } } },
    422: errorResponses[422],
  },
});

export function registerPromocodeRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(list, async (c) => {
    c.header('cache-control', 'public, max-age=60');
    return c.json(await listActivePromocodes(c.get('deps').handle), 200);
  });
}
