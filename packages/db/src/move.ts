// Moving a store off PGlite (issue 19): every row of the source database into an empty PostgreSQL
// database migrated with the same migrations, then row counts and checksums compared table by table.
// `npm run db:move -- --to postgres://…` (scripts/db-move.ts) runs it on the store's DATA_DIR.
import { migrateDatabase, pendingMigrations, migrationsFolder, type DatabaseHandle } from './index.ts';

export class MoveRefusedError extends Error {}

export interface TableReport {
  table: string;
  rows: number;
  checksum: string;
  targetRows: number;
  targetChecksum: string;
}

export interface MoveReport {
  tables: TableReport[];
  rows: number;
  ms: number;
}

interface Column {
  name: string;
  generated: boolean;
}

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;
const CHUNK = 2000;

/** The public tables and their columns (generated ones marked: the target computes them itself). */
async function listTables(handle: DatabaseHandle): Promise<Map<string, Column[]>> {
  const rows = await handle.query<{ table_name: string; column_name: string; generated: boolean }>(
    `select c.relname as table_name, a.attname as column_name, a.attgenerated <> '' as generated
       from pg_class c
       join pg_namespace n on n.oid = c.relnamespace and n.nspname = 'public'
       join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
      where c.relkind = 'r'
      order by c.relname, a.attnum`,
  );
  const tables = new Map<string, Column[]>();
  for (const row of rows) {
    const columns = tables.get(row.table_name) ?? [];
    columns.push({ name: row.column_name, generated: row.generated });
    tables.set(row.table_name, columns);
  }
  return tables;
}

/** Whether the target holds anything: a table in public or drizzle's migration record. */
async function targetObjects(handle: DatabaseHandle): Promise<number> {
  const [row] = await handle.query<{ n: number }>(
    `select count(*)::int as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
      where n.nspname in ('public', 'drizzle') and c.relkind in ('r', 'p')`,
  );
  return row?.n ?? 0;
}

/** Row count and an order-independent checksum of the stored (not generated) columns, in UTC. */
async function tableChecksum(handle: DatabaseHandle, table: string, columns: Column[]) {
  const stored = columns.filter((c) => !c.generated).map((c) => ident(c.name));
  return handle.transaction(async (tx) => {
    await tx.query(`set local timezone = 'UTC'`);
    const [row] = await tx.query<{ rows: number; checksum: string | null }>(
      `select count(*)::int as rows,
              md5(coalesce(string_agg(h, '' order by h), '')) as checksum
         from (select md5(row(${stored.join(', ')})::text) as h from ${ident(table)}) s`,
    );
    return { rows: row?.rows ?? 0, checksum: row?.checksum ?? '' };
  });
}

/**
 * Copies `source` into `target`. The target must be empty (no tables at all): it is migrated here with
 * the store's migrations, so both have the same schema. Foreign keys are dropped for the copy and added
 * back at the end in the same transaction, which checks every row against them; a failure anywhere
 * rolls the whole copy back.
 */
export async function moveDatabase(
  source: DatabaseHandle,
  target: DatabaseHandle,
  log: (message: string) => void = () => {},
): Promise<MoveReport> {
  const started = performance.now();
  if (target.kind !== 'postgres') throw new MoveRefusedError('The target must be a PostgreSQL server (postgres://…).');
  const present = await targetObjects(target);
  if (present > 0) {
    throw new MoveRefusedError(
      `Целевая база не пуста (таблиц: ${present}): перенос пишет только в пустую базу. (The target database is not empty: ${present} tables. Create an empty database for the move.)`,
    );
  }
  // The source at this code's migrations first, so both sides have the same tables.
  if ((await pendingMigrations(source, migrationsFolder)).length > 0) {
    log('migrating the source to this version');
    await migrateDatabase(source);
  }
  log('migrating the target');
  await migrateDatabase(target);
  const tables = await listTables(source);
  const targetTables = await listTables(target);
  for (const name of tables.keys()) {
    if (!targetTables.has(name)) throw new MoveRefusedError(`The target has no table ${name} after migrating.`);
  }

  let total = 0;
  await target.transaction(async (tx) => {
    await tx.query(`set local timezone = 'UTC'`);
    const keys = await tx.query<{ table_name: string; name: string; definition: string }>(
      `select conrelid::regclass::text as table_name, conname as name, pg_get_constraintdef(oid) as definition
         from pg_constraint where contype = 'f' and connamespace = 'public'::regnamespace`,
    );
    for (const key of keys) await tx.query(`alter table ${key.table_name} drop constraint ${ident(key.name)}`);
    // The migrations' own rows (reference rows some migrations insert) give way to the source's.
    for (const name of tables.keys()) await tx.query(`delete from ${ident(name)}`);

    for (const [name, columns] of tables) {
      const stored = columns.filter((c) => !c.generated).map((c) => ident(c.name));
      const picks = stored.map((c) => `(x).${c}`).join(', ');
      let after = '(0,0)';
      let copied = 0;
      for (;;) {
        // Keyset over the physical row id: stable, and no OFFSET rescans at a million rows.
        const chunk = await source.transaction(async (stx) => {
          await stx.query(`set local timezone = 'UTC'`);
          return stx.query<{ id: string; row: string }>(
            `select ctid::text as id, t::text as row from ${ident(name)} t where ctid > $1::tid order by ctid limit ${CHUNK}`,
            [after],
          );
        });
        if (chunk.length === 0) break;
        await tx.query(
          `insert into ${ident(name)} (${stored.join(', ')})
           select ${picks} from (select r::${ident(name)} as x from unnest($1::text[]) as r) s`,
          [chunk.map((r) => r.row)],
        );
        copied += chunk.length;
        after = chunk[chunk.length - 1]!.id;
        if (chunk.length < CHUNK) break;
      }
      total += copied;
      if (copied > 0) log(`${name}: ${copied} rows`);
    }
    // Sequences continue where the source's stood.
    const sequences = await source.query<{ name: string; last_value: string; is_called: boolean }>(
      `select sequencename as name, coalesce(last_value, 1)::text as last_value, last_value is not null as is_called
         from pg_sequences where schemaname = 'public'`,
    );
    for (const seq of sequences) {
      await tx.query(`select setval($1::regclass, $2::bigint, $3)`, [ident(seq.name), seq.last_value, seq.is_called]);
    }
    log('checking foreign keys');
    for (const key of keys) {
      await tx.query(`alter table ${key.table_name} add constraint ${ident(key.name)} ${key.definition}`);
    }
  });

  log('verifying row counts and checksums');
  const reports: TableReport[] = [];
  for (const [name, columns] of tables) {
    const [from, to] = [await tableChecksum(source, name, columns), await tableChecksum(target, name, columns)];
    reports.push({
      table: name,
      rows: from.rows,
      checksum: from.checksum,
      targetRows: to.rows,
      targetChecksum: to.checksum,
    });
  }
  const different = reports.filter((r) => r.rows !== r.targetRows || r.checksum !== r.targetChecksum);
  if (different.length > 0) {
    throw new Error(
      `The copy differs from the source in ${different.map((r) => `${r.table} (${r.rows} → ${r.targetRows} rows)`).join(', ')}`,
    );
  }
  return { tables: reports, rows: total, ms: Math.round(performance.now() - started) };
}
