// The products an action offers as accessories, as a bitset over the catalogue index: reused by the
// accessory list (action_id) and the accessory categories of /v2/actions. Built once per index, so a
// rebuilt index (fresh data) reads the links again.
import type { DatabaseHandle } from '@store/db';
import { listActionAccessoryIds } from '../data/actions.ts';
import type { Bits } from './bits.ts';
import type { CatalogIndex } from './catalog-index.ts';

const scopes = new WeakMap<CatalogIndex, Map<number, Promise<Bits>>>();

export function actionAccessoryScope(handle: DatabaseHandle, index: CatalogIndex, actionId: number): Promise<Bits> {
  let perAction = scopes.get(index);
  if (!perAction) scopes.set(index, (perAction = new Map()));
  let scope = perAction.get(actionId);
  if (!scope) {
    scope = listActionAccessoryIds(handle, actionId).then((ids) => {
      const bits = index.empty();
      for (const position of index.positionsOf(ids)) bits.add(position);
      return bits;
    });
    // A failed read is not cached: the next call tries again.
    scope.catch(() => perAction.delete(actionId));
    perAction.set(actionId, scope);
  }
  return scope;
}

/** The accessory categories of an action with how many of its accessories each holds. */
export function actionAccessoryCategories(index: CatalogIndex, scope: Bits, categoryIds: readonly number[]) {
  return categoryIds.flatMap((id) => {
    const info = index.categoryInfo(id);
    if (!info) return [];
    const count = index.categoryScope(id).clone().and(scope).count();
    return count > 0 ? [{ id, name: info.name, accessory_count: count }] : [];
  });
}
