// The one pricing service of an order (decision 0009): which promotions apply to the order's lines
// (SPEC §4: mechanics done, or info, or every condition done; plus the action's promocode and its
// starting sum), and the order's price with them (domain `priceOrder`). The checkout summary
// (calc-apply-to-basket) and create-order both call it; create-order stores what it answers and the
// payment page, the acquirer's amount, the receipt and the order page read the stored figures.
import {
  allowedIdsForActions,
  formatPrice,
  isActionApplicable,
  mechanicsDone,
  priceOrder,
  promocodeMatches,
  promotionLineDiscount,
  selectPresent,
  type AppliedPromotion,
  type OrderPrice,
  type PricingItem,
} from '@store/domain';
import type { DatabaseHandle } from '@store/db';
import { listActionLinks, listActionsForProducts, type ActionRow } from '../data/actions.ts';
import { conditionDone } from '../routes/actions.ts';

export interface PromotionRequest {
  /** The actions the shopper chose, each with the present chosen for it. */
  actions: readonly { id: number; present_product_id?: number | null | undefined }[];
  /** An action whose promocode this is applies too. */
  promocode?: string | null | undefined;
}

export interface ResolvedAction {
  row: ActionRow;
  /** Products whose lines it discounts. */
  targets: number[];
  /** Why it does not apply, in words; null when it does. */
  reason: string | null;
  presents: { product_id: number; selected: boolean }[];
}

export interface ResolvedPromotions {
  actions: ResolvedAction[];
  /** Asked-for ids that are no running action of these products. */
  unknownIds: number[];
  promocode: string;
  /** The action the promocode names, or null. */
  byCode: ActionRow | null;
  /** The applicable ones, in the domain's terms. */
  applied: AppliedPromotion[];
  allowed: { deliveryIds: number[]; paymentIds: number[] };
  presentProductId: number | null;
}

/** A goods line the promotions look at: a product or accessory line at its shelf price. */
export interface PromotionLine {
  product_id: number;
  qty: number;
  /** Unit price on the shelf, kopecks. */
  price: number;
}

/** Which of the asked actions (and the promocode's) apply to these goods lines in this city. */
export async function resolvePromotions(
  handle: DatabaseHandle,
  lines: readonly PromotionLine[],
  request: PromotionRequest,
  city: { delivery_type_ids: readonly number[]; payment_type_ids: readonly number[] },
): Promise<ResolvedPromotions> {
  const productIds = [...new Set(lines.map((l) => l.product_id))];
  const rows = productIds.length === 0 ? [] : await listActionsForProducts(handle, productIds, null);
  const byId = new Map(rows.map((r) => [r.id, r]));
  const unknownIds = request.actions.filter((a) => !byId.has(a.id)).map((a) => a.id);

  const promocode = request.promocode?.trim() ?? '';
  const byCode = promocode === '' ? null : (rows.find((r) => promocodeMatches(r.promocode, promocode)) ?? null);
  const wanted = new Map(
    request.actions.filter((a) => byId.has(a.id)).map((a) => [a.id, a.present_product_id ?? null] as const),
  );
  if (byCode && !wanted.has(byCode.id)) wanted.set(byCode.id, null);

  const ids = [...wanted.keys()];
  const [accessoryLinks, presentLinks] = await Promise.all([
    listActionLinks(handle, ids, 'accessory', productIds),
    listActionLinks(handle, ids, 'present', null),
  ]);
  const sumOf = (targets: readonly number[]) =>
    lines.filter((l) => targets.includes(l.product_id)).reduce((s, l) => s + l.price * l.qty, 0);

  let presentProductId: number | null = null;
  const actions = ids.map((actionId): ResolvedAction => {
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

  const applicable = actions.filter((a) => a.reason === null);
  return {
    actions,
    unknownIds,
    promocode,
    byCode,
    applied: applicable.map((a) => ({
      id: a.row.id,
      action_type: a.row.action_type,
      discount: a.row.discount,
      target_product_ids: a.targets,
    })),
    allowed: allowedIdsForActions(
      applicable.map((a) => a.row),
      { deliveryIds: [...city.delivery_type_ids], paymentIds: [...city.payment_type_ids] },
    ),
    presentProductId,
  };
}

/** The goods lines of an order's items (products and their accessories; warranties are no goods). */
export function promotionLines(items: readonly PricingItem[]): PromotionLine[] {
  return items.flatMap((item) =>
    [item, ...(item.children ?? [])]
      .filter((line) => line.kind !== 'warranty')
      .map((line) => ({ product_id: line.product_id, qty: line.qty, price: line.final_price })),
  );
}

/**
 * The order's price: its items with the applicable promotions and the delivery cost. The same call
 * prices the checkout summary and the order create-order stores.
 */
export async function priceOrderItems<I extends PricingItem>(
  handle: DatabaseHandle,
  items: readonly I[],
  request: PromotionRequest,
  city: { delivery_type_ids: readonly number[]; payment_type_ids: readonly number[] },
  deliveryCost: number,
) {
  const promotions = await resolvePromotions(handle, promotionLines(items), request, city);
  return { promotions, price: priceOrder(items, promotions.applied, deliveryCost) };
}

/** The discount each applied action gives, kopecks, over priced goods lines (several on one line add up). */
export function actionDiscount(
  action: ActionRow,
  lines: readonly { line: PromotionLine; action_ids: readonly number[] }[],
): number {
  return lines.reduce(
    (sum, l) => sum + (l.action_ids.includes(action.id) ? promotionLineDiscount(action, l.line) : 0),
    0,
  );
}

/** What an order keeps of its promotions (decision 0009): the applied ones, their discount, what they allow. */
export function promotionsSnapshot<I extends PricingItem>(
  promotions: ResolvedPromotions,
  price: OrderPrice<I>,
  presentProductId: number | null,
) {
  const lines = price.items.flatMap((item) =>
    [item, ...item.children].map((p) => ({
      line: { product_id: p.item.product_id, qty: p.item.qty, price: p.item.final_price },
      action_ids: p.action_ids,
    })),
  );
  return {
    actionIds: promotions.actions.map((a) => a.row.id),
    presentProductId,
    paymentIds: promotions.applied.length > 0 ? promotions.allowed.paymentIds : null,
    applied: promotions.actions
      .filter((a) => a.reason === null)
      .map((a) => ({
        id: a.row.id,
        public_name: a.row.public_name,
        action_type: a.row.action_type,
        promocode: a.row.promocode,
        discount: actionDiscount(a.row, lines),
      })),
  };
}
