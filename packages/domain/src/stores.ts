// SPEC §4 Availability, §3 Store / pickup point, §9 Display: the store list of the «Наличие и
// доставка» tab: distances, the store type checkboxes and the sort options.
import { EARTH_RADIUS_M, STORES_DEFAULT_SORT, STORE_TYPES, STORE_TYPE_LABELS, type StoreGroup } from './constants.ts';

// ---------------------------------------------------------------- Distance

export interface GeoPoint {
  latitude: number | string | null | undefined;
  longitude: number | string | null | undefined;
}

function coordinate(value: number | string | null | undefined, limit: number): number | null {
  if (value == null || (typeof value === 'string' && value.trim() === '')) return null;
  const number = Number(value);
  return Number.isFinite(number) && Math.abs(number) <= limit ? number : null;
}

const toRadians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * Great-circle (haversine) distance between two points in whole metres, rounded to the nearest
 * metre, with the earth radius 6 371 000 m (SPEC §4 Availability). Coordinates are degrees, as
 * numbers or numeric strings; null when any is missing or out of range (|lat| > 90, |lon| > 180).
 */
export function distanceMetres(a: GeoPoint, b: GeoPoint): number | null {
  const lat1 = coordinate(a.latitude, 90);
  const lon1 = coordinate(a.longitude, 180);
  const lat2 = coordinate(b.latitude, 90);
  const lon2 = coordinate(b.longitude, 180);
  if (lat1 === null || lon1 === null || lat2 === null || lon2 === null) return null;
  const dLat = toRadians(lat2 - lat1);
  const dLon = toRadians(lon2 - lon1);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(toRadians(lat1)) * Math.cos(toRadians(lat2)) * Math.sin(dLon / 2) ** 2;
  // min() guards against h drifting a hair above 1 for antipodal points.
  return Math.round(2 * EARTH_RADIUS_M * Math.asin(Math.min(1, Math.sqrt(h))));
}

/** The stores with `distance` (metres from `origin`) filled in; null where it cannot be computed. */
export function withDistance<S extends GeoPoint>(
  stores: readonly S[],
  origin: GeoPoint,
): (S & { distance: number | null })[] {
  return stores.map((store) => ({ ...store, distance: distanceMetres(origin, store) }));
}

// ---------------------------------------------------------------- Store type groups

/** The store type checkboxes, in display order: shops (multicenters), parcel lockers, pickup points. */
export const STORE_GROUPS: readonly StoreGroup[] = ['multicenter', 'parcelLocker', 'pickupPoint'];

/** The store type codes of a group: multicenter [1], parcel lockers [9, 12], pickup points [10, 13, 14]. */
export function storeGroupTypes(group: StoreGroup): readonly number[] {
  if (group === 'multicenter') return [STORE_TYPES.multicenter];
  return STORE_TYPES[group];
}

/** The group of a store type code; null for service centres (99) and unknown codes. */
export function storeGroupOf(type: number | null | undefined): StoreGroup | null {
  return STORE_GROUPS.find((group) => type != null && storeGroupTypes(group).includes(type)) ?? null;
}

export interface StoreGroupState {
  group: StoreGroup;
  /** 'Мультицентры', 'Постаматы', 'ПВЗ'. */
  label: string;
  /** No store of this group's types exists: the checkbox is disabled. */
  disabled: boolean;
  /** Every type of the group that has stores is selected (false for a disabled group). */
  checked: boolean;
  /** Some, but not all, of those types are selected. */
  partial: boolean;
}

function availableGroupTypes(group: StoreGroup, availableTypes: readonly number[]): number[] {
  return storeGroupTypes(group).filter((type) => availableTypes.includes(type));
}

/** The three checkboxes for the given selected type codes and the type codes the stores have. */
export function storeGroupStates(selected: readonly number[], availableTypes: readonly number[]): StoreGroupState[] {
  return STORE_GROUPS.map((group) => {
    const types = availableGroupTypes(group, availableTypes);
    const count = types.filter((type) => selected.includes(type)).length;
    return {
      group,
      label: STORE_TYPE_LABELS[group],
      disabled: types.length === 0,
      checked: types.length > 0 && count === types.length,
      partial: count > 0 && count < types.length,
    };
  });
}

/**
 * Toggles a store type group (SPEC §4 Availability). The selection is a list of store type codes, so
 * a group can be partly selected (e.g. parcel locker type 9 but not 12).
 * - A disabled group (no store of its types among `availableTypes`) changes nothing.
 * - Selecting a fully selected group deselects it: all its type codes are removed.
 * - Otherwise its type codes that have stores are added (a partly selected group becomes full).
 * "Fully selected" means every type of the group that has stores is selected. The result keeps the
 * order of `selected`, appends new codes in group order, and holds no duplicates.
 */
export function toggleStoreGroup(
  selected: readonly number[],
  group: StoreGroup,
  availableTypes: readonly number[],
): number[] {
  const current = [...new Set(selected)];
  const types = availableGroupTypes(group, availableTypes);
  if (types.length === 0) return current;
  if (types.every((type) => current.includes(type))) {
    const groupTypes = storeGroupTypes(group);
    return current.filter((type) => !groupTypes.includes(type));
  }
  return [...current, ...types.filter((type) => !current.includes(type))];
}

/** The stores of the selected types. Decision: nothing selected means no filter, so every store shows. */
export function filterStoresByType<S extends { type?: number | null }>(
  stores: readonly S[],
  selected: readonly number[],
): S[] {
  if (selected.length === 0) return [...stores];
  return stores.filter((store) => store.type != null && selected.includes(store.type));
}

// ---------------------------------------------------------------- Sorting

/** The store sort options exactly as SPEC §4 Availability lists them. */
export const STORE_SORTS = [
  'address',
  '-address',
  'metro',
  '-metro',
  'distance',
  '-distance',
  'availability',
  '-availability',
  'date',
  'brandCstore',
] as const;
export type StoreSort = (typeof STORE_SORTS)[number];

/** 'date' (SPEC §4: default store sort is date). */
export const DEFAULT_STORE_SORT: StoreSort = STORES_DEFAULT_SORT;

export function isStoreSort(value: unknown): value is StoreSort {
  return typeof value === 'string' && (STORE_SORTS as readonly string[]).includes(value);
}

/** The sort from a query value; the default 'date' when it is missing or unknown. */
export function parseStoreSort(value: string | null | undefined): StoreSort {
  const trimmed = value?.trim();
  return isStoreSort(trimmed) ? trimmed : DEFAULT_STORE_SORT;
}

/** What sortStores reads from a store (SPEC §3 Store / pickup point). */
export interface SortableStore {
  type?: number | null;
  address?: string | null;
  stations?: readonly { name?: string | null }[] | null;
  /** Metres from the visitor, see withDistance. */
  distance?: number | null;
  /** Stock count, or a yes/no flag. More than 0 (or true) is available. */
  availability?: number | boolean | null;
  /** Pickup date: 'YYYY-MM-DD', an ISO date-time ('YYYY-MM-DDTHH:mm…', read as written) or 'DD.MM.YYYY'. */
  date?: string | null;
  /** Pickup time, 'H:mm' or a range 'HH:mm - HH:mm' (its start counts). Else the time in `date`. */
  time?: string | null;
}

type Compare<T> = (a: T, b: T) => number;

/** Compares by a key; stores without the key go last whichever the direction. */
function byKey<S, K>(key: (store: S) => K | null, compare: Compare<K>, descending = false): Compare<S> {
  return (a, b) => {
    const ka = key(a);
    const kb = key(b);
    if (ka === null || kb === null) return ka === null ? (kb === null ? 0 : 1) : -1;
    const result = compare(ka, kb);
    return descending ? -result : result;
  };
}

const russian: Compare<string> = (a, b) => a.localeCompare(b, 'ru');
const numeric: Compare<number> = (a, b) => a - b;

function text(value: string | null | undefined): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

const addressKey = (store: SortableStore) => text(store.address);
const metroKey = (store: SortableStore) => text(store.stations?.[0]?.name);
const distanceKey = (store: SortableStore) =>
  typeof store.distance === 'number' && Number.isFinite(store.distance) ? store.distance : null;

function stockOf(store: SortableStore): number {
  const value = store.availability;
  if (typeof value === 'number') return Number.isFinite(value) ? Math.max(0, value) : 0;
  return value === true ? 1 : 0;
}

/** Available first, then the larger stock first. */
const byAvailability: Compare<SortableStore> = (a, b) => stockOf(b) - stockOf(a);

const DATE_ISO = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{1,2}):(\d{2}))?/;
const DATE_RU = /^(\d{2})\.(\d{2})\.(\d{4})(?:[T ,]+(\d{1,2}):(\d{2}))?/;
const TIME = /(\d{1,2}):(\d{2})/;

/** [day as YYYYMMDD, minutes of the day or Infinity when unknown], or null without a readable date. */
function pickupKey(store: SortableStore): [number, number] | null {
  const raw = store.date?.trim() ?? '';
  const iso = DATE_ISO.exec(raw);
  const ru = iso ? null : DATE_RU.exec(raw);
  if (!iso && !ru) return null;
  const [year, month, day, hours, minutes] = iso
    ? [iso[1], iso[2], iso[3], iso[4], iso[5]]
    : [ru![3], ru![2], ru![1], ru![4], ru![5]];
  const dayKey = Number(year) * 10_000 + Number(month) * 100 + Number(day);
  const time = TIME.exec(store.time ?? '');
  const minuteOfDay = time
    ? Number(time[1]) * 60 + Number(time[2])
    : hours !== undefined
      ? Number(hours) * 60 + Number(minutes)
      : Number.POSITIVE_INFINITY;
  return [dayKey, minuteOfDay];
}

/** Earliest pickup date first, then earliest time; a store without a time goes last on its day. */
const byDate = byKey(pickupKey, (a, b) => a[0] - b[0] || (a[1] === b[1] ? 0 : a[1] < b[1] ? -1 : 1));

const ownFirst: Compare<SortableStore> = (a, b) =>
  Number(b.type === STORE_TYPES.multicenter) - Number(a.type === STORE_TYPES.multicenter);

const COMPARATORS: Readonly<Record<StoreSort, Compare<SortableStore>>> = {
  address: byKey(addressKey, russian),
  '-address': byKey(addressKey, russian, true),
  metro: byKey(metroKey, russian),
  '-metro': byKey(metroKey, russian, true),
  distance: byKey(distanceKey, numeric),
  '-distance': byKey(distanceKey, numeric, true),
  availability: byAvailability,
  '-availability': (a, b) => -byAvailability(a, b),
  date: byDate,
  brandCstore: (a, b) => ownFirst(a, b) || byDate(a, b),
};

/**
 * The stores in the given order (SPEC §4 Availability); a new array, the input is not changed. The
 * sort is stable: ties keep the given order. Text is compared with Russian collation
 * (localeCompare(…, 'ru'): case only breaks ties, ё sorts as е).
 * - address / -address: by address, А→Я / Я→А.
 * - metro / -metro: by the name of the first metro station.
 * - distance / -distance: nearest / farthest first, by the store's `distance` in metres.
 *   For these six, stores lacking the key (blank address, no station, no distance) go last either way.
 * - availability: available stores first, larger stock first (a `true` flag counts as a stock of 1,
 *   a missing value as 0); -availability is the exact reverse.
 * - date: earliest pickup date, then earliest time; no time → last on its day; no date → last.
 * - brandCstore: the shop's own multicenters (type 1) first, then every other store (lockers,
 *   pickup points, partners); within each part by date, as above.
 * An unknown sort uses the default 'date'.
 */
export function sortStores<S extends SortableStore>(stores: readonly S[], sort: StoreSort | string): S[] {
  const compare = COMPARATORS[isStoreSort(sort) ? sort : DEFAULT_STORE_SORT];
  return [...stores].sort(compare);
}

// ---------------------------------------------------------------- Search by address or metro

function searchText(value: string): string {
  return value
    .toLowerCase()
    .replace(/ё/g, 'е')
    .replace(/[«»"().,]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The words of a store search («Баумана 19», «м. Кремлёвская»): lower case, ё as е; «м.» dropped. */
export function storeQueryWords(query: string | null | undefined): string[] {
  return searchText(query ?? '')
    .split(' ')
    .filter((word) => word !== '' && word !== 'м');
}

/** Whether every word of the query starts a word of the store's name, address or metro stations. */
export function storeMatchesQuery(
  store: { name?: string | null; address?: string | null; stations?: readonly { name?: string | null }[] | null },
  query: string | null | undefined,
): boolean {
  const words = storeQueryWords(query);
  if (words.length === 0) return true;
  const haystack = searchText(
    [store.name ?? '', store.address ?? '', ...(store.stations ?? []).map((s) => s.name ?? '')].join(' '),
  ).split(' ');
  return words.every((word) => haystack.some((w) => w.startsWith(word)));
}
