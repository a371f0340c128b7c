// A rendered document piped by React straight onto the socket (decision 0071), on a real HTTP server with the
// store's own listener and compression middleware: the same bytes and headers as the same document read as a
// web stream, the shell before a boundary still waiting, Brotli and gzip through one zlib stream, and a
// visitor who leaves stopping the render.
import { createServer, request as httpRequest, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliDecompressSync, constants, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { Suspense, createElement as h, use } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { Lifecycle } from '@store/api';
import { documentOf, documentResponse } from '../app/lib/document-stream.server.ts';
import { INERT_MODULE_TYPE, INERT_PRELOAD_REL } from '../app/lib/paint-first.server.ts';
import { compression } from './compression.ts';
import { storeListener } from './lifecycle-server.ts';

const ROWS = Array.from({ length: 300 }, (_, i) => `Холодильник № ${i} в наличии`);

/** A document shaped like the store's: module preloads in the head, the module script last in the shell. */
function Page({ late }: { late: Promise<string> }) {
  return h(
    'html',
    { lang: 'ru' },
    h('head', null, h('link', { rel: 'modulepreload', href: '/assets/entry.client-1.js' })),
    h(
      'body',
      null,
      h('main', null, ...ROWS.map((row) => h('p', { key: row }, row))),
      h(Suspense, { fallback: h('p', null, 'Загрузка…') }, h(Late, { late })),
      h('script', { type: 'module', async: true, dangerouslySetInnerHTML: { __html: 'import "/assets/x.js";' } }),
    ),
  );
}

function Late({ late }: { late: Promise<string> }) {
  return h('aside', null, use(late));
}

interface Render {
  response: Response;
  errors: unknown[];
  resolveLate: (text: string) => void;
}

/**
 * entry.server's way: the Response is made when the shell is ready. With `known`, the boundary's text is
 * there from the start (a promise React reads as fulfilled), so the bytes do not depend on timing.
 */
function render(known?: string): Promise<Render> {
  let resolveLate!: (text: string) => void;
  const late =
    known === undefined
      ? new Promise<string>((resolve) => (resolveLate = resolve))
      : Object.assign(Promise.resolve(known), { status: 'fulfilled', value: known });
  const errors: unknown[] = [];
  return new Promise((resolve, reject) => {
    const { pipe } = renderToPipeableStream(h(Page, { late }), {
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onShellReady() {
        const headers = new Headers({ 'content-type': 'text/html; charset=utf-8', 'x-page-cache': 'BYPASS' });
        headers.append('set-cookie', 'city_id=1; Path=/');
        headers.append('set-cookie', 'branch=A; Path=/');
        resolve({ response: documentResponse(pipe, { status: 200, headers }), errors, resolveLate });
      },
      onShellError: reject,
      onError: (error) => void errors.push(error),
    });
  });
}

const servers: Server[] = [];
afterEach(() => {
  for (const server of servers.splice(0)) server.close();
});

/** The store's listener in front of a Hono app with the compression middleware and one page. */
async function storeServer(page: () => Promise<Response>) {
  const app = new Hono();
  app.use('*', compression());
  app.get('/page', () => page());
  const server = createServer(storeListener(new Lifecycle('ready'), () => ({ fetch: app.fetch }))).listen(
    0,
    '127.0.0.1',
  );
  servers.push(server);
  await new Promise<void>((resolve) => server.once('listening', resolve));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/page`;
}

/** GET with node's client: the raw headers and the body's chunks as they arrive. */
function get(url: string, acceptEncoding?: string) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    httpRequest(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} }, resolve)
      .on('error', reject)
      .end();
  });
}

async function readAll(message: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of message) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The first bytes of the body. */
function firstBytes(message: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve) => message.once('data', (chunk: Buffer) => resolve(chunk)));
}

/** The body's bytes as they arrive, until `enough` says the ones so far are enough (the rest stays unread). */
function readUntil(message: IncomingMessage, enough: (bytes: Buffer) => boolean): Promise<Buffer> {
  const chunks: Buffer[] = [];
  return new Promise((resolve) => {
    const onData = (chunk: Buffer) => {
      chunks.push(chunk);
      const bytes = Buffer.concat(chunks);
      if (!enough(bytes)) return;
      message.off('data', onData);
      message.pause();
      resolve(bytes);
    };
    message.on('data', onData);
  });
}

describe('a document on the socket', () => {
  it('writes the bytes and headers the web stream would give, with the paint-first rewrite', async () => {
    // The same document read as a web stream (the page cache's way) ...
    const read = await render('Доставка завтра');
    const expected = await read.response.text();
    expect(expected).toContain(`rel="${INERT_PRELOAD_REL}"`);
    expect(expected).toContain(`type="${INERT_MODULE_TYPE}"`);
    expect(expected).toContain('<aside>Доставка завтра</aside>');

    // ... and piped by React onto the socket.
    let rendered!: Render;
    const url = await storeServer(async () => {
      rendered = await render('Доставка завтра');
      return rendered.response;
    });
    const message = await get(url);
    // React wrote to the socket itself: the body's web stream was never read.
    expect(documentOf(rendered.response.body)?.started).toBe(true);
    expect(rendered.response.body!.locked).toBe(false);
    expect(message.statusCode).toBe(200);
    expect(message.headers['transfer-encoding']).toBe('chunked');
    expect(message.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(message.headers['x-page-cache']).toBe('BYPASS');
    expect(message.headers['vary']).toBe('Accept-Encoding');
    expect(message.headers['set-cookie']).toEqual(['city_id=1; Path=/', 'branch=A; Path=/']);
    expect((await readAll(message)).toString('utf8')).toBe(expected);
  });

  it('sends the shell before a boundary still waiting, compressed through one zlib stream', async () => {
    const decoders = {
      br: (bytes: Buffer, partial = false) =>
        brotliDecompressSync(bytes, partial ? { finishFlush: constants.BROTLI_OPERATION_FLUSH } : {}),
      gzip: (bytes: Buffer, partial = false) =>
        gunzipSync(bytes, partial ? { finishFlush: constants.Z_SYNC_FLUSH } : {}),
    };
    for (const [encoding, decode] of Object.entries(decoders)) {
      let rendered!: Render;
      const url = await storeServer(async () => (rendered = await render()).response);
      const message = await get(url, encoding);
      expect(message.headers['content-encoding']).toBe(encoding);
      expect(message.headers['content-length']).toBeUndefined();
      // The whole shell arrives (flushed at the end of React's pass) while the boundary still waits.
      const shell = await readUntil(message, (bytes) => decode(bytes, true).toString('utf8').includes('Загрузка…'));
      expect(decode(shell, true).toString('utf8')).toContain(ROWS[299]);
      const rest = readAll(message);
      message.resume();
      rendered.resolveLate('Доставка завтра');
      const page = decode(Buffer.concat([shell, await rest])).toString('utf8');
      expect(page).toContain('<aside>Доставка завтра</aside>');
      expect(page).toContain(ROWS[299]);
      expect(page).toContain(`type="${INERT_MODULE_TYPE}"`);
    }
  });

  it('sends a document under 1 KB as it is, with its length, as compression leaves a tiny body', async () => {
    const url = await storeServer(
      () =>
        new Promise((resolve) => {
          const { pipe } = renderToPipeableStream(h('p', null, 'Пусто'), {
            onShellReady: () =>
              resolve(documentResponse(pipe, { headers: { 'content-type': 'text/html; charset=utf-8' } })),
          });
        }),
    );
    const message = await get(url, 'br');
    expect(message.headers['content-encoding']).toBeUndefined();
    expect(message.headers['content-length']).toBe(String(Buffer.byteLength('<p>Пусто</p>')));
    expect((await readAll(message)).toString('utf8')).toBe('<p>Пусто</p>');
  });

  it('stops the render when the visitor leaves before the last byte', async () => {
    let rendered!: Render;
    const url = await storeServer(async () => (rendered = await render()).response);
    const message = await get(url);
    await firstBytes(message);
    message.destroy();
    await new Promise<void>((resolve) => message.socket.once('close', () => resolve()));
    await expect.poll(() => rendered.errors.map(String)).toEqual([expect.stringMatching(/closed early/)]);
  });
});
