// POST /api/v2/actions/calc-apply-to-basket (SPEC §7 Actions: basket, actions_to_apply each with id):
// the order's lines with the chosen promotions applied. Applicability is SPEC §4's (mechanics done, or
// info, or every condition done) plus the action's promocode and its starting sum (params.price_from);
// the allowed delivery and payment ids are the intersection of the applied actions' lists with the
// city's (domain allowedIdsForActions); a present action keeps one present selected.
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import {
  ACTION_TYPES,
  allowedIdsForActions,
  applyPromotions,
  formatPrice,
  isActionApplicable,
  mechanicsDone,
  promocodeMatches,
  promotionLineDiscount,
  selectPresent,
} from '@store/domain';
import { listActionLinks, listActionsForProducts, listBasketProducts } from '../data/actions.ts';
import { retrieveCityDeliveryFacts, retrieveDefaultCityId } from '../data/availability.ts';
import type { ApiEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { bodyId, commonQuery } from '../http/params.ts';
import { notFoundOrInvalid } from '../schemas/shell.ts';
import { MAX_BASKET_LINES, conditionDone } from './actions.ts';

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

    const rows = await listActionsForProducts(handle, productIds, null);
    const byId = new Map(rows.map((r) => [r.id, r]));
    const unknown = body.actions_to_apply.flatMap((a, i) =>
      byId.has(a.id)
        ? []
        : [[`actions_to_apply.${i}.id`, ['Акция не действует для товаров корзины.']] as [string, string[]]],
    );
    if (unknown.length > 0) throw new ApiError(422, 'Проверьте параметры запроса', Object.fromEntries(unknown));

    const promocode = body.promocode?.trim() ?? '';
    const byCode = promocode === '' ? null : (rows.find((r) => promocodeMatches(r.promocode, promocode)) ?? null);
    const wanted = new Map(body.actions_to_apply.map((a) => [a.id, a.present_product_id ?? null]));
    if (byCode && !wanted.has(byCode.id)) wanted.set(byCode.id, null);

    const ids = [...wanted.keys()];
    const [accessoryLinks, presentLinks] = await Promise.all([
      listActionLinks(handle, ids, 'accessory', productIds),
      listActionLinks(handle, ids, 'present', null),
    ]);
    const sumOf = (targets: readonly number[]) =>
      lines.filter((l) => targets.includes(l.product_id)).reduce((s, l) => s + l.price * l.qty, 0);

    let presentProductId: number | null = null;
    const actions = ids.map((actionId) => {
      const row = byId.get(actionId)!;
      const accessoryIds = accessoryLinks.filter((l) => l.action_id === actionId).map((l) => l.product_id);
      const conditions = row.mechanics.conditions.map((condition) => ({
        done: conditionDone(condition, {
          mainInBasket: row.product_ids.length > 0,
          priceOfAccessories: sumOf(accessoryIds),
        }),
      }));
      // An accessory promotion discounts the accessories; any other the products it applies to.
      const targets = row.mechanics.type === 'accessories' ? accessoryIds : row.product_ids;
      const priceFrom = row.mechanics.params.price_from ?? null;
      let reason: string | null = null;
      if (row.promocode && !promocodeMatches(row.promocode, promocode)) reason = 'Нужен промокод акции';
      else if (
        !isActionApplicable({
          action_type: row.action_type,
          mechanics: { done: mechanicsDone(conditions), conditions },
        })
      )
        reason = 'Условия акции не выполнены';
      else if (priceFrom !== null && sumOf(targets) < priceFrom)
        reason = `Акция действует на покупку от ${formatPrice(priceFrom)}`;
      let presents = presentLinks
        .filter((l) => l.action_id === actionId)
        .map((l) => ({ product_id: l.product_id, selected: false }));
      if (presents.length > 0 && reason === null) {
        const asked = wanted.get(actionId);
        const chosen = presents.some((p) => p.product_id === asked) ? asked! : presents[0]!.product_id;
        presents = selectPresent(presents, chosen);
        presentProductId ??= chosen;
      }
      return { row, targets, reason, presents };
    });

    const applied = actions.filter((a) => a.reason === null);
    const priced = applyPromotions(
      lines,
      applied.map((a) => ({
        id: a.row.id,
        action_type: a.row.action_type,
        discount: a.row.discount,
        target_product_ids: a.targets,
      })),
    );
    const allowed = allowedIdsForActions(
      applied.map((a) => a.row),
      { deliveryIds: city.delivery_type_ids, paymentIds: city.payment_type_ids },
    );
    const answer: CalcApplyToBasket = {
      basket: priced.lines.map((l) => ({
        ...l.line,
        sum: l.sum,
        discount: l.discount,
        final_price: l.final_price,
        action_ids: l.action_ids,
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
        discount: priced.lines.reduce(
          (sum, l) => sum + (l.action_ids.includes(a.row.id) ? promotionLineDiscount(a.row, l.line) : 0),
          0,
        ),
        delivery_ids: a.row.delivery_ids,
        payment_ids: a.row.payment_ids,
        presents: a.presents,
      })),
      sum: priced.sum,
      discount: priced.discount,
      total_sum: priced.total,
      allowed_delivery_ids: allowed.deliveryIds,
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
    };
    return c.json(answer, 200);
  });
}
