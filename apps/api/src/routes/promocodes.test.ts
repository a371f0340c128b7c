import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../test/api-harness.ts';

type Promocode = { action_id: number; promocode: string; discount: number; price_from: number | null };

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

describe('GET /api/v2/promocodes', () => {
  it('lists the running promocodes only: not the ended, the future or the hidden ones', async () => {
    const [ended] = await h.handle.query<{ id: number }>(
      `update actions set promocode = 'СТАРЫЙ' where ends_at < now() returning id`,
    );
    expect(ended).toBeDefined();
    await h.handle.query(
      `update actions set promocode = 'СКРЫТЫЙ', is_hidden = true
        where id = (select id from actions where promocode is null and ends_at is null order by id limit 1)`,
    );
    await h.handle.query(
      `update actions set promocode = 'ЗАВТРА', starts_at = now() + interval '1 day'
        where id = (select id from actions where promocode is null and not is_hidden order by id limit 1)`,
    );
    const answer = await h.json<Promocode[]>('/api/v2/promocodes');
    expect(answer.status).toBe(200);
    const codes = answer.body.map((p) => p.promocode);
    expect(codes).toContain('ХОЛОД2000');
    expect(codes).not.toContain('СТАРЫЙ');
    expect(codes).not.toContain('СКРЫТЫЙ');
    expect(codes).not.toContain('ЗАВТРА');
    const fridge = answer.body.find((p) => p.promocode === 'ХОЛОД2000')!;
    expect(fridge).toMatchObject({ discount: 2_000_00, price_from: 30_000_00 });
  });
});
