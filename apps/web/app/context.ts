// What the server gives every loader and action (React Router's v8 middleware context, docs/decisions/0013):
// read with `context.get(apiContext)`. store-app.ts sets both for each request.
import { createContext, type RouterContext } from 'react-router';
import type { ApiClient } from '@store/api-client';

export interface PublicConfig {
  redirectPatterns: string | null;
  /** Map tile template with {z}/{x}/{y}; null draws the map without tiles. */
  mapTileUrl: string | null;
  mapTileAttribution: string | null;
  /** The store's public origin for absolute links (server/public-origin.ts); null: links stay relative. */
  publicOrigin: string | null;
}

/**
 * One context object per name in the process. The server (store-app.ts, loaded by Node) and the server build
 * (bundled by Vite, or loaded by Vite's module runner in development) each evaluate this file, and
 * `context.get` finds a value only under the very object it was set with.
 */
function sharedContext<T>(name: string, defaultValue?: T): RouterContext<T> {
  const registry = globalThis as unknown as Record<symbol, RouterContext<T> | undefined>;
  const key = Symbol.for(`multicenter.context.${name}`);
  return (registry[key] ??= createContext<T>(defaultValue));
}

/** The API client; on the server it calls the API in-process with the visitor's cookies. */
export const apiContext = sharedContext<ApiClient>('api');

/** The settings the browser may see (apps/api publicConfig). */
export const publicConfigContext = sharedContext<PublicConfig>('publicConfig');

/** This request's Content-Security-Policy nonce (server/security-headers.ts), for inline scripts; '' outside a request. */
export const cspNonceContext = sharedContext<string>('cspNonce', '');
