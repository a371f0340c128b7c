// A page of the §2 route table whose content a later issue builds: its real title (from SEO)
// and breadcrumbs, with its parameters checked.
import type { Route } from './+types/page';
import { Breadcrumbs } from '../components/breadcrumbs.tsx';
import { CategoryTiles } from '../components/category-tiles.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { seoMeta } from '../lib/meta.ts';
import { orNotFound, requirePage } from '../lib/not-found.server.ts';
import { useShell } from '../lib/shell.ts';
import { apiContext } from '../context.ts';

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta(matches, loaderData?.title ?? 'Мультицентр');

export async function loader({ request, context }: Route.LoaderArgs) {
  const { match, pathname } = requirePage(request);
  const q = new URL(request.url).searchParams.get('q') ?? undefined;
  const breadcrumbs = await orNotFound(context.get(apiContext).seo.breadcrumbs(pathname, q));
  // A category listing already shows its subcategories; products come with the listing issue.
  const subcategories =
    match.kind === 'category'
      ? (await orNotFound(context.get(apiContext).categories.get(match.categoryId))).children
      : [];
  return { kind: match.kind, breadcrumbs, subcategories, title: breadcrumbs.at(-1)?.text ?? 'Мультицентр' };
}

export default function SectionPage({ loaderData }: Route.ComponentProps) {
  const shell = useShell();
  const h1 = shell?.seo?.h1 ?? loaderData.title;
  return (
    <main className="container page" id="main">
      <Breadcrumbs items={loaderData.breadcrumbs} />
      <h1>{h1}</h1>
      {shell?.seo?.description ? <p className="lead">{shell.seo.description}</p> : null}
      {loaderData.subcategories.length > 0 ? <CategoryTiles categories={loaderData.subcategories} /> : null}
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
