// One Hono app for the whole store: the API under /api, demo pictures under /img, client files,
// and every other path rendered by React Router with an in-process API client in its load context;
// public pages (for every visitor, signed in or not) through the page cache, which drops the pages
// a price or stock change touches (docs/decisions/0006, 0019).
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { Hono } from 'hono';
import { RouterContextProvider, createRequestHandler, type ServerBuild } from 'react-router';
import { createApiClient } from '@store/api-client';
import {
  acceptedTraceId,
  checkUrl,
  cleanCookieHeader,
  errorFields,
  fetchInProcess,
  fetchJsonText,
  guardRequest,
  pageRouteLabel,
  publicConfig,
  servedOverHttps,
} from '@store/api';
import {
  BRANCH_COOKIE_MAX_AGE_S,
  COOKIE,
  DEFAULT_BRANCH,
  GEO_CITY_HEADER,
  isBranchCode,
  isCachedPage,
  matchPage,
  pageCacheDecision,
  parseNumericId,
  renderCookieHeader,
} from '@store/domain';
import { apiContext, cspNonceContext, publicConfigContext, type PublicConfig } from '../app/context.ts';
import { parseCookies, serializeCookie } from '../app/lib/cookies.ts';
import { tooBusyResponse } from '../app/lib/too-busy.server.ts';
import { compression, negotiateEncoding, textAnswer } from './compression.ts';
import { PageCache, taggingFetch } from './page-cache.ts';
import { wireOf, writeHit } from './page-cache-wire.ts';
import { publicOrigin } from './public-origin.ts';
import { RENDER_WAIT_MS, RENDERS_AT_ONCE, RenderGate } from './render-gate.ts';
import { crossSiteRefusal, isSameOriginWrite } from './request-origin.ts';
import {
  HSTS,
  PERMISSIONS_POLICY,
  documentPolicy,
  newNonce,
  securityHeaders,
  type SecurityEnv,
} from './security-headers.ts';
import { picturesApp } from './pictures.ts';
import { needsRefresh, refreshForPage, socketBindings, type SocketBindings } from './session.ts';
import type { Runtime } from './runtime.ts';
import { serveClientFiles } from './static-files.ts';

export interface StoreAppOptions {
  /** The server build, or a function that loads it per request (development). */
  build: ServerBuild | (() => Promise<ServerBuild>);
  mode: 'production' | 'development';
  clientDir?: string;
}

/** Only what the API needs of the visitor's request travels to the in-process API. */
const FORWARDED_HEADERS = [
  'cookie',
  'user-agent',
  'accept-language',
  'x-forwarded-for',
  'x-real-ip',
  'x-forwarded-proto',
];

const PAGE_METHODS = new Set(['GET', 'HEAD', 'POST']);

/** A Host header Hono's node adapter takes as it is (its own test): the only kind a direct hit answers. */
const PLAIN_HOST = /^[a-z0-9._-]+(?::(?:[1-5]\d{3,4}|[6-9]\d{3}))?$/;

/** Request headers a page's key or answer reads: sent twice, the ordinary way joins them its own way. */
const SINGLE_HEADERS = new Set(['host', 'cookie', 'user-agent', GEO_CITY_HEADER, 'x-request-id', 'accept-encoding']);

/** The security middleware's headers that are the same on every HTML answer (decision 0012). */
const PAGE_SECURITY_HEADERS: OutgoingHttpHeaders = {
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'DENY',
  'referrer-policy': 'strict-origin-when-cross-origin',
  'permissions-policy': PERMISSIONS_POLICY,
  'cross-origin-opener-policy': 'same-origin',
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"]/g, (ch) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[ch]!);

/** A refused page request: a small Russian page with the status (the React app is not involved). */
function refusalPage(status: 400 | 405 | 413, message: string, headers: Record<string, string> = {}) {
  const title =
    status === 413 ? 'Слишком большой запрос' : status === 405 ? 'Метод не поддерживается' : 'Некорректный запрос';
  const html =
    `<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${title} — Мультицентр</title></head><body><main id="main"><h1>${title}</h1><p>${escapeHtml(message)}</p>` +
    `<p><a href="/">На главную</a></p></main></body></html>`;
  return new Response(html, {
    status,
    headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', ...headers },
  });
}

/** The per-request context of every loader and action (v8_middleware: a RouterContextProvider). */
function loadContext(
  api: ReturnType<typeof createApiClient>,
  config: PublicConfig,
  cspNonce: string,
): RouterContextProvider {
  const context = new RouterContextProvider();
  context.set(apiContext, api);
  context.set(publicConfigContext, config);
  context.set(cspNonceContext, cspNonce);
  return context;
}

export function createStoreApp(runtime: Runtime, options: StoreAppOptions) {
  const app = new Hono<SecurityEnv>();
  const handler = createRequestHandler(options.build, options.mode);
  const renderGate = new RenderGate({ limit: RENDERS_AT_ONCE, maxWaitMs: RENDER_WAIT_MS });

  // Security headers on every answer, and the CSP nonce of this request (decision 0012).
  app.use('*', securityHeaders(runtime.config, options.mode === 'development'));
  // Brotli or gzip for every text answer below (decision 0015).
  app.use('*', compression());

  // The API app keeps its own middleware, 404 and error handling. A JSON answer comes back as its text and
  // goes out whole, compressed in one call or not at all, without a body stream (decision 0069).
  app.all('/api/*', async (c) => {
    if (c.req.method === 'HEAD') return runtime.api.fetch(c.req.raw, socketBindings(c.env));
    const { response, json } = await fetchJsonText(runtime.api, c.req.raw, socketBindings(c.env));
    return json === undefined ? response : textAnswer(json, response);
  });
  // Pages, pictures and the sandbox acquirer's forms pass the API's input gate (docs/decisions/0011):
  // only GET, HEAD and POST; bodies within their limit (413 unread); no NUL or lone surrogates in the
  // address or a form; malformed multipart refused; dirty cookies dropped. A refusal is a Russian page.
  app.use('*', async (c, next) => {
    if (!PAGE_METHODS.has(c.req.method)) {
      return refusalPage(405, 'Этот адрес принимает только переход (GET) и отправку формы (POST).', {
        allow: 'GET, HEAD, POST',
      });
    }
    const result = await guardRequest(c.req.raw);
    if ('refusal' in result) return refusalPage(result.refusal.status, result.refusal.message);
    if (result.request !== c.req.raw) c.req.raw = result.request;
    await next();
  });
  // The built-in sandbox acquirer's pages (apps/api/src/sandbox-acquirer), when it is the payment provider.
  app.all('/sandbox-acquirer/*', (c) => runtime.api.sandboxAcquirer?.fetch(c.req.raw) ?? c.notFound());
  // The sandbox business bank's sign-in pages (decision 0047), when it is the configured bank.
  app.all('/sandbox-business-bank/*', (c) => runtime.api.sandboxBusinessBank?.fetch(c.req.raw) ?? c.notFound());
  app.route('/', picturesApp(runtime.handle));
  if (options.clientDir) app.use('*', serveClientFiles(options.clientDir));

  const pageCache =
    runtime.config.PAGE_CACHE_TTL_S > 0
      ? new PageCache({
          ttlMs: runtime.config.PAGE_CACHE_TTL_S * 1000,
          maxBytes: runtime.config.PAGE_CACHE_MAX_MB * 2 ** 20,
          gzip: true,
          onError: (error) => runtime.logger.error('page cache gzip copy failed', errorFields(error)),
        })
      : null;
  // A price or stock change, here or on another instance, drops the pages that show it.
  if (pageCache) runtime.api.pageEvents.subscribe((tags) => pageCache.invalidate(tags));

  /**
   * The in-process API client of one page request: it carries the request's city and trace id; JSON
   * answers come back as text, never as a body stream (fetchInProcess, decision 0054).
   * With `tags`, the API names the products and categories of its answers and they are collected
   * there: the cache tags of the page being rendered.
   */
  const apiFor = (request: Request, traceId: string, socket: SocketBindings, tags?: Set<string>) => {
    // SPEC §7: every call carries application_type, city_id and trace_id; the city is the visitor's cookie.
    const cityCookie = parseNumericId(parseCookies(request.headers.get('cookie'))[COOKIE.cityId]) ?? undefined;
    return createApiClient({
      baseUrl: new URL(request.url).origin,
      fetch: tags
        ? taggingFetch((apiRequest) => fetchInProcess(runtime.api, apiRequest, socket), tags)
        : (apiRequest) => fetchInProcess(runtime.api, apiRequest, socket),
      defaultQuery: () => ({ application_type: 'web', trace_id: traceId, city_id: cityCookie }),
      headers: () => {
        const forwarded: Record<string, string> = {};
        for (const name of FORWARDED_HEADERS) {
          const value = request.headers.get(name);
          if (value) forwarded[name] = value;
        }
        return forwarded;
      },
    });
  };

  /**
   * One React Router render, when the render gate gives it its turn (a GET or HEAD refused with 503 after
   * waiting RENDER_WAIT_MS); `cspNonce` goes on every inline script; `tags` collects its cache tags.
   */
  const render = (request: Request, traceId: string, socket: SocketBindings, cspNonce: string, tags?: Set<string>) =>
    renderGate.run(
      () =>
        handler(
          request,
          loadContext(
            apiFor(request, traceId, socket, tags),
            { ...publicConfig(runtime.config), publicOrigin: publicOrigin(runtime.config, request) },
            cspNonce,
          ),
        ),
      () => {
        runtime.logger.warn('page render refused: too busy', { trace_id: traceId, waited_ms: RENDER_WAIT_MS });
        return tooBusyResponse();
      },
      request.method === 'GET' || request.method === 'HEAD',
      request.signal,
    );

  app.all('*', async (c) => {
    // nginx's X-Request-Id (deploy/nginx) names the request in every log line, here and in the API calls.
    const traceId = acceptedTraceId(c.req.header('x-request-id')) ?? randomUUID();
    const started = performance.now();
    // Page actions take writes from this origin only (sign-out, forms, fetchers).
    if (!isSameOriginWrite(runtime.config, c.req.raw)) {
      runtime.logger.warn('cross-site write refused', {
        trace_id: traceId,
        method: c.req.method,
        path: new URL(c.req.url).pathname,
        origin: c.req.header('origin') ?? null,
        sec_fetch_site: c.req.header('sec-fetch-site') ?? null,
      });
      return crossSiteRefusal(c.req.raw);
    }
    const nonce = c.get('cspNonce');
    // An expired access token is refreshed before the render (SPEC §6, §8).
    const socket = socketBindings(c.env);
    const session = await refreshForPage(c.req.raw, (apiRequest) => runtime.api.fetch(apiRequest, socket));
    const request = session.request;
    try {
      const served = await servePage(request, traceId, socket, nonce);
      const { cache } = served;
      let { response } = served;
      // A copy: a redirect's headers cannot be changed.
      response = new Response(response.body, response);
      for (const cookie of session.setCookies) response.headers.append('set-cookie', cookie);
      response.headers.set('x-request-id', traceId);
      const pathname = new URL(request.url).pathname;
      runtime.api.metrics.observeRequest(
        'page',
        pageRouteLabel(pathname, response.status),
        request.method,
        response.status,
        (performance.now() - started) / 1000,
      );
      runtime.api.metrics.observePageCache(cache);
      runtime.logger.info('page', {
        trace_id: traceId,
        method: request.method,
        path: pathname,
        status: response.status,
        cache,
        ms: Math.round(performance.now() - started),
      });
      return response;
    } catch (error) {
      runtime.logger.error('page failure', { trace_id: traceId, ...errorFields(error) });
      const seconds = (performance.now() - started) / 1000;
      runtime.api.metrics.observeRequest('page', '(failure)', request.method, 500, seconds);
      throw error;
    }
  });

  /**
   * Public pages come from the page cache, for guests and signed-in customers alike: the render
   * sees only the key cookies (city, A/B branch, mobile-app mode, a listing's tiles or rows) and the
   * known query parameters, so its HTML holds nothing personal. A first-time visitor gets the branch
   * drawn here, before the key is made, so cookie-less visitors (crawlers included) share pages too.
   */
  async function servePage(request: Request, traceId: string, socket: SocketBindings, nonce: string) {
    if (!pageCache) return { response: await render(request, traceId, socket, nonce), cache: 'OFF' };
    const bypass = async () => labelled(await render(request, traceId, socket, nonce), 'BYPASS');
    const url = new URL(request.url);
    const cookies = parseCookies(request.headers.get('cookie'));
    const ask = (withCookies: Record<string, string>) =>
      pageCacheDecision({
        method: request.method,
        host: url.host,
        pathname: url.pathname,
        search: url.search,
        cookies: withCookies,
        userAgent: request.headers.get('user-agent'),
        geoCity: request.headers.get(GEO_CITY_HEADER),
      });
    let decision = ask(cookies);
    if (!decision.cacheable)
      return decision.reason === 'page'
        ? { response: await render(request, traceId, socket, nonce), cache: 'NONE' }
        : bypass();

    let branchCookie: string | null = null;
    if (!isBranchCode(cookies[COOKIE.branch])) {
      const branch = await drawBranch(request, traceId, socket);
      branchCookie = serializeCookie(COOKIE.branch, branch, { maxAgeS: BRANCH_COOKIE_MAX_AGE_S });
      decision = ask({ ...cookies, [COOKIE.branch]: branch });
      // Never taken (a branch makes no request personal); it narrows the type.
      if (!decision.cacheable) return bypass();
    }
    const renderHeaders = new Headers(request.headers);
    const cookieHeader = renderCookieHeader(decision.renderCookies);
    if (cookieHeader) renderHeaders.set('cookie', cookieHeader);
    else renderHeaders.delete('cookie');
    // utm tags and other unknown parameters never reach the render: the HTML is the key's.
    const renderUrl = `${url.origin}${url.pathname}${decision.search}`;
    const renderRequest = new Request(renderUrl, { method: 'GET', headers: renderHeaders, signal: request.signal });

    // A stored page carries the nonce of its render; the cache writes this request's in its place,
    // and the tags of the products and categories its API calls answered (decision 0019).
    const tags = new Set<string>();
    const { response, state } = await pageCache.serve(
      decision.key,
      () => render(renderRequest, traceId, socket, nonce, tags),
      nonce,
      { acceptEncoding: request.headers.get('accept-encoding'), tags: () => tags },
    );
    return labelled(response, state, branchCookie);
  }

  /** The answer with its x-page-cache state (and a newly drawn branch cookie). */
  function labelled(response: Response, state: string, setCookie: string | null = null) {
    const headers = new Headers(response.headers);
    headers.set('x-page-cache', state);
    if (setCookie) headers.append('set-cookie', setCookie);
    return { response: new Response(response.body, { status: response.status, headers }), cache: state };
  }

  const pagePolicy = documentPolicy(runtime.config, options.mode === 'development');

  /**
   * A page-cache hit answered on the socket, before Hono and React Router (decision 0069): the same
   * checks as the ordinary way (the input gate, a session to refresh, the cache's decision and key, a
   * branch for a new visitor) and the same answer (the stored headers, this request's nonce, CSP and
   * request id, Age, `x-page-cache: HIT`, the stored gzip copy or the identity page), written from the
   * stored page's buffers. Anything it does not answer exactly so — a miss, a render in progress,
   * Brotli alone accepted, an address or header the ordinary way would read differently — returns
   * false before a byte is written, and the request takes the ordinary way.
   */
  function answerDirectly(incoming: IncomingMessage, outgoing: ServerResponse): boolean {
    if (!pageCache || incoming.method !== 'GET') return false;
    const target = incoming.url ?? '';
    // Most requests (API calls, files, pictures) can never be a cached page: say so from the raw path
    // before any parsing. A path the URL parser would read differently (dot segments, characters it
    // escapes) at worst takes the ordinary way, which answers it the same.
    const query = target.indexOf('?');
    if (!isCachedPage(matchPage(query === -1 ? target : target.slice(0, query)))) return false;
    const host = incoming.headers.host;
    if (!host || !PLAIN_HOST.test(host) || target.charCodeAt(0) !== 47 || target.includes('\\')) return false;
    if ((incoming.socket as TLSSocket).encrypted) return false;
    const raw = incoming.rawHeaders;
    const seen = new Set<string>();
    for (let i = 0; i < raw.length; i += 2) {
      const name = raw[i]!.toLowerCase();
      if (!SINGLE_HEADERS.has(name)) continue;
      if (seen.has(name)) return false;
      seen.add(name);
    }
    const started = performance.now();
    const header = (name: string): string | null => {
      const value = incoming.headers[name];
      return typeof value === 'string' ? value : null;
    };
    let url: URL;
    try {
      url = new URL(`http://${host}${target}`);
    } catch {
      return false;
    }
    const cookieHeader = header('cookie');
    if (checkUrl(url) || cleanCookieHeader(cookieHeader) !== null || needsRefresh(cookieHeader)) return false;
    const cookies = parseCookies(cookieHeader);
    const ask = (withCookies: Record<string, string>) =>
      pageCacheDecision({
        method: 'GET',
        host: url.host,
        pathname: url.pathname,
        search: url.search,
        cookies: withCookies,
        userAgent: header('user-agent'),
        geoCity: header(GEO_CITY_HEADER),
      });
    let decision = ask(cookies);
    if (!decision.cacheable) return false;
    let branchCookie: string | null = null;
    if (!isBranchCode(cookies[COOKIE.branch])) {
      const drawn = runtime.api.drawBranchNow();
      if (drawn === null) return false;
      const branch = isBranchCode(drawn) ? drawn : DEFAULT_BRANCH;
      branchCookie = serializeCookie(COOKIE.branch, branch, { maxAgeS: BRANCH_COOKIE_MAX_AGE_S });
      decision = ask({ ...cookies, [COOKIE.branch]: branch });
      if (!decision.cacheable) return false;
    }
    const page = pageCache.get(decision.key);
    if (!page) return false;
    const wire = wireOf(page);
    const acceptEncoding = header('accept-encoding');
    const gzip = wire.gzip !== undefined && negotiateEncoding(acceptEncoding, ['gzip']) !== null;
    // Brotli alone (or gzip before the copy is made): the compression middleware compresses that hit.
    if (!gzip && negotiateEncoding(acceptEncoding) !== null) return false;
    const https = servedOverHttps(runtime.config, url.href, { get: header });
    if (https && wire.identity.headers['set-cookie']) return false;

    const traceId = acceptedTraceId(header('x-request-id')) ?? randomUUID();
    const nonce = newNonce();
    const extra: OutgoingHttpHeaders = {
      age: String(pageCache.ageS(page)),
      'x-page-cache': 'HIT',
      'x-request-id': traceId,
      'content-security-policy': pagePolicy(nonce, https),
      ...PAGE_SECURITY_HEADERS,
    };
    if (https) extra['strict-transport-security'] = HSTS;
    if (branchCookie) extra['set-cookie'] = https ? `${branchCookie}; Secure` : branchCookie;
    writeHit(outgoing, wire, gzip, Buffer.from(nonce, 'latin1'), extra);

    const pathname = url.pathname;
    const seconds = (performance.now() - started) / 1000;
    runtime.api.metrics.observeRequest('page', pageRouteLabel(pathname, 200), 'GET', 200, seconds);
    runtime.api.metrics.observePageCache('HIT');
    runtime.logger.info('page', {
      trace_id: traceId,
      method: 'GET',
      path: pathname,
      status: 200,
      cache: 'HIT',
      ms: Math.round(seconds * 1000),
    });
    return true;
  }

  /** The A/B branch for a visitor without one (SPEC §4 start-up step 2), drawn by the API. */
  async function drawBranch(request: Request, traceId: string, socket: SocketBindings): Promise<string> {
    const { code } = await apiFor(request, traceId, socket).experiments.branch();
    return isBranchCode(code) ? code : DEFAULT_BRANCH;
  }

  return Object.assign(app, { answerDirectly });
}
