import type { Route } from './+types/catalog-index';
import { Breadcrumbs } from '../components/breadcrumbs.tsx';
import { CategoryTiles } from '../components/category-tiles.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { seoMeta } from '../lib/meta.ts';
import { orNotFound, requirePage } from '../lib/not-found.server.ts';
import { apiContext } from '../context.ts';

export const meta: Route.MetaFunction = ({ matches }) => seoMeta(matches, 'Каталог товаров — Мультицентр');

export async function loader({ request, context }: Route.LoaderArgs) {
  const { match, pathname } = requirePage(request);
  if (match.kind !== 'catalog-index') throw new Response('This page could not be found', { status: 404 });
  const breadcrumbs = await orNotFound(context.get(apiContext).seo.breadcrumbs(pathname));
  if (match.categoryId === null) {
    const categories = await context.get(apiContext).categories.topLevel();
    return { title: 'Каталог товаров', breadcrumbs, categories };
  }
  const category = await orNotFound(context.get(apiContext).categories.get(match.categoryId));
  return { title: category.name, breadcrumbs, categories: category.children };
}

export default function CatalogIndex({ loaderData }: Route.ComponentProps) {
  return (
    <main className="container page" id="main">
      <Breadcrumbs items={loaderData.breadcrumbs} />
      <h1>{loaderData.title}</h1>
      <CategoryTiles categories={loaderData.categories} />
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
