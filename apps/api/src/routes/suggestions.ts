// Address and company suggestions (SPEC §7): POST /dadata/suggest/{kind}, /dadata/clean/{kind} and
// the company lookup by tax id, answered by the address-suggestions adapter.
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { ApiEnv } from '../http/env.ts';
import { hitRateLimits } from '../auth/rate-limit.ts';
import { clientIp } from '../services/auth.ts';
import { authErrors } from '../schemas/accounts.ts';

const tags = ['Address suggestions'];

const SuggestionSchema = z
  .object({
    value: z.string(),
    unrestricted_value: z.string(),
    data: z.record(z.string(), z.union([z.string(), z.number(), z.null()])),
  })
  .openapi('Suggestion');

const suggest = createRoute({
  method: 'post',
  path: '/dadata/suggest/{kind}',
  tags,
  summary: 'Suggestions for an address (streets, houses) or a company (name or tax id)',
  request: {
    params: z.object({ kind: z.enum(['address', 'party']) }),
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({
            query: z.string().max(300),
            count: z.coerce.number().int().min(1).max(20).default(10),
            /** DaData's shape: narrows addresses to a city. */
            locations: z
              .array(z.object({ city: z.string().max(100) }))
              .max(1)
              .optional(),
          }),
        },
      },
    },
  },
  responses: {
    200: {
      description: 'Suggestions',
      content: { 'application/json': { schema: z.object({ suggestions: z.array(SuggestionSchema) }) } },
    },
    ...authErrors,
  },
});

const clean = createRoute({
  method: 'post',
  path: '/dadata/clean/{kind}',
  tags,
  summary: 'Standardise an address typed in one line',
  request: {
    params: z.object({ kind: z.enum(['address']) }),
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.union([z.array(z.string().max(300)).length(1), z.object({ query: z.string().max(300) })]),
        },
      },
    },
  },
  responses: {
    200: {
      description: 'The cleaned address (DaData shape: a list with one row)',
      content: {
        'application/json': {
          schema: z.array(
            z.object({
              source: z.string(),
              result: z.string().nullable(),
              city: z.string().nullable(),
              street_with_type: z.string().nullable(),
              house: z.string().nullable(),
              flat: z.string().nullable(),
              qc: z.number().int(),
            }),
          ),
        },
      },
    },
    ...authErrors,
  },
});

const party = createRoute({
  method: 'post',
  path: '/dadata/find-party',
  tags,
  summary: 'A company by its tax id (INN)',
  request: {
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({
            query: z
              .string()
              .trim()
              .regex(/^(\d{10}|\d{12})$/, 'ИНН — 10 или 12 цифр.'),
          }),
        },
      },
    },
  },
  responses: {
    200: {
      description: 'The company, if found',
      content: { 'application/json': { schema: z.object({ suggestions: z.array(SuggestionSchema) }) } },
    },
    ...authErrors,
  },
});

/** Suggestions are typed letter by letter: a generous limit per IP keeps scrapers off the paid service. */
const SUGGEST_LIMIT = { name: 'suggest:ip', max: 600, windowMs: 10 * 60_000 };

export function registerSuggestionRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(suggest, async (c) => {
    const { kind } = c.req.valid('param');
    const { query, count, locations } = c.req.valid('json');
    const { adapters, cache } = c.get('deps');
    await hitRateLimits(cache, [{ limit: SUGGEST_LIMIT, subject: clientIp(c) }]);
    const suggestions = await adapters.addressSuggestions.suggest(kind, query, { count, city: locations?.[0]?.city });
    return c.json({ suggestions }, 200);
  });

  app.openapi(clean, async (c) => {
    const body = c.req.valid('json');
    const query = Array.isArray(body) ? body[0]! : body.query;
    await hitRateLimits(c.get('deps').cache, [{ limit: SUGGEST_LIMIT, subject: clientIp(c) }]);
    return c.json([await c.get('deps').adapters.addressSuggestions.clean(query)], 200);
  });

  app.openapi(party, async (c) => {
    const { query } = c.req.valid('json');
    await hitRateLimits(c.get('deps').cache, [{ limit: SUGGEST_LIMIT, subject: clientIp(c) }]);
    return c.json({ suggestions: await c.get('deps').adapters.addressSuggestions.findParty(query) }, 200);
  });
}
