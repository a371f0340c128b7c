import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { City } from '../schemas/shell.ts';
import type { ApiErrorBody } from '../http/errors.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h.close();
});

describe('GET /api/v2/cities', () => {
  it('lists cities with pagination headers', async () => {
    const { status, body, headers } = await h.json<City[]>('/api/v2/cities?per_page=10&page=2');
    expect(status).toBe(200);
    expect(body).toHaveLength(10);
    const total = Number(headers.get('x-pagination-total-count'));
    expect(total).toBeGreaterThanOrEqual(30);
    expect(headers.get('x-pagination-page-count')).toBe(String(Math.ceil(total / 10)));
    expect(headers.get('x-pagination-current-page')).toBe('2');
    expect(headers.get('x-pagination-per-page')).toBe('10');
  });

  it('answers only the count header for per_page 0', async () => {
    const { body, headers } = await h.json<City[]>('/api/v2/cities?per_page=0');
    expect(body).toEqual([]);
    expect(Number(headers.get('x-pagination-total-count'))).toBeGreaterThanOrEqual(30);
  });

  it('finds a city by the start of its Russian name, case-insensitively', async () => {
    const { body } = await h.json<City[]>(`/api/v2/cities?query=${encodeURIComponent('санкт')}`);
    expect(body.map((c) => c.alias)).toContain('sankt-peterburg');
    expect(body.every((c) => c.name.toLowerCase().includes('санкт'))).toBe(true);
  });

  it('treats LIKE wildcards in the query as text', async () => {
    const { body } = await h.json<City[]>('/api/v2/cities?query=%25');
    expect(body).toEqual([]);
  });

  it('expands only what is asked for', async () => {
    const { body } = await h.json<City[]>('/api/v2/cities?per_page=1&expand=zone');
    expect(body[0]!.zone).toBeDefined();
    expect(body[0]!.territory_name).toBeUndefined();
    const both = await h.json<City[]>('/api/v2/cities?per_page=1&expand=zone,territory_name');
    expect(both.body[0]!.territory_name).toEqual(expect.any(String));
  });

  it('accepts comma-joined ids', async () => {
    const { body } = await h.json<City[]>('/api/v2/cities?ids=1,2');
    expect(body.map((c) => c.id).sort()).toEqual([1, 2]);
  });

  it('rejects per_page over 100 with a field error', async () => {
    const { status, body } = await h.json<ApiErrorBody>('/api/v2/cities?per_page=101');
    expect(status).toBe(422);
    expect(body.status).toBe(422);
    expect(body.errors.per_page).toEqual(['Значение должно быть не больше 100.']);
  });

  it('rejects a non-numeric city_id on any call in the SPEC wording', async () => {
    const { status, body } = await h.json<ApiErrorBody>('/api/v2/cities?city_id=abc');
    expect(status).toBe(422);
    expect(body.errors.city_id).toEqual(['Допустимы только цифры.']);
  });
});

describe('single cities', () => {
  it('returns moskva as city 1 with its phone, coordinates and delivery types', async () => {
    const { status, body } = await h.json<City>('/api/v2/cities/1');
    expect(status).toBe(200);
    expect(body.alias).toBe('moskva');
    expect(body.has_mkad).toBe(true);
    expect(body.has_metro).toBe(true);
    expect(body.delivery_type_ids.length).toBeGreaterThan(0);
    expect(body.coordinates.latitude).toBeCloseTo(55.75, 0);
  });

  it('finds a city by alias', async () => {
    const { body } = await h.json<City>('/api/v2/cities/alias/sankt-peterburg');
    expect(body.name).toBe('Санкт-Петербург');
    expect(body.declension.prepositional).toMatch(/Санкт-Петербург/);
  });

  it('answers 404 JSON for an unknown city', async () => {
    const { status, body } = await h.json<ApiErrorBody>('/api/v2/cities/999999');
    expect(status).toBe(404);
    expect(body).toEqual({ status: 404, message: 'Город не найден', errors: {} });
  });

  it('lists the priority cities, all flagged', async () => {
    const { body } = await h.json<City[]>('/api/v2/cities/priority-cities');
    expect(body.length).toBeGreaterThanOrEqual(5);
    expect(body.every((c) => c.is_priority)).toBe(true);
    expect(body.map((c) => c.alias)).toContain('moskva');
  });
});
