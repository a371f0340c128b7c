// The reference-data cache: a changed row is seen after invalidate() (the write's version bump) or
// once the TTL ends, never before; with Redis another instance sees the bump.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ReferenceData } from './reference-data.ts';
import { createHarness, type Harness } from './test/api-harness.ts';
import type { Banner, Breadcrumb, Seo } from './schemas/shell.ts';

describe('ReferenceData', () => {
  it('loads once, serves the copy until the TTL ends, then loads again', async () => {
    let now = 1000;
    let loads = 0;
    const reference = new ReferenceData({ ttlMs: 60_000, now: () => now });
    const load = async () => ++loads;
    expect(await reference.get('k', load)).toBe(1);
    expect(await reference.get('k', load)).toBe(1);
    now += 59_999;
    expect(await reference.get('k', load)).toBe(1);
    now += 1;
    expect(await reference.get('k', load)).toBe(2);
  });

  it('drops every entry on invalidate(), and keeps no value loaded across a bump', async () => {
    let loads = 0;
    const reference = new ReferenceData({ ttlMs: 60_000 });
    expect(await reference.get('k', async () => ++loads)).toBe(1);
    await reference.invalidate();
    expect(await reference.get('k', async () => ++loads)).toBe(2);
    // A load that started before a bump answers its caller but is not kept.
    let release!: () => void;
    const slow = reference.get('slow', () => new Promise<string>((resolve) => (release = () => resolve('old'))));
    await reference.invalidate();
    release();
    expect(await slow).toBe('old');
    expect(await reference.get('slow', async () => 'new')).toBe('new');
  });

  it('shares one load between parallel callers and keeps nothing from a failed load', async () => {
    let loads = 0;
    const reference = new ReferenceData({ ttlMs: 60_000 });
    const [a, b] = await Promise.all([
      reference.get('k', async () => ++loads),
      reference.get('k', async () => ++loads),
    ]);
    expect([a, b, loads]).toEqual([1, 1, 1]);
    await expect(reference.get('bad', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await reference.get('bad', async () => 'ok')).toBe('ok');
  });

  it('with a TTL of 0 reads every time', async () => {
    let loads = 0;
    const reference = new ReferenceData({ ttlMs: 0 });
    await reference.get('k', async () => ++loads);
    await reference.get('k', async () => ++loads);
    expect(loads).toBe(2);
  });

  it('forgets the least recently used entry beyond maxEntries', async () => {
    let loads = 0;
    const reference = new ReferenceData({ ttlMs: 60_000, maxEntries: 2 });
    await reference.get('a', async () => ++loads);
    await reference.get('b', async () => ++loads);
    await reference.get('a', async () => ++loads); // a is now the most recent
    await reference.get('c', async () => ++loads); // b goes
    expect(await reference.get('a', async () => -1)).toBe(1);
    expect(await reference.get('b', async () => -1)).toBe(-1);
  });
});

// .ci/run starts a Redis server and sets TEST_REDIS_URL; elsewhere the shared version is not tested.
describe.skipIf(!process.env.TEST_REDIS_URL)('ReferenceData with Redis', () => {
  it('a bump in one instance reaches another within checkEveryMs', async () => {
    const url = process.env.TEST_REDIS_URL!;
    const one = new ReferenceData({ ttlMs: 60_000, redisUrl: url, checkEveryMs: 0 });
    const two = new ReferenceData({ ttlMs: 60_000, redisUrl: url, checkEveryMs: 0 });
    try {
      expect(await two.get('k', async () => 'first')).toBe('first');
      expect(await two.get('k', async () => 'second')).toBe('first');
      await one.invalidate();
      expect(await two.get('k', async () => 'second')).toBe('second');
    } finally {
      await one.close();
      await two.close();
    }
  });
});

describe('reference data read by the API', () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(async () => {
    await h.close();
  });

  it('a changed SEO record, redirect, category name and banner are served after invalidate()', async () => {
    const [category] = await h.handle.query<{ id: number; code: string; name: string }>(
      'select id, code, name from categories where id = 224',
    );
    const path = `/catalog/${category!.code}/${category!.id}`;
    const seoUrl = `/api/v3/seo?url=${encodeURIComponent(path)}`;
    const crumbsUrl = `/api/v2/breadcrumbs?url=${encodeURIComponent(path)}`;
    const bannerUrl = '/api/v2/banner-type?type=so-topline-desktop';
    const before = (await h.json<Seo>(seoUrl)).body;
    const crumbsBefore = (await h.json<Breadcrumb[]>(crumbsUrl)).body;
    const bannersBefore = (await h.json<{ banner: Banner }[]>(bannerUrl)).body;
    expect(crumbsBefore.at(-1)!.text).toBe(before.h1);
    expect(bannersBefore.length).toBeGreaterThan(0);
    expect((await h.json('/api/v3/seo?url=%2Fold-phones')).status).toBe(404);

    await h.handle.query(
      `insert into seo_records (path, title, description, h1) values ($1, 'Новый заголовок', '', 'Новый H1')
       on conflict (path) do update set title = excluded.title, h1 = excluded.h1`,
      [path],
    );
    await h.handle.query(`update categories set name = 'Телефоны' where id = $1`, [category!.id]);
    await h.handle.query(`update banners set visible = false where type = 'so-topline-desktop'`);
    await h.handle.query(`insert into redirects (from_path, to_url, code) values ('/old-phones', $1, 301)`, [path]);

    // Until the version bump (or the TTL) the cached answers stay.
    expect((await h.json<Seo>(seoUrl)).body).toEqual(before);
    expect((await h.json(bannerUrl)).body).toEqual(bannersBefore);
    expect((await h.json('/api/v3/seo?url=%2Fold-phones')).status).toBe(404);

    await h.api.referenceData.invalidate();
    const after = (await h.json<Seo>(seoUrl)).body;
    expect(after).toMatchObject({ title: 'Новый заголовок', h1: 'Новый H1' });
    expect((await h.json<Breadcrumb[]>(crumbsUrl)).body.at(-1)!.text).toBe('Новый H1');
    expect((await h.json<unknown[]>(bannerUrl)).body).toEqual([]);
    const moved = await h.json<{ redirect: { url: string; code: number } }>('/api/v3/seo?url=%2Fold-phones');
    expect(moved.body.redirect).toEqual({ url: path, code: 301 });
    // The category's new name reaches the crumbs of a page without an SEO record.
    const [child] = await h.handle.query<{ id: number; code: string }>(
      `select id, code from categories where parent_id = $1 and status = 1 limit 1`,
      [category!.id],
    );
    if (child) {
      const crumbs = (await h.json<Breadcrumb[]>(`/api/v2/breadcrumbs?url=/catalog/${child.code}/${child.id}`)).body;
      expect(crumbs.map((c) => c.text)).toContain('Телефоны');
    }
  });

  it("a banner's active window is checked on every call, whatever the cache holds", async () => {
    const url = '/api/v2/banner?visible=1';
    const before = (await h.json<Banner[]>(url)).body;
    expect(before.length).toBeGreaterThan(1);
    const ending = before[0]!;
    await h.handle.query(`update banners set active_to = now() + interval '1 second' where id = $1`, [ending.id]);
    await h.api.referenceData.invalidate();
    expect((await h.json<Banner[]>(url)).body.map((b) => b.id)).toContain(ending.id);
    await new Promise((resolve) => setTimeout(resolve, 1100));
    // No invalidate(): the cached rows still hold the banner, its end is past.
    expect((await h.json<Banner[]>(url)).body.map((b) => b.id)).not.toContain(ending.id);
  });

  it('with REFERENCE_CACHE_TTL_S=0 a change is seen at once', async () => {
    const fresh = await createHarness({ REFERENCE_CACHE_TTL_S: '0' });
    try {
      const url = '/api/v2/banner-type?type=so-topline-desktop';
      expect((await fresh.json<unknown[]>(url)).body.length).toBeGreaterThan(0);
      await fresh.handle.query(`update banners set visible = false where type = 'so-topline-desktop'`);
      expect((await fresh.json<unknown[]>(url)).body).toEqual([]);
    } finally {
      await fresh.close();
    }
  });
});
