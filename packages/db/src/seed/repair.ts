// The repair catalogue in the database (issue 18): device types, their problems, and each catalogue model's
// cost range per problem. Deterministic: the same seed gives the same rows. `ensureRepairCatalogue` fills a
// database seeded before migration 0018 (idempotent: it writes nothing when the types are there).
import type { DatabaseHandle } from '../index.ts';
import type { Catalog } from './catalog.ts';
import { buildCatalog } from './catalog.ts';
import { col, insertAll } from './bulk.ts';
import { REPAIR_DEVICE_TYPES, modelRepairCost, repairProblemId } from './data/repair.ts';

export async function insertRepairCatalogue(handle: DatabaseHandle, catalog: Catalog): Promise<void> {
  await insertAll(
    handle,
    'repair_device_types',
    [
      col('id', 'int'),
      col('code', 'text'),
      col('name', 'text'),
      col('format', 'text'),
      col('category_id', 'int'),
      col('sort', 'int'),
    ],
    REPAIR_DEVICE_TYPES.map((t, i) => [t.id, t.code, t.name, t.format, t.categoryId, (i + 1) * 10]),
  );
  await insertAll(
    handle,
    'repair_problems',
    [
      col('id', 'int'),
      col('device_type_id', 'int'),
      col('code', 'text'),
      col('name', 'text'),
      col('description', 'text'),
      col('cost_from', 'int'),
      col('cost_to', 'int'),
      col('duration', 'text'),
      col('sort', 'int'),
    ],
    REPAIR_DEVICE_TYPES.flatMap((t) =>
      t.problems.map((p, i) => [
        repairProblemId(t.id, i),
        t.id,
        p.code,
        p.name,
        p.description,
        p.costFrom,
        p.costTo,
        p.duration,
        (i + 1) * 10,
      ]),
    ),
  );
  const rows: (number | string)[][] = [];
  for (const type of REPAIR_DEVICE_TYPES) {
    const leaf = catalog.leafById.get(type.categoryId);
    if (!leaf) throw new Error(`Repair device type ${type.code} names category ${type.categoryId}, not a leaf`);
    for (const series of leaf.series)
      for (const model of series.models)
        type.problems.forEach((problem, i) => {
          const cost = modelRepairCost(problem, model.tier);
          rows.push([model.id, repairProblemId(type.id, i), cost.costFrom, cost.costTo]);
        });
  }
  await insertAll(
    handle,
    'repair_model_problems',
    [col('model_id', 'int'), col('problem_id', 'int'), col('cost_from', 'int'), col('cost_to', 'int')],
    rows,
  );
}

/** Fills the repair catalogue of a database seeded before it existed; nothing when it is there. */
export async function ensureRepairCatalogue(handle: DatabaseHandle, seed: number): Promise<boolean> {
  const [row] = await handle.query<{ present: boolean }>(
    'SELECT EXISTS (SELECT 1 FROM repair_device_types) AS present',
  );
  if (row?.present) return false;
  await insertRepairCatalogue(handle, buildCatalog(seed));
  return true;
}
