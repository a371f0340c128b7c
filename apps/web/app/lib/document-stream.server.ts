// The document's render as a Response (entry.server): React streams the page as soon as its shell is ready
// (bots wait for all of it), and a render that takes too long is aborted. Decision 0082: a render aborted
// before anything was sent answers 503 with Retry-After, so nginx (proxy_next_upstream http_503, GET and
// HEAD only) asks another instance; once the head has gone, the stream just ends as before.
import type { ReactNode } from 'react';
import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createReadableStreamFromReadable } from '@react-router/node';
import { renderToPipeableStream } from 'react-dom/server';
import { PaintFirstRewriter } from './paint-first.server.ts';
import { tooBusyResponse } from './too-busy.server.ts';

/** If even the error page cannot render, the visitor gets a plain English page with a home link (SPEC §8). */
export const FALLBACK_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
  '<title>Something went wrong</title></head><body style="font-family:system-ui,sans-serif;padding:32px">' +
  '<h1>Something went wrong</h1><p>The page could not be shown. <a href="/">Go to the home page</a></p></body></html>';

/** The document's bytes with React Router's module preloads and module script left inert until the first paint (decision 0060). */
function paintFirst() {
  const decoder = new StringDecoder('utf8');
  const rewriter = new PaintFirstRewriter();
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = rewriter.push(decoder.write(chunk));
      // An empty push would read as the end of the stream to some consumers: send nothing instead.
      callback(null, text === '' ? undefined : text);
    },
    flush(callback) {
      const text = rewriter.push(decoder.end()) + rewriter.end();
      callback(null, text === '' ? undefined : text);
    },
  });
}

export interface DocumentStreamOptions {
  status: number;
  headers: Headers;
  /** 'onShellReady' for people (the shell first), 'onAllReady' for bots and SPA mode (the whole page). */
  ready: 'onShellReady' | 'onAllReady';
  nonce: string | undefined;
  /** The render is aborted this long after it started. */
  abortAfterMs: number;
}

export function streamDocument(document: ReactNode, options: DocumentStreamOptions): Promise<Response> {
  let status = options.status;
  const headers = options.headers;
  return new Promise<Response>((resolve) => {
    let shellRendered = false;
    let timedOut = false;
    const { pipe, abort } = renderToPipeableStream(document, {
      nonce: options.nonce,
      // A Suspense boundary that is complete when its turn comes is written in place. By default React
      // outlines any boundary met after the first 12.8 KB of a flush: sent hidden, shown by an inline
      // script, so a browser without JavaScript never saw it (the product page's loyalty sign-in form,
      // warranties, accessories and reviews). Boundaries still waiting for data stream as before.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      [options.ready]() {
        shellRendered = true;
        const body = paintFirst();
        const stream = createReadableStreamFromReadable(body);
        headers.set('Content-Type', 'text/html; charset=utf-8');
        resolve(new Response(stream, { headers, status }));
        pipe(body);
      },
      onShellError(error: unknown) {
        if (timedOut) {
          // Nothing was sent: the instance was too busy, not the page broken (too-busy.server.ts).
          console.error(JSON.stringify({ level: 'error', msg: 'document render timed out', ms: options.abortAfterMs }));
          resolve(tooBusyResponse());
          return;
        }
        console.error(JSON.stringify({ level: 'error', msg: 'document render failed', error: String(error) }));
        resolve(new Response(FALLBACK_HTML, { status: 500, headers: { 'Content-Type': 'text/html; charset=utf-8' } }));
      },
      onError(error: unknown) {
        status = 500;
        if (shellRendered)
          console.error(JSON.stringify({ level: 'error', msg: 'streaming render error', error: String(error) }));
      },
    });
    // Once the head is sent, what is still pending is left to the browser when the time is up (React's
    // abort ends the stream with those boundaries rendered on the client); before it, the 503 above.
    setTimeout(() => {
      timedOut = !shellRendered;
      abort();
    }, options.abortAfterMs);
  });
}
