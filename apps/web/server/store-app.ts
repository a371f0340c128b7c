// One Hono app for the whole store: the API under /api, demo pictures under /img, client files,
// and every other path rendered by React Router with an in-process API client in its load context.
import { randomUUID } from 'node:crypto';
import { Hono } from 'hono';
import { createRequestHandler, type ServerBuild } from 'react-router';
import { createApiClient } from '@store/api-client';
import { errorFields, publicConfig } from '@store/api';
import { COOKIE, parseNumericId } from '@store/domain';
import { parseCookies } from '../app/lib/cookies.ts';
import { picturesApp } from './pictures.ts';
import type { Runtime } from './runtime.ts';
import { serveClientFiles } from './static-files.ts';

export interface StoreAppOptions {
  /** The server build, or a function that loads it per request (development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'production' | 'development';
  clientDir?: string;
}

/** Only what the API needs of the visitor's request travels to the in-process API. */
const FORWARDED_HEADERS = ['cookie', 'user-agent', 'accept-language', 'x-forwarded-for', 'x-real-ip'];

export function createStoreApp(runtime: Runtime, options: StoreAppOptions) {
  const app = new Hono();
  const handler = createRequestHandler(options.build, options.mode);

  // The API app keeps its own middleware, 404 and error handling.
  app.all('/api/*', (c) => runtime.api.fetch(c.req.raw));
  app.route('/', picturesApp(runtime.handle));
  if (options.clientDir) app.use('*', serveClientFiles(options.clientDir));

  app.all('*', async (c) => {
    const request = c.req.raw;
    const traceId = randomUUID();
    // SPEC §7: every call carries application_type, city_id and trace_id; the city is the visitor's cookie.
    const cityCookie = parseNumericId(parseCookies(request.headers.get('cookie'))[COOKIE.cityId]) ?? undefined;
    const api = createApiClient({
      baseUrl: new URL(request.url).origin,
      fetch: (apiRequest) => runtime.api.fetch(apiRequest),
      defaultQuery: () => ({ application_type: 'web', trace_id: traceId, city_id: cityCookie }),
      headers: () => {
        const forwarded: Record<string, string> = {};
        for (const name of FORWARDED_HEADERS) {
          const value = request.headers.get(name);
          if (value) forwarded[name] = value;
        }
        return forwarded;
      },
    });
    const started = performance.now();
    try {
      const response = await handler(request, { api, publicConfig: publicConfig(runtime.config) });
      runtime.logger.info('page', {
        trace_id: traceId,
        method: request.method,
        path: new URL(request.url).pathname,
        status: response.status,
        ms: Math.round(performance.now() - started),
      });
      return response;
    } catch (error) {
      runtime.logger.error('page failure', { trace_id: traceId, ...errorFields(error) });
      throw error;
    }
  });
  return app;
}
