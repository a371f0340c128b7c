export { createApi, type Api } from './app.ts';
export { loadConfig, publicConfig, ConfigError, type Config } from './config.ts';
export { createLogger, errorFields, type Logger } from './logger.ts';
export { Lifecycle, type LifecycleState } from './operations/lifecycle.ts';
export { pageRouteLabel } from './operations/metrics.ts';
export { acceptedTraceId } from './http/middleware.ts';
export { fetchInProcess, fetchJsonText } from './http/in-process.ts';
export { createMemoryCache, createRedisCache, type Cache } from './cache.ts';
export { createMemoryPageEvents, createRedisPageEvents, productChangeTags, type PageEvents } from './page-events.ts';
export type { ApiDeps } from './http/env.ts';
export { servedOverHttps } from './http/cookies.ts';
export type { ApiErrorBody } from './http/errors.ts';
export type * from './schemas/shell.ts';
export type * from './schemas/catalog.ts';
export type { BonusBalance, BonusHistoryAction, LoyaltyCard, LoyaltyNotice, ProductsLimit } from './schemas/loyalty.ts';
export type { BuyGiftCertificate, GiftCertificateBalance } from './schemas/gift-certificates.ts';
export { retrieveBannerHeadline } from './data/menus.ts';
export { retrieveBrandByCode } from './data/catalog.ts';
export type { Comment } from './routes/comments.ts';
export type { CreditOffer, ReceivingStore, Warranty } from './routes/product-extras.ts';
export type { Store, StoreListRequest } from './routes/stores.ts';
export type { DeliveryOption, OrderVariation, VariationsOrders } from './routes/delivery.ts';
export type { DeliveryTerm, DeliveryTerms, PaymentTerm } from './routes/delivery-terms.ts';
export type { CorpFastOrder, CorpFastOrderRequest } from './routes/corp.ts';
export type { RepairBrand, RepairDeviceType, RepairModel, RepairProblem } from './routes/repair-catalogue.ts';
export type { RepairRequestCreated, RepairRequestView } from './routes/repair.ts';
export type { RepairFile } from './routes/repair-files.ts';
export type { CreditApplication, CreditApplicantRequest } from './routes/credit.ts';
export type { PartsLimitAnswer } from './routes/pay-in-parts.ts';
export type { CreditCheckoutOptionsAnswer } from './routes/credit-checkout.ts';
export type { RentAvailability } from './routes/rent.ts';
export type {
  TradeInBrand,
  TradeInDeviceSaved,
  TradeInGroup,
  TradeInModel,
  TradeInPrices,
  TradeInStateBody,
} from './routes/trade-in.ts';
export type {
  BuybackBooking,
  BuybackBookingForOperators,
  BuybackBrand,
  BuybackModel,
  BuybackPrices,
} from './routes/buyback.ts';
export type { SitemapCounts } from './routes/sitemap.ts';
export type { PageShell, PageShellRequest } from './routes/page-shell.ts';
export type { Action } from './routes/actions.ts';
export type { AccessoryBundle, AccessoryGroup } from './routes/accessories.ts';
export type { Basket, BasketItem } from './services/basket.ts';
export type { Order } from './schemas/orders.ts';
export type { OrderReceipt } from './schemas/receipts.ts';
export type { OutboxRow } from './data/outbox.ts';
export type { CalcApplyRequest, CalcApplyToBasket } from './routes/actions-apply.ts';
export type {
  CheckoutDraft,
  CheckoutDraftInput,
  CheckoutDraftOrder,
  CheckoutDraftState,
  Payment,
} from './routes/checkout.ts';
export type {
  CreatedPayment,
  PaymentInfo,
  PaymentOrder,
  PaymentStatus,
  PaymentSummary,
  Receipt,
  VirtualPayment,
} from './schemas/payments.ts';
export type { Address, EmployeeState, Profile } from './schemas/accounts.ts';
export type { MyComment } from './routes/my-comments.ts';
export type { Promocode } from './routes/promocodes.ts';
export type { CaptchaState } from './routes/captcha.ts';
export { checkUrl, cleanCookieHeader, guardRequest, type Refusal } from './http/input-guard.ts';
export type {
  AdventCalendar,
  Article,
  FilterOption,
  Honor,
  OfferProgress,
  PromoBlock,
  PromoPage,
  ReviewFilters,
} from './schemas/content.ts';
export { retrieveArticlePictureTitle, retrieveHonorPictureFacts, retrievePromoPictureTitle } from './data/content.ts';
export type { FinanceRequest, FinanceRequestCreate } from './routes/finance.ts';
