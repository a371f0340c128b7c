// The store's own scheduled jobs (jobs/job-runner.ts). Other features register theirs the same way.
import { deleteExpiredAuthRecords } from '../data/jobs.ts';
import type { ScheduledJob } from './job-runner.ts';

/** Sign-in codes and refresh tokens a day past their end: hourly, once across the cluster. */
export const expiredAuthCleanup: ScheduledJob = {
  name: 'expired-auth-cleanup',
  everyMs: 60 * 60_000,
  run: (tx) => deleteExpiredAuthRecords(tx),
};
