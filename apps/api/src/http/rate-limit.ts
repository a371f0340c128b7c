// A fixed-window limit per client address, kept in the API cache (memory, or Redis shared between
// instances). Good enough to stop guessing order numbers; not a precise token bucket.
import type { Cache } from '../cache.ts';
import { ApiError } from './errors.ts';

/** The client's address: the one rule of http/client-address.ts. */
export { clientAddress } from './client-address.ts';

export const TOO_MANY_ATTEMPTS = 'Слишком много попыток. Попробуйте позже';

/** Counts one attempt of `key` and throws 429 once more than `limit` fall in the current window. */
export async function limitAttempts(cache: Cache, key: string, limit: number, windowMs: number, now = Date.now()) {
  const cacheKey = `rate:${key}`;
  const entry = await cache.get<{ count: number; resetAt: number }>(cacheKey);
  const current = entry && entry.resetAt > now ? entry : { count: 0, resetAt: now + windowMs };
  const next = { count: current.count + 1, resetAt: current.resetAt };
  await cache.set(cacheKey, next, Math.max(1, next.resetAt - now));
  if (next.count > limit) throw new ApiError(429, TOO_MANY_ATTEMPTS);
}
