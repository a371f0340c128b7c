// Production entry: `npm start` runs this after building what is not built.
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createServer } from 'node:http';
import type { ServerBuild } from 'react-router';
import { ConfigError, Lifecycle, loadConfig } from '@store/api';
import { DataDirLockedError, loadEnvFile } from '@store/db';
import { gracefulStop, holdKeepAlive, storeListener, type StoreHandler } from './lifecycle-server.ts';
import { createRuntime, type Runtime } from './runtime.ts';
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
  const lifecycle = new Lifecycle('starting');
  // Listening comes first: while the database migrates and the demo data fills, the instance answers
  // 503 (readiness says «migrating»), so a balancer keeps shoppers on the instances that are ready.
  let store: StoreHandler | null = null;
  let runtime: Runtime | null = null;
  const server = createServer(storeListener(lifecycle, () => store));
  holdKeepAlive(server);
  server.listen(config.PORT, config.HOST);
  await new Promise<void>((resolve, reject) => {
    server.once('listening', resolve);
    server.once('error', (error: NodeJS.ErrnoException) => {
      const message = listenErrorMessage(error, config.PORT, config.HOST);
      reject(message ? new StartError(message) : error);
    });
  });

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    const current = runtime;
    if (!current) {
      // Stopped while starting: nothing is in flight; the next start finishes an interrupted seed.
      server.close();
      process.exit(1);
    }
    current.logger.info('stopping', { signal, in_flight: lifecycle.inFlight });
    const timeoutMs = config.SHUTDOWN_TIMEOUT_S * 1000;
    const force = setTimeout(() => process.exit(1), timeoutMs + 5000);
    force.unref();
    void gracefulStop(server, lifecycle, () => current.close(), timeoutMs).then(
      (finished) => {
        current.logger.info('stopped', { finished_in_flight: finished });
        process.exit(finished ? 0 : 1);
      },
      (error: unknown) => {
        console.error(error);
        process.exit(1);
      },
    );
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

  try {
    runtime = await createRuntime(config, lifecycle);
  } catch (error) {
    server.close();
    throw error;
  }
  const build = (await import(pathToFileURL(path.join(webRoot, 'build/server/index.js')).href)) as ServerBuild;
  store = createStoreApp(runtime, { build, mode: 'production', clientDir: path.join(webRoot, 'build/client') });
  lifecycle.set('ready');
  const shownHost = config.HOST === '0.0.0.0' || config.HOST === '::' ? 'localhost' : config.HOST;
  runtime.logger.info('ready', {
    url: `http://${shownHost}:${config.PORT}`,
    database: runtime.handle.kind,
    startup_ms: Math.round(performance.now() - started),
  });
  console.log(`Магазин открыт: http://${shownHost}:${config.PORT}`);
  void lifecycle.warmUp(runtime.api.catalog.warmUp());
}

/** A start-up failure said in one line for people. */
class StartError extends Error {}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError || error instanceof StartError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exit(1);
});
