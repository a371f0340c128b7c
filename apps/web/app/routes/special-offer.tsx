// /special-offers/{id} (SPEC §2, §9; issue 14): one offer with its dates, channels, conditions, how
// to take part, its text, the products of its tag with «Купить», the mechanics' progress against the
// visitor's basket (after hydration) and at most 3 other offers (never this one).
import { data } from 'react-router';
import { capOfferPreviews, formatRuPeriod, OFFER_PREVIEWS } from '@store/domain';
import type { Route } from './+types/special-offer';
import { AppLink } from '../components/app-link.tsx';
import { Breadcrumbs } from '../components/breadcrumbs.tsx';
import { OfferCard } from '../components/content/article-card.tsx';
import { ContentHtml } from '../components/content/content-html.tsx';
import { JsonLd, PUBLISHER, absolute, breadcrumbList } from '../components/content/json-ld.tsx';
import { OfferProgressBlock } from '../components/content/offer-progress.tsx';
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
    fallbackTitle: loaderData ? `${loaderData.offer.title} — Мультицентр` : 'Акция — Мультицентр',
    description: loaderData?.offer.preview_text ?? '',
    image: loaderData?.offer.detail_image ?? null,
    type: 'article',
  });

const CHANNELS: Record<string, string> = { online: 'в интернет-магазине', stores: 'в магазинах' };

export async function loader({ request, context }: Route.LoaderArgs) {
  const { match, pathname } = requirePage(request);
  if (match.kind !== 'special-offer') throw data('Страница не найдена', { status: 404 });
  const api = context.get(apiContext);
  const [breadcrumbs, offer, previews] = await Promise.all([
    orNotFound(api.seo.breadcrumbs(pathname)),
    orNotFound(api.content.article(match.id)),
    api.content.offers({ per_page: OFFER_PREVIEWS }),
  ]);
  if (offer.type !== 'special_offer') throw data('Страница не найдена', { status: 404 });
  const products = offer.product_tag && !offer.is_ended ? await api.products.byTags([offer.product_tag.alias], 12) : [];
  return {
    breadcrumbs,
    offer,
    products,
    previews: capOfferPreviews(previews.items, offer.id),
    origin: new URL(request.url).origin,
    lists: productListsFromCookies(request.headers.get('cookie')),
  };
}

export default function SpecialOffer({ loaderData, matches }: Route.ComponentProps) {
  const { offer, products, previews, breadcrumbs } = loaderData;
  const origin = publicOriginOf(matches) ?? loaderData.origin;
  const jsonLd = {
    '@context': 'https://schema.org',
    '@type': 'WebPage',
    name: offer.title,
    description: offer.preview_text,
    url: absolute(origin, offer.url),
    image: offer.detail_image ? absolute(origin, offer.detail_image) : undefined,
    mainEntity: {
      '@type': 'Offer',
      name: offer.title,
      description: offer.usage_condition ?? offer.preview_text,
      url: absolute(origin, offer.url),
      validFrom: offer.active_from,
      ...(offer.active_to ? { validThrough: offer.active_to } : {}),
      availability: offer.is_ended ? 'https://schema.org/Discontinued' : 'https://schema.org/InStock',
      seller: PUBLISHER(origin),
    },
  };
  return (
    <ProductListsProvider lists={loaderData.lists}>
      <main className="container page content-page" id="main">
        <JsonLd data={[jsonLd, breadcrumbList(origin, breadcrumbs)]} />
        <Breadcrumbs items={breadcrumbs} />
        <article className="content-article offer-article">
          <img
            className="content-hero"
            src={offer.detail_image ?? '/favicon.svg'}
            alt={offer.title}
            width={1200}
            height={480}
            fetchPriority="high"
          />
          <h1>{offer.title}</h1>
          {offer.is_ended ? <p className="content-ended">Акция завершена</p> : null}
          <dl className="offer-facts">
            <div>
              <dt>Срок проведения</dt>
              <dd>{formatRuPeriod(offer.active_from, offer.active_to)}</dd>
            </div>
            <div>
              <dt>Где действует</dt>
              <dd>{offer.channels.map((c) => CHANNELS[c]).join(' и ')}</dd>
            </div>
            {offer.mechanics ? (
              <div>
                <dt>Механика</dt>
                <dd>{offer.mechanics.name}</dd>
              </div>
            ) : null}
          </dl>
          <ContentHtml html={offer.detail_text} />
          {offer.usage_condition ? (
            <section aria-labelledby="offer-conditions">
              <h2 id="offer-conditions">Условия акции</h2>
              <p>{offer.usage_condition}</p>
            </section>
          ) : null}
          {offer.how_to_use ? (
            <section aria-labelledby="offer-how">
              <h2 id="offer-how">Как принять участие</h2>
              <p>{offer.how_to_use}</p>
            </section>
          ) : null}
          {!offer.is_ended && offer.mechanics ? (
            <OfferProgressBlock offerId={offer.id} conditions={offer.mechanics.conditions.length} />
          ) : null}
        </article>
        {products.length > 0 ? (
          <section className="content-section" aria-labelledby="offer-products">
            <div className="section-head">
              <h2 id="offer-products">Товары акции</h2>
              {offer.product_tag ? (
                <AppLink to={offer.product_tag.url} className="section-link">
                  Все товары акции
                </AppLink>
              ) : null}
            </div>
            <ProductGrid products={products} />
          </section>
        ) : null}
        {previews.length > 0 ? (
          <section className="content-section" aria-labelledby="offer-previews">
            <div className="section-head">
              <h2 id="offer-previews">Другие акции</h2>
              <AppLink to="/special-offers" className="section-link">
                Все акции
              </AppLink>
            </div>
            <ul className="content-grid content-grid--three">
              {previews.map((p) => (
                <li key={p.id}>
                  <OfferCard offer={p} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}
      </main>
    </ProductListsProvider>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
