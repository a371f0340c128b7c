// Loyalty «Мультионы» (SPEC §7 Loyalty, §4 Loyalty login and balance, §8 loyalty rows; decision 0026):
// cards (join, attach by number after an SMS code, remove, list), the guest's loyalty sign-in by phone and
// code (`request_id`, the loyaltyCard cookie), the bonus limits of products, the balance and history, and
// the operators' calls (complete an order so its accrual starts; a Custom posting with a comment).
import { createHash, randomUUID } from 'node:crypto';
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import {
  COOKIE,
  FORM_MESSAGES,
  isEan13,
  completionRefusal,
  isOrderActive,
  LOYALTY_MESSAGES,
  maxSpendablePerUnit,
  normalizePhone,
  validateMobilePhone,
} from '@store/domain';
import { requireOperator } from '../auth/operator.ts';
import { hitRateLimits, type Limit } from '../auth/rate-limit.ts';
import { countAuthCodeAttempt, findUserById, insertAuthCode, latestAuthCode, useAuthCode } from '../data/accounts.ts';
import {
  listProductCategoryPaths,
  listUserCards,
  lockOrderFacts,
  markOrderCompleted,
  retrieveCardByEan,
  retrieveCardByPhone,
  setCardUser,
  type CardRow,
} from '../data/loyalty.ts';
import { listBasketProducts } from '../data/basket.ts';
import { retrieveCityIdOrDefault } from '../data/basket-merge.ts';
import { deleteStoreCookie, setStoreCookie } from '../http/cookies.ts';
import type { ApiEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { bodyId, commonQuery, pageQuery, positiveInt, setPaginationHeaders } from '../http/params.ts';
import { customerIdOf } from '../http/requester.ts';
import {
  BalanceSchema,
  CardSchema,
  HistoryActionSchema,
  NoticeSchema,
  ProductsLimitSchema,
} from '../schemas/loyalty.ts';
import { errorResponses, invalidInput } from '../schemas/shell.ts';
import { CODE_MAX_ATTEMPTS, CODE_MESSAGES, CODE_TTL_S, clientIp, newCode } from '../services/auth.ts';
import {
  accrueOrderBonuses,
  cardNotifications,
  historyActions,
  issueCard,
  postCustomEntry,
  presentBalance,
  readCard,
} from '../services/loyalty.ts';
import { requireCustomer } from './account.ts';

/** The loyaltyCard cookie lives a year; it holds the card number and its token. */
const CARD_COOKIE_MAX_AGE_S = 365 * 24 * 3600;

export const LOYALTY_LIMITS = {
  /** Codes sent per phone (or card): 5 an hour. */
  sendPerRecipient: { name: 'loyalty-code:recipient', max: 5, windowMs: 60 * 60_000 },
  /** Codes sent per IP: 20 an hour. */
  sendPerIp: { name: 'loyalty-code:ip', max: 20, windowMs: 60 * 60_000 },
  /** Code checks per IP, right or wrong: 30 in 15 minutes. */
  checkPerIp: { name: 'loyalty-check:ip', max: 30, windowMs: 15 * 60_000 },
} satisfies Record<string, Limit>;

const CARD_NUMBER = z.string().trim().max(32);
const CODE = z.string().trim().max(16);
const REQUEST_ID = z.string().trim().max(64);

const tooMany = { 429: { ...errorResponses[422], description: 'Too many tries' } };
const json = <T extends z.ZodType>(schema: T) => ({ content: { 'application/json': { schema } } });

const list = createRoute({
  method: 'get',
  path: '/v2/plus-card/list',
  tags: ['Loyalty'],
  summary: "The signed-in customer's loyalty cards with their balances",
  request: { query: z.object(commonQuery) },
  responses: { 200: { description: 'Cards', ...json(z.array(CardSchema)) }, 401: errorResponses[401], ...invalidInput },
});

const add = createRoute({
  method: 'post',
  path: '/v2/plus-card/add',
  tags: ['Loyalty'],
  summary: 'Join the programme (no card_id: a new card) or attach a card by number with the SMS code',
  description:
    'Attaching needs the code sent by GET /v2/plus-card/verify-data?card_id=… to the phone of the card, and its request_id. ' +
    'A wrong number and a wrong code get the same answer, so nothing tells whether a card exists.',
  request: {
    query: z.object(commonQuery),
    body: {
      required: false,
      ...json(z.object({ card_id: CARD_NUMBER.optional(), code: CODE.optional(), request_id: REQUEST_ID.optional() })),
    },
  },
  responses: {
    201: { description: 'The card', ...json(CardSchema) },
    401: errorResponses[401],
    ...invalidInput,
    ...tooMany,
  },
});

const remove = createRoute({
  method: 'post',
  path: '/v2/plus-card/remove',
  tags: ['Loyalty'],
  summary: "Detach a card from the customer's account (its bonuses stay on the card)",
  request: { query: z.object(commonQuery), body: json(z.object({ card_id: CARD_NUMBER })) },
  responses: {
    200: { description: 'Removed', ...json(z.object({ removed: z.boolean() })) },
    401: errorResponses[401],
    404: errorResponses[404],
    ...invalidInput,
  },
});

const productsLimit = createRoute({
  method: 'post',
  path: '/v2/plus-card/products-limit',
  tags: ['Loyalty'],
  summary: 'The most bonuses that can pay for these products (§4: per unit × qty), and what the card can spend',
  description:
    'card_id with check_data names the card; without them the signed-in customer’s card or the loyaltyCard cookie. ' +
    'A card that does not match its check_data is a 404 (the page then shows 0).',
  request: {
    query: z.object(commonQuery),
    body: json(
      z.object({
        products: z
          .array(z.object({ product_id: bodyId, qty: z.number().int().min(1).max(99) }))
          .min(1)
          .max(100),
        card_id: CARD_NUMBER.optional(),
        check_data: z.string().max(64).optional(),
      }),
    ),
  },
  responses: {
    200: {
      description: 'Limits',
      ...json(ProductsLimitSchema),
    },
    404: errorResponses[404],
    ...invalidInput,
  },
});

const verifyData = createRoute({
  method: 'get',
  path: '/v2/plus-card/verify-data',
  tags: ['Loyalty'],
  summary: 'Send an SMS code: to a phone (the loyalty sign-in) or to the phone of a card number (attaching)',
  description:
    'Answers a request_id to send back with the code. The answer is the same whether the card exists or not.',
  request: {
    query: z.object({ ...commonQuery, phone: z.string().max(40).optional(), card_id: CARD_NUMBER.optional() }),
  },
  responses: {
    200: { description: 'Sent', ...json(z.object({ request_id: z.string() })) },
    ...invalidInput,
    ...tooMany,
  },
});

const validateVerifyData = createRoute({
  method: 'get',
  path: '/v2/plus-card/validate-verify-data',
  tags: ['Loyalty'],
  summary: 'The loyalty sign-in: phone, code and request_id give the card of the phone (a new one if it has none)',
  description: 'Sets the loyaltyCard cookie. A wrong code: 422 with the message in the code field.',
  request: {
    query: z.object({ ...commonQuery, phone: z.string().max(40), code: CODE, request_id: REQUEST_ID }),
  },
  responses: { 200: { description: 'The card', ...json(CardSchema) }, ...invalidInput, ...tooMany },
});

const notifications = createRoute({
  method: 'get',
  path: '/v2/loyalty/notifications',
  tags: ['Loyalty'],
  summary: 'Notices of the card: bonuses expiring within 14 days, blocked and pending bonuses',
  request: { query: z.object(commonQuery) },
  responses: {
    200: {
      description: 'Notices',
      ...json(z.array(NoticeSchema)),
    },
    401: errorResponses[401],
    404: errorResponses[404],
    ...invalidInput,
  },
});

const amount = createRoute({
  method: 'get',
  path: '/v2/users/bonuses/amount',
  tags: ['Loyalty'],
  summary: 'The bonus balance: total, available, blocked, pending (401: phone authorisation needed)',
  request: { query: z.object(commonQuery) },
  responses: {
    200: { description: 'Balance', ...json(BalanceSchema) },
    401: errorResponses[401],
    404: { ...errorResponses[404], description: 'No balances found' },
    ...invalidInput,
  },
});

const history = createRoute({
  method: 'get',
  path: '/v2/users/bonuses/history',
  tags: ['Loyalty'],
  summary: 'The bonus history, newest first, 10 actions a page (x-pagination headers)',
  request: { query: z.object({ ...commonQuery, ...pageQuery(10, 50) }) },
  responses: {
    200: { description: 'Actions', ...json(z.array(HistoryActionSchema)) },
    401: errorResponses[401],
    404: errorResponses[404],
    ...invalidInput,
  },
});

const completeOrder = createRoute({
  method: 'post',
  path: '/ops/orders/{id}/complete',
  tags: ['Operators'],
  summary: 'Mark an order completed (status F): its bonuses are accrued and become usable after the return window',
  request: { query: z.object(commonQuery), params: z.object({ id: positiveInt }) },
  responses: {
    200: {
      description: 'Completed',
      ...json(z.object({ order_id: z.number().int(), status: z.string(), accrued: z.number().int() })),
    },
    401: errorResponses[401],
    403: { ...errorResponses[401], description: 'Not an operator' },
    404: errorResponses[404],
    ...invalidInput,
  },
});

const customEntry = createRoute({
  method: 'post',
  path: '/ops/loyalty/custom',
  tags: ['Operators'],
  summary: 'A manual (Custom) posting on a card with a comment; the idempotency key makes a retry harmless',
  request: {
    query: z.object(commonQuery),
    body: json(
      z.object({
        card_id: CARD_NUMBER,
        amount: z
          .number()
          .int()
          .min(-1_000_000)
          .max(1_000_000)
          .refine((v) => v !== 0, 'Сумма не может быть нулевой'),
        comment: z.string().trim().min(1, FORM_MESSAGES.required).max(500),
        idempotency_key: z.string().trim().min(8).max(100),
      }),
    ),
  },
  responses: {
    201: { description: 'Posted', ...json(z.object({ created: z.boolean(), bonuses: BalanceSchema })) },
    200: {
      description: 'Already posted with this key',
      ...json(z.object({ created: z.boolean(), bonuses: BalanceSchema })),
    },
    401: errorResponses[401],
    403: { ...errorResponses[401], description: 'Not an operator' },
    404: errorResponses[404],
    ...invalidInput,
  },
});

/* ---------- cards of a requester ---------- */

/** The loyaltyCard cookie's card when its token matches. */
async function cookieCard(c: Context<ApiEnv>): Promise<CardRow | null> {
  const raw = getCookie(c, COOKIE.loyaltyCard);
  const match = raw ? /^(\d{13})\.([A-Za-z0-9_-]{10,64})$/.exec(raw) : null;
  if (!match) return null;
  const card = await retrieveCardByEan(c.get('deps').handle, match[1]!);
  return card && sameToken(card.check_data, match[2]!) ? card : null;
}

const sameToken = (a: string, b: string) =>
  createHash('sha256').update(a).digest('hex') === createHash('sha256').update(b).digest('hex');

/**
 * The card a request speaks for: the signed-in customer's first card, else (a guest signed in to the
 * programme) the loyaltyCard cookie's card. Null: phone authorisation is needed.
 */
export async function requesterCard(c: Context<ApiEnv>): Promise<CardRow | null> {
  const userId = customerIdOf(c);
  if (userId !== null) {
    const cards = await listUserCards(c.get('deps').handle, userId);
    if (cards.length > 0) return cards[0]!;
  }
  return cookieCard(c);
}

/** The requester's card for the balance calls: 401 when phone authorisation is needed, 404 for a customer without one. */
async function requireRequesterCard(c: Context<ApiEnv>): Promise<CardRow> {
  const card = await requesterCard(c);
  if (card) return card;
  if (customerIdOf(c) === null) throw new ApiError(401, 'Войдите в программу «Мультионы» по номеру телефона');
  throw new ApiError(404, LOYALTY_MESSAGES.noBalance);
}

/** The card an order is placed with (create-order), or null. */
export async function checkoutCard(c: Context<ApiEnv>): Promise<{ cardId: number } | null> {
  const card = await requesterCard(c);
  return card ? { cardId: card.id } : null;
}

async function presentCard(c: Context<ApiEnv>, card: CardRow) {
  const { balance } = await readCard(c.get('deps').handle, card.id);
  return {
    card_id: card.ean,
    check_data: card.check_data,
    balance: balance.available,
    bonuses: presentBalance(balance),
  };
}

function setCardCookie(c: Context<ApiEnv>, card: CardRow) {
  setStoreCookie(c, COOKIE.loyaltyCard, `${card.ean}.${card.check_data}`, {
    httpOnly: true,
    maxAge: CARD_COOKIE_MAX_AGE_S,
  });
}

/* ---------- codes ---------- */

const codeHash = (phone: string, requestId: string, code: string) =>
  createHash('sha256').update(`loyalty:${phone}:${requestId}:${code}`).digest('hex');

async function sendLoyaltyCode(c: Context<ApiEnv>, phone: string | null, subject: string): Promise<string> {
  const { cache, handle, adapters } = c.get('deps');
  await hitRateLimits(cache, [
    { limit: LOYALTY_LIMITS.sendPerRecipient, subject },
    { limit: LOYALTY_LIMITS.sendPerIp, subject: clientIp(c) },
  ]);
  const requestId = randomUUID();
  if (phone === null) return requestId;
  const code = newCode();
  await handle.transaction(async (tx) => {
    await insertAuthCode(tx, {
      channel: 'sms',
      recipient: phone,
      purpose: 'loyalty',
      codeHash: codeHash(phone, requestId, code),
      ip: clientIp(c),
      ttlS: CODE_TTL_S,
    });
    await adapters.notifier.send(
      {
        channel: 'sms',
        recipient: phone,
        template: 'code-loyalty',
        body: `Код для программы «Мультионы»: ${code}. Никому не сообщайте его. Код действует 5 минут.`,
        payload: { purpose: 'loyalty' },
      },
      tx,
    );
  });
  return requestId;
}

/** Checks a loyalty code of a phone (null: no such card; the same answer as a wrong code). */
async function checkLoyaltyCode(c: Context<ApiEnv>, phone: string | null, requestId: string, code: string) {
  const { cache, handle } = c.get('deps');
  await hitRateLimits(cache, [{ limit: LOYALTY_LIMITS.checkPerIp, subject: clientIp(c) }]);
  const fail = (message: string) => new ApiError(422, message, { code: [message] });
  if (!/^\d{6}$/.test(code)) throw fail(CODE_MESSAGES.wrong);
  if (phone === null) throw fail(CODE_MESSAGES.wrong);
  let failure: ApiError | null = null;
  await handle.transaction(async (tx) => {
    const row = await latestAuthCode(tx, phone, 'loyalty');
    if (!row) failure = fail(CODE_MESSAGES.wrong);
    else if (row.expired) failure = fail(CODE_MESSAGES.expired);
    else if (row.attempts >= CODE_MAX_ATTEMPTS) failure = fail(CODE_MESSAGES.attempts);
    else if (row.code_hash !== codeHash(phone, requestId, code)) {
      await countAuthCodeAttempt(tx, row.id);
      failure = fail(row.attempts + 1 >= CODE_MAX_ATTEMPTS ? CODE_MESSAGES.attempts : CODE_MESSAGES.wrong);
    } else await useAuthCode(tx, row.id);
  });
  if (failure) throw failure;
}

function phoneOrFail(input: string | undefined): string {
  const message = validateMobilePhone(input);
  if (message) throw new ApiError(422, message, { phone: [message] });
  return normalizePhone(input!)!;
}

function cardNumberOrFail(input: string): string {
  const digits = input.replace(/\s+/g, '');
  if (!isEan13(digits))
    throw new ApiError(422, LOYALTY_MESSAGES.cardNumber, { card_id: [LOYALTY_MESSAGES.cardNumber] });
  return digits;
}

/** Whole bonuses each product can take for its quantity, and their sum. */
async function productLimits(
  c: Context<ApiEnv>,
  products: { product_id: number; qty: number }[],
  cityId: number | null,
) {
  const { handle } = c.get('deps');
  const ids = [...new Set(products.map((p) => p.product_id))];
  const city = await retrieveCityIdOrDefault(handle, cityId === null ? [] : [cityId]);
  const rows = await listBasketProducts(handle, ids, city);
  const prices = new Map(rows.map((r) => [r.id, r.price]));
  const paths = await listProductCategoryPaths(handle, ids);
  const each = products.map((p) => ({
    product_id: p.product_id,
    max_amount:
      maxSpendablePerUnit({
        priceKopecks: prices.get(p.product_id) ?? 0,
        categoryPath: paths.get(p.product_id) ?? [],
      }) * p.qty,
  }));
  return { each, total: each.reduce((s, p) => s + p.max_amount, 0) };
}

export function registerLoyaltyRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(list, async (c) => {
    const userId = requireCustomer(c);
    const cards = await listUserCards(c.get('deps').handle, userId);
    c.header('cache-control', 'no-store');
    return c.json(await Promise.all(cards.map((card) => presentCard(c, card))), 200);
  });

  app.openapi(add, async (c) => {
    const userId = requireCustomer(c);
    const body = c.req.valid('json') ?? {};
    const { handle } = c.get('deps');
    const user = await findUserById(handle, userId);
    if (!user) throw new ApiError(401, 'Войдите в личный кабинет');
    const mine = await listUserCards(handle, userId);
    let card: CardRow;
    if (!body.card_id) {
      // Joining: the customer's phone is proved at registration, so a card issued to it earlier
      // (a guest's loyalty sign-in) becomes theirs; otherwise a new card.
      if (mine.length > 0)
        throw new ApiError(422, LOYALTY_MESSAGES.alreadyMember, { card_id: [LOYALTY_MESSAGES.alreadyMember] });
      card = await handle.transaction(async (tx) => {
        const earlier = await retrieveCardByPhone(tx, user.phone);
        if (earlier && earlier.user_id === null) {
          await setCardUser(tx, earlier.id, userId);
          return { ...earlier, user_id: userId };
        }
        return issueCard(tx, user.phone, userId);
      });
    } else {
      const ean = cardNumberOrFail(body.card_id);
      const found = await retrieveCardByEan(handle, ean);
      await checkLoyaltyCode(c, found?.phone ?? null, body.request_id ?? '', body.code ?? '');
      // The code proved the card's phone: now it is safe to say the card cannot be attached.
      if (!found || (found.user_id !== null && found.user_id !== userId)) {
        throw new ApiError(422, LOYALTY_MESSAGES.cardNotAttachable, { card_id: [LOYALTY_MESSAGES.cardNotAttachable] });
      }
      await setCardUser(handle, found.id, userId);
      card = { ...found, user_id: userId };
    }
    setCardCookie(c, card);
    c.header('cache-control', 'no-store');
    return c.json(await presentCard(c, card), 201);
  });

  app.openapi(remove, async (c) => {
    const userId = requireCustomer(c);
    const ean = c.req.valid('json').card_id.replace(/\s+/g, '');
    const { handle } = c.get('deps');
    const card = (await listUserCards(handle, userId)).find((k) => k.ean === ean);
    if (!card) throw new ApiError(404, LOYALTY_MESSAGES.cardNotYours);
    await setCardUser(handle, card.id, null);
    const cookie = await cookieCard(c);
    if (cookie?.id === card.id) deleteStoreCookie(c, COOKIE.loyaltyCard);
    return c.json({ removed: true }, 200);
  });

  app.openapi(productsLimit, async (c) => {
    const body = c.req.valid('json');
    const { handle } = c.get('deps');
    let card: CardRow | null;
    if (body.card_id) {
      const found = await retrieveCardByEan(handle, body.card_id.replace(/\s+/g, ''));
      card = found && body.check_data && sameToken(found.check_data, body.check_data) ? found : null;
      if (!card) throw new ApiError(404, LOYALTY_MESSAGES.cardNotYours);
    } else card = await requesterCard(c);
    const limits = await productLimits(c, body.products, c.req.valid('query').city_id ?? null);
    const available = card ? (await readCard(handle, card.id)).balance.available : null;
    c.header('cache-control', 'no-store');
    return c.json(
      {
        maxAmount: limits.total,
        available,
        spendable: available === null ? null : Math.min(available, limits.total),
        products: limits.each,
      },
      200,
    );
  });

  app.openapi(verifyData, async (c) => {
    const q = c.req.valid('query');
    c.header('cache-control', 'no-store');
    if (q.card_id) {
      const ean = cardNumberOrFail(q.card_id);
      const card = await retrieveCardByEan(c.get('deps').handle, ean);
      return c.json({ request_id: await sendLoyaltyCode(c, card?.phone ?? null, `card:${ean}`) }, 200);
    }
    const phone = phoneOrFail(q.phone);
    return c.json({ request_id: await sendLoyaltyCode(c, phone, phone) }, 200);
  });

  app.openapi(validateVerifyData, async (c) => {
    const q = c.req.valid('query');
    const phone = phoneOrFail(q.phone);
    await checkLoyaltyCode(c, phone, q.request_id, q.code);
    const { handle } = c.get('deps');
    const card = await handle.transaction(
      async (tx) => (await retrieveCardByPhone(tx, phone)) ?? issueCard(tx, phone, null),
    );
    setCardCookie(c, card);
    c.header('cache-control', 'no-store');
    return c.json(await presentCard(c, card), 200);
  });

  app.openapi(notifications, async (c) => {
    c.header('cache-control', 'no-store');
    const card = await requireRequesterCard(c);
    const { balance } = await readCard(c.get('deps').handle, card.id);
    return c.json(cardNotifications(balance), 200);
  });

  app.openapi(amount, async (c) => {
    c.header('cache-control', 'no-store');
    const card = await requireRequesterCard(c);
    const { balance } = await readCard(c.get('deps').handle, card.id);
    return c.json(presentBalance(balance), 200);
  });

  app.openapi(history, async (c) => {
    const q = c.req.valid('query');
    c.header('cache-control', 'no-store');
    const card = await requireRequesterCard(c);
    const { rows } = await readCard(c.get('deps').handle, card.id);
    const actions = historyActions(rows);
    setPaginationHeaders(c, { total: actions.length, page: q.page, perPage: q.per_page });
    return c.json(actions.slice((q.page - 1) * q.per_page, q.page * q.per_page), 200);
  });

  app.openapi(completeOrder, async (c) => {
    await requireOperator(c);
    const { id } = c.req.valid('param');
    const result = await c.get('deps').handle.transaction(async (tx) => {
      const order = await lockOrderFacts(tx, id);
      if (!order) throw new ApiError(404, 'Заказ не найден');
      if (order.status_id === 'F') return { accrued: await accrueOrderBonuses(tx, order) };
      if (!isOrderActive(order.status_id)) throw new ApiError(422, 'Отменённый заказ нельзя отметить выполненным');
      const refusal = completionRefusal({
        paymentTypeId: order.payment_type,
        paymentStatusOi: order.payment_status_oi,
      });
      if (refusal) throw new ApiError(422, refusal);
      await markOrderCompleted(tx, id);
      return { accrued: await accrueOrderBonuses(tx, order) };
    });
    c.header('cache-control', 'no-store');
    return c.json({ order_id: id, status: 'F', accrued: result.accrued }, 200);
  });

  app.openapi(customEntry, async (c) => {
    const employee = await requireOperator(c);
    const body = c.req.valid('json');
    const { handle } = c.get('deps');
    const card = await retrieveCardByEan(handle, body.card_id.replace(/\s+/g, ''));
    if (!card) throw new ApiError(404, LOYALTY_MESSAGES.cardNotYours);
    const { created } = await handle.transaction((tx) =>
      postCustomEntry(tx, {
        cardId: card.id,
        amount: body.amount,
        comment: body.comment,
        key: body.idempotency_key,
        operator: employee.personnel_number,
      }),
    );
    const { balance } = await readCard(handle, card.id);
    c.header('cache-control', 'no-store');
    return c.json({ created, bonuses: presentBalance(balance) }, created ? 201 : 200);
  });
}
