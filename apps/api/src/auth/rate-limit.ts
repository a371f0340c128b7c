// Fixed-window counters over the API cache (memory or Redis): sign-in, code sending and password
// reset are limited per phone or e-mail and per IP. Each hit is one atomic increment (Redis: one
// script), so several instances behind a balancer, even in a burst, let exactly `max` hits through.
import type { Cache } from '../cache.ts';
import { ApiError } from '../http/errors.ts';

export interface Limit {
  /** What is counted, e.g. 'send-code:phone'. */
  name: string;
  max: number;
  windowMs: number;
  /** The 429 message with the minutes left; the generic one by default. */
  message?: (minutes: number) => string;
}

/** Counts one hit of `subject` against each limit; throws 429 with a Russian message once a limit is passed. */
export async function hitRateLimits(cache: Cache, hits: { limit: Limit; subject: string | null }[]): Promise<void> {
  for (const { limit, subject } of hits) {
    if (!subject) continue;
    const { count, resetInMs } = await cache.increment(`rate:${limit.name}:${subject}`, limit.windowMs);
    if (count > limit.max) {
      const minutes = Math.max(1, Math.ceil(resetInMs / 60_000));
      throw new ApiError(429, limit.message?.(minutes) ?? `Слишком много попыток. Повторите через ${minutes} мин.`);
    }
  }
}

/** How many hits of `subject` the limit's current window holds. */
export async function rateLimitCount(cache: Cache, limit: Limit, subject: string): Promise<number> {
  const current = await cache.get<unknown>(`rate:${limit.name}:${subject}`);
  return typeof current === 'number' ? current : 0;
}

/** Forgets the counters of a subject (a successful sign-in clears its failures). */
export async function clearRateLimit(cache: Cache, limit: Limit, subject: string): Promise<void> {
  await cache.delete(`rate:${limit.name}:${subject}`);
}

export const LIMITS = {
  /** Codes per phone or e-mail: 5 an hour. */
  codePerRecipient: { name: 'code:recipient', max: 5, windowMs: 60 * 60_000 },
  /** Codes per IP: 20 an hour. */
  codePerIp: { name: 'code:ip', max: 20, windowMs: 60 * 60_000 },
  /**
   * Password sign-in attempts of one login from one IP: 10 in 15 minutes. Never per login alone:
   * anyone could then lock a customer out by typing wrong passwords for their phone (decision 0012).
   */
  loginPerAccountAndIp: {
    name: 'login:account-ip',
    max: 10,
    windowMs: 15 * 60_000,
    message: (minutes) => `Слишком много неверных паролей. Повторите через ${minutes} мин. или войдите по коду из SMS.`,
  },
  /** Sign-in attempts (password or code) per IP, whatever the login: 50 in 15 minutes. */
  loginPerIp: { name: 'login:ip', max: 50, windowMs: 15 * 60_000 },
  /**
   * Failed password sign-ins of a login from any IP. It never refuses by itself: from
   * CAPTCHA_AFTER_FAILURES on the captcha is asked (auth/captcha.ts), which stops a spread-out guesser
   * without locking the owner out.
   */
  loginFailures: { name: 'login:failures', max: Number.MAX_SAFE_INTEGER, windowMs: 15 * 60_000 },
  /** Employee sign-in attempts per IP: 10 in 15 minutes. */
  employeePerIp: { name: 'employee:ip', max: 10, windowMs: 15 * 60_000 },
} satisfies Record<string, Limit>;
