// Credit in checkout (issue 17): the bank instalment variants a basket qualifies for (payment 20 as
// 0-0-24 / 0-0-36, derived from the bank-flagged promotions of its products) and the monthly payment
// of each credit payment. Checkout shows these figures and create-order holds the order to them, so
// what the shopper saw is what the application opens with (domain credit-checkout.ts).
import type { DatabaseHandle } from '@store/db';
import {
  PAYMENT_TYPE_IDS,
  bankInstalmentVariants,
  checkoutMonthlyPayment,
  type InstalmentVariant,
} from '@store/domain';
import { listActionsForProducts } from '../data/actions.ts';

/** The instalment variants of these products at this total (their active bank-flagged promotions). */
export async function instalmentVariantsFor(
  handle: DatabaseHandle,
  productIds: readonly number[],
  total: number,
): Promise<InstalmentVariant[]> {
  if (productIds.length === 0) return [];
  return bankInstalmentVariants(await listActionsForProducts(handle, [...new Set(productIds)], null), total);
}

/** The credit payments checkout shows a monthly payment for. */
const MONTHLY_PAYMENTS = [PAYMENT_TYPE_IDS.creditOnPlace, PAYMENT_TYPE_IDS.creditOnline, PAYMENT_TYPE_IDS.loan];

export async function creditCheckoutOptions(handle: DatabaseHandle, productIds: readonly number[], total: number) {
  return {
    instalments: await instalmentVariantsFor(handle, productIds, total),
    monthly: MONTHLY_PAYMENTS.flatMap((id) => {
      const term = checkoutMonthlyPayment(id, total);
      return term ? [{ payment_type_id: id, months: term.months, monthly_payment: term.payment }] : [];
    }),
  };
}

/**
 * create-order's check of payment 20: the chosen label must be a variant of the order's products at
 * its total; without a label the first variant is taken. Answers the label, or an error message.
 */
export async function instalmentForOrder(
  handle: DatabaseHandle,
  productIds: readonly number[],
  total: number,
  label: string | null | undefined,
): Promise<{ label: string } | { error: string }> {
  const variants = await instalmentVariantsFor(handle, productIds, total);
  if (variants.length === 0) return { error: 'Рассрочка от банка недоступна для товаров и суммы этого заказа' };
  const chosen = label ? variants.find((v) => v.label === label) : variants[0];
  return chosen ? { label: chosen.label } : { error: `Рассрочка ${label} недоступна для товаров и суммы этого заказа` };
}

/** The products of an order's lines (their promotions decide the instalment). */
export const goodsIds = (items: readonly { product_id: number }[]) => items.map((i) => i.product_id);
