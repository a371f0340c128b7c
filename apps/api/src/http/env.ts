import type { DatabaseHandle } from '@store/db';
import type { Cache } from '../cache.ts';
import type { Config } from '../config.ts';
import type { Logger } from '../logger.ts';
import type { CatalogIndexHolder } from '../catalog/catalog-index.ts';
import type { Notifier } from '../adapters/notifications.ts';
import type { PaymentProvider } from '../adapters/payment-provider.ts';
import type { AddressSuggestions } from '../adapters/address-suggestions.ts';
import type { Captcha } from '../adapters/captcha.ts';
import type { FileStorage } from '../adapters/file-storage.ts';
import type { Lender } from '../adapters/lender.ts';
import type { TradeInEvaluator } from '../adapters/trade-in-evaluator.ts';
import type { PayInPartsProvider } from '../adapters/pay-in-parts.ts';
import type { RentProvider } from '../adapters/rent.ts';
import type { BusinessSignIn } from '../adapters/business-sign-in.ts';
import type { PageEvents } from '../page-events.ts';
import type { Lifecycle } from '../operations/lifecycle.ts';
import type { OutboxTransport } from '../jobs/outbox-delivery.ts';
import type { StoreMetrics } from '../operations/metrics.ts';

export interface ApiDeps {
  /** The primary: every write and every read that must see one (basket, checkout, orders, account). */
  handle: DatabaseHandle;
  /** Catalogue reads (listings, product pages, suggestions, the indexes): a replica with DATABASE_READ_URL, else `handle` (decision 0040). */
  readHandle: DatabaseHandle;
  cache: Cache;
  logger: Logger;
  config: Config;
  adapters: Adapters;
  /** Price and stock changes for the page caches of every instance (docs/decisions/0019). */
  pageEvents: PageEvents;
  /** Starting, ready or draining, and the requests in flight (operations/lifecycle.ts, issue 19). */
  lifecycle: Lifecycle;
  /** This instance's Prometheus registry (operations/metrics.ts). */
  metrics: StoreMetrics;
}

/** Third-party services behind small interfaces; each has a local implementation that works offline. */
export interface Adapters {
  notifier: Notifier;
  /** Online payments: the built-in sandbox acquirer unless a real provider is passed. */
  paymentProvider: PaymentProvider;
  addressSuggestions: AddressSuggestions;
  /** SPEC §5 captcha: the local arithmetic question unless a provider's site key and secret are set. */
  captcha: Captcha;
  /** Uploaded files (repair documents): the local disk unless an S3-compatible store is configured. */
  fileStorage: FileStorage;
  /** Where the outbox delivery sends messages (jobs/outbox-delivery.ts); the local one keeps them readable. */
  outboxTransport: OutboxTransport;
  /** Credit, instalment and loan decisions: the built-in sandbox bank unless a real lender is passed (issue 17). */
  lender: Lender;
  /** The trade-in evaluator of §7 /smartprice/*: the built-in one priced from our list unless another is passed (issue 16). */
  tradeInEvaluator: TradeInEvaluator;
  /** «Частями» (19): the buy-now-pay-later provider's limit by phone; the built-in sandbox unless one is passed. */
  payInParts: PayInPartsProvider;
  /** Rent instead of buying (§7 /v2/arenter/availability): the built-in sandbox partner unless one is passed. */
  rent: RentProvider;
  /** A corporate order's company confirmed at the business bank (decision 0047): the built-in sandbox bank unless configured. */
  businessSignIn: BusinessSignIn;
}

/** What createApi needs: adapters left out get their local implementation. */
export type ApiOptions = Omit<ApiDeps, 'adapters' | 'pageEvents' | 'lifecycle' | 'metrics' | 'readHandle'> & {
  adapters?: Partial<Adapters>;
  /** A replica's handle for catalogue reads; `handle` when left out. */
  readHandle?: DatabaseHandle;
  pageEvents?: PageEvents;
  /** The process's lifecycle (runtime); a ready one when left out (tests). */
  lifecycle?: Lifecycle;
  /** Also collect Node's process metrics (memory, event loop, GC): the store process, not tests. */
  processMetrics?: boolean;
};

export interface ApiEnv {
  Variables: {
    deps: ApiDeps;
    traceId: string;
    catalog: CatalogIndexHolder;
    /**
     * Set by a route whose 5xx is an expected answer, not a failure (readiness saying «not yet» while the
     * instance starts, builds its indexes or drains): the request log writes it at info level.
     */
    expectedUnavailable?: boolean;
  };
}
