// Page meta from the root loader's SEO data (SPEC §2 City and SEO), used by every route's meta export.
import type { MetaDescriptor } from 'react-router';
import type { RootData } from './shell.ts';

type MatchLike = { id: string; data?: unknown; loaderData?: unknown } | undefined;

export function rootDataOf(matches: readonly MatchLike[]): RootData | undefined {
  const root = matches.find((m) => m?.id === 'root');
  return (root?.loaderData ?? root?.data) as RootData | undefined;
}

export function seoMeta(matches: readonly MatchLike[], fallbackTitle: string): MetaDescriptor[] {
  const root = rootDataOf(matches);
  if (root?.notFoundMessage) return [{ title: 'Страница не найдена' }, { name: 'robots', content: 'noindex' }];
  const seo = root?.seo;
  const title = seo?.title ?? fallbackTitle;
  const tags: MetaDescriptor[] = [
    { title },
    { property: 'og:title', content: title },
    { property: 'og:site_name', content: 'Мультицентр' },
  ];
  if (seo?.description) {
    tags.push(
      { name: 'description', content: seo.description },
      { property: 'og:description', content: seo.description },
    );
  }
  if (seo?.canonical) tags.push({ tagName: 'link', rel: 'canonical', href: seo.canonical });
  return tags;
}

export const notFoundMeta: MetaDescriptor[] = [
  { title: 'Страница не найдена' },
  { name: 'robots', content: 'noindex' },
];

/** Adds a description when the SEO data gave none (search results, the basket): Lighthouse's «meta-description». */
export function withDescription(tags: MetaDescriptor[], description: string): MetaDescriptor[] {
  if (tags.some((t) => 'name' in t && t.name === 'description')) return tags;
  return [...tags, { name: 'description', content: description }];
}
