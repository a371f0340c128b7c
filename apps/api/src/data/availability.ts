// All SQL about where a product can be received in a city: stores with their stock.
import type { DatabaseHandle } from '@store/db';

export interface ReceivingStoreRow {
  id: number;
  type: number;
  name: string;
  brand: string;
  slug: string;
  address: string;
  latitude: number;
  longitude: number;
  work_time_line: string;
  stations: { name: string; color: string }[];
  directions: string | null;
  quantity: number;
}

/** Stores of a city that hand over orders (multicenters, pickup points, parcel lockers) with this product's stock. */
export async function listReceivingStores(handle: DatabaseHandle, productId: number, cityId: number, types: readonly number[]) {
  return handle.query<ReceivingStoreRow>(
    `select s.id, s.type, s.name, s.brand, s.slug, s.address, s.latitude, s.longitude, s.work_time_line, s.stations,
            s.directions, coalesce(st.quantity, 0)::int as quantity
       from stores s
       left join stock st on st.store_id = s.id and st.product_id = $1
      where s.city_id = $2 and s.status = 1 and s.type = any($3::int[])
      order by s.id`,
    [productId, cityId, types],
  );
}

export async function retrieveCityCentre(handle: DatabaseHandle, cityId: number) {
  const [row] = await handle.query<{ id: number; latitude: number; longitude: number; delivery_type_ids: number[] }>(
    'select id, latitude, longitude, delivery_type_ids from cities where id = $1',
    [cityId],
  );
  return row ?? null;
}

export async function retrieveDefaultCityId(handle: DatabaseHandle): Promise<number> {
  const [row] = await handle.query<{ id: number }>(`select id from cities where alias = 'moskva'`);
  return row!.id;
}
