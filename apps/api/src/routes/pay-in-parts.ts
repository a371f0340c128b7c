// «Частями» (payment 19, issue 17): §7 POST /broker/revo/limit — the buy-now-pay-later provider's
// limit for a phone, answered in the §3 checkout state's names (mokkaCreditLimit, mokkaRange,
// mokkaWarranty) and kept for the asking basket, which create-order then holds the order to.
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { ApiEnv } from '../http/env.ts';
import { commonQuery } from '../http/params.ts';
import { requesterOf } from '../http/requester.ts';
import { invalidInput } from '../schemas/shell.ts';
import { checkPartsLimit } from '../services/pay-in-parts.ts';

export const PartsLimitSchema = z
  .object({
    /** The phone asked for, normalised (79XXXXXXXXX). */
    phone: z.string(),
    status: z.enum(['approved', 'declined', 'unavailable']),
    /** Kopecks; 0 unless approved. */
    mokkaCreditLimit: z.number().int(),
    /** The order totals the provider finances, kopecks; null unless approved. */
    mokkaRange: z.object({ min: z.number().int(), max: z.number().int() }).nullable(),
    /** An extended warranty in the order may be paid in parts too. */
    mokkaWarranty: z.boolean(),
    /** What to tell the shopper. */
    message: z.string(),
  })
  .openapi('PartsLimit');
export type PartsLimitAnswer = z.infer<typeof PartsLimitSchema>;

const limitRoute = createRoute({
  method: 'post',
  path: '/broker/revo/limit',
  tags: ['Credit'],
  summary:
    '«Частями» (payment 19): the buy-now-pay-later limit for a phone; kept for this basket for 30 minutes, which create-order requires',
  request: {
    query: z.object(commonQuery),
    body: {
      content: {
        'application/json': {
          schema: z.object({
            /** §7: the call comes from the site (1), as opposed to the mobile app. */
            from_site: z.union([z.literal(1), z.literal('1'), z.boolean()]).optional(),
            phone: z.string().max(30),
          }),
        },
      },
    },
  },
  responses: {
    200: { description: 'The provider’s answer', content: { 'application/json': { schema: PartsLimitSchema } } },
    ...invalidInput,
  },
});

export function registerPayInPartsRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(limitRoute, async (c) => {
    const { handle, adapters } = c.get('deps');
    c.header('cache-control', 'no-store');
    const answer = await checkPartsLimit(
      handle,
      adapters.payInParts,
      requesterOf(c).basketId,
      c.req.valid('json').phone,
    );
    return c.json(answer, 200);
  });
}
