// Migration 0010: the account's own reviews and questions are read by owner (and type) through an index.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/api-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

describe('comments_owner_idx', () => {
  it('indexes comments by owner_id, then type', async () => {
    const rows = await h.handle.query<{ indexdef: string }>(
      `select indexdef from pg_indexes where tablename = 'comments' and indexname = 'comments_owner_idx'`,
    );
    expect(rows.map((r) => r.indexdef)).toEqual([
      'CREATE INDEX comments_owner_idx ON public.comments USING btree (owner_id, type)',
    ]);
  });
});
