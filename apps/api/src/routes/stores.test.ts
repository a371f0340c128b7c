import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { distanceMetres } from '@store/domain';
import type { ApiErrorBody } from '../http/errors.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';
import type { Store } from './stores.ts';

let h: Harness;
const xhr = { 'X-Requested-With': 'XMLHttpRequest', 'content-type': 'application/json' };
let kazan: { id: number; latitude: number; longitude: number };

beforeAll(async () => {
  h = await createHarness();
  const [row] = await h.handle.query<{ id: number; latitude: number; longitude: number }>(
    `select id, latitude, longitude from cities where alias = 'kazan'`,
  );
  kazan = row!;
});
afterAll(async () => {
  await h.close();
});

const ALL = 'address,availability,stations,type,longitude,latitude,work_time_line,brand,directions';

async function dbStores(where: string, params: unknown[] = []) {
  return h.handle.query<{ id: number; type: number; city_id: number; status: number }>(
    `select id, type, city_id, status from stores where ${where} order by id`,
    params,
  );
}

describe('GET /api/v2/stores', () => {
  it('lists the stores of the city of types 1, 9, 10, 12, 13, 14 with pagination headers', async () => {
    const { status, body, headers } = await h.json<Store[]>(`/api/v2/stores?city_id=${kazan.id}&expand=type`);
    expect(status).toBe(200);
    const expected = await dbStores('city_id = $1 and status = 1 and type = any($2::int[])', [
      kazan.id,
      [1, 9, 10, 12, 13, 14],
    ]);
    expect(body.map((s) => s.id)).toEqual(expected.map((s) => s.id));
    expect(body.filter((s) => s.type === 1).length).toBeGreaterThanOrEqual(3);
    expect(body.filter((s) => [10, 13, 14].includes(s.type!)).length).toBeGreaterThanOrEqual(3);
    expect(body.some((s) => s.type === 99)).toBe(false);
    expect(headers.get('x-pagination-total-count')).toBe(String(expected.length));
    expect(headers.get('x-pagination-per-page')).toBe('250');
    expect(headers.get('x-pagination-page-count')).toBe('1');
    expect(headers.get('x-pagination-current-page')).toBe('1');
  });

  it('pages with per_page and page, and refuses per_page over 250', async () => {
    const all = await h.json<Store[]>('/api/v2/stores?city_id=1');
    const second = await h.json<Store[]>('/api/v2/stores?city_id=1&per_page=5&page=2');
    expect(second.body.map((s) => s.id)).toEqual(all.body.slice(5, 10).map((s) => s.id));
    expect(second.headers.get('x-pagination-page-count')).toBe(String(Math.ceil(all.body.length / 5)));
    const tooMany = await h.json<ApiErrorBody>('/api/v2/stores?per_page=251');
    expect(tooMany.status).toBe(422);
    expect(tooMany.body.errors.per_page).toBeDefined();
  });

  it('answers every page with remove_pagination=1', async () => {
    const { body, headers } = await h.json<Store[]>('/api/v2/stores?city_id=1&per_page=3&remove_pagination=1');
    const expected = await dbStores('city_id = 1 and status = 1 and type = any($1::int[])', [[1, 9, 10, 12, 13, 14]]);
    expect(body).toHaveLength(expected.length);
    expect(headers.get('x-pagination-page-count')).toBe('1');
  });

  it('keeps only multicenters with type=1, and the asked types with types', async () => {
    const one = await h.json<Store[]>(`/api/v2/stores?city_id=${kazan.id}&type=1&expand=type`);
    expect(one.body.length).toBeGreaterThanOrEqual(3);
    expect(one.body.every((s) => s.type === 1)).toBe(true);
    const lockers = await h.json<Store[]>(`/api/v2/stores?city_id=1&types=9,12&expand=type`);
    expect(lockers.body.length).toBeGreaterThan(0);
    expect(new Set(lockers.body.map((s) => s.type))).toEqual(new Set([9, 12]));
    const bad = await h.json<ApiErrorBody>('/api/v2/stores?types=1,99');
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toHaveProperty(['types.1']);
  });

  it('finds stores by ids across cities with status 1, in the order asked for', async () => {
    const [a, b] = [(await dbStores('city_id = 1'))[0]!, (await dbStores('city_id = $1', [kazan.id]))[0]!];
    const { body } = await h.json<Store[]>(`/api/v2/stores?ids=${b.id},${a.id}&status=1`);
    expect(body.map((s) => s.id)).toEqual([b.id, a.id]);
    await h.handle.query('update stores set status = 0 where id = $1', [a.id]);
    h.api.referenceData.invalidate();
    try {
      const active = await h.json<Store[]>(`/api/v2/stores?ids=${b.id},${a.id}&status=1`);
      expect(active.body.map((s) => s.id)).toEqual([b.id]);
      const closed = await h.json<Store[]>(`/api/v2/stores?ids=${b.id},${a.id}&status=0`);
      expect(closed.body.map((s) => s.id)).toEqual([a.id]);
    } finally {
      await h.handle.query('update stores set status = 1 where id = $1', [a.id]);
      h.api.referenceData.invalidate();
    }
  });

  it('adds exactly the expand fields asked for', async () => {
    const bare = await h.json<Store[]>(`/api/v2/stores?city_id=${kazan.id}&type=1&per_page=1`);
    const store = bare.body[0]!;
    expect(Object.keys(store).sort()).toEqual(
      [
        'city',
        'convenience',
        'holidays',
        'id',
        'images',
        'name',
        'phone',
        'services',
        'slug',
        'status',
        'url',
        'work_time',
      ].sort(),
    );
    expect(store.city).toEqual({ id: kazan.id, alias: 'kazan', name: 'Казань', time_zone: 'Europe/Moscow' });
    expect(store.url).toBe(`/store/${store.slug}`);
    expect(store.work_time).toHaveLength(7);
    expect(store.images.length).toBe(3);
    expect(store.holidays.length).toBeGreaterThan(0);

    const full = await h.json<Store[]>(`/api/v2/stores?city_id=${kazan.id}&type=1&per_page=1&expand=${ALL}`);
    expect(full.body[0]).toMatchObject({
      id: store.id,
      type: 1,
      brand: 'Мультицентр',
      address: expect.any(String),
      address_search: expect.any(String),
      stations: expect.arrayContaining([{ name: expect.any(String), color: expect.any(String) }]),
      latitude: expect.any(Number),
      longitude: expect.any(Number),
      work_time_line: expect.any(String),
      directions: expect.any(String),
    });
    // availability needs a product.
    expect(full.body[0]!.availability).toBeUndefined();
    const some = await h.json<Store[]>(`/api/v2/stores?city_id=${kazan.id}&per_page=1&expand=stations,latitude`);
    expect(some.body[0]!.stations).toBeDefined();
    expect(some.body[0]!.longitude).toBeUndefined();
    expect((await h.json<ApiErrorBody>('/api/v2/stores?expand=price')).status).toBe(422);
  });

  it('tells the availability of a product in each store with product_id', async () => {
    const [row] = await h.handle.query<{ product_id: number; store_id: number; quantity: number }>(
      `select st.product_id, st.store_id, st.quantity from stock st join stores s on s.id = st.store_id
         join products p on p.id = st.product_id join product_offers o on o.product_id = p.id
        where s.city_id = $1 and s.type = 1 and st.quantity > 0 and p.status = 1 and o.available and not p.is_pre_order
        order by st.product_id limit 1`,
      [kazan.id],
    );
    const { body } = await h.json<Store[]>(
      `/api/v2/stores?city_id=${kazan.id}&product_id=${row!.product_id}&expand=availability,type`,
    );
    const there = body.find((s) => s.id === row!.store_id)!;
    expect(there).toMatchObject({
      availability: row!.quantity,
      hasReserve: true,
      hasPreOrderProduct: false,
      deliveryCost: 0,
      date: new Date().toISOString().slice(0, 10),
    });
    const locker = body.find((s) => s.type === 9 || s.type === 12)!;
    expect(locker).toMatchObject({ hasReserve: false, deliveryCost: 9900, time: '10:00' });
    expect(locker.dateTime).toMatch(/c 10:00$/);
    const missing = await h.json<ApiErrorBody>(`/api/v2/stores?city_id=${kazan.id}&product_id=2000000000`);
    expect(missing.status).toBe(404);
  });

  it('orders by distance from the nearest point and gives the metres', async () => {
    const point = { latitude: kazan.latitude + 0.01, longitude: kazan.longitude - 0.02 };
    const { body } = await h.json<Store[]>(
      `/api/v2/stores?city_id=${kazan.id}&nearest=${point.latitude},${point.longitude}&expand=latitude,longitude`,
    );
    const distances = body.map((s) => s.distance!);
    expect(distances).toEqual([...distances].sort((a, b) => a - b));
    expect(body[0]!.distance).toBe(
      distanceMetres(point, { latitude: body[0]!.latitude, longitude: body[0]!.longitude }),
    );
    const bad = await h.json<ApiErrorBody>('/api/v2/stores?nearest=91,10');
    expect(bad.status).toBe(422);
    expect(bad.body.errors.nearest).toEqual(['Укажите точку как «широта,долгота».']);
  });

  it('searches by address or metro', async () => {
    const { body } = await h.json<Store[]>(
      `/api/v2/stores?city_id=${kazan.id}&query=${encodeURIComponent('м. Площадь Тукая')}&expand=stations,address`,
    );
    expect(body.length).toBeGreaterThan(0);
    expect(body.every((s) => s.stations!.some((st) => st.name === 'Площадь Тукая'))).toBe(true);
  });

  it('uses the default city without city_id and ids', async () => {
    const { body } = await h.json<Store[]>('/api/v2/stores?per_page=1');
    expect(body[0]!.city.alias).toBe('moskva');
  });
});

describe('POST /api/v2/stores', () => {
  it('answers the same list from a JSON body: ids, types, product and nearest', async () => {
    const kazanStores = await dbStores('city_id = $1 and type = 1', [kazan.id]);
    const ids = kazanStores.map((s) => s.id);
    const { status, body } = await h.json<Store[]>('/api/v2/stores', {
      method: 'POST',
      headers: xhr,
      body: JSON.stringify({
        ids,
        types: [1],
        nearest: { latitude: kazan.latitude, longitude: kazan.longitude },
        expand: ['type', 'address'],
      }),
    });
    expect(status).toBe(200);
    expect(body.map((s) => s.id).sort()).toEqual([...ids].sort());
    expect(body.every((s) => typeof s.distance === 'number' && s.address)).toBe(true);
    const byCity = await h.json<Store[]>('/api/v2/stores', {
      method: 'POST',
      headers: xhr,
      body: JSON.stringify({ city_id: kazan.id, type: 1, per_page: 2 }),
    });
    expect(byCity.body.map((s) => s.id)).toEqual(ids.slice(0, 2));
  });

  it('rejects a wrong body with field errors', async () => {
    const { status, body } = await h.json<ApiErrorBody>('/api/v2/stores', {
      method: 'POST',
      headers: xhr,
      body: JSON.stringify({ ids: ['x'], per_page: 500 }),
    });
    expect(status).toBe(422);
    expect(Object.keys(body.errors)).toEqual(expect.arrayContaining(['ids.0', 'per_page']));
  });
});

describe('GET /api/v2/stores/{id}', () => {
  it('answers one store with every field, and 404 for an unknown id', async () => {
    const [row] = await dbStores('city_id = $1 and type = 1', [kazan.id]);
    const { status, body } = await h.json<Store>(`/api/v2/stores/${row!.id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id: row!.id, type: 1, city: { alias: 'kazan' } });
    for (const field of ['address', 'stations', 'latitude', 'longitude', 'work_time_line', 'brand', 'directions'])
      expect(body).toHaveProperty(field);
    expect((await h.json<ApiErrorBody>('/api/v2/stores/999999')).status).toBe(404);
    expect((await h.json<ApiErrorBody>('/api/v2/stores/abc')).status).toBe(422);
  });
});

describe('GET /api/v2/stores/{id}/products', () => {
  it('pages the products in stock in the store', async () => {
    const [store] = await dbStores('city_id = $1 and type = 1', [kazan.id]);
    const [count] = await h.handle.query<{ n: number }>(
      `select count(*)::int as n from stock st join products p on p.id = st.product_id and p.status = 1
         join categories c on c.id = p.category_id and c.status = 1
        where st.store_id = $1 and st.quantity > 0`,
      [store!.id],
    );
    const { body, headers } = await h.json<{ id: number }[]>(`/api/v2/stores/${store!.id}/products?per_page=10`);
    expect(count!.n).toBeGreaterThan(10);
    expect(body).toHaveLength(10);
    expect(headers.get('x-pagination-total-count')).toBe(String(count!.n));
    const ids = body.map((p) => p.id);
    const stocked = await h.handle.query<{ product_id: number }>(
      'select product_id from stock where store_id = $1 and quantity > 0 and product_id = any($2::int[])',
      [store!.id, ids],
    );
    expect(stocked).toHaveLength(10);
    const past = await h.json<unknown[]>(`/api/v2/stores/${store!.id}/products?page=9999`);
    expect(past.body).toEqual([]);
    expect(past.headers.get('x-pagination-total-count')).toBe(String(count!.n));
  });
});

describe('GET /api/v2/service-centers', () => {
  it('lists the city service centres typed 99, narrowed by brand_code', async () => {
    const { body } = await h.json<Store[]>('/api/v2/service-centers?city_id=1&expand=type');
    const expected = await dbStores('city_id = 1 and type = 99');
    expect(body.map((s) => s.id)).toEqual(expected.map((s) => s.id));
    expect(body.every((s) => s.type === 99 && (s.brand_codes ?? []).length > 0)).toBe(true);
    const code = body[0]!.brand_codes![0]!;
    const narrowed = await h.json<Store[]>(`/api/v2/service-centers?city_id=1&brand_code=${code}`);
    expect(narrowed.body.length).toBeGreaterThan(0);
    expect(narrowed.body.every((s) => s.brand_codes!.includes(code))).toBe(true);
    const none = await h.json<Store[]>('/api/v2/service-centers?city_id=1&brand_code=no-such-brand');
    expect(none.body).toEqual([]);
    expect(none.headers.get('x-pagination-total-count')).toBe('0');
  });
});
