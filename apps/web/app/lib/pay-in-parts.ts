// «Частями» in checkout (issue 17): the limit the draft keeps (§3 Checkout state mokkaCreditLimit,
// mokkaRange, mokkaWarranty) for the phone it was checked for, and why payment 19 is not offered yet.
import type { BasketItem, CheckoutDraftState } from '@store/api-client';
import { PAYMENT_TYPE_IDS, normalizePhone, partsRefusal, type PartsLimit } from '@store/domain';

type Params = CheckoutDraftState['params'];

/** The draft's limit when it was checked for this phone, else null. */
export function draftPartsLimit(params: Params, phone: string): PartsLimit | null {
  if (!params.mokkaStatus || !params.mokkaPhone || params.mokkaPhone !== normalizePhone(phone)) return null;
  return {
    status: params.mokkaStatus,
    creditLimit: params.mokkaCreditLimit ?? 0,
    range: params.mokkaRange,
    warranty: params.mokkaWarranty,
  };
}

export const hasWarranties = (items: readonly BasketItem[]) =>
  items.some((i) => i.children.some((c) => c.kind === 'warranty'));

/** Payment 19's reason to be disabled (null: it may be chosen); other payments: null. */
export function partsDisabledReason(
  paymentId: number,
  params: Params,
  phone: string,
  order: { total: number; items: readonly BasketItem[] },
): string | null {
  if (paymentId !== PAYMENT_TYPE_IDS.buyNowPayLater) return null;
  return partsRefusal(draftPartsLimit(params, phone), {
    total: order.total,
    hasWarranties: hasWarranties(order.items),
  });
}
