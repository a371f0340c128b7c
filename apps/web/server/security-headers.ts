// The store's one security-headers middleware (decision 0012), in front of every answer the
// process gives: pages, the API and its docs page, the sandbox acquirer's pages, pictures and
// client files. HTML gets a nonce-based Content-Security-Policy (the nonce is new per request and
// reaches React's inline scripts through the load context, entry.server and root.tsx; the page
// cache rewrites it on a hit), any other answer a policy that allows nothing. HSTS and Secure
// cookies only when the visitor came over HTTPS (TRUST_PROXY=on with X-Forwarded-Proto, or TLS).
import { randomBytes } from 'node:crypto';
import type { MiddlewareHandler } from 'hono';
import { servedOverHttps, type Config } from '@store/api';

export interface SecurityEnv {
  Variables: { cspNonce: string };
}

/** A fresh nonce: 16 random bytes in base64 (24 characters, all of one length: the page cache relies on it). */
export const newNonce = () => randomBytes(16).toString('base64');

/** The reCAPTCHA widget's hosts, allowed only when a provider site key is set. */
const CAPTCHA_SCRIPT_HOSTS = ['https://www.google.com/recaptcha/', 'https://www.gstatic.com/recaptcha/'];
const CAPTCHA_FRAME_HOSTS = ['https://www.google.com/recaptcha/', 'https://recaptcha.google.com/recaptcha/'];

type PolicyConfig = Pick<Config, 'TRUST_PROXY' | 'MAP_TILE_URL' | 'CAPTCHA_SITE_KEY'>;

/**
 * The Content-Security-Policy of an HTML document, given its nonce and whether it came over HTTPS.
 * The rest depends on the configuration only, so it is put together once, not on every page.
 */
export function documentPolicy(config: PolicyConfig, development = false): (nonce: string, https: boolean) => string {
  const captcha = Boolean(config.CAPTCHA_SITE_KEY);
  const tiles = tileOrigin(config.MAP_TILE_URL);
  const NONCE = '\0nonce\0';
  const directives = [
    "default-src 'self'",
    `script-src 'self' 'nonce-${NONCE}'${captcha ? ` ${CAPTCHA_SCRIPT_HOSTS.join(' ')}` : ''}`,
    // Inline style attributes (React's style={…}) cannot carry a nonce.
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${tiles ? ` ${tiles}` : ''}`,
    "font-src 'self' data:",
    // Development: Vite's hot-reload socket listens on a port of its own.
    `connect-src 'self'${development ? ' ws:' : ''}`,
    `frame-src ${captcha ? CAPTCHA_FRAME_HOSTS.join(' ') : "'none'"}`,
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
  ];
  const [head, tail] = directives.join('; ').split(NONCE) as [string, string];
  return (nonce, https) => `${head}${nonce}${tail}${https ? '; upgrade-insecure-requests' : ''}`;
}

/** JSON, pictures, scripts, styles: nothing may run or be framed if one is opened as a document. */
export const RESOURCE_POLICY = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

export const PERMISSIONS_POLICY =
  'camera=(), microphone=(), geolocation=(self), payment=(), usb=(), magnetometer=(), gyroscope=(), browsing-topics=()';

export const HSTS = 'max-age=31536000; includeSubDomains';

function tileOrigin(template: string | undefined): string | null {
  if (!template || !/^https?:\/\//.test(template)) return null;
  try {
    return new URL(template.replace(/\{[xyz]\}/g, '0')).origin;
  } catch {
    return null;
  }
}

export function securityHeaders(config: PolicyConfig, development = false): MiddlewareHandler<SecurityEnv> {
  const policyFor = documentPolicy(config, development);
  return async (c, next) => {
    const nonce = newNonce();
    c.set('cspNonce', nonce);
    await next();
    const https = servedOverHttps(config, c.req.url, { get: (name) => c.req.header(name) });
    // Answers built from another Response may have read-only headers: copy them once, before any change
    // (Hono's c.res setter merges the old headers into the new answer).
    try {
      c.res.headers.set('x-content-type-options', 'nosniff');
    } catch {
      c.res = new Response(c.res.body, c.res);
      c.res.headers.set('x-content-type-options', 'nosniff');
    }
    const headers = c.res.headers;
    const html = (headers.get('content-type') ?? '').startsWith('text/html');
    headers.set('content-security-policy', html ? policyFor(nonce, https) : RESOURCE_POLICY);
    headers.set('x-frame-options', 'DENY');
    headers.set('referrer-policy', 'strict-origin-when-cross-origin');
    headers.set('permissions-policy', PERMISSIONS_POLICY);
    headers.set('cross-origin-opener-policy', 'same-origin');
    if (https) {
      headers.set('strict-transport-security', HSTS);
      secureCookies(headers);
    }
  };
}

/** Over HTTPS every cookie the store sets is Secure, whoever set it (the API's helper does it too). */
function secureCookies(headers: Headers) {
  const cookies = headers.getSetCookie();
  if (!cookies.some((cookie) => !/;\s*secure\s*(;|$)/i.test(cookie))) return;
  headers.delete('set-cookie');
  for (const cookie of cookies)
    headers.append('set-cookie', /;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`);
}
