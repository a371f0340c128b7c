import { randomInt } from 'node:crypto';
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { getCookie } from 'hono/cookie';
import { BRANCH_COOKIE_MAX_AGE_S, COOKIE, DEFAULT_BRANCH } from '@store/domain';
import { cached } from '../cache.ts';
import { listBranches, listFeatures } from '../data/experiments.ts';
import type { ApiEnv } from '../http/env.ts';
import { commonQuery } from '../http/params.ts';
import { BranchSchema, FeatureSchema, invalidInput } from '../schemas/shell.ts';

const invalid = invalidInput;
const branchParam = z
  .string()
  .regex(/^[A-Z]$/, 'Ветка — одна заглавная латинская буква')
  .optional();

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

export function registerExperimentRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(features, async (c) => {
    const deps = c.get('deps');
    const branchCode = c.req.valid('query').branch ?? DEFAULT_BRANCH;
    // Asked on every page render; a flag switched by an operator applies within a minute.
    const rows = await cached(deps.cache, `features:${branchCode}`, FEATURES_CACHE_MS, () =>
      listFeatures(deps.handle.db, branchCode),
    );
    return c.json(
      rows.map((r) => ({ key: r.key, is_active: r.isActive, featureValue: r.featureValue })),
      200,
    );
  });

  app.openapi(branch, async (c) => {
    const branches = await listBranches(c.get('deps').handle.db);
    const current = getCookie(c, COOKIE.branch);
    const known = branches.find((b) => b.code === current);
    const total = branches.reduce((sum, b) => sum + Math.max(0, b.weight), 0);
    const code = known ? known.code : total > 0 ? pickBranch(branches, randomInt(total)) : DEFAULT_BRANCH;
    return c.json({ code, max_age: BRANCH_COOKIE_MAX_AGE_S }, 200);
  });
}
