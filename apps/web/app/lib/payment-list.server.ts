// §8: a failed payment list load is swallowed. The checkout then offers the store's own list of
// methods (the domain's, the same one GET /api/v2/payment answers from), so the tabs still show what
// they can and the shopper is never stuck on the payments step; create-order checks the choice again.
import type { ApiClient, Payment } from '@store/api-client';
import { PAYMENT_METHODS, PAYMENT_TABS } from '@store/domain';

/** The methods as /v2/payment answers them, from the domain's list. */
export const builtInPayments = (): Payment[] =>
  PAYMENT_METHODS.map((m) => ({
    id: m.id,
    name: m.name,
    description: m.description,
    tab: m.tab,
    tab_label: PAYMENT_TABS.find((t) => t.id === m.tab)!.label,
    prepaid: m.prepaid,
    linked_payment_type_id: m.linked_payment_type_id,
    available_gift_certificate: m.available_gift_certificate,
    min_basket_threshold: m.min_basket_threshold,
    max_basket_threshold: m.max_basket_threshold,
    instalment_label: m.instalmentLabel ?? null,
  }));

export async function paymentList(api: Pick<ApiClient, 'payments'>, log = console.error): Promise<Payment[]> {
  try {
    return await api.payments.list();
  } catch (error) {
    log('checkout: payment list failed, offering the built-in methods', error);
    return builtInPayments();
  }
}
