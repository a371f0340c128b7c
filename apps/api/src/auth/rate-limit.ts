// Fixed-window counters over the API cache (memory or Redis): sign-in, code sending and password
// reset are limited per phone or e-mail and per IP. With Redis the read and the write are two
// commands, so a burst of parallel requests can pass a few over the limit; the limits stay coarse.
import type { Cache } from '../cache.ts';
import { ApiError } from '../http/errors.ts';

export interface Limit {
  /** What is counted, e.g. 'send-code:phone'. */
  name: string;
  max: number;
  windowMs: number;
}

interface Window {
  count: number;
  resetAt: number;
}

/** Counts one hit of `subject` against each limit; throws 429 with a Russian message once a limit is passed. */
export async function hitRateLimits(
  cache: Cache,
  hits: { limit: Limit; subject: string | null }[],
  now = Date.now(),
): Promise<void> {
  for (const { limit, subject } of hits) {
    if (!subject) continue;
    const key = `rate:${limit.name}:${subject}`;
    const current = await cache.get<Window>(key);
    const window = current && current.resetAt > now ? current : { count: 0, resetAt: now + limit.windowMs };
    if (window.count >= limit.max) {
      const minutes = Math.max(1, Math.ceil((window.resetAt - now) / 60_000));
      throw new ApiError(429, `Слишком много попыток. Повторите через ${minutes} мин.`);
    }
    window.count += 1;
    await cache.set(key, window, window.resetAt - now);
  }
}

/** How many hits of `subject` the limit's current window holds. */
export async function rateLimitCount(cache: Cache, limit: Limit, subject: string, now = Date.now()): Promise<number> {
  const current = await cache.get<Window>(`rate:${limit.name}:${subject}`);
  return current && current.resetAt > now ? current.count : 0;
}

/** Forgets the counters of a subject (a successful sign-in clears its failures). */
export async function clearRateLimit(cache: Cache, limit: Limit, subject: string): Promise<void> {
  await cache.set(`rate:${limit.name}:${subject}`, { count: 0, resetAt: 0 }, 1);
}

export const LIMITS = {
  /** Codes per phone or e-mail: 5 an hour. */
  codePerRecipient: { name: 'code:recipient', max: 5, windowMs: 60 * 60_000 },
  /** Codes per IP: 20 an hour. */
  codePerIp: { name: 'code:ip', max: 20, windowMs: 60 * 60_000 },
  /** Password sign-in attempts per login: 10 in 15 minutes. */
  loginPerAccount: { name: 'login:account', max: 10, windowMs: 15 * 60_000 },
  /** Sign-in attempts (password or code) per IP: 50 in 15 minutes. */
  loginPerIp: { name: 'login:ip', max: 50, windowMs: 15 * 60_000 },
  /** Employee sign-in attempts per IP: 10 in 15 minutes. */
  employeePerIp: { name: 'employee:ip', max: 10, windowMs: 15 * 60_000 },
} satisfies Record<string, Limit>;
