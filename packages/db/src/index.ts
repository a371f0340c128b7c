import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import * as schema from './schema.ts';
import { lockDataDir } from './lock.ts';

export { schema };
export { DataDirLockedError, lockDataDir } from './lock.ts';
export { loadEnvFile } from './env-file.ts';
export { migrationJournal, pendingMigrations } from './migration-state.ts';
export { moveDatabase, MoveRefusedError, type MoveReport } from './move.ts';

export type Database = PgDatabase<PgQueryResultHKT, typeof schema>;

export interface DatabaseHandle {
  db: Database;
  kind: 'pglite' | 'postgres';
  /** Runs raw SQL (several statements allowed); used by the seed and tests. */
  exec(sqlText: string): Promise<void>;
  /** Rows of a parameterised query, for bulk paths that bypass the query builder. */
  query<T = Record<string, unknown>>(sqlText: string, params?: unknown[], options?: QueryOptions): Promise<T[]>;
  /** Rows as arrays, for bulk reads (index builds) where objects per row would cost too much. */
  queryArrays(sqlText: string, params?: unknown[]): Promise<unknown[][]>;
  /**
   * Runs `work` in one transaction (on a server: on one pooled connection), committing when it
   * resolves and rolling back when it throws. Row locks (`select … for update`) hold until the end.
   */
  transaction<T>(work: (tx: TransactionHandle) => Promise<T>): Promise<T>;
  /**
   * LISTEN on a channel (PostgreSQL NOTIFY, sent with `select pg_notify(channel, payload)` inside the
   * writing transaction, so it arrives only once that commits). On a server a dedicated connection,
   * opened again after a loss; `onReconnect` then says notifications may have been missed. Resolves
   * with the function that stops listening.
   */
  listen(channel: string, onPayload: (payload: string) => void, onReconnect?: () => void): Promise<() => Promise<void>>;
  /**
   * Runs `work` while holding the cluster-wide lock `name`: on a server a session advisory lock
   * (`pg_advisory_lock(hashtext('store-startup'), hashtext(name))`) taken on a connection of its own, so
   * instances starting together take turns (migrations, the demo data; decision 0040) and a killed holder
   * releases it with its connection. PGlite is one process per directory: `work` just runs.
   */
  exclusive<T>(name: string, work: () => Promise<T>): Promise<T>;
  /** A server's connection pool (total, idle, waiting clients) for the metrics; PGlite has none. */
  poolStats?(): { total: number; idle: number; waiting: number };
  close(): Promise<void>;
}

/** What a transaction body can do: parameterised queries on the transaction's connection. */
export interface TransactionHandle {
  query<T = Record<string, unknown>>(sqlText: string, params?: unknown[], options?: QueryOptions): Promise<T[]>;
}

export interface QueryOptions {
  /**
   * On a server, a named prepared statement: parsed once per connection, and planned once when PostgreSQL
   * finds its generic plan no dearer than a custom one (after five calls; with scalar parameters, not with
   * an array of ids, whose generic plan assumes ten). For a hot query with one text per name: planning
   * the order path's queries on every call was half of what an order cost PostgreSQL (decision 0076).
   * PGlite plans every call as before.
   */
  name?: string;
}

export interface OpenOptions {
  /** postgres://… to use a server; otherwise PGlite in dataDir. */
  databaseUrl?: string | undefined;
  /** PGlite directory; 'memory://' for an in-memory database. */
  dataDir?: string;
  /** A tarball made by dumpDatabase(), loaded into a new in-memory PGlite. */
  loadDump?: Blob;
  /** Pool size for a server. */
  maxConnections?: number;
}

export const migrationsFolder = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../migrations');

export async function openDatabase(options: OpenOptions): Promise<DatabaseHandle & { pglite?: PGlite }> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: options.maxConnections ?? 10 });
    // A dropped idle connection must not crash the process.
    pool.on('error', (error) =>
      console.error(JSON.stringify({ level: 'error', msg: 'pg pool error', error: error.message })),
    );
    const db = drizzlePg(pool, { schema }) as unknown as Database;
    return {
      db,
      kind: 'postgres',
      exec: async (text) => {
        await pool.query(text);
      },
      query: async <T>(text: string, params: unknown[] = [], options?: QueryOptions) =>
        (await pool.query(serverQuery(text, params, options))).rows as T[],
      queryArrays: async (text: string, params: unknown[] = []) =>
        (await pool.query({ text, values: params, rowMode: 'array' })).rows as unknown[][],
      transaction: async (work) => {
        const connection = await pool.connect();
        try {
          await connection.query('begin');
          const result = await work({
            query: async <T>(text: string, params: unknown[] = [], options?: QueryOptions) =>
              (await connection.query(serverQuery(text, params, options))).rows as T[],
          });
          await connection.query('commit');
          return result;
        } catch (error) {
          // The work's own error is the one to report; a rollback that fails too (a broken connection) adds nothing.
          await connection.query('rollback').catch(() => {});
          throw error;
        } finally {
          connection.release();
        }
      },
      listen: (channel, onPayload, onReconnect) =>
        listenOnServer(options.databaseUrl!, channel, onPayload, onReconnect),
      exclusive: (name, work) => exclusiveOnServer(options.databaseUrl!, name, work),
      poolStats: () => ({ total: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
      close: () => pool.end(),
    };
  }
  const dataDir = options.dataDir ?? './data';
  const inMemory = dataDir.startsWith('memory://') || options.loadDump !== undefined;
  const release = inMemory ? () => {} : lockDataDir(dataDir);
  let client: PGlite;
  try {
    client = await PGlite.create({
      ...(inMemory ? {} : { dataDir }),
      ...(options.loadDump ? { loadDataDir: options.loadDump } : {}),
      extensions: { pg_trgm },
    });
  } catch (error) {
    release();
    throw error;
  }
  const db = drizzlePglite(client, { schema }) as unknown as Database;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    exec: async (text) => {
      await client.exec(text);
    },
    query: async <T>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows,
    queryArrays: async (text: string, params: unknown[] = []) =>
      (await client.query<unknown[]>(text, params, { rowMode: 'array' })).rows,
    // One process per data directory: NOTIFY reaches this process's listeners.
    listen: async (channel, onPayload) => {
      const stop = await client.listen(channel, onPayload);
      return async () => {
        await stop();
      };
    },
    exclusive: (_name, work) => work(),
    // PGlite has one connection: its transaction holds it, so other queries wait until the end.
    transaction: (work) =>
      client.transaction((tx) =>
        work({ query: async <T>(text: string, params: unknown[] = []) => (await tx.query<T>(text, params)).rows }),
      ),
    close: async () => {
      try {
        await client.close();
      } finally {
        release();
      }
    },
  };
}

/** node-postgres' query config: named (a prepared statement per connection) when asked. */
function serverQuery(text: string, values: unknown[], options: QueryOptions | undefined): pg.QueryConfig {
  return options?.name ? { name: options.name, text, values } : { text, values };
}

/**
 * A session advisory lock on a connection of its own (not a pooled one: `work` may need every pooled
 * connection, and a pool of one would wait for itself). Waits as long as the holder works.
 */
async function exclusiveOnServer<T>(url: string, name: string, work: () => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  // A connection lost while waiting or working surfaces as the query's error; never crash the process.
  client.on('error', () => {});
  await client.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('store-startup'), hashtext($1))`, [name]);
    try {
      return await work();
    } finally {
      await client.query(`select pg_advisory_unlock(hashtext('store-startup'), hashtext($1))`, [name]).catch(() => {});
    }
  } finally {
    await client.end().catch(() => {});
  }
}

/** LISTEN on a dedicated server connection, connecting again (after 1 s, then up to 10 s) when it drops. */
async function listenOnServer(
  url: string,
  channel: string,
  onPayload: (payload: string) => void,
  onReconnect?: () => void,
): Promise<() => Promise<void>> {
  let stopped = false;
  let client: pg.Client | null = null;
  let delay = 1000;
  const quoted = `"${channel.replace(/"/g, '""')}"`;
  const connect = async (again: boolean): Promise<void> => {
    const next = new pg.Client({ connectionString: url });
    next.on('notification', (message) => {
      if (message.channel === channel) onPayload(message.payload ?? '');
    });
    const retry = () => {
      if (stopped || client !== next) return;
      client = null;
      setTimeout(() => void connect(true).catch(() => {}), delay).unref();
      delay = Math.min(delay * 2, 10_000);
    };
    next.on('error', retry);
    next.on('end', retry);
    client = next;
    try {
      await next.connect();
      await next.query(`listen ${quoted}`);
    } catch (error) {
      if (!again) {
        client = null;
        await next.end().catch(() => {});
        throw error;
      }
      retry();
      return;
    }
    delay = 1000;
    if (again) onReconnect?.();
  };
  await connect(false);
  return async () => {
    stopped = true;
    const current = client;
    client = null;
    await current?.end().catch(() => {});
  };
}

/**
 * Applies pending migrations (the same files on PGlite and on a server). On a server under the
 * `migrate` lock: instances starting together on a new version migrate one after the other, and the
 * later ones find nothing left to apply (drizzle's migrator alone would let both apply the same files).
 */
export async function migrateDatabase(handle: DatabaseHandle): Promise<void> {
  if (handle.kind === 'pglite') {
    await migratePglite(handle.db as never, { migrationsFolder });
  } else {
    await handle.exclusive('migrate', () => migratePg(handle.db as never, { migrationsFolder }));
  }
}

/** Whether the demo data (or any catalogue) is present: a seeding that finished (an unfinished one has duration_ms -1). */
export async function isSeeded(handle: DatabaseHandle): Promise<boolean> {
  const rows = await handle.query<{ n: number }>('select count(*)::int as n from seed_runs where duration_ms >= 0');
  return (rows[0]?.n ?? 0) > 0;
}
