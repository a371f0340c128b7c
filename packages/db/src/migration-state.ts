// Which migrations of this code the database still lacks: the readiness check of a store instance
// (an instance whose code is newer than its database must not take shoppers until migrated).
import fs from 'node:fs';
import path from 'node:path';
import type { DatabaseHandle } from './index.ts';

interface JournalEntry {
  idx: number;
  when: number;
  tag: string;
}

export function migrationJournal(folder: string): JournalEntry[] {
  const journal = JSON.parse(fs.readFileSync(path.join(folder, 'meta/_journal.json'), 'utf8')) as {
    entries: JournalEntry[];
  };
  return journal.entries;
}

/**
 * The tags of the journal's migrations newer than the last one applied (drizzle's migrator applies by
 * `when`, kept as created_at in drizzle.__drizzle_migrations). Every tag when nothing was migrated yet.
 */
export async function pendingMigrations(handle: DatabaseHandle, folder: string): Promise<string[]> {
  const entries = migrationJournal(folder);
  let last = -1;
  try {
    const rows = await handle.query<{ last: string | null }>(
      'select max(created_at)::text as last from drizzle.__drizzle_migrations',
    );
    last = rows[0]?.last ? Number(rows[0].last) : -1;
  } catch (error) {
    // No migrations table yet: nothing applied (SQLSTATE 42P01 undefined table, 3F000 undefined schema).
    const code = (error as { code?: string }).code;
    if (code !== '42P01' && code !== '3F000') throw error;
  }
  return entries.filter((entry) => entry.when > last).map((entry) => entry.tag);
}
