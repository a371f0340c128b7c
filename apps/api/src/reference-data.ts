// Reference data in process memory: rows every page reads and that change rarely (A/B branches,
// banners, redirects and SEO records, the page descriptions built from categories, city points).
// Without it every page render ran the same ~10 queries again on PGlite's single thread.
//
// Freshness: every entry carries the version it was read under. `invalidate()` bumps the version
// (a write that changes reference data calls it); with REDIS_URL the version lives in Redis too, so
// another instance sees the bump within `checkEveryMs`. A TTL is the backstop for changes made
// straight in the database (a seed, a manual fix). docs/decisions/0018-reference-data-cache.md.
//
// Display cards of products (name, price, stock in a city, how it is bought) are kept here too, per
// product: a price, stock or product change drops that product's entries (the page events and the
// catalogue changes every instance hears), so a card is never older than the last such change.
// docs/decisions/0041-product-cards-in-memory.md.
import { Redis } from 'ioredis';
import type { DatabaseHandle } from '@store/db';
import { ALL_PAGES_TAG } from '@store/domain';

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

interface ProductEntry extends Entry {
  productId: number;
}

export const REFERENCE_VERSION_KEY = 'store:reference-data:version';

export class ReferenceData {
  readonly #entries = new Map<string, Entry>();
  readonly #loading = new Map<string, Promise<unknown>>();
  readonly #inFlight = new Map<string, Promise<unknown>>();
  /** Per-product values (display cards, product details): kind|city|…|id → entry; dropped by product id too. */
  readonly #products = new Map<string, ProductEntry>();
  readonly #productKeys = new Map<number, Set<string>>();
  /** Counts product drops (one product or all): a load that ran across a drop is not kept. */
  #productDrops = 0;
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

  /**
   * `load()` shared by the callers that ask while it runs, kept by nobody: for data that must be
   * fresh (a product's price) but that one page's parallel API calls all read.
   */
  shareInFlight<T>(key: string, load: () => Promise<T>): Promise<T> {
    const pending = this.#inFlight.get(key);
    if (pending) return pending as Promise<T>;
    const loading = load().finally(() => this.#inFlight.delete(key));
    this.#inFlight.set(key, loading);
    return loading;
  }

  /**
   * Per-product values for display (cards, a product's details) as `kind` (the part of the key that is
   * not the product: what, city, options): the cached ones, and `load(missing)` once for the rest
   * (its map leaves out products it found nothing for; that answer is kept too). Kept until the
   * product is dropped (`dropProducts`: a price, stock or product change), `invalidate()` or the TTL.
   */
  async getProducts<T>(
    kind: string,
    ids: readonly number[],
    load: (missing: number[]) => Promise<Map<number, T>>,
  ): Promise<Map<number, T | null>> {
    const found = new Map<number, T | null>();
    if (this.#ttlMs <= 0) {
      const loaded = await load([...new Set(ids)]);
      for (const id of ids) found.set(id, loaded.get(id) ?? null);
      return found;
    }
    if (this.#redis) await this.#checkShared();
    const now = this.#now();
    const missing: number[] = [];
    for (const id of ids) {
      if (found.has(id)) continue;
      const key = `${kind}|${id}`;
      const entry = this.#products.get(key);
      if (entry && entry.version === this.#version && entry.expires > now) {
        this.#products.delete(key);
        this.#products.set(key, entry);
        found.set(id, entry.value as T | null);
      } else if (!missing.includes(id)) missing.push(id);
    }
    if (missing.length === 0) return found;
    const version = this.#version;
    const drops = this.#productDrops;
    const loaded = await load(missing);
    // A change during the load (a drop or a bump): the rows may be old already, so they are not kept.
    const keep = version === this.#version && drops === this.#productDrops;
    for (const id of missing) {
      const value = loaded.get(id) ?? null;
      found.set(id, value);
      if (keep) this.#storeProduct(`${kind}|${id}`, { value, version, expires: now + this.#ttlMs, productId: id });
    }
    return found;
  }

  /** Drops these products' values (here only: the events that call it reach every instance themselves). */
  dropProducts(ids: readonly number[] | 'all'): void {
    this.#productDrops++;
    if (ids === 'all') {
      this.#products.clear();
      this.#productKeys.clear();
      return;
    }
    for (const id of ids) {
      const keys = this.#productKeys.get(id);
      if (!keys) continue;
      for (const key of keys) this.#products.delete(key);
      this.#productKeys.delete(id);
    }
  }

  /** How many per-product values are kept (tests). */
  get productEntries(): number {
    return this.#products.size;
  }

  /** Drops every entry here and, with Redis, in every instance (they see the new version within checkEveryMs). */
  async invalidate(): Promise<void> {
    this.#localVersion++;
    this.#entries.clear();
    this.dropProducts('all');
    if (this.#redis) {
      this.#sharedVersion = Number(await this.#redis.incr(REFERENCE_VERSION_KEY));
      this.#checkedAt = this.#now();
    }
  }

  async close(): Promise<void> {
    this.#entries.clear();
    this.dropProducts('all');
    if (this.#redis) await this.#redis.quit();
  }

  #store(key: string, entry: Entry) {
    if (this.#entries.size >= this.#maxEntries) {
      const oldest = this.#entries.keys().next().value;
      if (oldest !== undefined) this.#entries.delete(oldest);
    }
    this.#entries.set(key, entry);
  }

  #storeProduct(key: string, entry: ProductEntry) {
    if (this.#products.size >= this.#maxEntries && !this.#products.has(key)) {
      const oldest = this.#products.entries().next().value;
      if (oldest !== undefined) {
        this.#products.delete(oldest[0]);
        this.#productKeys.get(oldest[1].productId)?.delete(oldest[0]);
      }
    }
    this.#products.set(key, entry);
    let keys = this.#productKeys.get(entry.productId);
    if (!keys) this.#productKeys.set(entry.productId, (keys = new Set()));
    keys.add(key);
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
          this.dropProducts('all');
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

/**
 * Per-product display values through the cache of the handle (ReferenceData.getProducts); a
 * transaction's handle has none and reads every time.
 */
export async function cachedProducts<T>(
  handle: object,
  kind: string,
  ids: readonly number[],
  load: (missing: number[]) => Promise<Map<number, T>>,
): Promise<Map<number, T | null>> {
  const reference = attached.get(handle);
  if (reference) return reference.getProducts(kind, ids, load);
  const loaded = await load([...new Set(ids)]);
  return new Map(ids.map((id) => [id, loaded.get(id) ?? null]));
}

/** Drops cached per-product values of the handle's API (a test that changed rows straight in the database). */
export function dropCachedProducts(handle: object, ids: readonly number[] | 'all') {
  attached.get(handle)?.dropProducts(ids);
}

/** The products a page-event message names (`p:<id>`), or 'all' for `*`; categories' tags name none. */
export function productsOfTags(tags: readonly string[]): number[] | 'all' {
  if (tags.includes(ALL_PAGES_TAG)) return 'all';
  return tags.flatMap((tag) => {
    const id = /^p:(\d+)$/.exec(tag)?.[1];
    return id === undefined ? [] : [Number(id)];
  });
}

/** A fresh read shared by the calls that ask while it runs (ReferenceData.shareInFlight); a transaction reads alone. */
export function sharedRead<T>(handle: object, key: string, load: () => Promise<T>): Promise<T> {
  const reference = attached.get(handle);
  return reference ? reference.shareInFlight(key, load) : load();
}
