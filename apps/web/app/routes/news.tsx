// /news, /news/news, /news/press and /news/{id} (SPEC §2; issue 14): news and press releases, 12 a
// page (?page=N), dates in Russian; one item with its text, NewsArticle JSON-LD and the latest news.
import { data } from 'react-router';
import { NEWS_PER_PAGE, formatRuDate } from '@store/domain';
import type { Route } from './+types/news';
import { AppLink } from '../components/app-link.tsx';
import { Breadcrumbs } from '../components/breadcrumbs.tsx';
import { ArticleCard } from '../components/content/article-card.tsx';
import { ContentHtml } from '../components/content/content-html.tsx';
import { JsonLd, PUBLISHER, absolute, breadcrumbList } from '../components/content/json-ld.tsx';
import { Pagination } from '../components/pagination.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { contentMeta } from '../lib/content-meta.ts';
import { queryPageHref } from '../lib/listing-url.ts';
import { publicOriginOf } from '../lib/meta.ts';
import { orNotFound, requireItemsOnPage, requirePage, requireQueryPage } from '../lib/not-found.server.ts';
import { useShell } from '../lib/shell.ts';
import contentStyles from '../styles/content.css?url';
import catalogStyles from '../styles/catalog.css?url';
import { apiContext } from '../context.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: catalogStyles },
  { rel: 'stylesheet', href: contentStyles },
];

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  loaderData?.kind === 'item'
    ? contentMeta(matches, {
        fallbackTitle: `${loaderData.item.title} — Мультицентр`,
        description: loaderData.item.preview_text,
        image: loaderData.item.detail_image,
        type: 'article',
      })
    : contentMeta(matches, {
        fallbackTitle: 'Новости — Мультицентр',
        description: 'Новости и пресс-релизы Мультицентра: открытия магазинов, сервисы, новинки техники.',
        image: loaderData?.kind === 'list' ? (loaderData.news.items[0]?.listing_image ?? null) : null,
      });

const TABS = [
  { href: '/news', text: 'Все', type: null },
  { href: '/news/news', text: 'Новости', type: 'news' },
  { href: '/news/press', text: 'Пресс-релизы', type: 'press' },
] as const;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { match, pathname } = requirePage(request);
  const api = context.get(apiContext);
  const origin = new URL(request.url).origin;
  if (match.kind === 'news-item') {
    const [breadcrumbs, item, latest] = await Promise.all([
      orNotFound(api.seo.breadcrumbs(pathname)),
      orNotFound(api.content.article(match.id)),
      api.content.news({ per_page: 4 }),
    ]);
    if (item.type !== 'news' && item.type !== 'press') throw data('Страница не найдена', { status: 404 });
    return {
      kind: 'item' as const,
      breadcrumbs,
      item,
      latest: latest.items.filter((n) => n.id !== item.id).slice(0, 3),
      origin,
    };
  }
  const type = match.kind === 'news-type' ? match.type : null;
  if (match.kind !== 'news-type' && !(match.kind === 'static' && match.key === 'news'))
    throw data('Страница не найдена', { status: 404 });
  const page = requireQueryPage(request);
  const [breadcrumbs, news] = await Promise.all([
    orNotFound(api.seo.breadcrumbs(pathname)),
    api.content.news({ page, per_page: NEWS_PER_PAGE, ...(type ? { type } : {}) }),
  ]);
  requireItemsOnPage(page, news.items);
  return { kind: 'list' as const, breadcrumbs, news, type, pathname, origin };
}

export default function News({ loaderData, matches }: Route.ComponentProps) {
  const shell = useShell();
  const origin = publicOriginOf(matches) ?? loaderData.origin;
  if (loaderData.kind === 'item') {
    const { item, latest, breadcrumbs } = loaderData;
    const ld = {
      '@context': 'https://schema.org',
      '@type': 'NewsArticle',
      headline: item.title,
      description: item.preview_text,
      datePublished: item.date_published,
      image: item.detail_image ? [absolute(origin, item.detail_image)] : undefined,
      mainEntityOfPage: absolute(origin, item.url),
      publisher: PUBLISHER(origin),
      author: { '@type': 'Organization', name: 'Мультицентр' },
    };
    return (
      <main className="container page content-page" id="main">
        <JsonLd data={[ld, breadcrumbList(origin, breadcrumbs)]} />
        <Breadcrumbs items={breadcrumbs} />
        <article className="content-article">
          <p className="content-kicker">
            {item.type === 'press' ? 'Пресс-релиз' : 'Новость'} ·{' '}
            <time dateTime={item.date_published}>{formatRuDate(item.date_published)}</time>
          </p>
          <h1>{item.title}</h1>
          <img
            className="content-hero"
            src={item.detail_image ?? '/favicon.svg'}
            alt={item.title}
            width={1200}
            height={480}
            fetchPriority="high"
          />
          <ContentHtml html={item.detail_text} />
        </article>
        {latest.length > 0 ? (
          <section className="content-section" aria-labelledby="news-latest">
            <div className="section-head">
              <h2 id="news-latest">Другие новости</h2>
              <AppLink to="/news" className="section-link">
                Все новости
              </AppLink>
            </div>
            <ul className="content-grid content-grid--three">
              {latest.map((n) => (
                <li key={n.id}>
                  <ArticleCard article={n} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </main>
    );
  }
  const { news, type, breadcrumbs, pathname } = loaderData;
  return (
    <main className="container page content-page" id="main">
      <JsonLd data={[breadcrumbList(origin, breadcrumbs)]} />
      <Breadcrumbs items={breadcrumbs} />
      <h1>{shell?.seo?.h1 ?? (type === 'press' ? 'Пресс-релизы' : 'Новости')}</h1>
      <nav aria-label="Разделы новостей">
        <ul className="chips">
          {TABS.map((tab) => (
            <li key={tab.href}>
              <AppLink
                to={tab.href}
                className={tab.type === type ? 'chip is-current' : 'chip'}
                aria-current={tab.type === type ? 'page' : undefined}
              >
                {tab.text}
              </AppLink>
            </li>
          ))}
        </ul>
      </nav>
      <ul className="content-grid" aria-label="Новости">
        {news.items.map((n, i) => (
          <li key={n.id}>
            <ArticleCard article={n} priority={i === 0} level={2} />
          </li>
        ))}
      </ul>
      <Pagination
        page={news.currentPage}
        pageCount={news.pageCount}
        basePath={pathname}
        search=""
        hrefFor={queryPageHref(pathname)}
      />
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
