// Catalogue changes reach the in-memory indexes of every instance within moments (issue 19,
// docs/decisions/0034). The writer sends `pg_notify('store_catalog', …)` in the transaction that
// changed prices, stock or products, so the message leaves only when the change is committed and
// every instance on the same database hears it (PostgreSQL LISTEN; on PGlite the one process).
// A price is patched into the index in place; so is stock, into the cities' «В наличии» sets (a stock
// change of more products than one message holds drops the sets instead). A product added, hidden or
// moved makes new indexes with only those products read again (decision 0088), installed when ready
// while the old serve; a change of products too many to name rebuilds both. The 5-minute rebuild
// stays as the net under a lost message; a reconnected listener rebuilds at once.
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
  /**
   * Names one change, so an instance that applied it at once (the operator's request) does not apply it
   * again when its own notification arrives: a product change reads the products and lays out new indexes.
   */
  token?: string;
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
      ? { kind: change.kind, ids, ...(change.token ? { token: change.token } : {}) }
      : { kind: change.kind === 'stock' ? 'stock' : 'product', ids: [] };
  await q.query('select pg_notify($1, $2)', [CATALOG_CHANNEL, JSON.stringify(message)]);
}

function parseChange(payload: string): CatalogChange | null {
  try {
    const value = JSON.parse(payload) as { kind?: unknown; ids?: unknown; token?: unknown };
    if (value.kind !== 'price' && value.kind !== 'stock' && value.kind !== 'product') return null;
    if (!Array.isArray(value.ids)) return null;
    const ids = value.ids.filter((id): id is number => Number.isInteger(id) && (id as number) > 0);
    const token = typeof value.token === 'string' && value.token.length <= 64 ? value.token : undefined;
    return { kind: value.kind, ids, ...(token ? { token } : {}) };
  } catch {
    return null;
  }
}

/** Changes with a token applied (or being applied) here, per holder: the last TOKENS_KEPT of them. */
const appliedTokens = new WeakMap<CatalogIndexHolder, Map<string, Promise<void>>>();
const TOKENS_KEPT = 256;

/**
 * Applies one change to this instance's indexes. A change with a token is applied once: a second call
 * with it (the notification of a change this instance already applied) waits for the first.
 */
export function applyCatalogChange(handle: DatabaseHandle, catalog: CatalogIndexHolder, change: CatalogChange) {
  if (!change.token) return applyChange(handle, catalog, change);
  let applied = appliedTokens.get(catalog);
  if (!applied) appliedTokens.set(catalog, (applied = new Map()));
  const running = applied.get(change.token);
  if (running) return running;
  const done = applyChange(handle, catalog, change);
  applied.set(change.token, done);
  if (applied.size > TOKENS_KEPT) applied.delete(applied.keys().next().value!);
  return done;
}

async function applyChange(handle: DatabaseHandle, catalog: CatalogIndexHolder, change: CatalogChange) {
  // The products' cached cards go first (decision 0041): nothing below may serve them while it runs.
  dropCachedProducts(handle, change.kind === 'product' || change.ids.length === 0 ? 'all' : change.ids);
  if (change.kind === 'price' && change.ids.length > 0) {
    catalog.patchPrices(await listOfferPrices(handle, change.ids));
  } else if (change.kind === 'stock') {
    // Read on the primary after the commit, like prices: every instance's sets are right at once.
    if (change.ids.length > 0) await catalog.patchInStock(change.ids, () => listInStockByCity(handle, change.ids));
    else catalog.dropInStock();
  } else if (change.kind === 'product' && change.ids.length > 0) {
    await catalog.patchProducts(handle, change.ids, () => listInStockByCity(handle, change.ids));
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
