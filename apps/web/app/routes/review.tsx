// /reviews/view/{slug} (SPEC §2; issue 14): a review article with its text, the products it reviews
// (with «Купить»), its tags linking back to the filtered list, likes and dislikes once per visitor and
// views counted once per browser (article_views_ids); Article JSON-LD.
import { data } from 'react-router';
import { formatRuDate, reviewListPath, NO_REVIEW_FILTERS } from '@store/domain';
import type { Route } from './+types/review';
import { AppLink } from '../components/app-link.tsx';
import { Breadcrumbs } from '../components/breadcrumbs.tsx';
import { ArticleViews } from '../components/content/article-views.tsx';
import { ContentHtml } from '../components/content/content-html.tsx';
import { JsonLd, PUBLISHER, absolute, breadcrumbList } from '../components/content/json-ld.tsx';
import { VoteButtons } from '../components/content/vote-buttons.tsx';
import { ProductGrid } from '../components/product-card.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { contentMeta } from '../lib/content-meta.ts';
import { publicOriginOf } from '../lib/meta.ts';
import { orNotFound, requirePage } from '../lib/not-found.server.ts';
import { productListsFromCookies, ProductListsProvider } from '../lib/product-lists.tsx';
import catalogStyles from '../styles/catalog.css?url';
import contentStyles from '../styles/content.css?url';
import { apiContext } from '../context.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: catalogStyles },
  { rel: 'stylesheet', href: contentStyles },
];

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  contentMeta(matches, {
    fallbackTitle: loaderData ? `${loaderData.review.title} — Мультицентр` : 'Обзор — Мультицентр',
    description: loaderData?.review.preview_text ?? '',
    image: loaderData?.review.detail_image ?? null,
    type: 'article',
  });

export async function loader({ request, context }: Route.LoaderArgs) {
  const { match, pathname } = requirePage(request);
  if (match.kind !== 'review') throw data('Страница не найдена', { status: 404 });
  const api = context.get(apiContext);
  const [breadcrumbs, review] = await Promise.all([
    orNotFound(api.seo.breadcrumbs(pathname)),
    orNotFound(api.content.articleBySlug(match.slug)),
  ]);
  if (review.type !== 'review') throw data('Страница не найдена', { status: 404 });
  const products = review.product_ids.length > 0 ? await api.products.byIds(review.product_ids) : [];
  return {
    breadcrumbs,
    review,
    products,
    origin: new URL(request.url).origin,
    lists: productListsFromCookies(request.headers.get('cookie')),
  };
}

export default function Review({ loaderData, matches }: Route.ComponentProps) {
  const { review, products, breadcrumbs } = loaderData;
  const origin = publicOriginOf(matches) ?? loaderData.origin;
  const ld = {
    '@context': 'https://schema.org',
    '@type': 'Article',
    headline: review.title,
    description: review.preview_text,
    datePublished: review.date_published,
    image: review.detail_image ? [absolute(origin, review.detail_image)] : undefined,
    mainEntityOfPage: absolute(origin, review.url),
    publisher: PUBLISHER(origin),
    author: { '@type': 'Organization', name: 'Редакция Мультицентра' },
    about: products.map((p) => ({ '@type': 'Product', name: p.name, url: absolute(origin, p.url) })),
  };
  return (
    <ProductListsProvider lists={loaderData.lists}>
      <main className="container page content-page" id="main">
        <JsonLd data={[ld, breadcrumbList(origin, breadcrumbs)]} />
        <Breadcrumbs items={breadcrumbs} />
        <article className="content-article">
          <p className="content-kicker">
            <time dateTime={review.date_published}>{formatRuDate(review.date_published)}</time> ·{' '}
            <ArticleViews articleId={review.id} initial={review.views_count} />
          </p>
          <h1>{review.title}</h1>
          <ul className="chips" aria-label="Рубрики статьи">
            {review.tags.map((t) => (
              <li key={t.id}>
                <AppLink
                  className="chip"
                  to={reviewListPath({ ...NO_REVIEW_FILTERS, tag: { type: t.type, code: t.code } })}
                >
                  {t.name}
                </AppLink>
              </li>
            ))}
            {review.brands.map((b) => (
              <li key={b.id}>
                <AppLink className="chip" to={reviewListPath({ ...NO_REVIEW_FILTERS, brand: b.code })}>
                  {b.name}
                </AppLink>
              </li>
            ))}
          </ul>
          <img
            className="content-hero"
            src={review.detail_image ?? '/favicon.svg'}
            alt={review.title}
            width={1200}
            height={480}
            fetchPriority="high"
          />
          <ContentHtml html={review.detail_text} />
          <VoteButtons articleId={review.id} likes={review.likes} dislikes={review.dislikes} />
        </article>
        {products.length > 0 ? (
          <section className="content-section" aria-labelledby="review-products">
            <h2 id="review-products">Товары из статьи</h2>
            <ProductGrid products={products} />
          </section>
        ) : null}
      </main>
    </ProductListsProvider>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
