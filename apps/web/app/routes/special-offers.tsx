// /special-offers (SPEC §2, §9; issue 14): the running offers with filters by brand, channel and
// mechanics (a GET form that works without JavaScript), 12 per page on the server with page links;
// once hydrated, «Показать ещё» adds 3 on a phone and 6 on a tablet or desktop.
import { useState } from 'react';
import { Form, data } from 'react-router';
import { OFFER_PAGE_SIZES, offerPageSize, viewportOf } from '@store/domain';
import type { Article } from '@store/api-client';
import type { Route } from './+types/special-offers';
import { Breadcrumbs } from '../components/breadcrumbs.tsx';
import { ClientButton } from '../components/client-button.tsx';
import { OfferCard } from '../components/content/article-card.tsx';
import { JsonLd, breadcrumbList } from '../components/content/json-ld.tsx';
import { Pagination } from '../components/pagination.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { browserApi } from '../lib/browser-api.ts';
import { contentMeta } from '../lib/content-meta.ts';
import { publicOriginOf } from '../lib/meta.ts';
import { orNotFound, requireItemsOnPage, requirePage, requireQueryPage } from '../lib/not-found.server.ts';
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
    fallbackTitle: 'Акции и скидки — Мультицентр',
    description: 'Актуальные акции Мультицентра: скидки, подарки, рассрочка и промокоды.',
    image: loaderData?.offers.items[0]?.listing_image ?? null,
  });

const CODE = /^[a-z0-9_.&-]{1,64}$/;

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = requirePage(request);
  const url = new URL(request.url);
  const param = (name: string) => {
    const value = url.searchParams.get(name);
    return value && CODE.test(value) ? value : undefined;
  };
  const page = requireQueryPage(request);
  const perPageParam = Number(url.searchParams.get('per_page') ?? offerPageSize(null));
  if (!OFFER_PAGE_SIZES.includes(perPageParam)) throw data('Страница не найдена', { status: 404 });
  const channel = param('channel');
  const filters = {
    brand: param('brand'),
    channel: channel === 'online' || channel === 'stores' ? channel : undefined,
    mechanics: param('mechanics'),
  } as const;
  const api = context.get(apiContext);
  const [breadcrumbs, offers, brands, channels, mechanics] = await Promise.all([
    orNotFound(api.seo.breadcrumbs(pathname)),
    orNotFound(api.content.offers({ page, per_page: perPageParam, ...filters })),
    api.content.offerBrands(),
    api.content.offerChannels(),
    api.content.offerMechanics(),
  ]);
  requireItemsOnPage(page, offers.items);
  return { breadcrumbs, offers, brands, channels, mechanics, filters, origin: url.origin };
}

export default function SpecialOffers({ loaderData, matches }: Route.ComponentProps) {
  const shell = useShell();
  const { offers, filters } = loaderData;
  const origin = publicOriginOf(matches) ?? loaderData.origin;
  const [more, setMore] = useState<Article[]>([]);
  const [loading, setLoading] = useState(false);
  const shown = [...offers.items, ...more];
  const start = (offers.currentPage - 1) * offers.perPage;
  const left = offers.totalCount - start - shown.length;
  const search = new URLSearchParams(
    Object.entries(filters).filter((e): e is [string, string] => typeof e[1] === 'string'),
  );
  const hrefFor = (p: number) => {
    const q = new URLSearchParams(search);
    if (p > 1) q.set('page', String(p));
    if (offers.perPage !== offerPageSize(null)) q.set('per_page', String(offers.perPage));
    const s = q.toString();
    return `/special-offers${s ? `?${s}` : ''}`;
  };
  const loadMore = async () => {
    setLoading(true);
    try {
      const size = offerPageSize(viewportOf(window.innerWidth));
      const loaded = start + shown.length;
      // The loaded count is a multiple of 12, 6 and 3 until the end, so it is a page boundary of the size.
      const next = await browserApi.content.offers({ ...filters, per_page: size, page: Math.floor(loaded / size) + 1 });
      setMore((m) => [...m, ...next.items]);
    } catch (error) {
      console.warn('more offers failed', error);
    } finally {
      setLoading(false);
    }
  };
  return (
    <main className="container page content-page" id="main">
      <JsonLd data={[breadcrumbList(origin, loaderData.breadcrumbs)]} />
      <Breadcrumbs items={loaderData.breadcrumbs} />
      <h1>{shell?.seo?.h1 ?? 'Акции'}</h1>
      <Form method="get" action="/special-offers" className="content-filters" aria-label="Фильтры акций">
        <label>
          <span>Бренд</span>
          <select name="brand" defaultValue={filters.brand ?? ''}>
            <option value="">Все бренды</option>
            {loaderData.brands.map((b) => (
              <option key={b.code} value={b.code}>
                {b.name} ({b.count})
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Где действует</span>
          <select name="channel" defaultValue={filters.channel ?? ''}>
            <option value="">Везде</option>
            {loaderData.channels.map((c) => (
              <option key={c.code} value={c.code}>
                {c.name} ({c.count})
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Механика</span>
          <select name="mechanics" defaultValue={filters.mechanics ?? ''}>
            <option value="">Любая</option>
            {loaderData.mechanics.map((m) => (
              <option key={m.code} value={m.code}>
                {m.name} ({m.count})
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className="button button-primary">
          Показать
        </button>
      </Form>
      <p className="muted content-count" aria-live="polite">
        Найдено акций: {offers.totalCount}
      </p>
      {shown.length === 0 ? (
        <p className="content-empty">По выбранным условиям акций нет. Попробуйте сбросить фильтры.</p>
      ) : (
        <ul className="content-grid" aria-label="Акции">
          {shown.map((offer, i) => (
            <li key={offer.id}>
              <OfferCard offer={offer} priority={i === 0} level={2} />
            </li>
          ))}
        </ul>
      )}
      {left > 0 ? (
        <div className="content-more">
          <ClientButton className="button" onClick={() => void loadMore()} disabled={loading}>
            {loading ? 'Загружаем…' : 'Показать ещё'}
          </ClientButton>
        </div>
      ) : null}
      {more.length === 0 ? (
        <Pagination
          page={offers.currentPage}
          pageCount={offers.pageCount}
          basePath="/special-offers"
          search=""
          hrefFor={hrefFor}
        />
      ) : null}
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
