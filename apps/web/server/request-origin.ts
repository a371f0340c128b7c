// The one check of where a page's POST came from (decision 0012). Page actions (sign-out, the
// basket and checkout forms, sign-in, orders…) change state with the visitor's cookies, and
// SameSite=Lax does not stop a top-level form posted by another site's page in every browser, nor
// a sibling subdomain. A write is taken only when the browser says it came from this origin:
// Sec-Fetch-Site (every current browser), else Origin, else Referer. None of them: refused, since
// a browser posting one of our forms always sends at least one (Referrer-Policy keeps the Referer).
import { servedOverHttps, type Config } from '@store/api';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export const CROSS_SITE_REFUSED =
  'Запрос отклонён: форма отправлена не со страницы магазина. Откройте страницу магазина и повторите.';

/** The store's origin as the visitor's browser sees it (https behind our own proxy). */
export function storeOrigin(config: Pick<Config, 'TRUST_PROXY'>, request: Request): string {
  const url = new URL(request.url);
  const https = servedOverHttps(config, request.url, request.headers);
  return `${https ? 'https:' : url.protocol}//${url.host}`;
}

function originOf(value: string): string | null {
  try {
    return new URL(value).origin;
  } catch {
    return null;
  }
}

/** Whether a request may change state: safe methods always; other methods only from this origin. */
export function isSameOriginWrite(config: Pick<Config, 'TRUST_PROXY'>, request: Request): boolean {
  if (SAFE_METHODS.has(request.method)) return true;
  const site = request.headers.get('sec-fetch-site');
  if (site) return site === 'same-origin';
  const expected = storeOrigin(config, request);
  const origin = request.headers.get('origin');
  if (origin) return origin === expected;
  const referer = request.headers.get('referer');
  if (referer) return originOf(referer) === expected;
  return false;
}

/** The answer to a refused write: 403 with the message, as a page (a form post) or JSON (a fetcher). */
export function crossSiteRefusal(request: Request): Response {
  const wantsJson = new URL(request.url).pathname.endsWith('.data') || /json/.test(request.headers.get('accept') ?? '');
  if (wantsJson) return Response.json({ status: 403, message: CROSS_SITE_REFUSED, errors: {} }, { status: 403 });
  const html =
    '<!doctype html><html lang="ru"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">' +
    '<title>Запрос отклонён — Мультицентр</title></head><body style="font-family:system-ui,sans-serif;padding:32px">' +
    `<h1>Запрос отклонён</h1><p>${CROSS_SITE_REFUSED}</p><p><a href="/">На главную</a></p></body></html>`;
  return new Response(html, { status: 403, headers: { 'content-type': 'text/html; charset=utf-8' } });
}
