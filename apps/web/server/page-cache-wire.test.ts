// A page-cache hit written on the socket (decision 0069) is the page the ordinary hit gives: the same
// bytes with the visitor's nonce, as identity and as the gzip copy whose CRC comes from stored parts.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { crc32, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PageCache } from './page-cache.ts';
import { crc32Shift, shiftOver } from './page-cache-gzip.ts';
import { wireOf, writeHit } from './page-cache-wire.ts';

const RENDER_NONCE = 'AbCdEfGhIjKlMnOpQrStUv==';
const VISITOR_NONCE = 'ZyXwVuTsRqPoNmLkJiHgFe+/';

const page = (nonce: string) =>
  `<!doctype html><html lang="ru"><head><script nonce="${nonce}"></script></head><body>` +
  `${'<p>Холодильник в наличии</p>'.repeat(2000)}<script nonce="${nonce}">x()</script>` +
  `${'<li>Отзыв о товаре</li>'.repeat(500)}<script nonce="${nonce}"></script></body></html>`;

describe('crc32Shift', () => {
  it('gives the CRC of two texts joined from their own CRCs', () => {
    for (const [a, b] of [
      [0, 7],
      [13, 0],
      [1, 1],
      [1000, 250_000],
      [65_536, 3],
    ] as const) {
      const left = Buffer.alloc(a, 'лево');
      const right = Buffer.alloc(b, 'right');
      const joined = (crc32Shift(shiftOver(b), crc32(left)) ^ crc32(right)) >>> 0;
      expect(joined).toBe(crc32(Buffer.concat([left, right])));
    }
  });
});

describe('a direct page-cache hit', () => {
  const cache = new PageCache({ ttlMs: 60_000, maxBytes: 2 ** 24, gzip: true });
  let server: Server;
  let base: string;
  beforeAll(async () => {
    const render = async () =>
      new Response(page(RENDER_NONCE), {
        headers: { 'content-type': 'text/html; charset=utf-8', 'set-cookie': 'city_id=1; Path=/' },
      });
    const first = await cache.serve('key', render, RENDER_NONCE);
    await first.response.text();
    // The gzip copy is made a moment after the page is stored.
    for (let i = 0; i < 100 && !cache.get('key')?.gzip; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    server = createServer((req, res) => {
      const stored = cache.get('key')!;
      writeHit(res, wireOf(stored), req.headers['accept-encoding'] === 'gzip', Buffer.from(VISITOR_NONCE), {
        'x-page-cache': 'HIT',
        'set-cookie': 'branch=A; Path=/',
      });
    }).listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));

  it('sends the ordinary hit’s bytes with the visitor’s nonce, identity and gzip', async () => {
    expect(cache.get('key')?.gzip).toBeDefined();
    const ordinary = await cache.serve('key', () => Promise.reject(new Error('no render')), VISITOR_NONCE);
    expect(ordinary.state).toBe('HIT');
    const expected = Buffer.from(page(VISITOR_NONCE));

    const identity = await fetch(base, { headers: { 'accept-encoding': 'identity' } });
    const identityBody = Buffer.from(await identity.arrayBuffer());
    expect(identityBody.equals(expected)).toBe(true);
    expect(identity.headers.get('content-length')).toBe(String(expected.byteLength));
    expect(identity.headers.get('vary')).toBe('Accept-Encoding');
    expect(identity.headers.getSetCookie()).toEqual(['city_id=1; Path=/', 'branch=A; Path=/']);

    // Read as raw bytes: gunzip checks the trailer's CRC and length.
    const zipped = await new Promise<{ body: Buffer; headers: Record<string, unknown> }>((resolve, reject) => {
      import('node:http').then(({ get }) =>
        get(base, { headers: { 'accept-encoding': 'gzip' } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () => resolve({ body: Buffer.concat(chunks), headers: res.headers }));
        }).on('error', reject),
      );
    });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.body).equals(expected)).toBe(true);
    // The same bytes as the ordinary hit's gzip answer.
    const ordinaryZipped = await cache.serve('key', () => Promise.reject(new Error('no render')), VISITOR_NONCE, {
      acceptEncoding: 'gzip',
    });
    expect(Buffer.from(await ordinaryZipped.response.arrayBuffer()).equals(zipped.body)).toBe(true);
    await ordinary.response.arrayBuffer();
  });
});
