// Price and stock changes as cache tags for the HTML page cache (docs/decisions/0019). The API
// publishes the tags of what changed (create-order and cancel move stock; price loads and the seed
// change prices); the page cache of every instance listens and drops the pages that carry them.
// In memory the message goes to this process's listeners at once; with REDIS_URL it also goes
// through a Redis channel to the other instances (each page cache stays per process; the message
// must reach them all). A message an instance sent itself comes back from Redis and is skipped.
import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import type { DatabaseHandle } from '@store/db';
import { categoryTag, productTag } from '@store/domain';
import { listCategoryPathsOfProducts } from './data/products.ts';
import { errorFields, type Logger } from './logger.ts';

export type PageTagListener = (tags: readonly string[]) => void;

export interface PageEvents {
  /** Drops the pages with any of these tags, here and on every instance. */
  publish(tags: readonly string[]): Promise<void>;
  /** Calls `listener` with the tags of every change, from this instance or another. */
  subscribe(listener: PageTagListener): () => void;
  /** Resolves once messages from other instances arrive (Redis: the subscription is in place). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

function listeners() {
  const set = new Set<PageTagListener>();
  return {
    add(listener: PageTagListener) {
      set.add(listener);
      return () => void set.delete(listener);
    },
    emit(tags: readonly string[]) {
      for (const listener of set) listener(tags);
    },
  };
}

export function createMemoryPageEvents(): PageEvents {
  const local = listeners();
  return {
    async publish(tags) {
      if (tags.length > 0) local.emit(tags);
    },
    subscribe: local.add,
    ready: async () => {},
    async close() {},
  };
}

/** The channel every instance of one store listens on. */
export const PAGE_EVENTS_CHANNEL = 'store:page-tags';

export function createRedisPageEvents(
  url: string,
  { channel = PAGE_EVENTS_CHANNEL, logger }: { channel?: string; logger?: Logger } = {},
): PageEvents {
  const origin = randomUUID();
  const local = listeners();
  const publisher = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  // A connection in subscriber mode can do nothing else: a second one.
  const subscriber = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 2 });
  const subscribed = subscriber.subscribe(channel).then(() => undefined);
  // Redis away at start-up: ioredis keeps trying; pages still expire by their time to live. Said once
  // in the log, since until then other instances' changes do not reach this one's page cache.
  subscribed.catch((error: unknown) => logger?.warn('page events: no Redis subscription yet', errorFields(error)));
  subscriber.on('message', (from: string, raw: string) => {
    if (from !== channel) return;
    try {
      const message = JSON.parse(raw) as { origin?: unknown; tags?: unknown };
      if (message.origin === origin || !Array.isArray(message.tags)) return;
      local.emit(message.tags.filter((tag): tag is string => typeof tag === 'string'));
    } catch {
      // Not ours: ignored.
    }
  });
  return {
    async publish(tags) {
      if (tags.length === 0) return;
      local.emit(tags);
      await publisher.publish(channel, JSON.stringify({ origin, tags }));
    },
    subscribe: local.add,
    ready: () => subscribed,
    async close() {
      await subscribed.catch(() => undefined); // already logged above
      await Promise.allSettled([subscriber.quit(), publisher.quit()]);
    },
  };
}

/**
 * The tags of a stock or price change of these products: each product, and its category with
 * every ancestor (their listings show it, and its stock moves it in or out of «в наличии»).
 */
export async function productChangeTags(handle: DatabaseHandle, productIds: readonly number[]): Promise<string[]> {
  const ids = [...new Set(productIds)].filter((id) => Number.isInteger(id) && id > 0);
  if (ids.length === 0) return [];
  const rows = await listCategoryPathsOfProducts(handle, ids);
  const categories = new Set(rows.flatMap((r) => r.path ?? []));
  return [...ids.map(productTag), ...[...categories].map(categoryTag)];
}
