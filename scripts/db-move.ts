// `npm run db:move -- --to postgres://user:pass@host:5432/store [--from ./data]`: moves a store's PGlite
// data (DATA_DIR, or --from) into an empty PostgreSQL database with the same migrations, then compares
// row counts and checksums of every table (packages/db/src/move.ts, issue 19). Stop the store first: its
// data directory is locked while it runs. Then start it with DATABASE_URL set to the target.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { DataDirLockedError, loadEnvFile, MoveRefusedError, moveDatabase, openDatabase } from '@store/db';

const root = path.resolve(import.meta.dirname, '..');
loadEnvFile(path.join(root, '.env'));
const { values } = parseArgs({ options: { to: { type: 'string' }, from: { type: 'string' } } });
if (!values.to || !/^postgres(ql)?:\/\//.test(values.to)) {
  console.error('Укажите целевую базу: npm run db:move -- --to postgres://user:pass@host:5432/store');
  process.exit(2);
}
const dataDir = path.resolve(root, values.from ?? process.env.DATA_DIR ?? './data');

try {
  const source = await openDatabase({ dataDir });
  const target = await openDatabase({ databaseUrl: values.to, maxConnections: 2 });
  try {
    console.log(`Перенос ${dataDir} → ${values.to.replace(/\/\/[^@/]*@/, '//…@')}`);
    const report = await moveDatabase(source, target, (message) => console.log(`  ${message}`));
    for (const table of report.tables.filter((t) => t.rows > 0)) {
      console.log(`  ✓ ${table.table.padEnd(32)} ${String(table.rows).padStart(9)}  md5 ${table.checksum}`);
    }
    console.log(
      `Готово: ${report.rows} строк в ${report.tables.length} таблицах за ${(report.ms / 1000).toFixed(1)} с, ` +
        'количество строк и контрольные суммы совпадают. Запускайте магазин с DATABASE_URL на новую базу.',
    );
  } finally {
    await source.close();
    await target.close();
  }
} catch (error) {
  if (error instanceof MoveRefusedError || error instanceof DataDirLockedError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
