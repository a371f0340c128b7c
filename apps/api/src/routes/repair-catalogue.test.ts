import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { repairDiscountPrice } from '@store/domain';
import { createHarness, type Harness } from '../test/api-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

interface Problem {
  id: number;
  name: string;
  cost_from: number;
  cost_to: number;
  discount_price_from: number;
  discount_price_to: number;
}

describe('repair catalogue calls (SPEC §7 Repair service)', () => {
  it('lists device types, large appliances by format=major-appliance', async () => {
    const all = await h.json<{ id: number; code: string; format: string }[]>('/api/v1/device-types');
    expect(all.status).toBe(200);
    expect(all.body.map((t) => t.code)).toEqual(
      expect.arrayContaining(['smartphones', 'laptops', 'tv', 'washing-machines', 'fridges']),
    );
    const major = await h.json<{ code: string; format: string }[]>('/api/v1/device-types?format=major-appliance');
    expect(major.body.length).toBeGreaterThanOrEqual(3);
    expect(major.body.every((t) => t.format === 'major-appliance')).toBe(true);
    expect(major.body.map((t) => t.code)).toContain('washing-machines');
    expect(major.body.map((t) => t.code)).not.toContain('smartphones');
    expect((await h.call('/api/v1/device-types?format=huge')).status).toBe(422);
  });

  it("answers a type's problems with a cost range in kopecks and the 90 % price", async () => {
    const problems = await h.json<Problem[]>('/api/v1/device-types/1/problems');
    expect(problems.status).toBe(200);
    expect(problems.body.length).toBeGreaterThan(3);
    for (const p of problems.body) {
      expect(Number.isInteger(p.cost_from)).toBe(true);
      expect(p.cost_from).toBeLessThanOrEqual(p.cost_to);
      expect(p.discount_price_from).toBe(Math.round(p.cost_from * 0.9));
      expect(p.discount_price_to).toBe(repairDiscountPrice(p.cost_to));
    }
    expect((await h.call('/api/v1/device-types/999/problems')).status).toBe(404);
  });

  it('walks brands → models → model problems, a model costing within its type range', async () => {
    const brands = await h.json<{ id: number; code: string }[]>('/api/v1/brands?device_type_id=1');
    const apple = brands.body.find((b) => b.code === 'apple')!;
    expect(apple).toBeDefined();
    expect(brands.body.map((b) => b.code)).not.toContain('atlant');
    const models = await h.json<{ id: number; name: string; device_type_id: number }[]>(
      `/api/v1/brands/${apple.id}/models?device_type_id=1`,
    );
    expect(models.body.map((m) => m.name)).toContain('iPhone 15');
    expect(models.body.every((m) => m.device_type_id === 1)).toBe(true);
    const cheap = models.body.find((m) => m.name === 'iPhone 13')!;
    const dear = models.body.find((m) => m.name.includes('Pro Max'))!;
    const typeProblems = (await h.json<Problem[]>('/api/v1/device-types/1/problems')).body;
    const cheapProblems = (await h.json<Problem[]>(`/api/v1/models/${cheap.id}/problems`)).body;
    const dearProblems = (await h.json<Problem[]>(`/api/v1/models/${dear.id}/problems`)).body;
    expect(cheapProblems.map((p) => p.id)).toEqual(typeProblems.map((p) => p.id));
    const screen = (list: Problem[]) => list.find((p) => p.name === 'Разбит экран')!;
    expect(screen(dearProblems).cost_from).toBeGreaterThan(screen(cheapProblems).cost_from);
    for (const p of cheapProblems) {
      const range = typeProblems.find((t) => t.id === p.id)!;
      expect(p.cost_from).toBeGreaterThanOrEqual(range.cost_from);
      expect(p.cost_to).toBeLessThanOrEqual(range.cost_to);
      expect(p.discount_price_from).toBe(repairDiscountPrice(p.cost_from));
    }
    // A washing machine brand has washing machines, not phones.
    const washers = await h.json<{ code: string; id: number }[]>('/api/v1/brands?device_type_id=6');
    expect(washers.body.map((b) => b.code)).toEqual(expect.arrayContaining(['lg', 'bosch', 'atlant']));
    expect(washers.body.map((b) => b.code)).not.toContain('apple');
    expect((await h.call('/api/v1/brands/99999/models')).status).toBe(404);
    expect((await h.call('/api/v1/models/2147483647/problems')).status).toBe(404);
    expect((await h.call('/api/v1/models/abc/problems')).status).toBe(422);
  });

  it('service centres of a repair brand come from /v2/service-centers (type 99)', async () => {
    const centres = await h.json<{ type: number; brand_codes?: string[] }[]>(
      '/api/v2/service-centers?city_id=1&brand_code=samsung&expand=type',
    );
    expect(centres.status).toBe(200);
    expect(centres.body.length).toBeGreaterThan(0);
    expect(centres.body.every((s) => s.type === 99 && s.brand_codes!.includes('samsung'))).toBe(true);
  });
});
