// The payment provider adapter: the store asks it to start a payment (amount, 54-FZ receipt, card or
// SBP, the page to return to) and gets back the provider's payment id and the page where the shopper
// confirms it; the provider later tells the store the result in a signed callback.
//
// The built-in implementation is the sandbox acquirer (apps/api/src/sandbox-acquirer/): its pages run
// in this same process, so its sessions live in memory (in the shared cache with REDIS_URL, since with
// several instances the page that pays may be served by another instance than the one that started the
// payment; decision 0040) and its callback secret may be a random per-process one. A real acquirer would implement the same interface (an HTTP call in
// createPayment, its own signature scheme in verifyCallback) and be passed in deps.adapters.
import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { Receipt } from '@store/domain';

export type PaymentMethodKind = 'card' | 'sbp';

export interface CreateProviderPaymentInput {
  /** The store's payment id and order number, for the provider's records and the page's description. */
  paymentId: number;
  orderId: number;
  /** Kopecks. */
  amount: number;
  method: PaymentMethodKind;
  receipt: Receipt;
  /** Where the provider sends the shopper back when the payment ends (a path of the store). */
  returnUrl: string;
  description: string;
}

export interface ProviderPayment {
  providerPaymentId: string;
  /** The provider's page where the shopper pays (card form or SBP QR code). */
  confirmationUrl: string;
}

/** A callback's event, in the store's terms. */
export interface PaymentEvent {
  eventId: string;
  providerPaymentId: string;
  status: 'succeeded' | 'declined';
  /** Kopecks. */
  amount: number;
  reason: string | null;
}

export interface ProviderRefundInput {
  /** The store's refund id: the provider answers a repeated id with the first answer, never a second refund. */
  refundId: string;
  providerPaymentId: string;
  /** Kopecks back to the card. */
  amount: number;
  /** The «возврат прихода» receipt (tag 1054 = 2) the provider fiscalises with the refund. */
  receipt: Receipt;
}

export interface ProviderRefund {
  providerRefundId: string;
  /** Kopecks refunded by this refund id. */
  amount: number;
}

/**
 * The provider said no for good (more than was paid, a payment that never succeeded, an unknown
 * payment): asking again would not help, an operator has to look. Any other error may pass: ask again.
 */
export class RefundRefused extends Error {
  constructor(readonly reason: string) {
    super(`refund refused: ${reason}`);
  }
}

export interface PaymentProvider {
  /** Stored in payments.provider and in the callback path (/api/payment/callback/{name}). */
  readonly name: string;
  createPayment(input: CreateProviderPaymentInput): Promise<ProviderPayment>;
  /** Whether the shopper can still complete this payment at the provider (an answered create-payment reuses it). */
  isOpen(providerPaymentId: string): Promise<boolean>;
  /**
   * Gives `amount` of a succeeded payment back to the card. Idempotent by `refundId`; throws
   * RefundRefused when the provider will not (more than is left of the payment, say).
   */
  refund(input: ProviderRefundInput): Promise<ProviderRefund>;
  /** Whether a callback's raw body carries a valid signature (the header value as received). */
  verifyCallback(rawBody: string, signature: string | undefined): boolean;
  /** The event of a callback body, or null when the body is not one. */
  parseEvent(rawBody: string): PaymentEvent | null;
  /** The id of the event in a body, read before the signature is trusted (for the log). */
  eventIdOf(rawBody: string): string | null;
}

// ---------------------------------------------------------------- the sandbox acquirer

export const SANDBOX_PROVIDER = 'sandbox';
export const SANDBOX_SIGNATURE_HEADER = 'x-sandbox-signature';
export const SANDBOX_BASE_PATH = '/sandbox-acquirer';

export type SandboxStatus = 'pending' | 'waiting_3ds' | 'succeeded' | 'declined';

export interface SandboxSession {
  id: string;
  paymentId: number;
  orderId: number;
  amount: number;
  method: PaymentMethodKind;
  description: string;
  returnUrl: string;
  receipt: Receipt;
  status: SandboxStatus;
  declineReason: string | null;
  /** Refunds by the store's refund id (absent on sessions made before refunds existed). */
  refunds?: Record<string, { id: string; amount: number; receipt: Receipt; at: string }>;
}

/** Kopecks of a sandbox session given back so far. */
export const sandboxRefunded = (session: SandboxSession) =>
  Object.values(session.refunds ?? {}).reduce((sum, r) => sum + r.amount, 0);

/** The callback body the sandbox sends. */
export interface SandboxCallbackBody {
  event_id: string;
  type: 'payment.succeeded' | 'payment.declined';
  payment: { id: string; amount: number; status: 'succeeded' | 'declined'; decline_reason: string | null };
}

/** Where the sandbox keeps its payment sessions: this process's memory, or a cache every instance shares. */
export interface SandboxSessions {
  get(id: string): Promise<SandboxSession | undefined>;
  set(session: SandboxSession): Promise<void>;
  delete(id: string): Promise<void>;
}

export function memorySandboxSessions(): SandboxSessions {
  const sessions = new Map<string, SandboxSession>();
  return {
    get: async (id) => {
      const session = sessions.get(id);
      return session && { ...session };
    },
    set: async (session) => void sessions.set(session.id, { ...session }),
    delete: async (id) => void sessions.delete(id),
  };
}

/** How long the sandbox keeps a payment nobody paid: the shopper's day to finish or give up. */
export const SANDBOX_OPEN_SESSION_MS = 24 * 60 * 60 * 1000;
/**
 * How long the sandbox keeps a succeeded payment, so it can still be refunded (decision 0058): a real
 * acquirer refunds for months, and a refund may come with a return under the law on consumer rights
 * (goods of proper quality in 14 days, a defect within the 1–2 year warranty). 400 days covers a year's
 * warranty and its paperwork; every refund sets the session again, so the horizon counts from the last one.
 */
export const SANDBOX_REFUND_HORIZON_MS = 400 * 24 * 60 * 60 * 1000;

/** The time a session is kept: a succeeded one for its refunds, any other a day. */
export const sandboxSessionTtl = (session: Pick<SandboxSession, 'status'>) =>
  session.status === 'succeeded' ? SANDBOX_REFUND_HORIZON_MS : SANDBOX_OPEN_SESSION_MS;

/** Sessions in a shared cache (Redis): any instance serves the acquirer's pages and answers refunds. */
export function sharedSandboxSessions(cache: {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttlMs: number): Promise<void>;
  delete(key: string): Promise<void>;
}): SandboxSessions {
  const key = (id: string) => `sandbox-acquirer:session:${id}`;
  return {
    get: (id) => cache.get<SandboxSession>(key(id)),
    set: (session) => cache.set(key(session.id), session, sandboxSessionTtl(session)),
    delete: (id) => cache.delete(key(id)),
  };
}

export interface SandboxProvider extends PaymentProvider {
  readonly sessions: SandboxSessions;
  /** HMAC-SHA256 of a raw body with the shared secret, hex. */
  sign(rawBody: string): string;
}

export function createSandboxProvider(
  options: { secret?: string | undefined; sessions?: SandboxSessions | undefined } = {},
): SandboxProvider {
  // Without a configured secret a random one per process: the acquirer and the store share it.
  const secret = options.secret ?? randomBytes(32).toString('hex');
  const sessions = options.sessions ?? memorySandboxSessions();
  const sign = (rawBody: string) => createHmac('sha256', secret).update(rawBody).digest('hex');
  const parse = (rawBody: string): unknown => {
    try {
      return JSON.parse(rawBody);
    } catch {
      return null;
    }
  };

  return {
    name: SANDBOX_PROVIDER,
    sessions,
    sign,
    async createPayment(input) {
      const id = `sbx_${randomBytes(12).toString('hex')}`;
      await sessions.set({ ...input, id, status: 'pending', declineReason: null });
      return { providerPaymentId: id, confirmationUrl: `${SANDBOX_BASE_PATH}/pay/${id}` };
    },
    async isOpen(providerPaymentId) {
      const status = (await sessions.get(providerPaymentId))?.status;
      return status === 'pending' || status === 'waiting_3ds';
    },
    async refund(input) {
      const session = await sessions.get(input.providerPaymentId);
      if (!session) throw new RefundRefused('payment not found');
      const done = session.refunds?.[input.refundId];
      if (done) {
        if (done.amount !== input.amount) throw new RefundRefused('refund id reused with another amount');
        return { providerRefundId: done.id, amount: done.amount };
      }
      if (session.status !== 'succeeded') throw new RefundRefused('payment not succeeded');
      if (!Number.isSafeInteger(input.amount) || input.amount <= 0) throw new RefundRefused('amount not positive');
      if (sandboxRefunded(session) + input.amount > session.amount) {
        throw new RefundRefused('amount exceeds what is left of the payment');
      }
      const refund = {
        id: `sbr_${randomBytes(12).toString('hex')}`,
        amount: input.amount,
        receipt: input.receipt,
        at: new Date().toISOString(),
      };
      await sessions.set({ ...session, refunds: { ...session.refunds, [input.refundId]: refund } });
      return { providerRefundId: refund.id, amount: refund.amount };
    },
    verifyCallback(rawBody, signature) {
      if (!signature || !/^[0-9a-f]{64}$/i.test(signature)) return false;
      const expected = Buffer.from(sign(rawBody), 'hex');
      return timingSafeEqual(expected, Buffer.from(signature, 'hex'));
    },
    eventIdOf(rawBody) {
      const body = parse(rawBody) as { event_id?: unknown } | null;
      return body && typeof body.event_id === 'string' ? body.event_id.slice(0, 100) : null;
    },
    parseEvent(rawBody) {
      const body = parse(rawBody) as Partial<SandboxCallbackBody> | null;
      const payment = body?.payment;
      if (
        !body ||
        typeof body.event_id !== 'string' ||
        (body.type !== 'payment.succeeded' && body.type !== 'payment.declined') ||
        !payment ||
        typeof payment.id !== 'string' ||
        !Number.isInteger(payment.amount)
      ) {
        return null;
      }
      return {
        eventId: body.event_id,
        providerPaymentId: payment.id,
        status: body.type === 'payment.succeeded' ? 'succeeded' : 'declined',
        amount: payment.amount,
        reason: typeof payment.decline_reason === 'string' ? payment.decline_reason : null,
      };
    },
  };
}
