// Trade-in in the checkout summary (issue 16 item 3): calc-apply-to-basket with the shopper's
// trade_in_tx prices the lines exactly as create-order will (the same checkTradeIn and the same
// absolute_discount promotion through priceOrder), so the summary, the stored order, the acquirer and
// the receipt agree to the kopeck. Only pickup in a multicenter stays allowed while it applies.
import { z } from '@hono/zod-openapi';
import type { DatabaseHandle } from '@store/db';
import { chosenTradeInDevices, priceOrder, TRADE_IN_CONDITION_LABELS, type AppliedPromotion } from '@store/domain';
import { checkTradeIn, MULTICENTER_PICKUP, tradeInRefusalText } from './trade-in-order.ts';

export const CalcTradeInSchema = z
  .object({
    /** The new device the trade-in discounts. */
    product_id: z.number().int(),
    /** Whether the discount is in this answer's figures; false with the reason in message. */
    applied: z.boolean(),
    message: z.string().nullable(),
    /** Kopecks the trade-in takes off the lines (devices plus bonus; 0 when not applied). */
    discount: z.number().int(),
    /** The promotion's bonus within it. */
    bonus: z.number().int(),
    action_name: z.string().nullable(),
    devices: z.array(
      z.object({
        tId: z.number().int(),
        name: z.string(),
        condition: z.string(),
        price: z.number().int(),
      }),
    ),
  })
  .openapi('CalcTradeIn');
export type CalcTradeIn = z.infer<typeof CalcTradeInSchema>;

/** The request field: the shopper's calculator. */
export const tradeInTxField = z
  .string()
  .regex(/^[0-9a-f]{32}$/, 'Неверный номер расчёта')
  .optional()
  .openapi({ description: 'The trade-in calculator (tx) to price with the lines, as create-order will' });

type Line = { product_id: number; qty: number; kind: 'product'; final_price: number };

/**
 * The trade-in of tx for the summary's lines: null when it does not concern them (no calculator, its
 * new device not among them, devices not valued yet: an old calculator never blocks other goods);
 * otherwise the devices, and the promotion to price with when it applies.
 */
export async function tradeInForSummary<L extends Line>(
  handle: Pick<DatabaseHandle, 'query'>,
  tx: string | undefined,
  lines: readonly L[],
  applied: readonly AppliedPromotion[],
): Promise<{ summary: CalcTradeIn; promotion: AppliedPromotion | null } | null> {
  if (!tx) return null;
  const checked = await checkTradeIn(handle, tx, lines);
  if ('refused' in checked && ['notFound', 'notValued', 'noProduct'].includes(checked.refused)) return null;
  const state = checked.state!;
  const devices = chosenTradeInDevices(state.devices).map((d) => ({
    tId: d.tId,
    name: d.name ?? `${d.brand} ${d.model}`,
    condition: TRADE_IN_CONDITION_LABELS[d.status!],
    price: d.price!,
  }));
  const base = {
    product_id: state.derivable!.product_id,
    bonus: state.discountBenefit,
    action_name: state.action?.name ?? null,
    devices,
  };
  if ('refused' in checked) {
    return {
      summary: { ...base, applied: false, message: tradeInRefusalText(checked.refused), discount: 0 },
      promotion: null,
    };
  }
  // What the trade-in adds to the promotions' discount (another promotion on the same line may cap it).
  const without = priceOrder(lines, applied, 0).discount;
  const withIt = priceOrder(lines, [...applied, checked.tradeIn.applied], 0).discount;
  return {
    summary: { ...base, applied: true, message: null, discount: withIt - without },
    promotion: checked.tradeIn.applied,
  };
}

/** While a trade-in applies the order is picked up in a multicenter, where the devices are handed in. */
export const tradeInDeliveryIds = (ids: readonly number[], summary: CalcTradeIn | null) =>
  summary?.applied ? ids.filter((id) => id === MULTICENTER_PICKUP) : [...ids];
