import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3100);
export const baseURL = `http://localhost:${PORT}`;

// Debian's chromium; Playwright's own browser download cannot work on these machines.
const chromiumArgs = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export default defineConfig({
  testDir: './tests',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: '../.tmp/playwright-report.json' }]],
  outputDir: '../.tmp/playwright-results',
  use: {
    baseURL,
    locale: 'ru-RU',
    viewport: { width: 1280, height: 800 },
    launchOptions: { executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', args: chromiumArgs },
    trace: 'retain-on-failure',
  },
  webServer: {
    // The real production path: build if needed, migrate, seed an empty database, serve.
    command: 'node ../scripts/start.mjs',
    url: `${baseURL}/api/health`,
    timeout: 300_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: '../.tmp/e2e-data',
      SEED_PRODUCTS: '1500',
      LOG_LEVEL: 'warn',
      // A developer's .env must not point the test store at their own database or cache.
      DATABASE_URL: '',
      REDIS_URL: '',
      // The tests read sign-in codes and confirmations from the local outbox.
      DEV_TOOLS: 'on',
      // Each test's shopper has an address of its own in X-Real-IP (fixtures.ts), as behind a proxy.
      TRUST_PROXY: 'on',
      // The advent calendar's «today» (issue 14): the 15th opens, the 16th stays locked.
      ADVENT_CALENDAR_DATE: '2026-12-15',
    },
  },
});
