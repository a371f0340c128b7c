// The orders of a checkout draft against the basket as it is now (SPEC §3 Checkout state, §4 Checkout):
// the basket decides which orders exist (splitIntoOrders), and what the shopper entered for an order
// follows its lines, so adding or removing a product, or asking to separate pre-orders, loses nothing.
import { splitIntoOrders, type CheckoutStep, type SplittableLine } from './checkout.ts';

export interface DraftOrderLines {
  line_ids: readonly number[];
}

/**
 * The draft's orders for the basket's product lines now: one order per group of splitIntoOrders, each
 * carrying the entered data of the draft order that shares most of its lines (each draft order is used
 * once), or a blank one. No lines, no orders.
 */
export function reconcileCheckoutOrders<O extends DraftOrderLines, L extends SplittableLine & { id: number }>(
  draftOrders: readonly O[],
  lines: readonly L[],
  separatePreOrders: boolean,
  blank: (lineIds: number[]) => O,
): O[] {
  const used = new Set<number>();
  return splitIntoOrders(lines, separatePreOrders).map((group) => {
    const ids = group.map((l) => l.id);
    let best = -1;
    let bestOverlap = 0;
    draftOrders.forEach((order, index) => {
      if (used.has(index)) return;
      const overlap = order.line_ids.filter((id) => ids.includes(id)).length;
      if (overlap > bestOverlap) {
        best = index;
        bestOverlap = overlap;
      }
    });
    if (best < 0) return blank(ids);
    used.add(best);
    return { ...draftOrders[best]!, line_ids: ids };
  });
}

/** The current order index kept within the orders (the first when it fell off the end). */
export const clampCurrentOrder = (current: number, count: number) =>
  Number.isInteger(current) && current >= 0 && current < count ? current : 0;

/** What each checkout step needs before the shopper may move past it. */
export interface StepFacts {
  contactsValid: boolean;
  deliveryChosen: boolean;
  paymentChosen: boolean;
}

/**
 * The furthest step an order can stand on given what is filled in: contacts need valid contacts to be
 * passed, delivery a chosen way, payments a chosen payment. A step further than that is pulled back.
 */
export function furthestCheckoutStep(step: CheckoutStep, facts: StepFacts): CheckoutStep {
  const order: CheckoutStep[] = ['basket', 'contacts', 'delivery', 'payments', 'summary'];
  let limit: CheckoutStep = 'summary';
  if (!facts.paymentChosen) limit = 'payments';
  if (!facts.deliveryChosen) limit = 'delivery';
  if (!facts.contactsValid) limit = 'contacts';
  return order.indexOf(step) <= order.indexOf(limit) ? step : limit;
}
