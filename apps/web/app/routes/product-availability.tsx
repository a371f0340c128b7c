// «Наличие и доставка» tab: availability/{city} (SPEC §2 Product page tabs: the city defaults to
// moskva, §4 Availability, Delivery time text, §9 Display). The stock in the city comes with the
// product; the receiving points (stores, pickup points, lockers) are streamed, filtered by type
// group and sorted. If that list cannot be had, the city summary and a link to all shops stand in.
import { Suspense, useId, useMemo, useState } from 'react';
import { Await, data, useOutletContext } from 'react-router';
import {
  deliveryCostLabel,
  filterStoresByType,
  pluralize,
  sortStores,
  storeGroupStates,
  toggleStoreGroup,
  type StoreSort,
} from '@store/domain';
import type { Route } from './+types/product-availability';
import { AppLink } from '../components/app-link.tsx';
import { CatalogIcon } from '../components/catalog-icons.tsx';
import { TabErrorBoundary } from '../components/route-error.tsx';
import { skipRevalidationOnSameUrl } from '../lib/listing-meta.ts';
import { requirePage } from '../lib/not-found.server.ts';
import { distanceText, piecesText, pickupText, stockSummary, type StoreStock } from '../lib/product.ts';
import { availabilityCityId, loadReceivingPoints } from '../lib/product.server.ts';
import { useShell } from '../lib/shell.ts';
import type { ProductOutletContext } from './product-or-listing.tsx';

export async function loader({ request, context, params }: Route.LoaderArgs) {
  const { match } = requirePage(request);
  if (match.kind !== 'product' || match.tab !== 'availability') {
    throw data('This page could not be found', { status: 404 });
  }
  const cityId = await availabilityCityId(request, context.api, params.city ?? null);
  return {
    points: loadReceivingPoints(context.api, match.productId, cityId),
    // Pickup times are worded against this clock, so the server and hydration print the same text.
    now: Date.now(),
  };
}

export const shouldRevalidate = skipRevalidationOnSameUrl;

const POINT_FORMS = ['пункте', 'пунктах', 'пунктах'] as const;
/** The list opens with this many points; the rest come with «Показать все пункты». */
const POINTS_SHOWN = 8;

export default function ProductAvailability({ loaderData }: Route.ComponentProps) {
  const { product, availabilityTab } = useOutletContext<ProductOutletContext>();
  const shell = useShell();
  const cityName = shell?.city.name ?? 'Москва';
  const stock = stockSummary(product);
  const { stores, quantity } = product.city_availability;

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
      <Suspense fallback={<p className="muted">Загружаем пункты получения…</p>}>
        <Await resolve={loaderData.points} errorElement={<ShopsLink />}>
          {(points) =>
            points && points.length > 0 ? (
              <>
                <p className="muted pp-points-count">
                  Можно получить в {points.length} {pluralize(points.length, POINT_FORMS)}
                </p>
                <PointList points={points} now={loaderData.now} />
              </>
            ) : (
              <ShopsLink />
            )
          }
        </Await>
      </Suspense>
    </div>
  );
}

function ShopsLink() {
  return (
    <p className="pp-shops-link">
      <AppLink to="/shops">Адреса и часы работы всех магазинов</AppLink>
    </p>
  );
}

const SORTS: { value: StoreSort; label: string }[] = [
  { value: 'date', label: 'по сроку получения' },
  { value: 'availability', label: 'сначала с товаром в наличии' },
  { value: 'distance', label: 'по удалённости от центра' },
  { value: 'address', label: 'по адресу' },
  { value: 'metro', label: 'по метро' },
];

function PointList({ points, now }: { points: StoreStock[]; now: number }) {
  const types = useMemo(() => [...new Set(points.map((p) => p.type))], [points]);
  const [selected, setSelected] = useState<number[]>(types);
  const [sort, setSort] = useState<StoreSort>('date');
  const [all, setAll] = useState(false);
  const sortId = useId();
  const groups = storeGroupStates(selected, types);
  const shown = sortStores(
    filterStoresByType(points, selected).map((p) => ({ ...p, availability: p.inStock ? p.quantity : 0 })),
    sort,
  );

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
              {g.label}
            </label>
          ))}
        </fieldset>
        <label htmlFor={sortId} className="pp-store-sort">
          Сортировать
          <select id={sortId} value={sort} onChange={(e) => setSort(e.target.value as StoreSort)}>
            {SORTS.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </select>
        </label>
      </div>
      <ul className="pp-stores" aria-label="Пункты получения">
        {(all ? shown : shown.slice(0, POINTS_SHOWN)).map((p) => (
          <li key={p.id} className="pp-store">
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
            </div>
            <div className="pp-store-hours">
              <p>{p.hours}</p>
              {p.distance !== null ? <p className="muted">{distanceText(p.distance)} от центра</p> : null}
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
      {!all && shown.length > POINTS_SHOWN ? (
        <div className="pp-more">
          <p className="muted">
            Показано {POINTS_SHOWN} из {shown.length}
          </p>
          <button type="button" className="button" onClick={() => setAll(true)}>
            Показать все пункты
          </button>
        </div>
      ) : null}
    </>
  );
}

export const ErrorBoundary = TabErrorBoundary;
