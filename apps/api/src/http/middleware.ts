import { randomUUID } from 'node:crypto';
import type { Context, MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { ApiEnv } from './env.ts';
import { errorResponse } from './errors.ts';
import { guardRequest } from './input-guard.ts';

const TRACE_ID = /^[\w.:-]{1,128}$/;

/** A trace id a client or the proxy sent (nginx's X-Request-Id), when it is a sane one. */
export function acceptedTraceId(candidate: string | null | undefined): string | undefined {
  return candidate && TRACE_ID.test(candidate) ? candidate : undefined;
}

/** The route a request matched (`/v3/products/{id}` as registered), for metrics; 404s share one label. */
function routeLabel(c: Context<ApiEnv>): string {
  if (c.res.status === 404 && c.req.routeIndex < 0) return '(not found)';
  const path = routePath(c, -1);
  return path === '*' || path === '/api/*' ? '(not found)' : path;
}

/**
 * trace_id from the query (SPEC §7), X-Trace-Id or X-Request-Id (nginx), else a new one; echoed in
 * x-trace-id and x-request-id and every log line; the answer is counted in the metrics.
 */
export const traceAndLog: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const traceId =
    acceptedTraceId(c.req.query('trace_id')) ??
    acceptedTraceId(c.req.header('x-trace-id')) ??
    acceptedTraceId(c.req.header('x-request-id')) ??
    randomUUID();
  c.set('traceId', traceId);
  const started = performance.now();
  // Set before the answer is made, so c.json and c.body build it with them: a header set on a made
  // answer makes it again (twice per call). An answer made another way gets them after.
  c.header('x-trace-id', traceId);
  c.header('x-request-id', traceId);
  await next();
  if (c.res.headers.get('x-trace-id') !== traceId) {
    c.header('x-trace-id', traceId);
    c.header('x-request-id', traceId);
  }
  const { logger, metrics } = c.get('deps');
  const status = c.res.status;
  metrics.observeRequest('api', routeLabel(c), c.req.method, status, (performance.now() - started) / 1000);
  const fields = {
    trace_id: traceId,
    method: c.req.method,
    path: c.req.path,
    status,
    ms: Math.round((performance.now() - started) * 10) / 10,
  };
  // A route may mark its 5xx as expected (readiness saying «not yet», polled every second by a balancer).
  if (status >= 500 && !c.get('expectedUnavailable')) logger.error('api request', fields);
  else logger.info('api request', fields);
};

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const SIGNED_CALLBACKS = ['/api/payment/callback/', '/api/credit/callback/'];

/** CSRF guard: a state-changing call must come from our own scripts, which send X-Requested-With. */
export const requireXhrForWrites: MiddlewareHandler<ApiEnv> = async (c, next) => {
  if (
    !SAFE_METHODS.has(c.req.method) &&
    c.req.header('x-requested-with') !== 'XMLHttpRequest' &&
    // A payment provider's callback proves itself with its signature instead.
    !SIGNED_CALLBACKS.some((prefix) => c.req.path.startsWith(prefix))
  ) {
    return errorResponse(c, 403, 'Запрос отклонён: нужен заголовок X-Requested-With: XMLHttpRequest', {});
  }
  await next();
};

/** The input gate of http/input-guard.ts: a refused request never reaches a route (docs/decisions/0011). */
export const inputGuard: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const result = await guardRequest(c.req.raw);
  if ('refusal' in result) {
    const { status, message, field } = result.refusal;
    return errorResponse(c, status, message, { [field]: [message] });
  }
  if (result.request !== c.req.raw) c.req.raw = result.request;
  await next();
};
