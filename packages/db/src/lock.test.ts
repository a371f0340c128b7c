import { spawn, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { DataDirLockedError, lockDataDir, processStartTime } from './lock.ts';
import { openDatabase } from './index.ts';

const dirs: string[] = [];
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'store-lock-'));
  dirs.push(dir);
  return path.join(dir, 'data');
};
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('data directory lock', () => {
  it('refuses a directory held by another live process', () => {
    const dataDir = tempDir();
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(`${dataDir}.lock`, String(process.ppid));
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
  });

  it('refuses a lock naming a live process with the start time it wrote', () => {
    const dataDir = tempDir();
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(`${dataDir}.lock`, `${process.ppid} ${processStartTime(process.ppid)}`);
    expect(() => lockDataDir(dataDir)).toThrow(DataDirLockedError);
  });

  it('takes over a lock whose pid now names another program (not a store process)', async () => {
    const dataDir = tempDir();
    fs.mkdirSync(dataDir, { recursive: true });
    // A committed or stale data.lock: only a pid, and that pid is now a shell's `sleep`.
    const other = spawn('sleep', ['30'], { stdio: 'ignore' });
    try {
      await new Promise((resolve) => other.once('spawn', resolve));
      fs.writeFileSync(`${dataDir}.lock`, String(other.pid));
      const release = lockDataDir(dataDir);
      expect(fs.readFileSync(`${dataDir}.lock`, 'utf8')).toMatch(new RegExp(`^${process.pid} `));
      release();
      // The same live pid with another start time: the pid was reused after the store died.
      fs.writeFileSync(`${dataDir}.lock`, `${process.ppid} 1`);
      lockDataDir(dataDir)();
      expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a process that died', () => {
    const dataDir = tempDir();
    fs.mkdirSync(dataDir, { recursive: true });
    fs.writeFileSync(`${dataDir}.lock`, '2147483646');
    const release = lockDataDir(dataDir);
    expect(fs.readFileSync(`${dataDir}.lock`, 'utf8')).toBe(`${process.pid} ${processStartTime(process.pid)}`);
    release();
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
  });

  it('makes a second process on the same PGlite directory exit with a clear message', async () => {
    const dataDir = tempDir();
    const handle = await openDatabase({ dataDir });
    try {
      const script = `import { openDatabase } from ${JSON.stringify(path.resolve('packages/db/src/index.ts'))};
        try { await openDatabase({ dataDir: ${JSON.stringify(dataDir)} }); console.log('opened'); process.exit(0); }
        catch (e) { console.log(e.message); process.exit(3); }`;
      const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        encoding: 'utf8',
      });
      expect(child.status).toBe(3);
      expect(child.stdout).toContain('уже занят процессом');
      expect(child.stdout).toContain(String(process.pid));
    } finally {
      await handle.close();
    }
    expect(fs.existsSync(`${dataDir}.lock`)).toBe(false);
  });
});
