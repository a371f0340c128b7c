// Operators' refunds (issue 17, decision 0058): a partial refund of a paid order by the positions of its
// sale receipt, the refunds of one state (the failed ones an operator must see), and a failed one asked
// again. Employees with the operator role only (auth/operator.ts); every write under the order's lock.
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { REFUND_STATUSES } from '@store/domain';
import { requireOperator } from '../auth/operator.ts';
import type { ApiEnv } from '../http/env.ts';
import { bodyId, commonQuery, pageQuery, positiveInt, setPaginationHeaders } from '../http/params.ts';
import { errorResponses, invalidInput } from '../schemas/shell.ts';
import {
  refundOrderLines,
  refundsForOperators,
  retryFailedRefund,
  type OperatorRefundDeps,
} from '../services/refunds.ts';

/** Positions of a receipt and units of one: far more than any order holds, small enough to bound the work. */
const MAX_POSITIONS = 200;
const MAX_UNITS = 10_000;

export const RefundSchema = z
  .object({
    id: z.number().int(),
    order_id: z.number().int(),
    payment_id: z.number().int(),
    amount: z.number().int().openapi({ description: 'Kopecks back to the card (what the acquirer refunds)' }),
    certificate_amount: z
      .number()
      .int()
      .openapi({ description: "Kopecks back to the order's gift certificates (the refund receipt's 1215)" }),
    status: z.enum(REFUND_STATUSES),
    reason: z.string(),
    failure_reason: z.string().nullable().openapi({ description: "The acquirer's refusal, or its last fault" }),
    attempts: z.number().int(),
    created_by: z.string().nullable().openapi({ description: "The operator's personnel number; null: a cancellation" }),
    created_at: z.string(),
    settled_at: z.string().nullable(),
    items: z.array(
      z.object({
        position: z.number().int().openapi({ description: "The line's index in the payment's sale receipt" }),
        name: z.string(),
        qty: z.number().int(),
        amount: z.number().int(),
        vat_code: z.string(),
        vat_rate: z.number().nullable(),
      }),
    ),
  })
  .openapi('Refund');

const notOperator = { ...errorResponses[401], description: 'Not an operator' };

const create = createRoute({
  method: 'post',
  path: '/ops/orders/{id}/refunds',
  tags: ['Operators'],
  summary: "Refunds some units of a paid order by its sale receipt's positions (operators)",
  description:
    "For operators. Gives back `qty` units of each listed position of the payment's sale receipt (as " +
    '`GET /v3/customer/orders/{id}/receipt` lists them, from 0): the card part through the acquirer, the gift ' +
    "certificates' part to their balance, with a «возврат прихода» receipt of those lines at the sale's VAT. " +
    'Several refunds never give back more than was paid; the same `idempotency_key` answers the refund it made ' +
    '(200). 422 with field errors when a position is unknown or has fewer units left.',
  request: {
    params: z.object({ id: positiveInt }),
    query: z.object(commonQuery),
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              payment_id: bodyId.optional().openapi({ description: 'Needed when the order has several payments' }),
              items: z
                .array(
                  z
                    .object({
                      position: z.number().int().min(0).max(MAX_POSITIONS),
                      qty: z.number().int().min(1).max(MAX_UNITS),
                    })
                    .strict(),
                )
                .min(1)
                .max(MAX_POSITIONS),
              reason: z.string().trim().min(3).max(500),
              idempotency_key: z.string().trim().min(8).max(100),
            })
            .strict()
            .openapi('RefundRequest'),
        },
      },
    },
  },
  responses: {
    201: { description: 'The refund made', content: { 'application/json': { schema: RefundSchema } } },
    200: { description: 'The refund this key made before', content: { 'application/json': { schema: RefundSchema } } },
    401: errorResponses[401],
    403: notOperator,
    404: errorResponses[404],
    ...invalidInput,
  },
});

const list = createRoute({
  method: 'get',
  path: '/ops/refunds',
  tags: ['Operators'],
  summary: 'Refunds, newest first; `status=failed` for those an operator must see to (operators)',
  request: {
    query: z.object({ ...commonQuery, ...pageQuery(20, 100), status: z.enum(REFUND_STATUSES).optional() }),
  },
  responses: {
    200: { description: 'Refunds', content: { 'application/json': { schema: z.array(RefundSchema) } } },
    401: errorResponses[401],
    403: notOperator,
    ...invalidInput,
  },
});

const retry = createRoute({
  method: 'post',
  path: '/ops/refunds/{id}/retry',
  tags: ['Operators'],
  summary: 'Asks the acquirer again for a refund it refused, with the same refund id (operators)',
  request: { params: z.object({ id: positiveInt }), query: z.object(commonQuery) },
  responses: {
    200: { description: 'The refund after the answer', content: { 'application/json': { schema: RefundSchema } } },
    401: errorResponses[401],
    403: notOperator,
    404: errorResponses[404],
    409: { ...errorResponses[422], description: 'The refund has not failed' },
    ...invalidInput,
  },
});

function depsOf(c: Context<ApiEnv>): OperatorRefundDeps {
  const { handle, adapters, logger } = c.get('deps');
  return { handle, paymentProvider: adapters.paymentProvider, notifier: adapters.notifier, logger };
}

export function registerOpsRefundRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(create, async (c) => {
    const operator = await requireOperator(c);
    const body = c.req.valid('json');
    const { refund, created } = await refundOrderLines(
      depsOf(c),
      c.req.valid('param').id,
      body,
      operator.personnel_number,
    );
    c.header('cache-control', 'no-store');
    return created ? c.json(refund, 201) : c.json(refund, 200);
  });

  app.openapi(list, async (c) => {
    await requireOperator(c);
    const q = c.req.valid('query');
    const { refunds, total } = await refundsForOperators(c.get('deps').handle, {
      status: q.status ?? null,
      limit: q.per_page,
      offset: (q.page - 1) * q.per_page,
    });
    setPaginationHeaders(c, { total, page: q.page, perPage: q.per_page });
    c.header('cache-control', 'no-store');
    return c.json(refunds, 200);
  });

  app.openapi(retry, async (c) => {
    const operator = await requireOperator(c);
    const refund = await retryFailedRefund(depsOf(c), c.req.valid('param').id, operator.personnel_number);
    c.header('cache-control', 'no-store');
    return c.json(refund, 200);
  });
}
