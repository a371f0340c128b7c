import { describe, expect, it } from 'vitest';
import { DEFAULT_CITY_ALIAS } from './constants.ts';
import { cityIdRedirect, parseCityIdParam, resolveCity, stripQueryParam, type CityInfo } from './city.ts';

const moskva: CityInfo = { id: 1, alias: 'moskva', deliveryTypeIds: [1, 27] };
const spb: CityInfo = { id: 2, alias: 'sankt-peterburg', deliveryTypeIds: [1] };
const kazan: CityInfo = { id: 3, alias: 'kazan', deliveryTypeIds: [10] };
const tver: CityInfo = { id: 4, alias: 'tver', deliveryTypeIds: [] };
const cities = new Map([moskva, spb, kazan, tver].map((city) => [city.alias, city]));

describe('resolveCity', () => {
  it('prefers the cookie over the header city', () => {
    expect(resolveCity({ cookieAlias: 'kazan', headerCityAlias: 'sankt-peterburg' }, cities)).toEqual({
      alias: 'kazan',
      city: kazan,
      source: 'cookie',
      resetCookie: false,
    });
  });

  it('uses the header city when there is no cookie', () => {
    const result = resolveCity({ headerCityAlias: 'sankt-peterburg' }, cities);
    expect(result).toMatchObject({ alias: 'sankt-peterburg', source: 'header', resetCookie: false });
  });

  it('uses the default when nothing is known, without touching the cookie', () => {
    expect(resolveCity({}, cities)).toEqual({ alias: 'moskva', city: moskva, source: 'default', resetCookie: false });
  });

  it('the default alias defaults to moskva and can be overridden per site variant', () => {
    expect(resolveCity({}, cities).alias).toBe(DEFAULT_CITY_ALIAS);
    expect(resolveCity({ defaultAlias: 'kazan' }, cities)).toMatchObject({ alias: 'kazan', city: kazan });
  });

  it('a route city that differs from the cookie wins', () => {
    expect(resolveCity({ routeAlias: 'kazan', cookieAlias: 'sankt-peterburg' }, cities)).toMatchObject({
      alias: 'kazan',
      source: 'route',
      resetCookie: false,
    });
  });

  it('a route city also wins over the header city when there is no cookie', () => {
    expect(resolveCity({ routeAlias: 'kazan', headerCityAlias: 'sankt-peterburg' }, cities)).toMatchObject({
      alias: 'kazan',
      source: 'route',
    });
  });

  it('a route city equal to the cookie keeps the cookie as source', () => {
    expect(resolveCity({ routeAlias: 'kazan', cookieAlias: 'kazan' }, cities)).toMatchObject({
      alias: 'kazan',
      source: 'cookie',
    });
  });

  it('a city without delivery types falls back to the default and resets the cookie', () => {
    expect(resolveCity({ cookieAlias: 'tver' }, cities)).toEqual({
      alias: 'moskva',
      city: moskva,
      source: 'default',
      resetCookie: true,
    });
  });

  it('an unknown city falls back to the default and resets the cookie', () => {
    expect(resolveCity({ cookieAlias: 'atlantis' }, cities)).toMatchObject({ alias: 'moskva', resetCookie: true });
    expect(resolveCity({ headerCityAlias: 'atlantis' }, cities)).toMatchObject({ alias: 'moskva', resetCookie: true });
    expect(resolveCity({ routeAlias: 'atlantis', cookieAlias: 'kazan' }, cities)).toMatchObject({
      alias: 'moskva',
      source: 'default',
      resetCookie: true,
    });
  });

  it('treats blank values as absent and trims the rest', () => {
    expect(resolveCity({ routeAlias: '', cookieAlias: '  ', headerCityAlias: null }, cities)).toMatchObject({
      source: 'default',
      resetCookie: false,
    });
    expect(resolveCity({ cookieAlias: ' kazan ' }, cities)).toMatchObject({ alias: 'kazan', source: 'cookie' });
  });

  it('accepts a lookup function', () => {
    const lookup = (alias: string) => cities.get(alias) ?? null;
    expect(resolveCity({ cookieAlias: 'kazan' }, lookup)).toMatchObject({ alias: 'kazan', city: kazan });
    expect(resolveCity({ cookieAlias: 'kazan' }, () => undefined)).toMatchObject({
      alias: 'moskva',
      city: null,
      resetCookie: true,
    });
  });

  it('returns the default alias with a null city when even the default is unknown', () => {
    expect(resolveCity({}, new Map())).toEqual({ alias: 'moskva', city: null, source: 'default', resetCookie: false });
  });

  it("uses the looked-up city's canonical alias", () => {
    const lookup = (alias: string) => (alias === 'spb' ? spb : null);
    expect(resolveCity({ cookieAlias: 'spb' }, lookup).alias).toBe('sankt-peterburg');
  });
});

describe('parseCityIdParam', () => {
  it('reads a positive integer', () => {
    expect(parseCityIdParam(new URLSearchParams('city_id=5'))).toBe(5);
    expect(parseCityIdParam('?city_id=42&x=1')).toBe(42);
    expect(parseCityIdParam('/shops?x=1&city_id=7#map')).toBe(7);
  });

  it.each([
    '',
    '?city_id=',
    '?city_id=0',
    '?city_id=-1',
    '?city_id=abc',
    '?city_id=1.5',
    '?city_id=05',
    '?cityid=5',
    '/shops',
  ])('gives null for %j', (search) => {
    expect(parseCityIdParam(search)).toBeNull();
  });

  it('takes the first value when repeated', () => {
    expect(parseCityIdParam('?city_id=3&city_id=4')).toBe(3);
  });
});

describe('stripQueryParam', () => {
  it('removes the parameter and keeps the rest exactly', () => {
    expect(stripQueryParam('/shops?city_id=5&x=1#map', 'city_id')).toBe('/shops?x=1#map');
    expect(stripQueryParam('/search?query=a%20b&city_id=5&q=c+d', 'city_id')).toBe('/search?query=a%20b&q=c+d');
  });

  it('drops the question mark when nothing is left', () => {
    expect(stripQueryParam('/shops?city_id=5', 'city_id')).toBe('/shops');
    expect(stripQueryParam('/shops?city_id=5#top', 'city_id')).toBe('/shops#top');
    expect(stripQueryParam('/?city_id=5', 'city_id')).toBe('/');
  });

  it('removes every occurrence, including an encoded name, but not look-alikes', () => {
    expect(stripQueryParam('/a?city_id=1&city_id=2&b=3', 'city_id')).toBe('/a?b=3');
    expect(stripQueryParam('/a?city%5Fid=1&b=3', 'city_id')).toBe('/a?b=3');
    expect(stripQueryParam('/a?city_ids=1&my_city_id=2', 'city_id')).toBe('/a?city_ids=1&my_city_id=2');
    expect(stripQueryParam('/a?city_id&b=3', 'city_id')).toBe('/a?b=3');
  });

  it('leaves URLs without the parameter or query untouched', () => {
    expect(stripQueryParam('/shops', 'city_id')).toBe('/shops');
    expect(stripQueryParam('/shops?x=1', 'city_id')).toBe('/shops?x=1');
    expect(stripQueryParam('/shops#a?city_id=5', 'city_id')).toBe('/shops#a?city_id=5');
  });

  it('works on absolute URLs', () => {
    expect(stripQueryParam('https://shop.example/x?city_id=5&y=2', 'city_id')).toBe('https://shop.example/x?y=2');
  });

  it('tolerates malformed encoding', () => {
    expect(stripQueryParam('/a?%E0%A4%A=1&city_id=2', 'city_id')).toBe('/a?%E0%A4%A=1');
  });
});

describe('cityIdRedirect', () => {
  it('gives the city and the URL without city_id', () => {
    expect(cityIdRedirect('/catalog/smartfony/224?city_id=3&sort=price')).toEqual({
      cityId: 3,
      redirectTo: '/catalog/smartfony/224?sort=price',
    });
  });

  it('strips a malformed value too, with a null city', () => {
    expect(cityIdRedirect('/shops?city_id=abc')).toEqual({ cityId: null, redirectTo: '/shops' });
  });

  it('is null when the URL has no city_id', () => {
    expect(cityIdRedirect('/shops?x=1')).toBeNull();
    expect(cityIdRedirect('/shops')).toBeNull();
  });
});
