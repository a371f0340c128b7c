import type { DatabaseHandle } from '@store/db';
import type { Cache } from '../cache.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import type { CatalogIndexHolder } from '../catalog/catalog-index.ts';

export interface ApiDeps {
  handle: DatabaseHandle;
  cache: Cache;
  logger: Logger;
  config: Config;
}

export interface ApiEnv {
  Variables: {
    deps: ApiDeps;
    traceId: string;
    catalog: CatalogIndexHolder;
  };
}
