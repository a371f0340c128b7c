// A rendered page written by React straight onto the socket (decision 0071). entry.server answers with a
// Response whose body carries React's document (app/lib/document-stream.server.ts); the answer goes through
// Hono and its middleware as before (security headers, compression's choice, cookies, the page log), and
// here, where Hono's node adapter would read the body as a web stream and write it chunk by chunk, the
// document is piped instead: to the node response, or through one zlib stream when compression chose an
// encoding (its levels and flushes are compression.ts's). A document someone already read (the page cache
// storing a render) takes the ordinary way.
import type { OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { constants } from 'node:zlib';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { documentOf, type DocumentTarget } from '../app/lib/document-stream.server.ts';
import { MIN_COMPRESS_BYTES, markEncoded, newCompressor, type ContentEncoding } from './compression.ts';

/** The answer's headers for node's writeHead: each Set-Cookie kept apart (as Hono's node adapter does). */
function nodeHeaders(headers: Headers): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  const cookies: string[] = [];
  for (const [name, value] of headers) {
    if (name === 'set-cookie') cookies.push(value);
    else out[name] = value;
  }
  if (cookies.length > 0) out['set-cookie'] = cookies;
  return out;
}

/**
 * Writes a document answer on `outgoing` and returns true, or returns false (not a document, or its body is
 * already being read) and leaves both untouched. Identity: the head at once, then each pass of React's
 * writing as one write. Compressed: the first kilobyte is held, as compression.ts reads it (a document that
 * ends under 1 KB goes out as it is, with its length), then one zlib stream piped to the response, flushed
 * at the end of each of React's passes so the shell leaves before the streamed parts.
 */
export function sendDocument(response: Response, outgoing: ServerResponse): boolean {
  const document = documentOf(response.body);
  if (!document || document.started) return false;
  const { status } = response;
  if (outgoing.destroyed) {
    // The visitor left while the page rendered: nothing to write; React stops at once.
    document.pipeTo({ write: () => false, flush: () => {}, end: () => {}, destroy: () => {} }).emit('close');
    return true;
  }
  const encoding = document.encoding;
  // The head before React's first write (pipeTo writes the shell at once); a compressed one waits for 1 KB.
  if (!encoding) outgoing.writeHead(status, nodeHeaders(response.headers));
  const sink = document.pipeTo(
    encoding
      ? compressedTarget(response, outgoing, encoding, () => sink)
      : {
          write: (bytes) => outgoing.write(bytes),
          // Each pass is one write already; node sends it when the tick ends.
          flush: () => {},
          end: () => void outgoing.end(),
          destroy: (error) => void outgoing.destroy(error),
        },
  );
  if (!encoding) outgoing.on('drain', () => sink.emit('drain'));
  outgoing.on('error', (error) => sink.emit('error', error));
  // The visitor went away before the last byte: React stops writing and aborts the render.
  outgoing.on('close', () => {
    if (!outgoing.writableFinished) sink.emit('close');
  });
  return true;
}

/** The target of a compressed document: the first kilobyte held, then a zlib stream in front of `outgoing`. */
function compressedTarget(
  response: Response,
  outgoing: ServerResponse,
  encoding: ContentEncoding,
  sinkOf: () => { emit(event: string, ...args: unknown[]): boolean },
): DocumentTarget {
  const flushKind = encoding === 'br' ? constants.BROTLI_OPERATION_FLUSH : constants.Z_SYNC_FLUSH;
  let held: Buffer[] = [];
  let heldLength = 0;
  let compressor: ReturnType<typeof newCompressor> | null = null;
  const start = () => {
    const headers = new Headers(response.headers);
    markEncoded(headers, encoding);
    outgoing.writeHead(response.status, nodeHeaders(headers));
    compressor = newCompressor(encoding);
    compressor.on('drain', () => sinkOf().emit('drain'));
    compressor.on('error', (error) => {
      sinkOf().emit('error', error);
      outgoing.destroy(error);
    });
    outgoing.once('close', () => {
      if (!outgoing.writableFinished) compressor?.destroy();
    });
    compressor.pipe(outgoing);
    const first = held.length === 1 ? held[0]! : Buffer.concat(held, heldLength);
    held = [];
    return compressor.write(first);
  };
  return {
    write(bytes) {
      if (compressor) return compressor.write(bytes);
      held.push(bytes);
      heldLength += bytes.length;
      return heldLength < MIN_COMPRESS_BYTES ? true : start();
    },
    flush() {
      compressor?.flush(flushKind);
    },
    end() {
      if (compressor) return void compressor.end();
      // The whole document under 1 KB: as it is, with its length (as compression.ts leaves a tiny body).
      const body = Buffer.concat(held, heldLength);
      outgoing.writeHead(response.status, { ...nodeHeaders(response.headers), 'content-length': body.length });
      outgoing.end(body);
    },
    destroy(error) {
      if (compressor) compressor.destroy(error);
      outgoing.destroy(error);
    },
  };
}

/**
 * The fetch callback for Hono's node adapter (`getRequestListener`) around the store's `fetch`: a document
 * answer is written here, on the response the adapter passes in its bindings, and the adapter is told it
 * was sent; every other answer goes back to the adapter.
 */
export function sendingDocuments(fetch: (request: Request, env: unknown) => Response | Promise<Response>) {
  return (request: Request, env: { outgoing: ServerResponse }): Response | Promise<Response> => {
    const send = (response: Response) => (sendDocument(response, env.outgoing) ? RESPONSE_ALREADY_SENT : response);
    const answer = fetch(request, env);
    return 'then' in answer ? answer.then(send) : send(answer);
  };
}
