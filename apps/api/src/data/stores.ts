// All SQL about stores: multicenters, pickup points, parcel lockers and service centres, with their
// city's clock, and what a store holds. The store list is reference data (about two hundred rows that
// change with a data release): read once into memory and filtered there (docs/decisions/0021).
import { eq } from 'drizzle-orm';
import { schema, type Database, type DatabaseHandle, type TransactionHandle } from '@store/db';
import type { StoreHoliday, WorkTime } from '@store/domain';
import { cachedReference } from '../reference-data.ts';

export interface StoreRecord {
  id: number;
  type: number;
  status: number;
  slug: string;
  name: string;
  brand: string;
  address: string;
  address_search: string;
  latitude: number;
  longitude: number;
  directions: string | null;
  work_time: WorkTime;
  work_time_line: string;
  holidays: StoreHoliday[];
  convenience: string | null;
  services: string[];
  stations: { name: string; color: string; distance?: number }[];
  images: string[];
  phone: string | null;
  brand_codes: string[];
  city: { id: number; alias: string; name: string; time_zone: string };
}

/** Every store of every city, in id order (reference data: in memory, see reference-data.ts). */
export function listAllStores(handle: DatabaseHandle): Promise<StoreRecord[]> {
  return cachedReference(handle, 'stores:all', () => readAllStores(handle));
}

async function readAllStores(handle: DatabaseHandle): Promise<StoreRecord[]> {
  return handle.query<StoreRecord>(
    `select s.id, s.type, s.status, s.slug, s.name, s.brand, s.address, s.address_search, s.latitude, s.longitude,
            s.directions, s.work_time, s.work_time_line, s.holidays, s.convenience, s.services, s.stations, s.images,
            s.phone, s.brand_codes,
            json_build_object('id', c.id, 'alias', c.alias, 'name', c.name, 'time_zone', c.time_zone) as city
       from stores s
       join cities c on c.id = s.city_id
      order by s.id`,
  );
}

/** Units of one product in the given stores (stores without a stock row are left out). */
export async function listProductStockByStore(
  handle: DatabaseHandle,
  productId: number,
  storeIds: readonly number[],
): Promise<Map<number, number>> {
  if (storeIds.length === 0) return new Map();
  const rows = await handle.query<{ store_id: number; quantity: number }>(
    'select store_id, quantity from stock where product_id = $1 and store_id = any($2::int[])',
    [productId, storeIds],
  );
  return new Map(rows.map((r) => [r.store_id, r.quantity]));
}

/**
 * A page of the active products in stock in one store, the most popular first, and how many there
 * are: the store page's «Товары в наличии».
 */
export async function listStoreProductIds(
  handle: DatabaseHandle,
  storeId: number,
  page: { limit: number; offset: number },
): Promise<{ ids: number[]; total: number }> {
  const rows = await handle.query<{ id: number; total: number }>(
    `select p.id, count(*) over ()::int as total
       from stock st
       join products p on p.id = st.product_id and p.status = 1
       join categories c on c.id = p.category_id and c.status = 1
      where st.store_id = $1 and st.quantity > 0
      order by p.position, p.id
      limit $2 offset $3`,
    [storeId, page.limit, page.offset],
  );
  if (rows.length > 0 || page.offset === 0) return { ids: rows.map((r) => r.id), total: rows[0]?.total ?? 0 };
  // A page past the end: the count still answers the headers.
  const [count] = await handle.query<{ total: number }>(
    `select count(*)::int as total
       from stock st
       join products p on p.id = st.product_id and p.status = 1
       join categories c on c.id = p.category_id and c.status = 1
      where st.store_id = $1 and st.quantity > 0`,
    [storeId],
  );
  return { ids: [], total: count?.total ?? 0 };
}

/** A store's name and address by its slug (SEO and breadcrumbs of /store/{slug}). */
export async function retrieveStoreBySlug(db: Database, slug: string) {
  const [row] = await db
    .select({ name: schema.stores.name, address: schema.stores.address })
    .from(schema.stores)
    .where(eq(schema.stores.slug, slug))
    .limit(1);
  return row ?? null;
}

/** A city's active store (the pickup store of an order), read inside the order's transaction. */
export async function retrieveCityStore(q: Pick<TransactionHandle, 'query'>, storeId: number, cityId: number) {
  const [row] = await q.query<{ id: number; type: number; name: string; address: string }>(
    'select id, type, name, address from stores where id = $1 and city_id = $2 and status = 1',
    [storeId, cityId],
  );
  return row ?? null;
}

export interface PickupNetworkRow {
  type: number;
  brand: string;
  stores: number;
}

/** How many active stores of each type and brand hand over orders in a city (the delivery page's networks). */
export function listCityPickupNetworks(handle: DatabaseHandle, cityId: number, types: readonly number[]) {
  return handle.query<PickupNetworkRow>(
    `select type, brand, count(*)::int as stores
       from stores
      where city_id = $1 and status = 1 and type = any($2::int[])
      group by type, brand
      order by type, brand`,
    [cityId, types],
  );
}
