// GET /v3/customer/orders/{id}/receipt (ours: the SPEC shows only the Order's link_to_order_receipt,
// which points at the store's page /cart/receipt/{id} that reads this call): the receipt of a paid
// order for its owner (the customer, or the guest by the basket cookie); 404 otherwise.
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import type { ApiEnv } from '../http/env.ts';
import { commonQuery, positiveInt } from '../http/params.ts';
import { requesterOf } from '../http/requester.ts';
import { OrderReceiptSchema } from '../schemas/receipts.ts';
import { notFoundOrInvalid } from '../schemas/shell.ts';
import { orderReceipt } from '../services/order-receipt.ts';

const getReceipt = createRoute({
  method: 'get',
  path: '/v3/customer/orders/{id}/receipt',
  tags: ['Orders and payment'],
  summary: 'The receipt of a paid order (from the 54-FZ data stored with its newest succeeded payment)',
  description:
    'Ours: the SPEC names only link_to_order_receipt. For the order’s customer or the guest owning it by ' +
    'the basket cookie; an unpaid order or anyone else’s is 404. The sandbox issues no fiscal data, so ' +
    'is_test is true and test_note says so.',
  request: { params: z.object({ id: positiveInt }), query: z.object(commonQuery) },
  responses: {
    200: { description: 'The receipt', content: { 'application/json': { schema: OrderReceiptSchema } } },
    ...notFoundOrInvalid,
  },
});

export function registerOrderReceiptRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(getReceipt, async (c) => {
    const receipt = await orderReceipt(c.get('deps'), requesterOf(c), c.req.valid('param').id);
    c.header('cache-control', 'no-store');
    return c.json(receipt, 200);
  });
}
