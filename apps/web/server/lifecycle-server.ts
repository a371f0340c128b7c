// The HTTP side of an instance's life (issue 19): the answer while the store starts (migrations,
// demo data), and the graceful stop — take nothing new, finish what is in flight, then close.
import type { Server } from 'node:http';
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

/** Counts the request in flight until its answer (a streamed page: until the last byte) is sent. */
export async function trackInFlight(lifecycle: Lifecycle, answer: () => Promise<Response>): Promise<Response> {
  const done = lifecycle.begin();
  let response: Response;
  try {
    response = await answer();
  } catch (error) {
    done();
    throw error;
  }
  if (!response.body) {
    done();
    return response;
  }
  // A page streams after its handler returns: the request is done when the stream ends, fails or the
  // visitor goes away (cancel).
  const reader = response.body.getReader();
  const tracked = new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const { done: end, value } = await reader.read();
        if (end) {
          done();
          controller.close();
        } else controller.enqueue(value);
      } catch (error) {
        done();
        controller.error(error);
      }
    },
    cancel(reason) {
      done();
      return reader.cancel(reason);
    },
  });
  return new Response(tracked, response);
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
