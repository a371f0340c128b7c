// The stores of SPEC §7 (Stores): choosing, ordering and presenting them with the expand fields, and
// when a product can be picked up in each. /v2/stores, /v2/service-centers and the product's
// availability tab (/v2/products/availability, which checkout's pickup list reads) share it.
import {
  STORE_TYPES,
  deliveryTimeText,
  distanceMetres,
  storeGroupOf,
  storeMatchesQuery,
  storeOpenState,
  type StoreExpand,
} from '@store/domain';
import type { StoreRecord } from '../data/stores.ts';

export interface StoreFilter {
  cityId?: number | undefined;
  ids?: readonly number[] | undefined;
  types?: readonly number[] | undefined;
  status?: number | undefined;
  query?: string | undefined;
  brandCode?: string | undefined;
  slug?: string | undefined;
  /** Orders by distance from this point (nearest first) and fills `distance`. */
  nearest?: { latitude: number; longitude: number } | undefined;
}

export interface ChosenStore {
  record: StoreRecord;
  distance: number | null;
}

/**
 * The stores a filter keeps: by ids in the order asked for (any city), else the city's; of the given
 * types; status 1 unless another is asked; matching the search words. With `nearest`, nearest first.
 */
export function chooseStores(all: readonly StoreRecord[], filter: StoreFilter): ChosenStore[] {
  const byId = filter.ids ? new Map(all.map((s) => [s.id, s])) : null;
  const base = byId
    ? [...new Set(filter.ids)].flatMap((id) => (byId.has(id) ? [byId.get(id)!] : []))
    : all.filter((s) => filter.cityId === undefined || s.city.id === filter.cityId);
  const status = filter.status ?? 1;
  const kept = base.filter(
    (s) =>
      s.status === status &&
      (!filter.types || filter.types.length === 0 || filter.types.includes(s.type)) &&
      (!filter.slug || s.slug === filter.slug) &&
      (!filter.brandCode || s.brand_codes.includes(filter.brandCode)) &&
      storeMatchesQuery(s, filter.query),
  );
  const chosen = kept.map((record) => ({
    record,
    distance: filter.nearest ? distanceMetres(filter.nearest, record) : null,
  }));
  if (filter.nearest) chosen.sort((a, b) => (a.distance ?? Infinity) - (b.distance ?? Infinity));
  return chosen;
}

const DAY_MS = 86_400_000;

export interface PickupFacts {
  /** Units of the product in this store now. */
  availability: number;
  /** A multicenter holding it: reserved now, ready in 15 minutes. */
  hasReserve: boolean;
  hasPreOrderProduct: boolean;
  /** The day it can be picked up (YYYY-MM-DD) and from what time ('' for a reserve). */
  date: string;
  time: string;
  deliveryCost: number;
  /** 'через 15 минут', 'завтра c 10:00'… (SPEC §4 Delivery time text). */
  dateTime: string;
}

/**
 * When and at what cost a product can be picked up in a store: a multicenter holding it reserves it
 * now; elsewhere the order arrives with a delivery in 1–3 days (a multicenter in 2), free in
 * multicenters, 99 ₽ in a parcel locker, 149 ₽ in a pickup point (free from 3 000 ₽).
 */
export function pickupFacts(
  store: Pick<StoreRecord, 'id' | 'type' | 'work_time' | 'holidays' | 'city'>,
  quantity: number,
  product: { price: number; preorder: boolean },
  now: Date,
): PickupFacts {
  const group = storeGroupOf(store.type);
  const inStock = group === 'multicenter' && quantity > 0 && !product.preorder;
  const days = inStock ? 0 : group === 'multicenter' ? 2 : 1 + (store.id % 3);
  const cost = group === 'multicenter' ? 0 : group === 'parcelLocker' ? 9900 : product.price >= 300_000 ? 0 : 14900;
  const date = new Date(now.getTime() + days * DAY_MS).toISOString().slice(0, 10);
  const time = inStock ? '' : '10:00';
  const open = storeOpenState(store.work_time, store.holidays, store.city.time_zone, now).open;
  return {
    availability: Math.max(0, quantity),
    hasReserve: inStock,
    hasPreOrderProduct: product.preorder,
    date,
    time,
    deliveryCost: cost,
    dateTime: inStock
      ? deliveryTimeText({ date: now, now, isReserve: true, withinWorkingHours: open })
      : deliveryTimeText({ date: `${date}T${time}:00+03:00`, now }),
  };
}

export const storeUrl = (slug: string) => `/store/${slug}`;

/**
 * One store as the API answers it. Always: id, name, slug, url, status, city (with its time zone),
 * phone, images, services, convenience, work_time, holidays; `distance` in metres with `nearest`.
 * Each expand field adds its part; `availability` adds the pickup facts when a product was asked.
 */
export function presentStore(
  chosen: ChosenStore,
  expand: ReadonlySet<StoreExpand>,
  pickup: PickupFacts | null,
  withDistance: boolean,
) {
  const s = chosen.record;
  return {
    id: s.id,
    name: s.name,
    slug: s.slug,
    url: storeUrl(s.slug),
    status: s.status,
    city: s.city,
    phone: s.phone,
    images: s.images,
    services: s.services,
    convenience: s.convenience,
    work_time: [...s.work_time],
    holidays: s.holidays,
    ...(s.type === STORE_TYPES.serviceCenter ? { brand_codes: s.brand_codes } : {}),
    ...(withDistance ? { distance: chosen.distance } : {}),
    ...(expand.has('type') ? { type: s.type } : {}),
    ...(expand.has('brand') ? { brand: s.brand } : {}),
    ...(expand.has('address') ? { address: s.address, address_search: s.address_search } : {}),
    ...(expand.has('stations') ? { stations: s.stations.map((st) => ({ name: st.name, color: st.color })) } : {}),
    ...(expand.has('latitude') ? { latitude: s.latitude } : {}),
    ...(expand.has('longitude') ? { longitude: s.longitude } : {}),
    ...(expand.has('work_time_line') ? { work_time_line: s.work_time_line } : {}),
    ...(expand.has('directions') ? { directions: s.directions } : {}),
    ...(expand.has('availability') && pickup ? pickup : {}),
  };
}
