// Brotli and gzip for every text answer of the store (docs/decisions/0015): pages as React Router
// streams them (each burst of chunks is flushed, so the first bytes leave before the render ends),
// API JSON, SVG pictures and the client files that have no precompressed copy. An answer that is
// already encoded (a precompressed client file, a page from the page cache's compressed copy) passes
// through untouched.
import { promisify } from 'node:util';
import {
  brotliCompress,
  brotliCompressSync,
  constants,
  createBrotliCompress,
  createGzip,
  gzip,
  gzipSync,
  type BrotliCompress,
  type Gzip,
} from 'node:zlib';
import type { MiddlewareHandler } from 'hono';

export type ContentEncoding = 'br' | 'gzip';

/** Smaller answers are sent as they are: the encoding's header and framing would eat the gain. */
export const MIN_COMPRESS_BYTES = 1024;

/**
 * JSON answers up to this size are read whole and compressed in one call, with a Brotli window no
 * larger than the body: a streaming compressor per answer (its 4 MB window, a stream, a round trip to
 * the thread pool) cost 0.58 ms of CPU for a 1.6 KB suggestion answer, 0.14 ms in one call (decision
 * 0059). Larger ones (a listing's page) and pages (streamed as they render) go through the stream, whose
 * compressing runs off the main thread.
 */
export const WHOLE_JSON_BYTES = 16 * 1024;

/** Brotli 5 compresses a 250 KB page in a few milliseconds, close to gzip's time for a smaller result. */
const BROTLI_QUALITY = 5;
const GZIP_LEVEL = 6;

const COMPRESSIBLE =
  /^(text\/|application\/(json|javascript|xml|manifest\+json|[\w.+-]+\+(json|xml))|image\/svg\+xml)/i;

/** Whether a Content-Type is text worth compressing (server-sent events are left alone: they must not wait). */
export function isCompressibleType(contentType: string | null): boolean {
  if (!contentType) return false;
  return COMPRESSIBLE.test(contentType) && !/^text\/event-stream/i.test(contentType);
}

/**
 * The encoding to answer with for an Accept-Encoding header: the highest q-value among those offered;
 * on a tie Brotli before gzip; null for identity. `*` stands for every coding the header does not name.
 */
export function negotiateEncoding(
  acceptEncoding: string | null | undefined,
  offered: readonly ContentEncoding[] = ['br', 'gzip'],
): ContentEncoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.split(',')) {
    const [rawName, ...params] = part.split(';');
    const name = rawName!.trim().toLowerCase();
    if (!name) continue;
    let q = 1;
    for (const param of params) {
      const match = /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param);
      if (match) q = Math.min(1, Number(match[1]) || 0);
    }
    // `x-gzip` is gzip under its old name (RFC 9110 §8.4.1.3).
    const coding = name === 'x-gzip' ? 'gzip' : name;
    weights.set(coding, Math.max(q, weights.get(coding) ?? 0));
  }
  let best: ContentEncoding | null = null;
  let bestQ = 0;
  for (const coding of offered) {
    const q = weights.get(coding) ?? weights.get('*') ?? 0;
    if (q > bestQ) {
      best = coding;
      bestQ = q;
    }
  }
  return best;
}

/** Adds Accept-Encoding to a Vary header once. */
export function varyOnEncoding(headers: Headers) {
  const vary = headers.get('vary');
  if (!vary) headers.set('vary', 'Accept-Encoding');
  else if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/i.test(vary)) headers.set('vary', `${vary}, Accept-Encoding`);
}

function newCompressor(encoding: ContentEncoding, sizeHint?: number): BrotliCompress | Gzip {
  if (encoding === 'gzip') return createGzip({ level: GZIP_LEVEL });
  return createBrotliCompress({
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      ...(sizeHint ? { [constants.BROTLI_PARAM_SIZE_HINT]: sizeHint } : {}),
    },
  });
}

/** Brotli's parameters for one whole body: the window just large enough for it. */
function wholeBrotliParams(length: number) {
  const window = Math.min(
    constants.BROTLI_MAX_WINDOW_BITS,
    Math.max(constants.BROTLI_MIN_WINDOW_BITS, Math.ceil(Math.log2(length + 1))),
  );
  return {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: BROTLI_QUALITY,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
      [constants.BROTLI_PARAM_SIZE_HINT]: length,
      [constants.BROTLI_PARAM_LGWIN]: window,
    },
  };
}

/** One whole body compressed at once (the window just large enough for it). */
export function compressWhole(body: Uint8Array, encoding: ContentEncoding): Uint8Array {
  if (encoding === 'gzip') return gzipSync(body, { level: GZIP_LEVEL });
  return brotliCompressSync(body, wholeBrotliParams(body.byteLength));
}

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** One whole body compressed on libuv's threads (a body too big to hold the main thread for). */
function compressWholeOffThread(body: Uint8Array, encoding: ContentEncoding): Promise<Uint8Array> {
  return encoding === 'gzip'
    ? gzipAsync(body, { level: GZIP_LEVEL })
    : brotliAsync(body, wholeBrotliParams(body.byteLength));
}

/** Answers whose whole body is a text the compression below reads as it is (no body stream). */
const wholeTexts = new WeakMap<Response, string>();

/**
 * An answer of `text` with the status and headers of `response` (an API answer read as JSON text):
 * Hono's node adapter writes its text in one call, and compression reads it without a stream (decision 0069).
 */
export function textAnswer(text: string, response: Response): Response {
  const answer = new Response(text, { status: response.status, headers: response.headers });
  wholeTexts.set(answer, text);
  return answer;
}

/**
 * Answers compression leaves alone whatever the visitor accepts: 204/304, already encoded or marked
 * no-transform, types that are not text, and a declared length under 1 KB.
 */
function staysAsItIs(response: Response): boolean {
  const { headers } = response;
  const declared = headers.get('content-length');
  return (
    response.status === 204 ||
    response.status === 304 ||
    headers.has('content-encoding') ||
    /(^|,)\s*no-transform\s*(,|$)/i.test(headers.get('cache-control') ?? '') ||
    !isCompressibleType(headers.get('content-type')) ||
    (declared !== null && Number(declared) < MIN_COMPRESS_BYTES)
  );
}

/** compressResponse for a textAnswer: the same rules, from the text, in one call. */
async function compressText(request: Request, response: Response, text: string): Promise<Response> {
  const { headers } = response;
  if (staysAsItIs(response)) return response;
  // The answer is this request's own (textAnswer made it): its headers change in place.
  varyOnEncoding(headers);
  const encoding = request.method === 'HEAD' ? null : negotiateEncoding(request.headers.get('accept-encoding'));
  if (!encoding || text.length < MIN_COMPRESS_BYTES / 3) return response;
  const bytes = Buffer.from(text);
  if (bytes.byteLength < MIN_COMPRESS_BYTES) return response;
  headers.delete('content-length');
  headers.set('content-encoding', encoding);
  const etag = headers.get('etag');
  if (etag && !etag.startsWith('W/')) headers.set('etag', `W/${etag}`);
  const body =
    bytes.byteLength <= WHOLE_JSON_BYTES
      ? compressWhole(bytes, encoding)
      : await compressWholeOffThread(bytes, encoding);
  // zlib's answers are Buffers over an ArrayBuffer of their own: a view of them, not a copy.
  return new Response(new Uint8Array(body.buffer as ArrayBuffer, body.byteOffset, body.byteLength), {
    status: response.status,
    headers,
  });
}

/**
 * A compressed copy of a stream. Chunks that arrive together are compressed together; when the
 * source pauses (the next chunk is not ready by the next turn of the event loop), what was written
 * is flushed, so a streamed page's shell reaches the browser while its deferred parts still render.
 */
export function compressStream(
  source: ReadableStream<Uint8Array>,
  encoding: ContentEncoding,
  options: { sizeHint?: number; head?: Uint8Array } = {},
): ReadableStream<Uint8Array> {
  const compressor = newCompressor(encoding, options.sizeHint);
  const flushKind = encoding === 'br' ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH;
  const reader = source.getReader();
  const flush = () => new Promise<void>((resolve) => compressor.flush(flushKind, () => resolve()));
  const write = (chunk: Uint8Array) =>
    new Promise<void>((resolve, reject) => compressor.write(chunk, (error) => (error ? reject(error) : resolve())));
  const PAUSED = Symbol('paused');
  const nextTurn = () => new Promise<typeof PAUSED>((resolve) => setImmediate(() => resolve(PAUSED)));

  let cancelled = false;
  return new ReadableStream<Uint8Array>({
    start(controller) {
      compressor.on('data', (chunk: Buffer) => {
        if (!cancelled) controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
      });
      compressor.once('end', () => {
        if (!cancelled) controller.close();
      });
      compressor.once('error', (error) => {
        if (!cancelled) controller.error(error);
      });
      const pump = async () => {
        if (options.head) await write(options.head);
        let next = reader.read();
        for (;;) {
          let result = await Promise.race([next, nextTurn()]);
          if (result === PAUSED) {
            await flush();
            result = await next;
          }
          if (result.done || cancelled) break;
          next = reader.read();
          await write(result.value);
        }
        if (!cancelled) compressor.end();
      };
      pump().catch((error: unknown) => {
        compressor.destroy();
        if (!cancelled) controller.error(error);
      });
    },
    cancel(reason) {
      cancelled = true;
      compressor.destroy();
      return reader.cancel(reason);
    },
  });
}

/** Reads the start of a body: up to `limit` bytes, or all of it if it ends sooner. */
async function readHead(reader: ReadableStreamDefaultReader<Uint8Array>, limit: number) {
  const chunks: Uint8Array[] = [];
  let length = 0;
  while (length < limit) {
    const { done, value } = await reader.read();
    if (done) return { head: concat(chunks, length), done: true };
    chunks.push(value);
    length += value.byteLength;
  }
  return { head: concat(chunks, length), done: false };
}

function concat(chunks: Uint8Array[], length: number): Uint8Array {
  if (chunks.length === 1) return chunks[0]!;
  const out = new Uint8Array(length);
  let offset = 0;
  for (const chunk of chunks) {
    out.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return out;
}

/** The rest of a stream after its head was read. */
function remainder(reader: ReadableStreamDefaultReader<Uint8Array>): ReadableStream<Uint8Array> {
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { done, value } = await reader.read();
      if (done) controller.close();
      else controller.enqueue(value);
    },
    cancel: (reason) => reader.cancel(reason),
  });
}

/**
 * Compresses one answer for one request, or gives it back unchanged: HEAD, 204/304, answers without a
 * body, already encoded or marked no-transform, types that are not text, and bodies under 1 KB stay
 * as they are. Every other text answer says `Vary: Accept-Encoding`, compressed or not.
 */
export async function compressResponse(request: Request, response: Response): Promise<Response> {
  const text = wholeTexts.get(response);
  if (text !== undefined) return compressText(request, response, text);
  const { headers } = response;
  if (!response.body || staysAsItIs(response)) return response;
  const declared = headers.get('content-length');
  const length = declared === null ? undefined : Number(declared);

  const encoding = request.method === 'HEAD' ? null : negotiateEncoding(request.headers.get('accept-encoding'));
  const out = new Headers(headers);
  varyOnEncoding(out);
  const init = { status: response.status, statusText: response.statusText, headers: out };
  if (!encoding) return new Response(response.body, init);

  // A body of unknown length is read up to the threshold first: a tiny one is sent as it is. A JSON
  // answer is read up to WHOLE_JSON_BYTES: one that ends by then is compressed in one call.
  const whole = /^application\/json/i.test(headers.get('content-type') ?? '') && (length ?? 0) <= WHOLE_JSON_BYTES;
  const reader = response.body.getReader();
  const { head, done } =
    whole || length === undefined
      ? await readHead(reader, whole ? WHOLE_JSON_BYTES : MIN_COMPRESS_BYTES)
      : { head: undefined, done: false };
  if (done && head!.byteLength < MIN_COMPRESS_BYTES) {
    reader.releaseLock();
    return new Response(head!.byteLength > 0 ? new Uint8Array(head!) : null, init);
  }
  out.delete('content-length');
  out.set('content-encoding', encoding);
  // The compressed bytes differ from the identity ones: a strong validator would claim they are the same.
  const etag = out.get('etag');
  if (etag && !etag.startsWith('W/')) out.set('etag', `W/${etag}`);
  if (whole && done) {
    reader.releaseLock();
    return new Response(new Uint8Array(compressWhole(head!, encoding)), init);
  }
  const body = compressStream(remainder(reader), encoding, {
    ...(length !== undefined ? { sizeHint: length } : {}),
    ...(head ? { head } : {}),
  });
  return new Response(body, init);
}

/** The middleware: wraps every answer below it (store-app.ts puts it right after the security headers). */
export function compression(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const compressed = await compressResponse(c.req.raw, c.res);
    if (compressed === c.res) return;
    // Hono's `c.res =` copies the old answer's headers over the new one (Content-Length included): clear it first.
    c.res = undefined;
    c.res = compressed;
  };
}
