// Operations (issue 19): the readiness check a load balancer or orchestrator asks before sending
// shoppers to an instance, and the Prometheus metrics. Liveness is GET /api/health (routes/content.ts).
import { createHash, timingSafeEqual } from 'node:crypto';
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { migrationsFolder, pendingMigrations } from '@store/db';
import { requireOperator } from '../auth/operator.ts';
import type { ApiEnv } from '../http/env.ts';
import { errorResponses } from '../schemas/shell.ts';

const ReadinessSchema = z
  .object({
    status: z.enum([
      'ready',
      'starting',
      'migrating',
      'warming',
      'draining',
      'database_unreachable',
      'migrations_pending',
    ]),
    message: z.string(),
    database: z.enum(['pglite', 'postgres']),
    in_flight: z.number().int(),
    pending_migrations: z.array(z.string()),
  })
  .openapi('Readiness');
export type Readiness = z.infer<typeof ReadinessSchema>;

const readiness = createRoute({
  method: 'get',
  path: '/health/ready',
  tags: ['Operations'],
  summary:
    'Readiness: 200 when this instance takes shoppers; 503 while starting, migrating, building its catalogue indexes, draining or cut off',
  responses: {
    200: { description: 'Ready', content: { 'application/json': { schema: ReadinessSchema } } },
    503: { description: 'Not ready', content: { 'application/json': { schema: ReadinessSchema } } },
  },
});

const metrics = createRoute({
  method: 'get',
  path: '/ops/metrics',
  tags: ['Operations'],
  summary: 'Prometheus metrics of this instance: Authorization: Bearer METRICS_TOKEN, or an operator employee session',
  responses: {
    200: { description: 'Prometheus text format', content: { 'text/plain': { schema: z.string() } } },
    401: errorResponses[401],
    403: errorResponses[401],
  },
});

const MESSAGES: Record<Readiness['status'], string> = {
  ready: 'Готов принимать покупателей',
  starting: 'Магазин запускается',
  migrating: 'Идёт обновление базы данных',
  warming: 'Строятся индексы каталога и поиска',
  draining: 'Экземпляр останавливается: новые запросы не принимаются',
  database_unreachable: 'Нет связи с базой данных',
  migrations_pending: 'База данных старше кода: нужны миграции',
};

const NOT_YET = new Set<Readiness['status']>(['starting', 'migrating', 'warming', 'draining']);

const digest = (text: string) => createHash('sha256').update(text).digest();

/** Whether the Authorization header carries METRICS_TOKEN (compared in constant time). */
function hasMetricsToken(header: string | undefined, token: string | undefined): boolean {
  if (!token || !header?.startsWith('Bearer ')) return false;
  return timingSafeEqual(digest(header.slice('Bearer '.length).trim()), digest(token));
}

export function registerOperationsRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(readiness, async (c) => {
    const { handle, readHandle, lifecycle } = c.get('deps');
    let status: Readiness['status'] =
      lifecycle.state !== 'ready' ? lifecycle.state : lifecycle.warming ? 'warming' : 'ready';
    let pending: string[] = [];
    if (status === 'ready') {
      try {
        pending = await pendingMigrations(handle, migrationsFolder);
        if (pending.length > 0) status = 'migrations_pending';
        // The catalogue reads the replica (DATABASE_READ_URL): without it this instance cannot serve.
        if (readHandle !== handle) await readHandle.query('select 1');
      } catch {
        status = 'database_unreachable';
      }
    }
    c.header('cache-control', 'no-store');
    // Starting, migrating, warming and draining are the instance's own «not yet»: a balancer polls them every
    // second, so they are logged as answers. An unreachable database or pending migrations stay errors.
    if (NOT_YET.has(status)) c.set('expectedUnavailable', true);
    const body: Readiness = {
      status,
      message: MESSAGES[status],
      database: handle.kind,
      in_flight: lifecycle.inFlight,
      pending_migrations: pending,
    };
    return status === 'ready' ? c.json(body, 200) : c.json(body, 503);
  });

  app.openapi(metrics, async (c) => {
    const deps = c.get('deps');
    if (!hasMetricsToken(c.req.header('authorization'), deps.config.METRICS_TOKEN)) await requireOperator(c);
    c.header('cache-control', 'no-store');
    c.header('content-type', deps.metrics.registry.contentType);
    return c.body(await deps.metrics.registry.metrics(), 200) as never;
  });
}
