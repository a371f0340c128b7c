// Address and company suggestions (SPEC §7 /dadata/suggest/{kind}, /dadata/clean/{kind}, company
// lookup by tax id). The local implementation answers from the demo cities: streets and houses
// generated deterministically from each city's id, and a small table of demo companies, so the
// address form works offline. With DADATA_API_KEY the calls go to DaData instead (the HTTP shape of
// its public API; not exercised by the offline tests).
import type { DatabaseHandle } from '@store/db';

export type SuggestKind = 'address' | 'party';

export interface Suggestion {
  value: string;
  unrestricted_value: string;
  data: Record<string, string | number | null>;
}

export interface CleanedAddress {
  source: string;
  result: string | null;
  city: string | null;
  street_with_type: string | null;
  house: string | null;
  flat: string | null;
  /** 0 sure, 1 unsure, 2 garbage (DaData's qc). */
  qc: 0 | 1 | 2;
}

export interface SuggestOptions {
  count: number;
  /** Narrows addresses to a city by name. */
  city?: string | undefined;
}

export interface AddressSuggestions {
  suggest(kind: SuggestKind, query: string, options: SuggestOptions): Promise<Suggestion[]>;
  clean(query: string): Promise<CleanedAddress>;
  /** A company by its tax id (INN, 10 or 12 digits). */
  findParty(inn: string): Promise<Suggestion[]>;
}

/* ---------- local implementation ---------- */

const STREETS: [string, string][] = [
  ['ул', 'Ленина'],
  ['ул', 'Гагарина'],
  ['пр-кт', 'Мира'],
  ['ул', 'Советская'],
  ['ул', 'Садовая'],
  ['ул', 'Пушкина'],
  ['ул', 'Лесная'],
  ['ул', 'Центральная'],
  ['ул', 'Молодёжная'],
  ['ул', 'Школьная'],
  ['ул', 'Набережная'],
  ['пер', 'Почтовый'],
  ['ул', 'Тверская'],
  ['б-р', 'Победы'],
  ['ул', 'Октябрьская'],
  ['ул', 'Первомайская'],
  ['ш', 'Энтузиастов'],
  ['ул', 'Строителей'],
  ['ул', 'Кирова'],
  ['пр-кт', 'Ленинский'],
  ['ул', 'Заречная'],
  ['ул', 'Комсомольская'],
  ['ул', 'Полевая'],
  ['ул', 'Новая'],
];

const STREET_TYPE_NAMES: Record<string, string> = {
  ул: 'улица',
  'пр-кт': 'проспект',
  пер: 'переулок',
  'б-р': 'бульвар',
  ш: 'шоссе',
};

/** A small deterministic hash (the same streets for a city on every start). */
const mix = (n: number) => {
  let x = (n ^ 0x9e3779b9) >>> 0;
  x = Math.imul(x ^ (x >>> 16), 0x85ebca6b) >>> 0;
  x = Math.imul(x ^ (x >>> 13), 0xc2b2ae35) >>> 0;
  return (x ^ (x >>> 16)) >>> 0;
};

interface StreetEntry {
  cityId: number;
  city: string;
  type: string;
  name: string;
  houses: number;
  /** Lower-case words to match against. */
  words: string[];
}

const words = (text: string) =>
  text
    .toLowerCase()
    .replace(/ё/g, 'е')
    .split(/[\s,.]+/)
    .filter(Boolean);

/** The streets of a city: 12 to 20 of the list, each with 15 to 80 houses. */
export function cityStreets(cityId: number, city: string): StreetEntry[] {
  const count = 12 + (mix(cityId) % 9);
  const start = mix(cityId * 7) % STREETS.length;
  return Array.from({ length: count }, (_, i) => {
    const [type, name] = STREETS[(start + i * 5) % STREETS.length]!;
    return {
      cityId,
      city,
      type,
      name,
      houses: 15 + (mix(cityId * 31 + i) % 66),
      words: words(`${city} ${type} ${STREET_TYPE_NAMES[type]} ${name}`),
    };
  });
}

interface Company {
  inn: string;
  kpp: string;
  ogrn: string;
  name: string;
  address: string;
}

/** A 10-digit INN with its check digit. */
function innWithCheck(nine: string): string {
  const weights = [2, 4, 10, 3, 5, 9, 4, 6, 8];
  const sum = weights.reduce((s, w, i) => s + w * Number(nine[i]), 0);
  return nine + String((sum % 11) % 10);
}

const COMPANY_NAMES = [
  'Ромашка',
  'Вектор',
  'ТехноСервис',
  'Северный ветер',
  'Альфа-Строй',
  'Горизонт',
  'Электрон',
  'Логистик Плюс',
  'Мультицентр Бизнес',
  'Сфера',
  'Прогресс',
  'Квант',
];

export function demoCompanies(): Company[] {
  return COMPANY_NAMES.map((name, i) => {
    const nine = String(770_000_000 + (mix(i + 1) % 9_999_999)).padStart(9, '0');
    return {
      inn: innWithCheck(nine),
      kpp: `7701${String(1000 + i).padStart(5, '0')}`,
      ogrn: `1027700${String(mix(i + 99) % 1_000_000).padStart(6, '0')}`,
      name: `ООО «${name}»`,
      address: `г Москва, ${STREETS[i % STREETS.length]![0]} ${STREETS[i % STREETS.length]![1]}, д ${1 + (i % 40)}`,
    };
  });
}

const partySuggestion = (c: Company): Suggestion => ({
  value: c.name,
  unrestricted_value: `${c.name}, ${c.address}`,
  data: { inn: c.inn, kpp: c.kpp, ogrn: c.ogrn, name: c.name, address: c.address },
});

export function createLocalAddressSuggestions(handle: DatabaseHandle): AddressSuggestions {
  let streets: Promise<StreetEntry[]> | null = null;
  const index = () =>
    (streets ??= handle
      .query<{ id: number; name: string }>('select id, name from cities order by id')
      .then((rows) => rows.flatMap((r) => cityStreets(r.id, r.name))));
  const companies = demoCompanies();

  async function suggestAddresses(query: string, options: SuggestOptions): Promise<Suggestion[]> {
    const tokens = words(query);
    if (tokens.length === 0) return [];
    const houseToken = tokens.find((t) => /^\d+[а-я]?$/.test(t));
    const textTokens = tokens.filter((t) => t !== houseToken && t !== 'д' && t !== 'дом' && t !== 'г');
    const city = options.city ? words(options.city).join(' ') : null;
    const out: Suggestion[] = [];
    for (const street of await index()) {
      if (city && words(street.city).join(' ') !== city) continue;
      if (!textTokens.every((t) => street.words.some((w) => w.startsWith(t)))) continue;
      const streetText = `${street.type} ${street.name}`;
      const base = {
        city: street.city,
        city_id: street.cityId,
        street: street.name,
        street_type: street.type,
        street_with_type: streetText,
      };
      if (houseToken) {
        for (let house = 1; house <= street.houses && out.length < options.count; house++) {
          if (!String(house).startsWith(houseToken)) continue;
          const value = `г ${street.city}, ${streetText}, д ${house}`;
          out.push({ value, unrestricted_value: value, data: { ...base, house: String(house) } });
        }
      } else {
        const value = `г ${street.city}, ${streetText}`;
        out.push({ value, unrestricted_value: value, data: { ...base, house: null } });
      }
      if (out.length >= options.count) break;
    }
    return out;
  }

  return {
    async suggest(kind, query, options) {
      if (kind === 'address') return suggestAddresses(query, options);
      const q = query.trim().toLowerCase();
      if (!q) return [];
      return companies
        .filter((c) => c.inn.startsWith(q) || c.name.toLowerCase().includes(q))
        .slice(0, options.count)
        .map(partySuggestion);
    },
    async clean(query) {
      const flatPart = /(?:кв|квартира)\.?\s*(\d+)/i.exec(query);
      const flat = flatPart?.[1] ?? null;
      const [best] = await suggestAddresses(flatPart ? query.replace(flatPart[0], ' ') : query, { count: 1 });
      if (!best) {
        return { source: query, result: null, city: null, street_with_type: null, house: null, flat, qc: 2 };
      }
      const house = best.data.house === null ? null : String(best.data.house);
      return {
        source: query,
        result: flat ? `${best.value}, кв ${flat}` : best.value,
        city: String(best.data.city),
        street_with_type: String(best.data.street_with_type),
        house,
        flat,
        qc: house ? 0 : 1,
      };
    },
    async findParty(inn) {
      return companies.filter((c) => c.inn === inn.trim()).map(partySuggestion);
    },
  };
}

/* ---------- DaData ---------- */

const SUGGEST_URL = 'https://suggestions.dadata.ru/suggestions/api/4_1/rs';
const CLEAN_URL = 'https://cleaner.dadata.ru/api/v1/clean';

/**
 * DaData's public API: suggest and findById with `Authorization: Token <key>`, clean with the key
 * and `X-Secret`. Written to its documented shape; the offline test suite does not call it.
 */
export function createDadataAddressSuggestions(
  apiKey: string,
  secret: string | undefined,
  fetchImpl: typeof fetch = fetch,
): AddressSuggestions {
  const call = async <T>(url: string, body: unknown, withSecret = false): Promise<T> => {
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      accept: 'application/json',
      authorization: `Token ${apiKey}`,
    };
    if (withSecret && secret) headers['x-secret'] = secret;
    const response = await fetchImpl(url, {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(3000),
    });
    if (!response.ok) throw new Error(`DaData ${response.status}`);
    return (await response.json()) as T;
  };
  return {
    async suggest(kind, query, options) {
      const body: Record<string, unknown> = { query, count: options.count };
      if (kind === 'address' && options.city) body.locations = [{ city: options.city }];
      return (await call<{ suggestions: Suggestion[] }>(`${SUGGEST_URL}/suggest/${kind}`, body)).suggestions;
    },
    async clean(query) {
      const [row] = await call<Record<string, unknown>[]>(`${CLEAN_URL}/address`, [query], true);
      const text = (key: string) => (typeof row?.[key] === 'string' ? (row[key] as string) : null);
      const qc = Number(row?.qc);
      return {
        source: query,
        result: text('result'),
        city: text('city'),
        street_with_type: text('street_with_type'),
        house: text('house'),
        flat: text('flat'),
        qc: qc === 0 || qc === 1 ? qc : 2,
      };
    },
    async findParty(inn) {
      return (await call<{ suggestions: Suggestion[] }>(`${SUGGEST_URL}/findById/party`, { query: inn })).suggestions;
    },
  };
}
