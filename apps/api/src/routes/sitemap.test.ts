// sitemap.xml's splitting, at a small part size: every active product, listing, multicenter and
// information page is in exactly one part, no part holds more than the part size, and a part is
// read a chunk at a time (never more rows at once than the chunk size).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SITEMAP_INFO_PAGES, sitemapIndexXml, sitemapPartXml, sitemapParts, type SitemapKind } from '@store/domain';
import type { SitemapCounts } from './sitemap.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const ORIGIN = 'https://www.multicenter.test';

async function writePart(kind: SitemapKind, index: number, partSize: number, chunkSize: number) {
  const asked: number[] = [];
  const read = async (offset: number, limit: number) => {
    asked.push(limit);
    const { status, body } = await h.json<string[]>(`/api/v2/sitemap/${kind}?offset=${offset}&limit=${limit}`);
    expect(status).toBe(200);
    return body;
  };
  let xml = '';
  for await (const piece of sitemapPartXml(ORIGIN, index, read, { partSize, chunkSize })) xml += piece;
  const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map((m) => m[1]!);
  return { xml, locs, asked };
}

describe('sitemap.xml parts', () => {
  it('splits every kind into parts of at most the part size, each URL once, read in chunks', async () => {
    const { body: counts } = await h.json<SitemapCounts>('/api/v2/sitemap');
    const [expected] = await h.handle.query<{ products: number; stores: number }>(
      `select (select count(*) from products p join categories c on c.id = p.category_id and c.status = 1
                where p.status = 1)::int as products,
              (select count(*) from stores where status = 1 and type = 1)::int as stores`,
    );
    expect(counts.products).toBe(expected!.products);
    expect(counts.stores).toBe(expected!.stores);
    expect(counts.pages).toBe(SITEMAP_INFO_PAGES.length);
    expect(counts.products).toBeGreaterThan(250);

    const partSize = 120;
    const chunkSize = 50;
    const parts = sitemapParts(counts, partSize);
    expect(parts.filter((p) => p.kind === 'products').length).toBe(Math.ceil(counts.products / partSize));
    expect(parts.filter((p) => p.kind === 'stores').length).toBe(Math.ceil(counts.stores / partSize));

    const index = sitemapIndexXml(ORIGIN, parts);
    expect(index).toContain(`<loc>${ORIGIN}/sitemap/products-1.xml</loc>`);
    expect([...index.matchAll(/<sitemap>/g)].length).toBe(parts.length);

    const seen = new Map<SitemapKind, string[]>();
    for (const part of parts) {
      const { locs, asked, xml } = await writePart(part.kind, part.index, partSize, chunkSize);
      expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<urlset')).toBe(true);
      expect(xml.trimEnd().endsWith('</urlset>')).toBe(true);
      expect(locs.length).toBeGreaterThan(0);
      expect(locs.length).toBeLessThanOrEqual(partSize);
      expect(Math.max(...asked)).toBeLessThanOrEqual(chunkSize);
      seen.set(part.kind, [...(seen.get(part.kind) ?? []), ...locs]);
    }
    const products = seen.get('products')!;
    expect(new Set(products).size).toBe(products.length);
    const ids = await h.handle.query<{ path: string }>(
      `select '/catalog/' || c.code || '/' || c.id || '/' || p.id as path
         from products p join categories c on c.id = p.category_id and c.status = 1 where p.status = 1`,
    );
    expect(new Set(products)).toEqual(new Set(ids.map((r) => ORIGIN + r.path)));
    expect(seen.get('pages')).toEqual(SITEMAP_INFO_PAGES.map((p) => ORIGIN + p.path));
    const listings = seen.get('listings')!;
    expect(listings.length).toBe(counts.listings);
    expect(listings.some((l) => l.startsWith(`${ORIGIN}/catalog/brand/`))).toBe(true);
    expect(seen.get('stores')!.every((l) => /^https:\/\/www\.multicenter\.test\/store\/[a-z0-9-]+$/.test(l))).toBe(
      true,
    );
  });

  it('a part past the end is an empty urlset; bad parameters are 422', async () => {
    const { locs } = await writePart('stores', 50, 120, 50);
    expect(locs).toEqual([]);
    expect((await h.json('/api/v2/sitemap/products?limit=5001')).status).toBe(422);
    expect((await h.json('/api/v2/sitemap/orders')).status).toBe(422);
  });
});
