// Checkout rules of SPEC §4 Checkout and §5 Other rules: the step flow, splitting pre-orders into
// their own order, removing an order, promotions (applicability, presents, narrowing the allowed
// delivery and payment ids) and which payments a basket may use, at checkout and on repayment.

export const CHECKOUT_STEPS = ['basket', 'contacts', 'delivery', 'payments', 'summary'] as const;
export type CheckoutStep = (typeof CHECKOUT_STEPS)[number];

export const isCheckoutStep = (value: unknown): value is CheckoutStep =>
  typeof value === 'string' && (CHECKOUT_STEPS as readonly string[]).includes(value);

/** The step after `step`, or null after the summary. */
export function nextCheckoutStep(step: CheckoutStep): CheckoutStep | null {
  return CHECKOUT_STEPS[CHECKOUT_STEPS.indexOf(step) + 1] ?? null;
}

/** The step before `step`, or null before the basket. */
export function previousCheckoutStep(step: CheckoutStep): CheckoutStep | null {
  const index = CHECKOUT_STEPS.indexOf(step);
  return index > 0 ? CHECKOUT_STEPS[index - 1]! : null;
}

/** A shopper may go back to any step already passed, or forward only one step at a time. */
export function canOpenCheckoutStep(current: CheckoutStep, wanted: CheckoutStep): boolean {
  return CHECKOUT_STEPS.indexOf(wanted) <= CHECKOUT_STEPS.indexOf(current) + 1;
}

// ---------------------------------------------------------------- Orders on one checkout page

export interface SplittableLine {
  isPreOrder: boolean;
}

/**
 * The orders of one basket: everything in one order, or, when separation is requested and the
 * basket mixes them, the in-stock lines first and the pre-order lines in a second order (SPEC §4:
 * pre-order items cannot be mixed with the rest when separation is requested).
 */
export function splitIntoOrders<L extends SplittableLine>(lines: readonly L[], separatePreOrders: boolean): L[][] {
  if (lines.length === 0) return [];
  const regular = lines.filter((l) => !l.isPreOrder);
  const preorder = lines.filter((l) => l.isPreOrder);
  if (!separatePreOrders || regular.length === 0 || preorder.length === 0) return [[...lines]];
  return [regular, preorder];
}

/** Whether the shopper can be offered to split: the basket mixes pre-order and in-stock lines. */
export const canSeparatePreOrders = (lines: readonly SplittableLine[]) =>
  lines.some((l) => l.isPreOrder) && lines.some((l) => !l.isPreOrder);

/**
 * Removing an order (SPEC §4): the first remaining order becomes current; with none left the cart
 * is empty and the page scrolls to the top.
 */
export function removeOrder<O>(
  orders: readonly O[],
  index: number,
): { orders: O[]; current: number | null; empty: boolean; scrollToTop: boolean } {
  const remaining = orders.filter((_, i) => i !== index);
  if (remaining.length === 0) return { orders: [], current: null, empty: true, scrollToTop: true };
  return { orders: remaining, current: 0, empty: false, scrollToTop: false };
}

/** Cart products are kept only when available or when supplier offers exist (SPEC §4). */
export const keepsCartProduct = (product: { available: boolean; supplierOffersCount: number }) =>
  product.available || product.supplierOffersCount > 0;

// ---------------------------------------------------------------- Promotions

export interface CheckoutAction {
  id: number;
  action_type: string;
  delivery_ids: readonly number[] | null;
  payment_ids: readonly number[] | null;
  mechanics: { done?: boolean | null; conditions?: readonly { done?: boolean | null }[] | null } | null;
}

/** A cart action applies when its mechanics are done, or it is 'info', or all its conditions are done. */
export function isActionApplicable(action: Pick<CheckoutAction, 'action_type' | 'mechanics'>): boolean {
  if (action.action_type === 'info') return true;
  const mechanics = action.mechanics;
  if (!mechanics) return false;
  if (mechanics.done) return true;
  const conditions = mechanics.conditions ?? [];
  return conditions.length > 0 && conditions.every((c) => c.done === true);
}

/**
 * The delivery and payment ids the shopper may still choose once promotions are selected: the
 * intersection of every selected promotion's lists with what the city offers. A promotion with no
 * list (null or empty) does not restrict that kind.
 */
export function allowedIdsForActions(
  selected: readonly Pick<CheckoutAction, 'delivery_ids' | 'payment_ids'>[],
  offered: { deliveryIds: readonly number[]; paymentIds: readonly number[] },
): { deliveryIds: number[]; paymentIds: number[] } {
  const narrow = (all: readonly number[], lists: (readonly number[] | null)[]) =>
    lists.reduce<number[]>(
      (ids, list) => (list && list.length > 0 ? ids.filter((id) => list.includes(id)) : ids),
      [...all],
    );
  return {
    deliveryIds: narrow(
      offered.deliveryIds,
      selected.map((a) => a.delivery_ids),
    ),
    paymentIds: narrow(
      offered.paymentIds,
      selected.map((a) => a.payment_ids),
    ),
  };
}

/** Choosing a present marks only that present selected (SPEC §4). */
export function selectPresent<P extends { product_id: number; selected: boolean }>(
  presents: readonly P[],
  productId: number,
): P[] {
  return presents.map((p) => ({ ...p, selected: p.product_id === productId }));
}

// ---------------------------------------------------------------- Payments

export interface PaymentOption {
  id: number;
  linked_payment_type_id: number | null;
  available_gift_certificate: boolean;
  /** Kopecks; null means no bound. */
  min_basket_threshold: number | null;
  max_basket_threshold: number | null;
}

/**
 * The payments a basket may use (SPEC §5): only those whose min and max basket thresholds hold the
 * total; a basket of gift certificates only keeps the ones that accept them.
 */
export function paymentsForBasket<P extends PaymentOption>(
  payments: readonly P[],
  basket: { totalKopecks: number; giftCertificatesOnly: boolean },
): P[] {
  return payments.filter(
    (p) =>
      (p.min_basket_threshold === null || basket.totalKopecks >= p.min_basket_threshold) &&
      (p.max_basket_threshold === null || basket.totalKopecks <= p.max_basket_threshold) &&
      (!basket.giftCertificatesOnly || p.available_gift_certificate),
  );
}

/**
 * Payments offered on the repayment page (SPEC §5): virtual payments linked to the order's payment
 * type and allowed for that order. An empty answer means the page shows «Страница не найдена».
 */
export function repaymentOffers<P extends PaymentOption>(
  virtualPayments: readonly P[],
  order: { paymentTypeId: number; allowedPaymentIds: readonly number[] },
): P[] {
  return virtualPayments.filter(
    (p) => p.linked_payment_type_id === order.paymentTypeId && order.allowedPaymentIds.includes(p.id),
  );
}
