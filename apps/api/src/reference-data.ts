// Reference data in process memory: rows every page reads and that change rarely (A/B branches,
// banners, redirects and SEO records, the page descriptions built from categories, city points).
// Without it every page render ran the same ~10 queries again on PGlite's single thread.
//
// Freshness: every entry carries the version it was read under. `invalidate()` bumps the version
// (a write that changes reference data calls it); with REDIS_URL the version lives in Redis too, so
// another instance sees the bump within `checkEveryMs`. A TTL is the backstop for changes made
// straight in the database (a seed, a manual fix). docs/decisions/0018-reference-data-cache.md.
import { Redis } from 'ioredis';
import type { DatabaseHandle } from '@store/db';

export interface ReferenceDataOptions {
  /** How long an entry may be served without a version bump (0: no caching at all). */
  ttlMs: number;
  /** With REDIS_URL: the shared version key is read at most this often. */
  checkEveryMs?: number;
  redisUrl?: string | undefined;
  /** Most entries kept (per-path answers are many); the least recently used go first. */
  maxEntries?: number;
  now?: () => number;
}

interface Entry {
  value: unknown;
  version: number;
  expires: number;
}

export const REFERENCE_VERSION_KEY = 'store:reference-data:version';

export class ReferenceData {
  readonly #entries = new Map<string, Entry>();
  readonly #loading = new Map<string, Promise<unknown>>();
  readonly #ttlMs: number;
  readonly #checkEveryMs: number;
  readonly #maxEntries: number;
  readonly #now: () => number;
  readonly #redis: Redis | null;
  /** Local bumps plus the shared version seen last (Redis). */
  #localVersion = 0;
  #sharedVersion = 0;
  #checkedAt = Number.NEGATIVE_INFINITY;
  #checking: Promise<void> | null = null;

  constructor(options: ReferenceDataOptions) {
    this.#ttlMs = options.ttlMs;
    this.#checkEveryMs = options.checkEveryMs ?? 2000;
    this.#maxEntries = options.maxEntries ?? 20_000;
    this.#now = options.now ?? Date.now;
    this.#redis = options.redisUrl
      ? new Redis(options.redisUrl, { lazyConnect: false, maxRetriesPerRequest: 2 })
      : null;
  }

  get #version() {
    return this.#localVersion + this.#sharedVersion;
  }

  /** The cached value of `key`, else `load()` once (parallel callers share it). */
  async get<T>(key: string, load: () => Promise<T>): Promise<T> {
    if (this.#ttlMs <= 0) return load();
    if (this.#redis) await this.#checkShared();
    const entry = this.#entries.get(key);
    if (entry && entry.version === this.#version && entry.expires > this.#now()) {
      // Most recently used last: a Map iterates in insertion order.
      this.#entries.delete(key);
      this.#entries.set(key, entry);
      return entry.value as T;
    }
    const pending = this.#loading.get(key);
    if (pending) return pending as Promise<T>;
    const version = this.#version;
    const loading = load().then(
      (value) => {
        this.#loading.delete(key);
        // A bump during the load: the value may be old already, so it is not kept.
        if (version === this.#version) this.#store(key, { value, version, expires: this.#now() + this.#ttlMs });
        return value;
      },
      (error: unknown) => {
        this.#loading.delete(key);
        throw error;
      },
    );
    this.#loading.set(key, loading);
    return loading;
  }

  /** Drops every entry here and, with Redis, in every instance (they see the new version within checkEveryMs). */
  async invalidate(): Promise<void> {
    this.#localVersion++;
    this.#entries.clear();
    if (this.#redis) {
      this.#sharedVersion = Number(await this.#redis.incr(REFERENCE_VERSION_KEY));
      this.#checkedAt = this.#now();
    }
  }

  async close(): Promise<void> {
    this.#entries.clear();
    if (this.#redis) await this.#redis.quit();
  }

  #store(key: string, entry: Entry) {
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, entry);
  }

  /** Reads the shared version at most every checkEveryMs; a Redis failure keeps the local entries (TTL still holds). */
  async #checkShared() {
    if (this.#now() - this.#checkedAt < this.#checkEveryMs) return;
    this.#checking ??= (async () => {
      try {
        const shared = Number((await this.#redis!.get(REFERENCE_VERSION_KEY)) ?? 0);
        if (shared !== this.#sharedVersion) {
          this.#sharedVersion = shared;
          this.#entries.clear();
        }
      } catch {
        // Redis down: serve what we have until the TTL ends.
      } finally {
        this.#checkedAt = this.#now();
        this.#checking = null;
      }
    })();
    await this.#checking;
  }
}

const attached = new WeakMap<object, ReferenceData>();

/** The API's reference data for its database handle (createApi attaches it). */
export function attachReferenceData(handle: DatabaseHandle, reference: ReferenceData) {
  attached.set(handle, reference);
  attached.set(handle.db, reference);
}

/**
 * A read of reference data through the cache of the handle it runs on. A transaction's handle has
 * no cache: inside a transaction the row is always read from the database.
 */
export function cachedReference<T>(handle: object, key: string, load: () => Promise<T>): Promise<T> {
  const reference = attached.get(handle);
  return reference ? reference.get(key, load) : load();
}
