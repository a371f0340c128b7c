// Search results (SPEC §2 /search/{categoryCode?}/{categoryId?}/{page?}): the listing layout fed by
// the search listing, a category facet, and a nothing-found state with popular categories.
import { useEffect } from 'react';
import { data } from 'react-router';
import { listingPageOf } from '@store/domain';
import type { Route } from './+types/search';
import { AppLink } from '../components/app-link.tsx';
import { Breadcrumbs } from '../components/breadcrumbs.tsx';
import { CategoryTiles } from '../components/category-tiles.tsx';
import { CategoryChips, ListingView } from '../components/listing-view.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { listingMeta, skipRevalidationOnSameUrl } from '../lib/listing-meta.ts';
import { withDescription } from '../lib/meta.ts';
import { loadListingPage } from '../lib/listing.server.ts';
import { orNotFound, requirePage } from '../lib/not-found.server.ts';
import { rememberSearch } from '../lib/search-history.ts';
import catalogStyles from '../styles/catalog.css?url';
import { cardIconsPreload } from '../lib/product-card.ts';
import { apiContext } from '../context.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }, cardIconsPreload];

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withDescription(
    listingMeta(
      matches,
      loaderData?.view === 'results' ? loaderData.page : undefined,
      loaderData?.q ? `Результаты поиска «${loaderData.q}» — Мультицентр` : 'Поиск — Мультицентр',
    ),
    loaderData?.q
      ? `Результаты поиска «${loaderData.q}» в Мультицентре: цены, наличие в магазинах и доставка.`
      : 'Поиск по каталогу электроники и бытовой техники Мультицентра.',
  );

export async function loader({ request, context }: Route.LoaderArgs) {
  const { match: found, pathname } = requirePage(request);
  const match = listingPageOf(found);
  if (match?.kind !== 'search') throw data('This page could not be found', { status: 404 });
  const q = (new URL(request.url).searchParams.get('q') ?? '').trim();
  if (q === '') {
    const [breadcrumbs, popular] = await Promise.all([
      orNotFound(context.get(apiContext).seo.breadcrumbs(pathname)),
      context.get(apiContext).categories.topLevel(),
    ]);
    return { view: 'prompt' as const, q, breadcrumbs, popular };
  }
  const page = await loadListingPage(request, context.get(apiContext), { page: match.page, sortKind: 'search' });
  const nothing = page.listing.count === 0 && Object.keys(page.selection).length === 0;
  const popular = nothing ? await context.get(apiContext).categories.topLevel() : [];
  return { view: 'results' as const, q, page, popular, categoryId: match.categoryId };
}

export const shouldRevalidate = skipRevalidationOnSameUrl;

function facetHref(url: string, q: string): string {
  const target = new URL(url, 'http://store.local');
  target.searchParams.set('q', q);
  return `${target.pathname}?${target.searchParams.toString()}`;
}

export default function SearchPage({ loaderData }: Route.ComponentProps) {
  const q = loaderData.q;
  useEffect(() => {
    if (q) rememberSearch(q);
  }, [q]);

  if (loaderData.view === 'prompt') {
    return (
      <main className="container page" id="main">
        <Breadcrumbs items={loaderData.breadcrumbs} />
        <h1>Поиск по каталогу</h1>
        <p className="lead">Введите название товара, бренд или модель в строку поиска вверху страницы.</p>
        <h2>Популярные категории</h2>
        <CategoryTiles categories={loaderData.popular} />
      </main>
    );
  }

  const { page, popular, categoryId } = loaderData;
  const understood = page.listing.query;
  const facet = page.listing.categories;
  const total = facet.reduce((sum, c) => sum + c.count, 0);
  return (
    <ListingView
      data={page}
      title={`Результаты поиска «${q}»`}
      chips={
        <>
          {understood && understood.toLowerCase() !== q.toLowerCase() ? (
            <p className="search-corrected">
              Показаны результаты по запросу «<strong>{understood}</strong>»
            </p>
          ) : null}
          {facet.length > 0 ? (
            <CategoryChips
              label="Категории результатов"
              categories={
                categoryId === null ? facet : [{ id: 0, name: 'Все категории', url: '/search', count: total }, ...facet]
              }
              hrefOf={(c) => facetHref(c.url, q)}
              currentId={categoryId}
            />
          ) : null}
        </>
      }
      empty={
        <div className="empty-state empty-state--search">
          <h2>По запросу «{q}» ничего не нашлось</h2>
          <p className="muted">
            Проверьте, нет ли опечатки, или поищите по-другому — например, по бренду или типу товара. А пока загляните в
            популярные категории:
          </p>
          <CategoryTiles categories={popular} />
          <p>
            <AppLink to="/catalog" className="button">
              Весь каталог
            </AppLink>
          </p>
        </div>
      }
    />
  );
}

export const ErrorBoundary = RouteErrorBoundary;
