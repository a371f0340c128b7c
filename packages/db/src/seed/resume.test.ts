// A first start killed with SIGKILL in the middle of seeding must not leave a database every later start refuses.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { isSeeded, migrateDatabase, openDatabase } from '../index.ts';
import { hasData, hasUnfinishedSeed, seedDatabase } from './index.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});

describe('seeding killed midway', () => {
  it('is finished by the next seedDatabase() without reset, as the next start does', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'store-seed-kill-'));
    dirs.push(root);
    const dataDir = path.join(root, 'data');
    const script = `import { migrateDatabase, openDatabase } from ${JSON.stringify(path.resolve('packages/db/src/index.ts'))};
      import { seedDatabase } from ${JSON.stringify(path.resolve('packages/db/src/seed/index.ts'))};
      const handle = await openDatabase({ dataDir: ${JSON.stringify(dataDir)} });
      await migrateDatabase(handle);
      await seedDatabase(handle, { products: 20000, log: (msg) => console.log(msg) });
      console.log('finished');`;
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let output = '';
    // Killed as soon as the reference data is written and the products are being generated.
    const killedAt = await new Promise<string>((resolve) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Reference data')) {
          child.kill('SIGKILL');
          resolve(output);
        }
      });
      child.once('exit', () => resolve(output));
    });
    await new Promise((resolve) =>
      child.exitCode !== null || child.signalCode ? resolve(null) : child.once('exit', resolve),
    );
    expect(killedAt).not.toContain('finished');
    expect(child.signalCode).toBe('SIGKILL');

    const handle = await openDatabase({ dataDir });
    try {
      await migrateDatabase(handle);
      expect(await isSeeded(handle)).toBe(false);
      expect(await hasData(handle)).toBe(true);
      expect(await hasUnfinishedSeed(handle)).toBe(true);
      const logs: string[] = [];
      await seedDatabase(handle, { products: 200, log: (msg) => logs.push(msg) });
      expect(logs.join('\n')).toMatch(/interrupted/);
      expect(await isSeeded(handle)).toBe(true);
      const [counts] = await handle.query<{ products: number; runs: number }>(
        'select (select count(*)::int from products) as products, (select count(*)::int from seed_runs) as runs',
      );
      expect(counts).toEqual({ products: 200, runs: 1 });
    } finally {
      await handle.close();
    }
  }, 180_000);
});
