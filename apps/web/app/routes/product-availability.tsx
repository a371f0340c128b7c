// «Наличие и доставка» tab: availability/{city} (SPEC §2 Product page tabs: the city defaults to
// moskva, §4 Availability, Delivery time text, Express courier, §9 Display). The stock in the city
// comes with the product; the ways to receive it (/variations_orders) and the receiving points
// (stores, pickup points, lockers) are streamed. The points are filtered by type group, sorted, and
// shown on a map; distances are from the shopper when the browser tells where they are, else from
// the city centre. If the points cannot be had, the city summary and a link to all shops stand in.
import { Suspense } from 'react';
import { Await, data, useOutletContext } from 'react-router';
import { isLatestProducts, PLURAL, pluralize } from '@store/domain';
import type { Route } from './+types/product-availability';
import { AppLink } from '../components/app-link.tsx';
import { CatalogIcon } from '../components/catalog-icons.tsx';
import { TabErrorBoundary } from '../components/route-error.tsx';
import { loadReceivingWays, loadTabCity } from '../lib/availability.server.ts';
import { skipRevalidationOnSameUrl } from '../lib/listing-meta.ts';
import { requirePage } from '../lib/not-found.server.ts';
import { piecesText, stockSummary } from '../lib/product.ts';
import { splitComponent } from '../lib/split-component.tsx';
import { availabilityCityId, loadReceivingPoints } from '../lib/product.server.ts';
import { useShell } from '../lib/shell.ts';
import styles from '../styles/availability.css?url';
import mapStyles from '../styles/store-map.css?url';
import type { ProductOutletContext } from './product-or-listing.tsx';
import { apiContext } from '../context.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: styles },
  { rel: 'stylesheet', href: mapStyles },
];

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { match } = requirePage(request);
  if (match.kind !== 'product' || match.tab !== 'availability') {
    throw data('This page could not be found', { status: 404 });
  }
  const cityId = await availabilityCityId(request, context.get(apiContext), params.city ?? null);
  return {
    city: await loadTabCity(context.get(apiContext), cityId),
    ways: loadReceivingWays(context.get(apiContext), match.productId, cityId),
    points: loadReceivingPoints(context.get(apiContext), match.productId, cityId),
    // Times are worded against this clock, so the server and hydration print the same text.
    now: Date.now(),
  };
}

export const shouldRevalidate = skipRevalidationOnSameUrl;

// The ways to receive the product and the points with their filters, sorting and map arrive streamed
// below the stock line, so their code is a chunk of its own (the 150 KB budget, decision 0064): the
// server renders them in full, the browser hydrates them when the chunk arrives.
const listsModule = () => import('../components/availability-lists.tsx');
const WaysList = splitComponent(() => listsModule().then((m) => m.WaysList));
const PointList = splitComponent(() => listsModule().then((m) => m.PointList));

export default function ProductAvailability({ loaderData }: Route.ComponentProps) {
  const { product, availabilityTab } = useOutletContext<ProductOutletContext>();
  const shell = useShell();
  const city = loaderData.city;
  const cityName = city?.name ?? shell?.city.name ?? 'Москва';
  const stock = stockSummary(product);
  const { stores, quantity } = product.city_availability;
  const noDeliveries = city !== null && city.delivery_type_ids.length === 0;
  const wherePrepositional = city?.declension.prepositional ?? cityName;

  return (
    <div className="pp-tab-content">
      <div className="pp-tab-head">
        <h2>Наличие и доставка: {cityName}</h2>
      </div>
      {availabilityTab ? (
        <p className={`pp-city-stock pp-stock--${stock.kind}`}>
          {stock.kind === 'in-stock' ? <CatalogIcon name="check" size={18} /> : null}
          <span>
            {stock.text}
            {stores > 0 && quantity > 0 ? `, всего ${piecesText(quantity)}` : ''}
          </span>
        </p>
      ) : (
        <p className="pp-empty">Сейчас товар не продаётся в магазинах.</p>
      )}

      <section className="pp-av-section" aria-labelledby="pp-ways-title">
        <h3 id="pp-ways-title">Способы получения</h3>
        {noDeliveries ? (
          <p className="pp-av-none">В {wherePrepositional} пока нет доставки и пунктов выдачи заказов.</p>
        ) : (
          <Suspense fallback={<p className="muted">Считаем сроки и стоимость доставки…</p>}>
            <Await resolve={loaderData.ways} errorElement={<WaysFailed />}>
              {(variations) =>
                variations === null ? (
                  <WaysFailed />
                ) : (
                  <WaysList variations={variations} now={loaderData.now} wherePrepositional={wherePrepositional} />
                )
              }
            </Await>
          </Suspense>
        )}
      </section>

      {noDeliveries ? null : (
        <section className="pp-av-section" aria-labelledby="pp-points-title">
          <h3 id="pp-points-title">Пункты получения</h3>
          <Suspense fallback={<p className="muted">Загружаем пункты получения…</p>}>
            <Await resolve={loaderData.points} errorElement={<ShopsLink />}>
              {(points) =>
                points && points.length > 0 ? (
                  <>
                    <p className="muted pp-points-count">
                      Можно получить в {points.length} {pluralize(points.length, PLURAL.inPoints)}
                    </p>
                    {isLatestProducts(points.length) ? (
                      <p className="pp-latest" role="note">
                        Последние товары: пунктов получения немного, успейте заказать
                      </p>
                    ) : null}
                    <PointList points={points} now={loaderData.now} city={city} />
                  </>
                ) : (
                  <ShopsLink />
                )
              }
            </Await>
          </Suspense>
        </section>
      )}
    </div>
  );
}

function WaysFailed() {
  return <p className="muted">Сроки доставки сейчас недоступны, их покажем при оформлении заказа.</p>;
}

function ShopsLink() {
  return (
    <p className="pp-shops-link">
      <AppLink to="/shops">Адреса и часы работы всех магазинов</AppLink>
    </p>
  );
}

export const ErrorBoundary = TabErrorBoundary;
