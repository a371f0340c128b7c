import { describe, expect, it } from 'vitest';
import { parseSitemapPartName, sitemapIndexXml, sitemapPartXml, sitemapParts, xmlEscape } from './sitemap.ts';

describe('sitemap parts', () => {
  it('splits each kind by the part size and leaves out an empty kind', () => {
    const parts = sitemapParts({ products: 100_001, listings: 50_000, stores: 0, pages: 16 });
    expect(parts.map((p) => p.name)).toEqual(['products-1', 'products-2', 'products-3', 'listings-1', 'pages-1']);
    expect(sitemapParts({ products: 7, listings: 0, stores: 0, pages: 0 }, 3).map((p) => p.name)).toEqual([
      'products-1',
      'products-2',
      'products-3',
    ]);
    expect(() => sitemapParts({ products: 1, listings: 0, stores: 0, pages: 0 }, 0)).toThrow(RangeError);
  });

  it('reads part names back and refuses any other file', () => {
    expect(parseSitemapPartName('products-12.xml')).toEqual({ kind: 'products', index: 12 });
    for (const bad of ['products-0.xml', 'orders-1.xml', 'products-1', 'products-01.xml', '../x-1.xml']) {
      expect(parseSitemapPartName(bad)).toBeNull();
    }
  });

  it('escapes addresses and writes a part a chunk at a time, stopping at the end', async () => {
    expect(xmlEscape(`/a?b=1&c="d"<'>`)).toBe('/a?b=1&#38;c=&#34;d&#34;&#60;&#39;&#62;');
    expect(sitemapIndexXml('https://x.test', [{ kind: 'pages', index: 1, name: 'pages-1' }])).toContain(
      '<sitemap><loc>https://x.test/sitemap/pages-1.xml</loc></sitemap>',
    );
    const all = Array.from({ length: 23 }, (_, i) => `/p/${i}`);
    const asked: [number, number][] = [];
    const read = async (offset: number, limit: number) => {
      asked.push([offset, limit]);
      return all.slice(offset, offset + limit);
    };
    let xml = '';
    for await (const piece of sitemapPartXml('https://x.test', 3, read, { partSize: 10, chunkSize: 4 })) xml += piece;
    expect([...xml.matchAll(/<loc>([^<]+)</g)].map((m) => m[1])).toEqual([
      'https://x.test/p/20',
      'https://x.test/p/21',
      'https://x.test/p/22',
    ]);
    expect(asked).toEqual([[20, 4]]);
    asked.length = 0;
    for await (const _ of sitemapPartXml('https://x.test', 2, read, { partSize: 10, chunkSize: 4 })) void _;
    expect(asked).toEqual([
      [10, 4],
      [14, 4],
      [18, 2],
    ]);
  });
});
