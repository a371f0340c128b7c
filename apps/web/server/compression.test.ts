// Brotli and gzip of the store's answers (decision 0015): negotiation, streaming, and what is left alone.
import { brotliDecompressSync, createBrotliDecompress, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger, createMemoryCache } from '@store/api';
import type { ServerBuild } from 'react-router';
import { createHarness, type Harness } from '../../api/src/test/api-harness.ts';
import { compression, negotiateEncoding } from './compression.ts';
import type { Runtime } from './runtime.ts';
import { createStoreApp } from './store-app.ts';

const PAGE = `<!doctype html><html lang="ru"><body>${'<p>Смартфон в наличии</p>'.repeat(200)}</body></html>`;
const TINY = '<p>Пусто</p>';

function decode(encoding: string | null, bytes: Uint8Array): string {
  const buffer = Buffer.from(bytes);
  if (encoding === 'br') return brotliDecompressSync(buffer).toString('utf8');
  if (encoding === 'gzip') return gunzipSync(buffer).toString('utf8');
  return buffer.toString('utf8');
}

const html = { 'content-type': 'text/html; charset=utf-8' };

function testApp() {
  const app = new Hono();
  app.use('*', compression());
  app.get('/page', () => new Response(PAGE, { headers: html }));
  app.get('/tiny', () => new Response(TINY, { headers: html }));
  app.get('/tiny-declared', () => new Response(TINY, { headers: { ...html, 'content-length': '17' } }));
  app.get('/json', (c) => c.json({ items: Array.from({ length: 100 }, (_, i) => ({ id: i, name: `Товар ${i}` })) }));
  app.get('/png', () => new Response(new Uint8Array(4096), { headers: { 'content-type': 'image/png' } }));
  app.get('/encoded', () => new Response(new Uint8Array(4096), { headers: { ...html, 'content-encoding': 'gzip' } }));
  app.get('/no-content', () => new Response(null, { status: 204 }));
  app.get('/not-modified', () => new Response(null, { status: 304, headers: { etag: '"a"' } }));
  app.get('/cookies', () => {
    const headers = new Headers({ ...html, 'x-page-cache': 'MISS', etag: '"v1"', vary: 'Cookie' });
    headers.append('set-cookie', 'a=1; Path=/');
    headers.append('set-cookie', 'b=2; Path=/');
    return new Response(PAGE, { headers });
  });
  return app;
}

const app = testApp();
const get = (path: string, acceptEncoding?: string, method = 'GET') =>
  app.request(path, { method, headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding } });

describe('negotiateEncoding', () => {
  it('prefers Brotli, then gzip, by q-value', () => {
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
    expect(negotiateEncoding('gzip, deflate')).toBe('gzip');
    expect(negotiateEncoding('br;q=0.5, gzip')).toBe('gzip');
    expect(negotiateEncoding('br;q=0, gzip;q=0.2')).toBe('gzip');
    expect(negotiateEncoding('x-gzip')).toBe('gzip');
    expect(negotiateEncoding('*;q=0.3')).toBe('br');
    expect(negotiateEncoding('*, br;q=0')).toBe('gzip');
    // A malformed q-value is ignored (the coding keeps q=1).
    expect(negotiateEncoding('gzip;q=garbage')).toBe('gzip');
  });

  it('answers identity when nothing offered is acceptable', () => {
    expect(negotiateEncoding(undefined)).toBeNull();
    expect(negotiateEncoding('')).toBeNull();
    expect(negotiateEncoding('identity')).toBeNull();
    expect(negotiateEncoding('deflate, zstd')).toBeNull();
    expect(negotiateEncoding('br;q=0, gzip;q=0')).toBeNull();
  });
});

describe('compression middleware', () => {
  it('sends Brotli, gzip or identity by Accept-Encoding, always with Vary and without Content-Length', async () => {
    for (const [accept, expected] of [
      ['gzip, deflate, br', 'br'],
      ['gzip', 'gzip'],
      ['br;q=0.1, gzip;q=0.9', 'gzip'],
      ['identity', null],
      [undefined, null],
    ] as const) {
      const res = await get('/page', accept);
      expect(res.headers.get('content-encoding'), String(accept)).toBe(expected);
      expect(res.headers.get('vary')).toBe('Accept-Encoding');
      const bytes = new Uint8Array(await res.arrayBuffer());
      if (expected) {
        expect(res.headers.get('content-length')).toBeNull();
        expect(bytes.byteLength).toBeLessThan(Buffer.byteLength(PAGE) / 10);
      }
      expect(decode(expected, bytes)).toBe(PAGE);
    }
  });

  it('compresses API JSON', async () => {
    const res = await get('/json', 'br');
    expect(res.headers.get('content-encoding')).toBe('br');
    const body = JSON.parse(decode('br', new Uint8Array(await res.arrayBuffer()))) as { items: unknown[] };
    expect(body.items).toHaveLength(100);
  });

  it('compresses a whole JSON answer in one call, its Brotli window no larger than the body', async () => {
    // The window size a decoder must allocate is in the stream's first bits (RFC 7932 §9.1).
    const windowBits = (bytes: Uint8Array) => {
      const b = bytes[0]!;
      if ((b & 1) === 0) return 16;
      const n = (b >> 1) & 7;
      if (n !== 0) return 17 + n;
      const m = (b >> 4) & 7;
      return m === 0 ? 17 : 8 + m;
    };
    for (const [path, accept] of [
      ['/json', 'br'],
      ['/json', 'gzip'],
    ] as const) {
      const res = await get(path, accept);
      expect(res.headers.get('content-encoding')).toBe(accept);
      const bytes = new Uint8Array(await res.arrayBuffer());
      const text = decode(accept, bytes);
      expect(JSON.parse(text)).toEqual({
        items: Array.from({ length: 100 }, (_, i) => ({ id: i, name: `Товар ${i}` })),
      });
      // A 3 KB answer needs a 4 KB window (2^12), not the streaming compressor's 4 MB (2^22).
      if (accept === 'br') expect(windowBits(bytes)).toBe(Math.ceil(Math.log2(Buffer.byteLength(text) + 1)));
    }
  });

  it('leaves tiny bodies, other types, encoded answers, 204, 304 and HEAD as they are', async () => {
    for (const path of ['/tiny', '/tiny-declared']) {
      const res = await get(path, 'br, gzip');
      expect(res.headers.get('content-encoding'), path).toBeNull();
      expect(await res.text()).toBe(TINY);
    }
    const png = await get('/png', 'br, gzip');
    expect(png.headers.get('content-encoding')).toBeNull();
    expect(png.headers.get('vary')).toBeNull();
    expect((await png.arrayBuffer()).byteLength).toBe(4096);

    const encoded = await get('/encoded', 'br, gzip');
    expect(encoded.headers.get('content-encoding')).toBe('gzip');
    expect((await encoded.arrayBuffer()).byteLength).toBe(4096);

    expect((await get('/no-content', 'br')).status).toBe(204);
    const notModified = await get('/not-modified', 'br');
    expect(notModified.status).toBe(304);
    expect(notModified.headers.get('content-encoding')).toBeNull();

    const head = await get('/page', 'br, gzip', 'HEAD');
    expect(head.headers.get('content-encoding')).toBeNull();
  });

  it('keeps every Set-Cookie and the other headers, adds to Vary, weakens a strong ETag', async () => {
    const res = await get('/cookies', 'gzip');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(res.headers.getSetCookie()).toEqual(['a=1; Path=/', 'b=2; Path=/']);
    expect(res.headers.get('x-page-cache')).toBe('MISS');
    expect(res.headers.get('vary')).toBe('Cookie, Accept-Encoding');
    expect(res.headers.get('etag')).toBe('W/"v1"');
    expect(decode('gzip', new Uint8Array(await res.arrayBuffer()))).toBe(PAGE);
  });

  it('streams: the first part arrives compressed before the body ends', async () => {
    const shell = `<!doctype html><html lang="ru"><body><header>${'Каталог '.repeat(300)}</header>`;
    const rest = `<main>${'Отзывы '.repeat(300)}</main></body></html>`;
    let finish!: () => void;
    const later = new Promise<void>((resolve) => (finish = resolve));
    const streaming = new Hono();
    streaming.use('*', compression());
    streaming.get('/', () => {
      const body = new ReadableStream<Uint8Array>({
        async start(controller) {
          controller.enqueue(new TextEncoder().encode(shell));
          await later;
          controller.enqueue(new TextEncoder().encode(rest));
          controller.close();
        },
      });
      return new Response(body, { headers: html });
    });
    const res = await streaming.request('/', { headers: { 'accept-encoding': 'br' } });
    expect(res.headers.get('content-encoding')).toBe('br');

    // Decode what has arrived so far while the source still waits.
    const reader = res.body!.getReader();
    const decoder = createBrotliDecompress();
    let decoded = '';
    decoder.on('data', (chunk: Buffer) => (decoded += chunk.toString('utf8')));
    while (decoded.length < shell.length) {
      const { done, value } = await reader.read();
      expect(done).toBe(false);
      await new Promise<void>((resolve) => decoder.write(value, () => resolve()));
      await new Promise((resolve) => setImmediate(resolve));
    }
    expect(decoded).toBe(shell);

    finish();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      decoder.write(value);
    }
    await new Promise((resolve) => decoder.end(resolve));
    expect(decoded).toBe(shell + rest);
  });
});

describe('the store app', () => {
  let h: Harness;
  let store: ReturnType<typeof createStoreApp>;
  beforeAll(async () => {
    h = await createHarness({});
    const runtime = {
      config: h.config,
      logger: createLogger('silent'),
      handle: h.handle,
      cache: createMemoryCache(),
      api: h.api,
      close: async () => {},
    } as unknown as Runtime;
    const build = () => Promise.reject(new Error('no page render in this test')) as Promise<ServerBuild>;
    store = createStoreApp(runtime, { build, mode: 'production' });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('compresses the API and the SVG pictures, keeping the security headers', async () => {
    const api = await store.fetch(
      new Request('http://store.test/api/v3/menu', { headers: { 'accept-encoding': 'gzip, deflate, br' } }),
    );
    expect(api.status).toBe(200);
    expect(api.headers.get('content-encoding')).toBe('br');
    expect(api.headers.get('vary')).toMatch(/Accept-Encoding/);
    expect(api.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Array.isArray(JSON.parse(decode('br', new Uint8Array(await api.arrayBuffer()))))).toBe(true);

    const picture = await store.fetch(
      new Request('http://store.test/img/category/smartfony.svg', { headers: { 'accept-encoding': 'gzip' } }),
    );
    expect(picture.headers.get('content-type')).toBe('image/svg+xml');
    expect(picture.headers.get('content-encoding')).toBe('gzip');
    expect(decode('gzip', new Uint8Array(await picture.arrayBuffer()))).toMatch(/^<svg/);
  });
});
