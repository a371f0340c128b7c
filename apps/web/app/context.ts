import type { ApiClient } from '@store/api-client';

export interface PublicConfig {
  redirectPatterns: string | null;
}

declare module 'react-router' {
  interface AppLoadContext {
    /** The API client; on the server it calls the API in-process with the visitor's cookies. */
    api: ApiClient;
    publicConfig: PublicConfig;
  }
}

export {};
