// What a store instance does to its database before it takes shoppers: migrate, then fill an empty
// database with the demo data (or finish an interrupted seeding), or add the repair catalogue to an old one.
// Several instances started together on one server take turns (decision 0040): migrations run under the
// `migrate` lock (migrateDatabase), the demo data under `seed`, so the first fills the database while the
// others wait and then find it seeded, instead of mistaking its seeding in progress for an interrupted one
// and truncating it.
import { isSeeded, migrateDatabase, type DatabaseHandle } from '../index.ts';
import { DEFAULT_SEED, ensureRepairCatalogue, seedDatabase } from './index.ts';

export interface StartUpOptions {
  /** Products of the demo data when the database is empty. */
  products: number;
  log?: (msg: string, fields?: Record<string, unknown>) => void;
  /** Called once the migrations are applied (the readiness check moves from «migrating» to «starting»). */
  onMigrated?: () => void;
}

export type StartUpResult = 'seeded' | 'repair-catalogue-added' | 'ready';

export async function prepareDatabase(handle: DatabaseHandle, options: StartUpOptions): Promise<StartUpResult> {
  const log = options.log ?? (() => {});
  await migrateDatabase(handle);
  options.onMigrated?.();
  return handle.exclusive('seed', async () => {
    if (await isSeeded(handle))
      return (await ensureRepairCatalogue(handle, DEFAULT_SEED)) ? 'repair-catalogue-added' : 'ready';
    log('empty database: generating demo data', { products: options.products });
    const result = await seedDatabase(handle, { products: options.products, log: (msg) => log(msg) });
    log('demo data ready', { products: result.products, ms: result.durationMs });
    return 'seeded';
  });
}
