// Everything the store process holds open: the database, the cache, the logger and the API app.
import {
  createApi,
  createLogger,
  createMemoryCache,
  createMemoryPageEvents,
  createRedisCache,
  createRedisPageEvents,
  errorFields,
  type Config,
} from '@store/api';
import { isSeeded, migrateDatabase, openDatabase } from '@store/db';
import { seedDatabase } from '@store/db/seed';

export async function createRuntime(config: Config) {
  const logger = createLogger(config.LOG_LEVEL);
  const handle = await openDatabase({ databaseUrl: config.DATABASE_URL, dataDir: config.DATA_DIR });
  try {
    await migrateDatabase(handle);
    if (!(await isSeeded(handle))) {
      logger.info('empty database: generating demo data', { products: config.SEED_PRODUCTS });
      const result = await seedDatabase(handle, { products: config.SEED_PRODUCTS, log: (msg) => logger.info(msg) });
      logger.info('demo data ready', { products: result.products, ms: result.durationMs });
    }
  } catch (error) {
    logger.error('database start-up failed', errorFields(error));
    await handle.close();
    throw error;
  }
  const cache = config.REDIS_URL ? createRedisCache(config.REDIS_URL) : createMemoryCache();
  // Price and stock changes reach the page cache of every instance through Redis (decision 0019).
  const pageEvents = config.REDIS_URL ? createRedisPageEvents(config.REDIS_URL, { logger }) : createMemoryPageEvents();
  const api = createApi({ handle, cache, logger, config, pageEvents });
  const stopCreditTimeouts = api.startCreditTimeouts();
  return {
    config,
    logger,
    handle,
    cache,
    pageEvents,
    api,
    async close() {
      stopCreditTimeouts();
      await api.referenceData.close();
      await pageEvents.close();
      await cache.close();
      await handle.close();
    },
  };
}

export type Runtime = Awaited<ReturnType<typeof createRuntime>>;
