// Lighthouse 12's command line as the browser benches run it (bench:web, bench:lantern): Debian's chromium,
// headless, the same flags, one spawn per run. Each bench adds its own outputs and decides when to retry.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { root } from './store.ts';

const chromeFlags =
  '--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --no-first-run ' +
  '--disable-background-networking --disable-component-update --disable-sync';

/** Runs Lighthouse on `url` with `args` (outputs, categories, `-GA=dir`…); up to 3 minutes. */
export function lighthouseCli(url: string, args: string[]) {
  return spawnSync(
    process.execPath,
    [path.join(root, 'node_modules/lighthouse/cli/index.js'), url, '--quiet', ...args, `--chrome-flags=${chromeFlags}`],
    {
      cwd: root,
      env: { ...process.env, CHROME_PATH: process.env.CHROME_PATH ?? '/usr/bin/chromium' },
      encoding: 'utf8',
      timeout: 180_000,
    },
  );
}
