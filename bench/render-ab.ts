// CPU per render of two or more builds, interleaved: `node --import tsx bench/render-ab.ts --builds DIR,DIR`.
//   --builds a,b…: copies of `apps/web/build` (e.g. `cp -r apps/web/build .tmp/build-before` before a change,
//     `.tmp/build-after` after it), measured in turn: a, b, a, b…
//   --rounds R (default 3), --requests N per page and round (default 300, at 4 connections),
//   --products N (default 5000, the PGlite directory bench:render keeps), --port P (default 3241),
//   --only home,listing,product,search (default all; bench/lib/pages.ts's addresses).
//   --accept-encoding E (default none): sent with every request, e.g. `br` as browsers do, so the store
//     compresses each page (bench:render sends none, so its figures leave compression out).
// On a shared machine two runs of one build differ by a quarter or more and the load drifts within minutes,
// so runs of two builds one after the other compare badly; taking turns, each build meets the same drift.
// Each turn puts the build in place of apps/web/build (the one there is put back at the end), starts the
// store with the page cache off, warms every page with 15 requests, then sends each page N requests and
// divides the store's CPU time by them. Prints every turn and the median per page and build.
import fs from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import autocannon from 'autocannon';
import { benchPages } from './lib/pages.ts';
import { median } from './lib/stats.ts';
import { cpuMs, ensureSeeded, pgliteDir, root, startStore, stop, waitForStore } from './lib/store.ts';

const { values } = parseArgs({
  options: {
    builds: { type: 'string' },
    rounds: { type: 'string', default: '3' },
    requests: { type: 'string', default: '300' },
    products: { type: 'string', default: '5000' },
    port: { type: 'string', default: '3241' },
    only: { type: 'string', default: 'home,listing,product,search' },
    'accept-encoding': { type: 'string', default: '' },
  },
});
if (!values.builds) throw new Error('--builds DIR,DIR: copies of apps/web/build to compare');
const builds = values.builds.split(',').map((dir) => path.resolve(dir.trim()));
for (const dir of builds)
  if (!fs.existsSync(path.join(dir, 'server/index.js'))) throw new Error(`${dir} holds no server/index.js`);
const products = Number(values.products);
const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: pgliteDir(products), PAGE_CACHE_TTL_S: '0' };
ensureSeeded(products, env);

const port = Number(values.port);
const headers: Record<string, string> = values['accept-encoding']
  ? { 'accept-encoding': values['accept-encoding'] }
  : {};
const base = `http://127.0.0.1:${port}`;
const live = path.join(root, 'apps/web/build');
const kept = path.join(root, `.tmp/render-ab-kept-build-${process.pid}`);
const figures = new Map<string, number[]>(); // `${build}\t${page}` → CPU ms per render, per round

/** Puts a build in place; its entry is made newer than the sources so scripts/start.mjs does not rebuild. */
function useBuild(dir: string) {
  fs.rmSync(live, { recursive: true, force: true });
  fs.cpSync(dir, live, { recursive: true });
  const now = new Date();
  fs.utimesSync(path.join(live, 'server/index.js'), now, now);
}

if (fs.existsSync(live)) fs.renameSync(live, kept);
try {
  for (let round = 1; round <= Number(values.rounds); round++) {
    for (const dir of builds) {
      useBuild(dir);
      const store = startStore({ port, env });
      try {
        await waitForStore(base, store);
        for (const [page, pagePath] of await benchPages(base, values.only)) {
          for (let i = 0; i < 15; i++) await (await fetch(base + pagePath, { headers })).arrayBuffer();
          const before = cpuMs(store.pid);
          const result = await autocannon({
            url: base + pagePath,
            connections: 4,
            amount: Number(values.requests),
            headers,
          });
          const perRender = (cpuMs(store.pid) - before) / Math.max(1, result.requests.total);
          const key = `${path.basename(dir)}\t${page}`;
          figures.set(key, [...(figures.get(key) ?? []), perRender]);
          const load = fs.readFileSync('/proc/loadavg', 'utf8').split(' ')[0];
          console.log(
            `round ${round} ${path.basename(dir)} ${page}: ${perRender.toFixed(1)} CPU ms per render ` +
              `(${result.requests.total} answers, ${result.non2xx} not 2xx, load ${load})`,
          );
        }
      } finally {
        await stop(store);
      }
    }
  }
} finally {
  fs.rmSync(live, { recursive: true, force: true });
  if (fs.existsSync(kept)) fs.renameSync(kept, live);
}

console.log('\nCPU ms per render with the page cache off: every round, and the median');
console.table(
  [...figures].map(([key, xs]) => {
    const [build, page] = key.split('\t');
    return { page, build, rounds: xs.map((x) => x.toFixed(1)).join(', '), median: Number(median(xs).toFixed(1)) };
  }),
);
