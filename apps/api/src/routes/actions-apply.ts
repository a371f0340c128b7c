// POST /api/v2/actions/calc-apply-to-basket (SPEC §7 Actions: basket, actions_to_apply each with id):
// the order's lines with the chosen promotions applied. Applicability is SPEC §4's (mechanics done, or
// info, or every condition done) plus the action's promocode and its starting sum (params.price_from);
// the allowed delivery and payment ids are the intersection of the applied actions' lists with the
// city's (domain allowedIdsForActions); a present action keeps one present selected.
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { ACTION_TYPES, priceOrder } from '@store/domain';
import { listBasketProducts } from '../data/actions.ts';
import { retrieveCityDeliveryFacts, retrieveDefaultCityId } from '../data/availability.ts';
import type { ApiEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { bodyId, commonQuery } from '../http/params.ts';
import { notFoundOrInvalid } from '../schemas/shell.ts';
import { actionDiscount, resolvePromotions } from '../services/order-pricing.ts';
import { MAX_BASKET_LINES } from './actions.ts';
import { checkoutCard } from './loyalty.ts';
import { BonusQuoteSchema } from '../schemas/loyalty.ts';
import { quoteCheckoutBonuses } from '../services/loyalty-checkout.ts';
import {
  CalcTradeInSchema,
  tradeInDeliveryIds,
  tradeInForSummary,
  tradeInTxField,
} from '../services/trade-in-checkout.ts';

const id = bodyId;

const CalcRequestSchema = z
  .object({
    basket: z
      .array(
        z.object({
          product_id: id,
          qty: z.number().int().min(1).max(999).default(1),
          supplier_id: id.optional(),
        }),
      )
      .min(1)
      .max(MAX_BASKET_LINES),
    actions_to_apply: z
      .array(z.object({ id, present_product_id: id.optional() }))
      .max(20)
      .default([]),
    /** An action whose promocode this is applies too. */
    promocode: z.string().max(50).optional(),
    /** The shopper's trade-in, priced as create-order will (issue 16). */
    trade_in_tx: tradeInTxField,
    /** «Мультионы» the shopper wants to spend (issue 15): the answer's `bonuses` prices them as create-order will. */
    bonuses: z.number().int().min(0).max(100_000_000).optional(),
  })
  .openapi('CalcApplyToBasketRequest');

const CalcLineSchema = z.object({
  product_id: z.number().int(),
  qty: z.number().int(),
  supplier_id: z.number().int().nullable(),
  /** Unit price, kopecks. */
  price: z.number().int(),
  /** price × qty. */
  sum: z.number().int(),
  discount: z.number().int(),
  /** Unit price after the discounts. */
  final_price: z.number().int(),
  action_ids: z.array(z.number().int()),
});

const CalcActionSchema = z.object({
  id: z.number().int(),
  public_name: z.string(),
  public_description: z.string(),
  action_type: z.enum(ACTION_TYPES),
  promocode_required: z.boolean(),
  /** The §4 rule plus the promocode and starting sum. */
  applicable: z.boolean(),
  /** Asked for (or named by the promocode) and applicable. */
  applied: z.boolean(),
  /** Why it does not apply, in words; null when it does. */
  reason: z.string().nullable(),
  discount: z.number().int(),
  delivery_ids: z.array(z.number().int()),
  payment_ids: z.array(z.number().int()),
  presents: z.array(z.object({ product_id: z.number().int(), selected: z.boolean() })),
});

const CalcAnswerSchema = z
  .object({
    basket: z.array(CalcLineSchema),
    /** The actions asked for or named by the promocode, each with whether it applies. */
    actions: z.array(CalcActionSchema),
    sum: z.number().int(),
    discount: z.number().int(),
    total_sum: z.number().int(),
    allowed_delivery_ids: z.array(z.number().int()),
    allowed_payment_ids: z.array(z.number().int()),
    present_product_id: z.number().int().nullable(),
    promocode: z
      .object({ code: z.string(), action_id: z.number().int().nullable(), message: z.string().nullable() })
      .nullable(),
    /** The trade-in of trade_in_tx for these lines, or null when it does not concern them. */
    trade_in: CalcTradeInSchema.nullable().default(null),
    /** The bonuses asked for, priced (only when `bonuses` was given); the totals above are before them. */
    bonuses: BonusQuoteSchema.nullable().default(null),
  })
  .openapi('CalcApplyToBasket');
export type CalcApplyToBasket = z.infer<typeof CalcAnswerSchema>;
export type CalcApplyRequest = z.input<typeof CalcRequestSchema>;

const calc = createRoute({
  method: 'post',
  path: '/v2/actions/calc-apply-to-basket',
  tags: ['Actions'],
  summary:
    'The basket with the chosen promotions applied: discounts per line, presents, allowed delivery and payment ids',
  request: {
    query: z.object(commonQuery),
    body: { content: { 'application/json': { schema: CalcRequestSchema } }, required: true },
  },
  responses: {
    200: { description: 'Applied', content: { 'application/json': { schema: CalcAnswerSchema } } },
    ...notFoundOrInvalid,
  },
});

export function registerActionApplyRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(calc, async (c) => {
    const body = c.req.valid('json');
    const q = c.req.valid('query');
    const { handle } = c.get('deps');
    const city = await retrieveCityDeliveryFacts(handle, q.city_id ?? (await retrieveDefaultCityId(handle)));
    if (!city) throw new ApiError(422, 'Проверьте параметры запроса', { city_id: ['Город не найден'] });

    const productIds = [...new Set(body.basket.map((l) => l.product_id))];
    const products = new Map((await listBasketProducts(handle, productIds)).map((p) => [p.id, p]));
    const missing = body.basket.flatMap((l, i) =>
      products.get(l.product_id)?.status === 1
        ? []
        : [[`basket.${i}.product_id`, ['Товар не найден.']] as [string, string[]]],
    );
    if (missing.length > 0) throw new ApiError(404, 'Товар не найден', Object.fromEntries(missing));
    const lines = body.basket.map((l) => {
      const product = products.get(l.product_id)!;
      const partner = l.supplier_id === undefined ? undefined : product.supplier_prices?.[String(l.supplier_id)];
      return {
        product_id: l.product_id,
        qty: l.qty,
        supplier_id: l.supplier_id ?? null,
        price: partner ?? product.price,
      };
    });

    const promotions = await resolvePromotions(
      handle,
      lines,
      { actions: body.actions_to_apply, promocode: body.promocode },
      city,
    );
    const unknown = body.actions_to_apply.flatMap((a, i) =>
      promotions.unknownIds.includes(a.id)
        ? [[`actions_to_apply.${i}.id`, ['Акция не действует для товаров корзины.']] as [string, string[]]]
        : [],
    );
    if (unknown.length > 0) throw new ApiError(422, 'Проверьте параметры запроса', Object.fromEntries(unknown));
    // The summary's price is the order's: the same domain function create-order stores (decision 0009).
    const items = lines.map((l) => ({ ...l, kind: 'product' as const, final_price: l.price }));
    const tradeIn = await tradeInForSummary(handle, body.trade_in_tx, items, promotions.applied);
    const applied = tradeIn?.promotion ? [...promotions.applied, tradeIn.promotion] : promotions.applied;
    const priced = priceOrder(items, applied, 0);
    const pricedLines = priced.items.map((p) => ({ line: p.item, action_ids: p.action_ids }));
    const { actions, promocode, byCode, allowed, presentProductId } = promotions;
    const answer: CalcApplyToBasket = {
      basket: priced.items.map((p) => ({
        product_id: p.item.product_id,
        qty: p.item.qty,
        supplier_id: p.item.supplier_id,
        price: p.item.price,
        sum: p.item.price * p.item.qty,
        discount: p.discount,
        final_price: p.final_price,
        action_ids: p.action_ids,
      })),
      actions: actions.map((a) => ({
        id: a.row.id,
        public_name: a.row.public_name,
        public_description: a.row.public_description,
        action_type: a.row.action_type,
        promocode_required: a.row.promocode !== null,
        applicable: a.reason === null,
        applied: a.reason === null,
        reason: a.reason,
        discount: actionDiscount(a.row, pricedLines),
        delivery_ids: a.row.delivery_ids,
        payment_ids: a.row.payment_ids,
        presents: a.presents,
      })),
      sum: priced.sum,
      discount: priced.discount,
      total_sum: priced.total,
      allowed_delivery_ids: tradeInDeliveryIds(allowed.deliveryIds, tradeIn?.summary ?? null),
      allowed_payment_ids: allowed.paymentIds,
      present_product_id: presentProductId,
      promocode:
        promocode === ''
          ? null
          : {
              code: promocode,
              action_id: byCode?.id ?? null,
              message: byCode ? null : 'Промокод не найден или не действует для этих товаров',
            },
      trade_in: tradeIn?.summary ?? null,
      bonuses:
        body.bonuses === undefined
          ? null
          : await quoteCheckoutBonuses(handle, priced, body.bonuses, await checkoutCard(c)),
    };
    return c.json(answer, 200);
  });
}
