// JSON-LD of a content page (issue 14: NewsArticle, Article, Offer, BreadcrumbList), with the
// request's nonce so the CSP lets it in.
import type { Breadcrumb } from '@store/api-client';
import { useNonce } from '../../lib/nonce.tsx';
import { inlineJson } from '../../lib/product.ts';

export function JsonLd({ data }: { data: Record<string, unknown>[] }) {
  const nonce = useNonce();
  return (
    <script
      type="application/ld+json"
      nonce={nonce}
      suppressHydrationWarning
      dangerouslySetInnerHTML={{ __html: inlineJson(data.length === 1 ? data[0] : data) }}
    />
  );
}

/** An absolute address on the origin (search engines want absolute URLs). */
export const absolute = (origin: string, href: string) => new URL(href, `${origin}/`).href;

export function breadcrumbList(origin: string, items: Breadcrumb[]): Record<string, unknown> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, i) => ({
      '@type': 'ListItem',
      position: i + 1,
      name: item.text,
      item: absolute(origin, item.href),
    })),
  };
}

export const PUBLISHER = (origin: string) => ({
  '@type': 'Organization',
  name: 'Мультицентр',
  logo: { '@type': 'ImageObject', url: absolute(origin, '/favicon.svg') },
});
