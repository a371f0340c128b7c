// Everything the store process holds open: the database, the cache, the logger and the API app.
import {
  createApi,
  createLogger,
  createMemoryCache,
  createMemoryPageEvents,
  createRedisCache,
  createRedisPageEvents,
  errorFields,
  Lifecycle,
  type Config,
} from '@store/api';
import { openDatabase } from '@store/db';
import { prepareDatabase } from '@store/db/start-up';

/** `lifecycle` says what the instance is doing while it starts (the readiness check answers from it). */
export async function createRuntime(config: Config, lifecycle = new Lifecycle('starting')) {
  const logger = createLogger(config.LOG_LEVEL);
  const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    // Migrations and the demo data, one instance at a time on a server (decision 0040).
    lifecycle.set('migrating');
    const prepared = await prepareDatabase(handle, {
      products: config.SEED_PRODUCTS,
      log: (msg, fields) => logger.info(msg, fields),
      onMigrated: () => lifecycle.set('starting'),
    });
    if (prepared === 'repair-catalogue-added') logger.info('repair catalogue added to the demo data');
  } catch (error) {
    logger.error('database start-up failed', errorFields(error));
    await handle.close();
    throw error;
  }
  // Catalogue reads on a streaming replica when one is configured (decision 0040).
  const readHandle = config.DATABASE_READ_URL ? await openDatabase({ databaseUrl: config.DATABASE_READ_URL }) : handle;
  const cache = config.REDIS_URL ? createRedisCache(config.REDIS_URL) : createMemoryCache();
  // Price and stock changes reach the page cache of every instance through Redis (decision 0019).
  const pageEvents = config.REDIS_URL ? createRedisPageEvents(config.REDIS_URL, { logger }) : createMemoryPageEvents();
  const api = createApi({ handle, readHandle, cache, logger, config, pageEvents, lifecycle, processMetrics: true });
  // Price, stock and product changes from any instance reach this one's catalogue index (decision 0034).
  const catalogListener = await api.listenCatalogChanges();
  // Scheduled jobs run once across the cluster; every instance delivers the outbox (decision 0035).
  api.jobs.start();
  api.outboxDelivery.start();
  return {
    config,
    lifecycle,
    logger,
    handle,
    cache,
    pageEvents,
    api,
    catalogListener,
    async close() {
      await api.jobs.stop();
      await api.outboxDelivery.stop();
      await catalogListener.close();
      await api.referenceData.close();
      await pageEvents.close();
      await cache.close();
      if (readHandle !== handle) await readHandle.close();
      await handle.close();
    },
  };
}

export type Runtime = Awaited<ReturnType<typeof createRuntime>>;
