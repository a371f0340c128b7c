// The sandbox acquirer's refund horizon (decision 0058): in a shared cache a payment nobody paid is kept a
// day, a succeeded one long enough to be refunded months later, as a real acquirer refunds; a partial
// refund and then the rest, each at most what is left.
import { describe, expect, it } from 'vitest';
import { buildReceipt } from '@store/domain';
import {
  RefundRefused,
  SANDBOX_OPEN_SESSION_MS,
  SANDBOX_REFUND_HORIZON_MS,
  createSandboxProvider,
  sharedSandboxSessions,
} from './payment-provider.ts';

const DAY = 24 * 60 * 60 * 1000;

/** A cache with its own clock that forgets an entry past its time, as Redis's PX does. */
function clockedCache() {
  let now = 0;
  const entries = new Map<string, { value: unknown; expires: number }>();
  return {
    advance: (ms: number) => void (now += ms),
    cache: {
      get: async <T>(key: string) => {
        const entry = entries.get(key);
        return entry && entry.expires > now ? (structuredClone(entry.value) as T) : undefined;
      },
      set: async (key: string, value: unknown, ttlMs: number) =>
        void entries.set(key, { value: structuredClone(value), expires: now + ttlMs }),
      delete: async (key: string) => void entries.delete(key),
    },
  };
}

const receipt = buildReceipt({
  lines: [{ name: 'Чайник', qty: 2, finalPrice: 2_000_00, vat: 22, kind: 'product' }],
  deliveryCost: 0,
  amount: 4_000_00,
  customer: { phone: '79161234567', email: null },
  at: new Date('2026-11-26T12:00:00Z'),
});

async function payment(clock: ReturnType<typeof clockedCache>) {
  const provider = createSandboxProvider({ secret: 'x'.repeat(32), sessions: sharedSandboxSessions(clock.cache) });
  const { providerPaymentId } = await provider.createPayment({
    paymentId: 1,
    orderId: 1,
    amount: 4_000_00,
    method: 'card',
    receipt,
    returnUrl: '/cart/success/1',
    description: 'Заказ №1',
  });
  return { provider, id: providerPaymentId };
}

describe('the sandbox acquirer keeps what it needs to refund', () => {
  it('forgets an unpaid payment after a day', async () => {
    const clock = clockedCache();
    const { provider, id } = await payment(clock);
    clock.advance(SANDBOX_OPEN_SESSION_MS - 1000);
    expect(await provider.sessions.get(id)).toBeDefined();
    clock.advance(2000);
    expect(await provider.sessions.get(id)).toBeUndefined();
  });

  it('refunds a succeeded payment months later, in parts, never more than it took', async () => {
    const clock = clockedCache();
    const { provider, id } = await payment(clock);
    const session = (await provider.sessions.get(id))!;
    await provider.sessions.set({ ...session, status: 'succeeded' });
    clock.advance(90 * DAY);
    const first = await provider.refund({ refundId: 'r1', providerPaymentId: id, amount: 2_000_00, receipt });
    expect(first.amount).toBe(2_000_00);
    clock.advance(SANDBOX_REFUND_HORIZON_MS - DAY);
    // The horizon counts from the last refund.
    await expect(
      provider.refund({ refundId: 'r2', providerPaymentId: id, amount: 2_000_01, receipt }),
    ).rejects.toBeInstanceOf(RefundRefused);
    expect((await provider.refund({ refundId: 'r2', providerPaymentId: id, amount: 2_000_00, receipt })).amount).toBe(
      2_000_00,
    );
    // The same refund id answers the same refund.
    expect(
      (await provider.refund({ refundId: 'r1', providerPaymentId: id, amount: 2_000_00, receipt })).providerRefundId,
    ).toBe(first.providerRefundId);
  });
});
