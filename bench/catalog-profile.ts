// One catalogue scenario of `npm run bench` against a store started with `--cpu-prof`, for a profile of
// where its CPU goes: `node --import tsx bench/catalog-profile.ts --products 100000 --port P
// --scenario suggestions|filtered [--seconds 10] [--connections 8]`. Reads the addresses the last
// `npm run bench` asked (.tmp/bench-catalog-urls-N.json), starts the store on the bench's PGlite
// directory with `--cpu-prof` into .tmp/prof-<scenario>, warms it (the indexes built), loads it as the
// bench does and prints the store's CPU ms per request; then `bench/profile-summary.ts` on the profile.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { loadPaths } from './lib/load.ts';
import { cpuMs, pgliteDir, root, startStore, stop, waitForStore } from './lib/store.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '100000' },
    port: { type: 'string', default: '3471' },
    scenario: { type: 'string', default: 'suggestions' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '8' },
  },
});
const products = Number(values.products);
const all = JSON.parse(fs.readFileSync(path.join(root, `.tmp/bench-catalog-urls-${products}.json`), 'utf8')) as Record<
  string,
  string[]
>;
const key = Object.keys(all).find((k) =>
  k.startsWith(values.scenario === 'filtered' ? 'listing, 3 filters' : values.scenario),
);
if (!key) throw new Error(`no scenario ${values.scenario} in ${Object.keys(all).join('; ')}`);
const urls = all[key]!;
const dir = path.join(root, `.tmp/prof-${values.scenario}`);
fs.rmSync(dir, { recursive: true, force: true });
const port = Number(values.port);
const child = startStore({
  port,
  env: { ...process.env, DATA_DIR: pgliteDir(products) },
  nodeFlags: ['--cpu-prof', '--cpu-prof-dir', dir],
});
try {
  const base = `http://127.0.0.1:${port}`;
  await waitForStore(base, child);
  for (const url of urls.slice(0, 20)) await fetch(base + url);
  const before = cpuMs(child.pid);
  const result = await loadPaths(base, urls, {
    connections: Number(values.connections),
    seconds: Number(values.seconds),
  });
  const cpu = (cpuMs(child.pid) - before) / Math.max(1, result.requests);
  console.log(
    `${key}: ${result.rps} req/s, p50 ${result.p50} ms, p95 ${result.p95} ms, p99 ${result.p99} ms, ` +
      `${cpu.toFixed(1)} CPU ms/req, ${result.errors} errors; load ${os
        .loadavg()
        .map((l) => l.toFixed(1))
        .join(' ')}`,
  );
} finally {
  await stop(child);
}
console.log(`profile in ${dir}`);
