export { createApi, type Api } from './app.ts';
export { loadConfig, publicConfig, ConfigError, type Config } from './config.ts';
export { createLogger, errorFields, type Logger } from './logger.ts';
export { createMemoryCache, createRedisCache, type Cache } from './cache.ts';
export type { ApiDeps } from './http/env.ts';
export type { ApiErrorBody } from './http/errors.ts';
export type * from './schemas/shell.ts';
export type * from './schemas/catalog.ts';
