// A streaming replica for catalogue reads (DATABASE_READ_URL, decision 0040): how far it has replayed.
import type { DatabaseHandle } from '@store/db';

/**
 * Waits until `replica` has replayed everything `primary` had written when called (a change announced by
 * NOTIFY is then visible there), up to `timeoutMs`; false when it is still behind. The same handle, or a
 * read URL that is not a standby (not in recovery), has nothing to wait for.
 */
export async function replicaCaughtUp(
  primary: DatabaseHandle,
  replica: DatabaseHandle,
  timeoutMs = 5000,
): Promise<boolean> {
  if (primary === replica) return true;
  const [written] = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
  const until = Date.now() + timeoutMs;
  for (;;) {
    const [row] = await replica.query<{ replayed: boolean | null }>(
      'select case when pg_is_in_recovery() then pg_last_wal_replay_lsn() >= $1::pg_lsn end as replayed',
      [written!.lsn],
    );
    if (row?.replayed !== false) return true;
    if (Date.now() >= until) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

/** How many bytes of WAL the replica has still to replay (metrics, the cluster check); 0 without a replica. */
export async function replicaLagBytes(primary: DatabaseHandle, replica: DatabaseHandle): Promise<number> {
  if (primary === replica) return 0;
  const [written] = await primary.query<{ lsn: string }>('select pg_current_wal_lsn()::text as lsn');
  const [row] = await replica.query<{ lag: string | null }>(
    'select case when pg_is_in_recovery() then pg_wal_lsn_diff($1::pg_lsn, pg_last_wal_replay_lsn())::text end as lag',
    [written!.lsn],
  );
  return row?.lag ? Math.max(0, Number(row.lag)) : 0;
}
