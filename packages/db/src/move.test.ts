// Moving a store off PGlite (issue 19): the test database's PGlite copy (400 products, orders and
// everything the seed writes) into a fresh database on the CI PostgreSQL server; every table's rows
// and checksum must match, and a second move onto the now filled database is refused.
import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { MoveRefusedError, moveDatabase, openDatabase, type DatabaseHandle } from './index.ts';

const serverUrl = process.env.TEST_DATABASE_URL;
const name = `scaleout_move_${randomBytes(5).toString('hex')}`;
let source: DatabaseHandle;
let target: DatabaseHandle;
let admin: DatabaseHandle;

describe.skipIf(!serverUrl)('db:move from PGlite to PostgreSQL', () => {
  beforeAll(async () => {
    const template = inject('testDatabase');
    if (template.kind !== 'pglite') throw new Error('the unit project provides the PGlite template');
    source = await openDatabase({ loadDump: new Blob([fs.readFileSync(template.dumpPath)]) });
    // Rows of a store in use: an order-like outbox message with Cyrillic, quotes and a JSON payload.
    await source.query(
      `insert into notification_outbox (channel, recipient, template, subject, body, payload)
       values ('email', 'анна@пример.рф', 'order-created', 'Заказ «№1»', 'Строка с "кавычками", \\ и
переводом строки', '{"order_id": 1, "sum": 1999000}')`,
    );
    admin = await openDatabase({ databaseUrl: serverUrl!, maxConnections: 1 });
    await admin.exec(`create database ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    target = await openDatabase({ databaseUrl: url.toString(), maxConnections: 2 });
  });
  afterAll(async () => {
    await source?.close();
    await target?.close();
    await admin?.exec(`drop database if exists ${name}`);
    await admin?.close();
  });

  it('copies every table with the same row counts and checksums, sequences included', async () => {
    const report = await moveDatabase(source, target);
    const products = report.tables.find((t) => t.table === 'products')!;
    expect(products.rows).toBeGreaterThanOrEqual(400);
    for (const table of report.tables) {
      expect(table.targetRows, table.table).toBe(table.rows);
      expect(table.targetChecksum, table.table).toBe(table.checksum);
    }
    expect(report.rows).toBe(report.tables.reduce((sum, t) => sum + t.rows, 0));
    const [mail] = await target.query<{ body: string; payload: { sum: number } }>(
      `select body, payload from notification_outbox where recipient = 'анна@пример.рф'`,
    );
    expect(mail!.body).toBe('Строка с "кавычками", \\ и\nпереводом строки');
    expect(mail!.payload.sum).toBe(1999000);
    // The generated search vector is computed by the target and finds the products.
    const [found] = await target.query<{ n: number }>(
      `select count(*)::int as n from products where search_vector @@ plainto_tsquery('russian', 'смартфон')`,
    );
    expect(found!.n).toBeGreaterThan(0);
    // A new row continues the source's sequence instead of colliding with a copied id.
    const [{ max }] = (await source.query<{ max: number }>('select max(id)::int as max from notification_outbox')) as [
      { max: number },
    ];
    const [inserted] = await target.query<{ id: number }>(
      `insert into notification_outbox (channel, recipient, template, body) values ('sms', '+79990000000', 't', 'b') returning id`,
    );
    expect(inserted!.id).toBe(max + 1);
  });

  it('refuses a target that is not empty, and leaves it as it was', async () => {
    const [before] = await target.query<{ n: number }>('select count(*)::int as n from products');
    await expect(moveDatabase(source, target)).rejects.toThrow(MoveRefusedError);
    await expect(moveDatabase(source, target)).rejects.toThrow(/Целевая база не пуста/);
    const [after] = await target.query<{ n: number }>('select count(*)::int as n from products');
    expect(after!.n).toBe(before!.n);
  });
});
