// The HTML page cache of public pages (docs/decisions/0006-page-cache.md, 0019): one render per key
// is stored for a short time and its bytes go to every visitor with the same key. Concurrent misses
// of one key wait for the single render in progress instead of rendering again. Each stored page
// carries the tags of the products and categories it shows; `invalidate(tags)` drops the pages with
// any of them at once (a price or stock change), and a render still in progress when its tags are
// dropped is not stored. It is memory only, per process: with several instances each keeps its own,
// and the invalidation message reaches them all (apps/api/src/page-events.ts).
// A page's Content-Security-Policy nonce must not be shared: the cache remembers where the render's
// nonce stands in the bytes and writes each visitor's own nonce there (decision 0012). A stored page
// asked for again gets a gzip copy built for the same patching (page-cache-gzip.ts, decision 0015), so
// its later hits are not compressed again; a page nobody asks for twice (most product pages of a large
// catalogue) never pays for a copy (decision 0079).
import { PAGE_TAGS_HEADER, PAGE_TAGS_WANTED_HEADER, parsePageTags } from '@store/domain';
import { negotiateEncoding, varyOnEncoding } from './compression.ts';
import { gzipCopy, gzipWithNonce, type GzipCopy } from './page-cache-gzip.ts';

export interface CachedPage {
  status: number;
  headers: [string, string][];
  body: Uint8Array<ArrayBuffer>;
  storedAt: number;
  /** Tags of the products and categories the page shows (decision 0019). */
  tags?: readonly string[];
  /** The nonce the page was rendered with and where it stands in the body. */
  nonce?: { value: string; offsets: number[] };
  /** The gzip copy, once made (a moment after the page's first hit). */
  gzip?: GzipCopy;
}

export type PageCacheState = 'HIT' | 'MISS';

/**
 * The fetch of a render's in-process API client that collects cache tags: it asks the API to name
 * the products and categories of each answer and adds them to `tags` (decision 0019).
 */
export function taggingFetch(
  fetch: (request: Request) => Response | Promise<Response>,
  tags: Set<string>,
): (request: Request) => Promise<Response> {
  return async (request) => {
    request.headers.set(PAGE_TAGS_WANTED_HEADER, '1');
    const response = await fetch(request);
    for (const tag of parsePageTags(response.headers.get(PAGE_TAGS_HEADER))) tags.add(tag);
    return response;
  };
}

export interface PageCacheOptions {
  ttlMs: number;
  maxBytes: number;
  /** The clock, for tests. */
  now?: () => number;
  /** Keep a gzip copy of each stored page (its bytes count against maxBytes). */
  gzip?: boolean;
  /** A gzip copy that could not be made (the page is then compressed per hit). */
  onError?: (error: unknown) => void;
}

/** A page bigger than this share of the cache is not worth keeping (it would push out many). */
const MAX_ENTRY_SHARE = 8;

export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private readonly inflight = new Map<string, Promise<CachedPage | null>>();
  /** Keys by tag, for invalidation. */
  private readonly tagged = new Map<string, Set<string>>();
  /** Renders in progress whose tags were invalidated before they were stored: they are not stored. */
  private readonly staleInflight = new Set<string>();
  /** Stored pages whose gzip copy has been started: one copy per page, made at its first hit. */
  private readonly gzipStarted = new WeakSet<CachedPage>();
  private bytes = 0;
  private readonly now: () => number;

  constructor(private readonly options: PageCacheOptions) {
    this.now = options.now ?? Date.now;
  }

  get size() {
    return { entries: this.entries.size, bytes: this.bytes };
  }

  /** Whole seconds since the page was stored (its Age header). */
  ageS(page: CachedPage): number {
    return Math.max(0, Math.floor((this.now() - page.storedAt) / 1000));
  }

  /**
   * A fresh stored page, or undefined. A hit moves the page to the young end of the LRU order, and the
   * first hit starts the page's gzip copy: this hit and those before the copy is made are compressed
   * as they go (decision 0079: the copy costs about three compressions of the page, and at a million
   * products most stored pages are never asked for again within their time to live).
   */
  get(key: string): CachedPage | undefined {
    const page = this.entries.get(key);
    if (!page) return undefined;
    if (this.now() - page.storedAt >= this.options.ttlMs) {
      this.delete(key);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, page);
    if (this.options.gzip && !this.gzipStarted.has(page)) this.addGzip(key, page);
    return page;
  }

  set(key: string, page: CachedPage) {
    if (page.body.byteLength > this.options.maxBytes / MAX_ENTRY_SHARE) return;
    this.delete(key);
    this.entries.set(key, page);
    this.bytes += bytesOf(page);
    for (const tag of page.tags ?? []) {
      let keys = this.tagged.get(tag);
      if (!keys) this.tagged.set(tag, (keys = new Set()));
      keys.add(key);
    }
    this.evict();
  }

  /** Makes a stored page's gzip copy; it is kept if the page is still the one stored under its key. */
  private addGzip(key: string, page: CachedPage) {
    this.gzipStarted.add(page);
    gzipCopy(page.body, page.nonce?.offsets, page.nonce?.value.length).then(
      (copy) => {
        if (this.entries.get(key) !== page || page.gzip) return;
        page.gzip = copy;
        this.bytes += copy.body.byteLength;
        this.evict();
      },
      (error: unknown) => this.options.onError?.(error),
    );
  }

  private evict() {
    for (const [oldest] of this.entries) {
      if (this.bytes <= this.options.maxBytes) break;
      this.delete(oldest);
    }
  }

  clear() {
    this.entries.clear();
    this.tagged.clear();
    this.bytes = 0;
    for (const key of this.inflight.keys()) this.staleInflight.add(key);
  }

  /**
   * Drops every stored page that carries one of `tags` ('*' drops all) and returns how many.
   * Renders in progress are not stored when they finish: they may have read the old figures.
   */
  invalidate(tags: Iterable<string>): number {
    const before = this.entries.size;
    for (const tag of tags) {
      if (tag === '*') {
        this.clear();
        return before;
      }
      for (const key of this.tagged.get(tag) ?? []) this.delete(key);
    }
    for (const key of this.inflight.keys()) this.staleInflight.add(key);
    return before - this.entries.size;
  }

  private delete(key: string) {
    const page = this.entries.get(key);
    if (!page) return;
    this.entries.delete(key);
    this.bytes -= bytesOf(page);
    for (const tag of page.tags ?? []) {
      const keys = this.tagged.get(tag);
      keys?.delete(key);
      if (keys?.size === 0) this.tagged.delete(tag);
    }
  }

  /**
   * The page for a key: from the cache, from a render already in progress, or from a new render.
   * A new render streams to its requester as usual while a copy of the stream is stored; only a
   * complete 200 HTML answer is stored, with the tags `tags()` gives once the body is complete.
   */
  async serve(
    key: string,
    render: () => Promise<Response>,
    nonce?: string,
    options: {
      /** The visitor's Accept-Encoding: a hit goes out as the stored gzip copy when it is welcome. */
      acceptEncoding?: string | null;
      /** The tags of the page being rendered, read once its render is done (decision 0019). */
      tags?: () => Iterable<string>;
    } = {},
  ): Promise<{ response: Response; state: PageCacheState }> {
    const { acceptEncoding, tags = () => [] } = options;
    const stored = this.get(key);
    if (stored) return { response: toResponse(stored, this.now(), nonce, acceptEncoding), state: 'HIT' };

    const pending = this.inflight.get(key);
    if (pending) {
      const page = await pending;
      if (page) return { response: toResponse(page, this.now(), nonce, acceptEncoding), state: 'HIT' };
      return { response: await render(), state: 'MISS' };
    }

    let settle!: (page: CachedPage | null) => void;
    const capture = new Promise<CachedPage | null>((resolve) => (settle = resolve));
    this.inflight.set(key, capture);
    this.staleInflight.delete(key);
    void capture.then((page) => {
      this.inflight.delete(key);
      const stale = this.staleInflight.delete(key);
      if (!page || stale) return;
      this.set(key, page);
    });

    let response: Response;
    try {
      response = await render();
    } catch (error) {
      settle(null);
      throw error;
    }
    if (!isStorable(response) || !response.body) {
      settle(null);
      return { response, state: 'MISS' };
    }
    const [toVisitor, toCache] = response.body.tee();
    const headers = [...response.headers.entries()];
    const status = response.status;
    readAll(toCache).then(
      (body) =>
        settle({
          status,
          headers,
          body,
          storedAt: this.now(),
          tags: [...new Set(tags())],
          ...(nonce ? { nonce: { value: nonce, offsets: offsetsOf(body, nonce) } } : {}),
        }),
      () => settle(null),
    );
    return {
      response: new Response(toVisitor, { status, statusText: response.statusText, headers: response.headers }),
      state: 'MISS',
    };
  }
}

function isStorable(response: Response) {
  return response.status === 200 && (response.headers.get('content-type') ?? '').startsWith('text/html');
}

const bytesOf = (page: CachedPage) => page.body.byteLength + (page.gzip?.body.byteLength ?? 0);

function toResponse(page: CachedPage, now: number, nonce?: string, acceptEncoding?: string | null): Response {
  const headers = new Headers();
  // getSetCookie-safe: entries() yields each Set-Cookie separately, and append keeps them apart.
  for (const [name, value] of page.headers) headers.append(name, value);
  headers.set('age', String(Math.max(0, Math.floor((now - page.storedAt) / 1000))));
  // The gzip copy to a browser that accepts gzip (Brotli too: a hit is not compressed again, decision 0015).
  if (page.gzip && negotiateEncoding(acceptEncoding, ['gzip'])) {
    headers.set('content-encoding', 'gzip');
    headers.delete('content-length');
    varyOnEncoding(headers);
    const body =
      page.nonce && nonce && page.nonce.offsets.length > 0
        ? gzipWithNonce(page.gzip, page.body, page.nonce.offsets, sameLength(page.nonce.value, nonce))
        : page.gzip.body;
    return new Response(body, { status: page.status, headers });
  }
  return new Response(withNonce(page, nonce), { status: page.status, headers });
}

function sameLength(stored: string, nonce: string): string {
  if (nonce.length !== stored.length) throw new Error('page cache: nonces differ in length');
  return nonce;
}

/** Where `nonce` stands in `body` (ASCII: base64 characters). */
export function offsetsOf(body: Uint8Array, nonce: string): number[] {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const offsets: number[] = [];
  for (let at = bytes.indexOf(nonce, 0, 'latin1'); at !== -1; at = bytes.indexOf(nonce, at + nonce.length, 'latin1'))
    offsets.push(at);
  return offsets;
}

/** A copy of the stored body with the render's nonce replaced by this visitor's (same length: written over it in place). */
function withNonce(page: CachedPage, nonce: string | undefined): Uint8Array<ArrayBuffer> {
  if (!page.nonce || !nonce || page.nonce.offsets.length === 0) return page.body;
  if (nonce.length !== page.nonce.value.length) throw new Error('page cache: nonces differ in length');
  const body = new Uint8Array(page.body);
  const bytes = Buffer.from(nonce, 'latin1');
  for (const at of page.nonce.offsets) body.set(bytes, at);
  return body;
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<Uint8Array<ArrayBuffer>> {
  const chunks: Uint8Array[] = [];
  let length = 0;
  const reader = stream.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    length += value.byteLength;
  }
  const body = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}
