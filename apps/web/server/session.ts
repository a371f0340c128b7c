// A page request whose access token has expired (SPEC §6, §8): the server refreshes the session
// in-process before the render, so the shopper never notices; the new cookies go out with the page.
import { COOKIE } from '@store/domain';
import { parseCookies } from '../app/lib/cookies.ts';

/** Seconds before expiry at which a token counts as expired (the render itself takes a moment). */
const EXPIRY_MARGIN_S = 10;

/** The `exp` of a JWT, read without checking the signature (the API checks it); null when unreadable. */
export function tokenExpiry(token: string | undefined): number | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const exp = (JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/** Whether the page request carries a refresh token but no usable access token. */
export function needsRefresh(cookieHeader: string | null, nowS = Date.now() / 1000): boolean {
  const cookies = parseCookies(cookieHeader);
  if (!cookies[COOKIE.refreshToken]) return false;
  const exp = tokenExpiry(cookies[COOKIE.accessToken]);
  return exp === null || exp - EXPIRY_MARGIN_S <= nowS;
}

/** The cookie header with the values of these Set-Cookie lines applied (removed ones dropped). */
export function applySetCookies(cookieHeader: string | null, setCookies: string[]): string {
  const cookies = new Map<string, string>();
  for (const part of (cookieHeader ?? '').split(';')) {
    const at = part.indexOf('=');
    if (at > 0) cookies.set(part.slice(0, at).trim(), part.slice(at + 1).trim());
  }
  for (const raw of setCookies) {
    const [pair = ''] = raw.split(';');
    const at = pair.indexOf('=');
    if (at <= 0) continue;
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    if (value === '' || /max-age=0/i.test(raw)) cookies.delete(name);
    else cookies.set(name, value);
  }
  return [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
}

/**
 * Refreshes the session of a page request when its access token has expired. Returns the request
 * to render (with the new cookies) and the Set-Cookie lines for the answer; a failed refresh
 * clears the session cookies (the API's answer says so) and the page renders for a guest.
 */
export async function refreshForPage(
  request: Request,
  apiFetch: (request: Request) => Response | Promise<Response>,
): Promise<{ request: Request; setCookies: string[] }> {
  const cookieHeader = request.headers.get('cookie');
  if (request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'POST')
    return { request, setCookies: [] };
  // Files (favicon, images) are no pages: a parallel refresh for them would only race the page's.
  const { pathname } = new URL(request.url);
  if (/\.[a-z0-9]+$/i.test(pathname) && !pathname.endsWith('.data')) return { request, setCookies: [] };
  // React Router's route manifest needs no session.
  if (pathname.startsWith('/__')) return { request, setCookies: [] };
  if (!needsRefresh(cookieHeader)) return { request, setCookies: [] };
  const headers = new Headers({ 'x-requested-with': 'XMLHttpRequest', cookie: cookieHeader ?? '' });
  for (const name of ['x-forwarded-for', 'x-real-ip', 'x-forwarded-proto', 'user-agent']) {
    const value = request.headers.get(name);
    if (value) headers.set(name, value);
  }
  const answer = await apiFetch(
    new Request(new URL('/api/internal/user/refresh-token', request.url), { method: 'POST', headers }),
  );
  await answer.body?.cancel();
  const setCookies = answer.headers.getSetCookie();
  const renderHeaders = new Headers(request.headers);
  renderHeaders.set('cookie', applySetCookies(cookieHeader, setCookies));
  const init: RequestInit & { duplex?: 'half' } = {
    method: request.method,
    headers: renderHeaders,
    signal: request.signal,
  };
  if (request.body) {
    init.body = request.body;
    init.duplex = 'half';
  }
  return { request: new Request(request.url, init), setCookies };
}

/** The socket's address, as the API reads it (http/client-address.ts); nothing of the rest of the bindings. */
export type SocketBindings = { incoming: { socket: { remoteAddress: string } } } | undefined;

/**
 * The visitor's socket for the in-process API: its per-IP limits and captcha check take this
 * address, and believe forwarding headers only when the API's TRUST_PROXY says so.
 */
export function socketBindings(env: unknown): SocketBindings {
  const address = (env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming?.socket
    ?.remoteAddress;
  return address ? { incoming: { socket: { remoteAddress: address } } } : undefined;
}
