// The stylesheets' icons are views of card-icons.svg, never data: URLs: Chrome builds the SVG document of a
// data: URL inside the style recalculation that first asks for it, the first paint's (decision 0081).
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const stylesDir = path.dirname(new URL(import.meta.url).pathname);
const stylesheets = readdirSync(stylesDir)
  .filter((file) => file.endsWith('.css'))
  .map((file) => [file, readFileSync(path.join(stylesDir, file), 'utf8')] as const);
const sprite = readFileSync(path.join(stylesDir, 'card-icons.svg'), 'utf8');

describe('stylesheet icons', () => {
  it('no stylesheet draws an SVG from a data: URL', () => {
    for (const [file, css] of stylesheets) {
      expect({ file, svgDataUrls: css.match(/url\(\s*['"]?data:image\/svg/g) ?? [] }).toEqual({
        file,
        svgDataUrls: [],
      });
    }
  });

  it('every card-icons.svg fragment a stylesheet names is a view of the file', () => {
    const views = new Set([...sprite.matchAll(/<view id="([^"]+)"/g)].map((m) => m[1]));
    const used = stylesheets.flatMap(([, css]) => [...css.matchAll(/card-icons\.svg#([\w-]+)/g)].map((m) => m[1]));
    expect(used.length).toBeGreaterThan(0);
    expect(used.filter((id) => !views.has(id))).toEqual([]);
  });
});
