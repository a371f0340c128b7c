// The HTTP side of an instance's life (issue 19): the answer while the store starts (migrations,
// demo data), and the graceful stop — take nothing new, finish what is in flight, then close.
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { getRequestListener } from '@hono/node-server';
import type { Lifecycle } from '@store/api';

const STARTING_MESSAGES: Record<string, string> = {
  starting: 'Магазин запускается',
  migrating: 'Идёт обновление базы данных',
};

/**
 * What the instance answers before the store is ready: 503 with Retry-After everywhere, JSON for
 * the health checks (so balancers and `/api/health` waiters keep waiting), a short Russian page else.
 */
export function startingAnswer(lifecycle: Lifecycle, request: Request): Response {
  const { pathname } = new URL(request.url);
  const message = STARTING_MESSAGES[lifecycle.state] ?? 'Магазин запускается';
  const headers = { 'retry-after': '5', 'cache-control': 'no-store' };
  if (pathname.startsWith('/api/')) {
    return Response.json({ status: lifecycle.state, message }, { status: 503, headers });
  }
  const html =
    `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${message} — Мультицентр</title></head><body><main id="main"><h1>${message}</h1>` +
    `<p>Обновите страницу через несколько секунд.</p></main></body></html>`;
  return new Response(html, { status: 503, headers: { ...headers, 'content-type': 'text/html; charset=utf-8' } });
}

/** The store's answer through Hono (a Response) and, when it can, straight onto the socket (decision 0069). */
export interface StoreHandler {
  fetch: (request: Request, env: unknown) => Response | Promise<Response>;
  /** Writes the whole answer itself and returns true, or returns false and leaves the request untouched. */
  answerDirectly?: (incoming: IncomingMessage, outgoing: ServerResponse) => boolean;
}

/**
 * The node request listener of an instance: the starting answer until `store()` gives the store, then
 * every request counted in flight until its answer's last byte is written or the visitor goes away
 * (the response's `close`), so a streamed page holds the graceful stop to its end. Counting on the
 * socket rather than wrapping each answer's body in another stream leaves Hono's node adapter free to
 * write a text or byte body in one call (decision 0069).
 */
export function storeListener(lifecycle: Lifecycle, store: () => StoreHandler | null) {
  const viaHono = getRequestListener((request, env) => {
    const current = store();
    return current ? current.fetch(request, env) : startingAnswer(lifecycle, request);
  });
  return (incoming: IncomingMessage, outgoing: ServerResponse) => {
    const current = store();
    if (current) {
      outgoing.once('close', lifecycle.begin());
      try {
        if (current.answerDirectly?.(incoming, outgoing)) return;
      } catch (error) {
        // A direct answer fails before it writes (it checks everything first); the ordinary way answers.
        if (outgoing.headersSent) throw error;
        console.error(error);
      }
    }
    void viaHono(incoming, outgoing);
  };
}

/**
 * How long an idle keep-alive connection stays open, in ms. It must outlast the balancer's own idle
 * upstream connections (`keepalive_timeout 60s` in deploy/nginx/store.conf): with Node's default of 5 s an
 * instance closed connections nginx was reusing at that moment, and a POST already sent on one came back
 * 502 (nginx does not retry a request it has sent; seen in CI's cluster check, 2 of 16 at once). The side
 * that keeps a connection longer must be the one that is not the first to reuse it.
 */
export const KEEP_ALIVE_TIMEOUT_MS = 65_000;

/** Node's keep-alive timers for a store instance (see KEEP_ALIVE_TIMEOUT_MS). */
export function holdKeepAlive(server: Server): void {
  server.keepAliveTimeout = KEEP_ALIVE_TIMEOUT_MS;
  // The time to receive a request's headers must be longer than the idle keep-alive (Node's own rule).
  server.headersTimeout = KEEP_ALIVE_TIMEOUT_MS + 1000;
}

/**
 * The graceful stop: the instance turns not ready (draining), the listening socket closes (nginx
 * takes the next upstream at once), idle keep-alive connections are closed as they come idle, and
 * `close` (the database, Redis) runs once every request in flight has its answer, or after `timeoutMs`.
 * Resolves true when everything finished in time.
 */
export async function gracefulStop(
  server: Server,
  lifecycle: Lifecycle,
  close: () => Promise<void>,
  timeoutMs: number,
): Promise<boolean> {
  lifecycle.set('draining');
  const closed = new Promise<void>((resolve) => server.close(() => resolve()));
  server.closeIdleConnections();
  // Connections that finish a request become idle: close them as they do, so keep-alive cannot hold the stop.
  const sweep = setInterval(() => server.closeIdleConnections(), 50);
  const finished = await lifecycle.whenIdle(timeoutMs);
  clearInterval(sweep);
  server.closeIdleConnections();
  if (!finished) server.closeAllConnections();
  // The last sockets (answers just sent) close within moments; never wait past the deadline for them.
  await Promise.race([closed, new Promise((resolve) => setTimeout(resolve, 1000).unref())]);
  await close();
  return finished;
}
