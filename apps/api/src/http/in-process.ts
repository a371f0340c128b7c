// The store's pages call the API in-process (apps/web/server/store-app.ts): a Request handed to the
// API app's fetch, and the answer's JSON read back by the API client. Over that hop the JSON text need
// not become bytes and a body stream and then text again (TextEncoder, a ReadableStream, undici's
// body reader and TextDecoder: part of the 9–13 % of a page render the in-process calls took; decision
// 0054). The JSON is still stringified and parsed, so a loader never holds the API's own (cached)
// objects. An in-process call carries a sink in its bindings; `c.json` writes its text there and
// answers with no body, and the caller gets that answer with json(), text() and arrayBuffer() reading
// the text. Everything else is what any caller gets: the same route, the input gate, zod validation,
// middleware, status, headers and JSON.
import type { MiddlewareHandler } from 'hono';
import type { ApiEnv } from './env.ts';
import { stringifyAnswer } from './json-text.ts';

/** Where an in-process call's JSON text is left (one per call). */
export interface InProcessAnswer {
  json?: string;
}

interface InProcessBindings {
  inProcessAnswer?: InProcessAnswer;
}

/** The API app's first middleware: on an in-process call, `c.json` hands its text to the call's sink. */
export const inProcessJson: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const sink = (c.env as InProcessBindings | undefined)?.inProcessAnswer;
  if (sink) {
    // c.body's overloads (status or ResponseInit, header record) are c.json's own.
    const body = c.body as unknown as (data: null, arg?: unknown, headers?: Record<string, string>) => Response;
    c.json = ((object: unknown, arg?: unknown, headers?: Record<string, string>) => {
      // An answer with a JSON writer of its own (a listing: its cards' texts kept, decision 0086).
      sink.json = stringifyAnswer(object);
      return body(null, arg, { 'Content-Type': 'application/json', ...headers });
    }) as unknown as typeof c.json;
  }
  await next();
};

/**
 * Calls the API app in-process with `bindings` (the visitor's socket): a JSON answer comes back as its
 * text, any other answer (a redirect, a file, HTML) as the app gave it.
 */
export async function fetchInProcess(
  api: { fetch: (request: Request, env?: unknown) => Response | Promise<Response> },
  request: Request,
  bindings?: object,
): Promise<Response> {
  const answer: InProcessAnswer = {};
  const response = await api.fetch(request, { ...bindings, inProcessAnswer: answer });
  if (answer.json === undefined || response.body !== null) return response;
  if (!response.headers.get('content-type')?.startsWith('application/json')) return response;
  // The answer itself (its status and headers, set-cookie included), reading its JSON from the text.
  const text = answer.json;
  return Object.defineProperties(response, {
    json: { value: () => Promise.resolve(JSON.parse(text)) },
    text: { value: () => Promise.resolve(text) },
    arrayBuffer: { value: () => Promise.resolve(new TextEncoder().encode(text).buffer) },
  });
}

/**
 * Calls the API app with `bindings` (the visitor's socket) for the store's own /api route: a JSON answer
 * comes back as its text beside the bodiless answer (status and headers), so the store writes that text
 * in one call instead of a body stream (decision 0069); any other answer comes back as the app gave it.
 */
export async function fetchJsonText(
  api: { fetch: (request: Request, env?: unknown) => Response | Promise<Response> },
  request: Request,
  bindings?: object,
): Promise<{ response: Response; json?: string }> {
  const answer: InProcessAnswer = {};
  const response = await api.fetch(request, { ...bindings, inProcessAnswer: answer });
  if (answer.json === undefined || response.body !== null) return { response };
  if (!response.headers.get('content-type')?.startsWith('application/json')) return { response };
  return { response, json: answer.json };
}
