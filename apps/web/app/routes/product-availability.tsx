// «Наличие и доставка» tab: availability/{city} (SPEC §2 Product page tabs: the city defaults to
// moskva, §4 Availability, Delivery time text, Express courier, §9 Display). The stock in the city
// comes with the product; the ways to receive it (/variations_orders) and the receiving points
// (stores, pickup points, lockers) are streamed. The points are filtered by type group, sorted, and
// shown on a map; distances are from the shopper when the browser tells where they are, else from
// the city centre. If the points cannot be had, the city summary and a link to all shops stand in.
import { Suspense, useEffect, useId, useMemo, useRef, useState } from 'react';
import { Await, data, useOutletContext } from 'react-router';
import {
  deliveryCostLabel,
  distanceMetres,
  filterStoresByType,
  isLatestProducts,
  PLURAL,
  pluralize,
  sortStores,
  storeGroupStates,
  toggleStoreGroup,
  type StoreSort,
} from '@store/domain';
import type { City } from '@store/api-client';
import type { Route } from './+types/product-availability';
import { AppLink } from '../components/app-link.tsx';
import { CatalogIcon } from '../components/catalog-icons.tsx';
import { Icon } from '../components/icons.tsx';
import { ReceivingWays } from '../components/receiving-ways.tsx';
import { TabErrorBoundary } from '../components/route-error.tsx';
import { StoreMap } from '../components/stores/store-map.tsx';
import { expressFeatureMinutes, receivingWays } from '../lib/availability.ts';
import { loadReceivingWays, loadTabCity } from '../lib/availability.server.ts';
import { skipRevalidationOnSameUrl } from '../lib/listing-meta.ts';
import { requirePage } from '../lib/not-found.server.ts';
import { distanceText, piecesText, pickupText, stockSummary, type StoreStock } from '../lib/product.ts';
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

/** The list opens with this many points; the rest come with «Показать все пункты». */
const POINTS_SHOWN = 8;

export default function ProductAvailability({ loaderData }: Route.ComponentProps) {
  const { product, availabilityTab } = useOutletContext<ProductOutletContext>();
  const shell = useShell();
  const city = loaderData.city;
  const cityName = city?.name ?? shell?.city.name ?? 'Москва';
  const stock = stockSummary(product);
  const { stores, quantity } = product.city_availability;
  const expressMinutes = expressFeatureMinutes(shell?.features ?? []);
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
              {(variations) => {
                if (variations === null) return <WaysFailed />;
                const ways = receivingWays(variations, loaderData.now, expressMinutes);
                return ways.length > 0 ? (
                  <ReceivingWays ways={ways} />
                ) : (
                  <p className="pp-av-none">В {wherePrepositional} этот товар сейчас нельзя получить.</p>
                );
              }}
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

type Place = { latitude: number; longitude: number };
type Locating = 'idle' | 'locating' | 'located' | 'failed';

const SORTS: { value: StoreSort; label: (nearMe: boolean) => string }[] = [
  { value: 'date', label: () => 'по сроку получения' },
  { value: 'availability', label: () => 'сначала с товаром в наличии' },
  { value: 'distance', label: (nearMe) => (nearMe ? 'по удалённости от вас' : 'по удалённости от центра') },
  { value: 'address', label: () => 'по адресу' },
  { value: 'metro', label: () => 'по метро' },
];

function PointList({ points, now, city }: { points: StoreStock[]; now: number; city: City | null }) {
  const shell = useShell();
  const types = useMemo(() => [...new Set(points.map((p) => p.type))], [points]);
  const [selected, setSelected] = useState<number[]>(types);
  const [sort, setSort] = useState<StoreSort>('date');
  const [all, setAll] = useState(false);
  const [chosenId, setChosenId] = useState<number | null>(null);
  const [me, setMe] = useState<Place | null>(null);
  const [locating, setLocating] = useState<Locating>('idle');
  const sortId = useId();
  const items = useRef(new Map<number, HTMLLIElement>());
  const mapRef = useRef<HTMLDivElement>(null);
  const scrollTo = useRef<'item' | 'map' | null>(null);

  // Whole metres from the shopper, else from the city centre (else as the API counted them).
  const origin = me ?? (city ? city.coordinates : null);
  const groups = storeGroupStates(selected, types);
  const shown = useMemo(
    () =>
      sortStores(
        filterStoresByType(points, selected).map((p) => ({
          ...p,
          availability: p.inStock ? p.quantity : 0,
          distance: origin ? distanceMetres(origin, p) : p.distance,
        })),
        sort,
      ),
    [points, selected, sort, origin],
  );
  const chosen = shown.some((p) => p.id === chosenId) ? chosenId : null;
  const chosenIndex = shown.findIndex((p) => p.id === chosen);
  const listed = all || chosenIndex >= POINTS_SHOWN ? shown : shown.slice(0, POINTS_SHOWN);

  useEffect(() => {
    if (chosen === null || scrollTo.current === null) return;
    const target = scrollTo.current === 'item' ? items.current.get(chosen) : mapRef.current;
    scrollTo.current = null;
    target?.scrollIntoView({ block: 'nearest' });
  }, [chosen]);

  function choose(id: number, scroll: 'item' | 'map') {
    scrollTo.current = scroll;
    setChosenId(id);
  }

  function locate() {
    if (!('geolocation' in navigator)) {
      setLocating('failed');
      return;
    }
    setLocating('locating');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setMe({ latitude: position.coords.latitude, longitude: position.coords.longitude });
        setLocating('located');
        setSort('distance');
      },
      () => setLocating('failed'),
      { enableHighAccuracy: false, timeout: 15_000, maximumAge: 300_000 },
    );
  }

  const from = me ? 'от вас' : 'от центра';

  return (
    <>
      <div className="pp-store-filters">
        <fieldset>
          <legend className="visually-hidden">Тип пункта получения</legend>
          {groups.map((g) => (
            <label key={g.group} className={g.disabled ? 'pp-store-type is-disabled' : 'pp-store-type'}>
              <input
                type="checkbox"
                checked={g.checked}
                disabled={g.disabled}
                ref={(el) => {
                  if (el) el.indeterminate = g.partial;
                }}
                onChange={() => setSelected((current) => toggleStoreGroup(current, g.group, types))}
              />
              <span className={`pp-type-dot pp-type-dot--${g.group}`} aria-hidden="true" />
              {g.label}
            </label>
          ))}
        </fieldset>
        <div className="pp-store-tools">
          <button
            type="button"
            className="pp-near-me"
            onClick={locate}
            disabled={locating === 'locating'}
            aria-pressed={me !== null}
          >
            <Icon name="pin" size={18} aria-hidden="true" />
            Рядом со мной
          </button>
          <label htmlFor={sortId} className="pp-store-sort">
            Сортировать
            <select id={sortId} value={sort} onChange={(e) => setSort(e.target.value as StoreSort)}>
              {SORTS.map((s) => (
                <option key={s.value} value={s.value}>
                  {s.label(me !== null)}
                </option>
              ))}
            </select>
          </label>
        </div>
      </div>
      <p className="pp-locate-status" role="status">
        {locating === 'locating'
          ? 'Определяем, где вы…'
          : locating === 'located'
            ? 'Расстояние считаем от вас, ближайшие пункты — первыми.'
            : locating === 'failed'
              ? 'Не удалось узнать, где вы: расстояние считаем от центра города.'
              : ''}
      </p>
      <div className="pp-points-layout">
        <div className="pp-points-map" ref={mapRef}>
          <StoreMap
            points={shown}
            selectedId={chosen}
            onSelect={(id) => choose(id, 'item')}
            me={me}
            tileUrl={shell?.publicConfig.mapTileUrl ?? null}
            attribution={shell?.publicConfig.mapTileAttribution ?? null}
          />
        </div>
        <div className="pp-points-list">
          <ul className="pp-stores" aria-label="Пункты получения">
            {listed.map((p) => (
              <li
                key={p.id}
                ref={(el) => {
                  if (el) items.current.set(p.id, el);
                  else items.current.delete(p.id);
                }}
                className={p.id === chosen ? 'pp-store is-selected' : 'pp-store'}
                aria-current={p.id === chosen ? 'true' : undefined}
              >
                <div className="pp-store-place">
                  <AppLink to={p.url} className="pp-store-name">
                    {p.name}
                  </AppLink>
                  <p>{p.address}</p>
                  {p.stations.length > 0 ? (
                    <p className="pp-store-metro">
                      {p.stations.map((s) => (
                        <span key={s.name}>
                          <span className="pp-metro-dot" style={{ background: s.color }} aria-hidden="true" />
                          м. {s.name}
                        </span>
                      ))}
                    </p>
                  ) : null}
                  <button
                    type="button"
                    className="pp-show-on-map"
                    aria-pressed={p.id === chosen}
                    aria-label={`Показать на карте: ${p.name}`}
                    onClick={() => choose(p.id, 'map')}
                  >
                    <Icon name="pin" size={16} aria-hidden="true" />
                    На карте
                  </button>
                </div>
                <div className="pp-store-hours">
                  <p>{p.hours}</p>
                  {p.distance !== null ? (
                    <p className="muted pp-store-distance">
                      {distanceText(p.distance)} {from}
                    </p>
                  ) : null}
                </div>
                <div className="pp-store-receive">
                  <p className={p.inStock ? 'pp-store-qty' : 'pp-store-order'}>
                    {p.inStock ? `В наличии ${piecesText(p.quantity)}` : 'Доставим в пункт'}
                  </p>
                  <p>Забрать {pickupText(p, now)}</p>
                  <p className="muted">{deliveryCostLabel([p.deliveryCost])}</p>
                </div>
              </li>
            ))}
          </ul>
          {listed.length < shown.length ? (
            <div className="pp-more">
              <p className="muted">
                Показано {listed.length} из {shown.length}
              </p>
              <button type="button" className="button" onClick={() => setAll(true)}>
                Показать все пункты
              </button>
            </div>
          ) : null}
        </div>
      </div>
    </>
  );
}

export const ErrorBoundary = TabErrorBoundary;
