// `npm start` as a newcomer runs it: a signal to the npm process stops the store (no orphan keeps the port and
// the data lock), and a port in use is one line for people, not a stack trace.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'store-start-'));
const dataDir = path.join(tmp, 'data');
const lockFile = `${dataDir}.lock`;

afterAll(() => {
  // A store left running by a failed assertion: stop it by the pid in its lock.
  const holder = Number(fs.existsSync(lockFile) ? fs.readFileSync(lockFile, 'utf8').split(' ')[0] : NaN);
  if (Number.isInteger(holder) && holder > 0) {
    try {
      process.kill(holder, 'SIGKILL');
    } catch {
      // Already gone.
    }
  }
  fs.rmSync(tmp, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

async function portIsFree(port: number): Promise<boolean> {
  const server = net.createServer();
  return new Promise((resolve) => {
    server.once('error', () => resolve(false));
    server.listen(port, '127.0.0.1', () => server.close(() => resolve(true)));
  });
}

const storeEnv = (port: number) => ({
  ...process.env,
  PORT: String(port),
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  SEED_PRODUCTS: '40',
  LOG_LEVEL: 'warn',
  DATABASE_URL: '',
  REDIS_URL: '',
});

describe('npm start', () => {
  it('says in one line that the port is in use, without a stack trace', async () => {
    const port = await freePort();
    const taken = net.createServer();
    await new Promise<void>((resolve) => taken.listen(port, '127.0.0.1', resolve));
    try {
      const child = spawn(process.execPath, [path.join(root, 'scripts/start.mjs')], {
        cwd: root,
        env: storeEnv(port),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stderr = '';
      child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
      child.stdout.resume();
      const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
      expect(code).toBe(1);
      expect(stderr.trim().split('\n').at(-1)).toBe(
        `Порт ${port} уже занят другим процессом: остановите его или задайте другой PORT. (Port ${port} is already in use: stop that process or set another PORT.)`,
      );
      expect(stderr).not.toMatch(/^\s+at /m);
      expect(fs.existsSync(lockFile)).toBe(false);
    } finally {
      await new Promise((resolve) => taken.close(resolve));
    }
  }, 300_000);

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`stops the store when the npm process gets ${signal}: the port and the data lock are free`, async () => {
      const port = await freePort();
      const npm = spawn('npm', ['start', '--silent'], {
        cwd: root,
        env: storeEnv(port),
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      npm.stderr.resume();
      await new Promise<void>((resolve, reject) => {
        npm.stdout.on('data', (chunk: Buffer) => {
          stdout += chunk.toString();
          if (stdout.includes('Магазин открыт')) resolve();
        });
        npm.once('exit', () => reject(new Error(`npm start exited before opening: ${stdout}`)));
      });
      expect(await portIsFree(port)).toBe(false);
      npm.kill(signal);
      await new Promise((resolve) =>
        npm.exitCode !== null || npm.signalCode ? resolve(null) : npm.once('exit', resolve),
      );
      let free = false;
      for (let i = 0; i < 100 && !(free && !fs.existsSync(lockFile)); i++) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        free = await portIsFree(port);
      }
      expect(free).toBe(true);
      expect(fs.existsSync(lockFile)).toBe(false);
    }, 300_000);
  }
});
