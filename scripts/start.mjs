// `npm start`: builds the web app when the build is missing or older than its sources, then
// starts the store (migrations and demo data run on start-up when the database is empty).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// React and React Router pick their production builds from this; set before anything loads them.
process.env.NODE_ENV ??= 'production';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const buildEntry = path.join(root, 'apps/web/build/server/index.js');
const sourceDirs = ['apps/web/app', 'packages/domain/src', 'packages/api-client/src'].map((d) => path.join(root, d));

function newestMtime(dir) {
  let newest = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full));
    else if (!entry.name.endsWith('.test.ts')) newest = Math.max(newest, fs.statSync(full).mtimeMs);
  }
  return newest;
}

const built = fs.existsSync(buildEntry) ? fs.statSync(buildEntry).mtimeMs : 0;
const sources = Math.max(
  ...sourceDirs.map(newestMtime),
  fs.statSync(path.join(root, 'apps/web/vite.config.ts')).mtimeMs,
);
if (built < sources) {
  console.log(built === 0 ? 'Собираю магазин…' : 'Исходники изменились, пересобираю…');
  // Always a production build: Vite keeps an inherited NODE_ENV (vitest's `test`, a shell's `development`),
  // and that bundles React's development build, whose StrictMode double effects then ship to the browser.
  execFileSync(process.execPath, [path.join(root, 'node_modules/@react-router/dev/bin.js'), 'build'], {
    cwd: path.join(root, 'apps/web'),
    stdio: 'inherit',
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

// `--build-only`: build what is stale and stop (npm run cluster builds once before starting its instances).
if (process.argv.includes('--build-only')) process.exit(0);

// React Router's production build (its package exports name only the development one): decision 0054.
if (process.env.NODE_ENV === 'production') {
  const { register: registerHooks } = await import('node:module');
  registerHooks('./react-router-production.mjs', import.meta.url);
}
const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'apps/web/server/main.ts'));
