// The payment calls of SPEC §7 Orders and payment: create-payment, init-payment, payment-info,
// payment-action-status, payment/virtual and the customer's payment, plus the provider's signed
// callback. Access to an order or a payment is ownsOrder's rule; someone else's is a 404.
// GET /v2/payment (the checkout's payment list) is the checkout's.
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { ApiEnv } from '../http/env.ts';
import { errorResponse } from '../http/errors.ts';
import { commonQuery, positiveInt } from '../http/params.ts';
import { requesterOf } from '../http/requester.ts';
import { SANDBOX_SIGNATURE_HEADER } from '../adapters/payment-provider.ts';
import { ErrorSchema, errorResponses, notFoundOrInvalid } from '../schemas/shell.ts';
import {
  CreatePaymentSchema,
  PaymentInfoSchema,
  PaymentStatusSchema,
  PaymentSummarySchema,
  VirtualPaymentSchema,
} from '../schemas/payments.ts';
import {
  createPayment,
  customerPayment,
  initPayment,
  paymentInfo,
  paymentStatus,
  takeCallback,
  virtualPayments,
} from '../services/payments.ts';

const conflict = {
  409: { description: 'Paid, cancelled or not paid online', content: { 'application/json': { schema: ErrorSchema } } },
};
const json = <S extends z.ZodType>(description: string, schema: S) => ({
  description,
  content: { 'application/json': { schema } },
});
const idParam = z.object({ id: positiveInt.openapi({ param: { name: 'id', in: 'path' } }) });

const create = createRoute({
  method: 'post',
  path: '/create-payment',
  tags: ['Payment'],
  summary: 'Starts paying an order at the payment provider; an open payment of the same kind is answered again',
  request: {
    query: z.object(commonQuery),
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z.object({
            order_id: positiveInt,
            /** A virtual payment id (1017 card, 1064 SBP, …) or the order's own payment type. */
            payment_type_id: positiveInt.optional(),
          }),
        },
      },
    },
  },
  responses: {
    200: json('The open payment of the order', CreatePaymentSchema),
    201: json('A new payment', CreatePaymentSchema),
    ...notFoundOrInvalid,
    ...conflict,
  },
});

const init = createRoute({
  method: 'post',
  path: '/init-payment/{id}',
  tags: ['Payment'],
  summary: "Starts, or restarts after a decline, a payment's session at the provider",
  request: { params: idParam, query: z.object(commonQuery) },
  responses: { 200: json('The payment', PaymentSummarySchema), ...notFoundOrInvalid, ...conflict },
});

const info = createRoute({
  method: 'get',
  path: '/payment-info/{id}',
  tags: ['Payment'],
  summary: 'The payment page state of an order (SPEC §3): offered payments, order, payment statuses',
  request: { params: idParam, query: z.object(commonQuery) },
  responses: { 200: json('Payment page state', PaymentInfoSchema), ...notFoundOrInvalid },
});

const actionStatus = createRoute({
  method: 'get',
  path: '/payment-action-status/{id}',
  tags: ['Payment'],
  summary: "A payment's status, for polling",
  request: { params: idParam, query: z.object(commonQuery) },
  responses: { 200: json('Payment status', PaymentStatusSchema), ...notFoundOrInvalid },
});

const virtual = createRoute({
  method: 'get',
  path: '/payment/virtual',
  tags: ['Payment'],
  summary: 'Virtual payments (the ways to pay a placed order); with order_id, those that order may use',
  request: { query: z.object({ ...commonQuery, order_id: positiveInt.optional() }) },
  responses: { 200: json('Virtual payments', z.array(VirtualPaymentSchema)), ...notFoundOrInvalid },
});

const customer = createRoute({
  method: 'get',
  path: '/v3/customer/orders/payment/{id}',
  tags: ['Payment'],
  summary: 'A payment of the customer with its 54-FZ receipt',
  request: { params: idParam, query: z.object(commonQuery) },
  responses: { 200: json('Payment', PaymentSummarySchema), ...notFoundOrInvalid },
});

export function registerPaymentRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(create, async (c) => {
    const body = c.req.valid('json');
    const { payment, created } = await createPayment(c.get('deps'), requesterOf(c), {
      orderId: body.order_id,
      paymentTypeId: body.payment_type_id,
    });
    c.header('cache-control', 'no-store');
    const answer = {
      payment_id: payment.payment_id,
      status: payment.status,
      confirmation_url: payment.confirmation_url,
    };
    return created ? c.json(answer, 201) : c.json(answer, 200);
  });

  app.openapi(init, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await initPayment(c.get('deps'), requesterOf(c), c.req.valid('param').id), 200);
  });

  app.openapi(info, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await paymentInfo(c.get('deps'), requesterOf(c), c.req.valid('param').id), 200);
  });

  app.openapi(actionStatus, async (c) => {
    c.header('cache-control', 'no-store');
    const { receipt: _receipt, ...status } = await paymentStatus(
      c.get('deps'),
      requesterOf(c),
      c.req.valid('param').id,
    );
    return c.json(status, 200);
  });

  app.openapi(virtual, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await virtualPayments(c.get('deps'), requesterOf(c), c.req.valid('query').order_id), 200);
  });

  app.openapi(customer, async (c) => {
    c.header('cache-control', 'no-store');
    return c.json(await customerPayment(c.get('deps'), requesterOf(c), c.req.valid('param').id), 200);
  });

  // The provider's notification: signed instead of carrying X-Requested-With (http/middleware.ts);
  // the signature covers the raw body, so it is read as text.
  app.post('/payment/callback/:provider', async (c) => {
    const deps = c.get('deps');
    const provider = deps.adapters.paymentProvider;
    if (c.req.param('provider') !== provider.name) return errorResponse(c, 404, 'Платёжный провайдер не найден');
    const raw = await c.req.text();
    const result = await takeCallback(deps, raw, c.req.header(SANDBOX_SIGNATURE_HEADER), c.get('traceId'));
    if (result.status === 200) return c.json({ status: 'ok', outcome: result.outcome }, 200);
    return errorResponse(c, result.status, result.message);
  });
  app.openAPIRegistry.registerPath({
    method: 'post',
    path: '/payment/callback/{provider}',
    tags: ['Payment'],
    summary: `The payment provider's notification, signed with HMAC-SHA256 over the raw body (${SANDBOX_SIGNATURE_HEADER})`,
    request: { params: z.object({ provider: z.string().openapi({ param: { name: 'provider', in: 'path' } }) }) },
    responses: {
      200: { description: 'Taken in (a repeated event changes nothing)' },
      401: errorResponses[401],
      ...notFoundOrInvalid,
    },
  });
}
