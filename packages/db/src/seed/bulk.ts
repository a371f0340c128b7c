import type { DatabaseHandle } from '../index.ts';

/**
 * Bulk inserts that work the same on PGlite and on a PostgreSQL server.
 *
 * Rows travel as one text parameter (fields separated by \x01, rows by \x02, NULL as \x03) and are
 * split in SQL. On PGlite this is several times faster than one array parameter per column when
 * rows carry long strings such as jsonb, and it needs no driver-specific COPY support.
 */

export type Cell = string | number | boolean | null | undefined;

const FIELD = '\x01';
const ROW = '\x02';
const NULL = '\x03';

export interface ColumnSpec {
  name: string;
  /** SQL type the text is cast to: int, smallint, text, jsonb, boolean, float8, timestamptz, int[], text[]. */
  type: string;
}

function cell(value: Cell): string {
  if (value === null || value === undefined) return NULL;
  if (typeof value === 'boolean') return value ? 't' : 'f';
  return String(value);
}

/** Accumulates the rows of one table and inserts them in batches. */
export class BulkWriter {
  private rows: string[] = [];
  private readonly sqlText: string;
  inserted = 0;

  constructor(
    private readonly handle: DatabaseHandle,
    table: string,
    private readonly columns: readonly ColumnSpec[],
    private readonly batchSize = 20000,
  ) {
    const names = columns.map((c) => `"${c.name}"`).join(', ');
    const exprs = columns.map((c, i) => (c.type === 'text' ? `r[${i + 1}]` : `r[${i + 1}]::${c.type}`)).join(', ');
    this.sqlText =
      `INSERT INTO "${table}" (${names}) SELECT ${exprs} ` +
      `FROM (SELECT string_to_array(x, chr(1), chr(3)) AS r FROM unnest(string_to_array($1::text, chr(2))) AS x OFFSET 0) AS s`;
  }

  /** Adds one row; values in column order. Flushes when the batch is full. */
  async add(values: readonly Cell[]): Promise<void> {
    if (values.length !== this.columns.length) {
      throw new Error(`BulkWriter: expected ${this.columns.length} values, got ${values.length}`);
    }
    let line = cell(values[0]);
    for (let i = 1; i < values.length; i++) line += FIELD + cell(values[i]);
    this.rows.push(line);
    if (this.rows.length >= this.batchSize) await this.flush();
  }

  /** Adds without flushing; call flush() yourself. */
  push(values: readonly Cell[]): void {
    let line = cell(values[0]);
    for (let i = 1; i < values.length; i++) line += FIELD + cell(values[i]);
    this.rows.push(line);
  }

  get pending(): number {
    return this.rows.length;
  }

  async flush(): Promise<void> {
    if (this.rows.length === 0) return;
    const payload = this.rows.join(ROW);
    const count = this.rows.length;
    this.rows = [];
    await this.handle.query(this.sqlText, [payload]);
    this.inserted += count;
  }
}

/** Inserts a small list of rows at once. */
export async function insertAll(
  handle: DatabaseHandle,
  table: string,
  columns: readonly ColumnSpec[],
  rows: readonly (readonly Cell[])[],
): Promise<void> {
  const writer = new BulkWriter(handle, table, columns, 20000);
  for (const row of rows) await writer.add(row);
  await writer.flush();
}

/** Shorthand for column lists: col('id', 'int'). */
export function col(name: string, type: string): ColumnSpec {
  return { name, type };
}
