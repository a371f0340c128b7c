import { randomInt } from 'node:crypto';
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { getCookie } from 'hono/cookie';
import { BRANCH_COOKIE_MAX_AGE_S, COOKIE, DEFAULT_BRANCH } from '@store/domain';
import { cached } from '../cache.ts';
import { listBranches, listFeatures } from '../data/experiments.ts';
import type { ApiEnv } from '../http/env.ts';
import { branchParam, commonQuery } from '../http/params.ts';
import { BranchSchema, FeatureSchema, invalidInput } from '../schemas/shell.ts';

const invalid = invalidInput;

const features = createRoute({
  method: 'get',
  path: '/v2/ab-test/features',
  tags: ['Experiments'],
  summary: 'Feature flags for a branch',
  request: { query: z.object({ ...commonQuery, branch: branchParam }) },
  responses: {
    200: { description: 'Flags', content: { 'application/json': { schema: z.array(FeatureSchema) } } },
    ...invalid,
  },
});

const branch = createRoute({
  method: 'get',
  path: '/v2/branch/get',
  tags: ['Experiments'],
  summary: 'The A/B branch of this visitor: kept from the branch cookie, else drawn by weight',
  request: { query: z.object({ ...commonQuery }) },
  responses: { 200: { description: 'Branch', content: { 'application/json': { schema: BranchSchema } } }, ...invalid },
});

/** Draws a branch by weight; r is a number in [0, total). */
export function pickBranch(branches: readonly { code: string; weight: number }[], r: number): string {
  let acc = 0;
  for (const b of branches) {
    acc += b.weight;
    if (r < acc) return b.code;
  }
  return DEFAULT_BRANCH;
}

const FEATURES_CACHE_MS = 60_000;

type Deps = ApiEnv['Variables']['deps'];

/** A branch's feature flags; asked on every page render, so a switched flag applies within a minute. */
export const loadFeatures = async (deps: Deps, branchCode: string) =>
  (
    await cached(deps.cache, `features:${branchCode}`, FEATURES_CACHE_MS, () =>
      listFeatures(deps.handle.db, branchCode),
    )
  ).map((r) => ({ key: r.key, is_active: r.isActive, featureValue: r.featureValue }));

/** The visitor's branch: `current` when it is one of the branches, else one drawn by weight. */
export async function chooseBranch(deps: Deps, current: string | undefined): Promise<string> {
  const branches = await listBranches(deps.handle.db);
  const known = branches.find((b) => b.code === current);
  return known ? known.code : drawBranch(branches);
}

/** A branch drawn by weight (the default one when no branch has a weight). */
function drawBranch(branches: readonly { code: string; weight: number }[]): string {
  const total = branches.reduce((sum, b) => sum + Math.max(0, b.weight), 0);
  return total > 0 ? pickBranch(branches, randomInt(total)) : DEFAULT_BRANCH;
}

/** How old the branches a draw without waiting uses may be (a changed weight applies within this). */
export const BRANCH_SNAPSHOT_MS = 10_000;

/**
 * A branch drawn at once, for a page-cache hit answered on the socket (decision 0069): by weight from the
 * branches read at most BRANCH_SNAPSHOT_MS ago; null until the first read is done (that visitor's page
 * takes the ordinary way, whose branch call draws the same way).
 */
export function branchDrawer(db: Parameters<typeof listBranches>[0], now = () => performance.now()) {
  let branches: readonly { code: string; weight: number }[] | null = null;
  let readAt = -Infinity;
  let reading = false;
  return (): string | null => {
    if (!reading && now() - readAt > BRANCH_SNAPSHOT_MS) {
      reading = true;
      listBranches(db).then(
        (list) => {
          branches = list;
          readAt = now();
          reading = false;
        },
        () => (reading = false),
      );
    }
    return branches ? drawBranch(branches) : null;
  };
}

export function registerExperimentRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(features, async (c) => {
    return c.json(await loadFeatures(c.get('deps'), c.req.valid('query').branch ?? DEFAULT_BRANCH), 200);
  });

  app.openapi(branch, async (c) => {
    const code = await chooseBranch(c.get('deps'), getCookie(c, COOKIE.branch));
    return c.json({ code, max_age: BRANCH_COOKIE_MAX_AGE_S }, 200);
  });
}
