// The category tiles' pictures (decision 0083): the store's own drawings of a page's tiles come from one
// file, a view per tile, so the browser builds one SVG document for them instead of one per tile.
import { describe, expect, it } from 'vitest';
import { tilePictures } from './category-tile-pictures.ts';

const drawn = (code: string) => ({ image: `/img/category/${code}.svg` });

describe('tilePictures', () => {
  it('shows the drawn pictures of several tiles as views of one file, in the tiles’ order', () => {
    expect(tilePictures([drawn('smartfony'), drawn('tv-i-audio'), drawn('uslugi')])).toEqual([
      '/img/category-tiles/smartfony,tv-i-audio,uslugi.svg#tile-smartfony',
      '/img/category-tiles/smartfony,tv-i-audio,uslugi.svg#tile-tv-i-audio',
      '/img/category-tiles/smartfony,tv-i-audio,uslugi.svg#tile-uslugi',
    ]);
  });

  it('leaves an uploaded picture and a missing one as they are', () => {
    expect(
      tilePictures([drawn('smartfony'), { image: 'https://cdn.example/tv.png' }, { image: null }, drawn('uslugi')]),
    ).toEqual([
      '/img/category-tiles/smartfony,uslugi.svg#tile-smartfony',
      'https://cdn.example/tv.png',
      null,
      '/img/category-tiles/smartfony,uslugi.svg#tile-uslugi',
    ]);
  });

  it('keeps a single drawn picture, and more tiles than one file draws, as separate files', () => {
    expect(tilePictures([drawn('smartfony'), { image: '/img/other.svg' }])).toEqual([
      '/img/category/smartfony.svg',
      '/img/other.svg',
    ]);
    const many = Array.from({ length: 25 }, (_, i) => drawn(`c${i}`));
    expect(tilePictures(many)).toEqual(many.map((c) => c.image));
  });
});
