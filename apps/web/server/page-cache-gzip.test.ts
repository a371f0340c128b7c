// The page cache's gzip copy (decision 0015): one compression per stored page, each visitor's nonce
// written into it, and text that happens to repeat pieces of the nonce still decoded right.
import { gunzipSync, gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { offsetsOf, PageCache } from './page-cache.ts';
import { gzipCopy, gzipWithNonce } from './page-cache-gzip.ts';

const RENDER_NONCE = 'AbCdEfGhIjKlMnOpQrStUv==';
const VISITOR_NONCE = 'ZyXwVuTsRqPoNmLkJiHgFe+/';

/** A page with the nonce at its start, twice in a row, in the middle and at its end, and text that repeats pieces of it. */
function page(nonce: string): string {
  return (
    `${nonce}<!doctype html><html lang="ru"><head><script nonce="${nonce}${nonce}"></script></head><body>` +
    `${'<p>Холодильник AbCdEfGh, EfGhIjKlMn в наличии</p>'.repeat(300)}<script nonce="${nonce}">x()</script>` +
    `${'<li>Отзыв QrStUv== о товаре</li>'.repeat(300)}<script nonce="${nonce}"></script></body></html>${nonce}`
  );
}

const bytes = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));

describe('gzipCopy and gzipWithNonce', () => {
  it("decode to the visitor's page, nonce and all, at about the size of plain gzip", async () => {
    const body = bytes(page(RENDER_NONCE));
    const offsets = offsetsOf(body, RENDER_NONCE);
    expect(offsets.length).toBe(6);
    const copy = await gzipCopy(body, offsets, RENDER_NONCE.length);
    expect(gunzipSync(copy.body).toString('utf8')).toBe(page(RENDER_NONCE));

    const patched = gzipWithNonce(copy, body, offsets, VISITOR_NONCE);
    expect(gunzipSync(patched).toString('utf8')).toBe(page(VISITOR_NONCE));
    // The stored copy itself is left as it was, for the next visitor.
    expect(gunzipSync(copy.body).toString('utf8')).toBe(page(RENDER_NONCE));
    // Each nonce costs a block of its own: a few dozen bytes.
    expect(copy.body.byteLength).toBeLessThan(gzipSync(body).byteLength + offsets.length * 100);
  });

  it('is a plain gzip of a page without nonces', async () => {
    const text = '<p>Без скриптов</p>'.repeat(100);
    const copy = await gzipCopy(bytes(text));
    expect(copy.nonceAt).toEqual([]);
    expect(gunzipSync(copy.body).toString('utf8')).toBe(text);
    expect(gzipWithNonce(copy, bytes(text), [], VISITOR_NONCE)).toBe(copy.body);
  });
});

describe('PageCache with gzip', () => {
  const html = { 'content-type': 'text/html; charset=utf-8' };

  it('serves a hit from the gzip copy with each visitor nonce, and identity to the rest', async () => {
    const cache = new PageCache({ ttlMs: 60_000, maxBytes: 16 * 2 ** 20, gzip: true });
    let renders = 0;
    const render = async () => {
      renders += 1;
      return new Response(page(RENDER_NONCE), { headers: html });
    };
    const first = await cache.serve('p', render, RENDER_NONCE, { acceptEncoding: 'gzip, br' });
    expect(first.state).toBe('MISS');
    expect(first.response.headers.get('content-encoding')).toBeNull();
    expect(await first.response.text()).toBe(page(RENDER_NONCE));
    // The copy is made at the page's first hit (decision 0079); that hit goes out as it is stored (the
    // store's compression middleware compresses it), the copy a moment later.
    const firstHit = await cache.serve('p', render, VISITOR_NONCE, { acceptEncoding: 'gzip, br' });
    expect(firstHit.state).toBe('HIT');
    expect(firstHit.response.headers.get('content-encoding')).toBeNull();
    expect(await firstHit.response.text()).toBe(page(VISITOR_NONCE));
    await expect.poll(() => cache.size.bytes).toBeGreaterThan(Buffer.byteLength(page(RENDER_NONCE)));

    const hit = await cache.serve('p', render, VISITOR_NONCE, { acceptEncoding: 'gzip, deflate, br' });
    expect(hit.state).toBe('HIT');
    expect(hit.response.headers.get('content-encoding')).toBe('gzip');
    expect(hit.response.headers.get('vary')).toBe('Accept-Encoding');
    expect(gunzipSync(Buffer.from(await hit.response.arrayBuffer())).toString('utf8')).toBe(page(VISITOR_NONCE));

    const plain = await cache.serve('p', render, VISITOR_NONCE, { acceptEncoding: 'identity' });
    expect(plain.response.headers.get('content-encoding')).toBeNull();
    expect(await plain.response.text()).toBe(page(VISITOR_NONCE));
    expect(renders).toBe(1);
  });
});
