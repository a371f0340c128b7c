import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiErrorBody } from '../http/errors.ts';
import type { Banner, Breadcrumb, Category, CategoryDetail, Feature, MenuItem, Seo } from '../schemas/shell.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { BRANCH_SNAPSHOT_MS, branchDrawer } from './experiments.ts';

let h: Harness;
let category: { id: number; code: string; name: string; parent_id: number | null };
let product: { id: number; name: string; category_id: number };

beforeAll(async () => {
  h = await createHarness();
  const [c] = await h.handle.query<typeof category>('select id, code, name, parent_id from categories where id = 224');
  const [p] = await h.handle.query<typeof product>(
    'select id, name, category_id from products where status = 1 and category_id = 224 order by id limit 1',
  );
  if (!c || !p) throw new Error('the demo data has no smartphones');
  category = c;
  product = p;
});
afterAll(async () => {
  await h.close();
});

describe('menus', () => {
  it('returns the catalogue menu as a tree of top categories with children', async () => {
    const { status, body } = await h.json<MenuItem[]>('/api/v3/menu');
    expect(status).toBe(200);
    expect(body.length).toBeGreaterThanOrEqual(8);
    expect(body.map((i) => i.name)).toEqual(expect.arrayContaining(['Смартфоны и гаджеты', 'Бытовая техника']));
    expect(body.every((i) => i.parent_id === null)).toBe(true);
    const withChildren = body.find((i) => i.children.length > 0)!;
    expect(withChildren.children.every((c) => c.parent_id === withChildren.id)).toBe(true);
  });

  it('returns one subtree by parent_id', async () => {
    const { body: tree } = await h.json<MenuItem[]>('/api/v3/menu');
    const parent = tree.find((i) => i.children.length > 0)!;
    const { body } = await h.json<MenuItem[]>(`/api/v3/menu?parent_id=${parent.id}`);
    expect(body.map((i) => i.id)).toEqual(parent.children.map((i) => i.id));
  });

  it('returns the static links, the events strip and the footer', async () => {
    const statics = await h.json<MenuItem[]>('/api/v3/menu/static');
    expect(statics.body.map((i) => i.url)).toEqual(expect.arrayContaining(['/shops', '/delivery']));
    const events = await h.json<MenuItem[]>('/api/v2/events-menu/');
    expect(events.body.length).toBeGreaterThan(0);
    const footer = await h.json<MenuItem[]>('/api/v3/menu?menu_code=footer');
    expect(footer.body.length).toBeGreaterThanOrEqual(2);
    expect(footer.body[0]!.children.length).toBeGreaterThan(0);
  });

  it('rejects an unknown menu code and a malformed branch', async () => {
    expect((await h.json('/api/v3/menu?menu_code=secret')).status).toBe(422);
    const { body } = await h.json<ApiErrorBody>('/api/v3/menu?branch=abc');
    expect(Object.keys(body.errors)).toEqual(['branch']);
  });
});

describe('banners', () => {
  it("answers banner-type 'so-topline-desktop' as a list whose first item has banner", async () => {
    const { body } = await h.json<{ type: string; banner: Banner }[]>('/api/v2/banner-type?type=so-topline-desktop');
    expect(body.length).toBeGreaterThan(0);
    expect(body[0]!.banner).toMatchObject({
      id: expect.any(Number),
      image: expect.stringMatching(/^\//),
      image_alt: expect.any(String),
    });
  });

  it('has a NEW_MENU banner for a top-level category', async () => {
    const { body: tree } = await h.json<MenuItem[]>('/api/v3/menu');
    const topIds = (await h.json<Category[]>('/api/v2/categories')).body.map((c) => c.id);
    expect(tree.length).toBeGreaterThan(0);
    const results = await Promise.all(topIds.map((id) => h.json<unknown[]>(`/api/v2/banner-type?type=NEW_MENU_${id}`)));
    expect(results.some((r) => r.body.length > 0)).toBe(true);
  });

  it('rejects an unknown banner type', async () => {
    const { status, body } = await h.json<ApiErrorBody>('/api/v2/banner-type?type=<script>');
    expect(status).toBe(422);
    expect(body.errors.type).toEqual(['Неизвестный тип баннера']);
  });

  it('lists visible banners', async () => {
    const { body } = await h.json<Banner[]>('/api/v2/banner?visible=1');
    expect(body.length).toBeGreaterThan(0);
  });
});

describe('experiments', () => {
  it('lists feature flags with is_active and featureValue', async () => {
    const { body } = await h.json<Feature[]>('/api/v2/ab-test/features');
    expect(body.map((f) => f.key)).toEqual(expect.arrayContaining(['bank_installment', 'bnpl']));
    expect(new Set(body.map((f) => f.key)).size).toBe(body.length);
  });

  it('keeps the branch from the cookie, otherwise draws A or B', async () => {
    const kept = await h.json<{ code: string }>('/api/v2/branch/get', { headers: { cookie: 'branch=B' } });
    expect(kept.body.code).toBe('B');
    const drawn = await h.json<{ code: string; max_age: number }>('/api/v2/branch/get');
    expect(['A', 'B']).toContain(drawn.body.code);
    expect(drawn.body.max_age).toBeGreaterThan(0);
  });

  it('draws at once for a direct page-cache hit: nothing before the branches are read, then by their weights', async () => {
    let now = 0;
    const draw = branchDrawer(h.handle.db, () => now);
    expect(draw()).toBeNull();
    await vi.waitFor(() => expect(draw()).not.toBeNull());
    const drawn = new Set(Array.from({ length: 200 }, () => draw()));
    const weighted = await h.handle.query<{ code: string }>('select code from ab_branches where weight > 0');
    expect([...drawn].sort()).toEqual(weighted.map((b) => b.code).sort());
    // Read again once BRANCH_SNAPSHOT_MS has passed, the old list kept meanwhile.
    now += BRANCH_SNAPSHOT_MS + 1;
    expect(draw()).not.toBeNull();
  });
});

describe('SEO', () => {
  it('describes the home page', async () => {
    const { status, body } = await h.json<Seo>('/api/v3/seo?url=/');
    expect(status).toBe(200);
    expect(body.title).toMatch(/Мультицентр/);
    expect(body.canonical).toBe('/');
  });

  it('describes a category listing from its record and a product from the catalogue', async () => {
    const listing = await h.json<Seo>(`/api/v3/seo?url=/catalog/${category.code}/${category.id}/page-2`);
    expect(listing.status).toBe(200);
    expect(listing.body.h1).toBe(category.name);
    expect(listing.body.canonical).toBe(`/catalog/${category.code}/${category.id}`);
    const page = await h.json<Seo>(`/api/v3/seo?url=/catalog/${category.code}/${category.id}/${product.id}/faq`);
    expect(page.body.h1).toBe(product.name);
  });

  it('answers 404 for paths that break the route rules or name nothing', async () => {
    for (const url of [
      '/catalog/smartfony/abc/1',
      '/no-such-page',
      `/catalog/x/${category.id}/999999999`,
      '/catalog/x/1/2/faq/page-0',
    ]) {
      const { status, body } = await h.json<ApiErrorBody>(`/api/v3/seo?url=${encodeURIComponent(url)}`);
      expect(status, url).toBe(404);
      expect(body.message).toBe('Страница не найдена');
    }
  });

  it('answers a redirect with its code', async () => {
    const [row] = await h.handle.query<{ from_path: string; to_url: string; code: number }>(
      'select from_path, to_url, code from redirects order by from_path limit 1',
    );
    const { body } = await h.json<{ redirect: { url: string; code: number } }>(`/api/v3/seo?url=${row!.from_path}`);
    expect(body.redirect).toEqual({ url: row!.to_url, code: row!.code });
  });

  it('puts the search text in the search title', async () => {
    const { body } = await h.json<Seo>(`/api/v3/seo?url=${encodeURIComponent('/search?q=холодильник')}`);
    expect(body.h1).toBe('Результаты поиска «холодильник»');
  });

  it('rejects a url that is not a site path', async () => {
    const { status, body } = await h.json<ApiErrorBody>('/api/v3/seo?url=https://evil.example/');
    expect(status).toBe(422);
    expect(body.errors.url).toEqual(['Нужен путь страницы, начинающийся с /']);
    expect((await h.json('/api/v3/seo')).status).toBe(422);
  });
});

describe('breadcrumbs and categories', () => {
  it('leads from Главная through the category tree to the product, the product last', async () => {
    const url = `/catalog/${category.code}/${category.id}/${product.id}`;
    const { body } = await h.json<Breadcrumb[]>(`/api/v2/breadcrumbs?url=${encodeURIComponent(url)}`);
    expect(body[0]).toEqual({ text: 'Главная', href: '/' });
    expect(body[1]).toEqual({ text: 'Каталог', href: '/catalog' });
    expect(body.map((b) => b.text)).toContain(category.name);
    expect(body.at(-1)).toEqual({ text: product.name, href: url });
  });

  it('returns a category with its parent, children and ancestors', async () => {
    const { body } = await h.json<CategoryDetail>(`/api/v2/categories/${category.id}`);
    expect(body.id).toBe(224);
    expect(body.url).toBe(`/catalog/${category.code}/224`);
    expect(body.parent?.id).toBe(category.parent_id);
    expect(body.ancestors.at(-1)?.id).toBe(category.parent_id);
    expect(body.product_count).toBeGreaterThan(0);
  });

  it('returns categories by comma-joined ids, including the special ones', async () => {
    const { body } = await h.json<Category[]>('/api/v2/categories?category_ids=1,13,19,29,46,26,60,224');
    expect(body.map((c) => c.id).sort((a, b) => a - b)).toEqual([1, 13, 19, 26, 29, 46, 60, 224]);
    expect(
      body
        .filter((c) => c.is_digital)
        .map((c) => c.id)
        .sort((a, b) => a - b),
    ).toEqual([1, 13, 19, 29, 46]);
  });

  it('answers 404 for a missing category and 422 for a non-numeric id', async () => {
    expect((await h.json('/api/v2/categories/999999')).status).toBe(404);
    expect((await h.json('/api/v2/categories/abc')).status).toBe(422);
  });
});

describe('demo content', () => {
  it('links only to pages of the shop from its menus and banners', async () => {
    const rows = await h.handle.query<{ url: string }>(
      "select url from menu_items where url <> '#' union select link as url from banners where link is not null",
    );
    expect(rows.length).toBeGreaterThan(20);
    const broken: string[] = [];
    for (const { url } of rows) {
      const { status } = await h.json(`/api/v3/seo?url=${encodeURIComponent(url)}`);
      if (status !== 200) broken.push(`${url} → ${status}`);
    }
    expect(broken).toEqual([]);
  });

  it('names a page after its SEO record in the breadcrumbs too', async () => {
    const { body } = await h.json<Breadcrumb[]>('/api/v2/breadcrumbs?url=/prm/personal-data');
    expect(body.at(-1)).toEqual({ text: 'Политика обработки персональных данных', href: '/prm/personal-data' });
  });

  it('hides a banner outside its active window', async () => {
    await h.handle.exec(
      "insert into banners (id, type, title, image, image_alt, visible, active_to) values (9001, 'so-topline-desktop', 'Прошедшая акция', '/img/banner/9001.svg', 'Прошедшая акция', true, '2020-01-01')",
    );
    const { body } = await h.json<{ banner: Banner }[]>('/api/v2/banner-type?type=so-topline-desktop');
    expect(body.map((b) => b.banner.id)).not.toContain(9001);
  });
});
