/** Cities and stores: multicenters, pickup points, parcel lockers and service centres. */
import { CITIES, TERRITORIES, ZONES, territoryId, type CityDef, type Place } from './data/geo.ts';
import { Random, mixSeed } from './random.ts';
import { slugify } from './text.ts';

export interface CityRow {
  id: number;
  def: CityDef;
  territoryId: number;
  deliveryTypeIds: number[];
  paymentTypeIds: number[];
  isPriority: boolean;
  declension: Record<string, string>;
  /** IANA time zone (migration 0012 writes the same for an existing database). */
  timeZone: string;
}

export interface StoreHoliday {
  date: string;
  /** Null: closed that day. */
  from: string | null;
  to: string | null;
  note: string;
}

export interface StoreRow {
  id: number;
  type: number;
  cityId: number;
  slug: string;
  name: string;
  brand: string;
  address: string;
  addressSearch: string;
  latitude: number;
  longitude: number;
  directions: string;
  workTime: ({ from: string; to: string } | null)[];
  workTimeLine: string;
  convenience: string | null;
  services: string[];
  stations: { name: string; color: string; distance: number }[];
  images: string[];
  phone: string | null;
  holidays: StoreHoliday[];
}

/** Cities off Moscow time; every other city is on Europe/Moscow (the same list as migration 0012). */
export const CITY_TIME_ZONES: Readonly<Record<string, string>> = {
  samara: 'Europe/Samara',
  tolyatti: 'Europe/Samara',
  izhevsk: 'Europe/Samara',
  ulyanovsk: 'Europe/Ulyanovsk',
  saratov: 'Europe/Saratov',
  volgograd: 'Europe/Volgograd',
  ekaterinburg: 'Asia/Yekaterinburg',
  chelyabinsk: 'Asia/Yekaterinburg',
  satka: 'Asia/Yekaterinburg',
  ufa: 'Asia/Yekaterinburg',
  perm: 'Asia/Yekaterinburg',
  tyumen: 'Asia/Yekaterinburg',
  orenburg: 'Asia/Yekaterinburg',
  omsk: 'Asia/Omsk',
  novosibirsk: 'Asia/Novosibirsk',
  barnaul: 'Asia/Barnaul',
  tomsk: 'Asia/Tomsk',
  kemerovo: 'Asia/Novokuznetsk',
  novokuznetsk: 'Asia/Novokuznetsk',
  krasnoyarsk: 'Asia/Krasnoyarsk',
  irkutsk: 'Asia/Irkutsk',
  habarovsk: 'Asia/Vladivostok',
  vladivostok: 'Asia/Vladivostok',
  kaliningrad: 'Europe/Kaliningrad',
};

const closed = (date: string, note: string): StoreHoliday => ({ date, from: null, to: null, note });
const PRE_HOLIDAY = 'Предпраздничный день';

/** The New Year hours by store type (lockers work as usual); migration 0012 writes the same. */
export function holidaysFor(type: number): StoreHoliday[] {
  if (type === 1)
    return [
      { date: '2026-12-31', from: '10:00', to: '18:00', note: PRE_HOLIDAY },
      { date: '2027-01-01', from: '12:00', to: '20:00', note: 'Новый год' },
      { date: '2027-01-07', from: '12:00', to: '20:00', note: 'Рождество' },
    ];
  if (type === 10 || type === 13 || type === 14)
    return [
      { date: '2026-12-31', from: '10:00', to: '17:00', note: PRE_HOLIDAY },
      closed('2027-01-01', 'Новый год'),
      closed('2027-01-02', 'Новогодние каникулы'),
    ];
  if (type === 99)
    return [
      closed('2026-12-31', PRE_HOLIDAY),
      closed('2027-01-01', 'Новый год'),
      closed('2027-01-02', 'Новогодние каникулы'),
      closed('2027-01-03', 'Новогодние каникулы'),
    ];
  return [];
}

/** Multicenters and service centres have a facade, a hall and a pickup desk photo; others the facade. */
/**
 * The brands a service centre repairs: the popular brands whose id (1-based, in `brands` order)
 * plus the store id is not a multiple of 3; migration 0012 writes the same.
 */
export function serviceBrandCodes(storeId: number, brands: readonly { code: string; popular?: boolean }[]): string[] {
  return brands.flatMap((brand, index) =>
    brand.popular === true && (index + 1 + storeId) % 3 !== 0 ? [brand.code] : [],
  );
}

export function imagesFor(id: number, type: number): string[] {
  const facade = `/img/store/${id}.svg`;
  return type === 1 || type === 99 ? [facade, `/img/store/${id}-2.svg`, `/img/store/${id}-3.svg`] : [facade];
}

export { TERRITORIES, ZONES };

export function buildCities(): CityRow[] {
  const byPopulation = [...CITIES]
    .sort((a, b) => b.population - a.population)
    .slice(0, 10)
    .map((c) => c.alias);
  return CITIES.map((def, index) => {
    const big = def.population >= 1_000_000;
    const delivery = def.noDelivery
      ? []
      : [1, 2, 10, 13, ...(big ? [9, 12, 14] : []), ...(def.express ? [27] : []), 46, 52].sort((a, b) => a - b);
    const payment = def.population >= 400_000 ? [1, 2, 3, 12, 13, 17, 19, 20, 48, 64] : [1, 3, 12, 17, 64];
    const [genitive, dative, accusative, instrumental, prepositional] = def.forms;
    return {
      id: index + 1,
      def,
      territoryId: territoryId(def.territory),
      deliveryTypeIds: delivery,
      paymentTypeIds: payment,
      isPriority: byPopulation.includes(def.alias),
      declension: { nominative: def.name, genitive, dative, accusative, instrumental, prepositional },
      timeZone: CITY_TIME_ZONES[def.alias] ?? 'Europe/Moscow',
    };
  });
}

const TYPE_INFO: Record<number, { brand: string; slug: string; label: string }> = {
  1: { brand: 'Мультицентр', slug: 'multicentr', label: 'Мультицентр' },
  9: { brand: 'Постамат', slug: 'postamat', label: 'Постамат' },
  12: { brand: '5Post', slug: 'postamat-5post', label: 'Постамат 5Post' },
  10: { brand: 'Пункт выдачи', slug: 'pvz', label: 'Пункт выдачи' },
  13: { brand: 'СДЭК', slug: 'pvz-sdek', label: 'Пункт выдачи СДЭК' },
  14: { brand: 'Boxberry', slug: 'pvz-boxberry', label: 'Пункт выдачи Boxberry' },
  99: { brand: 'Сервисный центр', slug: 'servis', label: 'Сервисный центр' },
};

const DAILY = (from: string, to: string): { from: string; to: string }[] =>
  Array.from({ length: 7 }, () => ({ from, to }));

function plan(city: CityDef, index: number): number[] {
  if (city.alias === 'moskva')
    return [
      ...Array(12).fill(1),
      ...Array(8).fill(10),
      ...Array(6).fill(13),
      ...Array(4).fill(14),
      ...Array(5).fill(9),
      ...Array(3).fill(12),
      ...Array(3).fill(99),
    ];
  if (city.alias === 'sankt-peterburg')
    return [
      ...Array(7).fill(1),
      ...Array(4).fill(10),
      ...Array(4).fill(13),
      ...Array(2).fill(14),
      ...Array(3).fill(9),
      ...Array(2).fill(12),
      ...Array(2).fill(99),
    ];
  if (city.noDelivery) return [1, 10];
  if (city.population >= 1_000_000) return [1, 1, 1, 10, 13, 14, 10, 9, 12, 99];
  return [
    1,
    ...(index % 2 === 0 ? [1] : []),
    10,
    13,
    ...(index % 3 === 0 ? [14] : []),
    9,
    ...(index % 2 === 1 ? [99] : []),
  ];
}

export function buildStores(cities: CityRow[], seed: number): StoreRow[] {
  const stores: StoreRow[] = [];
  const slugs = new Set<string>();
  cities.forEach((city, cityIndex) => {
    const r = new Random(mixSeed(seed, city.id, 0x5707e));
    const types = plan(city.def, cityIndex);
    const streets = city.def.places.filter((p) => !p.mall);
    const malls = city.def.places.filter((p) => p.mall);
    let mallCursor = 0;
    let streetCursor = r.int(0, Math.max(0, streets.length - 1));
    for (const type of types) {
      const id = stores.length + 1;
      const info = TYPE_INFO[type] as { brand: string; slug: string; label: string };
      // Multicenters and service centres prefer shopping centres; the others use streets.
      let place: Place;
      if ((type === 1 || type === 99) && mallCursor < malls.length && (type === 1 || r.chance(0.3)))
        place = malls[mallCursor++] as Place;
      else place = streets[streetCursor++ % streets.length] as Place;
      const house = r.int(1, 160);
      const address = place.address.replace(
        '{n}',
        String(house) + (r.chance(0.15) ? r.pick(['А', 'Б', ', к. 1', ', стр. 2']) : ''),
      );
      const fullAddress = place.mall ? `${place.mall}, ${address}` : address;
      const core = place.mall ?? address;
      let slug = slugify(`${info.slug} ${city.def.alias} ${core}`, 90);
      for (let n = 2; slugs.has(slug); n++) slug = slugify(`${info.slug} ${city.def.alias} ${core} ${n}`, 95);
      slugs.add(slug);
      // Within ~9 km of the centre.
      const lat = Number((city.def.lat + r.float(-0.075, 0.075)).toFixed(6));
      const lon = Number((city.def.lon + r.float(-0.12, 0.12)).toFixed(6));
      const stations =
        city.def.hasMetro && place.station
          ? [{ name: place.station[0], color: place.station[1], distance: r.int(80, 900) }]
          : [];
      const { workTime, line } = hoursFor(type, r);
      const services = servicesFor(type, r);
      const label = place.mall
        ? place.mall
        : place.station
          ? `м. ${place.station[0]}`
          : address.replace(/, д\..*$/, '');
      stores.push({
        id,
        type,
        cityId: city.id,
        slug,
        name: `${info.label} ${label}`,
        brand: info.brand,
        address: fullAddress,
        addressSearch: `${city.def.name} ${fullAddress} ${place.station?.[0] ?? ''}`
          .toLowerCase()
          .replace(/\s+/g, ' ')
          .trim(),
        latitude: lat,
        longitude: lon,
        directions: directionsFor(type, place, r),
        workTime,
        workTimeLine: line,
        convenience:
          type === 1
            ? r.pick([
                'Бесплатная парковка, пандус',
                'Парковка ТЦ, лифт',
                'Пандус для маломобильных посетителей',
                'Парковка у входа',
              ])
            : null,
        services,
        stations,
        images: imagesFor(id, type),
        phone:
          type === 1 || type === 99
            ? city.def.phone
            : type === 13
              ? '8 (800) 250-04-05'
              : type === 14
                ? '8 (800) 222-80-00'
                : null,
        holidays: holidaysFor(type),
      });
    }
  });
  return stores;
}

function hoursFor(type: number, r: Random): { workTime: ({ from: string; to: string } | null)[]; line: string } {
  if (type === 9 || type === 12) return { workTime: DAILY('00:00', '23:59'), line: 'Круглосуточно' };
  if (type === 99) {
    const sunday = r.chance(0.5);
    return {
      workTime: [
        ...Array.from({ length: 5 }, () => ({ from: '10:00', to: '20:00' })),
        { from: '10:00', to: '18:00' },
        sunday ? { from: '11:00', to: '17:00' } : null,
      ],
      line: sunday
        ? 'Пн–Пт 10:00–20:00, Сб 10:00–18:00, Вс 11:00–17:00'
        : 'Пн–Пт 10:00–20:00, Сб 10:00–18:00, Вс выходной',
    };
  }
  if (type === 1) {
    const [from, to] = r.pick([
      ['10:00', '22:00'],
      ['10:00', '22:00'],
      ['09:00', '21:00'],
      ['10:00', '21:00'],
    ] as const);
    return { workTime: DAILY(from, to), line: `Ежедневно ${from}–${to}` };
  }
  return r.chance(0.6)
    ? { workTime: DAILY('10:00', '21:00'), line: 'Ежедневно 10:00–21:00' }
    : {
        workTime: [
          ...Array.from({ length: 6 }, () => ({ from: '09:00', to: '21:00' })),
          { from: '10:00', to: '18:00' },
        ],
        line: 'Пн–Сб 09:00–21:00, Вс 10:00–18:00',
      };
}

function servicesFor(type: number, r: Random): string[] {
  if (type === 1) {
    const optional = r.sample(
      [
        'Установка приложений',
        'Настройка техники',
        'Подарочные сертификаты',
        'Приём техники в ремонт',
        'Доставка крупной техники',
      ],
      r.int(1, 3),
    );
    return ['Выдача заказов', 'Trade-in', 'Кредит и рассрочка', 'Оплата картой', ...optional];
  }
  if (type === 99) return ['Ремонт', 'Диагностика', 'Гарантийное обслуживание', 'Выдача заказов'];
  if (type === 9 || type === 12) return ['Выдача заказов', 'Оплата картой'];
  return r.chance(0.5) ? ['Выдача заказов', 'Оплата картой', 'Возврат товара'] : ['Выдача заказов', 'Оплата картой'];
}

function directionsFor(type: number, place: Place, r: Random): string {
  const parts: string[] = [];
  if (place.station)
    parts.push(`${r.int(3, 12)} минут пешком от станции метро «${place.station[0]}», выход № ${r.int(1, 6)}.`);
  else parts.push(`Остановка общественного транспорта в ${r.int(1, 6) * 50} м.`);
  if (place.mall)
    parts.push(
      type === 1
        ? `${r.int(1, 3)}-й этаж, рядом с эскалатором.`
        : 'Вход с улицы, рядом с главным входом в торговый центр.',
    );
  else if (type === 9 || type === 12)
    parts.push(
      r.pick(['Постамат установлен у входа в продуктовый магазин.', 'Постамат находится в холле бизнес-центра.']),
    );
  else
    parts.push(
      r.pick(['Вход со двора, вывеска над дверью.', 'Отдельный вход с улицы.', 'На первом этаже жилого дома.']),
    );
  return parts.join(' ');
}
