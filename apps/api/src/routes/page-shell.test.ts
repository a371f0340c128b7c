// GET /api/v3/page-shell (decision 0046): one answer holds what the shell's nine calls held, and each part
// agrees with its own operation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiErrorBody } from '../http/errors.ts';
import type { City } from '../schemas/shell.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';
import type { PageShell } from './page-shell.ts';

let h: Harness;
let kazan: City;

beforeAll(async () => {
  h = await createHarness();
  kazan = (await h.json<City>('/api/v2/cities/alias/kazan')).body;
});
afterAll(async () => {
  await h.close();
});

const shell = async (query: Record<string, string>) => {
  const answer = await h.json<PageShell>(`/api/v3/page-shell?${new URLSearchParams(query)}`);
  expect(answer.status).toBe(200);
  return answer.body;
};

describe('the page shell in one answer', () => {
  it("holds the branch's menus, flags and banner and the priority cities, as their own operations answer them", async () => {
    const body = await shell({ url: '/', branch: 'B' });
    expect(body.branch).toBe('B');
    expect(body.static_menu).toEqual((await h.json('/api/v3/menu/static?branch=B')).body);
    expect(body.events_menu).toEqual((await h.json('/api/v2/events-menu/?branch=B')).body);
    expect(body.features).toEqual((await h.json('/api/v2/ab-test/features?branch=B')).body);
    expect(body.priority_cities).toEqual((await h.json('/api/v2/cities/priority-cities')).body);
    const banners = await h.json<{ banner: unknown }[]>('/api/v2/banner-type?type=so-topline-desktop&url=/');
    expect(body.top_banner).toEqual(banners.body[0]?.banner ?? null);
    expect(body.static_menu.length).toBeGreaterThan(0);
  });

  it('draws a branch when the visitor has none', async () => {
    const body = await shell({ url: '/' });
    expect(['A', 'B']).toContain(body.branch);
  });

  it("finds the route's, the cookie's and the geo header's city and the default; an unknown alias is null", async () => {
    const body = await shell({ url: '/', route_city: 'kazan', cookie_city_id: String(kazan.id), geo_city: 'no-such' });
    expect(body.cities.route).toEqual(kazan);
    expect(body.cities.cookie).toEqual(kazan);
    expect(body.cities.header).toBeNull();
    expect(body.cities.default?.alias).toBe('moskva');
    const none = await shell({ url: '/', geo_city: 'x'.repeat(500) });
    expect(none.cities).toMatchObject({ route: null, cookie: null, header: null });
  });

  it('answers the SEO of the path only when asked, as /v3/seo does', async () => {
    expect((await shell({ url: '/' })).seo).toBeNull();
    const home = await shell({ url: '/', seo: '1' });
    expect(home.seo).toEqual({ status: 'page', page: (await h.json('/api/v3/seo?url=/')).body });
    const search = await shell({ url: '/search', seo: '1', query: 'холодильник' });
    expect(search.seo).toMatchObject({ status: 'page', page: { h1: 'Результаты поиска «холодильник»' } });
  });

  it('answers a redirect, a path that is no page and a refused search text as SEO statuses, not errors', async () => {
    const [row] = await h.handle.query<{ from_path: string; to_url: string; code: number }>(
      'select from_path, to_url, code from redirects order by from_path limit 1',
    );
    const moved = await shell({ url: row!.from_path, seo: '1' });
    expect(moved.seo).toEqual({ status: 'redirect', redirect: { url: row!.to_url, code: row!.code } });
    for (const url of ['/no-such-page', '//evil.example', `/${'a'.repeat(2001)}`]) {
      const body = await shell({ url, seo: '1' });
      expect(body.seo, url).toEqual({ status: 'missing' });
      expect(body.top_banner === null || url === '/no-such-page', url).toBe(true);
    }
    const refused = await shell({ url: '/search', seo: '1', query: 'я'.repeat(201) });
    expect(refused.seo).toEqual({ status: 'refused' });
  });

  it('refuses a malformed branch or city id with the field', async () => {
    const branch = await h.json<ApiErrorBody>('/api/v3/page-shell?url=/&branch=abc');
    expect(branch.status).toBe(422);
    expect(Object.keys(branch.body.errors)).toEqual(['branch']);
    const city = await h.json<ApiErrorBody>(`/api/v3/page-shell?url=/&cookie_city_id=${2 ** 31}`);
    expect(Object.keys(city.body.errors)).toEqual(['cookie_city_id']);
    expect((await h.json<ApiErrorBody>('/api/v3/page-shell')).status).toBe(422);
  });
});
