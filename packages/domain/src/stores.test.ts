import { describe, expect, it } from 'vitest';
import {
  DEFAULT_STORE_SORT,
  STORE_GROUPS,
  STORE_SORTS,
  distanceMetres,
  filterStoresByType,
  isStoreSort,
  parseStoreSort,
  sortStores,
  storeGroupOf,
  storeGroupStates,
  storeGroupTypes,
  toggleStoreGroup,
  withDistance,
  type SortableStore,
} from './stores.ts';

const MOSCOW = { latitude: 55.7558, longitude: 37.6173 };
const SAINT_PETERSBURG = { latitude: 59.9343, longitude: 30.3351 };
const NOVOSIBIRSK = { latitude: 55.0084, longitude: 82.9357 };
const KAZAN = { latitude: 55.7963, longitude: 49.1088 };

describe('distanceMetres', () => {
  it('gives known city distances in whole metres', () => {
    expect(distanceMetres(MOSCOW, SAINT_PETERSBURG)).toBe(633_020);
    expect(distanceMetres(MOSCOW, KAZAN)).toBe(717_860);
    expect(distanceMetres(MOSCOW, NOVOSIBIRSK)).toBe(2_812_556);
  });

  it('is about 634 km from Moscow to Saint Petersburg', () => {
    expect(Math.abs(distanceMetres(MOSCOW, SAINT_PETERSBURG)! - 634_000)).toBeLessThan(2_000);
  });

  it('is symmetric and 0 for the same point', () => {
    expect(distanceMetres(SAINT_PETERSBURG, MOSCOW)).toBe(distanceMetres(MOSCOW, SAINT_PETERSBURG));
    expect(distanceMetres(MOSCOW, MOSCOW)).toBe(0);
  });

  it('uses the 6 371 000 m radius', () => {
    // One degree of longitude on the equator is 2πR / 360.
    expect(distanceMetres({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 1 })).toBe(111_195);
    // Half the circumference, for antipodal points.
    expect(distanceMetres({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 180 })).toBe(20_015_087);
  });

  it('rounds to the nearest metre', () => {
    // 0.00001° on the equator is 1.11 m; 0.000014° is 1.56 m.
    expect(distanceMetres({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 0.00001 })).toBe(1);
    expect(distanceMetres({ latitude: 0, longitude: 0 }, { latitude: 0, longitude: 0.000014 })).toBe(2);
  });

  it('crosses the antimeridian the short way', () => {
    expect(distanceMetres({ latitude: 0, longitude: 179.5 }, { latitude: 0, longitude: -179.5 })).toBe(111_195);
  });

  it('reads numeric strings', () => {
    expect(distanceMetres({ latitude: '55.7558', longitude: '37.6173' }, SAINT_PETERSBURG)).toBe(633_020);
  });

  it('is null for missing or impossible coordinates', () => {
    for (const point of [
      { latitude: null, longitude: 37 },
      { latitude: 55, longitude: undefined },
      { latitude: '', longitude: 37 },
      { latitude: 'north', longitude: 37 },
      { latitude: 91, longitude: 37 },
      { latitude: 55, longitude: -181 },
      { latitude: Number.NaN, longitude: 37 },
    ]) {
      expect(distanceMetres(MOSCOW, point)).toBeNull();
      expect(distanceMetres(point, MOSCOW)).toBeNull();
    }
  });
});

describe('withDistance', () => {
  it('fills in the distance from the origin', () => {
    const stores = [
      { id: 1, ...SAINT_PETERSBURG },
      { id: 2, latitude: null, longitude: null },
    ];
    expect(withDistance(stores, MOSCOW)).toEqual([
      { id: 1, ...SAINT_PETERSBURG, distance: 633_020 },
      { id: 2, latitude: null, longitude: null, distance: null },
    ]);
    expect(stores[0]).not.toHaveProperty('distance');
  });
});

describe('store type groups', () => {
  it('are multicenters, parcel lockers and pickup points', () => {
    expect(STORE_GROUPS).toEqual(['multicenter', 'parcelLocker', 'pickupPoint']);
    expect(storeGroupTypes('multicenter')).toEqual([1]);
    expect(storeGroupTypes('parcelLocker')).toEqual([9, 12]);
    expect(storeGroupTypes('pickupPoint')).toEqual([10, 13, 14]);
  });

  it('map store types to groups', () => {
    expect(storeGroupOf(1)).toBe('multicenter');
    expect(storeGroupOf(9)).toBe('parcelLocker');
    expect(storeGroupOf(12)).toBe('parcelLocker');
    for (const type of [10, 13, 14]) expect(storeGroupOf(type)).toBe('pickupPoint');
    for (const type of [99, 0, 2, 11, null, undefined]) expect(storeGroupOf(type)).toBeNull();
  });
});

describe('storeGroupStates', () => {
  it('disables groups without stores and reports full and partial selection', () => {
    expect(storeGroupStates([1, 9], [1, 9, 12])).toEqual([
      { group: 'multicenter', label: 'Мультицентры', disabled: false, checked: true, partial: false },
      { group: 'parcelLocker', label: 'Постаматы', disabled: false, checked: false, partial: true },
      { group: 'pickupPoint', label: 'ПВЗ', disabled: true, checked: false, partial: false },
    ]);
  });

  it('counts a group full when every type that has stores is selected', () => {
    expect(storeGroupStates([9], [9])[1]).toMatchObject({ checked: true, partial: false });
  });

  it('ignores selected codes without stores', () => {
    expect(storeGroupStates([10], [1])[2]).toMatchObject({ disabled: true, checked: false, partial: false });
  });
});

describe('toggleStoreGroup', () => {
  const all = [1, 9, 12, 10, 13, 14];

  it('selects every type of an unselected group', () => {
    expect(toggleStoreGroup([], 'parcelLocker', all)).toEqual([9, 12]);
    expect(toggleStoreGroup([1], 'pickupPoint', all)).toEqual([1, 10, 13, 14]);
  });

  it('deselects a fully selected group', () => {
    expect(toggleStoreGroup([1, 9, 12], 'parcelLocker', all)).toEqual([1]);
    expect(toggleStoreGroup([1], 'multicenter', all)).toEqual([]);
  });

  it('completes a partly selected group instead of deselecting it', () => {
    expect(toggleStoreGroup([12, 1], 'parcelLocker', all)).toEqual([12, 1, 9]);
  });

  it('selects only the group types that have stores, and counts those as full', () => {
    const available = [1, 13];
    expect(toggleStoreGroup([], 'pickupPoint', available)).toEqual([13]);
    expect(toggleStoreGroup([13], 'pickupPoint', available)).toEqual([]);
  });

  it('deselecting removes the group codes without stores too', () => {
    expect(toggleStoreGroup([13, 10, 1], 'pickupPoint', [13])).toEqual([1]);
  });

  it('changes nothing for a disabled group', () => {
    expect(toggleStoreGroup([1], 'parcelLocker', [1, 10])).toEqual([1]);
    expect(toggleStoreGroup([9], 'parcelLocker', [])).toEqual([9]);
  });

  it('toggling twice restores the selection', () => {
    const once = toggleStoreGroup([1], 'pickupPoint', all);
    expect(toggleStoreGroup(once, 'pickupPoint', all)).toEqual([1]);
  });

  it('collapses duplicates', () => {
    expect(toggleStoreGroup([1, 1], 'parcelLocker', all)).toEqual([1, 9, 12]);
  });
});

describe('filterStoresByType', () => {
  const stores = [
    { id: 1, type: 1 },
    { id: 2, type: 9 },
    { id: 3, type: 13 },
    { id: 4, type: null },
  ];

  it('keeps the stores of the selected types', () => {
    expect(filterStoresByType(stores, [1, 13]).map((s) => s.id)).toEqual([1, 3]);
  });

  it('shows every store when nothing is selected', () => {
    expect(filterStoresByType(stores, []).map((s) => s.id)).toEqual([1, 2, 3, 4]);
  });
});

describe('store sorts', () => {
  it('are exactly the ten of the SPEC, default date', () => {
    expect(STORE_SORTS).toEqual([
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
    ]);
    expect(DEFAULT_STORE_SORT).toBe('date');
  });

  it('parses a sort, falling back to date', () => {
    expect(parseStoreSort('-distance')).toBe('-distance');
    expect(parseStoreSort(' metro ')).toBe('metro');
    for (const value of ['', null, undefined, '-date', 'Address', 'brandcstore']) {
      expect(parseStoreSort(value)).toBe('date');
    }
    expect(isStoreSort('brandCstore')).toBe(true);
    expect(isStoreSort(1)).toBe(false);
  });
});

describe('sortStores', () => {
  type Store = SortableStore & { id: number };
  const ids = (stores: readonly Store[]) => stores.map((store) => store.id);

  it('sorts addresses with Russian collation, blanks last either way', () => {
    const stores: Store[] = [
      { id: 1, address: 'ул. Жукова, 3' },
      { id: 2, address: 'Арбат, 1' },
      { id: 3, address: 'ул. Ёлочная, 5' },
      { id: 4, address: '  ' },
      { id: 5, address: 'бульвар Яна Райниса, 2' },
      { id: 6 },
      { id: 7, address: 'ул. Есенина, 7' },
    ];
    // Code-point order would put 'Ё' (U+0401) before every other capital letter and capitals before
    // small letters; Russian collation reads ё as е (so 'Ёлочная' < 'Есенина') and ignores case.
    expect(ids(sortStores(stores, 'address'))).toEqual([2, 5, 3, 7, 1, 4, 6]);
    expect(ids(sortStores(stores, '-address'))).toEqual([1, 7, 3, 5, 2, 4, 6]);
  });

  it('sorts by the first metro station, stores without one last', () => {
    const stores: Store[] = [
      { id: 1, stations: [{ name: 'Тверская' }, { name: 'Арбатская' }] },
      { id: 2, stations: [] },
      { id: 3, stations: [{ name: 'Маяковская' }] },
      { id: 4, stations: null },
      { id: 5, stations: [{ name: 'авиамоторная' }] },
    ];
    expect(ids(sortStores(stores, 'metro'))).toEqual([5, 3, 1, 2, 4]);
    expect(ids(sortStores(stores, '-metro'))).toEqual([1, 3, 5, 2, 4]);
  });

  it('sorts by distance, unknown distances last either way', () => {
    const stores: Store[] = [
      { id: 1, distance: 5_000 },
      { id: 2, distance: null },
      { id: 3, distance: 0 },
      { id: 4, distance: 12_000 },
      { id: 5, distance: Number.NaN },
    ];
    expect(ids(sortStores(stores, 'distance'))).toEqual([3, 1, 4, 2, 5]);
    expect(ids(sortStores(stores, '-distance'))).toEqual([4, 1, 3, 2, 5]);
  });

  it('sorts available stores first, larger stock first, and reverses it', () => {
    const stores: Store[] = [
      { id: 1, availability: 0 },
      { id: 2, availability: 3 },
      { id: 3, availability: true },
      { id: 4, availability: null },
      { id: 5, availability: 10 },
      { id: 6, availability: false },
    ];
    expect(ids(sortStores(stores, 'availability'))).toEqual([5, 2, 3, 1, 4, 6]);
    expect(ids(sortStores(stores, '-availability'))).toEqual([1, 4, 6, 3, 2, 5]);
  });

  it('sorts by pickup date then time, untimed last on their day, undated last', () => {
    const stores: Store[] = [
      { id: 1, date: '2024-12-06', time: '10:00' },
      { id: 2, date: '2024-12-05', time: '18:00 - 21:00' },
      { id: 3, date: '2024-12-05T09:30:00+03:00' },
      { id: 4, date: null },
      { id: 5, date: '2024-12-05' },
      { id: 6, date: '05.12.2024', time: '9:00' },
      { id: 7, date: 'soon' },
      { id: 8, date: '2024-12-05', time: '18:00' },
    ];
    expect(ids(sortStores(stores, 'date'))).toEqual([6, 3, 2, 8, 5, 1, 4, 7]);
  });

  it('compares days across months and years', () => {
    const stores: Store[] = [
      { id: 1, date: '2025-01-02' },
      { id: 2, date: '2024-12-31' },
      { id: 3, date: '2024-11-30' },
    ];
    expect(ids(sortStores(stores, 'date'))).toEqual([3, 2, 1]);
  });

  it('puts own multicenters first, each part by date', () => {
    const stores: Store[] = [
      { id: 1, type: 10, date: '2024-12-04' },
      { id: 2, type: 1, date: '2024-12-06' },
      { id: 3, type: 9, date: '2024-12-05' },
      { id: 4, type: 1, date: '2024-12-05' },
      { id: 5, type: 1 },
      { id: 6, date: '2024-12-03' },
    ];
    expect(ids(sortStores(stores, 'brandCstore'))).toEqual([4, 2, 5, 6, 1, 3]);
  });

  it('keeps the given order for ties and does not change the input', () => {
    const stores: Store[] = [
      { id: 1, distance: 10 },
      { id: 2, distance: 10 },
      { id: 3, distance: 5 },
    ];
    expect(ids(sortStores(stores, 'distance'))).toEqual([3, 1, 2]);
    expect(ids(sortStores(stores, '-distance'))).toEqual([1, 2, 3]);
    expect(ids(stores)).toEqual([1, 2, 3]);
  });

  it('uses date for an unknown sort', () => {
    const stores: Store[] = [
      { id: 1, date: '2024-12-06', address: 'А' },
      { id: 2, date: '2024-12-05', address: 'Б' },
    ];
    expect(ids(sortStores(stores, 'nonsense'))).toEqual([2, 1]);
  });
});
