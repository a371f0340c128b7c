import { Transform } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream } from 'react-dom/server';
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { cspNonceContext } from './context.ts';
import { NonceProvider } from './lib/nonce.tsx';
import { PaintFirstProvider } from './lib/paint-first.tsx';
import { PaintFirstRewriter, paintFirstScript } from './lib/paint-first.server.ts';

export const streamTimeout = 5_000;

/** If even the error page cannot render, the visitor gets a plain English page with a home link (SPEC §8). */
const FALLBACK_HTML =
  '<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
  '<title>Something went wrong</title></head><body style="font-family:system-ui,sans-serif;padding:32px">' +
  '<h1>Something went wrong</h1><p>The page could not be shown. <a href="/">Go to the home page</a></p></body></html>';

const PAINT_FIRST_SCRIPT = paintFirstScript();

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

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext?: RouterContextProvider,
) {
  // Every inline script carries the request's nonce (React's, React Router's and root.tsx's).
  const nonce = loadContext?.get(cspNonceContext) || undefined;
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Bots and SPA-mode wait for the whole document; people get the shell as soon as it is ready.
    const readyOption = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';

    const document = (
      <NonceProvider value={nonce ?? ''}>
        <PaintFirstProvider value={PAINT_FIRST_SCRIPT}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </PaintFirstProvider>
      </NonceProvider>
    );
    const { pipe, abort } = renderToPipeableStream(document, {
      nonce,
      // A Suspense boundary that is complete when its turn comes is written in place. By default React
      // outlines any boundary met after the first 12.8 KB of a flush: sent hidden, shown by an inline
      // script, so a browser without JavaScript never saw it (the product page's loyalty sign-in form,
      // warranties, accessories and reviews). Boundaries still waiting for data stream as before.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      [readyOption]() {
        shellRendered = true;
        const body = paintFirst();
        const stream = createReadableStreamFromReadable(body);
        responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
        resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        pipe(body);
      },
      onShellError(error: unknown) {
        console.error(JSON.stringify({ level: 'error', msg: 'document render failed', error: String(error) }));
        resolve(new Response(FALLBACK_HTML, { status: 500, headers: { 'Content-Type': 'text/html; charset=utf-8' } }));
      },
      onError(error: unknown) {
        responseStatusCode = 500;
        if (shellRendered)
          console.error(JSON.stringify({ level: 'error', msg: 'streaming render error', error: String(error) }));
      },
    });
    setTimeout(abort, streamTimeout + 1000);
    void reject;
  });
}
