// What the benchmarks that load a running store share: the repository root, the PGlite directory of a
// product count and its seeding (bench/seed-count.ts, then the seed CLI when the count differs), waiting
// for an address to answer, starting the real store (scripts/start.mjs) on a port, a minimal static
// server in another process that sends fixed bytes, the CPU time of a child, and stopping children.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root. */
export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** The PGlite directory the benchmarks keep for N products: .tmp/bench-pglite-N. */
export const pgliteDir = (products: number) => path.join(root, `.tmp/bench-pglite-${products}`);

/**
 * Seeds the database `env` points at (DATA_DIR or DATABASE_URL) with `products` products, unless it
 * already holds that many. `label` names the database in the message («Seeding N products for PGlite…»).
 */
/**
 * The environment of a store on the seeded PGlite directory that the browser benches share
 * (bench:web, bench:hydration, bench:tbt: `.tmp/bench-web-N`), seeded with N products once.
 */
export function browserBenchEnv(products: number): NodeJS.ProcessEnv {
  const env = { ...process.env, DATA_DIR: path.join(root, `.tmp/bench-web-${products}`) };
  ensureSeeded(products, env);
  return env;
}

export function ensureSeeded(products: number, env: NodeJS.ProcessEnv, label?: string) {
  const have = Number(
    spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'bench/seed-count.ts')], {
      env,
      encoding: 'utf8',
      cwd: root,
    }).stdout.trim(),
  );
  if (have === products) return;
  console.log(`Seeding ${products} products${label ? ` for ${label}` : ''}…`);
  const seed = spawnSync(
    process.execPath,
    ['--import', 'tsx', path.join(root, 'packages/db/src/seed/cli.ts'), '--products', String(products), '--reset'],
    { env, stdio: 'inherit', cwd: root },
  );
  if (seed.status !== 0) throw new Error('seeding failed');
}

/**
 * Waits until the store at `base` takes shoppers (`/api/health/ready`: 503 while it starts, migrates or
 * builds its catalogue and suggestion indexes), so no bench measures the start-up builds; fails early when
 * `child` (the store) exits.
 */
export const waitForStore = (base: string, child?: ChildProcess) => waitFor(`${base}/api/health/ready`, child);

/** Waits up to 5 minutes for `url` to answer 2xx; fails early when `child` (the server) exits. */
export async function waitFor(url: string, child?: ChildProcess) {
  for (let i = 0; i < 600; i++) {
    if (child && child.exitCode !== null) throw new Error(`the store exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${url} did not come up`);
}

export interface StoreOptions {
  port: number;
  /** The store's whole environment but PORT, HOST and LOG_LEVEL (127.0.0.1, warn): e.g. process.env and DATA_DIR. */
  env: NodeJS.ProcessEnv;
  /** Flags for node before scripts/start.mjs, e.g. --cpu-prof. */
  nodeFlags?: string[];
  /** The store's standard output (default ignored); its errors go to ours. */
  stdout?: 'ignore' | 'inherit' | 'pipe';
}

/** Starts the real store (scripts/start.mjs: builds when the sources are newer, migrates, serves) on 127.0.0.1. */
export function startStore({ port, env, nodeFlags = [], stdout = 'ignore' }: StoreOptions): ChildProcess {
  return spawn(process.execPath, [...nodeFlags, path.join(root, 'scripts/start.mjs')], {
    env: { ...env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' },
    stdio: ['ignore', stdout, 'inherit'],
    cwd: root,
  });
}

/**
 * Starts a minimal static server on 127.0.0.1:`port` in another process and waits until it answers.
 * `files` is one file sent for every path, or a map of paths (`/home`) to files (404 for any other path).
 * The bytes are read once, at start, and sent as text/html with a content-length.
 */
export async function startStaticServer(port: number, files: string | Record<string, string>): Promise<ChildProcess> {
  const handler =
    typeof files === 'string'
      ? `const body=require('fs').readFileSync(${JSON.stringify(files)});` +
        `http.createServer((q,s)=>{s.writeHead(200,{'content-type':'text/html; charset=utf-8','content-length':body.length});s.end(body)})`
      : `const fs=require('fs');const files=${JSON.stringify(files)};const bodies={};` +
        `for(const k in files)bodies[k]=fs.readFileSync(files[k]);` +
        `http.createServer((q,s)=>{const body=bodies[q.url];if(!body){s.writeHead(404);s.end();return}` +
        `s.writeHead(200,{'content-type':'text/html; charset=utf-8','content-length':body.length});s.end(body)})`;
  const child = spawn(process.execPath, ['-e', `const http=require('http');${handler}.listen(${port},'127.0.0.1')`], {
    stdio: 'ignore',
  });
  try {
    await waitFor(`http://127.0.0.1:${port}${typeof files === 'string' ? '/' : Object.keys(files)[0]}`);
  } catch (error) {
    await stop(child);
    throw error;
  }
  return child;
}

/** Stops a child with SIGTERM and waits for it to exit (nothing when it is absent or already gone). */
export async function stop(child: ChildProcess | null | undefined) {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** CPU time (user + system, ms) a process has used so far (Linux /proc; 10 ms ticks); NaN when unreadable. */
export function cpuMs(pid: number | undefined) {
  const fields = procStat(pid);
  return fields ? ((Number(fields[11]) + Number(fields[12])) * 1000) / 100 : NaN;
}

/** A process's /proc/PID/stat fields after its name (state, ppid, …), or null when it is gone. */
export function procStat(pid: number | undefined): string[] | null {
  try {
    return fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  } catch {
    return null;
  }
}
