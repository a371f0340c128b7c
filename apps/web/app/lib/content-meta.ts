// Meta of the content pages (issue 14): title, description and canonical from the SEO data, plus
// the OpenGraph picture and type search engines and messengers show.
import type { MetaDescriptor } from 'react-router';
import { absoluteUrl, seoMeta, withDescription } from './meta.ts';

type Matches = Parameters<typeof seoMeta>[0];

export function contentMeta(
  matches: Matches,
  page: { fallbackTitle: string; description: string; image: string | null; type?: 'website' | 'article' },
): MetaDescriptor[] {
  const tags = withDescription(seoMeta(matches, page.fallbackTitle), page.description);
  if (tags.some((t) => 'name' in t && t.name === 'robots')) return tags;
  tags.push({ property: 'og:type', content: page.type ?? 'website' });
  if (page.image) {
    tags.push(
      { property: 'og:image', content: absoluteUrl(matches, page.image) },
      { name: 'twitter:card', content: 'summary_large_image' },
    );
  }
  return tags;
}
