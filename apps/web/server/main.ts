// Production entry: `npm start` runs this after building what is not built.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import type { ServerBuild } from 'react-router';
import { ConfigError, loadConfig } from '@store/api';
import { DataDirLockedError } from '@store/db';
import { createRuntime } from './runtime.ts';
import { createStoreApp } from './store-app.ts';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

async function main() {
  const config = loadConfig();
  const started = performance.now();
  const runtime = await createRuntime(config);
  const build = (await import(pathToFileURL(path.join(webRoot, 'build/server/index.js')).href)) as ServerBuild;
  const app = createStoreApp(runtime, { build, mode: 'production', clientDir: path.join(webRoot, 'build/client') });

  const server = serve({ fetch: app.fetch, port: config.PORT, hostname: config.HOST }, () => {
    const shownHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
    runtime.logger.info('ready', {
      url: `http://${shownHost}:${config.PORT}`,
      database: runtime.handle.kind,
      startup_ms: Math.round(performance.now() - started),
    });
    console.log(`Магазин открыт: http://${shownHost}:${config.PORT}`);
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    runtime.logger.info('stopping', { signal });
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    server.close(async () => {
      await runtime.close();
      process.exit(0);
    });
    // Keep-alive sockets would hold close() open.
    if ('closeAllConnections' in server) (server as unknown as { closeAllConnections(): void }).closeAllConnections();
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
