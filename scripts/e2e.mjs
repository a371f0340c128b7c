// Browser tests on Debian's chromium: installs it when missing and running as root, otherwise says how.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!fs.existsSync(chromium)) {
  if (process.getuid?.() === 0) {
    console.log("Debian's chromium is missing: installing it (apt-get install -y chromium)…");
    const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
    spawnSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
    const install = spawnSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
    if (install.status !== 0 || !fs.existsSync(chromium)) {
      console.error('Could not install chromium with apt-get.');
      process.exit(1);
    }
  } else {
    console.error(
      "The browser tests need Debian's chromium at /usr/bin/chromium. Install it with:\n" +
        '  sudo apt-get update && sudo apt-get install -y chromium\n' +
        'or point CHROMIUM_PATH at a Chromium binary, then run npm test again.',
    );
    process.exit(1);
  }
}

// A fresh store database for every run: the server seeds it on start.
fs.rmSync(path.join(root, '.tmp/e2e-data'), { recursive: true, force: true });
fs.rmSync(path.join(root, '.tmp/e2e-data.lock'), { force: true });
fs.rmSync(path.join(root, '.tmp/playwright-report.json'), { force: true });
const result = spawnSync(
  process.execPath,
  [
    path.join(root, 'node_modules/@playwright/test/cli.js'),
    'test',
    '-c',
    'e2e/playwright.config.ts',
    ...process.argv.slice(2),
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, PLAYWRIGHT_SKIP_BROWSER_DOWNLOAD: '1' } },
);
process.exit(result.status ?? 1);
