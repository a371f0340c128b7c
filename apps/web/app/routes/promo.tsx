// /prm/{slug} static promo pages and /promo/{slug} constructor pages (SPEC §2; issue 14). A static
// page is sanitised HTML; a constructor page is typed blocks (decision 0025). Two pages are the
// store's own: /prm/personal-data (the policy) and /promo/advent-calendar (the December calendar,
// whose days the server opens by the Moscow date).
import { data } from 'react-router';
import type { Route } from './+types/promo';
import { Breadcrumbs } from '../components/breadcrumbs.tsx';
import { AdventGrid } from '../components/content/advent-calendar.tsx';
import { ContentHtml } from '../components/content/content-html.tsx';
import { JsonLd, breadcrumbList } from '../components/content/json-ld.tsx';
import { PersonalDataPolicy } from '../components/content/personal-data-policy.tsx';
import { PromoBlocks } from '../components/content/promo-blocks.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { visitorCityId } from '../lib/city.server.ts';
import { contentMeta } from '../lib/content-meta.ts';
import { publicOriginOf } from '../lib/meta.ts';
import { orNotFound, requirePage } from '../lib/not-found.server.ts';
import { productListsFromCookies, ProductListsProvider } from '../lib/product-lists.tsx';
import { useShell } from '../lib/shell.ts';
import catalogStyles from '../styles/catalog.css?url';
import contentStyles from '../styles/content.css?url';
import { apiContext } from '../context.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: catalogStyles },
  { rel: 'stylesheet', href: contentStyles },
];

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  contentMeta(matches, {
    fallbackTitle: 'Мультицентр',
    description: loaderData?.kind === 'page' ? loaderData.page.description : '',
    image: loaderData?.kind === 'page' ? loaderData.page.image : null,
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { match, pathname } = requirePage(request);
  if (match.kind !== 'static-promo' && match.kind !== 'constructor-promo')
    throw data('Страница не найдена', { status: 404 });
  const api = context.get(apiContext);
  const origin = new URL(request.url).origin;
  const breadcrumbs = await orNotFound(api.seo.breadcrumbs(pathname));
  if (match.kind === 'static-promo' && match.slug === 'personal-data')
    return { kind: 'policy' as const, breadcrumbs, origin };
  if (match.kind === 'constructor-promo' && match.slug === 'advent-calendar') {
    return { kind: 'advent' as const, breadcrumbs, origin, calendar: await api.content.adventCalendar() };
  }
  const cityId = await visitorCityId(request, api);
  const page = await orNotFound(
    api.content.promoPage(match.slug, match.kind === 'static-promo' ? 'static' : 'constructor', cityId ?? undefined),
  );
  return {
    kind: 'page' as const,
    breadcrumbs,
    origin,
    page,
    now: Date.now(),
    lists: productListsFromCookies(request.headers.get('cookie')),
  };
}

export default function Promo({ loaderData, matches }: Route.ComponentProps) {
  const shell = useShell();
  const origin = publicOriginOf(matches) ?? loaderData.origin;
  const crumbs = <Breadcrumbs items={loaderData.breadcrumbs} />;
  const ld = <JsonLd data={[breadcrumbList(origin, loaderData.breadcrumbs)]} />;
  if (loaderData.kind === 'policy') {
    return (
      <main className="container page" id="main">
        {crumbs}
        <h1>{shell?.seo?.h1 ?? 'Политика обработки персональных данных'}</h1>
        {shell?.seo?.description ? <p className="lead">{shell.seo.description}</p> : null}
        <PersonalDataPolicy />
      </main>
    );
  }
  if (loaderData.kind === 'advent') {
    const { calendar } = loaderData;
    return (
      <main className="container page content-page" id="main">
        {ld}
        {crumbs}
        <h1>Адвент-календарь</h1>
        <p className="lead">
          С 11 по 31 декабря каждый день открывается новое окошко с подарком. Окошко дня открывается по московскому
          времени.
        </p>
        {calendar.items.length === 0 ? (
          <p className="content-empty">Календарь этого года готовится — загляните в декабре.</p>
        ) : (
          <AdventGrid calendar={calendar} level={2} />
        )}
      </main>
    );
  }
  const { page } = loaderData;
  return (
    <ProductListsProvider lists={loaderData.lists}>
      <main className="container page content-page promo-page" id="main">
        {ld}
        {crumbs}
        <h1 className={page.kind === 'constructor' ? 'visually-hidden' : undefined}>{page.title}</h1>
        {page.kind === 'static' ? (
          <article className="content-article">
            {page.image ? (
              <img className="content-hero" src={page.image} alt="" width={1200} height={400} fetchPriority="high" />
            ) : null}
            {page.description ? <p className="lead">{page.description}</p> : null}
            <ContentHtml html={page.body_html} />
          </article>
        ) : (
          <PromoBlocks blocks={page.blocks} serverNow={loaderData.now} />
        )}
      </main>
    </ProductListsProvider>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
