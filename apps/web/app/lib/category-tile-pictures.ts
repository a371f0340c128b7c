// The category tiles' pictures (decision 0083), shared by the tiles (components/category-tiles.tsx) and the
// server that draws them (server/pictures.ts), so the two agree on how many tiles one file holds.
import type { Category } from '@store/api-client';

/** A category picture the store draws itself (apps/web/server/pictures.ts): `/img/category/{code}.svg`. */
const DRAWN_PICTURE = /^\/img\/category\/([a-z0-9-]{1,64})\.svg$/;
/** The most tiles the store draws in one file (a page shows at most a screen or two of categories). */
export const MAX_SPRITE_TILES = 24;

/**
 * The picture each tile shows. Chrome makes every SVG picture a document of its own, parsed, laid out and
 * painted on the page's main thread (ten tiles: about 20 ms of a phone's CPU after the first paint, ×4 in
 * Lighthouse), so the store's own drawings of a row of tiles come from one file, a `<view>` per tile
 * (`/img/category-tiles/{code},{code}….svg#tile-{code}`): one request, one document (decision 0083). Any
 * other picture (an uploaded one) is shown as it is.
 */
export function tilePictures(categories: readonly Pick<Category, 'image'>[]): (string | null)[] {
  const codes = categories.map((c) => DRAWN_PICTURE.exec(c.image ?? '')?.[1]);
  const drawn = codes.filter((code): code is string => code !== undefined);
  if (drawn.length < 2 || drawn.length > MAX_SPRITE_TILES) return categories.map((c) => c.image || null);
  const file = `/img/category-tiles/${drawn.join(',')}.svg`;
  return categories.map((c, i) => (codes[i] ? `${file}#tile-${codes[i]}` : c.image || null));
}
