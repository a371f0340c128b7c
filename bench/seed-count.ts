// Prints how many products the configured database holds (0 when empty or not migrated): used by the benchmarks.
import { openDatabase } from '@store/db';

const handle = await openDatabase({ databaseUrl: process.env.DATABASE_URL, dataDir: process.env.DATA_DIR ?? './data' });
try {
  const rows = await handle.query<{ n: number }>(
    'select coalesce(max(products), 0)::int as n from seed_runs where duration_ms >= 0',
  );
  console.log(rows[0]?.n ?? 0);
} catch {
  console.log(0);
} finally {
  await handle.close();
}
