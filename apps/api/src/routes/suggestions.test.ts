import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cityStreets, createDadataAddressSuggestions, demoCompanies } from '../adapters/address-suggestions.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { TestSession } from '../test/session.ts';

type Suggestions = { suggestions: { value: string; data: Record<string, string | number | null> }[] };

let h: Harness;
let s: TestSession;
let city: { id: number; name: string };
beforeAll(async () => {
  h = await createHarness();
  s = new TestSession(h, '10.2.0.1');
  [city] = (await h.handle.query<{ id: number; name: string }>(
    `select id, name from cities where alias = 'moskva'`,
  )) as [{ id: number; name: string }];
});
afterAll(() => h.close());

describe('address suggestions (local, from the demo cities)', () => {
  it('are the same streets for a city every time', () => {
    expect(cityStreets(city.id, city.name)).toEqual(cityStreets(city.id, city.name));
    expect(cityStreets(city.id, city.name).length).toBeGreaterThanOrEqual(12);
  });

  it('suggest streets of the city by the start of a word, then houses', async () => {
    const street = cityStreets(city.id, city.name)[0]!;
    const prefix = street.name.slice(0, 4);
    const streets = await s.call<Suggestions>('POST', '/api/dadata/suggest/address', {
      query: prefix,
      locations: [{ city: city.name }],
    });
    expect(streets.status).toBe(200);
    expect(streets.body.suggestions.map((x) => x.value)).toContain(`г ${city.name}, ${street.type} ${street.name}`);
    const houses = await s.call<Suggestions>('POST', '/api/dadata/suggest/address', {
      query: `${street.name} 1`,
      count: 5,
      locations: [{ city: city.name }],
    });
    expect(houses.body.suggestions).toHaveLength(5);
    expect(houses.body.suggestions[0]).toMatchObject({
      value: `г ${city.name}, ${street.type} ${street.name}, д 1`,
      data: { house: '1', city: city.name, street: street.name },
    });
  });

  it('clean an address typed in one line', async () => {
    const street = cityStreets(city.id, city.name)[1]!;
    const answer = await s.call<{ result: string; house: string; flat: string; qc: number }[]>(
      'POST',
      '/api/dadata/clean/address',
      [`${city.name} ${street.name} 3 кв 12`],
    );
    expect(answer.body[0]).toMatchObject({ house: '3', flat: '12', qc: 0 });
  });

  it('find a demo company by tax id and by name', async () => {
    const company = demoCompanies()[0]!;
    const byInn = await s.call<Suggestions>('POST', '/api/dadata/find-party', { query: company.inn });
    expect(byInn.body.suggestions[0]?.data.inn).toBe(company.inn);
    const byName = await s.call<Suggestions>('POST', '/api/dadata/suggest/party', { query: 'ромаш' });
    expect(byName.body.suggestions[0]?.value).toBe('ООО «Ромашка»');
    const bad = await s.call<{ errors: Record<string, string[]> }>('POST', '/api/dadata/find-party', { query: '12' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors.query).toEqual(['ИНН — 10 или 12 цифр.']);
  });

  it('reject an unknown kind', async () => {
    expect((await s.call('POST', '/api/dadata/suggest/bank', { query: 'x' })).status).toBe(422);
  });
});

describe('the DaData adapter', () => {
  it('sends the documented request shape', async () => {
    const seen: { url: string; init: RequestInit }[] = [];
    const fake = (async (url: string, init: RequestInit) => {
      seen.push({ url, init });
      return Response.json({ suggestions: [] });
    }) as unknown as typeof fetch;
    await createDadataAddressSuggestions('KEY', 'SECRET', fake).suggest('address', 'Тверская', {
      count: 3,
      city: 'Москва',
    });
    expect(seen[0]!.url).toBe('https://suggestions.dadata.ru/suggestions/api/4_1/rs/suggest/address');
    expect((seen[0]!.init.headers as Record<string, string>).authorization).toBe('Token KEY');
    expect(JSON.parse(String(seen[0]!.init.body))).toEqual({
      query: 'Тверская',
      count: 3,
      locations: [{ city: 'Москва' }],
    });
  });
});
