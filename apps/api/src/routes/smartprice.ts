// The external trade-in evaluator's calls (SPEC §7 POST /smartprice/txinfo, GET /smartprice/product,
// GET /smartprice/link; issue 16 item 4), answered through the TradeInEvaluator adapter
// (adapters/trade-in-evaluator.ts): the built-in one prices from our own list and works offline.
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { parseTradeInCondition } from '@store/domain';
import type { ApiEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { bodyId, commonQuery } from '../http/params.ts';
import { invalidInput, notFoundOrInvalid } from '../schemas/shell.ts';

const TAGS = ['Trade-in'];
const TxId = z
  .string()
  .min(1)
  .max(64)
  .regex(/^[A-Za-z0-9_-]+$/, 'Неверный номер транзакции');

const TransactionSchema = z
  .object({
    txid: z.string(),
    status: z.enum(['evaluated', 'failed']),
    message: z.string().nullable(),
    device: z.object({
      model_id: z.number().int(),
      brand: z.string(),
      model: z.string(),
      memory: z.number().int(),
      condition: z.enum(['perfect', 'working', 'broken_screen']),
      condition_device: z.number().int(),
      /** Kopecks, or false when the lookup failed (§8). */
      price: z.union([z.number().int(), z.literal(false)]),
    }),
    product_id: z.number().int().nullable(),
    created_at: z.string(),
    /** Where the shopper continues. */
    link: z.string(),
  })
  .openapi('TradeInEvaluatorTransaction');
export type TradeInEvaluatorTransaction = z.infer<typeof TransactionSchema>;

const txinfo = createRoute({
  method: 'post',
  path: '/smartprice/txinfo',
  tags: TAGS,
  summary: 'Values an old device at the trade-in evaluator: a transaction id, the device and its price, a link',
  description:
    'condition takes either reading of the codes (perfect/working/broken_screen, 3/2/1, C/D/NC). A failed price ' +
    'lookup answers status failed with price false and «Не удалось рассчитать…» (§8), and is logged.',
  request: {
    query: z.object(commonQuery),
    body: {
      required: true,
      content: {
        'application/json': {
          schema: z
            .object({
              model_id: bodyId,
              memory: z.number().int().min(0).max(16384).optional(),
              condition: z.union([z.string().max(20), z.number().int().min(0).max(9)]),
              product_id: bodyId.optional(),
            })
            .openapi('TradeInEvaluatorRequest'),
        },
      },
    },
  },
  responses: {
    201: { description: 'The transaction', content: { 'application/json': { schema: TransactionSchema } } },
    ...invalidInput,
  },
});

const txQuery = z.object({ ...commonQuery, txid: TxId });

const product = createRoute({
  method: 'get',
  path: '/smartprice/product',
  tags: TAGS,
  summary: 'The evaluated device of a transaction, as it was valued',
  request: { query: txQuery },
  responses: {
    200: { description: 'The transaction', content: { 'application/json': { schema: TransactionSchema } } },
    ...notFoundOrInvalid,
  },
});

const link = createRoute({
  method: 'get',
  path: '/smartprice/link',
  tags: TAGS,
  summary: 'Where the shopper continues with a transaction',
  request: { query: txQuery },
  responses: {
    200: {
      description: 'The link',
      content: { 'application/json': { schema: z.object({ txid: z.string(), url: z.string() }) } },
    },
    ...notFoundOrInvalid,
  },
});

export function registerSmartpriceRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(txinfo, async (c) => {
    const body = c.req.valid('json');
    const condition = parseTradeInCondition(body.condition);
    if (!condition)
      throw new ApiError(422, 'Неизвестное состояние устройства', {
        condition: ['Состояние: perfect, working, broken_screen (3, 2, 1 или C, D, NC)'],
      });
    const evaluator = c.get('deps').adapters.tradeInEvaluator;
    const transaction = await evaluator.evaluate({
      model_id: body.model_id,
      memory: body.memory ?? null,
      condition,
      product_id: body.product_id ?? null,
    });
    c.header('cache-control', 'no-store');
    return c.json({ ...transaction, link: evaluator.continueUrl(transaction) }, 201);
  });

  app.openapi(product, async (c) => {
    const evaluator = c.get('deps').adapters.tradeInEvaluator;
    const transaction = await evaluator.transaction(c.req.valid('query').txid);
    if (!transaction) throw new ApiError(404, 'Транзакция оценки не найдена');
    c.header('cache-control', 'no-store');
    return c.json({ ...transaction, link: evaluator.continueUrl(transaction) }, 200);
  });

  app.openapi(link, async (c) => {
    const evaluator = c.get('deps').adapters.tradeInEvaluator;
    const transaction = await evaluator.transaction(c.req.valid('query').txid);
    if (!transaction) throw new ApiError(404, 'Транзакция оценки не найдена');
    c.header('cache-control', 'no-store');
    return c.json({ txid: transaction.txid, url: evaluator.continueUrl(transaction) }, 200);
  });
}
