// A fixed-window limit per client address, kept in the API cache (memory, or Redis shared between
// instances, counted atomically). Good enough to stop guessing order numbers; not a precise token bucket.
import type { Cache } from '../cache.ts';
import { ApiError } from './errors.ts';

/** The client's address: the one rule of http/client-address.ts. */
export { clientAddress } from './client-address.ts';

export const TOO_MANY_ATTEMPTS = 'Слишком много попыток. Попробуйте позже';

/** Counts one attempt of `key` (atomically, across instances) and throws 429 once more than `limit` fall in the window. */
export async function limitAttempts(cache: Cache, key: string, limit: number, windowMs: number) {
  const { count } = await cache.increment(`rate:${key}`, windowMs);
  if (count > limit) throw new ApiError(429, TOO_MANY_ATTEMPTS);
}
