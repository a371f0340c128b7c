// /store/{slug} (SPEC §2, issue 13): one store with its photos, address, metro, hours (today marked,
// holidays), directions, services, map, route link, phone and the products in stock there (paged
// by ?page=N). A multicenter's page is indexable with Store JSON-LD; lockers and pickup points are
// not. /store without a slug lists the city's stores by type.
import { useMemo } from 'react';
import { data } from 'react-router';
import {
  STORE_TYPE_LABELS,
  STORE_GROUPS,
  openingHoursSpecification,
  storeGroupOf,
  storeOpenState,
  upcomingHolidays,
  weekHours,
} from '@store/domain';
import type { Store } from '@store/api-client';
import type { Route } from './+types/store';
import { AppLink } from '../components/app-link.tsx';
import { Breadcrumbs } from '../components/breadcrumbs.tsx';
import { Pagination } from '../components/pagination.tsx';
import { ProductGrid } from '../components/product-card.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { StoreOpenState, StoreStations } from '../components/stores/store-facts.tsx';
import { StoreMap } from '../components/stores/store-map.tsx';
import { publicOriginOf, seoMeta, withDescription } from '../lib/meta.ts';
import { useNonce } from '../lib/nonce.tsx';
import { orNotFound, requirePage } from '../lib/not-found.server.ts';
import { inlineJson } from '../lib/product.ts';
import { useShell } from '../lib/shell.ts';
import { listCityStores } from '../lib/stores.server.ts';
import { routeHref, storeMapPoint, useStoreClock } from '../lib/stores.ts';
import catalogStyles from '../styles/catalog.css?url';
import mapStyles from '../styles/store-map.css?url';
import styles from '../styles/stores.css?url';
import { apiContext } from '../context.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: catalogStyles },
  { rel: 'stylesheet', href: styles },
  { rel: 'stylesheet', href: mapStyles },
];

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const store = loaderData?.store;
  const tags = withDescription(
    seoMeta(matches, store ? `${store.name} — Мультицентр` : 'Магазины — Мультицентр'),
    store
      ? `${store.name}: ${store.address ?? ''}, ${store.work_time_line ?? ''}. Адрес, метро, часы работы и товары в наличии.`
      : 'Магазины Мультицентр по городам: адреса и часы работы.',
  );
  // Only a multicenter's page is for search engines; a locker or a partner's pickup point is not.
  if (store && store.type !== 1) tags.push({ name: 'robots', content: 'noindex' });
  return tags;
};

const PER_PAGE = 24;

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { pathname, match } = requirePage(request);
  if (match.kind !== 'store') throw data('Страница не найдена', { status: 404 });
  const api = context.get(apiContext);
  const url = new URL(request.url);
  if (match.slug === null) {
    const [breadcrumbs, stores] = await Promise.all([
      orNotFound(api.seo.breadcrumbs(pathname)),
      listCityStores(request, api, ['type', 'address', 'stations', 'work_time_line']),
    ]);
    return { kind: 'list' as const, breadcrumbs, stores, store: null, origin: url.origin };
  }
  const pageParam = url.searchParams.get('page');
  const page = pageParam === null ? 1 : /^[1-9]\d{0,4}$/.test(pageParam) ? Number(pageParam) : 0;
  if (page === 0) throw data('Страница не найдена', { status: 404 });
  const store = await api.stores.bySlug(params.slug ?? match.slug);
  if (!store) throw data('Страница не найдена', { status: 404 });
  const [breadcrumbs, products] = await Promise.all([
    orNotFound(api.seo.breadcrumbs(pathname)),
    store.type === 1 ? api.stores.products(store.id, { page, per_page: PER_PAGE }) : null,
  ]);
  if (products && page > 1 && products.items.length === 0) throw data('Страница не найдена', { status: 404 });
  return {
    kind: 'store' as const,
    breadcrumbs,
    store,
    products,
    page,
    renderedAt: Date.now(),
    origin: url.origin,
  };
}

export default function StorePage({ loaderData, matches }: Route.ComponentProps) {
  if (loaderData.kind === 'list') return <StoreList stores={loaderData.stores} breadcrumbs={loaderData.breadcrumbs} />;
  return <StoreView data={loaderData} origin={publicOriginOf(matches) ?? loaderData.origin} />;
}

type StoreData = Extract<Route.ComponentProps['loaderData'], { kind: 'store' }>;

function StoreView({ data, origin }: { data: StoreData; origin: string }) {
  const shell = useShell();
  const nonce = useNonce();
  const { store, products, page } = data;
  const now = useStoreClock(data.renderedAt);
  const open = storeOpenState(store.work_time, store.holidays, store.city.time_zone, now);
  const week = weekHours(store.work_time, store.holidays, store.city.time_zone, now);
  const holidays = upcomingHolidays(store.holidays, store.city.time_zone, now);
  const point = useMemo(() => [storeMapPoint(store)], [store]);
  const route = routeHref(store);
  const group = storeGroupOf(store.type);
  const [mainPhoto, ...morePhotos] = store.images;
  return (
    <main className="container page store-page" id="main">
      {store.type === 1 ? (
        <script
          type="application/ld+json"
          nonce={nonce}
          suppressHydrationWarning
          dangerouslySetInnerHTML={{ __html: inlineJson(storeJsonLd(store, origin)) }}
        />
      ) : null}
      <Breadcrumbs items={data.breadcrumbs} />
      <h1>{shell?.seo?.h1 ?? store.name}</h1>
      <p className="store-lead">
        <StoreOpenState open={open} />
        {group ? <span className="muted"> · {STORE_TYPE_LABELS[group].replace(/ы$/, '')}</span> : null}
      </p>
      <div className="store-top">
        {mainPhoto ? (
          <div className="store-photos">
            <img
              src={mainPhoto}
              alt={`${store.name}: фасад`}
              width={800}
              height={500}
              fetchPriority="high"
              className="store-photo-main"
            />
            {morePhotos.map((src, i) => (
              <img
                key={src}
                src={src}
                alt={`${store.name}: ${i === 0 ? 'торговый зал' : 'выдача заказов'}`}
                width={800}
                height={500}
                loading="lazy"
                className="store-photo"
              />
            ))}
          </div>
        ) : null}
        <section className="store-facts" aria-labelledby="store-address">
          <h2 id="store-address">Адрес</h2>
          <p className="store-address">
            {store.city.name}, {store.address}
          </p>
          <StoreStations stations={store.stations} />
          {store.phone ? (
            <p>
              Телефон: <a href={`tel:${store.phone.replace(/[^\d+]/g, '')}`}>{store.phone}</a>
            </p>
          ) : null}
          {route ? (
            <p>
              <a className="button" href={route} target="_blank" rel="noopener noreferrer">
                Проложить маршрут
              </a>
            </p>
          ) : null}
          {store.directions ? (
            <>
              <h3>Как добраться</h3>
              <p>{store.directions}</p>
            </>
          ) : null}
          {store.convenience ? <p className="muted">{store.convenience}</p> : null}
        </section>
      </div>
      <div className="store-grid">
        <section aria-labelledby="store-hours">
          <h2 id="store-hours">Часы работы</h2>
          <table className="store-week">
            <caption className="visually-hidden">Часы работы на этой неделе</caption>
            <tbody>
              {week.map((day) => (
                <tr
                  key={day.date}
                  className={day.today ? 'is-today' : undefined}
                  aria-current={day.today ? 'date' : undefined}
                >
                  <th scope="row">
                    {day.day}
                    {day.today ? <span className="store-today"> (сегодня)</span> : null}
                  </th>
                  <td>
                    {day.hours}
                    {day.holiday ? <span className="store-holiday"> · {day.holiday}</span> : null}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {holidays.length > 0 ? (
            <>
              <h3>Праздничные дни</h3>
              <ul className="store-holidays">
                {holidays.map((h) => (
                  <li key={h.date}>
                    {new Date(`${h.date}T12:00:00Z`).toLocaleDateString('ru-RU', {
                      day: 'numeric',
                      month: 'long',
                      timeZone: 'UTC',
                    })}
                    : {h.from && h.to ? `${h.from}–${h.to}` : 'выходной'} ({h.note.toLowerCase()})
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
        <section aria-labelledby="store-services">
          <h2 id="store-services">Услуги</h2>
          <ul className="store-services">
            {store.services.map((s) => (
              <li key={s}>{s}</li>
            ))}
          </ul>
        </section>
        <section className="store-map" aria-labelledby="store-on-map">
          <h2 id="store-on-map">На карте</h2>
          <StoreMap
            points={point}
            selectedId={store.id}
            onSelect={() => {}}
            me={null}
            tileUrl={shell?.publicConfig.mapTileUrl ?? null}
            attribution={shell?.publicConfig.mapTileAttribution ?? null}
            label={`Карта: ${store.name}`}
          />
        </section>
      </div>
      {products ? (
        <section className="store-products" aria-labelledby="store-products">
          <h2 id="store-products">
            Товары в наличии <span className="muted">{products.totalCount}</span>
          </h2>
          {products.items.length > 0 ? (
            <>
              <ProductGrid products={products.items} />
              <Pagination
                page={page}
                pageCount={products.pageCount}
                basePath={store.url}
                search=""
                hrefFor={(p) => (p === 1 ? store.url : `${store.url}?page=${p}`)}
              />
            </>
          ) : (
            <p>Сейчас в этом магазине нет товаров в наличии: их можно заказать с доставкой сюда.</p>
          )}
        </section>
      ) : null}
    </main>
  );
}

function storeJsonLd(store: Store, origin: string) {
  return {
    '@context': 'https://schema.org',
    '@type': 'ElectronicsStore',
    name: store.name,
    url: `${origin}${store.url}`,
    image: store.images.map((src) => `${origin}${src}`),
    telephone: store.phone ?? undefined,
    address: {
      '@type': 'PostalAddress',
      streetAddress: store.address,
      addressLocality: store.city.name,
      addressCountry: 'RU',
    },
    geo: { '@type': 'GeoCoordinates', latitude: store.latitude, longitude: store.longitude },
    openingHoursSpecification: openingHoursSpecification(store.work_time, store.holidays),
  };
}

function StoreList({
  stores,
  breadcrumbs,
}: {
  stores: Store[];
  breadcrumbs: Route.ComponentProps['loaderData']['breadcrumbs'];
}) {
  const shell = useShell();
  const city = stores[0]?.city.name ?? '';
  return (
    <main className="container page store-index" id="main">
      <Breadcrumbs items={breadcrumbs} />
      <h1>{shell?.seo?.h1 ?? `Магазины${city ? ` в городе ${city}` : ''}`}</h1>
      <p>
        <AppLink to="/shops">Все пункты на карте</AppLink>
      </p>
      {STORE_GROUPS.map((group) => {
        const ofGroup = stores.filter((s) => storeGroupOf(s.type) === group);
        if (ofGroup.length === 0) return null;
        return (
          <section key={group} aria-labelledby={`stores-${group}`}>
            <h2 id={`stores-${group}`}>
              {STORE_TYPE_LABELS[group]} <span className="muted">{ofGroup.length}</span>
            </h2>
            <ul className="store-index-list">
              {ofGroup.map((s) => (
                <li key={s.id}>
                  <AppLink to={s.url}>{s.address}</AppLink>
                  {s.stations?.[0] ? <span className="muted"> · м. {s.stations[0].name}</span> : null}
                  <span className="muted"> · {s.work_time_line}</span>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
