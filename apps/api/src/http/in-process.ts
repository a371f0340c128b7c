// The store's pages call the API in-process (apps/web/server/store-app.ts): a Request handed to the
// API app's fetch, and the answer read back by the API client with `json()`. Over that hop the answer
// need not become JSON text at all (decision 0072): the route, the input gate, zod validation,
// middleware, status and headers are what any caller gets, and `c.json`'s object itself is handed to
// the caller, deeply frozen, when it is exactly what JSON.parse of its JSON would give back (plain
// objects, arrays, strings, finite numbers, booleans and null; `sharedAnswer`). Most of a page's answers
// are the API's kept objects (cards, menus, cities: decisions 0018, 0041), frozen once at their first
// hand-over and then passed by reference: nothing a loader or a component does can change them (a write
// throws), and nothing is stringified, parsed or copied. Any other object (a Date, an undefined field,
// NaN, a class instance) goes as JSON text and is parsed, as before (decision 0054: never a body stream).
// The store's own /api route (`fetchJsonText`) always takes the text: HTTP answers are JSON bytes.
import type { MiddlewareHandler } from 'hono';
import type { ApiEnv } from './env.ts';

/** Where an in-process call's answer is left (one per call). */
export interface InProcessAnswer {
  /** The caller takes the answer's object when it can be shared (fetchInProcess); else only text. */
  takesObject?: boolean;
  /** The answer's object, frozen (when `takesObject` and `sharedAnswer` allowed it). */
  object?: unknown;
  shared?: boolean;
  json?: string;
}

interface InProcessBindings {
  inProcessAnswer?: InProcessAnswer;
}

/**
 * Whether `value` is exactly what JSON.parse(JSON.stringify(value)) gives back, freezing it deeply on the
 * way; a frozen object counts as checked (nothing else in the API freezes: a frozen object was checked
 * here, so a kept card answered a second time costs one look). Not shareable: undefined (JSON drops the
 * field), functions, symbols, bigints, NaN and ±Infinity (null in JSON), -0 (0 in JSON), array holes,
 * and any object whose prototype is not Object's or Array's (a Date, a Map, a class). On `false` the
 * parts already walked stay frozen; they are shareable themselves.
 */
export function sharedAnswer(value: unknown): boolean {
  if (value === null) return true;
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value) && !Object.is(value, -0);
    case 'object':
      break;
    default:
      return false;
  }
  const object = value as object;
  if (Object.isFrozen(object)) return true;
  if (Array.isArray(object)) {
    for (let i = 0; i < object.length; i++) if (!(i in object) || !sharedAnswer(object[i])) return false;
  } else {
    if (Object.getPrototypeOf(object) !== Object.prototype) return false;
    const record = object as Record<string, unknown>;
    for (const key in record) if (!sharedAnswer(record[key])) return false;
  }
  Object.freeze(object);
  return true;
}

/** The API app's first middleware: on an in-process call, `c.json` hands its answer to the call's sink. */
export const inProcessJson: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const sink = (c.env as InProcessBindings | undefined)?.inProcessAnswer;
  if (sink) {
    // c.body's overloads (status or ResponseInit, header record) are c.json's own.
    const body = c.body as unknown as (data: null, arg?: unknown, headers?: Record<string, string>) => Response;
    c.json = ((object: unknown, arg?: unknown, headers?: Record<string, string>) => {
      if (sink.takesObject && sharedAnswer(object)) {
        sink.object = object;
        sink.shared = true;
      } else {
        sink.json = JSON.stringify(object);
      }
      return body(null, arg, { 'Content-Type': 'application/json', ...headers });
    }) as unknown as typeof c.json;
  }
  await next();
};

/**
 * Calls the API app in-process with `bindings` (the visitor's socket): a JSON answer comes back with its
 * frozen object (or its text) behind json(), text() and arrayBuffer(); any other answer (a redirect, a
 * file, HTML) as the app gave it.
 */
export async function fetchInProcess(
  api: { fetch: (request: Request, env?: unknown) => Response | Promise<Response> },
  request: Request,
  bindings?: object,
): Promise<Response> {
  // Reads only: a loader's GET is a render's hot path; a write's answer (an action's) stays parsed text,
  // so an action that builds on what a write answered keeps its own copy.
  const answer: InProcessAnswer = { takesObject: request.method === 'GET' };
  const response = await api.fetch(request, { ...bindings, inProcessAnswer: answer });
  if ((answer.json === undefined && !answer.shared) || response.body !== null) return response;
  if (!response.headers.get('content-type')?.startsWith('application/json')) return response;
  // The answer itself (its status and headers, set-cookie included), reading its JSON from the object or text.
  if (answer.shared) {
    // A refusal's body (an error's fields) is the caller's own copy: error handling may add to it.
    const object = response.ok ? answer.object : JSON.parse(JSON.stringify(answer.object));
    return Object.defineProperties(response, {
      json: { value: () => Promise.resolve(object) },
      text: { value: () => Promise.resolve(JSON.stringify(object)) },
      arrayBuffer: { value: () => Promise.resolve(new TextEncoder().encode(JSON.stringify(object)).buffer) },
    });
  }
  const text = answer.json!;
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
