// Trade-in calls of SPEC §7: the price list (groups, brand/model search, popular brands, prices by
// memory and condition), the new device's variants, and the shopper's calculator: GET/POST/DELETE
// /trade-in-derivable, POST /trade-in-data, DELETE /trade-in-calculator/remove. The calculator is the
// shopper's through `tx` (the body or query, else the `tradein_tx` cookie the first write sets).
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import {
  lookupTradeInPrice,
  memoryLoadFailed,
  parseTradeInCondition,
  skipsMemoryStep,
  TRADE_IN_CALCULATOR_ID,
  TRADE_IN_CONDITIONS,
  TRADE_IN_COOKIE,
  TRADE_IN_LIST_SIZE,
  TRADE_IN_MESSAGES,
} from '@store/domain';
import {
  findTradeInModel,
  findTradeInSession,
  listTradeInBrands,
  listTradeInGroups,
  listTradeInPrices,
  searchTradeInModels,
} from '../data/trade-in.ts';
import { setStoreCookie } from '../http/cookies.ts';
import type { ApiEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { bodyId, commonQuery, pageQuery, positiveInt, setPaginationHeaders } from '../http/params.ts';
import { notFoundOrInvalid } from '../schemas/shell.ts';
import {
  chooseDerivable,
  derivableColorPrices,
  derivableMemories,
  openTradeInSession,
  priceTable,
  removeTradeInDeviceOf,
  saveTradeInDevice,
  tradeInState,
  type TradeInState,
} from '../services/trade-in.ts';

const TAGS = ['Trade-in'];
/** The shopper's secret: 32 hex characters. */
const Tx = z.string().regex(/^[0-9a-f]{32}$/, 'Неверный номер расчёта');
const calculatorId = z.coerce.number().int().pipe(z.literal(TRADE_IN_CALCULATOR_ID)).default(TRADE_IN_CALCULATOR_ID);
const memoryGb = z.number().int().min(0).max(16384);
const Condition = z.enum(TRADE_IN_CONDITIONS);

const GroupSchema = z
  .object({ id: z.number().int(), code: z.string(), name: z.string(), category_id: z.number().int() })
  .openapi('TradeInGroup');
const BrandSchema = z.object({ id: z.number().int(), name: z.string(), popular: z.boolean() }).openapi('TradeInBrand');
/** A model of the price list (buyback's models extend it, routes/buyback.ts). */
export const TradeInModelSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    brand: z.object({ id: z.number().int(), name: z.string() }),
    group_id: z.number().int(),
    type: z.string(),
    year: z.number().int(),
  })
  .openapi('TradeInModel');
/** Kopecks per condition (buyback's sizes extend it, routes/buyback.ts). */
export const ConditionPrices = z.object({
  perfect: z.number().int(),
  working: z.number().int(),
  broken_screen: z.number().int(),
});
const PricesSchema = z
  .object({
    model: TradeInModelSchema,
    /** memory GB ('0' without sizes) → condition → kopecks (§4 memory info). */
    memories: z.record(z.string(), ConditionPrices),
    skip_memory: z.boolean(),
    memory_error: z.boolean(),
    /** With memory and status: the looked-up price, or false (§8). */
    price: z.union([z.number().int(), z.literal(false)]).nullable(),
  })
  .openapi('TradeInPrices');
const OldDeviceSchema = z
  .object({
    tId: z.number().int(),
    id: z.number().int().nullable(),
    brand: z.string().nullable(),
    model: z.string().nullable(),
    memory: z.number().int().nullable(),
    status: Condition.nullable(),
    price: z.number().int().nullable(),
    name: z.string().nullable(),
    type: z.string().nullable(),
    info: z.string().nullable(),
  })
  .openapi('TradeInOldDevice');
const ColorSchema = z.object({
  product_id: z.number().int(),
  name: z.string(),
  code: z.string(),
  price: z.number().int(),
});
const StateSchema = z
  .object({
    tx: z.string(),
    tradein_id: z.number().int(),
    calculator_id: z.number().int(),
    product_id: z.number().int().nullable(),
    devices: z.array(OldDeviceSchema),
    total_discount: z.number().int(),
    discountBenefit: z.number().int(),
    action: z.object({ id: z.number().int(), name: z.string(), type: z.string(), bonus: z.number().int() }).nullable(),
    derivable: z
      .object({
        product_id: z.number().int(),
        model_id: z.number().int().nullable(),
        name: z.string(),
        image: z.string().nullable(),
        url: z.string(),
        price: z.number().int(),
        color: z.string().nullable(),
        memory: z.string().nullable(),
        colors: z.array(ColorSchema),
        discounts: z.number().int(),
        discountTradein: z.number().int(),
        newPrice: z.number().int().nullable(),
      })
      .nullable(),
  })
  .openapi('TradeInState');
export type TradeInStateBody = z.infer<typeof StateSchema>;
export type TradeInGroup = z.infer<typeof GroupSchema>;
export type TradeInBrand = z.infer<typeof BrandSchema>;
export type TradeInModel = z.infer<typeof TradeInModelSchema>;
export type TradeInPrices = z.infer<typeof PricesSchema>;
const DeviceSavedSchema = StateSchema.extend({
  tId: z.number().int(),
  price: z.union([z.number().int(), z.literal(false)]).nullable(),
  message: z.string().nullable(),
}).openapi('TradeInDeviceSaved');
export type TradeInDeviceSaved = z.infer<typeof DeviceSavedSchema>;

const stateResponses = {
  200: { description: 'The calculator', content: { 'application/json': { schema: StateSchema } } },
  ...notFoundOrInvalid,
};

const groups = createRoute({
  method: 'get',
  path: '/v2/tradein/groups',
  tags: TAGS,
  summary: 'Trade-in groups: smartphones, tablets, laptops, smart watches, consoles',
  request: { query: z.object({ ...commonQuery, calculator_id: calculatorId }) },
  responses: {
    200: { description: 'Groups', content: { 'application/json': { schema: z.array(GroupSchema) } } },
    ...notFoundOrInvalid,
  },
});

const brandModels = createRoute({
  method: 'get',
  path: '/v2/tradein/calculator/brand-models',
  tags: TAGS,
  summary: 'Brand or model search of old devices (§4), 100 per page',
  request: {
    query: z.object({
      ...commonQuery,
      ...pageQuery(TRADE_IN_LIST_SIZE, TRADE_IN_LIST_SIZE),
      calculator_id: calculatorId,
      query: z.string().max(100).default(''),
      group_id: positiveInt.optional(),
      brand_id: positiveInt.optional(),
    }),
  },
  responses: {
    200: { description: 'Models', content: { 'application/json': { schema: z.array(TradeInModelSchema) } } },
    ...notFoundOrInvalid,
  },
});

const popularBrands = createRoute({
  method: 'get',
  path: '/v2/tradein/popular-brands',
  tags: TAGS,
  summary: 'Popular brands of old devices, of a group when given',
  request: { query: z.object({ ...commonQuery, calculator_id: calculatorId, group_id: positiveInt.optional() }) },
  responses: {
    200: { description: 'Brands', content: { 'application/json': { schema: z.array(BrandSchema) } } },
    ...notFoundOrInvalid,
  },
});

const prices = createRoute({
  method: 'get',
  path: '/v2/tradein/calculator/prices',
  tags: TAGS,
  summary: 'Prices of a model by memory and condition; with memory and status the looked-up price',
  description:
    'memories is the §4 memory info (a single key 0: no memory step). status takes either reading of the ' +
    'codes (perfect/working/broken_screen, 3/2/1, C/D/NC). A failed lookup answers price false (§8).',
  request: {
    query: z.object({
      ...commonQuery,
      calculator_id: calculatorId,
      model_id: positiveInt,
      memory: z.coerce.number().int().min(0).max(16384).optional(),
      status: z.string().max(20).optional(),
    }),
  },
  responses: {
    200: { description: 'Prices', content: { 'application/json': { schema: PricesSchema } } },
    ...notFoundOrInvalid,
  },
});

const derivableMemoriesRoute = createRoute({
  method: 'get',
  path: '/v2/tradein/calculator/derivable-memories',
  tags: TAGS,
  summary: 'Memory variants of the new device (products of its model) with their prices',
  request: { query: z.object({ ...commonQuery, calculator_id: calculatorId, product_id: positiveInt }) },
  responses: {
    200: {
      description: 'Memories',
      content: {
        'application/json': {
          schema: z.array(
            z.object({
              memory: z.string(),
              product_id: z.number().int(),
              price: z.number().int(),
              selected: z.boolean(),
            }),
          ),
        },
      },
    },
    ...notFoundOrInvalid,
  },
});

const derivableColors = createRoute({
  method: 'get',
  path: '/v2/tradein/calculator/derivable-color-prices',
  tags: TAGS,
  summary: 'Colours of the new device in its memory, with product ids and prices',
  request: { query: z.object({ ...commonQuery, calculator_id: calculatorId, product_id: positiveInt }) },
  responses: {
    200: {
      description: 'Colours',
      content: { 'application/json': { schema: z.array(ColorSchema.extend({ selected: z.boolean() })) } },
    },
    ...notFoundOrInvalid,
  },
});

const txQuery = z.object({ ...commonQuery, tx: Tx.optional() });

const getDerivable = createRoute({
  method: 'get',
  path: '/trade-in-derivable',
  tags: TAGS,
  summary: "The shopper's calculator: old devices, the new device, total discount and new price",
  request: { query: txQuery },
  responses: stateResponses,
});

const postDerivable = createRoute({
  method: 'post',
  path: '/trade-in-derivable',
  tags: TAGS,
  summary: 'Chooses the new device; starts a calculator when there is none',
  request: {
    query: z.object({ ...commonQuery }),
    body: {
      content: {
        'application/json': {
          schema: z.object({ tx: Tx.optional(), product_id: bodyId }).openapi('TradeInDerivableRequest'),
        },
      },
    },
  },
  responses: stateResponses,
});

const deleteDerivable = createRoute({
  method: 'delete',
  path: '/trade-in-derivable',
  tags: TAGS,
  summary: 'Clears the new device of the calculator',
  request: { query: txQuery },
  responses: stateResponses,
});

const postData = createRoute({
  method: 'post',
  path: '/trade-in-data',
  tags: TAGS,
  summary: 'Adds a blank old device (no tId) or changes one: model id, memory, condition',
  description:
    'A field left out stays as it was; null clears it (going back a step). Choosing a model clears memory and ' +
    'condition. The price is looked up when the device is complete; a failed lookup answers price false.',
  request: {
    query: z.object({ ...commonQuery }),
    body: {
      content: {
        'application/json': {
          schema: z
            .object({
              tx: Tx.optional(),
              product_id: bodyId.optional(),
              tId: z.number().int().min(10000).max(99999).optional(),
              id: bodyId.nullable().optional(),
              memory: memoryGb.nullable().optional(),
              status: z
                .union([z.string().max(20), z.number().int().min(0).max(9)])
                .nullable()
                .optional(),
            })
            .openapi('TradeInDataRequest'),
        },
      },
    },
  },
  responses: {
    200: {
      description: 'The calculator and the device',
      content: { 'application/json': { schema: DeviceSavedSchema } },
    },
    ...notFoundOrInvalid,
  },
});

const removeDevice = createRoute({
  method: 'delete',
  path: '/trade-in-calculator/remove',
  tags: TAGS,
  summary: 'Removes an old device; when none remain a blank one is added (§4)',
  request: { query: txQuery.extend({ tId: z.coerce.number().int().min(10000).max(99999) }) },
  responses: stateResponses,
});

/** tx from the call, else the cookie; a cookie that is no longer valid counts as none. */
function txOf(c: Context<ApiEnv>, fromCall: string | undefined): string | undefined {
  if (fromCall) return fromCall;
  const cookie = getCookie(c, TRADE_IN_COOKIE);
  return cookie && /^[0-9a-f]{32}$/.test(cookie) ? cookie : undefined;
}

function answerState(c: Context<ApiEnv>, state: TradeInState) {
  if (getCookie(c, TRADE_IN_COOKIE) !== state.tx)
    setStoreCookie(c, TRADE_IN_COOKIE, state.tx, { httpOnly: true, maxAge: 30 * 86_400 });
  c.header('cache-control', 'no-store');
}

export function registerTradeInRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(groups, async (c) => {
    c.header('cache-control', 'public, max-age=300');
    return c.json(await listTradeInGroups(c.get('deps').handle), 200);
  });

  app.openapi(brandModels, async (c) => {
    const q = c.req.valid('query');
    const { rows, total } = await searchTradeInModels(c.get('deps').handle, {
      query: q.query,
      groupId: q.group_id,
      brandId: q.brand_id,
      limit: q.per_page,
      offset: (q.page - 1) * q.per_page,
    });
    setPaginationHeaders(c, { total, page: q.page, perPage: q.per_page });
    return c.json(
      rows.map((m) => ({
        id: m.id,
        name: m.name,
        brand: { id: m.brand_id, name: m.brand },
        group_id: m.group_id,
        type: m.group_code,
        year: m.release_year,
      })),
      200,
    );
  });

  app.openapi(popularBrands, async (c) => {
    const q = c.req.valid('query');
    return c.json(
      await listTradeInBrands(c.get('deps').handle, { groupId: q.group_id, popular: true, limit: TRADE_IN_LIST_SIZE }),
      200,
    );
  });

  app.openapi(prices, async (c) => {
    const q = c.req.valid('query');
    const { handle, logger } = c.get('deps');
    const model = await findTradeInModel(handle, q.model_id);
    if (!model) throw new ApiError(404, 'Такой модели нет в прайс-листе');
    const table = priceTable(await listTradeInPrices(handle, model.id));
    let price: number | false | null = null;
    if (q.status !== undefined) {
      const condition = parseTradeInCondition(q.status);
      if (!condition)
        throw new ApiError(422, 'Неизвестное состояние устройства', {
          status: ['Состояние: perfect, working, broken_screen (3, 2, 1 или C, D, NC)'],
        });
      if (q.memory !== undefined && !skipsMemoryStep(table) && !(String(q.memory) in table))
        throw new ApiError(422, 'У этой модели нет такого объёма памяти', { memory: ['Нет такого объёма памяти'] });
      price = lookupTradeInPrice(table, q.memory ?? null, condition);
      if (price === false)
        logger.warn('trade-in price lookup failed', { model_id: model.id, memory: q.memory, status: condition });
    }
    if (memoryLoadFailed(table)) logger.warn('trade-in model without prices', { model_id: model.id });
    return c.json(
      {
        model: {
          id: model.id,
          name: model.name,
          brand: { id: model.brand_id, name: model.brand },
          group_id: model.group_id,
          type: model.group_code,
          year: model.release_year,
        },
        memories: table as Record<string, { perfect: number; working: number; broken_screen: number }>,
        skip_memory: skipsMemoryStep(table),
        memory_error: memoryLoadFailed(table),
        price,
      },
      200,
    );
  });

  app.openapi(derivableMemoriesRoute, async (c) =>
    c.json(await derivableMemories(c.get('deps').handle, c.req.valid('query').product_id), 200),
  );

  app.openapi(derivableColors, async (c) =>
    c.json(await derivableColorPrices(c.get('deps').handle, c.req.valid('query').product_id), 200),
  );

  app.openapi(getDerivable, async (c) => {
    const tx = txOf(c, c.req.valid('query').tx);
    if (!tx) throw new ApiError(404, 'Расчёт Trade-in не найден');
    const { handle } = c.get('deps');
    const session = await findTradeInSession(handle, tx);
    if (!session) throw new ApiError(404, 'Расчёт Trade-in не найден');
    const state = await tradeInState(handle, session);
    answerState(c, state);
    return c.json(state, 200);
  });

  app.openapi(postDerivable, async (c) => {
    const body = c.req.valid('json');
    const state = await c.get('deps').handle.transaction(async (db) => {
      const session = await openTradeInSession(db, txOf(c, body.tx), true);
      return chooseDerivable(db, session, body.product_id);
    });
    answerState(c, state);
    return c.json(state, 200);
  });

  app.openapi(deleteDerivable, async (c) => {
    const tx = txOf(c, c.req.valid('query').tx);
    const state = await c.get('deps').handle.transaction(async (db) => {
      const session = await openTradeInSession(db, tx, false);
      return chooseDerivable(db, session, null);
    });
    answerState(c, state);
    return c.json(state, 200);
  });

  app.openapi(postData, async (c) => {
    const body = c.req.valid('json');
    const { handle, logger } = c.get('deps');
    const outcome = await handle.transaction(async (db) => {
      const session = await openTradeInSession(db, txOf(c, body.tx), true);
      if (body.product_id !== undefined && body.product_id !== session.product_id)
        await chooseDerivable(db, session, body.product_id);
      return saveTradeInDevice(
        db,
        { ...session, product_id: body.product_id ?? session.product_id },
        {
          tId: body.tId,
          id: body.id,
          memory: body.memory,
          status: body.status,
        },
      );
    });
    if (outcome.price === false)
      logger.warn('trade-in price lookup failed', { tradein_id: outcome.state.tradein_id, tId: outcome.tId });
    answerState(c, outcome.state);
    return c.json(
      {
        ...outcome.state,
        tId: outcome.tId,
        price: outcome.price,
        message: outcome.price === false ? TRADE_IN_MESSAGES.priceFailed : null,
      },
      200,
    );
  });

  app.openapi(removeDevice, async (c) => {
    const q = c.req.valid('query');
    const state = await c.get('deps').handle.transaction(async (db) => {
      const session = await openTradeInSession(db, txOf(c, q.tx), false);
      return removeTradeInDeviceOf(db, session, q.tId);
    });
    answerState(c, state);
    return c.json(state, 200);
  });
}
