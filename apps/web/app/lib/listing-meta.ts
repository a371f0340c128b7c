// Meta of listing pages: the SEO tags, with the canonical link of a filtered or sorted listing
// pointing at the unfiltered page (one address per listing for search engines).
import type { MetaDescriptor, ShouldRevalidateFunctionArgs } from 'react-router';
import { hasListingModifiers } from './listing-url.ts';
import { canonicalLink, rootDataOf, seoMeta } from './meta.ts';

type MatchLike = Parameters<typeof seoMeta>[0][number];

export function listingMeta(
  matches: readonly MatchLike[],
  data: { basePath: string; search: string } | undefined,
  fallbackTitle: string,
): MetaDescriptor[] {
  const tags = seoMeta(matches, fallbackTitle);
  if (!data || rootDataOf(matches)?.notFoundMessage) return tags;
  const seoCanonical = rootDataOf(matches)?.seo?.canonical ?? null;
  const href = hasListingModifiers(data.search) || !seoCanonical ? data.basePath : seoCanonical.split('?')[0]!;
  return [...tags.filter((t) => !('rel' in t && t.rel === 'canonical')), canonicalLink(matches, href)];
}

/**
 * A favourite or compare toggle revalidates (for the favourites and compare pages); a listing itself
 * did not change, so it is not fetched again (same address, no form submission).
 */
export function skipRevalidationOnSameUrl({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs): boolean {
  if (formMethod === undefined && currentUrl.href === nextUrl.href) return false;
  return defaultShouldRevalidate;
}
