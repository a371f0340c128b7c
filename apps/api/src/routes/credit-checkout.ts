// Credit in checkout (issue 17, ours: the SPEC names the payments, not this call): the bank instalment
// variants (payment 20: 0-0-24, 0-0-36 from bank-flagged promotions with their largest max_loan) and
// the monthly payments of credit in the store (12), credit online (13) and loan (48) for a basket.
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { INSTALMENT_LABELS } from '@store/domain';
import type { ApiEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { commaList, commonQuery, positiveInt } from '../http/params.ts';
import { invalidInput } from '../schemas/shell.ts';
import { creditCheckoutOptions } from '../services/credit-checkout.ts';

export const CreditCheckoutOptionsSchema = z
  .object({
    /** Payment 20's variants the basket qualifies for, by months. */
    instalments: z.array(
      z.object({
        label: z.enum(INSTALMENT_LABELS),
        months: z.number().int(),
        action_id: z.number().int(),
        /** Kopecks: the promotion's largest max_loan; null: no limit of its own. */
        max_loan: z.number().int().nullable(),
        banks: z.array(z.string()),
        monthly_payment: z.number().int(),
      }),
    ),
    /** The term each credit payment's application opens with and its monthly payment (kopecks). */
    monthly: z.array(
      z.object({ payment_type_id: z.number().int(), months: z.number().int(), monthly_payment: z.number().int() }),
    ),
  })
  .openapi('CreditCheckoutOptions');
export type CreditCheckoutOptionsAnswer = z.infer<typeof CreditCheckoutOptionsSchema>;

const optionsRoute = createRoute({
  method: 'get',
  path: '/v2/credit/checkout-options',
  tags: ['Credit'],
  summary:
    'Credit payments of a basket in checkout: the bank instalment variants (20) it qualifies for and the monthly payments of 12, 13 and 48',
  request: {
    query: z.object({
      ...commonQuery,
      /** The basket's products (their bank-flagged promotions). */
      product_ids: commaList(positiveInt).refine((ids) => (ids?.length ?? 0) <= 50, 'Не больше 50 товаров'),
      /** The order total, kopecks. */
      sum: positiveInt,
    }),
  },
  responses: {
    200: {
      description: 'Variants and payments',
      content: { 'application/json': { schema: CreditCheckoutOptionsSchema } },
    },
    ...invalidInput,
  },
});

export function registerCreditCheckoutRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(optionsRoute, async (c) => {
    const q = c.req.valid('query');
    c.header('cache-control', 'no-store');
    // An optional list skips its refinement when absent: a basket without products is refused here.
    if (!q.product_ids?.length) {
      throw new ApiError(422, 'Проверьте параметры запроса', { product_ids: ['Укажите товары корзины'] });
    }
    return c.json(await creditCheckoutOptions(c.get('deps').handle, q.product_ids, q.sum), 200);
  });
}
