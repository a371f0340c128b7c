// The client's address, for every per-IP limit (sign-in, codes, order-status lookup, suggestions)
// and the captcha check. By default the socket's address: headers a client sends are not believed.
// With TRUST_PROXY=on the store sits behind a proxy of its own, and the proxy's word is taken:
// X-Real-IP, else the last X-Forwarded-For hop (the one that proxy added; earlier hops are the
// client's to write). The web server hands the socket to the in-process API (store-app.ts).
import type { Context } from 'hono';
import type { Config } from '../config.ts';
import type { ApiEnv } from './env.ts';

/** What the node server gives a request: its socket. */
export interface SocketBindings {
  incoming?: { socket?: { remoteAddress?: string | undefined } };
}

/** The socket's address of a request's bindings, or null (a request made in-process without one). */
export function socketAddressOf(env: unknown): string | null {
  return (env as SocketBindings | undefined)?.incoming?.socket?.remoteAddress ?? null;
}

export function resolveClientAddress(
  config: Pick<Config, 'TRUST_PROXY'>,
  headers: { get(name: string): string | null | undefined },
  socket: string | null,
): string {
  if (config.TRUST_PROXY === 'on') {
    const real = headers.get('x-real-ip')?.trim();
    if (real) return real;
    const hops = (headers.get('x-forwarded-for') ?? '')
      .split(',')
      .map((h) => h.trim())
      .filter(Boolean);
    const last = hops.at(-1);
    if (last) return last;
  }
  return socket ?? 'unknown';
}

export function clientAddress(c: Context<ApiEnv>): string {
  return resolveClientAddress(c.get('deps').config, { get: (name) => c.req.header(name) }, socketAddressOf(c.env));
}
