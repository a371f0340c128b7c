import type { Config } from '@react-router/dev/config';

export default {
  appDirectory: 'app',
  ssr: true,
  // React Router v8's behaviour now (docs/decisions/0013): loaders read a typed context (context.get), route
  // modules split their client code, and the build uses Vite's environment API.
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    // Kept at v7 behaviour on purpose: loaders read request.url as the page's address (no `.data` suffix).
    v8_passThroughRequests: false,
    v8_trailingSlashAwareDataRequests: false,
  },
} satisfies Config;
