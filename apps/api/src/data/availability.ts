// All SQL about where a product can be received in a city: the city's centre and delivery facts, the
// order lines' stock (the stores themselves are in data/stores.ts).
import type { DatabaseHandle } from '@store/db';
import { cachedReference } from '../reference-data.ts';

export function retrieveCityCentre(handle: DatabaseHandle, cityId: number) {
  return cachedReference(handle, `city-centre:${cityId}`, () => readCityCentre(handle, cityId));
}

async function readCityCentre(handle: DatabaseHandle, cityId: number) {
  const [row] = await handle.query<{ id: number; latitude: number; longitude: number; delivery_type_ids: number[] }>(
    'select id, latitude, longitude, delivery_type_ids from cities where id = $1',
    [cityId],
  );
  return row ?? null;
}

export function retrieveDefaultCityId(handle: DatabaseHandle): Promise<number> {
  return cachedReference(handle, 'default-city-id', async () => {
    const [row] = await handle.query<{ id: number }>(`select id from cities where alias = 'moskva'`);
    return row!.id;
  });
}

export interface OrderLineFacts {
  id: number;
  status: number;
  price: number;
  available: boolean;
  order_type: string;
  preorder: boolean;
  /** Units in the city's active multicenters. */
  city_quantity: number;
  supplier_offers: { supplier_id: number; price: number; qty: number }[];
}

/** What pricing and delivering an order needs of its products; products of a hidden category are left out. */
export async function listOrderLineFacts(handle: DatabaseHandle, ids: readonly number[], cityId: number) {
  if (ids.length === 0) return [];
  return handle.query<OrderLineFacts>(
    `select p.id, p.status, o.price, o.available, o.order_type, (p.is_pre_order or o.order_type = 'preorder') as preorder,
            coalesce((select sum(st.quantity) from stock st join stores s on s.id = st.store_id
                       where st.product_id = p.id and st.quantity > 0 and s.city_id = $2 and s.status = 1), 0)::int
              as city_quantity,
            coalesce((select json_agg(json_build_object('supplier_id', so.supplier_id, 'price', so.price, 'qty', so.qty)
                                      order by so.supplier_id)
                        from supplier_offers so where so.product_id = p.id), '[]'::json) as supplier_offers
       from products p
       join product_offers o on o.product_id = p.id
       join categories c on c.id = p.category_id and c.status = 1
      where p.id = any($1::int[])`,
    [ids, cityId],
  );
}

export async function retrieveCityDeliveryFacts(handle: DatabaseHandle, cityId: number) {
  const [row] = await handle.query<{ id: number; delivery_type_ids: number[]; payment_type_ids: number[] }>(
    'select id, delivery_type_ids, payment_type_ids from cities where id = $1',
    [cityId],
  );
  return row ?? null;
}
