import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHarness, type Harness } from '../../api/src/test/api-harness.ts';
import { picturesApp } from './pictures.ts';

let h: Harness;
let app: ReturnType<typeof picturesApp>;
beforeAll(async () => {
  h = await createHarness();
  app = picturesApp(h.handle);
});
afterAll(async () => {
  await h.close();
});

const get = (path: string) => app.fetch(new Request(`http://store.test${path}`));

describe('demo pictures', () => {
  it('draws every kind of picture the demo data links to', async () => {
    const [product] = await h.handle.query<{ image: string }>(
      'select image from products where image is not null limit 1',
    );
    const [brand] = await h.handle.query<{ code: string }>('select code from brands limit 1');
    const [banner] = await h.handle.query<{ id: number }>('select id from banners limit 1');
    const [category] = await h.handle.query<{ code: string }>('select code from categories limit 1');
    for (const path of [
      product!.image,
      `/img/brand/${encodeURIComponent(brand!.code)}.svg`,
      `/img/banner/${banner!.id}.svg`,
      `/img/category/${category!.code}.svg`,
      '/img/store/1.svg',
    ]) {
      const response = await get(path);
      expect(response.status, path).toBe(200);
      expect(response.headers.get('content-type')).toBe('image/svg+xml');
      expect(await response.text()).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    }
  });

  it('draws the form pictures of fridges, phones and TVs the demo data links to', async () => {
    const rows = await h.handle.query<{ url: string }>(
      `select distinct url from product_images where url ~ '^/img/product/[^/]+/[^/]+/[0-9a-f]{6}/[0-9]+\\.svg$' limit 40`,
    );
    expect(rows.length).toBeGreaterThan(0);
    for (const { url } of rows) expect((await get(url)).status, url).toBe(200);
  });

  it('draws several category tiles in one file, a 240×240 view per tile (decision 0083)', async () => {
    const codes = (await h.handle.query<{ code: string }>('select code from categories order by id limit 3')).map(
      (row) => row.code,
    );
    const response = await get(`/img/category-tiles/${codes.join(',')}.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('image/svg+xml');
    const body = await response.text();
    expect(body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" viewBox="0 0 240 720"[\s\S]*<\/svg>$/);
    codes.forEach((code, i) => expect(body).toContain(`<view id="tile-${code}" viewBox="0 ${i * 240} 240 240"/>`));
    // Each tile is the same drawing as its own file, placed at its view.
    const single = await (await get(`/img/category/${codes[1]}.svg`)).text();
    const inner = single.slice(single.indexOf('>') + 1, -'</svg>'.length);
    expect(body).toContain(`<svg x="0" y="240" width="240" height="240" viewBox="0 0 240 240">${inner}</svg>`);
  });

  it('answers 404 for malformed or unknown pictures', async () => {
    for (const path of [
      '/img/product/x/zzzzzz/1.svg',
      '/img/product/x/ffffff/99.svg',
      '/img/product/holodilniki/Side_By/ffffff/1.svg',
      '/img/brand/nobody.svg',
      '/img/banner/0.svg',
      '/img/category-tiles/smartfony,Bad_Code.svg',
      `/img/category-tiles/${Array.from({ length: 25 }, (_, i) => `c${i}`).join(',')}.svg`,
    ]) {
      expect((await get(path)).status, path).toBe(404);
    }
  });
});
