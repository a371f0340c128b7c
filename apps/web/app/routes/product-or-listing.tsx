// /catalog/{type}/{categoryId}/{third}: a product when the third segment is an id, else page N of a
// category listing (SPEC §2). The product page keeps the section page's content until it is built.
import type { Route } from './+types/product-or-listing';
import { Breadcrumbs } from '../components/breadcrumbs.tsx';
import { CategoryChips, ListingView } from '../components/listing-view.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { listingMeta, skipRevalidationOnSameUrl } from '../lib/listing-meta.ts';
import { seoMeta } from '../lib/meta.ts';
import { loadListingPage } from '../lib/listing.server.ts';
import { orNotFound, requirePage } from '../lib/not-found.server.ts';
import { useShell } from '../lib/shell.ts';

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData?.view === 'listing'
    ? listingMeta(matches, loaderData.page, 'Каталог товаров — Мультицентр')
    : seoMeta(matches, loaderData?.title ?? 'Мультицентр');

export async function loader({ request, context }: Route.LoaderArgs) {
  const { match, pathname } = requirePage(request);
  if (match.kind === 'category') {
    const page = await loadListingPage(request, context.api, { page: match.page, sortKind: 'listing' });
    return { view: 'listing' as const, page };
  }
  const breadcrumbs = await orNotFound(context.api.seo.breadcrumbs(pathname));
  return { view: 'product' as const, breadcrumbs, title: breadcrumbs.at(-1)?.text ?? 'Мультицентр' };
}

export const shouldRevalidate = skipRevalidationOnSameUrl;

export default function ProductOrListingPage({ loaderData }: Route.ComponentProps) {
  const shell = useShell();
  if (loaderData.view === 'listing') {
    const { page } = loaderData;
    return (
      <ListingView
        data={page}
        title={shell?.seo?.h1 ?? page.breadcrumbs.at(-1)?.text ?? 'Каталог'}
        chips={<CategoryChips categories={page.listing.categories} label="Подкатегории" />}
      />
    );
  }
  return (
    <main className="container page" id="main">
      <Breadcrumbs items={loaderData.breadcrumbs} />
      <h1>{shell?.seo?.h1 ?? loaderData.title}</h1>
      {shell?.seo?.description ? <p className="lead">{shell.seo.description}</p> : null}
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
