// All SQL of the scheduled-job runner (issue 19, jobs/job-runner.ts): the cluster-wide lock of a job
// and its last run.
import type { TransactionHandle } from '@store/db';

/**
 * Takes the job's advisory lock for this transaction (released at its end) without waiting: false
 * when another instance holds it.
 */
export async function tryJobLock(tx: Pick<TransactionHandle, 'query'>, name: string): Promise<boolean> {
  const rows = await tx.query<{ locked: boolean }>(
    `select pg_try_advisory_xact_lock(hashtext('store-job'), hashtext($1)) as locked`,
    [name],
  );
  return rows[0]?.locked === true;
}

/** Milliseconds since the job last started anywhere in the cluster; null when it never ran. */
export async function msSinceJobStarted(tx: Pick<TransactionHandle, 'query'>, name: string): Promise<number | null> {
  const rows = await tx.query<{ ms: number | null }>(
    `select (extract(epoch from (now() - last_started_at)) * 1000)::float8 as ms
       from scheduled_job_runs where name = $1`,
    [name],
  );
  return rows[0]?.ms ?? null;
}

export async function recordJobStart(tx: Pick<TransactionHandle, 'query'>, name: string, instance: string) {
  await tx.query(
    `insert into scheduled_job_runs (name, runs, last_started_at, last_instance)
     values ($1, 1, now(), $2)
     on conflict (name) do update set runs = scheduled_job_runs.runs + 1, last_started_at = now(), last_instance = $2`,
    [name, instance],
  );
}

export async function recordJobEnd(tx: Pick<TransactionHandle, 'query'>, name: string, error: string | null) {
  await tx.query(
    `update scheduled_job_runs set last_finished_at = clock_timestamp(), last_error = $2 where name = $1`,
    [name, error],
  );
}

/** Sign-in codes and refresh tokens past their end (plus a day of grace for support questions). */
export async function deleteExpiredAuthRecords(tx: Pick<TransactionHandle, 'query'>) {
  const codes = await tx.query<{ n: number }>(
    `with gone as (delete from auth_codes where expires_at < now() - interval '1 day' returning 1)
     select count(*)::int as n from gone`,
  );
  const tokens = await tx.query<{ n: number }>(
    `with gone as (delete from refresh_tokens where expires_at < now() - interval '1 day' returning 1)
     select count(*)::int as n from gone`,
  );
  return { codes: codes[0]?.n ?? 0, tokens: tokens[0]?.n ?? 0 };
}
