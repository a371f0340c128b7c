// Demo pictures are drawn on request as SVG (by category and colour): nothing is loaded from outside hosts.
import { Hono } from 'hono';
import { retrieveBannerHeadline, retrieveBrandByCode } from '@store/api';
import { MAX_SPRITE_TILES } from '../app/lib/category-tile-pictures.ts';
import { contentPictures } from './content-pictures.ts';
import type { DatabaseHandle } from '@store/db';
import {
  renderBannerPicture,
  renderBrandPicture,
  renderCategoryPicture,
  renderCategorySprite,
  renderProductPicture,
  renderStorePicture,
} from '@store/db/pictures';

const SLUG = /^[a-z0-9-]{1,64}$/;
const HEX = /^[0-9a-f]{6}$/i;

export function picturesApp(handle: DatabaseHandle) {
  const app = new Hono();
  const svg = (body: string) =>
    new Response(body, { headers: { 'content-type': 'image/svg+xml', 'cache-control': 'public, max-age=86400' } });

  const product = (category: string, form: string, color: string, file: string) => {
    const n = Number(file.replace(/\.svg$/, ''));
    if (!SLUG.test(category) || !SLUG.test(form || 'x') || !HEX.test(color) || !Number.isInteger(n) || n < 0 || n > 20)
      return null;
    return svg(renderProductPicture(category, color, n, form));
  };
  app.get('/img/product/:category/:color/:file', (c) => {
    const { category, color, file } = c.req.param();
    return product(category, '', color, file) ?? c.notFound();
  });
  // A form within the category (side-by-side fridge, iPhone, 55" TV): its own drawing.
  app.get('/img/product/:category/:form/:color/:file', (c) => {
    const { category, form, color, file } = c.req.param();
    return product(category, form, color, file) ?? c.notFound();
  });
  app.get('/img/category/:file', (c) => {
    const code = c.req.param('file').replace(/\.svg$/, '');
    return SLUG.test(code) ? svg(renderCategoryPicture(code)) : c.notFound();
  });
  // Category tiles of a page in one file, `{code},{code}….svg` (components/category-tiles.tsx; decision 0083).
  app.get('/img/category-tiles/:file', (c) => {
    const codes = c.req
      .param('file')
      .replace(/\.svg$/, '')
      .split(',');
    return codes.length <= MAX_SPRITE_TILES && codes.every((code) => SLUG.test(code))
      ? svg(renderCategorySprite(codes))
      : c.notFound();
  });
  // `{id}.svg` the storefront, `{id}-2.svg` the hall, `{id}-3.svg` the pickup desk.
  app.get('/img/store/:file', (c) => {
    const match = /^(\d{1,9})(?:-([23]))?\.svg$/.exec(c.req.param('file'));
    const id = Number(match?.[1]);
    return match && id > 0 ? svg(renderStorePicture(id, Number(match[2] ?? 1))) : c.notFound();
  });
  app.get('/img/banner/:file', async (c) => {
    const id = Number(c.req.param('file').replace(/\.svg$/, ''));
    if (!Number.isInteger(id) || id <= 0) return c.notFound();
    const banner = await retrieveBannerHeadline(handle.db, id);
    return banner ? svg(renderBannerPicture(id, banner.title, banner.background ?? '#1747d1')) : c.notFound();
  });
  app.get('/img/brand/:file', async (c) => {
    const code = c.req.param('file').replace(/\.svg$/, '');
    const brand = await retrieveBrandByCode(handle.db, code);
    return brand ? svg(renderBrandPicture(brand.name)) : c.notFound();
  });
  app.route('/', contentPictures(handle, svg));
  return app;
}
