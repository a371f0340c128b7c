// The HTTP API of SPEC §7, mounted under /api by the store's single Node process.
import { OpenAPIHono } from '@hono/zod-openapi';
import { HTTPException } from 'hono/http-exception';
import { docsPage, docsScript } from './docs.ts';
import type { ApiDeps, ApiEnv, ApiOptions } from './http/env.ts';
import { createOutboxNotifier } from './adapters/notifications.ts';
import {
  createSandboxProvider,
  SANDBOX_PROVIDER,
  sharedSandboxSessions,
  type SandboxProvider,
} from './adapters/payment-provider.ts';
import { createSandboxAcquirer } from './sandbox-acquirer/app.ts';
import { registerPaymentRoutes } from './routes/payments.ts';
import { createDadataAddressSuggestions, createLocalAddressSuggestions } from './adapters/address-suggestions.ts';
import { createLocalTradeInEvaluator } from './adapters/trade-in-evaluator.ts';
import { registerSmartpriceRoutes } from './routes/smartprice.ts';
import { createCaptcha } from './auth/captcha.ts';
import { registerCaptchaRoutes } from './routes/captcha.ts';
import { registerDevRoutes } from './routes/dev.ts';
import { registerOrderRoutes } from './routes/orders.ts';
import { registerOrderReceiptRoutes } from './routes/order-receipt.ts';
import { ApiError, errorResponse, fieldErrors, inputFaultOf } from './http/errors.ts';
import { inProcessJson } from './http/in-process.ts';
import { inputGuard, requireXhrForWrites, traceAndLog } from './http/middleware.ts';
import { errorFields } from './logger.ts';
import { registerBasketRoutes } from './routes/basket.ts';
import { registerAuthRoutes } from './routes/auth.ts';
import { registerAccountRoutes } from './routes/account.ts';
import { registerMyCommentRoutes } from './routes/my-comments.ts';
import { registerPromocodeRoutes } from './routes/promocodes.ts';
import { registerSuggestionRoutes } from './routes/suggestions.ts';
import { registerCityRoutes } from './routes/cities.ts';
import { registerAccessoryRoutes } from './routes/accessories.ts';
import { registerActionRoutes } from './routes/actions.ts';
import { registerActionApplyRoutes } from './routes/actions-apply.ts';
import { registerCheckoutRoutes } from './routes/checkout.ts';
import { registerCommentRoutes } from './routes/comments.ts';
import { registerContentRoutes } from './routes/content.ts';
import { registerArticleRoutes } from './routes/articles.ts';
import { registerDeliveryRoutes } from './routes/delivery.ts';
import { registerDeliveryTermRoutes } from './routes/delivery-terms.ts';
import { registerCorpRoutes } from './routes/corp.ts';
import { registerLoyaltyRoutes } from './routes/loyalty.ts';
import { registerGiftCertificateRoutes } from './routes/gift-certificates.ts';
import { registerTradeInRoutes } from './routes/trade-in.ts';
import { registerBuybackRoutes } from './routes/buyback.ts';
import { registerSitemapRoutes } from './routes/sitemap.ts';
import { branchDrawer, registerExperimentRoutes } from './routes/experiments.ts';
import { registerMenuRoutes } from './routes/menus.ts';
import { registerPageShellRoutes } from './routes/page-shell.ts';
import { registerProductExtraRoutes } from './routes/product-extras.ts';
import { registerProductRoutes } from './routes/products.ts';
import { registerStoreRoutes } from './routes/stores.ts';
import { registerRepairCatalogueRoutes } from './routes/repair-catalogue.ts';
import { registerRepairFileRoutes } from './routes/repair-files.ts';
import { registerRepairRoutes } from './routes/repair.ts';
import { createFileStorage } from './adapters/file-storage.ts';
import { registerCreditRoutes } from './routes/credit.ts';
import { registerOpsRefundRoutes } from './routes/ops-refunds.ts';
import { registerOpsReturnRoutes } from './routes/ops-returns.ts';
import { registerCreditCheckoutRoutes } from './routes/credit-checkout.ts';
import { registerRentRoutes } from './routes/rent.ts';
import { createSandboxRent } from './adapters/rent.ts';
import { registerPayInPartsRoutes } from './routes/pay-in-parts.ts';
import { registerFinanceRoutes } from './routes/finance.ts';
import { createSandboxBank } from './sandbox-bank/bank.ts';
import { creditTimeoutJob } from './services/credit.ts';
import { repairUploadCleanupJob } from './jobs/repair-uploads.ts';
import { prepareDefaultCityInStock } from './catalog/listing.ts';
import { CatalogIndexHolder } from './catalog/catalog-index.ts';
import { attachReferenceData, productsOfTags, ReferenceData } from './reference-data.ts';
import { createMemoryPageEvents } from './page-events.ts';
import { Lifecycle } from './operations/lifecycle.ts';
import { countedCache, createMetrics } from './operations/metrics.ts';
import { registerOperationsRoutes } from './routes/operations.ts';
import { registerOpsCatalogRoutes } from './routes/ops-catalog.ts';
import { listenCatalogChanges, type CatalogListener } from './catalog/catalog-events.ts';
import { JobRunner } from './jobs/job-runner.ts';
import { expiredAuthCleanup } from './jobs/housekeeping.ts';
import { localOutboxTransport, OutboxDelivery } from './jobs/outbox-delivery.ts';
import { replicaCaughtUp } from './data/replica.ts';
import { createSandboxPayInParts } from './adapters/pay-in-parts.ts';
import { refundRetryJob } from './services/refunds.ts';
import { registerBusinessSignInRoutes } from './routes/business-sign-in.ts';
import { businessSignInOf } from './sandbox-business-bank/setup.ts';

export function createApi(options: ApiOptions) {
  const lifecycle = options.lifecycle ?? new Lifecycle('ready');
  const metrics = createMetrics(options.handle, lifecycle, { processMetrics: options.processMetrics ?? false });
  // The business bank's sign-in of corporate orders and, with the sandbox, its pages (decision 0047).
  const businessBank = businessSignInOf(options.config, options.cache);
  const deps: ApiDeps = {
    ...options,
    readHandle: options.readHandle ?? options.handle,
    cache: countedCache(options.cache, metrics),
    lifecycle,
    metrics,
    pageEvents: options.pageEvents ?? createMemoryPageEvents(),
    adapters: {
      notifier: options.adapters?.notifier ?? createOutboxNotifier(options.handle),
      paymentProvider:
        options.adapters?.paymentProvider ??
        createSandboxProvider({
          secret: options.config.PAYMENT_SANDBOX_SECRET,
          // Several instances share the sandbox's sessions through Redis (decision 0040).
          sessions: options.config.REDIS_URL ? sharedSandboxSessions(options.cache) : undefined,
        }),
      addressSuggestions:
        options.adapters?.addressSuggestions ??
        (options.config.DADATA_API_KEY
          ? createDadataAddressSuggestions(options.config.DADATA_API_KEY, options.config.DADATA_SECRET)
          : createLocalAddressSuggestions(options.handle)),
      captcha: options.adapters?.captcha ?? createCaptcha(options.config, options.cache),
      fileStorage: options.adapters?.fileStorage ?? createFileStorage(options.config),
      outboxTransport: options.adapters?.outboxTransport ?? localOutboxTransport,
      // The sandbox bank answers through this app's fetch (bound below, called only after start-up).
      lender:
        options.adapters?.lender ??
        createSandboxBank({
          secret: options.config.CREDIT_SANDBOX_SECRET,
          delayMs: options.config.CREDIT_DECISION_DELAY_MS,
          logger: options.logger,
          deliver: (request) => app.fetch(request),
        }),
      tradeInEvaluator:
        options.adapters?.tradeInEvaluator ?? createLocalTradeInEvaluator(options.handle, options.logger),
      payInParts: options.adapters?.payInParts ?? createSandboxPayInParts(),
      rent: options.adapters?.rent ?? createSandboxRent(),
      businessSignIn: options.adapters?.businessSignIn ?? businessBank.signIn,
    },
  };
  const app = new OpenAPIHono<ApiEnv>({
    defaultHook: (result, c) => {
      if (!result.success) {
        return errorResponse(c, 422, 'Проверьте параметры запроса', fieldErrors(result.error));
      }
      return undefined;
    },
  }).basePath('/api');
  // Catalogue indexes read the replica once it has replayed what the primary had written (decision 0040).
  const catalog = new CatalogIndexHolder(
    deps.readHandle,
    deps.logger,
    undefined,
    () => replicaCaughtUp(deps.handle, deps.readHandle),
    (index) => prepareDefaultCityInStock(deps.readHandle, index),
  );
  // Reference data every page reads (reference-data.ts): kept in memory, dropped by invalidate().
  const referenceData = new ReferenceData({
    ttlMs: deps.config.REFERENCE_CACHE_TTL_S * 1000,
    redisUrl: deps.config.REDIS_URL,
  });
  attachReferenceData(deps.handle, referenceData);
  if (deps.readHandle !== deps.handle) attachReferenceData(deps.readHandle, referenceData);
  // A price or stock change, from this instance or another, drops the products' cached cards (decision 0041).
  deps.pageEvents.subscribe((tags) => referenceData.dropProducts(productsOfTags(tags)));
  // Scheduled jobs, once per period across the cluster, and the outbox delivery (decision 0035);
  // the store process starts them, tests tick them by hand.
  const jobs = new JobRunner(deps.handle, deps.logger);
  jobs.register(expiredAuthCleanup);
  jobs.register(creditTimeoutJob({ notifier: deps.adapters.notifier }));
  jobs.register(repairUploadCleanupJob({ fileStorage: deps.adapters.fileStorage }));
  jobs.register(
    refundRetryJob({
      paymentProvider: deps.adapters.paymentProvider,
      notifier: deps.adapters.notifier,
      logger: deps.logger,
    }),
  );
  const outboxDelivery = new OutboxDelivery(deps.handle, deps.adapters.outboxTransport, deps.logger);

  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('catalog', catalog);
    await next();
  });
  // A page's in-process call takes its JSON as text (http/in-process.ts, decision 0054).
  app.use('*', inProcessJson);
  app.use('*', traceAndLog);
  app.use('*', inputGuard);
  app.use('*', requireXhrForWrites);

  registerCityRoutes(app);
  registerMenuRoutes(app);
  registerPageShellRoutes(app);
  registerExperimentRoutes(app);
  registerContentRoutes(app);
  registerArticleRoutes(app);
  registerAccessoryRoutes(app);
  registerActionRoutes(app);
  registerProductRoutes(app);
  registerCommentRoutes(app);
  registerProductExtraRoutes(app);
  registerStoreRoutes(app);
  registerDeliveryRoutes(app);
  registerDeliveryTermRoutes(app);
  registerCorpRoutes(app);
  registerRepairCatalogueRoutes(app);
  registerRepairFileRoutes(app);
  registerRepairRoutes(app);
  registerTradeInRoutes(app);
  registerBuybackRoutes(app);
  registerSmartpriceRoutes(app);
  registerSitemapRoutes(app);
  registerBasketRoutes(app);
  registerOrderRoutes(app);
  registerOrderReceiptRoutes(app);
  registerActionApplyRoutes(app);
  registerCheckoutRoutes(app);
  registerDevRoutes(app);
  registerPaymentRoutes(app);
  registerAuthRoutes(app);
  registerAccountRoutes(app);
  registerMyCommentRoutes(app);
  registerPromocodeRoutes(app);
  registerCaptchaRoutes(app);
  registerSuggestionRoutes(app);
  registerLoyaltyRoutes(app);
  registerGiftCertificateRoutes(app);
  registerOperationsRoutes(app);
  registerOpsCatalogRoutes(app);
  registerCreditRoutes(app);
  registerOpsRefundRoutes(app);
  registerOpsReturnRoutes(app);
  registerCreditCheckoutRoutes(app);
  registerRentRoutes(app);
  registerPayInPartsRoutes(app);
  registerFinanceRoutes(app);
  registerBusinessSignInRoutes(app);

  app.doc31('/openapi.json', {
    openapi: '3.1.0',
    info: {
      title: 'Мультицентр API',
      version: '1.0.0',
      description:
        'Every call accepts application_type, city_id and trace_id in the query. Lists carry x-pagination-* headers. ' +
        'State-changing calls need the X-Requested-With: XMLHttpRequest header. Errors are {status, message, errors}.',
    },
  });
  app.get('/docs', (c) => c.html(docsPage('/api/openapi.json')));
  app.get('/docs.js', (c) => {
    c.header('content-type', 'text/javascript; charset=utf-8');
    return c.body(docsScript('/api/openapi.json'));
  });

  app.notFound((c) => errorResponse(c, 404, 'Метод API не найден'));
  app.onError((error, c) => {
    if (error instanceof ApiError) return errorResponse(c, error.status, error.message, error.errors);
    if (error instanceof HTTPException) {
      // Hono raises these for malformed bodies (bad JSON) and similar client faults.
      return errorResponse(
        c,
        error.status === 500 ? 400 : (error.status as 400),
        error.message || 'Некорректный запрос',
      );
    }
    const fault = inputFaultOf(error);
    if (fault) {
      deps.logger.warn('api input refused by the database', {
        trace_id: c.get('traceId'),
        path: c.req.path,
        ...errorFields(error),
      });
      return errorResponse(c, fault.status, fault.message);
    }
    deps.logger.error('api failure', { trace_id: c.get('traceId'), path: c.req.path, ...errorFields(error) });
    return errorResponse(c, 500, 'Внутренняя ошибка сервера');
  });

  // The sandbox acquirer's pages (/sandbox-acquirer/…), served by the web server next to /api; its
  // callback reaches this app in-process. Null when a real provider is configured.
  const provider = deps.adapters.paymentProvider;
  const sandboxAcquirer =
    provider.name === SANDBOX_PROVIDER
      ? createSandboxAcquirer({
          provider: provider as SandboxProvider,
          logger: deps.logger,
          deliver: (request) => app.fetch(request),
        })
      : null;

  return Object.assign(app, {
    catalog,
    sandboxAcquirer,
    /** The sandbox business bank's pages (/sandbox-business-bank/…), or null with a real bank. */
    sandboxBusinessBank: businessBank.sandbox,
    paymentProvider: provider,
    /** «Частями»'s provider (the sandbox's cancelled plans are read by tests). */
    payInParts: deps.adapters.payInParts,
    lender: deps.adapters.lender,
    notifier: deps.adapters.notifier,
    referenceData,
    pageEvents: deps.pageEvents,
    lifecycle,
    metrics,
    jobs,
    outboxDelivery,
    /**
     * Applies the catalogue changes any instance announces to this one's indexes (decision 0034);
     * the store process calls it once; close the listener it gives on stop.
     */
    listenCatalogChanges: (): Promise<CatalogListener> => listenCatalogChanges(deps.handle, catalog, deps.logger),
    /** An A/B branch for a new visitor drawn without waiting, or null before the branches are read (decision 0069). */
    drawBranchNow: branchDrawer(deps.handle.db),
  });
}

export type Api = ReturnType<typeof createApi>;
