// Buyback («Выкуп», SPEC §3 Buyback, §7 Trade-in and buyback; docs/decisions/0043). The SPEC's three calls
// answer under /v1/calculator (repair owns /v1/brands/{id}/models): brands, a brand's models (display brand
// plus name) and a model's prices per storage size shown as GB, what the store pays now by condition. Ours,
// since the SPEC does not show them: booking a hand-in at a multicenter, the customer's bookings and the
// operators' list and answer (/ops/…).
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import {
  BUYBACK_STATUSES,
  BUYBACK_STATUS_NAMES,
  TRADE_IN_CONDITIONS,
  TRADE_IN_CONDITION_LABELS,
  TRADE_IN_LIST_SIZE,
  buybackDisplayName,
  formatMemoryGb,
  type BuybackStatus,
} from '@store/domain';
import { requireOperator } from '../auth/operator.ts';
import {
  listBuybackBookings,
  listCustomerBuybackBookings,
  retrieveBuybackBooking,
  updateBuybackStatus,
  type BuybackBookingRow,
} from '../data/buyback.ts';
import { findTradeInBrand, listTradeInBrands, searchTradeInModels, type TradeInModelRow } from '../data/trade-in.ts';
import type { ApiEnv } from '../http/env.ts';
import { notFound } from '../http/errors.ts';
import { bodyId, commonQuery, pageQuery, positiveInt, setPaginationHeaders } from '../http/params.ts';
import { ConditionPrices, TradeInModelSchema } from './trade-in.ts';
import { errorResponses, invalidInput, notFoundOrInvalid } from '../schemas/shell.ts';
import { buybackPricesOf, createBuybackBooking } from '../services/buyback.ts';
import { requireCustomer } from './account.ts';

const TAGS = ['Buyback'];
const json = <T extends z.ZodType>(schema: T, description: string) => ({
  description,
  content: { 'application/json': { schema } },
});
const operatorOnly = {
  401: errorResponses[401],
  403: { ...errorResponses[401], description: 'Not an operator' },
};

const BrandSchema = z.object({ id: z.number().int(), name: z.string(), popular: z.boolean() }).openapi('BuybackBrand');
const ModelSchema = TradeInModelSchema.extend({
  /** The brand plus the name, as shown. */
  display_name: z.string(),
}).openapi('BuybackModel');
/** Kopecks the store pays now per condition; 0: not bought in this condition. */
const MemoryPricesSchema = ConditionPrices.extend({
  /** 0 when the model has no sizes. */
  memory_gb: z.number().int(),
  /** «128 ГБ», «1 ТБ»; empty without sizes. */
  memory: z.string(),
});
const PricesSchema = z
  .object({
    model: ModelSchema,
    prices: z.array(MemoryPricesSchema),
    conditions: z.array(z.object({ code: z.enum(TRADE_IN_CONDITIONS), name: z.string() })),
  })
  .openapi('BuybackPrices');
const BookingSchema = z
  .object({
    id: z.number().int(),
    model_id: z.number().int(),
    brand: z.string(),
    model: z.string(),
    display_name: z.string(),
    memory_gb: z.number().int(),
    memory: z.string(),
    condition: z.enum(TRADE_IN_CONDITIONS),
    condition_name: z.string(),
    /** Kopecks: the price of the booking's moment. */
    price: z.number().int(),
    city_id: z.number().int(),
    store: z.object({ id: z.number().int(), name: z.string(), address: z.string() }),
    /** YYYY-MM-DD. */
    date: z.string(),
    status: z.enum(BUYBACK_STATUSES),
    status_name: z.string(),
    operator_comment: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .openapi('BuybackBooking');
const OpsBookingSchema = BookingSchema.extend({
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  customer_id: z.number().int().nullable(),
}).openapi('BuybackBookingForOperators');
export const BuybackBookingRequest = z
  .object({
    model_id: bodyId,
    /** GB; 0 for a model without sizes. */
    memory: z.number().int().min(0).max(16384),
    /** Either reading: perfect/working/broken_screen, 3/2/1, C/D/NC. */
    condition: z.union([z.string().max(20), z.number().int().min(0).max(9)]),
    city_id: bodyId,
    store_id: bodyId,
    /** YYYY-MM-DD, one of the store's opening days from tomorrow, two weeks ahead. */
    date: z.string().max(20),
    name: z.string().max(200),
    phone: z.string().max(40),
    email: z.string().max(200).optional(),
  })
  .strict()
  .openapi('BuybackBookingRequest');

export type BuybackBrand = z.infer<typeof BrandSchema>;
export type BuybackModel = z.infer<typeof ModelSchema>;
export type BuybackPrices = z.infer<typeof PricesSchema>;
export type BuybackBooking = z.infer<typeof BookingSchema>;
export type BuybackBookingForOperators = z.infer<typeof OpsBookingSchema>;

const brands = createRoute({
  method: 'get',
  path: '/v1/calculator/brands',
  tags: TAGS,
  summary: 'Brands the store buys used devices of (of a trade-in group when given), popular first',
  request: { query: z.object({ ...commonQuery, group_id: positiveInt.optional() }) },
  responses: { 200: json(z.array(BrandSchema), 'Brands'), ...invalidInput },
});

const models = createRoute({
  method: 'get',
  path: '/v1/calculator/brands/{id}/models',
  tags: TAGS,
  summary: "A brand's models (display brand plus name), newest first, 100 a page",
  request: {
    params: z.object({ id: positiveInt }),
    query: z.object({
      ...commonQuery,
      ...pageQuery(TRADE_IN_LIST_SIZE, TRADE_IN_LIST_SIZE),
      group_id: positiveInt.optional(),
    }),
  },
  responses: { 200: json(z.array(ModelSchema), 'Models'), ...notFoundOrInvalid },
});

const prices = createRoute({
  method: 'get',
  path: '/v1/calculator/models/{id}/prices',
  tags: TAGS,
  summary: 'What the store pays now for a used model, per storage size (shown as GB) and condition, kopecks',
  request: { params: z.object({ id: positiveInt }), query: z.object(commonQuery) },
  responses: { 200: json(PricesSchema, 'Prices'), ...notFoundOrInvalid },
});

const book = createRoute({
  method: 'post',
  path: '/v1/buyback/bookings',
  tags: TAGS,
  summary: 'Books the hand-in of a used device at a multicenter of the city on a date, at the price of now',
  description:
    'Every field is checked (SPEC §5 messages under the field names); nothing is stored on an error. A signed-in ' +
    'customer finds the booking in the account. The confirmation goes by SMS (and e-mail when given).',
  request: {
    query: z.object(commonQuery),
    body: { content: { 'application/json': { schema: BuybackBookingRequest } }, required: true },
  },
  responses: { 201: json(BookingSchema, 'Booked'), ...invalidInput },
});

const mine = createRoute({
  method: 'get',
  path: '/v2/users/me/buyback-bookings',
  tags: TAGS,
  summary: "The signed-in customer's buyback bookings, newest first",
  request: { query: z.object(commonQuery) },
  responses: { 200: json(z.array(BookingSchema), 'Bookings'), 401: errorResponses[401], ...invalidInput },
});

const opsList = createRoute({
  method: 'get',
  path: '/ops/buyback-bookings',
  tags: ['Operators'],
  summary: 'Buyback bookings, newest first, optionally of one status or store (employees with the operator role)',
  request: {
    query: z.object({
      ...commonQuery,
      ...pageQuery(20, 100),
      status: z.enum(BUYBACK_STATUSES).optional(),
      store_id: positiveInt.optional(),
    }),
  },
  responses: { 200: json(z.array(OpsBookingSchema), 'Bookings'), ...operatorOnly, ...invalidInput },
});

const opsAnswer = createRoute({
  method: 'post',
  path: '/ops/buyback-bookings/{id}/status',
  tags: ['Operators'],
  summary: 'Answers a buyback booking: confirmed, bought or cancelled, with a comment the seller sees (and an SMS)',
  request: {
    params: z.object({ id: positiveInt }),
    query: z.object(commonQuery),
    body: {
      content: {
        'application/json': {
          schema: z
            .object({ status: z.enum(BUYBACK_STATUSES), comment: z.string().max(1000).optional() })
            .strict()
            .openapi('BuybackAnswer'),
        },
      },
      required: true,
    },
  },
  responses: {
    200: json(OpsBookingSchema, 'The booking'),
    ...operatorOnly,
    404: errorResponses[404],
    ...invalidInput,
  },
});

/** The rows of a page of a list. */
const rowsOf = (q: { page: number; per_page: number }) => ({ limit: q.per_page, offset: (q.page - 1) * q.per_page });

const presentModel = (m: TradeInModelRow): BuybackModel => ({
  id: m.id,
  name: m.name,
  display_name: buybackDisplayName(m.brand, m.name),
  brand: { id: m.brand_id, name: m.brand },
  group_id: m.group_id,
  type: m.group_code,
  year: m.release_year,
});

const presentBooking = (b: BuybackBookingRow): BuybackBooking => ({
  id: b.id,
  model_id: b.model_id,
  brand: b.brand,
  model: b.model,
  display_name: buybackDisplayName(b.brand, b.model),
  memory_gb: b.memory_gb,
  memory: formatMemoryGb(b.memory_gb),
  condition: b.condition,
  condition_name: TRADE_IN_CONDITION_LABELS[b.condition],
  price: b.price,
  city_id: b.city_id,
  store: { id: b.store_id, name: b.store_name, address: b.store_address },
  date: b.visit_date,
  status: b.status,
  status_name: BUYBACK_STATUS_NAMES[b.status as BuybackStatus] ?? b.status,
  operator_comment: b.operator_comment,
  created_at: b.created_at,
  updated_at: b.updated_at,
});

const presentForOperators = (b: BuybackBookingRow): BuybackBookingForOperators => ({
  ...presentBooking(b),
  name: b.name,
  phone: b.phone,
  email: b.email,
  customer_id: b.customer_id,
});

export function registerBuybackRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(brands, async (c) => {
    const q = c.req.valid('query');
    c.header('cache-control', 'public, max-age=300');
    return c.json(
      await listTradeInBrands(c.get('deps').handle, { groupId: q.group_id, limit: TRADE_IN_LIST_SIZE }),
      200,
    );
  });

  app.openapi(models, async (c) => {
    const { id } = c.req.valid('param');
    const q = c.req.valid('query');
    const { handle } = c.get('deps');
    if (!(await findTradeInBrand(handle, id))) throw notFound('Такого бренда нет в прайс-листе');
    const { rows, total } = await searchTradeInModels(handle, {
      query: '',
      brandId: id,
      groupId: q.group_id,
      ...rowsOf(q),
    });
    setPaginationHeaders(c, { total, page: q.page, perPage: q.per_page });
    c.header('cache-control', 'public, max-age=300');
    return c.json(rows.map(presentModel), 200);
  });

  app.openapi(prices, async (c) => {
    const priced = await buybackPricesOf(c.get('deps').handle, c.req.valid('param').id);
    if (!priced) throw notFound('Такой модели нет в прайс-листе');
    if (priced.prices.length === 0)
      c.get('deps').logger.warn('buyback model without prices', { model_id: priced.model.id });
    c.header('cache-control', 'public, max-age=300');
    return c.json(
      {
        model: presentModel(priced.model),
        prices: priced.prices,
        conditions: TRADE_IN_CONDITIONS.map((code) => ({ code, name: TRADE_IN_CONDITION_LABELS[code] })),
      },
      200,
    );
  });

  app.openapi(book, async (c) => {
    const booking = await createBuybackBooking(c, c.req.valid('json'));
    return c.json(presentBooking(booking), 201);
  });

  app.openapi(mine, async (c) => {
    const customerId = requireCustomer(c);
    c.header('cache-control', 'no-store');
    return c.json((await listCustomerBuybackBookings(c.get('deps').handle, customerId)).map(presentBooking), 200);
  });

  app.openapi(opsList, async (c) => {
    await requireOperator(c);
    const q = c.req.valid('query');
    const { rows, total } = await listBuybackBookings(c.get('deps').handle, {
      status: q.status,
      storeId: q.store_id,
      ...rowsOf(q),
    });
    setPaginationHeaders(c, { total, page: q.page, perPage: q.per_page });
    c.header('cache-control', 'no-store');
    return c.json(rows.map(presentForOperators), 200);
  });

  app.openapi(opsAnswer, async (c) => {
    await requireOperator(c);
    const { handle, adapters } = c.get('deps');
    const id = c.req.valid('param').id;
    const body = c.req.valid('json');
    const comment = body.comment?.trim() || null;
    const row = await handle.transaction(async (tx) => {
      if (!(await updateBuybackStatus(tx, id, body.status, comment))) return null;
      const updated = (await retrieveBuybackBooking(tx, id))!;
      await adapters.notifier.send(
        {
          channel: 'sms',
          recipient: updated.phone,
          template: 'buyback-status',
          subject: null,
          body: `Запись на выкуп №${id}: ${BUYBACK_STATUS_NAMES[body.status].toLowerCase()}.${comment ? ` ${comment}` : ''}`,
          payload: { buyback_booking_id: id, status: body.status },
        },
        tx,
      );
      return updated;
    });
    if (!row) throw notFound('Запись не найдена');
    c.header('cache-control', 'no-store');
    return c.json(presentForOperators(row), 200);
  });
}
