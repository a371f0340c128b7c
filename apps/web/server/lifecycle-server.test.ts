// The graceful stop of one instance (issue 19) on a real HTTP server: a request in flight gets its
// whole answer, a new connection is refused at once, and the database closes only after the answer.
import { readFileSync } from 'node:fs';
import { Agent, createServer, request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { describe, expect, it } from 'vitest';
import { Lifecycle } from '@store/api';
import {
  KEEP_ALIVE_TIMEOUT_MS,
  gracefulStop,
  holdKeepAlive,
  startingAnswer,
  storeListener,
} from './lifecycle-server.ts';

/** A server whose /slow answer streams two parts, the second when `release` is called. */
async function slowServer(lifecycle: Lifecycle) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let started!: () => void;
  const inHandler = new Promise<void>((resolve) => (started = resolve));
  // The store's own listener: a request is in flight until its answer's last byte (decision 0069).
  const server = createServer(
    storeListener(lifecycle, () => ({
      fetch: async (request) => {
        if (new URL(request.url).pathname !== '/slow') return new Response('fast');
        started();
        const body = new ReadableStream<Uint8Array>({
          async start(controller) {
            controller.enqueue(new TextEncoder().encode('первая часть;'));
            await released;
            controller.enqueue(new TextEncoder().encode('вторая часть'));
            controller.close();
          },
        });
        return new Response(body, { headers: { 'content-type': 'text/plain; charset=utf-8' } });
      },
    })),
  ).listen(0, '127.0.0.1');
  await new Promise<void>((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return { server, base, release, inHandler };
}

describe('graceful stop', () => {
  it('finishes the answer in flight, refuses new connections, then closes the database', async () => {
    const lifecycle = new Lifecycle('ready');
    const { server, base, release, inHandler } = await slowServer(lifecycle);
    // A keep-alive connection that sits idle must not hold the stop.
    expect(await (await fetch(`${base}/fast`)).text()).toBe('fast');

    const events: string[] = [];
    // The answer's last byte handed to the socket (the visitor reads it from there, database or not).
    server.on('request', (req: { url?: string }, res: { once: (event: string, then: () => void) => void }) =>
      res.once('finish', () => req.url === '/slow' && events.push('answer sent')),
    );
    const slow = fetch(`${base}/slow`).then((r) => r.text());
    await inHandler;
    expect(lifecycle.inFlight).toBe(1);

    const stopped = gracefulStop(
      server,
      lifecycle,
      async () => {
        events.push('database closed');
      },
      10_000,
    );
    expect(lifecycle.state).toBe('draining');
    // The listening socket is closed: a new visitor's connection is refused and nginx takes another upstream.
    await expect(fetch(`${base}/fast`)).rejects.toThrow();
    expect(events).toEqual([]);

    release();
    expect(await slow).toBe('первая часть;вторая часть');
    expect(await stopped).toBe(true);
    expect(events).toEqual(['answer sent', 'database closed']);
    expect(lifecycle.inFlight).toBe(0);
  });

  it('gives up on an answer that outlives the timeout, and still closes', async () => {
    const lifecycle = new Lifecycle('ready');
    const { server, base, release, inHandler } = await slowServer(lifecycle);
    const slow = fetch(`${base}/slow`)
      .then((r) => r.text())
      .catch(() => 'cut');
    await inHandler;
    let closed = false;
    expect(
      await gracefulStop(
        server,
        lifecycle,
        async () => {
          closed = true;
        },
        300,
      ),
    ).toBe(false);
    expect(closed).toBe(true);
    release();
    expect(await slow).toBe('cut');
  });
});

describe('while starting', () => {
  it('answers 503 with the state: JSON for the API and health checks, a Russian page for visitors', async () => {
    const lifecycle = new Lifecycle('migrating');
    const api = startingAnswer(lifecycle, new Request('http://store.test/api/health/ready'));
    expect(api.status).toBe(503);
    expect(api.headers.get('retry-after')).toBe('5');
    expect(await api.json()).toEqual({ status: 'migrating', message: 'Идёт обновление базы данных' });
    const page = startingAnswer(lifecycle, new Request('http://store.test/catalog'));
    expect(page.status).toBe(503);
    expect(await page.text()).toContain('<h1>Идёт обновление базы данных</h1>');
  });
});

describe('keep-alive behind nginx', () => {
  it('holds an idle connection longer than the nginx configuration keeps its upstream connections', async () => {
    const conf = readFileSync(new URL('../../../deploy/nginx/store.conf', import.meta.url), 'utf8');
    const upstream = /upstream store \{([\s\S]*?)\n {2}\}/.exec(conf)?.[1] ?? '';
    const nginxSeconds = Number(/keepalive_timeout (\d+)s;/.exec(upstream)?.[1]);
    expect(nginxSeconds).toBeGreaterThan(0);
    expect(KEEP_ALIVE_TIMEOUT_MS).toBeGreaterThan(nginxSeconds * 1000);

    const server = serve({ port: 0, hostname: '127.0.0.1', fetch: () => new Response('ok') }) as Server;
    holdKeepAlive(server);
    await new Promise<void>((resolve) => server.once('listening', resolve));
    expect(server.keepAliveTimeout).toBe(KEEP_ALIVE_TIMEOUT_MS);
    expect(server.headersTimeout).toBeGreaterThan(server.keepAliveTimeout);
    // An idle connection is still open after Node's default 5 s: a second request on it is answered.
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const port = (server.address() as AddressInfo).port;
    const get = () =>
      new Promise<{ body: string; socket: unknown }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path: '/', agent }, (res) => {
          let body = '';
          res.on('data', (chunk: Buffer) => (body += chunk.toString()));
          res.on('end', () => resolve({ body, socket: req.socket }));
        });
        req.on('error', reject);
        req.end();
      });
    const first = await get();
    await new Promise((resolve) => setTimeout(resolve, 5600));
    const second = await get();
    expect(second.body).toBe('ok');
    expect(second.socket).toBe(first.socket);
    agent.destroy();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }, 15_000);
});
