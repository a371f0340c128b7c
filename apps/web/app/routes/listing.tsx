// Category, brand, tag, series, category-tag and compatibility listings (SPEC §2 Main routes).
import { data } from 'react-router';
import { listingPageOf } from '@store/domain';
import type { Route } from './+types/listing';
import { CategoryChips, ListingView } from '../components/listing-view.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { listingMeta, skipRevalidationOnSameUrl } from '../lib/listing-meta.ts';
import { loadListingPage } from '../lib/listing.server.ts';
import { requirePage } from '../lib/not-found.server.ts';
import { useShell } from '../lib/shell.ts';
import catalogStyles from '../styles/catalog.css?url';
import { apiContext } from '../context.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }];

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  listingMeta(matches, loaderData, 'Каталог товаров — Мультицентр');

export async function loader({ request, context }: Route.LoaderArgs) {
  const listing = listingPageOf(requirePage(request).match);
  if (!listing || listing.kind === 'search') throw data('This page could not be found', { status: 404 });
  return loadListingPage(request, context.get(apiContext), { page: listing.page, sortKind: 'listing' });
}

export const shouldRevalidate = skipRevalidationOnSameUrl;

export default function ListingPage({ loaderData }: Route.ComponentProps) {
  const shell = useShell();
  const title = shell?.seo?.h1 ?? loaderData.breadcrumbs.at(-1)?.text ?? 'Каталог';
  return (
    <ListingView
      data={loaderData}
      title={title}
      chips={<CategoryChips categories={loaderData.listing.categories} label="Подкатегории" />}
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
