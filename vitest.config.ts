import { defineConfig } from 'vitest/config';

const shared = {
  testTimeout: 60_000,
  hookTimeout: 180_000,
  setupFiles: ['./scripts/vitest-setup.ts'],
  globalSetup: ['./apps/api/src/test/global-setup.ts'],
};

// The API test files each build their own app on their own database (test/harness.ts) and mock no
// module, so they share one module graph per worker (isolate: false): importing the whole API again for
// each of 75 files was about 300 of the 1,000 worker-seconds of a CI run (decision 0051).
const api = { ...shared, include: ['apps/api/src/**/*.test.ts'], isolate: false };

// 'unit' covers the pure rules, the seed and the web app's server code; 'api-pglite' the API on PGlite;
// 'api-postgres' the same API tests against a PostgreSQL server when TEST_DATABASE_URL is set (.ci/run
// starts one).
export default defineConfig({
  test: {
    // Two cores: two workers.
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          include: ['packages/*/src/**/*.test.ts', 'apps/web/app/**/*.test.ts', 'apps/web/server/**/*.test.ts'],
        },
      },
      { test: { ...api, name: 'api-pglite' } },
      ...(process.env.TEST_DATABASE_URL ? [{ test: { ...api, name: 'api-postgres' } }] : []),
    ],
  },
});
