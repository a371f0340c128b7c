// Read-through cache for data that changes rarely (menus, category lists).
// In memory by default; REDIS_URL shares it between instances behind a load balancer.
import { Redis } from 'ioredis';

export interface Cache {
  get<T>(key: string): Promise<T | undefined>;
  set(key: string, value: unknown, ttlMs: number): Promise<void>;
  clear(): Promise<void>;
  close(): Promise<void>;
}

export function createMemoryCache(maxEntries = 5000): Cache {
  const entries = new Map<string, { value: unknown; expires: number }>();
  return {
    async get<T>(key: string) {
      const entry = entries.get(key);
      if (!entry) return undefined;
      if (entry.expires < Date.now()) {
        entries.delete(key);
        return undefined;
      }
      return entry.value as T;
    },
    async set(key, value, ttlMs) {
      if (entries.size >= maxEntries) {
        // Drop the oldest insertion: a Map iterates in insertion order.
        const oldest = entries.keys().next().value;
        if (oldest !== undefined) entries.delete(oldest);
      }
      entries.set(key, { value, expires: Date.now() + ttlMs });
    },
    async clear() {
      entries.clear();
    },
    async close() {},
  };
}

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
