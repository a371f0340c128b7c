// Bonuses in checkout (issue 15, decision 0026): create-order calls these two with a line each.
// `priceOrderWithBonuses` takes the chosen bonuses off the order's price before the payment
// thresholds are checked; `holdCheckoutBonuses` blocks them on the card in the order's own
// transaction (after the stock rows are locked) and records the card the order earns for.
import type { DatabaseHandle, TransactionHandle } from '@store/db';
import { LOYALTY_MESSAGES, priceWithBonuses, spendableNow, type OrderPrice, type PricingItem } from '@store/domain';
import { insertOrderCard, listProductCategoryPaths } from '../data/loyalty.ts';
import { holdOrderBonuses, readCard } from './loyalty.ts';

/** The card of the shopper placing an order: the customer's, or the guest's signed-in card. */
export interface CheckoutCard {
  cardId: number;
}

export interface CheckoutBonuses {
  /** Whole bonuses the order spends. */
  applied: number;
  /** Bonuses of each line in the order writeLines inserts them (parents before children). */
  perLine: number[];
}

export const SIGN_IN_FOR_BONUSES = LOYALTY_MESSAGES.signInToSpend;

/** What a card can spend on an order's price: the basket's limit (after promotions) and the card's balance. */
export interface BonusQuote {
  /** Whole bonuses available on the card now; null without a card (phone authorisation is needed). */
  available: number | null;
  /** The most bonuses the order's lines can take (30 % of each unit after promotions). */
  max: number;
  /** The most this card can spend on the order now: the smaller of `max` and `available` (0 without a card). */
  spendable: number;
  /** The amount asked, within the limit and the balance: what create-order is given. */
  amount: number;
  /** Bonuses that amount takes off the lines (whole kopecks per unit can leave it a little lower). */
  applied: number;
}

async function bonusPricing<P extends BonusPrice>(handle: DatabaseHandle, price: P) {
  const productIds = price.items.flatMap((i) => [i.item.product_id, ...i.children.map((c) => c.item.product_id)]);
  const paths = await listProductCategoryPaths(handle, [...new Set(productIds)]);
  const take = (amount: number) => priceWithBonuses(price, amount, (id) => paths.get(id) ?? []);
  return { take, max: take(Number.MAX_SAFE_INTEGER).applied };
}

type BonusPrice = Parameters<typeof priceWithBonuses>[0];

/**
 * The checkout's bonus choice priced (calc-apply-to-basket's `bonuses`): the shopper's amount is cut to
 * the basket's limit and the card's balance, so the summary shows what create-order will take.
 */
export async function quoteCheckoutBonuses(
  handle: DatabaseHandle,
  price: BonusPrice,
  requested: number,
  card: CheckoutCard | null,
): Promise<BonusQuote> {
  const { take, max } = await bonusPricing(handle, price);
  const available = card ? (await readCard(handle, card.cardId)).balance.available : null;
  const spendable = spendableNow(max, available ?? 0);
  const amount = Math.min(spendable, Math.max(0, requested));
  return { available, max, spendable, amount, applied: take(amount).applied };
}

/** The order's price with `amount` bonuses taken off; field errors go to `bonuses`. */
export async function priceOrderWithBonuses<I extends PricingItem>(
  handle: DatabaseHandle,
  price: OrderPrice<I>,
  amount: number | null | undefined,
  card: CheckoutCard | null,
  errors: Record<string, string[]>,
): Promise<{ price: OrderPrice<I>; bonuses: CheckoutBonuses | null }> {
  if (!amount || amount <= 0) return { price, bonuses: null };
  if (!card) {
    (errors.bonuses ??= []).push(SIGN_IN_FOR_BONUSES);
    return { price, bonuses: null };
  }
  const { take, max } = await bonusPricing(handle, price);
  if (amount > max) {
    (errors.bonuses ??= []).push(LOYALTY_MESSAGES.tooMany(max));
    return { price, bonuses: null };
  }
  const result = take(amount);
  const { balance } = await readCard(handle, card.cardId);
  if (balance.available < result.applied) {
    (errors.bonuses ??= []).push(LOYALTY_MESSAGES.notEnough);
    return { price, bonuses: null };
  }
  return { price: result.price, bonuses: { applied: result.applied, perLine: result.perLine } };
}

/** In the order's transaction: the order's card, and the bonuses blocked per line (never below zero). */
export async function holdCheckoutBonuses(
  tx: Pick<TransactionHandle, 'query'>,
  orderId: number,
  card: CheckoutCard | null,
  bonuses: CheckoutBonuses | null,
) {
  if (!card) return;
  await insertOrderCard(tx, orderId, card.cardId);
  if (!bonuses || bonuses.applied === 0) return;
  const lineIds = await tx.query<{ id: number }>(
    `select id from order_lines where order_id = $1 and kind <> 'present' order by id`,
    [orderId],
  );
  const lines = bonuses.perLine.flatMap((amount, i) =>
    amount > 0 && lineIds[i] ? [{ lineId: lineIds[i].id, amount }] : [],
  );
  await holdOrderBonuses(tx, card.cardId, orderId, lines);
}
