// The basket calls of SPEC §7 (get-basket, update-item-quantity, remove-item, add-item, add-accessory,
// add-warranty, trace, and restore-item for «Вернуть»). GET as the SPEC says and POST as well, with the
// same handlers; both need X-Requested-With: XMLHttpRequest, so a cross-site page can neither post a
// form into a shopper's basket nor read it. Parameters come from the query, or from a JSON or form body.
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { setStoreCookie } from '../http/cookies.ts';
import { BASKET_ID, customerIdOf } from '../http/requester.ts';
import { z, type OpenAPIHono } from '@hono/zod-openapi';
import { COOKIE } from '@store/domain';
import {
  attachBasketToCustomer,
  basketExists,
  createBasket,
  lockBasket,
  touchBasket,
  type Queryable,
} from '../data/basket.ts';
import { retrieveCityDeliveryFacts, retrieveDefaultCityId } from '../data/availability.ts';
import type { ApiEnv } from '../http/env.ts';
import { ApiError, errorResponse, fieldErrors } from '../http/errors.ts';
import { commonQuery, positiveInt } from '../http/params.ts';
import { notFoundOrInvalid } from '../schemas/shell.ts';
import {
  addAccessory,
  addItem,
  addWarranty,
  buildBasket,
  removeItem,
  restoreItem,
  updateItemQuantity,
  type Basket,
} from '../services/basket.ts';

/** A guest basket lives 30 days after its last change. */
export const BASKET_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60;

const qty = z.coerce.number().int().min(1).max(999);
const lineId = positiveInt;

const ItemSchema: z.ZodType = z
  .lazy(() =>
    z.object({
      id: z.number().int(),
      product_id: z.number().int(),
      kind: z.enum(['product', 'warranty', 'accessory']),
      parent_id: z.number().int().nullable(),
      name: z.string(),
      url: z.string(),
      image: z.string().nullable(),
      price: z.number().int(),
      final_price: z.number().int(),
      price_at_add: z.number().int(),
      qty: z.number().int(),
      max_qty: z.number().int(),
      warranty_id: z.number().int().nullable(),
      supplier_id: z.number().int().nullable(),
      is_preorder: z.boolean(),
      removed: z.boolean(),
      children: z.array(ItemSchema),
    }),
  )
  .openapi('BasketItem');
const BasketSchema = z
  .object({
    items: z.array(ItemSchema),
    removed: z.array(ItemSchema),
    unavailable: z.array(ItemSchema),
    totals: z.object({ sum: z.number().int(), discount: z.number().int(), count: z.number().int() }),
    messages: z.array(z.string()),
  })
  .openapi('Basket');

interface Call<S extends z.ZodRawShape> {
  name: string;
  summary: string;
  fields: S;
  /** Creates the basket (and its cookie) when the shopper has none. */
  creates?: boolean;
  run: (
    ctx: { handle: Queryable; basketId: string | null; cityId: number },
    input: z.infer<z.ZodObject<S>>,
  ) => Promise<string[]>;
}

async function readInput(c: Context<ApiEnv>): Promise<Record<string, unknown>> {
  const input: Record<string, unknown> = { ...c.req.query() };
  if (c.req.method !== 'POST') return input;
  const type = c.req.header('content-type') ?? '';
  if (type.includes('application/json')) {
    const body: unknown = await c.req.json().catch(() => {
      throw new ApiError(400, 'Некорректный JSON в теле запроса');
    });
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw new ApiError(422, 'Проверьте параметры запроса', { _: ['Ожидается объект JSON'] });
    }
    Object.assign(input, body);
  } else if (type.includes('form')) {
    Object.assign(input, await c.req.parseBody());
  }
  return input;
}

function answer(c: Context<ApiEnv>, basket: Basket) {
  // The header counter is drawn by the browser from this cookie (the page cache never sees the basket).
  setStoreCookie(c, COOKIE.basketCount, String(basket.totals.count), { maxAge: BASKET_COOKIE_MAX_AGE_S });
  c.header('cache-control', 'no-store');
  return c.json(basket, 200);
}

export function registerBasketRoutes(app: OpenAPIHono<ApiEnv>) {
  const register = <S extends z.ZodRawShape>(call: Call<S>) => {
    const path = `/basket/${call.name}`;
    const schema = z.object({ ...commonQuery, ...call.fields });
    app.on(['GET', 'POST'], path, async (c) => {
      // Writes are guarded for every method by requireXhrForWrites; the basket guards GET as well.
      if (c.req.header('x-requested-with') !== 'XMLHttpRequest') {
        return errorResponse(c, 403, 'Запрос отклонён: нужен заголовок X-Requested-With: XMLHttpRequest');
      }
      const parsed = schema.safeParse(await readInput(c));
      if (!parsed.success) throw new ApiError(422, 'Проверьте параметры запроса', fieldErrors(parsed.error));
      const { handle } = c.get('deps');
      const cityId = (parsed.data as { city_id?: number }).city_id ?? (await retrieveDefaultCityId(handle));
      if (!(await retrieveCityDeliveryFacts(handle, cityId))) {
        throw new ApiError(422, 'Проверьте параметры запроса', { city_id: ['Город не найден'] });
      }
      const cookie = getCookie(c, COOKIE.basketId);
      let basketId = cookie && BASKET_ID.test(cookie) && (await basketExists(handle, cookie)) ? cookie : null;
      if (basketId === null && call.creates) {
        // A fresh random id: an id sent by the client is never adopted (no basket fixation).
        basketId = randomBytes(24).toString('base64url');
        await createBasket(handle, basketId);
        // A signed-in customer's new basket is theirs (their other devices find it at sign-in).
        const customerId = customerIdOf(c);
        if (customerId !== null) await attachBasketToCustomer(handle, basketId, customerId);
      }
      const input = parsed.data as z.infer<z.ZodObject<S>>;
      const writes = call.name !== 'get-basket' && call.name !== 'trace';
      // A write reads the lines, applies the caps and writes in one transaction holding the basket
      // row, so parallel writes to one basket cannot duplicate a line or go over a cap.
      const messages =
        writes && basketId !== null
          ? await handle.transaction(async (tx) => {
              await lockBasket(tx, basketId!);
              const result = await call.run({ handle: tx, basketId, cityId }, input);
              await touchBasket(tx, basketId!);
              return result;
            })
          : await call.run({ handle, basketId, cityId }, input);
      if (basketId !== null) {
        setStoreCookie(c, COOKIE.basketId, basketId, { httpOnly: true, maxAge: BASKET_COOKIE_MAX_AGE_S });
      }
      if (call.name === 'trace') {
        c.get('deps').logger.info('basket trace', { trace_id: c.get('traceId'), basket: basketId !== null });
      }
      return answer(c, await buildBasket(handle, basketId, cityId, messages));
    });
    for (const method of ['get', 'post'] as const) {
      app.openAPIRegistry.registerPath({
        method,
        path, // basePath adds /api
        tags: ['Basket'],
        summary: `${call.summary} Answers the whole basket and sets the basket_count cookie.`,
        ...(method === 'get'
          ? { request: { query: schema } }
          : {
              request: {
                query: z.object(commonQuery),
                body: { content: { 'application/json': { schema: z.object(call.fields) } } },
              },
            }),
        responses: {
          200: { description: 'The basket', content: { 'application/json': { schema: BasketSchema } } },
          403: { description: 'Without X-Requested-With: XMLHttpRequest' },
          ...notFoundOrInvalid,
        },
      });
    }
  };

  register({ name: 'get-basket', summary: 'The basket.', fields: {}, run: async () => [] });
  register({
    name: 'trace',
    summary: 'The basket, with a log line carrying the trace_id (to follow a basket across calls).',
    fields: {},
    run: async () => [],
  });
  register({
    name: 'add-item',
    summary:
      'Adds a product (qty units, capped by max_quantity and the stock in the city), optionally with a warranty.',
    fields: {
      product_id: positiveInt,
      qty: qty.default(1),
      supplier_id: positiveInt.optional(),
      warranty_id: positiveInt.optional(),
    },
    creates: true,
    run: ({ handle, basketId, cityId }, input) => addItem(handle, basketId!, cityId, input),
  });
  register({
    name: 'add-accessory',
    summary: 'Adds an accessory as a child line of a product line (parent_id).',
    fields: { product_id: positiveInt, parent_id: lineId, qty: qty.default(1) },
    run: ({ handle, basketId, cityId }, input) => {
      if (basketId === null) throw new ApiError(404, 'Позиция корзины не найдена');
      return addAccessory(handle, basketId, cityId, input);
    },
  });
  register({
    name: 'add-warranty',
    summary: 'Puts an extended warranty on a product line; it replaces the line’s warranty if it had one.',
    fields: { line_id: lineId, warranty_id: positiveInt },
    run: ({ handle, basketId, cityId }, input) => addWarranty(handle, basketId, cityId, input),
  });
  register({
    name: 'update-item-quantity',
    summary: 'Sets a line’s quantity, capped by max_quantity and the stock in the city (the answer says so).',
    fields: { line_id: lineId, qty },
    run: ({ handle, basketId, cityId }, input) => updateItemQuantity(handle, basketId, cityId, input),
  });
  register({
    name: 'remove-item',
    summary: 'Removes a line (a product line with its warranty and accessories); it stays restorable.',
    fields: { line_id: lineId },
    run: ({ handle, basketId }, input) => removeItem(handle, basketId, input),
  });
  register({
    name: 'restore-item',
    summary: 'Brings a removed line back («Вернуть»), with the children removed with it.',
    fields: { line_id: lineId },
    run: ({ handle, basketId }, input) => restoreItem(handle, basketId, input),
  });
}
