// The store's public origin for absolute links (canonical, og:url, robots.txt; decision 0015).
// PUBLIC_ORIGIN when set. Otherwise the request's own origin, but only when it names this machine
// (localhost, 127.0.0.1, [::1], *.localhost): anywhere else the Host header is whatever the visitor
// sent, and a page (or a cached page) must not advertise an address an attacker chose.
import type { Config } from '@store/api';
import { storeOrigin } from './request-origin.ts';

const LOCAL_HOST = /^(localhost|[\w-]+\.localhost|127(\.\d{1,3}){3}|\[::1\])$/i;

export function publicOrigin(config: Pick<Config, 'PUBLIC_ORIGIN' | 'TRUST_PROXY'>, request: Request): string | null {
  if (config.PUBLIC_ORIGIN) return config.PUBLIC_ORIGIN;
  const { hostname } = new URL(request.url);
  return LOCAL_HOST.test(hostname) ? storeOrigin(config, request) : null;
}
