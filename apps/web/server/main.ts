// Production entry: `npm start` runs this after building what is not built.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { serve } from '@hono/node-server';
import type { ServerBuild } from 'react-router';
import { ConfigError, loadConfig } from '@store/api';
import { DataDirLockedError, loadEnvFile } from '@store/db';
import { createRuntime } from './runtime.ts';
import { createStoreApp } from './store-app.ts';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** A failure to listen, in one line for people: the usual causes are a taken port or a privileged one. */
function listenErrorMessage(error: NodeJS.ErrnoException, port: number, host: string): string | undefined {
  if (error.code === 'EADDRINUSE')
    return `Порт ${port} уже занят другим процессом: остановите его или задайте другой PORT. (Port ${port} is already in use: stop that process or set another PORT.)`;
  if (error.code === 'EACCES')
    return `Нет прав слушать порт ${port}: задайте PORT выше 1023. (No permission to listen on port ${port}: set PORT above 1023.)`;
  if (error.code === 'EADDRNOTAVAIL')
    return `Адрес ${host} недоступен на этой машине: задайте другой HOST. (Address ${host} is not available here: set another HOST.)`;
  return undefined;
}

async function main() {
  loadEnvFile(path.resolve(webRoot, '../..', '.env'));
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
    void runtime.api.catalog.warmUp();
  });

  server.once('error', (error: NodeJS.ErrnoException) => {
    const message = listenErrorMessage(error, config.PORT, config.HOST);
    console.error(message ?? error);
    void runtime.close().finally(() => process.exit(1));
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
  process.on('SIGHUP', () => stop('SIGHUP'));
  // Started by a parent (npm, a shell) that died without passing a signal on (SIGKILL): stop rather than be
  // left an orphan holding the port and the data lock.
  const parent = process.ppid;
  if (parent > 1) {
    setInterval(() => {
      if (process.ppid !== parent) stop('parent exited');
    }, 1000).unref();
  }
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
