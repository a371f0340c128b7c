// Page meta from the root loader's SEO data (SPEC §2 City and SEO), used by every route's meta export.
import type { MetaDescriptor } from 'react-router';
import type { RootData } from './shell.ts';

type MatchLike = { id: string; data?: unknown; loaderData?: unknown } | undefined;

export function rootDataOf(matches: readonly MatchLike[]): RootData | undefined {
  const root = matches.find((m) => m?.id === 'root');
  return (root?.loaderData ?? root?.data) as RootData | undefined;
}

/** The store's public origin from the root data (PUBLIC_ORIGIN, or localhost's own), or null. */
export function publicOriginOf(matches: readonly MatchLike[]): string | null {
  return rootDataOf(matches)?.publicConfig?.publicOrigin ?? null;
}

/** A path made absolute on the public origin (search engines want absolute canonical links); as it is without one. */
export function absoluteUrl(matches: readonly MatchLike[], href: string): string {
  const origin = publicOriginOf(matches);
  if (!origin || /^https?:\/\//i.test(href)) return href;
  return new URL(href, `${origin}/`).href;
}

/** The canonical link of a page, absolute when the public origin is known. */
export function canonicalLink(matches: readonly MatchLike[], href: string): MetaDescriptor {
  return { tagName: 'link', rel: 'canonical', href: absoluteUrl(matches, href) };
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
  if (seo?.canonical) tags.push(canonicalLink(matches, seo.canonical));
  return tags;
}

export const notFoundMeta: MetaDescriptor[] = [
  { title: 'Страница не найдена' },
  { name: 'robots', content: 'noindex' },
];
