import { isbot } from 'isbot';
import { ServerRouter, type EntryContext, type RouterContextProvider } from 'react-router';
import { cspNonceContext } from './context.ts';
import { streamDocument } from './lib/document-stream.server.ts';
import { NonceProvider } from './lib/nonce.tsx';
import { PaintFirstProvider } from './lib/paint-first.tsx';
import { paintFirstScript } from './lib/paint-first.server.ts';

export const streamTimeout = 5_000;

const PAINT_FIRST_SCRIPT = paintFirstScript();

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext?: RouterContextProvider,
) {
  // Every inline script carries the request's nonce (React's, React Router's and root.tsx's).
  const nonce = loadContext?.get(cspNonceContext) || undefined;
  const userAgent = request.headers.get('user-agent');
  const document = (
    <NonceProvider value={nonce ?? ''}>
      <PaintFirstProvider value={PAINT_FIRST_SCRIPT}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </PaintFirstProvider>
    </NonceProvider>
  );
  return streamDocument(document, {
    status: responseStatusCode,
    headers: responseHeaders,
    // Bots and SPA-mode wait for the whole document; people get the shell as soon as it is ready.
    ready: (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady',
    nonce,
    // A second after React Router gives up on the loaders' streamed promises (streamTimeout).
    abortAfterMs: streamTimeout + 1000,
  });
}
