import type { ApiClient } from '@store/api-client';

export interface PublicConfig {
  redirectPatterns: string | null;
  /** Map tile template with {z}/{x}/{y}; null draws the map without tiles. */
  mapTileUrl: string | null;
  mapTileAttribution: string | null;
}

declare module 'react-router' {
  interface AppLoadContext {
    /** The API client; on the server it calls the API in-process with the visitor's cookies. */
    api: ApiClient;
    publicConfig: PublicConfig;
    /** This request's Content-Security-Policy nonce (server/security-headers.ts), for inline scripts. */
    cspNonce?: string;
  }
}

export {};
