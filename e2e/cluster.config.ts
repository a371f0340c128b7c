// The browser journey across a running cluster (issue 19): no store of its own; `npm run test:cluster`
// starts the cluster and runs this config with CLUSTER_URL (nginx) and CLUSTER_DIR (its logs).
import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

export default defineConfig({
  ...base,
  testDir: './cluster',
  workers: 1,
  reporter: [['list']],
  outputDir: '../.tmp/playwright-cluster-results',
  use: { ...base.use, baseURL: process.env.CLUSTER_URL ?? 'http://127.0.0.1:3260' },
  webServer: undefined,
});
