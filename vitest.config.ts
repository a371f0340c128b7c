import { defineConfig } from 'vitest/config';

const shared = {
  testTimeout: 60_000,
  hookTimeout: 180_000,
  setupFiles: ['./scripts/vitest-setup.ts'],
};

// 'unit' covers the pure rules, the seed and the API on PGlite. 'api-postgres' runs the same API
// tests against a PostgreSQL server when TEST_DATABASE_URL is set (.ci/run starts one).
export default defineConfig({
  test: {
    // Two cores: two workers.
    maxWorkers: 2,
    projects: [
      {
        test: {
          ...shared,
          name: 'unit',
          include: [
            'packages/*/src/**/*.test.ts',
            'apps/api/src/**/*.test.ts',
            'apps/web/app/**/*.test.ts',
            'apps/web/server/**/*.test.ts',
          ],
          globalSetup: ['./apps/api/src/test/global-setup.ts'],
        },
      },
      ...(process.env.TEST_DATABASE_URL
        ? [
            {
              test: {
                ...shared,
                name: 'api-postgres',
                include: ['apps/api/src/**/*.test.ts'],
                globalSetup: ['./apps/api/src/test/global-setup.ts'],
              },
            },
          ]
        : []),
    ],
  },
});
