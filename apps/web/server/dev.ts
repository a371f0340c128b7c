// Development: Vite in middleware mode with hot reload; the API and pictures run in the same process.
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { getRequestListener } from '@hono/node-server';
import type { ServerBuild } from 'react-router';
import { createServer, isRunnableDevEnvironment } from 'vite';
import { loadConfig } from '@store/api';
import { loadEnvFile } from '@store/db';
import { createRuntime } from './runtime.ts';
import { createStoreApp } from './store-app.ts';

const webRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
loadEnvFile(path.resolve(webRoot, '../..', '.env'));
const config = loadConfig({ NODE_ENV: 'development', ...process.env });
const runtime = await createRuntime(config);
const vite = await createServer({ root: webRoot, server: { middlewareMode: true }, appType: 'custom' });
const ssr = vite.environments['ssr'];
if (!ssr || !isRunnableDevEnvironment(ssr)) throw new Error('Vite has no runnable SSR environment');
const app = createStoreApp(runtime, {
  // React Router's v8_viteEnvironmentApi: the server build is a module of Vite's SSR environment.
  build: () => ssr.runner.import('virtual:react-router/server-build') as Promise<ServerBuild>,
  mode: 'development',
});
const listener = getRequestListener(app.fetch);
const server = http.createServer((req, res) => {
  const url = req.url ?? '/';
  if (url.startsWith('/api/') || url.startsWith('/img/')) return void listener(req, res);
  vite.middlewares(req, res, () => void listener(req, res));
});
server.listen(config.PORT, config.HOST, () => console.log(`Магазин (разработка): http://localhost:${config.PORT}`));
const stop = async () => {
  server.close();
  await vite.close();
  await runtime.close();
  process.exit(0);
};
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
