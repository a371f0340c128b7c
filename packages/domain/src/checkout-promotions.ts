// Applying cart promotions to an order's lines (SPEC §3 Action, §4 Checkout, §7 calc-apply-to-basket):
// the discount each action gives, a promocode match, and the order's lines with their discounts.
// The SPEC names the types (percent_discount, absolute_discount, special_price, present, info) and the
// `discount` field but not the arithmetic; ours: percent of the unit price, rounded to the kopeck, per
// unit; absolute and special price take `discount` kopecks off each unit; never below zero.

export interface PromotionLine {
  product_id: number;
  qty: number;
  /** Unit price, kopecks. */
  price: number;
}

export interface AppliedPromotion {
  id: number;
  action_type: string;
  /** Percent for percent_discount, kopecks for absolute_discount and special_price. */
  discount: number;
  /** Products whose lines it discounts. */
  target_product_ids: readonly number[];
}

/** The discount one promotion gives one line, kopecks (before the line's cap). */
export function promotionLineDiscount(action: Pick<AppliedPromotion, 'action_type' | 'discount'>, line: PromotionLine) {
  const discount = Math.max(0, action.discount);
  switch (action.action_type) {
    case 'percent_discount':
      return Math.round((line.price * Math.min(discount, 100)) / 100) * line.qty;
    case 'absolute_discount':
    case 'special_price':
      return Math.min(discount, line.price) * line.qty;
    default:
      return 0;
  }
}

export interface DiscountedLine<L extends PromotionLine> {
  line: L;
  sum: number;
  discount: number;
  /** Unit price after the discount, rounded to the kopeck. */
  final_price: number;
  action_ids: number[];
}

/**
 * The lines with every applied promotion's discount: each action discounts the lines of its target
 * products; several actions on one line add up but never take the line below zero.
 */
export function applyPromotions<L extends PromotionLine>(
  lines: readonly L[],
  applied: readonly AppliedPromotion[],
): { lines: DiscountedLine<L>[]; sum: number; discount: number; total: number } {
  const result = lines.map((line) => {
    const sum = line.price * line.qty;
    let discount = 0;
    const actionIds: number[] = [];
    for (const action of applied) {
      if (!action.target_product_ids.includes(line.product_id)) continue;
      const off = promotionLineDiscount(action, line);
      if (off <= 0) continue;
      discount += off;
      actionIds.push(action.id);
    }
    discount = Math.min(discount, sum);
    return {
      line,
      sum,
      discount,
      final_price: line.qty > 0 ? Math.round((sum - discount) / line.qty) : 0,
      action_ids: actionIds,
    };
  });
  const sum = result.reduce((total, l) => total + l.sum, 0);
  const discount = result.reduce((total, l) => total + l.discount, 0);
  return { lines: result, sum, discount, total: sum - discount };
}

/** Whether an entered promocode is the action's: spaces around and letter case do not matter. */
export function promocodeMatches(actionCode: string | null | undefined, entered: string | null | undefined): boolean {
  if (!actionCode) return false;
  const code = (entered ?? '').trim();
  return code !== '' && code.toLocaleUpperCase('ru') === actionCode.trim().toLocaleUpperCase('ru');
}
