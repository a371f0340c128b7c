// Orders (SPEC §7 Orders and payment, §6): POST /create-order (sent without the bearer token; the
// basket is the basket cookie's), the customer's orders and one order, cancelling, and the guest
// status lookup by order number and phone. Someone else's order is always 404, never 403.
import { randomBytes } from 'node:crypto';
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { setStoreCookie } from '../http/cookies.ts';
import { COOKIE, normalizePhone } from '@store/domain';
import { orderEmployeeNumber } from '../auth/employee.ts';
import { attachBasketToCustomer, createBasket } from '../data/basket.ts';
import { retrieveDefaultCityId } from '../data/availability.ts';
import { listCustomerOrders, retrieveOrderDetail, retrieveOrderIdByPhone, retrieveOrderOwner } from '../data/orders.ts';
import type { Context } from 'hono';
import type { ApiEnv } from '../http/env.ts';
import { errorFields } from '../logger.ts';
import { productChangeTags } from '../page-events.ts';
import type { Order } from '../schemas/orders.ts';
import { ApiError } from '../http/errors.ts';
import { commonQuery, positiveInt, setPaginationHeaders } from '../http/params.ts';
import { clientAddress, limitAttempts } from '../http/rate-limit.ts';
import { ownsOrder, requesterOf } from '../http/requester.ts';
import { CreateOrderBodySchema, OrderSchema, OrderStatusLookupSchema } from '../schemas/orders.ts';
import { ErrorSchema, errorResponses, notFoundOrInvalid } from '../schemas/shell.ts';
import { presentOrder } from '../services/order-view.ts';
import { BASKET_COOKIE_MAX_AGE_S } from './basket.ts';
import { cancelOrder, createOrder } from '../services/orders.ts';
import { checkoutCard } from './loyalty.ts';
import { limitCertificateCodes } from './gift-certificates.ts';

/** Orders per page of the customer's list (SPEC §9 gives none; the account list shows ten). */
export const ORDERS_PER_PAGE = 10;
/** Guest status lookups per client address and minute. */
export const ORDER_LOOKUP_LIMIT = { attempts: 10, windowMs: 60_000 } as const;

const NOT_FOUND = 'Заказ не найден';
const orderJson = { 'application/json': { schema: OrderSchema } };
const problem = (description: string) => ({ description, content: { 'application/json': { schema: ErrorSchema } } });

const create = createRoute({
  method: 'post',
  path: '/create-order',
  tags: ['Orders and payment'],
  summary:
    'Places an order of basket lines: reserves the stock atomically; the same idempotency_key gives the same order',
  description:
    'The basket is the basket_id cookie’s. The delivery must be one of /variations_orders for these lines in this ' +
    'city, the payment one of that way’s payment_type_ids within the method’s basket thresholds. Not enough stock ' +
    'is 409 and changes nothing. 201 for a new order, 200 when idempotency_key already made one. ' +
    'One click from the product page sends product_id instead of line_ids (one unit, the basket untouched). ' +
    'The corporate fast order sends order_type_id 17 with company {inn, name}, an e-mail and payment_type 5; ' +
    'its delivery may be left out (the contact centre agrees it).',
  request: {
    query: z.object(commonQuery),
    body: { required: true, content: { 'application/json': { schema: CreateOrderBodySchema } } },
  },
  responses: {
    201: { description: 'The order, made now', content: orderJson },
    200: { description: 'The order this idempotency_key made before', content: orderJson },
    409: problem('Not enough stock (errors.line_ids names what is left)'),
    ...notFoundOrInvalid,
  },
});

const getOne = createRoute({
  method: 'get',
  path: '/v3/customer/orders/{id}',
  tags: ['Orders and payment'],
  summary: 'One order of the customer or of this basket',
  request: { params: z.object({ id: positiveInt }), query: z.object(commonQuery) },
  responses: { 200: { description: 'The order', content: orderJson }, ...notFoundOrInvalid },
});

const list = createRoute({
  method: 'get',
  path: '/v3/customer/orders',
  tags: ['Orders and payment'],
  summary: 'The signed-in customer’s orders, newest first, with x-pagination-* headers',
  request: { query: z.object({ ...commonQuery, page: positiveInt.default(1) }) },
  responses: {
    200: { description: 'Orders', content: { 'application/json': { schema: z.array(OrderSchema) } } },
    401: errorResponses[401],
    ...notFoundOrInvalid,
  },
});

const cancel = createRoute({
  method: 'post',
  path: '/v3/customer/orders/{order_id}/cancel',
  tags: ['Orders and payment'],
  summary:
    'Cancels an order not yet handed over: its units back to stock, its bonuses and certificates back, what the acquirer took refunded to the card (decision 0052); repeating it changes nothing',
  request: { params: z.object({ order_id: positiveInt }), query: z.object(commonQuery) },
  responses: {
    200: { description: 'The cancelled order', content: orderJson },
    503: problem('The «Частями» provider did not answer: nothing was changed, try again'),
    ...notFoundOrInvalid,
  },
});

const lookup = createRoute({
  method: 'post',
  path: '/user/order-status',
  tags: ['Orders and payment'],
  summary: 'A guest’s order by its number and phone (both must match); limited per client address',
  request: {
    query: z.object(commonQuery),
    body: { required: true, content: { 'application/json': { schema: OrderStatusLookupSchema } } },
  },
  responses: {
    200: { description: 'The order', content: orderJson },
    429: problem('Too many attempts from this address'),
    ...notFoundOrInvalid,
  },
});

export function registerOrderRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(create, async (c) => {
    const { handle, adapters } = c.get('deps');
    const q = c.req.valid('query');
    const cityId = q.city_id ?? (await retrieveDefaultCityId(handle));
    const body = c.req.valid('json');
    let requester = requesterOf(c);
    if (body.product_id != null && requester.basketId === null) {
      // A one-click order by a shopper with no basket yet (a new guest, or a customer on a fresh
      // device): an empty basket, as the basket calls make one; a customer's is theirs at once.
      const basketId = randomBytes(24).toString('base64url');
      await createBasket(handle, basketId);
      if (requester.customerId !== null) await attachBasketToCustomer(handle, basketId, requester.customerId);
      setStoreCookie(c, COOKIE.basketId, basketId, { httpOnly: true, maxAge: BASKET_COOKIE_MAX_AGE_S });
      requester = { ...requester, basketId };
    }
    const card = await checkoutCard(c);
    const placeOrder = () =>
      createOrder(
        {
          handle,
          payInPartsProvider: adapters.payInParts.name,
          notifier: adapters.notifier,
          creditTimeoutMinutes: c.get('deps').config.CREDIT_APPLICATION_TIMEOUT_MIN,
        },
        requester,
        cityId,
        // The employee's number comes from the employee session, never from the body.
        { ...body, employee_personal_number: orderEmployeeNumber(c) },
        card,
      );
    // Certificate codes are limited against guessing (decision 0027); an order without them is not.
    const { order, created } = body.gift_certificates?.length
      ? await limitCertificateCodes(c, placeOrder)
      : await placeOrder();
    // The units it took change the stock the product and listing pages show (decision 0019).
    if (created) await stockChanged(c, order);
    c.header('cache-control', 'no-store');
    return created ? c.json(order, 201) : c.json(order, 200);
  });

  app.openapi(getOne, async (c) => {
    const { handle } = c.get('deps');
    const order = await retrieveOrderDetail(handle, c.req.valid('param').id);
    if (!order || !ownsOrder(requesterOf(c), order)) throw new ApiError(404, NOT_FOUND);
    c.header('cache-control', 'no-store');
    return c.json(presentOrder(order), 200);
  });

  app.openapi(list, async (c) => {
    const { handle } = c.get('deps');
    const { customerId } = requesterOf(c);
    if (customerId === null) throw new ApiError(401, 'Требуется авторизация');
    const page = c.req.valid('query').page;
    const { ids, total } = await listCustomerOrders(handle, customerId, {
      limit: ORDERS_PER_PAGE,
      offset: (page - 1) * ORDERS_PER_PAGE,
    });
    const orders = await Promise.all(ids.map((id) => retrieveOrderDetail(handle, id)));
    setPaginationHeaders(c, { total, page, perPage: ORDERS_PER_PAGE });
    c.header('cache-control', 'no-store');
    return c.json(
      orders.flatMap((o) => (o ? [presentOrder(o)] : [])),
      200,
    );
  });

  app.openapi(cancel, async (c) => {
    const { handle, adapters, logger } = c.get('deps');
    const orderId = c.req.valid('param').order_id;
    const owner = await retrieveOrderOwner(handle, orderId);
    if (!owner || !ownsOrder(requesterOf(c), owner)) throw new ApiError(404, NOT_FOUND);
    const cancelled = await cancelOrder(
      {
        handle,
        notifier: adapters.notifier,
        paymentProvider: adapters.paymentProvider,
        payInParts: adapters.payInParts,
        logger,
      },
      orderId,
    );
    await stockChanged(c, cancelled);
    return c.json(cancelled, 200);
  });

  app.openapi(lookup, async (c) => {
    const { handle, cache } = c.get('deps');
    await limitAttempts(
      cache,
      `order-status:${clientAddress(c)}`,
      ORDER_LOOKUP_LIMIT.attempts,
      ORDER_LOOKUP_LIMIT.windowMs,
    );
    const body = c.req.valid('json');
    const phone = normalizePhone(body.phone);
    // A wrong number and a wrong phone answer alike, so numbers cannot be probed.
    const id = phone === null ? null : await retrieveOrderIdByPhone(handle, body.order_id, phone);
    const order = id === null ? null : await retrieveOrderDetail(handle, id);
    if (!order) throw new ApiError(404, NOT_FOUND);
    c.header('cache-control', 'no-store');
    return c.json(presentOrder(order), 200);
  });
}

/** Drops the cached pages that show the order's products: their stock moved. Never fails the order. */
async function stockChanged(c: Context<ApiEnv>, order: Order) {
  const { handle, pageEvents, logger } = c.get('deps');
  try {
    await pageEvents.publish(
      await productChangeTags(
        handle,
        order.basket.map((line) => line.product_id),
      ),
    );
  } catch (error) {
    logger.warn('page cache invalidation failed', { trace_id: c.get('traceId'), ...errorFields(error) });
  }
}
