// Canonical links are absolute on the public origin (decision 0015; Lighthouse SEO wants them so).
import { describe, expect, it } from 'vitest';
import { listingMeta } from './listing-meta.ts';
import { seoMeta } from './meta.ts';

const root = (publicOrigin: string | null, canonical = '/catalog/smartfony/224') => ({
  id: 'root',
  loaderData: {
    seo: { title: 'Смартфоны', description: 'Купить смартфон', canonical },
    publicConfig: { publicOrigin },
    notFoundMessage: null,
  },
});

const canonicalOf = (tags: ReturnType<typeof seoMeta>) =>
  tags.find((t) => 'rel' in t && t.rel === 'canonical') as { href: string } | undefined;

describe('canonical links', () => {
  it('are absolute on the public origin', () => {
    expect(canonicalOf(seoMeta([root('https://www.multicenter.ru', '/')], 'x'))?.href).toBe(
      'https://www.multicenter.ru/',
    );
    expect(canonicalOf(seoMeta([root('https://www.multicenter.ru')], 'x'))?.href).toBe(
      'https://www.multicenter.ru/catalog/smartfony/224',
    );
  });

  it('stay as they are when already absolute, and relative without a public origin', () => {
    expect(canonicalOf(seoMeta([root('https://www.multicenter.ru', 'https://m.example/a')], 'x'))?.href).toBe(
      'https://m.example/a',
    );
    expect(canonicalOf(seoMeta([root(null)], 'x'))?.href).toBe('/catalog/smartfony/224');
  });

  it('of a filtered listing point at the unfiltered page on the public origin', () => {
    const tags = listingMeta(
      [root('http://localhost:3000')],
      { basePath: '/catalog/smartfony/224', search: '?order_by=price' },
      'x',
    );
    const canonicals = tags.filter((t) => 'rel' in t && t.rel === 'canonical');
    expect(canonicals).toEqual([
      { tagName: 'link', rel: 'canonical', href: 'http://localhost:3000/catalog/smartfony/224' },
    ]);
  });
});
