// «Частями» (§9 payment 19): the buy-now-pay-later provider behind a small adapter. The store asks it
// for the shopper's limit by phone (§7 POST /broker/revo/limit answers it to checkout); the order is
// paid in four parts, the first one now through the store's acquirer, and the provider finances the
// rest. The built-in implementation is the sandbox below: it works offline and decides by the phone's
// last digits (the README's «Оплата частями» demo steps list them).
//
// A real provider (Revo's factoring API, say) has the same shape: POST {base}/limit with
// {"client": {"mobile_phone": "79…"}}, signed with the partner's secret, answering
// {"status": 0, "client": {"limit_amount": "60000.00", "status": "approved"}}; its adapter converts
// rubles to kopecks and maps a refusal to `declined` and an error or timeout to `unavailable`.
import { PARTS_MIN_TOTAL, type PartsLimit } from '@store/domain';

export interface PayInPartsProvider {
  readonly name: string;
  /** The limit for a normalised phone (79XXXXXXXXX). Never throws: a failure is `unavailable`. */
  limit(phone: string): Promise<PartsLimit>;
  /**
   * The order was cancelled: the provider stops the schedule, so no further part is charged (the parts
   * already paid through the store's acquirer the store refunds itself). Idempotent by order; throws when
   * the provider does not answer (the store asks again).
   */
  cancelPlan(input: { orderId: number; phone: string; total: number }): Promise<{ cancelledAt: string }>;
}

/** The sandbox keeps the plans it was told to cancel, as a provider would (tests and the demo read them). */
export interface SandboxPayInParts extends PayInPartsProvider {
  cancelledPlan(orderId: number): { orderId: number; phone: string; total: number; cancelledAt: string } | undefined;
}

const RUB = 100;

/** The sandbox's test phones, by their last four digits; any other phone is approved. */
export const SANDBOX_PARTS_PHONES = {
  /** No limit for this phone. */
  declined: '0000',
  /** The provider does not answer. */
  unavailable: '9999',
} as const;

/** The sandbox's limits: 60 000 ₽ for a phone ending in an even digit, 20 000 ₽ for an odd one. */
export const SANDBOX_PARTS_LIMITS = { even: 60_000 * RUB, odd: 20_000 * RUB } as const;

export function sandboxPartsLimit(phone: string): PartsLimit {
  const tail = phone.slice(-4);
  if (tail === SANDBOX_PARTS_PHONES.unavailable) {
    return { status: 'unavailable', creditLimit: 0, range: null, warranty: false };
  }
  if (tail === SANDBOX_PARTS_PHONES.declined)
    return { status: 'declined', creditLimit: 0, range: null, warranty: false };
  const even = Number(phone.at(-1)) % 2 === 0;
  const creditLimit = even ? SANDBOX_PARTS_LIMITS.even : SANDBOX_PARTS_LIMITS.odd;
  // The larger limit also finances an extended warranty bought with the goods.
  return { status: 'approved', creditLimit, range: { min: PARTS_MIN_TOTAL, max: creditLimit }, warranty: even };
}

export function createSandboxPayInParts(): SandboxPayInParts {
  const cancelled = new Map<number, { orderId: number; phone: string; total: number; cancelledAt: string }>();
  return {
    name: 'sandbox',
    limit: async (phone) => sandboxPartsLimit(phone),
    async cancelPlan(input) {
      const done = cancelled.get(input.orderId);
      if (done) return { cancelledAt: done.cancelledAt };
      const plan = { ...input, cancelledAt: new Date().toISOString() };
      cancelled.set(input.orderId, plan);
      return { cancelledAt: plan.cancelledAt };
    },
    cancelledPlan: (orderId) => cancelled.get(orderId),
  };
}
