// The store pages' web code (/shops, /store, /store/{slug}): the shop finder's filters in the address
// (so the page works as a GET form without JavaScript) and which stores they keep, a store's pin and
// route link, and the clock the open states follow. The rules are pure: the server's list and the
// browser's live filtering run the same code.
import { useEffect, useState } from 'react';
import type { Store } from '@store/api-client';
import {
  STORE_GROUPS,
  distanceMetres,
  storeGroupOf,
  storeGroupStates,
  storeMatchesQuery,
  storeOpenState,
  type OpenState,
  type StoreGroup,
  type StoreGroupState,
} from '@store/domain';
import type { MapPoint } from '../components/stores/store-map.tsx';

export interface ShopsFilter {
  groups: StoreGroup[];
  query: string;
  openNow: boolean;
}

/**
 * The filter of a /shops address: `type` (repeated: multicenter, parcelLocker, pickupPoint), `q` and
 * `open=1`. The form also sends `f=1`, so an empty `type` after a submit means «none», while a bare
 * /shops shows every group.
 */
export function parseShopsFilter(search: URLSearchParams): ShopsFilter {
  const submitted = search.get('f') === '1';
  const asked = search.getAll('type').filter((t): t is StoreGroup => (STORE_GROUPS as readonly string[]).includes(t));
  return {
    groups: submitted || asked.length > 0 ? [...new Set(asked)] : [...STORE_GROUPS],
    query: (search.get('q') ?? '').trim().slice(0, 100),
    openNow: search.get('open') === '1',
  };
}

/** The type groups' checkboxes: disabled where the city has no store of the group. */
export function shopGroupStates(stores: readonly Store[], groups: readonly StoreGroup[]): StoreGroupState[] {
  const available = [...new Set(stores.map((s) => s.type ?? 0))];
  const selected = available.filter((type) => {
    const group = storeGroupOf(type);
    return group !== null && groups.includes(group);
  });
  return storeGroupStates(selected, available);
}

export interface ShownStore {
  store: Store;
  open: OpenState;
  distance: number | null;
}

/** The stores the filter keeps, each with its open state at `now`; nearest first when `me` is known. */
export function shownStores(
  stores: readonly Store[],
  filter: ShopsFilter,
  now: Date,
  me: { latitude: number; longitude: number } | null,
): ShownStore[] {
  const shown = stores.flatMap((store) => {
    const group = storeGroupOf(store.type);
    if (!group || !filter.groups.includes(group)) return [];
    if (!storeMatchesQuery(store, filter.query)) return [];
    const open = storeOpenState(store.work_time, store.holidays, store.city.time_zone, now);
    if (filter.openNow && !open.open) return [];
    return [
      {
        store,
        open,
        distance: me ? distanceMetres(me, { latitude: store.latitude, longitude: store.longitude }) : null,
      },
    ];
  });
  if (me) shown.sort((a, b) => (a.distance ?? Infinity) - (b.distance ?? Infinity));
  return shown;
}

/** A route to the store in Yandex Maps, from wherever the visitor is. */
export function routeHref(store: { latitude?: number; longitude?: number }): string | null {
  if (store.latitude === undefined || store.longitude === undefined) return null;
  return `https://yandex.ru/maps/?rtext=~${store.latitude},${store.longitude}&rtt=auto`;
}

/** A store's pin on the store map. */
export function storeMapPoint(
  store: Pick<Store, 'id' | 'type' | 'name' | 'address' | 'latitude' | 'longitude'>,
): MapPoint {
  return {
    id: store.id,
    type: store.type ?? 0,
    name: store.name,
    address: store.address ?? '',
    latitude: store.latitude ?? 0,
    longitude: store.longitude ?? 0,
  };
}

/**
 * The moment the open states are drawn for: the loader's `renderedAt` while hydrating (so the
 * browser draws what the server did), then the browser's clock, every minute.
 */
export function useStoreClock(renderedAt: number): Date {
  const [now, setNow] = useState(() => new Date(renderedAt));
  useEffect(() => {
    setNow(new Date());
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}
