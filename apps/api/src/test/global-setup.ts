// Runs once per test run: builds a migrated, seeded template database that every test file copies.
// PGlite: a data-directory dump loaded into a fresh in-memory instance per file.
// PostgreSQL (TEST_DATABASE_URL): a template database cloned with CREATE DATABASE … TEMPLATE.
import fs from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '@store/db';
import { seedDatabase } from '@store/db/seed';

export const TEST_PRODUCTS = 400;
export const TEST_SEED = 42;
const dumpPath = path.resolve('.tmp/test-template.tar.gz');

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (project.name === 'api-postgres' && serverUrl) {
    const template = `store_test_template_${process.pid}`;
    const admin = await openDatabase({ databaseUrl: serverUrl, maxConnections: 1 });
    await admin.exec(`drop database if exists ${template}`);
    await admin.exec(`create database ${template}`);
    const url = new URL(serverUrl);
    url.pathname = `/${template}`;
    const handle = await openDatabase({ databaseUrl: url.toString(), maxConnections: 2 });
    await migrateDatabase(handle);
    await seedDatabase(handle, { products: TEST_PRODUCTS, seed: TEST_SEED });
    await handle.close();
    project.provide('testDatabase', { kind: 'postgres', serverUrl, template });
    return async () => {
      await admin.exec(`drop database if exists ${template}`);
      await admin.close();
    };
  }
  const handle = await openDatabase({ dataDir: 'memory://' });
  await migrateDatabase(handle);
  await seedDatabase(handle, { products: TEST_PRODUCTS, seed: TEST_SEED });
  const dump = await handle.pglite!.dumpDataDir('gzip');
  await handle.close();
  fs.mkdirSync(path.dirname(dumpPath), { recursive: true });
  fs.writeFileSync(dumpPath, Buffer.from(await dump.arrayBuffer()));
  project.provide('testDatabase', { kind: 'pglite', dumpPath });
  return undefined;
}

declare module 'vitest' {
  export interface ProvidedContext {
    testDatabase: { kind: 'pglite'; dumpPath: string } | { kind: 'postgres'; serverUrl: string; template: string };
  }
}
