// Gift certificates (issue 15 item 6, SPEC §2 /certificate, §5 the 16-character code; decision 0027):
// the balance of a code (limited per IP, one 404 for every code that cannot pay) and the order that buys
// one, paid like any order through create-payment and the acquirer.
import { randomBytes } from 'node:crypto';
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { COOKIE } from '@store/domain';
import { hitRateLimits, rateLimitCount } from '../auth/rate-limit.ts';
import { retrieveDefaultCityId } from '../data/availability.ts';
import { attachBasketToCustomer, createBasket } from '../data/basket.ts';
import { setStoreCookie } from '../http/cookies.ts';
import type { ApiEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { commonQuery } from '../http/params.ts';
import { requesterOf } from '../http/requester.ts';
import { BuyGiftCertificateSchema, GiftCertificateBalanceSchema } from '../schemas/gift-certificates.ts';
import { OrderSchema } from '../schemas/orders.ts';
import { errorResponses, invalidInput } from '../schemas/shell.ts';
import { clientIp } from '../services/auth.ts';
import {
  CERTIFICATE_FIELD,
  CERTIFICATE_LIMITS,
  certificateBalance,
  orderCertificate,
} from '../services/gift-certificates.ts';
import { BASKET_COOKIE_MAX_AGE_S } from './basket.ts';

const tooMany = { 429: { ...errorResponses[422], description: 'Too many codes tried from this address' } };
const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } } });

const balance = createRoute({
  method: 'get',
  path: '/v2/gift-certificates/balance',
  tags: ['Gift certificates'],
  summary: 'What a certificate can pay: its nominal, balance and expiry',
  description:
    'code: the §5 16-character code starting with X (spaces and dashes allowed). A code that does not exist and one ' +
    'not paid yet get the same 404. A code that cannot pay counts a miss per IP: after 20 in 15 minutes every code is 429.',
  request: { query: z.object({ ...commonQuery, code: z.string().max(40) }) },
  responses: {
    200: { description: 'The balance', ...json(GiftCertificateBalanceSchema) },
    404: errorResponses[404],
    ...invalidInput,
    ...tooMany,
  },
});

const order = createRoute({
  method: 'post',
  path: '/v2/gift-certificates/order',
  tags: ['Gift certificates'],
  summary:
    'Order an electronic certificate of a nominal, to pay online (create-payment); its code is e-mailed once paid',
  request: { query: z.object(commonQuery), body: { required: true, ...json(BuyGiftCertificateSchema) } },
  responses: {
    201: { description: 'The order, made now', ...json(OrderSchema) },
    200: { description: 'The order this idempotency_key made before', ...json(OrderSchema) },
    409: errorResponses[422],
    ...invalidInput,
  },
});

/**
 * Code guessing (decision 0027): a code that cannot pay (unknown, malformed, spent, expired) counts a miss
 * against the client address; an address with too many misses is refused every code until its window ends.
 * A code that pays costs nothing, so checkout can show a shopper's certificates on every step.
 */
export async function limitCertificateCodes<T>(c: Context<ApiEnv>, run: () => Promise<T>): Promise<T> {
  const { cache } = c.get('deps');
  const limit = CERTIFICATE_LIMITS.missesPerIp;
  const hit = [{ limit, subject: clientIp(c) }];
  // Past the limit: the hit itself answers 429 with the minutes left.
  if ((await rateLimitCount(cache, limit, clientIp(c))) >= limit.max) await hitRateLimits(cache, hit);
  try {
    return await run();
  } catch (error) {
    const miss =
      error instanceof ApiError &&
      (error.status === 404 || CERTIFICATE_FIELD in error.errors || 'code' in error.errors);
    if (miss) await hitRateLimits(cache, hit);
    throw error;
  }
}

export function registerGiftCertificateRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(balance, async (c) => {
    const code = c.req.valid('query').code;
    const answer = await limitCertificateCodes(c, () => certificateBalance(c.get('deps').handle, code));
    c.header('cache-control', 'no-store');
    return c.json(answer, 200);
  });

  app.openapi(order, async (c) => {
    const { handle } = c.get('deps');
    const q = c.req.valid('query');
    const cityId = q.city_id ?? (await retrieveDefaultCityId(handle));
    let requester = requesterOf(c);
    if (requester.basketId === null) {
      // The order needs an owner who can pay it: a new guest gets a basket cookie, as one click does.
      const basketId = randomBytes(24).toString('base64url');
      await createBasket(handle, basketId);
      if (requester.customerId !== null) await attachBasketToCustomer(handle, basketId, requester.customerId);
      setStoreCookie(c, COOKIE.basketId, basketId, { httpOnly: true, maxAge: BASKET_COOKIE_MAX_AGE_S });
      requester = { ...requester, basketId };
    }
    const { order: made, created } = await orderCertificate(handle, requester, cityId, c.req.valid('json'));
    c.header('cache-control', 'no-store');
    return created ? c.json(made, 201) : c.json(made, 200);
  });
}
