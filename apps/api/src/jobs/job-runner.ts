// Scheduled jobs that run once per period across every instance of the store (issue 19, decision 0035).
// Each instance ticks every job; a tick takes the job's PostgreSQL advisory lock in a transaction
// (pg_try_advisory_xact_lock, never waiting) and runs the job only when no instance started it within
// its period (scheduled_job_runs). The job gets that transaction: its work commits with its run record,
// and a crash rolls both back, so the next tick anywhere runs it again. Register a job with
// `api.jobs.register({ name, everyMs, run })`; the store process starts the runner once it is ready.
import os from 'node:os';
import type { DatabaseHandle, TransactionHandle } from '@store/db';
import { msSinceJobStarted, recordJobEnd, recordJobStart, tryJobLock } from '../data/jobs.ts';
import { errorFields, type Logger } from '../logger.ts';

export interface ScheduledJob {
  /** Unique, stable: it names the lock and the run record. */
  name: string;
  /** The period: the job runs about once per period in the whole cluster. */
  everyMs: number;
  /** The work, on the transaction holding the job's lock; what it answers goes to the log line. */
  run(tx: Pick<TransactionHandle, 'query'>): Promise<Record<string, unknown> | void>;
}

export type TickResult = 'ran' | 'failed' | 'locked' | 'not-due';

/** A run counts as due a little early, so ticks that drift do not skip a whole period. */
const DUE_SHARE = 0.95;

export class JobRunner {
  readonly #jobs = new Map<string, ScheduledJob>();
  readonly #timers: NodeJS.Timeout[] = [];
  readonly #running = new Set<Promise<TickResult>>();
  #stopped = false;

  constructor(
    private readonly handle: DatabaseHandle,
    private readonly logger: Logger,
    readonly instance = `${os.hostname()}:${process.pid}`,
  ) {}

  register(job: ScheduledJob) {
    if (this.#jobs.has(job.name)) throw new Error(`scheduled job ${job.name} is registered twice`);
    this.#jobs.set(job.name, job);
  }

  get names(): string[] {
    return [...this.#jobs.keys()];
  }

  /** Ticks every job about four times per period (at most every minute), each with its own jitter. */
  start() {
    for (const job of this.#jobs.values()) {
      const every = Math.max(250, Math.min(job.everyMs / 4, 60_000));
      const timer = setInterval(() => void this.tick(job.name), every * (0.9 + Math.random() * 0.2));
      timer.unref();
      this.#timers.push(timer);
    }
  }

  /** One tick of a job on this instance: runs it when it holds the lock and the job is due. */
  tick(name: string): Promise<TickResult> {
    const job = this.#jobs.get(name);
    if (!job) throw new Error(`no scheduled job ${name}`);
    if (this.#stopped) return Promise.resolve('locked');
    const running = this.#tick(job).finally(() => this.#running.delete(running));
    this.#running.add(running);
    return running;
  }

  async #tick(job: ScheduledJob): Promise<TickResult> {
    const started = performance.now();
    try {
      return await this.handle.transaction(async (tx) => {
        if (!(await tryJobLock(tx, job.name))) return 'locked';
        const since = await msSinceJobStarted(tx, job.name);
        if (since !== null && since < job.everyMs * DUE_SHARE) return 'not-due';
        await recordJobStart(tx, job.name, this.instance);
        const result = (await job.run(tx)) ?? {};
        await recordJobEnd(tx, job.name, null);
        this.logger.info('scheduled job ran', {
          job: job.name,
          instance: this.instance,
          ms: Math.round(performance.now() - started),
          ...result,
        });
        return 'ran';
      });
    } catch (error) {
      // The job's work rolled back with its run record: the next tick, here or elsewhere, tries again.
      this.logger.error('scheduled job failed', { job: job.name, instance: this.instance, ...errorFields(error) });
      return 'failed';
    }
  }

  /** Stops ticking and waits for the runs in progress. */
  async stop() {
    this.#stopped = true;
    for (const timer of this.#timers.splice(0)) clearInterval(timer);
    await Promise.allSettled([...this.#running]);
  }
}
