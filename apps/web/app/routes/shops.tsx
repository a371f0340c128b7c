// /shops (SPEC §2, issue 13): every store of the visitor's city on a map and in a list, with the type
// toggles (disabled where the city has none), search by address or metro, «открыто сейчас» on the
// city's clock and «Рядом со мной». Without JavaScript the filters are a GET form and the list is
// drawn by the server; once hydrated they filter at once and the map (Leaflet) loads.
import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import { Form } from 'react-router';
import { PLURAL, STORE_EXPANDS, STORE_TYPE_LABELS, formatCount, storeGroupOf, type StoreGroup } from '@store/domain';
import type { Route } from './+types/shops';
import { Breadcrumbs } from '../components/breadcrumbs.tsx';
import { ClientButton } from '../components/client-button.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { StoreCard } from '../components/stores/store-card.tsx';
import { StoreMap } from '../components/stores/store-map.tsx';
import { seoMeta, withDescription } from '../lib/meta.ts';
import { orNotFound, requirePage } from '../lib/not-found.server.ts';
import { useShell } from '../lib/shell.ts';
import { listCityStores } from '../lib/stores.server.ts';
import {
  parseShopsFilter,
  shopGroupStates,
  shownStores,
  storeMapPoint,
  useStoreClock,
  type ShopsFilter,
} from '../lib/stores.ts';
import mapStyles from '../styles/store-map.css?url';
import styles from '../styles/stores.css?url';
import { apiContext } from '../context.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: styles },
  { rel: 'stylesheet', href: mapStyles },
];

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  withDescription(
    seoMeta(matches, 'Магазины — Мультицентр'),
    loaderData
      ? `Мультицентры, пункты выдачи и постаматы в городе ${loaderData.cityName}: адреса, метро, часы работы на карте.`
      : 'Адреса магазинов Мультицентр на карте',
  );

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = requirePage(request);
  const api = context.get(apiContext);
  const [breadcrumbs, stores] = await Promise.all([
    orNotFound(api.seo.breadcrumbs(pathname)),
    listCityStores(request, api, [...STORE_EXPANDS]),
  ]);
  return {
    breadcrumbs,
    stores,
    filter: parseShopsFilter(new URL(request.url).searchParams),
    cityName: stores[0]?.city.name ?? '',
    // The list's open states are drawn at this moment, then kept current by the browser.
    renderedAt: Date.now(),
  };
}

type Located = 'idle' | 'locating' | 'located' | 'failed';

export default function ShopsPage({ loaderData }: Route.ComponentProps) {
  const shell = useShell();
  const { stores } = loaderData;
  const [filter, setFilter] = useState<ShopsFilter>(loaderData.filter);
  const [seenFilter, setSeenFilter] = useState(loaderData.filter);
  if (seenFilter !== loaderData.filter) {
    // A submitted form (or a link) brought a new filter.
    setSeenFilter(loaderData.filter);
    setFilter(loaderData.filter);
  }
  const now = useStoreClock(loaderData.renderedAt);
  const [me, setMe] = useState<{ latitude: number; longitude: number } | null>(null);
  const [located, setLocated] = useState<Located>('idle');
  const [selectedId, setSelectedId] = useState<number | null>(null);
  const cards = useRef(new Map<number, HTMLLIElement>());
  const formId = useId();

  const groups = shopGroupStates(stores, filter.groups);
  const shown = useMemo(() => shownStores(stores, filter, now, me), [stores, filter, now, me]);
  const points = useMemo(() => shown.map(({ store }) => storeMapPoint(store)), [shown]);

  function toggleGroup(group: StoreGroup, on: boolean) {
    setFilter((f) => ({ ...f, groups: on ? [...f.groups, group] : f.groups.filter((g) => g !== group) }));
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    // Once hydrated the list already follows the fields: keep the address in step without a reload.
    event.preventDefault();
    const params = new URLSearchParams({ f: '1' });
    for (const g of filter.groups) params.append('type', g);
    if (filter.query) params.set('q', filter.query);
    if (filter.openNow) params.set('open', '1');
    window.history.replaceState(window.history.state, '', `?${params.toString()}`);
  }

  function locate() {
    if (!('geolocation' in navigator)) {
      setLocated('failed');
      return;
    }
    setLocated('locating');
    navigator.geolocation.getCurrentPosition(
      (position) => {
        setMe({ latitude: position.coords.latitude, longitude: position.coords.longitude });
        setLocated('located');
      },
      () => setLocated('failed'),
      { timeout: 10_000, maximumAge: 300_000 },
    );
  }

  function select(id: number) {
    setSelectedId(id);
    cards.current.get(id)?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }

  return (
    <main className="container page shops" id="main">
      <Breadcrumbs items={loaderData.breadcrumbs} />
      <h1>{shell?.seo?.h1 ?? `Магазины и пункты выдачи${loaderData.cityName ? ` — ${loaderData.cityName}` : ''}`}</h1>
      <Form
        method="get"
        className="shops-filters"
        id={formId}
        onSubmit={onSubmit}
        role="search"
        aria-label="Поиск магазинов"
      >
        <input type="hidden" name="f" value="1" />
        <fieldset className="shops-types">
          <legend className="visually-hidden">Типы пунктов</legend>
          {groups.map((g) => {
            const count = stores.filter((s) => storeGroupOf(s.type) === g.group).length;
            return (
              <label key={g.group} className={`shops-type${g.disabled ? ' is-disabled' : ''}`}>
                <input
                  type="checkbox"
                  name="type"
                  value={g.group}
                  checked={!g.disabled && filter.groups.includes(g.group)}
                  disabled={g.disabled}
                  onChange={(e) => toggleGroup(g.group, e.target.checked)}
                />
                <span>
                  {STORE_TYPE_LABELS[g.group]} <span className="shops-type-count">{count}</span>
                </span>
              </label>
            );
          })}
        </fieldset>
        <label className="shops-search">
          <span className="visually-hidden">Адрес или метро</span>
          <input
            type="search"
            name="q"
            placeholder="Адрес или метро"
            value={filter.query}
            maxLength={100}
            autoComplete="off"
            onChange={(e) => setFilter((f) => ({ ...f, query: e.target.value }))}
          />
        </label>
        <label className="shops-open">
          <input
            type="checkbox"
            name="open"
            value="1"
            checked={filter.openNow}
            onChange={(e) => setFilter((f) => ({ ...f, openNow: e.target.checked }))}
          />
          <span>Открыто сейчас</span>
        </label>
        <button type="submit" className="button shops-submit">
          Найти
        </button>
        <ClientButton className="button button-primary shops-near" onClick={locate} aria-pressed={me !== null}>
          Рядом со мной
        </ClientButton>
      </Form>
      <p className="shops-status" role="status">
        {located === 'locating'
          ? 'Определяем, где вы…'
          : located === 'failed'
            ? 'Не удалось узнать, где вы: разрешите доступ к геопозиции.'
            : `${formatCount(shown.length, PLURAL.pickupPoint)}${located === 'located' ? ', ближайшие — первыми' : ''}`}
      </p>
      <div className="shops-layout">
        <div className="shops-map">
          <StoreMap
            points={points}
            selectedId={selectedId}
            onSelect={select}
            me={me}
            tileUrl={shell?.publicConfig.mapTileUrl ?? null}
            attribution={shell?.publicConfig.mapTileAttribution ?? null}
            label={`Карта магазинов: ${formatCount(points.length, PLURAL.pickupPoint)}`}
          />
        </div>
        {shown.length > 0 ? (
          <ul className="shops-list" aria-label="Магазины и пункты выдачи">
            {shown.map(({ store, open, distance }) => (
              <li
                key={store.id}
                ref={(el) => {
                  if (el) cards.current.set(store.id, el);
                  else cards.current.delete(store.id);
                }}
              >
                <StoreCard
                  store={store}
                  open={open}
                  distance={distance}
                  selected={store.id === selectedId}
                  onShowOnMap={setSelectedId}
                />
              </li>
            ))}
          </ul>
        ) : (
          <p className="shops-empty">Ничего не нашлось: измените адрес или включите другие типы пунктов.</p>
        )}
      </div>
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
