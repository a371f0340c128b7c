// Checkout's credit options for the current order (issue 17). §8: a failed payment load is swallowed:
// the server logs it and payment 20 shows as unavailable rather than offering what create-order refuses.
import type { ApiClient, BasketItem } from '@store/api-client';
import type { CreditOptions } from './credit-checkout.ts';

export async function creditOptionsFor(
  api: Pick<ApiClient, 'credit'>,
  items: readonly Pick<BasketItem, 'product_id'>[],
  total: number,
): Promise<CreditOptions | null> {
  if (items.length === 0 || total <= 0) return null;
  return api.credit.checkoutOptions([...new Set(items.map((i) => i.product_id))], total).catch((error: unknown) => {
    console.error('checkout: credit options failed', error);
    return null;
  });
}
