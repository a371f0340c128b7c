// Which categories hold accessories for which: a phone gets cases, chargers, power banks, earphones
// and set-up; a fridge gets delivery-day installation. Keyed by the product's own category.
// Installation and set-up services (901, 902) are narrowed to the ones that fit the product
// (SERVICE_FIT in @store/domain): a fridge is never offered a TV wall mount.
import { FITTED_SERVICE_CATEGORY_IDS, servicesFitting } from '@store/domain';
import type { DatabaseHandle } from '@store/db';
import type { Bits } from './bits.ts';
import type { CatalogIndex } from './catalog-index.ts';

export const ACCESSORY_GROUPS: Readonly<Record<number, readonly number[]>> = {
  224: [110, 111, 112, 105, 902],
  107: [110, 111, 112, 306, 902],
  102: [111, 105, 902],
  103: [111, 902],
  201: [207, 202, 206, 901, 902],
  205: [902],
  206: [902],
  408: [902],
  202: [207],
  301: [307, 306, 308, 311, 902],
  302: [307, 306, 308],
  303: [302, 306, 307, 310, 311, 902],
  304: [307, 306, 902],
  401: [901],
  402: [901],
  403: [901],
  404: [901],
  405: [901],
  411: [901],
  414: [901],
  507: [901],
  508: [901],
  509: [901],
  702: [705],
  703: [705],
  704: [112],
  801: [802, 803, 804, 902],
};

export function accessoryGroupsFor(categoryId: number): readonly number[] {
  return ACCESSORY_GROUPS[categoryId] ?? [];
}

/**
 * The fitted services (installation, set-up) for a product category as a bitset over the index: read once
 * per index and category, so a product page's three accessory calls (groups, first page, bundle) run no
 * query. A product added, renamed or hidden rebuilds the index (catalogue change, decision 0034), and the
 * new index reads them again. A failed read is not kept.
 */
const fittedServices = new WeakMap<CatalogIndex, Map<number, Promise<Bits>>>();

function fittedServicesOf(handle: DatabaseHandle, index: CatalogIndex, categoryId: number, fitted: number[]) {
  let perCategory = fittedServices.get(index);
  if (!perCategory) fittedServices.set(index, (perCategory = new Map()));
  let services = perCategory.get(categoryId);
  if (!services) {
    const names = servicesFitting(categoryId);
    services = (
      fitted.length > 0 && names.length > 0
        ? handle.query<{ id: number }>(
            'select id from products where status = 1 and category_id = any($1::int[]) and name = any($2::text[])',
            [fitted, names],
          )
        : Promise.resolve([])
    ).then((rows) => {
      const bits = index.empty();
      for (const pos of index.positionsOf(rows.map((r) => Number(r.id)))) bits.add(pos);
      return bits;
    });
    services.catch(() => perCategory.delete(categoryId));
    perCategory.set(categoryId, services);
  }
  return services;
}

/** The accessory groups of a product category and, per group, the products it offers with it. */
export async function accessoryScopes(
  handle: DatabaseHandle,
  index: CatalogIndex,
  categoryId: number,
): Promise<Map<number, Bits>> {
  const groups = accessoryGroupsFor(categoryId).filter((id) => index.categoryInfo(id) !== null);
  const out = new Map<number, Bits>();
  const fitted = groups.filter((id) => FITTED_SERVICE_CATEGORY_IDS.includes(id));
  const services = fitted.length > 0 ? await fittedServicesOf(handle, index, categoryId, fitted) : index.empty();
  for (const id of groups)
    out.set(id, fitted.includes(id) ? index.categoryScope(id).clone().and(services) : index.categoryScope(id));
  return out;
}
