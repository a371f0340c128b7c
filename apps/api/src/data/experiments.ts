// All SQL about feature flags and A/B branches.
import { and, asc, eq, isNull, or } from 'drizzle-orm';
import { schema, type Database } from '@store/db';
import { cachedReference } from '../reference-data.ts';

const { featureFlags, abBranches } = schema;

export interface FeatureRow {
  key: string;
  isActive: boolean;
  featureValue: unknown;
  branch: string | null;
}

/** Flags for a branch; a branch-specific row overrides the row for every branch. */
export async function listFeatures(db: Database, branch: string): Promise<FeatureRow[]> {
  const rows = await db
    .select({ key: featureFlags.key, isActive: featureFlags.isActive, featureValue: featureFlags.featureValue, branch: featureFlags.branch })
    .from(featureFlags)
    .where(or(isNull(featureFlags.branch), eq(featureFlags.branch, branch)))
    .orderBy(asc(featureFlags.key));
  const byKey = new Map<string, FeatureRow>();
  for (const row of rows) {
    const existing = byKey.get(row.key);
    if (!existing || (existing.branch === null && row.branch !== null)) byKey.set(row.key, row);
  }
  return [...byKey.values()];
}

export function listBranches(db: Database): Promise<readonly { code: string; weight: number }[]> {
  return cachedReference(db, 'branches', () => readBranches(db));
}

async function readBranches(db: Database) {
  return db.select({ code: abBranches.code, weight: abBranches.weight }).from(abBranches).orderBy(asc(abBranches.code));
}

export async function branchExists(db: Database, code: string): Promise<boolean> {
  const rows = await db.select({ code: abBranches.code }).from(abBranches).where(and(eq(abBranches.code, code))).limit(1);
  return rows.length > 0;
}
