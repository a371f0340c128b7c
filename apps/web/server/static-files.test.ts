// Client files: the build's Brotli and gzip copies (server/precompress.ts) and the cache headers (decision 0015).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress.ts';
import { IMMUTABLE, SHORT_CACHE, serveClientFiles } from './static-files.ts';

let dir: string;
let app: Hono;
const script = `export function render(){${'console.log("Мультицентр");'.repeat(200)}}`;
const icon = `<svg xmlns="http://www.w3.org/2000/svg">${'<circle r="1"/>'.repeat(100)}</svg>`;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-files-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'assets/root-Ab12Cd34.js'), script);
  fs.writeFileSync(path.join(dir, 'assets/tiny-Zz99Yy88.css'), 'a{color:red}');
  fs.writeFileSync(path.join(dir, 'assets/photo-Qq11Ww22.png'), new Uint8Array(4096));
  fs.writeFileSync(path.join(dir, 'favicon.svg'), icon);
  await precompressDirectory(dir);
  app = new Hono();
  app.use('*', serveClientFiles(dir));
  app.notFound((c) => c.text('нет', 404));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const get = (pathname: string, headers: Record<string, string> = {}, method = 'GET') =>
  app.request(pathname, { method, headers });

describe('precompressDirectory', () => {
  it('writes .br and .gz beside text files of 1 KB and more only', () => {
    expect(fs.existsSync(path.join(dir, 'assets/root-Ab12Cd34.js.br'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'assets/root-Ab12Cd34.js.gz'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'favicon.svg.br'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'assets/tiny-Zz99Yy88.css.br'))).toBe(false);
    expect(fs.existsSync(path.join(dir, 'assets/photo-Qq11Ww22.png.br'))).toBe(false);
  });
});

describe('serveClientFiles', () => {
  it('sends the Brotli copy of a hashed script, cached for a year', async () => {
    const res = await get('/assets/root-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('cache-control')).toBe(IMMUTABLE);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(Number(res.headers.get('content-length'))).toBe(bytes.byteLength);
    expect(bytes.byteLength).toBeLessThan(script.length / 10);
    expect(brotliDecompressSync(bytes).toString('utf8')).toBe(script);
  });

  it('sends gzip or the file itself by Accept-Encoding', async () => {
    const gz = await get('/assets/root-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(gz.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await gz.arrayBuffer())).toString('utf8')).toBe(script);

    const plain = await get('/assets/root-Ab12Cd34.js', { 'accept-encoding': 'identity' });
    expect(plain.headers.get('content-encoding')).toBeNull();
    expect(plain.headers.get('vary')).toBe('Accept-Encoding');
    expect(await plain.text()).toBe(script);
  });

  it('sends files without copies as they are', async () => {
    const tiny = await get('/assets/tiny-Zz99Yy88.css', { 'accept-encoding': 'br' });
    expect(tiny.headers.get('content-encoding')).toBeNull();
    expect(tiny.headers.get('vary')).toBeNull();
    expect(await tiny.text()).toBe('a{color:red}');
    const png = await get('/assets/photo-Qq11Ww22.png', { 'accept-encoding': 'br' });
    expect(png.headers.get('content-type')).toBe('image/png');
    expect(png.headers.get('content-encoding')).toBeNull();
  });

  it('caches unhashed files for an hour and answers 304 to their ETag', async () => {
    const first = await get('/favicon.svg', { 'accept-encoding': 'br' });
    expect(first.headers.get('cache-control')).toBe(SHORT_CACHE);
    expect(first.headers.get('content-encoding')).toBe('br');
    const etag = first.headers.get('etag');
    expect(etag).toMatch(/^W\/"/);
    const again = await get('/favicon.svg', { 'accept-encoding': 'br', 'if-none-match': etag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');
    const changed = await get('/favicon.svg', { 'if-none-match': 'W/"other"' });
    expect(changed.status).toBe(200);
  });

  it('answers HEAD with the headers of the copy it would send', async () => {
    const res = await get('/assets/root-Ab12Cd34.js', { 'accept-encoding': 'br' }, 'HEAD');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe('br');
    expect(Number(res.headers.get('content-length'))).toBe(
      fs.statSync(path.join(dir, 'assets/root-Ab12Cd34.js.br')).size,
    );
  });

  it('never leaves the build directory', async () => {
    expect((await get('/../package.json')).status).toBe(404);
    expect((await get('/%2e%2e/%2e%2e/etc/passwd')).status).toBe(404);
  });
});
