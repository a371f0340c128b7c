import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { PageCache } from './page-cache.ts';

const html = (text: string, status = 200, extra: Record<string, string> = {}) =>
  new Response(text, { status, headers: { 'content-type': 'text/html; charset=utf-8', ...extra } });

/** A render that streams its page in two chunks, the second after `gate` resolves. */
function streamingRender(parts: [string, string], gate: Promise<void>) {
  const encoder = new TextEncoder();
  const body = new ReadableStream<Uint8Array>({
    async start(controller) {
      controller.enqueue(encoder.encode(parts[0]));
      await gate;
      controller.enqueue(encoder.encode(parts[1]));
      controller.close();
    },
  });
  return new Response(body, { status: 200, headers: { 'content-type': 'text/html' } });
}

/** Lets pending promise callbacks (the copy into the cache) run. */
const settle = () => new Promise((resolve) => setImmediate(resolve));

describe('PageCache', () => {
  it('renders once, then answers from memory with the same status, headers and bytes', async () => {
    const cache = new PageCache({ ttlMs: 60_000, maxBytes: 1 << 20 });
    let renders = 0;
    const render = async () => {
      renders++;
      const response = html(`<p>page ${renders}</p>`);
      response.headers.append('set-cookie', 'city_id=1; Path=/');
      response.headers.append('set-cookie', 'x=2; Path=/');
      return response;
    };
    const first = await cache.serve('k', render);
    expect(first.state).toBe('MISS');
    expect(await first.response.text()).toBe('<p>page 1</p>');
    await settle();
    const second = await cache.serve('k', render);
    expect(second.state).toBe('HIT');
    expect(await second.response.text()).toBe('<p>page 1</p>');
    expect(second.response.headers.getSetCookie()).toEqual(['city_id=1; Path=/', 'x=2; Path=/']);
    expect(second.response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(renders).toBe(1);
  });

  it('streams the first visitor while keeping a copy; concurrent misses wait for that one render', async () => {
    const cache = new PageCache({ ttlMs: 60_000, maxBytes: 1 << 20 });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    let renders = 0;
    const render = async () => {
      renders++;
      return streamingRender(['<head>', '<body>late block</body>'], gate);
    };
    const first = await cache.serve('k', render);
    const reader = first.response.body!.getReader();
    const chunk = await reader.read();
    // The first bytes reach the visitor before the slow block has rendered.
    expect(new TextDecoder().decode(chunk.value)).toBe('<head>');
    const waiting = Promise.all([cache.serve('k', render), cache.serve('k', render)]);
    open();
    const others = await waiting;
    expect(renders).toBe(1);
    for (const other of others) {
      expect(other.state).toBe('HIT');
      expect(await other.response.text()).toBe('<head><body>late block</body>');
    }
  });

  it('keeps only complete 200 HTML answers', async () => {
    const cache = new PageCache({ ttlMs: 60_000, maxBytes: 1 << 20 });
    const answers = [
      html('not found', 404),
      new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } }),
      new Response(null, { status: 301, headers: { location: '/x' } }),
    ];
    for (const [i, answer] of answers.entries()) {
      await (await cache.serve(`k${i}`, async () => answer)).response.arrayBuffer();
    }
    await settle();
    expect(cache.size.entries).toBe(0);
    await expect(cache.serve('boom', () => Promise.reject(new Error('render failed')))).rejects.toThrow();
    // A failed render leaves nothing behind: the next request renders again.
    const next = await cache.serve('boom', async () => html('ok'));
    expect(next.state).toBe('MISS');
  });

  it('forgets a page after its time to live', async () => {
    let now = 1_000;
    const cache = new PageCache({ ttlMs: 60_000, maxBytes: 1 << 20, now: () => now });
    await (await cache.serve('k', async () => html('old'))).response.text();
    await settle();
    now += 59_999;
    const fresh = await cache.serve('k', async () => html('new'));
    expect([fresh.state, await fresh.response.text()]).toEqual(['HIT', 'old']);
    expect(fresh.response.headers.get('age')).toBe('59');
    now += 1;
    const renewed = await cache.serve('k', async () => html('new'));
    expect([renewed.state, await renewed.response.text()]).toEqual(['MISS', 'new']);
  });

  it('drops the least recently used pages beyond its memory, and skips pages too big to keep', async () => {
    const page = 'x'.repeat(100);
    const cache = new PageCache({ ttlMs: 60_000, maxBytes: 1000 });
    const fill = async (key: string, body = page) => {
      await (await cache.serve(key, async () => html(body))).response.text();
      await settle();
    };
    for (const key of ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'i', 'j']) await fill(key);
    expect(cache.size).toEqual({ entries: 10, bytes: 1000 });
    expect(cache.get('a')).toBeDefined(); // now the most recently used
    await fill('k');
    expect(cache.size.bytes).toBeLessThanOrEqual(1000);
    expect(cache.get('b')).toBeUndefined();
    expect(cache.get('a')).toBeDefined();
    await fill('big', 'y'.repeat(200)); // over an eighth of the cache
    expect(cache.get('big')).toBeUndefined();
  });

  it("never serves one visitor's CSP nonce to another: a hit carries the requester's nonce", async () => {
    const cache = new PageCache({ ttlMs: 60_000, maxBytes: 1 << 20 });
    const first = 'AAAAAAAAAAAAAAAAAAAAAA==';
    const second = 'BBBBBBBBBBBBBBBBBBBBBB==';
    const render = async () =>
      html(`<script nonce="${first}">a()</script><p>${first} Привет</p><script nonce="${first}">b()</script>`);
    const miss = await cache.serve('k', render, first);
    expect(await miss.response.text()).toContain(`nonce="${first}"`);
    await settle();
    const hit = await cache.serve('k', render, second);
    expect(hit.state).toBe('HIT');
    expect(await hit.response.text()).toBe(
      `<script nonce="${second}">a()</script><p>${second} Привет</p><script nonce="${second}">b()</script>`,
    );
    // The stored page keeps its own bytes: a third visitor gets a third nonce, not the second's.
    const third = 'CCCCCCCCCCCCCCCCCCCCCC==';
    expect(await (await cache.serve('k', render, third)).response.text()).not.toContain(second);
  });

  it('drops the pages that carry a changed product or category tag, and only those', async () => {
    const cache = new PageCache({ ttlMs: 60_000, maxBytes: 1 << 20 });
    const render = (text: string) => async () => html(text);
    await (await cache.serve('product-7', render('p7'), undefined, { tags: () => ['p:7', 'c:3'] })).response.text();
    await (
      await cache.serve('listing-3', render('l3'), undefined, { tags: () => ['c:3', 'p:7', 'p:8'] })
    ).response.text();
    await (await cache.serve('product-8', render('p8'), undefined, { tags: () => ['p:8', 'c:4'] })).response.text();
    await (await cache.serve('news', render('news'))).response.text();
    await settle();
    expect(cache.size.entries).toBe(4);

    expect(cache.invalidate(['p:7'])).toBe(2);
    expect((await cache.serve('product-7', render('p7 new'), undefined, { tags: () => ['p:7'] })).state).toBe('MISS');
    expect((await cache.serve('listing-3', render('l3 new'))).state).toBe('MISS');
    expect((await cache.serve('product-8', render('x'))).state).toBe('HIT');
    expect((await cache.serve('news', render('x'))).state).toBe('HIT');

    const stored = cache.size.entries;
    expect(stored).toBeGreaterThan(0);
    expect(cache.invalidate(['*'])).toBe(stored);
    expect(cache.size).toEqual({ entries: 0, bytes: 0 });
  });

  it('does not store a render that was in progress when its figures changed', async () => {
    const cache = new PageCache({ ttlMs: 60_000, maxBytes: 1 << 20 });
    let open!: () => void;
    const gate = new Promise<void>((resolve) => (open = resolve));
    const first = await cache.serve('k', async () => streamingRender(['<p>old ', 'price</p>'], gate), undefined, {
      tags: () => ['p:1'],
    });
    cache.invalidate(['p:1']);
    open();
    expect(await first.response.text()).toBe('<p>old price</p>');
    await settle();
    expect(cache.size.entries).toBe(0);
    const again = await cache.serve('k', async () => html('<p>new price</p>'));
    expect(again.state).toBe('MISS');
    await again.response.text();
    await settle();
    expect((await cache.serve('k', async () => html('x'))).state).toBe('HIT');
  });

  it('makes a page’s gzip copy at its first hit, not when it stores it, and hits after it go out as gzip', async () => {
    const cache = new PageCache({ ttlMs: 60_000, maxBytes: 1 << 20, gzip: true });
    const nonce = 'AAAAAAAAAAAAAAAAAAAAAA==';
    const text = `<script nonce="${nonce}">a()</script>${'<p>Холодильник в наличии</p>'.repeat(200)}`;
    const miss = await cache.serve('k', async () => html(text), nonce, { acceptEncoding: 'gzip' });
    await miss.response.text();
    // The copy takes a moment on libuv's threads: had it been started at the store, it would be there now.
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(cache.size.entries).toBe(1);
    expect(cache.get('k')?.gzip).toBeUndefined();
    // That get was the first hit: the copy is made now, and the next hit is the stored gzip copy.
    for (let i = 0; i < 100 && !cache.get('k')?.gzip; i++) await new Promise((resolve) => setTimeout(resolve, 10));
    const visitor = 'BBBBBBBBBBBBBBBBBBBBBB==';
    const hit = await cache.serve('k', async () => html('x'), visitor, { acceptEncoding: 'gzip' });
    expect(hit.state).toBe('HIT');
    expect(hit.response.headers.get('content-encoding')).toBe('gzip');
    expect(gunzipSync(Buffer.from(await hit.response.arrayBuffer())).toString('utf8')).toBe(
      text.replace(nonce, visitor),
    );
  });
});
