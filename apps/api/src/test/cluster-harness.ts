// Several store instances in one test process (issue 19): each its own API app, catalogue index,
// caches and database pool, all on one database copy, with one AUTH_SECRET and, when TEST_REDIS_URL is
// set, one Redis (a shared key prefix per run). On PGlite the instances share the one handle: a PGlite
// store is one process, so there the test proves the in-process path only.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@store/db';
import { createApi, type Api } from '../app.ts';
import { createMemoryCache, createRedisCache, type Cache } from '../cache.ts';
import type { CatalogListener } from '../catalog/catalog-events.ts';
import { loadConfig } from '../config.ts';
import { createLogger } from '../logger.ts';
import { createMemoryPageEvents, createRedisPageEvents, type PageEvents } from '../page-events.ts';

export interface Instance {
  name: string;
  handle: DatabaseHandle;
  api: Api;
  cache: Cache;
  pageEvents: PageEvents;
  listener: CatalogListener;
  call(path: string, init?: RequestInit, socket?: string): Promise<Response>;
}

export interface Cluster {
  kind: 'pglite' | 'postgres';
  /** Whether the instances share Redis (else each has its own memory cache). */
  redis: boolean;
  instances: Instance[];
  /** A handle of its own on the same database, for checks. */
  handle: DatabaseHandle;
  close(): Promise<void>;
}

export async function createCluster(count: number, env: Record<string, string> = {}): Promise<Cluster> {
  const target = inject('testDatabase');
  const redisUrl = process.env.TEST_REDIS_URL;
  const prefix = `test-cluster:${randomBytes(6).toString('hex')}:`;
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'a-shared-secret-of-the-whole-cluster-0123456789',
    ...env,
  });
  let handles: DatabaseHandle[];
  let handle: DatabaseHandle;
  let drop = async () => {};
  if (target.kind === 'pglite') {
    handle = await openDatabase({ loadDump: new Blob([fs.readFileSync(target.dumpPath)]) });
    handles = Array.from({ length: count }, () => handle);
  } else {
    const name = `store_test_${randomBytes(6).toString('hex')}`;
    const admin = await openDatabase({ databaseUrl: target.serverUrl, maxConnections: 1 });
    await admin.exec(`create database ${name} template ${target.template}`);
    const url = new URL(target.serverUrl);
    url.pathname = `/${name}`;
    handle = await openDatabase({ databaseUrl: url.toString(), maxConnections: 2 });
    handles = await Promise.all(
      Array.from({ length: count }, () => openDatabase({ databaseUrl: url.toString(), maxConnections: 4 })),
    );
    drop = async () => {
      await admin.exec(`drop database if exists ${name}`);
      await admin.close();
    };
  }
  const instances: Instance[] = [];
  for (const [i, instanceHandle] of handles.entries()) {
    const cache = redisUrl ? createRedisCache(redisUrl, prefix) : createMemoryCache();
    const pageEvents = redisUrl
      ? createRedisPageEvents(redisUrl, { channel: `${prefix}page-tags` })
      : createMemoryPageEvents();
    await pageEvents.ready();
    const api = createApi({ handle: instanceHandle, cache, logger: createLogger('silent'), config, pageEvents });
    const listener = await api.listenCatalogChanges();
    instances.push({
      name: `instance ${i + 1}`,
      handle: instanceHandle,
      api,
      cache,
      pageEvents,
      listener,
      call: async (path, init, socket) =>
        api.fetch(
          new Request(`http://store.test${path}`, init),
          socket ? { incoming: { socket: { remoteAddress: socket } } } : undefined,
        ),
    });
  }
  return {
    kind: target.kind,
    redis: Boolean(redisUrl),
    instances,
    handle,
    async close() {
      if (redisUrl) await instances[0]?.cache.clear();
      for (const instance of instances) {
        await instance.listener.close();
        await instance.api.referenceData.close();
        await instance.pageEvents.close();
        await instance.cache.close();
      }
      for (const h of new Set([...handles, handle])) await h.close();
      await drop();
    },
  };
}
