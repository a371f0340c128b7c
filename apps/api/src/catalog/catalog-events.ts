// Catalogue changes reach the in-memory indexes of every instance within moments (issue 19,
// docs/decisions/0034). The writer sends `pg_notify('store_catalog', …)` in the transaction that
// changed prices, stock or products, so the message leaves only when the change is committed and
// every instance on the same database hears it (PostgreSQL LISTEN; on PGlite the one process).
// A price is patched into the index in place; so is stock, into the cities' «В наличии» sets (a stock
// change of more products than one message holds drops the sets instead); anything else
// (a product added, hidden, moved) rebuilds both indexes in the background while the old serve. The
// 5-minute rebuild stays as the net under a lost message; a reconnected listener rebuilds at once.
import type { DatabaseHandle, TransactionHandle } from '@store/db';
import { listOfferPrices } from '../data/catalog-changes.ts';
import { listInStockByCity } from '../data/purchase.ts';
import { errorFields, type Logger } from '../logger.ts';
import { dropCachedProducts } from '../reference-data.ts';
import type { CatalogIndexHolder } from './catalog-index.ts';

export const CATALOG_CHANNEL = 'store_catalog';

export type CatalogChangeKind = 'price' | 'stock' | 'product';

export interface CatalogChange {
  kind: CatalogChangeKind;
  /** The products changed; empty with kind 'product' means «anything may have changed». */
  ids: number[];
}

/**
 * NOTIFY payloads stop at 8,000 bytes: more ids than this go as one message without ids instead
 * («rebuild»; for stock, «read every city's set again»).
 */
const MAX_IDS = 800;

/** Announces a change; pass the transaction that made it, so the message leaves only on commit. */
export async function notifyCatalogChange(q: Pick<TransactionHandle, 'query'>, change: CatalogChange) {
  const ids = [...new Set(change.ids)].filter((id) => Number.isInteger(id) && id > 0);
  const message: CatalogChange =
    ids.length <= MAX_IDS
      ? { kind: change.kind, ids }
      : { kind: change.kind === 'stock' ? 'stock' : 'product', ids: [] };
  await q.query('select pg_notify($1, $2)', [CATALOG_CHANNEL, JSON.stringify(message)]);
}

function parseChange(payload: string): CatalogChange | null {
  try {
    const value = JSON.parse(payload) as { kind?: unknown; ids?: unknown };
    if (value.kind !== 'price' && value.kind !== 'stock' && value.kind !== 'product') return null;
    if (!Array.isArray(value.ids)) return null;
    const ids = value.ids.filter((id): id is number => Number.isInteger(id) && (id as number) > 0);
    return { kind: value.kind, ids };
  } catch {
    return null;
  }
}

/** Applies one change to this instance's indexes. */
export async function applyCatalogChange(handle: DatabaseHandle, catalog: CatalogIndexHolder, change: CatalogChange) {
  // The products' cached cards go first (decision 0041): nothing below may serve them while it runs.
  dropCachedProducts(handle, change.kind === 'product' || change.ids.length === 0 ? 'all' : change.ids);
  if (change.kind === 'price' && change.ids.length > 0) {
    catalog.patchPrices(await listOfferPrices(handle, change.ids));
  } else if (change.kind === 'stock') {
    // Read on the primary after the commit, like prices: every instance's sets are right at once.
    if (change.ids.length > 0) await catalog.patchInStock(change.ids, () => listInStockByCity(handle, change.ids));
    else catalog.dropInStock();
  } else {
    await catalog.refresh();
  }
}

export interface CatalogListener {
  /** Resolves when every change announced so far has been applied here (tests, benchmarks). */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** Listens for catalogue changes and applies them one after another, in the order they came. */
export async function listenCatalogChanges(
  handle: DatabaseHandle,
  catalog: CatalogIndexHolder,
  logger: Logger,
): Promise<CatalogListener> {
  let chain: Promise<void> = Promise.resolve();
  const enqueue = (change: CatalogChange) => {
    chain = chain
      .then(() => applyCatalogChange(handle, catalog, change))
      .catch((error: unknown) => logger.error('catalogue change not applied', errorFields(error)));
  };
  const stop = await handle.listen(
    CATALOG_CHANNEL,
    (payload) => {
      const change = parseChange(payload);
      if (change) enqueue(change);
    },
    () => {
      // Messages sent while the connection was down are lost: rebuild from the database.
      logger.warn('catalogue listener reconnected: rebuilding the indexes');
      enqueue({ kind: 'product', ids: [] });
    },
  );
  return {
    settled: () => chain,
    close: stop,
  };
}
