import { randomUUID } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import type { ApiEnv } from './env.ts';
import { errorResponse } from './errors.ts';
import { guardRequest } from './input-guard.ts';

const TRACE_ID = /^[\w.:-]{1,128}$/;

/** trace_id from the query (SPEC §7) or header, else a new one; echoed in x-trace-id and every log line. */
export const traceAndLog: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const candidate = c.req.query('trace_id') ?? c.req.header('x-trace-id');
  const traceId = candidate && TRACE_ID.test(candidate) ? candidate : randomUUID();
  c.set('traceId', traceId);
  const started = performance.now();
  await next();
  c.header('x-trace-id', traceId);
  const { logger } = c.get('deps');
  const status = c.res.status;
  const fields = {
    trace_id: traceId,
    method: c.req.method,
    path: c.req.path,
    status,
    ms: Math.round((performance.now() - started) * 10) / 10,
  };
  if (status >= 500) logger.error('api request', fields);
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
