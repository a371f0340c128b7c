// The one gate every request passes before a route sees it (docs/decisions/0011): the body is read
// within its route's size limit (413 before it is parsed, from Content-Length or while streaming),
// text must be well-formed UTF-8 without NUL or lone surrogates in the path, the query, form fields,
// JSON strings and keys, JSON may nest only so deep, a multipart body must parse, and cookies whose
// value is not clean text are dropped (a visitor is never locked out by a broken cookie).
// The API answers a refusal with its error shape; the web server (apps/web/server/store-app.ts) uses
// the same checks for pages.

/** Bytes a request body may have, by path prefix (the first match wins); uploads get their own row. */
export const BODY_LIMITS: readonly { prefix: string; bytes: number }[] = [
  // A provider's callback is a small signed JSON object.
  { prefix: '/api/payment/callback/', bytes: 16 * 1024 },
  // A repair document (a photo or PDF of at most 10 MB, REPAIR_FILE_MAX_BYTES) and its multipart framing.
  { prefix: '/api/v1/repair/files', bytes: 10 * 1024 * 1024 + 64 * 1024 },
  { prefix: '/api/credit/callback/', bytes: 16 * 1024 },
  // The repair wizard's documents step posts its chosen files (up to four documents) to the page's action.
  { prefix: '/service/repair', bytes: 4 * (10 * 1024 * 1024) + 64 * 1024 },
  // Every other JSON or form body of the API and of the pages: the largest real one (a checkout
  // draft with several orders) is a few kilobytes.
  { prefix: '/', bytes: 128 * 1024 },
];

/** JSON deeper than this is refused before it is parsed (real bodies nest 4 levels). */
export const MAX_JSON_DEPTH = 32;

export function bodyLimitFor(pathname: string): number {
  return BODY_LIMITS.find((row) => pathname.startsWith(row.prefix))?.bytes ?? 128 * 1024;
}

export interface Refusal {
  status: 400 | 413;
  message: string;
  field: string;
}

const refuse = (status: 400 | 413, field: string, message: string): Refusal => ({ status, field, message });

/** True for text without NUL and without lone surrogates (a string JavaScript can hold but UTF-8 cannot). */
export function isCleanText(text: string): boolean {
  return !UNCLEAN.test(text);
}

// In a `u` regular expression a well-formed surrogate pair is one code point, so \p{Cs} finds only lone halves.
const UNCLEAN = /[\0\p{Cs}]/u;

function decodeComponent(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}

/** The path and query: valid percent-encoding of UTF-8, no NUL. */
export function checkUrl(url: URL): Refusal | null {
  for (const segment of url.pathname.split('/')) {
    const decoded = decodeComponent(segment);
    if (decoded === null || !isCleanText(decoded)) {
      return refuse(400, 'path', 'Некорректный адрес: недопустимые символы');
    }
  }
  const query = url.search.slice(1);
  if (query === '') return null;
  const field = badPair(query, 'query');
  return field === null ? null : refuse(400, field, 'Недопустимые символы в параметре запроса');
}

/**
 * The first `key=value` pair of a query or form text whose key or value does not decode to clean
 * text: its key when that is clean, else `fallback`; null when every pair is clean.
 */
function badPair(text: string, fallback: string): string | null {
  for (const pair of text.split('&')) {
    const [rawKey = '', ...rest] = pair.split('=');
    const key = decodeComponent(rawKey);
    const value = decodeComponent(rest.join('='));
    if (key === null || value === null || !isCleanText(key) || !isCleanText(value)) {
      return key && isCleanText(key) ? key : fallback;
    }
  }
  return null;
}

/**
 * The Cookie header without the cookies whose value is not clean text (bad percent-encoding, NUL,
 * lone surrogates), or null when every cookie is clean. Ids in cookies are checked where they are
 * read (`parseNumericId`), like ids anywhere else.
 */
export function cleanCookieHeader(header: string | null): string | null {
  if (!header) return null;
  const parts = header.split(';');
  const kept = parts.filter((part) => {
    const value = part.slice(part.indexOf('=') + 1).trim();
    const decoded = decodeComponent(value.replace(/\+/g, '%2B'));
    return decoded !== null && isCleanText(decoded) && isCleanText(part);
  });
  return kept.length === parts.length ? null : kept.join(';');
}

/** The deepest nesting of arrays and objects in a JSON text, counted without parsing it. */
export function jsonDepth(text: string, stopAbove = MAX_JSON_DEPTH): number {
  let depth = 0;
  let deepest = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text.charCodeAt(i);
    if (inString) {
      if (ch === 92 /* \ */) i++;
      else if (ch === 34 /* " */) inString = false;
    } else if (ch === 34) inString = true;
    else if (ch === 123 /* { */ || ch === 91 /* [ */) {
      depth++;
      if (depth > deepest) deepest = depth;
      if (deepest > stopAbove) return deepest;
    } else if (ch === 125 /* } */ || ch === 93 /* ] */) depth--;
  }
  return deepest;
}

/** The first string or key of a parsed JSON value that is not clean text, or `__proto__` as a key. */
function badJsonText(value: unknown, path: string): string | null {
  if (typeof value === 'string') return isCleanText(value) ? null : path || '_';
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const bad = badJsonText(value[i], path ? `${path}.${i}` : String(i));
      if (bad !== null) return bad;
    }
    return null;
  }
  if (value !== null && typeof value === 'object') {
    for (const key of Object.keys(value)) {
      const field = path ? `${path}.${key}` : key;
      if (!isCleanText(key) || key === '__proto__') return field;
      const bad = badJsonText((value as Record<string, unknown>)[key], field);
      if (bad !== null) return bad;
    }
  }
  return null;
}

const TEXT_TYPES = /^(application\/(json|x-www-form-urlencoded)|text\/)|\+json$/;

/**
 * A read body: text bodies must be UTF-8 with clean fields, JSON within the depth limit, multipart
 * parseable. A body that is not valid JSON is left to the route, which answers its own 400.
 */
export async function checkBody(bytes: Uint8Array<ArrayBuffer>, contentType: string): Promise<Refusal | null> {
  if (bytes.byteLength === 0) return null;
  const type = contentType.split(';')[0]!.trim().toLowerCase();
  if (type === 'multipart/form-data') {
    let form: FormData;
    try {
      form = await new Response(bytes, { headers: { 'content-type': contentType } }).formData();
    } catch {
      return refuse(400, '_', 'Некорректное тело запроса: не удалось разобрать multipart/form-data');
    }
    for (const [key, value] of form.entries()) {
      if (!isCleanText(key) || (typeof value === 'string' && !isCleanText(value))) {
        return refuse(400, isCleanText(key) ? key : '_', 'Недопустимые символы в поле');
      }
    }
    return null;
  }
  if (!TEXT_TYPES.test(type)) return null;
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return refuse(400, '_', 'Некорректное тело запроса: ожидается текст в UTF-8');
  }
  if (text.includes('\u0000')) return refuse(400, '_', 'Недопустимые символы в теле запроса');
  if (type === 'application/x-www-form-urlencoded') {
    const field = badPair(text, '_');
    return field === null ? null : refuse(400, field, 'Недопустимые символы в поле');
  }
  if (type === 'application/json' || type.endsWith('+json')) {
    if (jsonDepth(text) > MAX_JSON_DEPTH) {
      return refuse(400, '_', `Слишком глубокая вложенность JSON (не больше ${MAX_JSON_DEPTH} уровней)`);
    }
    let parsed: unknown;
    try {
      parsed = JSON.parse(text);
    } catch {
      return null;
    }
    const bad = badJsonText(parsed, '');
    if (bad !== null) return refuse(400, bad, 'Недопустимые символы или ключ в JSON');
  }
  return null;
}

/**
 * The body of `request`, read up to `limit` bytes: a declared or streamed length above it is a 413
 * without reading further (a 100 MB body never sits in memory).
 */
export async function readLimitedBody(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | Refusal> {
  const tooLarge = refuse(413, '_', `Тело запроса больше ${Math.round(limit / 1024)} КБ`);
  const declared = request.headers.get('content-length');
  if (declared !== null && /^\d+$/.test(declared) && Number(declared) > limit) {
    // The 413 is the answer either way: a stream the client already broke may refuse to cancel.
    await request.body?.cancel().catch(() => {});
    return tooLarge;
  }
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let total = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    total += value.byteLength;
    if (total > limit) {
      // As above: the 413 stands even when the broken stream refuses to cancel.
      await reader.cancel().catch(() => {});
      return tooLarge;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

const BODYLESS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * Runs every check on `request`: a refusal, or the request to hand on (the same one when nothing
 * changed; else rebuilt with the read body and the clean cookies).
 */
export async function guardRequest(request: Request): Promise<{ refusal: Refusal } | { request: Request }> {
  const url = new URL(request.url);
  const urlRefusal = checkUrl(url);
  if (urlRefusal) return { refusal: urlRefusal };
  const cookies = cleanCookieHeader(request.headers.get('cookie'));
  const hasBody = !BODYLESS.has(request.method) && request.body !== null;
  if (!hasBody && cookies === null) return { request };

  const headers = new Headers(request.headers);
  if (cookies !== null) {
    if (cookies === '') headers.delete('cookie');
    else headers.set('cookie', cookies);
  }
  let body: Uint8Array<ArrayBuffer> | undefined;
  if (hasBody) {
    const read = await readLimitedBody(request, bodyLimitFor(url.pathname));
    if (!(read instanceof Uint8Array)) return { refusal: read };
    const bodyRefusal = await checkBody(read, request.headers.get('content-type') ?? '');
    if (bodyRefusal) return { refusal: bodyRefusal };
    body = read;
  }
  return {
    request: new Request(request.url, {
      method: request.method,
      headers,
      body,
      signal: request.signal,
    }),
  };
}
