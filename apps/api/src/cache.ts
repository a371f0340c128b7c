// Read-through cache for data that changes rarely (menus, category lists).
// In memory by default; REDIS_URL shares it between instances behind a load balancer.
import { Redis } from 'ioredis';

export interface Cache {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttlMs: number): Promise<void>;
  /**
   * Adds one to a counter in one atomic step (Redis: one script), starting a window of `windowMs` at
   * its first hit: rate limits count right across instances, even in a burst (issue 19).
   */
  increment(key: string, windowMs: number): Promise<{ count: number; resetInMs: number }>;
  /** Sets `key` only when it is absent, atomically (Redis SET NX): true for the one caller that did. */
  claim(key: string, ttlMs: number): Promise<boolean>;
  delete(key: string): Promise<void>;
  clear(): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryCache(maxEntries = 5000): Cache {
  const entries = new Map<string, { value: unknown; expires: number }>();
  // Synchronous reads and writes: nothing can come between the read and the write of increment and claim.
  const live = (key: string) => {
    const entry = entries.get(key);
    if (entry && entry.expires < Date.now()) {
      entries.delete(key);
      return undefined;
    }
    return entry;
  };
  const put = (key: string, value: unknown, ttlMs: number) => {
    if (entries.size >= maxEntries && !entries.has(key)) {
      // Drop the oldest insertion: a Map iterates in insertion order.
      const oldest = entries.keys().next().value;
      if (oldest !== undefined) entries.delete(oldest);
    }
    entries.set(key, { value, expires: Date.now() + ttlMs });
  };
  return {
    async get<T>(key: string) {
      return live(key)?.value as T | undefined;
    },
    async set(key, value, ttlMs) {
      put(key, value, ttlMs);
    },
    async increment(key, windowMs) {
      const entry = live(key);
      if (entry && typeof entry.value === 'number') {
        entry.value += 1;
        return { count: entry.value, resetInMs: Math.max(1, entry.expires - Date.now()) };
      }
      put(key, 1, windowMs);
      return { count: 1, resetInMs: windowMs };
    },
    async claim(key, ttlMs) {
      if (live(key) !== undefined) return false;
      put(key, 1, ttlMs);
      return true;
    },
    async delete(key) {
      entries.delete(key);
    },
    async clear() {
      entries.clear();
    },
    async close() {},
  };
}

/** INCR and, on the window's first hit, PEXPIRE in one step; answers the count and the window's time left. */
const INCREMENT_SCRIPT = `local n = redis.call('INCR', KEYS[1])
if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end
return {n, redis.call('PTTL', KEYS[1])}`;

export function createRedisCache(url: string, prefix = 'store:cache:'): Cache {
  const redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  return {
    async get<T>(key: string) {
      const raw = await redis.get(prefix + key);
      return raw === null ? undefined : (JSON.parse(raw) as T);
    },
    async set(key, value, ttlMs) {
      await redis.set(prefix + key, JSON.stringify(value), 'PX', ttlMs);
    },
    async increment(key, windowMs) {
      const [count, ttl] = (await redis.eval(INCREMENT_SCRIPT, 1, prefix + key, String(windowMs))) as [number, number];
      return { count, resetInMs: ttl > 0 ? ttl : windowMs };
    },
    async claim(key, ttlMs) {
      return (await redis.set(prefix + key, '1', 'PX', ttlMs, 'NX')) === 'OK';
    },
    async delete(key) {
      await redis.del(prefix + key);
    },
    async clear() {
      const keys = await redis.keys(prefix + '*');
      if (keys.length > 0) await redis.del(...keys);
    },
    async close() {
      await redis.quit();
    },
  };
}

export async function cached<T>(cache: Cache, key: string, ttlMs: number, load: () => Promise<T>): Promise<T> {
  const hit = await cache.get<T>(key);
  if (hit !== undefined) return hit;
  const value = await load();
  await cache.set(key, value, ttlMs);
  return value;
}
