// Start-up time as a newcomer sees it: `npm run bench:start -- [--products 5000] [--runs 3] [--rebuild]`.
// Each run starts the real store (scripts/start.mjs) on an empty data directory — migrate, seed, serve — and
// then again on the data it left, timing each from the spawn to «Магазин открыт». --rebuild deletes the web
// build first, so the first start also builds as on a clean clone. Prints one JSON line per run and the medians.
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { root, startStore, stop } from './lib/store.ts';

const { values } = parseArgs({
  options: {
    products: { type: 'string', default: '5000' },
    runs: { type: 'string', default: '3' },
    rebuild: { type: 'boolean', default: false },
  },
});
const products = Number(values.products);
const runs = Number(values.runs);
if (!Number.isInteger(products) || products < 1) throw new Error('--products must be a positive integer');
if (!Number.isInteger(runs) || runs < 1) throw new Error('--runs must be a positive integer');

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts the store, waits for «Магазин открыт», stops it with SIGTERM; returns the seconds to open. */
async function timedStart(dataDir: string): Promise<{ seconds: number; built: boolean }> {
  const port = await freePort();
  const started = performance.now();
  const child = startStore({
    port,
    // Only what the measurement sets: no .env database or cache, the default log level.
    env: { ...process.env, DATA_DIR: dataDir, SEED_PRODUCTS: String(products), DATABASE_URL: '', REDIS_URL: '' },
    stdout: 'pipe',
  });
  let output = '';
  const seconds = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      if (output.includes('Магазин открыт')) resolve((performance.now() - started) / 1000);
    });
    child.once('exit', (code) => reject(new Error(`the store exited (${code}) before opening:\n${output}`)));
  });
  child.removeAllListeners('exit');
  await stop(child);
  return { seconds: Math.round(seconds * 10) / 10, built: /Собираю|пересобираю/.test(output) };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
const first: number[] = [];
const second: number[] = [];
for (let run = 1; run <= runs; run++) {
  if (values.rebuild) fs.rmSync(path.join(root, 'apps/web/build'), { recursive: true, force: true });
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-bench-start-'));
  try {
    const dataDir = path.join(dir, 'data');
    const empty = await timedStart(dataDir);
    const again = await timedStart(dataDir);
    first.push(empty.seconds);
    second.push(again.seconds);
    console.log(
      JSON.stringify({
        bench: 'start',
        run,
        products,
        first_start_s: empty.seconds,
        first_start_built: empty.built,
        second_start_s: again.seconds,
      }),
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
console.log(
  JSON.stringify({
    bench: 'start',
    runs,
    products,
    rebuild: values.rebuild,
    median_first_start_s: median(first),
    median_second_start_s: median(second),
    load_average: os.loadavg().map((x) => Math.round(x * 100) / 100),
  }),
);
