// A payment method as the API answers it: the facts /v2/payment (checkout) and /v2/delivery/terms (the
// delivery pages) both give, each call adding its own (thresholds, ways).
import { PAYMENT_TABS, type PaymentMethod } from '@store/domain';

/** A payment method's facts (schemas/payments.ts paymentMethodFields documents them). */
export function paymentMethodFacts(m: PaymentMethod) {
  return {
    id: m.id,
    name: m.name,
    description: m.description,
    tab: m.tab,
    tab_label: PAYMENT_TABS.find((t) => t.id === m.tab)!.label,
    prepaid: m.prepaid,
    instalment_label: m.instalmentLabel ?? null,
  };
}
