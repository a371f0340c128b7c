// The availability tab's two streamed lists (SPEC §2 Product page tabs, §4 Availability, Delivery time
// text, Express courier): the ways to receive the product, and the receiving points filtered by type,
// sorted, and shown on a map with distances from the shopper or the city centre. A chunk of its own:
// routes/product-availability.tsx loads it with splitComponent (decision 0064).
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import {
  deliveryCostLabel,
  distanceMetres,
  filterStoresByType,
  sortStores,
  storeGroupStates,
  toggleStoreGroup,
  type StoreSort,
} from '@store/domain';
import type { City, OrderVariation } from '@store/api-client';
import { AppLink } from './app-link.tsx';
import { ClientButton } from './client-button.tsx';
import { Icon } from './icons.tsx';
import { ReceivingWays } from './receiving-ways.tsx';
import { StoreMap } from './stores/store-map.tsx';
import { expressFeatureMinutes, receivingWays } from '../lib/availability.ts';
import { distanceText, piecesText, pickupText, type StoreStock } from '../lib/product.ts';
import { useHydrated } from '../lib/hydrated.ts';
import { useShell } from '../lib/shell.ts';

/** The list opens with this many points; the rest come with «Показать все пункты». */
const POINTS_SHOWN = 8;

export function WaysList({
  variations,
  now,
  wherePrepositional,
}: {
  variations: OrderVariation[];
  now: number;
  wherePrepositional: string;
}) {
  const shell = useShell();
  const ways = receivingWays(variations, now, expressFeatureMinutes(shell?.features ?? []));
  return ways.length > 0 ? (
    <ReceivingWays ways={ways} />
  ) : (
    <p className="pp-av-none">В {wherePrepositional} этот товар сейчас нельзя получить.</p>
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

export function PointList({ points, now, city }: { points: StoreStock[]; now: number; city: City | null }) {
  const shell = useShell();
  // The filters, sorting and buttons act only through React: off in the server's HTML and until this chunk
  // has hydrated, so an early click is never lost (decision 0017).
  const hydrated = useHydrated();
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
                disabled={g.disabled || !hydrated}
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
          <ClientButton
            className="pp-near-me"
            onClick={locate}
            disabled={locating === 'locating'}
            aria-pressed={me !== null}
          >
            <Icon name="pin" size={18} aria-hidden="true" />
            Рядом со мной
          </ClientButton>
          <label htmlFor={sortId} className="pp-store-sort">
            Сортировать
            <select
              id={sortId}
              value={sort}
              disabled={!hydrated}
              onChange={(e) => setSort(e.target.value as StoreSort)}
            >
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
                  <ClientButton
                    className="pp-show-on-map"
                    aria-pressed={p.id === chosen}
                    aria-label={`Показать на карте: ${p.name}`}
                    onClick={() => choose(p.id, 'map')}
                  >
                    <Icon name="pin" size={16} aria-hidden="true" />
                    На карте
                  </ClientButton>
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
              <ClientButton className="button" onClick={() => setAll(true)}>
                Показать все пункты
              </ClientButton>
            </div>
          ) : null}
        </div>
      </div>
    </>
  );
}
