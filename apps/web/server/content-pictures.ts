// /img/content/…: the drawn pictures of articles, promo pages, the advent calendar and /honor (issue 14).
import { Hono } from 'hono';
import { retrieveArticlePictureTitle, retrieveHonorPictureFacts, retrievePromoPictureTitle } from '@store/api';
import type { DatabaseHandle } from '@store/db';
import { renderAdventWindow, renderArticleCover, renderHonorPicture } from '@store/db/pictures';

const ID_FILE = /^(\d{1,9})\.svg$/;
const ADVENT_COLOURS = ['#c8102e', '#0f6b3a', '#1747d1', '#b45309', '#6d28d9', '#0e7490', '#be185d'];

export function contentPictures(handle: DatabaseHandle, svg: (body: string) => Response) {
  const app = new Hono();
  app.get('/img/content/:size/:file', async (c) => {
    const { size, file } = c.req.param();
    if (size === 'promo') {
      const slug = /^([a-z0-9-]{1,120})\.svg$/.exec(file)?.[1];
      const title = slug ? await retrievePromoPictureTitle(handle, slug) : null;
      return title ? svg(renderArticleCover(1, 'special_offer', title, 'promo')) : c.notFound();
    }
    const id = Number(ID_FILE.exec(file)?.[1] ?? 0);
    if (id <= 0) return c.notFound();
    if (size === 'listing' || size === 'detail' || size === 'preview') {
      const article = await retrieveArticlePictureTitle(handle, id);
      return article ? svg(renderArticleCover(id, article.type, article.title, size)) : c.notFound();
    }
    if (size === 'advent' || size === 'advent-mobile') {
      if (id > 31) return c.notFound();
      return svg(
        renderAdventWindow(id, ADVENT_COLOURS[(id - 11 + 70) % ADVENT_COLOURS.length]!, size === 'advent-mobile'),
      );
    }
    if (size === 'honor') {
      const entry = await retrieveHonorPictureFacts(handle, id);
      return entry ? svg(renderHonorPicture(id, entry.kind, entry.title)) : c.notFound();
    }
    return c.notFound();
  });
  return app;
}
