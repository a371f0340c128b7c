// A fresh database per test file (copied from the run's template) and the API app on top of it.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import { inject } from 'vitest';
import { openDatabase, type DatabaseHandle } from '@store/db';
import { createApi, type Api } from '../app.ts';
import type { Adapters } from '../http/env.ts';
import { createMemoryCache } from '../cache.ts';
import { loadConfig, type Config } from '../config.ts';
import { createLogger } from '../logger.ts';

export interface Harness {
  handle: DatabaseHandle;
  /** The API app itself (its sandbox acquirer, its adapters). */
  api: Api;
  config: Config;
  logLines: string[];
  /** Calls the API in-process, like the web server does; `socket` is the client's socket address. */
  call(path: string, init?: RequestInit, socket?: string): Promise<Response>;
  json<T = unknown>(path: string, init?: RequestInit): Promise<{ status: number; body: T; headers: Headers }>;
  close(): Promise<void>;
}

export async function openCopy(): Promise<{ handle: DatabaseHandle; drop: () => Promise<void> }> {
  const target = inject('testDatabase');
  if (target.kind === 'pglite') {
    const dump = new Blob([fs.readFileSync(target.dumpPath)]);
    const handle = await openDatabase({ loadDump: dump });
    return { handle, drop: async () => {} };
  }
  const name = `store_test_${randomBytes(6).toString('hex')}`;
  const admin = await openDatabase({ databaseUrl: target.serverUrl, maxConnections: 1 });
  await admin.exec(`create database ${name} template ${target.template}`);
  const url = new URL(target.serverUrl);
  url.pathname = `/${name}`;
  const handle = await openDatabase({ databaseUrl: url.toString(), maxConnections: 4 });
  return {
    handle,
    drop: async () => {
      await admin.exec(`drop database if exists ${name}`);
      await admin.close();
    },
  };
}

/** `env` adds configuration on top of the test defaults, e.g. { DEV_TOOLS: 'on' }. */
export async function createHarness(
  env: Record<string, string> = {},
  options: { adapters?: Partial<Adapters> } = {},
): Promise<Harness> {
  const { handle, drop } = await openCopy();
  const logLines: string[] = [];
  const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'info', ...env });
  const api = createApi({
    handle,
    cache: createMemoryCache(),
    logger: createLogger('info', (l) => logLines.push(l)),
    config,
    ...(options.adapters ? { adapters: options.adapters } : {}),
  });
  const call = async (path: string, init?: RequestInit, socket?: string) =>
    api.fetch(
      new Request(`http://store.test${path}`, init),
      socket ? { incoming: { socket: { remoteAddress: socket } } } : undefined,
    );
  return {
    handle,
    api,
    config,
    logLines,
    call,
    async json<T>(path: string, init?: RequestInit) {
      const response = await call(path, init);
      return { status: response.status, body: (await response.json()) as T, headers: response.headers };
    },
    async close() {
      await api.referenceData.close();
      await handle.close();
      await drop();
    },
  };
}

/** A sandbox site of the store (acquirer, business bank), driven like a browser without JavaScript (a GET, or a form POST; 303s not followed). */
export async function sandboxPage(
  site: { fetch(request: Request): Response | Promise<Response> },
  path: string,
  form?: Record<string, string>,
) {
  const response = await site.fetch(
    new Request(path.startsWith('http') ? path : `http://store.test${path}`, {
      method: form ? 'POST' : 'GET',
      ...(form
        ? {
            headers: { 'content-type': 'application/x-www-form-urlencoded' },
            body: new URLSearchParams(form).toString(),
          }
        : {}),
    }),
  );
  return { status: response.status, location: response.headers.get('location'), text: await response.text() };
}

/** The sandbox acquirer's site, driven like a browser without JavaScript. */
export const acquirerPage = (h: Harness, path: string, form?: Record<string, string>) =>
  sandboxPage(h.api.sandboxAcquirer!, path, form);
