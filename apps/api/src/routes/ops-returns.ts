// The return of a completed order within the return window (issue 15, decision 0061): operators only
// (auth/operator.ts), under the order's row lock, once per order.
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { REFUND_STATUSES } from '@store/domain';
import { requireOperator } from '../auth/operator.ts';
import type { ApiEnv } from '../http/env.ts';
import { commonQuery, positiveInt } from '../http/params.ts';
import { errorResponses, invalidInput } from '../schemas/shell.ts';
import { returnCompletedOrder } from '../services/order-return.ts';
import { RefundSchema } from './ops-refunds.ts';

const OrderReturnSchema = z
  .object({
    order_id: z.number().int(),
    status: z.literal('I'),
    completed_at: z.string().openapi({ description: 'When the order was marked completed: the window starts then' }),
    returned_at: z.string(),
    accrual_cancelled: z.number().int().openapi({
      description: 'Bonuses of the pending accrual cancelled («Начисление отменено»), partial returns included',
    }),
    bonuses_returned: z
      .number()
      .int()
      .openapi({ description: 'Written-off bonuses given back («Возврат списанных бонусов»)' }),
    refund: z
      .object({
        card: z.number().int().openapi({ description: 'Kopecks back to the card over all the refunds of the order' }),
        certificates: z.number().int().openapi({ description: "Kopecks back to the gift certificates' balance" }),
        status: z.enum(REFUND_STATUSES),
      })
      .nullable()
      .openapi({ description: 'null: nothing was paid through the acquirer (paid on receipt)' }),
    refunds: z
      .array(RefundSchema)
      .openapi({ description: "The order's refunds: operators' partial ones, then the return's" }),
  })
  .openapi('OrderReturn');

const returnOrder = createRoute({
  method: 'post',
  path: '/ops/orders/{id}/return',
  tags: ['Operators'],
  summary: 'Takes back a completed order within the return window (operators)',
  description:
    'For operators. The shopper returns a completed order within 14 days of completion (ЗоЗПП art. 25), while ' +
    'its «Мультионы» accrual is still pending: the order goes to status I, our stores’ units back to sale, the ' +
    'accrual is cancelled, written-off bonuses and gift certificates’ shares come back, and what is left on the ' +
    'card (after operators’ partial refunds) is refunded with a «возврат прихода» receipt. The shopper gets an ' +
    'SMS. An order returned before answers that return (200). 422 for an order not completed, cancelled, past ' +
    'the window, or one that sold gift certificates.',
  request: {
    params: z.object({ id: positiveInt }),
    query: z.object(commonQuery),
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({ reason: z.string().trim().min(3).max(500) })
            .strict()
            .openapi('OrderReturnRequest'),
        },
      },
    },
  },
  responses: {
    201: { description: 'The order returned now', content: { 'application/json': { schema: OrderReturnSchema } } },
    200: {
      description: 'The order was returned before: that return',
      content: { 'application/json': { schema: OrderReturnSchema } },
    },
    401: errorResponses[401],
    403: { ...errorResponses[401], description: 'Not an operator' },
    404: errorResponses[404],
    503: { ...errorResponses[422], description: 'The «Частями» provider did not answer: nothing was changed' },
    ...invalidInput,
  },
});

export function registerOpsReturnRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(returnOrder, async (c) => {
    const operator = await requireOperator(c);
    const { handle, adapters, logger } = c.get('deps');
    const { view, created } = await returnCompletedOrder(
      {
        handle,
        paymentProvider: adapters.paymentProvider,
        payInParts: adapters.payInParts,
        notifier: adapters.notifier,
        logger,
      },
      c.req.valid('param').id,
      c.req.valid('json'),
      operator.personnel_number,
    );
    c.header('cache-control', 'no-store');
    return created ? c.json(view, 201) : c.json(view, 200);
  });
}
