// The one way the store sets its cookies: path /, SameSite=Lax, and Secure whenever the visitor
// reached us over HTTPS. basket_id grants access to a guest's orders, so it is as protected as the
// session cookies. HTTPS is the request's own scheme, or, only with TRUST_PROXY=on, the
// X-Forwarded-Proto our proxy sets (a client's header is not believed; decision 0012).
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import type { Config } from '../config.ts';
import type { ApiEnv } from './env.ts';

/** Whether the visitor's connection is HTTPS (the proxy's last X-Forwarded-Proto with TRUST_PROXY=on). */
export function servedOverHttps(
  config: Pick<Config, 'TRUST_PROXY'>,
  url: string,
  headers: { get(name: string): string | null | undefined },
): boolean {
  if (url.startsWith('https:')) return true;
  if (config.TRUST_PROXY !== 'on') return false;
  const proto = (headers.get('x-forwarded-proto') ?? '').split(',').at(-1)?.trim().toLowerCase();
  return proto === 'https';
}

export function isHttps(c: Context<ApiEnv>): boolean {
  return servedOverHttps(c.get('deps').config, c.req.url, { get: (name) => c.req.header(name) });
}

export interface StoreCookieOptions {
  /** Hidden from the page's scripts. */
  httpOnly?: boolean;
  maxAge?: number;
}

export function setStoreCookie(c: Context<ApiEnv>, name: string, value: string, options: StoreCookieOptions = {}) {
  setCookie(c, name, value, {
    path: '/',
    sameSite: 'Lax',
    secure: isHttps(c),
    ...(options.httpOnly ? { httpOnly: true } : {}),
    ...(options.maxAge !== undefined ? { maxAge: options.maxAge } : {}),
  });
}

export function deleteStoreCookie(c: Context<ApiEnv>, name: string) {
  deleteCookie(c, name, { path: '/', secure: isHttps(c) });
}
