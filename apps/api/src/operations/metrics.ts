// Prometheus metrics of one store instance (issue 19), read at GET /api/ops/metrics with METRICS_TOKEN.
// Each instance has its own registry (tests run several APIs in one process); Prometheus scrapes every
// instance and sums them. Orders and payments are read from the database at scrape time, so every
// instance reports the same cluster-wide figures: take max(), not sum(), of those two.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { DatabaseHandle } from '@store/db';
import type { Cache } from '../cache.ts';
import type { Lifecycle } from './lifecycle.ts';

/** Latency buckets in seconds: catalogue calls are milliseconds, a cold page render a good part of a second. */
const BUCKETS = [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type RequestKind = 'api' | 'page';

export interface StoreMetrics {
  registry: Registry;
  observeRequest(kind: RequestKind, route: string, method: string, status: number, seconds: number): void;
  /** A page answer's page-cache state (HIT, MISS, STALE, BYPASS, NONE, OFF). */
  observePageCache(state: string): void;
  /** The read-through cache's answers (menus, categories, flags, limits…). */
  observeCache(result: 'hit' | 'miss'): void;
}

export function createMetrics(
  handle: DatabaseHandle,
  lifecycle: Lifecycle,
  options: { processMetrics?: boolean } = {},
): StoreMetrics {
  const registry = new Registry();
  if (options.processMetrics) collectDefaultMetrics({ register: registry, prefix: 'store_' });
  const registers = [registry];
  const requests = new Counter({
    name: 'store_http_requests_total',
    help: 'Answered requests by kind (api, page), route, method and status',
    labelNames: ['kind', 'route', 'method', 'status'] as const,
    registers,
  });
  const errors = new Counter({
    name: 'store_http_errors_total',
    help: 'Answers with a 5xx status by kind and route',
    labelNames: ['kind', 'route'] as const,
    registers,
  });
  const duration = new Histogram({
    name: 'store_http_request_duration_seconds',
    help: 'Time to the answer (pages: to the first byte of a streamed render) by kind, route and method',
    labelNames: ['kind', 'route', 'method'] as const,
    buckets: BUCKETS,
    registers,
  });
  new Gauge({
    name: 'store_http_in_flight',
    help: 'Requests being answered now (HTTP entry of the store, pages and API)',
    registers,
    collect() {
      this.set(lifecycle.inFlight);
    },
  });
  const pageCache = new Counter({
    name: 'store_page_cache_requests_total',
    help: 'Page answers by page-cache state (HIT and STALE came from the cache)',
    labelNames: ['state'] as const,
    registers,
  });
  const cache = new Counter({
    name: 'store_cache_requests_total',
    help: 'Read-through cache lookups by result',
    labelNames: ['result'] as const,
    registers,
  });
  new Gauge({
    name: 'store_db_pool_connections',
    help: 'PostgreSQL pool connections of this instance by state (total, idle, waiting clients); absent on PGlite',
    labelNames: ['state'] as const,
    registers,
    collect() {
      const stats = handle.poolStats?.();
      if (!stats) return;
      this.set({ state: 'total' }, stats.total);
      this.set({ state: 'idle' }, stats.idle);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: 'store_orders',
    help: 'Orders in the database by status (cluster-wide: every instance reports the same)',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      const rows = await handle.query<{ status: string; n: number }>(
        'select status_id as status, count(*)::int as n from orders group by status_id',
      );
      this.reset();
      for (const row of rows) this.set({ status: row.status }, row.n);
    },
  });
  new Gauge({
    name: 'store_payments',
    help: 'Payments in the database by status (cluster-wide: every instance reports the same)',
    labelNames: ['status'] as const,
    registers,
    async collect() {
      const rows = await handle.query<{ status: string; n: number }>(
        'select status, count(*)::int as n from payments group by status',
      );
      this.reset();
      for (const row of rows) this.set({ status: row.status }, row.n);
    },
  });
  return {
    registry,
    observeRequest(kind, route, method, status, seconds) {
      requests.inc({ kind, route, method, status: String(status) });
      duration.observe({ kind, route, method }, seconds);
      if (status >= 500) errors.inc({ kind, route });
    },
    observePageCache(state) {
      pageCache.inc({ state });
    },
    observeCache(result) {
      cache.inc({ result });
    },
  };
}

/** The cache with its lookups counted as hits and misses. */
export function countedCache(cache: Cache, metrics: Pick<StoreMetrics, 'observeCache'>): Cache {
  return {
    async get<T>(key: string) {
      const value = await cache.get<T>(key);
      metrics.observeCache(value === undefined ? 'miss' : 'hit');
      return value;
    },
    set: (key, value, ttlMs) => cache.set(key, value, ttlMs),
    increment: (key, windowMs) => cache.increment(key, windowMs),
    claim: (key, ttlMs) => cache.claim(key, ttlMs),
    delete: (key) => cache.delete(key),
    clear: () => cache.clear(),
    close: () => cache.close(),
  };
}

/**
 * The route label of a page: its first path segment (`/catalog/*`), the home page `/`; a page that
 * answered 404 is `(not found)` so made-up addresses cannot grow the label set.
 */
export function pageRouteLabel(pathname: string, status: number): string {
  if (status === 404) return '(not found)';
  if (pathname === '/') return '/';
  const first = /^\/([a-z0-9_-]{1,40})(\/|$)/i.exec(pathname);
  if (!first) return '(other)';
  return first[2] === '/' ? `/${first[1]!.toLowerCase()}/*` : `/${first[1]!.toLowerCase()}`;
}
