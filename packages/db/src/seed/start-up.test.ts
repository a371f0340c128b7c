// Instances started together on one fresh PostgreSQL database (issue 19, decision 0040): two processes
// run the store's start-up database step at the same moment; the migrations are applied once, the demo
// data is written once, and both come out ready. Without the start-up locks they collide: both apply
// the same migration files, or the second mistakes the first's seeding in progress for an interrupted
// one and truncates it.
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationJournal, migrationsFolder, openDatabase, type DatabaseHandle } from '../index.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const name = `scaleout_startup_${randomBytes(5).toString('hex')}`;
const PRODUCTS = 300;
let admin: DatabaseHandle | undefined;

/** One instance's start-up in a process of its own; resolves with its exit code and output. */
function startInstance(url: string): Promise<{ code: number | null; output: string }> {
  const script = `import { openDatabase } from ${JSON.stringify(path.resolve('packages/db/src/index.ts'))};
    import { prepareDatabase } from ${JSON.stringify(path.resolve('packages/db/src/seed/start-up.ts'))};
    const handle = await openDatabase({ databaseUrl: ${JSON.stringify(url)}, maxConnections: 4 });
    const result = await prepareDatabase(handle, { products: ${PRODUCTS} });
    await handle.close();
    console.log('result=' + result);`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => child.once('exit', (code) => resolve({ code, output })));
}

describe.skipIf(!serverUrl)('two instances starting together on a fresh database', () => {
  afterAll(async () => {
    await admin?.exec(`drop database if exists ${name}`);
    await admin?.close();
  });

  it('migrate once and seed once, and both start', async () => {
    admin = await openDatabase({ databaseUrl: serverUrl!, maxConnections: 1 });
    await admin.exec(`create database ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    const runs = await Promise.all([startInstance(url.toString()), startInstance(url.toString())]);
    for (const run of runs) expect(run.code, run.output).toBe(0);
    const results = runs.map((run) => /result=(\S+)/.exec(run.output)?.[1]).sort();
    expect(results).toEqual(['ready', 'seeded']);

    const handle = await openDatabase({ databaseUrl: url.toString(), maxConnections: 1 });
    try {
      const applied = await handle.query<{ created_at: string }>(
        'select created_at::text from drizzle.__drizzle_migrations order by created_at',
      );
      expect(applied.map((row) => Number(row.created_at))).toEqual(
        migrationJournal(migrationsFolder).map((entry) => entry.when),
      );
      const [counts] = await handle.query<{ runs: number; finished: number; products: number }>(
        `select (select count(*)::int from seed_runs) as runs,
                (select count(*)::int from seed_runs where duration_ms >= 0) as finished,
                (select count(*)::int from products) as products`,
      );
      expect(counts).toEqual({ runs: 1, finished: 1, products: PRODUCTS });
    } finally {
      await handle.close();
    }
  });
});
