// Scheduled jobs run once across the cluster, and the outbox is delivered once, with two instances
// working at the same moment (issue 19, decision 0035). On PostgreSQL (TEST_DATABASE_URL) each instance
// has its own pool, so the advisory lock and `for update skip locked` are what keep them apart.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertOutboxMessage, type PendingOutboxRow } from '../data/outbox.ts';
import { createLogger } from '../logger.ts';
import { createCluster, type Cluster, type Instance } from '../test/cluster-harness.ts';
import { JobRunner, type TickResult } from './job-runner.ts';
import { OutboxDelivery, type OutboxTransport } from './outbox-delivery.ts';

let cluster: Cluster;
let a: Instance;
let b: Instance;
const logger = createLogger('silent');

beforeAll(async () => {
  cluster = await createCluster(2);
  [a, b] = cluster.instances as [Instance, Instance];
});
afterAll(async () => {
  await cluster?.close();
});

describe('scheduled jobs', () => {
  it('run once per period across the cluster, however many instances tick at once', async () => {
    let runs = 0;
    const job = {
      name: 'test-once-per-period',
      everyMs: 60_000,
      run: async (tx: { query: (sql: string) => Promise<unknown> }) => {
        runs++;
        // Long enough that the other instance's tick comes while this one holds the lock.
        await tx.query('select pg_sleep(0.2)');
        return { runs };
      },
    };
    const runners = [a, b].map((instance, i) => {
      const runner = new JobRunner(instance.handle, logger, `instance-${i + 1}`);
      runner.register(job);
      return runner;
    });
    const results: TickResult[] = await Promise.all(
      Array.from({ length: 6 }, (_, i) => runners[i % 2]!.tick(job.name)),
    );
    expect(results.filter((r) => r === 'ran')).toHaveLength(1);
    expect(results.every((r) => r === 'ran' || r === 'locked' || r === 'not-due')).toBe(true);
    expect(runs).toBe(1);
    // Later ticks within the period do nothing either.
    expect(await runners[1]!.tick(job.name)).toBe('not-due');
    const [row] = await cluster.handle.query<{ runs: number; last_instance: string; last_error: string | null }>(
      'select runs, last_instance, last_error from scheduled_job_runs where name = $1',
      [job.name],
    );
    expect(row).toMatchObject({ runs: 1, last_error: null });
    expect(['instance-1', 'instance-2']).toContain(row!.last_instance);
  });

  it('runs a job again after a failure, its work rolled back with the run record', async () => {
    let attempt = 0;
    const runner = new JobRunner(a.handle, logger, 'instance-1');
    runner.register({
      name: 'test-fails-once',
      everyMs: 60_000,
      run: async (tx) => {
        attempt++;
        await tx.query(`insert into scheduled_job_runs (name) values ('test-side-effect-' || $1::text)`, [attempt]);
        if (attempt === 1) throw new Error('gateway away');
      },
    });
    expect(await runner.tick('test-fails-once')).toBe('failed');
    expect(await runner.tick('test-fails-once')).toBe('ran');
    const names = (
      await cluster.handle.query<{ name: string }>(
        `select name from scheduled_job_runs where name like 'test-side-effect-%'`,
      )
    ).map((r) => r.name);
    expect(names).toEqual(['test-side-effect-2']);
  });

  it("the store's own expired-auth cleanup is registered and runs", async () => {
    expect(a.api.jobs.names).toContain('expired-auth-cleanup');
    const first = await a.api.jobs.tick('expired-auth-cleanup');
    expect(first === 'ran' || first === 'not-due').toBe(true);
    expect(await b.api.jobs.tick('expired-auth-cleanup')).toBe('not-due');
  });
});

describe('outbox delivery', () => {
  it('delivers every message exactly once while two instances deliver at the same moment', async () => {
    const ids: number[] = [];
    await cluster.handle.transaction(async (tx) => {
      for (let i = 0; i < 120; i++) {
        ids.push(
          await insertOutboxMessage(tx, {
            channel: 'sms',
            recipient: `+7999${String(i).padStart(7, '0')}`,
            template: 'test',
            body: `сообщение ${i}`,
          }),
        );
      }
    });
    const delivered = new Map<number, string[]>();
    const transport = (name: string): OutboxTransport => ({
      name,
      async deliver(message: PendingOutboxRow) {
        delivered.set(message.id, [...(delivered.get(message.id) ?? []), name]);
        await new Promise((resolve) => setTimeout(resolve, 2));
      },
    });
    const one = new OutboxDelivery(a.handle, transport('instance-1'), logger);
    const two = new OutboxDelivery(b.handle, transport('instance-2'), logger);
    await Promise.all([one.drain(50), two.drain(50)]);
    for (const id of ids) expect(delivered.get(id), `message ${id}`).toHaveLength(1);
    expect([...delivered.values()].every((by) => by.length === 1)).toBe(true);
    const [left] = await cluster.handle.query<{ n: number }>(
      'select count(*)::int as n from notification_outbox where id = any($1::int[]) and sent_at is null',
      [ids],
    );
    expect(left!.n).toBe(0);
    if (cluster.kind === 'postgres') {
      // Both took part: the lock skipped rows, it did not serialise the instances.
      const by = new Set([...delivered.values()].flat());
      expect(by.size).toBe(2);
    }
  });

  it('keeps a message that failed for a later try, with the error', async () => {
    const id = await cluster.handle.transaction((tx) =>
      insertOutboxMessage(tx, { channel: 'email', recipient: 'fail@example.ru', template: 'test', body: 'тест' }),
    );
    const failing = new OutboxDelivery(
      a.handle,
      {
        name: 'failing',
        async deliver(message) {
          if (message.id === id) throw new Error('SMTP 451');
        },
      },
      logger,
    );
    await failing.drain();
    const [row] = await cluster.handle.query<{ sent: boolean; attempts: number; last_error: string; later: boolean }>(
      `select sent_at is not null as sent, attempts, last_error, next_attempt_at > now() as later
         from notification_outbox where id = $1`,
      [id],
    );
    expect(row).toEqual({ sent: false, attempts: 1, last_error: 'SMTP 451', later: true });
  });
});
