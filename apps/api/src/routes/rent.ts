// Rent instead of buying (issue 17): §7 GET /v2/arenter/availability (item_id, counter 2), answered from
// the rental partner's adapter (adapters/rent.ts, a built-in sandbox). §8: a failed availability is
// treated as empty — the product page then shows no rent offer — and the server logs it.
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { ApiEnv } from '../http/env.ts';
import { commonQuery, positiveInt } from '../http/params.ts';
import { retrieveProductFacts } from '../data/product-detail.ts';
import { invalidInput } from '../schemas/shell.ts';

export const RentAvailabilitySchema = z
  .object({
    item_id: z.number().int(),
    available: z.boolean(),
    /** Shortest term first; the fee in kopecks a month. */
    plans: z.array(z.object({ months: z.number().int(), monthly_fee: z.number().int() })),
  })
  .openapi('RentAvailability');
export type RentAvailability = z.infer<typeof RentAvailabilitySchema>;

const availabilityRoute = createRoute({
  method: 'get',
  path: '/v2/arenter/availability',
  tags: ['Credit'],
  summary:
    'Whether a product can be rented instead of bought, with the monthly fees (a failure of the rental partner is an empty answer)',
  request: {
    query: z.object({
      ...commonQuery,
      item_id: positiveInt,
      /** How many plans to answer (§7 sends 2). */
      counter: z.coerce.number().int().min(1).max(3).default(2),
    }),
  },
  responses: {
    200: { description: 'The plans', content: { 'application/json': { schema: RentAvailabilitySchema } } },
    ...invalidInput,
  },
});

export function registerRentRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(availabilityRoute, async (c) => {
    const { item_id: itemId, counter } = c.req.valid('query');
    const { readHandle, adapters, logger } = c.get('deps');
    const empty: RentAvailability = { item_id: itemId, available: false, plans: [] };
    const facts = await retrieveProductFacts(readHandle, itemId);
    if (!facts || facts.status !== 1 || !facts.offer.available) return c.json(empty, 200);
    try {
      const plans = await adapters.rent.availability(
        { id: itemId, categoryId: facts.categoryId, price: facts.price },
        counter,
      );
      return c.json({ item_id: itemId, available: plans.length > 0, plans }, 200);
    } catch (error) {
      logger.warn('arenter availability failed', { item_id: itemId, error: String(error) });
      return c.json(empty, 200);
    }
  });
}
