// Typed client of the store API. In the browser it calls /api over the network; on the server the
// loaders get one whose fetch is the API app itself (no network hop).
import type {
  AccessoryBundle,
  AccessoryGroup,
  Action,
  ApiErrorBody,
  Banner,
  Basket,
  BasketItem,
  Breadcrumb,
  Category,
  CategoryDetail,
  City,
  Feature,
  Filter,
  Listing,
  MainPage,
  MenuItem,
  Comment,
  CreditOffer,
  DeliveryOption,
  CorpFastOrder,
  SitemapCounts,
  CorpFastOrderRequest,
  DeliveryTerm,
  DeliveryTerms,
  PaymentTerm,
  Order,
  OrderVariation,
  OutboxRow,
  ProductCard,
  ProductDetail,
  ReceivingStore,
  Seo,
  Store,
  StoreListRequest,
  Suggestions,
  VariationsOrders,
  Warranty,
  CreatedPayment,
  PaymentInfo,
  PaymentOrder,
  PaymentStatus,
  PaymentSummary,
  VirtualPayment,
  Address,
  EmployeeState,
  MyComment,
  Profile,
  Promocode,
  CaptchaState,
} from '@store/api';
import type {
  CalcApplyRequest,
  CalcApplyToBasket,
  CheckoutDraft,
  CheckoutDraftInput,
  CheckoutDraftOrder,
  CheckoutDraftState,
  Payment,
} from '@store/api';
import type { OrderReceipt } from '@store/api';
import type { PageShell, PageShellRequest } from '@store/api';
import { contentCalls } from './content.ts';
export type * from './content.ts';
import { financeCalls } from './finance.ts';
export type * from './finance.ts';
import type {
  RepairBrand,
  RepairDeviceType,
  RepairFile,
  RepairModel,
  RepairProblem,
  RepairRequestCreated,
  RepairRequestView,
} from '@store/api';
import type { CreditApplication, CreditApplicantRequest } from '@store/api';
import type { PartsLimitAnswer } from '@store/api';
import type { CreditCheckoutOptionsAnswer, RentAvailability } from '@store/api';
import type {
  TradeInBrand,
  TradeInDeviceSaved,
  TradeInGroup,
  TradeInModel,
  TradeInPrices,
  TradeInStateBody,
} from '@store/api';
import type { BuybackBooking, BuybackBrand, BuybackModel, BuybackPrices } from '@store/api';
import { STORE_EXPANDS, type StoreExpand } from '@store/domain';
import type { CreateOrderRequest } from './orders.ts';
import type { BonusBalance, BonusHistoryAction, LoyaltyCard, LoyaltyNotice, ProductsLimit } from '@store/api';
import type { BuyGiftCertificate, GiftCertificateBalance } from '@store/api';
export type { OrderReceipt };
export type {
  RepairBrand,
  RepairDeviceType,
  RepairFile,
  RepairModel,
  RepairProblem,
  RepairRequestCreated,
  RepairRequestView,
};
export type { CreditApplication, CreditApplicantRequest };
export type { PartsLimitAnswer };
export type { CreditCheckoutOptionsAnswer, RentAvailability };
export type { TradeInBrand, TradeInDeviceSaved, TradeInGroup, TradeInModel, TradeInPrices, TradeInStateBody };
export type { BuybackBooking, BuybackBrand, BuybackModel, BuybackPrices };

/** A captcha answer: the local question's token and answer, or the provider's response token. */
export interface CaptchaInput {
  token: string;
  answer?: string;
}

export type {
  Address,
  CaptchaState,
  EmployeeState,
  MyComment,
  Profile,
  Promocode,
  AccessoryBundle,
  AccessoryGroup,
  Action,
  ApiErrorBody,
  Banner,
  Basket,
  BasketItem,
  Breadcrumb,
  Category,
  CategoryDetail,
  City,
  Feature,
  Filter,
  Listing,
  MainPage,
  MenuItem,
  Comment,
  CreditOffer,
  DeliveryOption,
  CorpFastOrder,
  SitemapCounts,
  CorpFastOrderRequest,
  DeliveryTerm,
  DeliveryTerms,
  PaymentTerm,
  Order,
  OrderVariation,
  OutboxRow,
  ProductCard,
  ProductDetail,
  ReceivingStore,
  Seo,
  Store,
  StoreListRequest,
  Suggestions,
  VariationsOrders,
  Warranty,
  CreatedPayment,
  PaymentInfo,
  PaymentOrder,
  PaymentStatus,
  PaymentSummary,
  VirtualPayment,
};
export type {
  CalcApplyRequest,
  CalcApplyToBasket,
  CheckoutDraft,
  CheckoutDraftInput,
  CheckoutDraftOrder,
  CheckoutDraftState,
  Payment,
};
export type * from './orders.ts';
export type { BonusBalance, BonusHistoryAction, LoyaltyCard, LoyaltyNotice, ProductsLimit };
export type { BuyGiftCertificate, GiftCertificateBalance };

/** Optional filters of GET /api/v2/payment. */
export interface PaymentListQuery {
  sum?: number;
  gift_certificates_only?: 0 | 1;
  payment_type_ids?: number[];
  tab?: string;
}

/** One line of an order for /variations_orders (SPEC §7: products[i][id|qty|price|marketplace_supplier_id]). */
export interface OrderLine {
  id: number;
  qty?: number;
  /** Kopecks; the store answers with its own current price. */
  price?: number;
  marketplace_supplier_id?: number;
}

export type FetchLike = (input: Request) => Response | Promise<Response>;

export interface ApiClientOptions {
  /** Origin the /api paths are resolved against; '' in the browser. */
  baseUrl?: string;
  fetch?: FetchLike;
  /** Added to every call (SPEC §7: application_type, city_id, trace_id). */
  defaultQuery?: () => Record<string, string | number | undefined>;
  /** Extra headers for every call, e.g. the visitor's cookies on the server. */
  headers?: () => Record<string, string>;
  /**
   * SPEC §6, §8: the bearer access token added to calls when present, and what to do on a 401:
   * one refresh (shared by parallel calls) and one retry; a failed refresh signs the user out.
   */
  auth?: ClientAuth;
}

export interface ClientAuth {
  /** The current access token, or null (the httpOnly cookie still carries the session). */
  token(): string | null;
  /** Gets a new access token; false when the session cannot be refreshed. */
  refresh(): Promise<boolean>;
  /** Called once a refresh failed: the user is signed out. */
  signedOut(error: unknown): void;
}

/** Options of one call. */
export interface CallOptions {
  /** false: no bearer token on this call (SPEC §6: create-order is sent without it), and no refresh. */
  auth?: boolean;
}

/** The refresh call itself never triggers a refresh. */
const REFRESH_PATH = '/internal/user/refresh-token';

/** A sign-in answer (SPEC §6): the short-lived access token; the session cookies come with it. */
export interface Session {
  access_token: string;
  token_type: 'Bearer';
  expires_in: number;
  user: Profile;
}

export interface CodeSent {
  message: string;
  resend_after: number;
  expires_in: number;
}

export interface AddressInput {
  city_id?: number | null;
  city_name: string;
  street: string;
  house_number: string;
  housing?: string;
  building?: string;
  floor?: string;
  flat_number?: string;
}

export interface ProfileInput {
  first_name?: string;
  last_name?: string;
  birthdate?: string;
  sex?: '' | '1' | '2' | 1 | 2 | null;
  email?: string;
}

export interface RegisterInput {
  phone: string;
  code: string;
  first_name: string;
  last_name?: string;
  email?: string;
  password: string;
  password_repeat: string;
  consent: boolean;
}

export interface Suggestion {
  value: string;
  unrestricted_value: string;
  data: Record<string, string | number | null>;
}

export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    readonly body: ApiErrorBody | null,
  ) {
    super(body?.message ?? `API error ${status}`);
    this.name = 'ApiClientError';
  }
}

/**
 * Whether an error is an API error (optionally with this status). Structural on purpose: the SSR
 * build bundles its own copy of this module, so `instanceof` fails across that boundary.
 */
export function isApiError(error: unknown, status?: number): error is ApiClientError {
  if (typeof error !== 'object' || error === null) return false;
  const candidate = error as { name?: unknown; status?: unknown };
  return (
    candidate.name === 'ApiClientError' &&
    typeof candidate.status === 'number' &&
    (status === undefined || candidate.status === status)
  );
}

export interface Paginated<T> {
  items: T[];
  totalCount: number;
  pageCount: number;
  currentPage: number;
  perPage: number;
}

type Query = Record<string, string | number | boolean | readonly (string | number)[] | undefined | null>;

function toSearch(query: Query): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    // SPEC §7: arrays are sent comma-joined.
    params.set(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  const s = params.toString();
  return s ? `?${s}` : '';
}

export type BasketCallName =
  | 'get-basket'
  | 'add-item'
  | 'add-accessory'
  | 'add-warranty'
  | 'update-item-quantity'
  | 'remove-item'
  | 'restore-item'
  | 'trace';

/** One basket line of GET /v2/actions (SPEC §7). */
export interface ActionBasketLine {
  product_id: number;
  qty?: number;
  supplier_id?: number;
}

export interface ActionListQuery {
  basket: readonly ActionBasketLine[];
  show_hidden?: 0 | 1;
  group_deferred?: 0 | 1;
  group_credit?: 0 | 1;
  expand?: 'bank_flags'[];
  action_ids?: number[];
}

export interface AccessoryListQuery {
  page?: number;
  per_page?: number;
  sort?: '-popularity' | 'price' | '-price' | '-rating';
  action_id?: number;
  accessory_group_ids?: number[];
  filter?: string;
}

/** basket[i][product_id|qty|supplier_id] pairs in bracket notation. */
export function basketSearch(basket: readonly ActionBasketLine[]): URLSearchParams {
  const search = new URLSearchParams();
  basket.forEach((line, i) => {
    search.set(`basket[${i}][product_id]`, String(line.product_id));
    if (line.qty !== undefined) search.set(`basket[${i}][qty]`, String(line.qty));
    if (line.supplier_id !== undefined) search.set(`basket[${i}][supplier_id]`, String(line.supplier_id));
  });
  return search;
}

export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '';
  const doFetch: FetchLike = options.fetch ?? ((request) => fetch(request));

  async function request<T>(
    method: string,
    path: string,
    query: Query = {},
    body?: unknown,
    /** Extra raw query (filter[code][] pairs keep their repeated bracket form). */
    rawSearch?: URLSearchParams,
    /** Headers of this call only (a server action passes the cookie an earlier call just set). */
    extraHeaders?: Record<string, string>,
    callOptions: CallOptions = {},
  ): Promise<{ data: T; headers: Headers }> {
    const auth = callOptions.auth === false || path === REFRESH_PATH ? undefined : options.auth;
    try {
      return await send<T>(method, path, query, body, rawSearch, extraHeaders, auth?.token() ?? null);
    } catch (error) {
      if (!auth || !isApiError(error, 401)) throw error;
      if (!(await refreshOnce(auth))) {
        auth.signedOut(error);
        throw error;
      }
      return send<T>(method, path, query, body, rawSearch, extraHeaders, auth.token());
    }
  }

  let refreshing: Promise<boolean> | null = null;
  /** Parallel 401s share one refresh. */
  function refreshOnce(auth: ClientAuth): Promise<boolean> {
    refreshing ??= auth
      .refresh()
      .catch(() => false)
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  async function send<T>(
    method: string,
    path: string,
    query: Query,
    body: unknown,
    rawSearch: URLSearchParams | undefined,
    extraHeaders: Record<string, string> | undefined,
    bearer: string | null,
  ): Promise<{ data: T; headers: Headers }> {
    let search = toSearch({ ...options.defaultQuery?.(), ...query });
    if (rawSearch && [...rawSearch.keys()].length > 0) search += (search ? '&' : '?') + rawSearch.toString();
    const url = `${baseUrl}/api${path}${search}`;
    const headers: Record<string, string> = {
      accept: 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...options.headers?.(),
      ...extraHeaders,
    };
    if (bearer) headers.authorization = `Bearer ${bearer}`;
    const form = typeof FormData !== 'undefined' && body instanceof FormData;
    if (body !== undefined && !form) headers['content-type'] = 'application/json';
    const init: RequestInit = { method, headers };
    // A form (a file upload) goes as multipart with the boundary fetch writes.
    if (body !== undefined) init.body = form ? body : JSON.stringify(body);
    const response = await doFetch(new Request(url, init));
    if (!response.ok) {
      let errorBody: ApiErrorBody | null = null;
      try {
        errorBody = (await response.json()) as ApiErrorBody;
      } catch {
        // Not JSON (a proxy error page): keep the status only.
      }
      throw new ApiClientError(response.status, errorBody);
    }
    return { data: (await response.json()) as T, headers: response.headers };
  }

  const get = async <T>(path: string, query?: Query) => (await request<T>('GET', path, query)).data;

  const paginated = async <T>(path: string, query: Query): Promise<Paginated<T>> => {
    const { data, headers } = await request<T[]>('GET', path, query);
    const num = (name: string) => Number(headers.get(`x-pagination-${name}`) ?? 0);
    return {
      items: data,
      totalCount: num('total-count'),
      pageCount: num('page-count'),
      currentPage: num('current-page'),
      perPage: num('per-page'),
    };
  };

  /** A basket call (SPEC §7 Basket) by POST with a JSON body; the headers carry the cookies it set. */
  const basketCall = (name: BasketCallName, body: Record<string, number | undefined> = {}, cookie?: string) =>
    request<Basket>('POST', `/basket/${name}`, {}, body, undefined, cookie === undefined ? undefined : { cookie });
  const basketData = async (name: BasketCallName, body?: Record<string, number | undefined>) =>
    (await basketCall(name, body)).data;

  /** A call whose answer headers matter (sign-in sets cookies the page must pass on). */
  const post = <T>(path: string, body?: unknown, cookie?: string) =>
    request<T>('POST', path, {}, body ?? {}, undefined, cookie === undefined ? undefined : { cookie });
  const me = async <T>(method: string, path: string, body?: unknown) =>
    (await request<T>(method, `/v2/users/me${path}`, {}, body)).data;

  return {
    request,
    auth: {
      login: (body: { login: string; password: string; captcha?: CaptchaInput }) => post<Session>('/user/login', body),
      sendLoginCode: (phone: string, captcha?: CaptchaInput) =>
        post<CodeSent>('/auth/v2/users/account/send-code', { phone, captcha }),
      loginWithCode: (body: { phone: string; code: string }) => post<Session>('/user/login-with-sms-code', body),
      sendRegisterCode: (phone: string, captcha?: CaptchaInput) =>
        post<CodeSent>('/auth/v2/users/register/send-code', { phone, captcha }),
      verifyRegisterCode: (body: { phone: string; code: string }) =>
        post<{ verified: true }>('/auth/v2/users/register/verify-code', body),
      register: (body: RegisterInput) => post<Session>('/user/register-site', body),
      requestPasswordReset: (login: string, captcha?: CaptchaInput) =>
        post<CodeSent>('/user/request-password-reset', { login, captcha }),
      /** The captcha of these forms (SPEC §5; ours: GET /v2/captcha): off, a provider widget or a local question. */
      captcha: () => get<CaptchaState>('/v2/captcha'),
      resetPassword: (body: { login: string; code: string; password: string; password_repeat: string }) =>
        post<Session>('/user/password-reset', body),
      logout: (cookie?: string) => post<{ redirect: string }>('/user/logout', undefined, cookie),
      employeeLogout: () => post<{ redirect: string }>('/auth-cms/logout'),
      refresh: (cookie?: string) => post<Omit<Session, 'user'>>(REFRESH_PATH, undefined, cookie),
      registerEmployee: (
        body: { mode: 'trade-point'; trade_point_number: string; code: string } | { mode: 'token'; code: string },
      ) => post<EmployeeState>('/user/register-upos', body),
      employee: () => get<EmployeeState>('/v2/employee'),
    },
    account: {
      profile: () => me<Profile>('GET', '/profile'),
      updateProfile: (body: ProfileInput) => me<Profile>('PUT', '/profile', body),
      deleteProfile: () => request<{ redirect: string }>('DELETE', '/v2/users/me/profile'),
      confirmEmail: (code: string) => me<Profile>('POST', '/profile/confirm-email', { code }),
      setSubscriptions: (types: string[]) => me<Profile>('PUT', '/profile/subscriptions', { subscribe_types: types }),
      subscribeProduct: (id: number) =>
        me<{ subscribe_product_ids: number[] }>('PUT', `/profile/product-subscription/${id}`),
      unsubscribeProduct: (id: number) =>
        me<{ subscribe_product_ids: number[] }>('DELETE', `/profile/product-subscription/${id}`),
      addresses: () => me<Address[]>('GET', '/addresses'),
      addAddress: (body: AddressInput) => me<Address>('POST', '/addresses', body),
      changeAddress: (id: number, body: AddressInput) => me<Address>('PUT', `/addresses/${id}`, body),
      removeAddress: (id: number) => me<{ id: number }>('DELETE', `/addresses/${id}`),
      /** The customer's own reviews or questions, 10 per page, best rated first (ours: GET /v2/users/me/comments). */
      comments: (q: { type: 'review' | 'question'; page?: number }) => paginated<MyComment>('/v2/users/me/comments', q),
    },
    /** Loyalty «Мультионы» (SPEC §7 Loyalty; apps/api/src/routes/loyalty.ts). */
    loyalty: {
      cards: () => get<LoyaltyCard[]>('/v2/plus-card/list'),
      /** Join the programme (no card_id) or attach a card by number with the code sent to its phone. */
      add: async (body: { card_id?: string; code?: string; request_id?: string } = {}) =>
        (await request<LoyaltyCard>('POST', '/v2/plus-card/add', {}, body)).data,
      remove: async (cardId: string) =>
        (await request<{ removed: boolean }>('POST', '/v2/plus-card/remove', {}, { card_id: cardId })).data,
      productsLimit: async (body: {
        products: { product_id: number; qty: number }[];
        card_id?: string;
        check_data?: string;
      }) => (await request<ProductsLimit>('POST', '/v2/plus-card/products-limit', {}, body)).data,
      /** Sends an SMS code to a phone, or to the phone of a card number. */
      verify: (q: { phone?: string; card_id?: string }) => get<{ request_id: string }>('/v2/plus-card/verify-data', q),
      /** The loyalty sign-in: the card of the phone; the answer's headers set the loyaltyCard cookie. */
      validate: (q: { phone: string; code: string; request_id: string }) =>
        request<LoyaltyCard>('GET', '/v2/plus-card/validate-verify-data', q),
      notifications: () => get<LoyaltyNotice[]>('/v2/loyalty/notifications'),
      amount: () => get<BonusBalance>('/v2/users/bonuses/amount'),
      history: (q: { page?: number; per_page?: number } = {}) =>
        paginated<BonusHistoryAction>('/v2/users/bonuses/history', q),
    },
    /** Gift certificates (ours: apps/api/src/routes/gift-certificates.ts, decision 0027). */
    giftCertificates: {
      /** What a §5 code can pay (404 for a code that cannot; 429 after too many codes from this address). */
      balance: (code: string) => get<GiftCertificateBalance>('/v2/gift-certificates/balance', { code }),
      /** An order of one certificate, to pay like any order; answers the headers (a new guest's basket cookie). */
      order: (body: BuyGiftCertificate, cookie?: string) =>
        request<Order>(
          'POST',
          '/v2/gift-certificates/order',
          {},
          body,
          undefined,
          cookie === undefined ? undefined : { cookie },
        ),
    },
    /** The promocodes running now (ours: GET /v2/promocodes). */
    promocodes: () => get<Promocode[]>('/v2/promocodes'),
    sitemap: {
      /** How many site map paths of each kind (GET /v2/sitemap, ours). */
      counts: () => get<SitemapCounts>('/v2/sitemap'),
      /** A page of paths of one kind (GET /v2/sitemap/{kind}). */
      paths: (kind: 'products' | 'listings' | 'stores' | 'pages', offset: number, limit: number) =>
        get<string[]>(`/v2/sitemap/${kind}`, { offset, limit }),
    },
    repair: {
      /** SPEC §7 Repair service catalogue: device types (format=major-appliance for large appliances). */
      deviceTypes: (format?: 'regular' | 'major-appliance') =>
        get<RepairDeviceType[]>('/v1/device-types', format ? { format } : {}),
      brands: (deviceTypeId: number) => get<RepairBrand[]>('/v1/brands', { device_type_id: deviceTypeId }),
      models: (brandId: number, deviceTypeId: number) =>
        get<RepairModel[]>(`/v1/brands/${brandId}/models`, { device_type_id: deviceTypeId }),
      /** A device type's problems with their cost ranges and 90 % prices (kopecks). */
      typeProblems: (deviceTypeId: number) => get<RepairProblem[]>(`/v1/device-types/${deviceTypeId}/problems`),
      modelProblems: (modelId: number) => get<RepairProblem[]>(`/v1/models/${modelId}/problems`),
      /** Sends the SMS code confirming the phone (ours). */
      sendCode: async (phone: string) =>
        (await request<{ sent: boolean }>('POST', '/v1/repair/phone/send-code', {}, { phone })).data,
      confirmCode: async (phone: string, code: string) =>
        (await request<{ phone_request_id: string }>('POST', '/v1/repair/phone/confirm', {}, { phone, code })).data,
      /** Uploads one document (multipart field + file); the answer's headers carry the uploader cookie of a guest. */
      upload: (form: FormData, cookie?: string) =>
        request<RepairFile>(
          'POST',
          '/v1/repair/files',
          {},
          form,
          undefined,
          cookie === undefined ? undefined : { cookie },
        ),
      /** The requester's own documents among these ids (name, type, size) for the wizard's previews. */
      files: async (ids: readonly string[], cookie?: string) =>
        (
          await request<RepairFile[]>(
            'GET',
            '/v1/repair/files',
            { ids: ids.join(',') },
            undefined,
            undefined,
            cookie === undefined ? undefined : { cookie },
          )
        ).data,
      /** Files a request: /v1/order/{kind} (own variant) or /repair-request/create (refresh, kind in `type`). */
      create: async (path: string, payload: unknown) =>
        (await request<RepairRequestCreated>('POST', path, {}, payload)).data,
      status: (number: string, phone: string) => get<RepairRequestView>('/v1/repair/status', { number, phone }),
      mine: () => get<RepairRequestView[]>('/v2/users/me/repair-requests'),
    },
    corp: {
      /** A corporate fast order (POST /v2/corp/fast-order): the stored request, or 422 with field errors. */
      fastOrder: async (body: CorpFastOrderRequest) =>
        (await request<CorpFastOrder>('POST', '/v2/corp/fast-order', {}, body)).data,
      /** Operators only (GET /ops/corp-orders): the newest requests. */
      list: (q: { page?: number; per_page?: number } = {}) => paginated<CorpFastOrder>('/ops/corp-orders', q),
    },
    /** Trade-in (SPEC §7): the price list and the shopper's calculator (tx, else the tradein_tx cookie). */
    tradeIn: {
      groups: () => get<TradeInGroup[]>('/v2/tradein/groups'),
      popularBrands: (groupId?: number) => get<TradeInBrand[]>('/v2/tradein/popular-brands', { group_id: groupId }),
      brandModels: (q: { query?: string; group_id?: number; brand_id?: number; page?: number; per_page?: number }) =>
        paginated<TradeInModel>('/v2/tradein/calculator/brand-models', q),
      prices: (q: { model_id: number; memory?: number; status?: string }) =>
        get<TradeInPrices>('/v2/tradein/calculator/prices', q),
      state: (tx?: string) => get<TradeInStateBody>('/trade-in-derivable', { tx }),
      choose: async (body: { tx?: string; product_id: number }) =>
        (await request<TradeInStateBody>('POST', '/trade-in-derivable', {}, body)).data,
      clearDerivable: async (tx?: string) =>
        (await request<TradeInStateBody>('DELETE', '/trade-in-derivable', { tx })).data,
      saveDevice: async (body: {
        tx?: string;
        product_id?: number;
        tId?: number;
        id?: number | null;
        memory?: number | null;
        status?: string | number | null;
      }) => (await request<TradeInDeviceSaved>('POST', '/trade-in-data', {}, body)).data,
      removeDevice: async (tId: number, tx?: string) =>
        (await request<TradeInStateBody>('DELETE', '/trade-in-calculator/remove', { tx, tId })).data,
    },
    /** Buyback «Выкуп» (SPEC §7 /v1/calculator/…, docs/decisions/0043): prices the store pays, bookings. */
    buyback: {
      brands: () => get<BuybackBrand[]>('/v1/calculator/brands'),
      models: (brandId: number, q: { page?: number; per_page?: number } = {}) =>
        paginated<BuybackModel>(`/v1/calculator/brands/${brandId}/models`, q),
      prices: (modelId: number) => get<BuybackPrices>(`/v1/calculator/models/${modelId}/prices`),
      book: async (body: {
        model_id: number;
        memory: number;
        condition: string;
        city_id: number;
        store_id: number;
        date: string;
        name: string;
        phone: string;
        email?: string;
      }) => (await request<BuybackBooking>('POST', '/v1/buyback/bookings', {}, body)).data,
      mine: () => get<BuybackBooking[]>('/v2/users/me/buyback-bookings'),
    },
    suggestions: {
      /** Address or company suggestions (POST /dadata/suggest/{kind}). */
      suggest: async (kind: 'address' | 'party', query: string, extra: Record<string, unknown> = {}) =>
        (await request<{ suggestions: Suggestion[] }>('POST', `/dadata/suggest/${kind}`, {}, { query, ...extra })).data,
      /** A company by its ИНН (POST /dadata/find-party): none, or the one found. */
      findParty: async (inn: string) =>
        (await request<{ suggestions: Suggestion[] }>('POST', '/dadata/find-party', {}, { query: inn })).data,
    },
    basket: {
      call: basketCall,
      get: () => basketData('get-basket'),
      addItem: (line: { product_id: number; qty?: number; supplier_id?: number; warranty_id?: number }) =>
        basketData('add-item', line),
      addAccessory: (line: { product_id: number; parent_id: number; qty?: number }) =>
        basketData('add-accessory', line),
      addWarranty: (line: { line_id: number; warranty_id: number }) => basketData('add-warranty', line),
      updateQuantity: (line: { line_id: number; qty: number }) => basketData('update-item-quantity', line),
      remove: (line: { line_id: number }) => basketData('remove-item', line),
      restore: (line: { line_id: number }) => basketData('restore-item', line),
      trace: () => basketData('trace'),
    },
    cities: {
      list: (q: { query?: string; page?: number; per_page?: number; ids?: number[]; expand?: string[] } = {}) =>
        paginated<City>('/v2/cities', q),
      get: (id: number) => get<City>(`/v2/cities/${id}`),
      byAlias: (alias: string) => get<City>(`/v2/cities/alias/${encodeURIComponent(alias)}`),
      priority: () => get<City[]>('/v2/cities/priority-cities'),
    },
    stores: {
      /** GET /v2/stores: the city's stores (types 1, 9, 10, 12, 13, 14), or by ids; paginated by headers. */
      list: (q: StoreListRequest = {}) =>
        paginated<Store>('/v2/stores', {
          ...q,
          nearest: q.nearest ? `${q.nearest.latitude},${q.nearest.longitude}` : undefined,
          remove_pagination: q.remove_pagination ? 1 : undefined,
        }),
      /** POST /v2/stores: the same list, asked with a JSON body. */
      search: async (body: StoreListRequest) => (await request<Store[]>('POST', '/v2/stores', {}, body)).data,
      get: (id: number, q: { product_id?: number } = {}) => get<Store>(`/v2/stores/${id}`, q),
      /** The store with this slug (every field), or null. */
      bySlug: async (slug: string) => {
        const { items } = await paginated<Store>('/v2/stores', { slug, status: 1, expand: [...STORE_EXPANDS] });
        return items[0] ?? null;
      },
      products: (id: number, q: { page?: number; per_page?: number } = {}) =>
        paginated<ProductCard>(`/v2/stores/${id}/products`, q),
      serviceCenters: (q: { brand_code?: string; page?: number; per_page?: number; expand?: StoreExpand[] } = {}) =>
        paginated<Store>('/v2/service-centers', q),
    },
    menus: {
      catalog: (q: { branch?: string; parent_id?: number } = {}) => get<MenuItem[]>('/v3/menu', q),
      footer: (q: { branch?: string } = {}) => get<MenuItem[]>('/v3/menu', { ...q, menu_code: 'footer' }),
      static: (q: { branch?: string } = {}) => get<MenuItem[]>('/v3/menu/static', q),
      events: (q: { branch?: string } = {}) => get<MenuItem[]>('/v2/events-menu/', q),
    },
    banners: {
      list: (q: { location?: string; visible?: 0 | 1 } = {}) => get<Banner[]>('/v2/banner', q),
      byType: (type: string, url?: string) => get<{ type: string; banner: Banner }[]>('/v2/banner-type', { type, url }),
    },
    experiments: {
      features: (branch?: string) => get<Feature[]>('/v2/ab-test/features', { branch }),
      branch: () => get<{ code: string; max_age: number }>('/v2/branch/get'),
    },
    /** GET /v3/page-shell: the page shell's branch, cities, menus, banner, flags and SEO in one call. */
    pageShell: (q: PageShellRequest) => get<PageShell>('/v3/page-shell', { ...q }),
    seo: {
      get: (url: string, query?: string) =>
        get<Seo | { redirect: { url: string; code: number } }>('/v3/seo', { url, query }),
      breadcrumbs: (url: string, query?: string) => get<Breadcrumb[]>('/v2/breadcrumbs', { url, query }),
    },
    products: {
      /**
       * A listing by its page path (/catalog/smartfony/224, /catalog/brand/apple, /search…): products,
       * count, filters with counts, categories and sort options. `search` carries filter[…], order_by,
       * page and q/query exactly as in the page URL.
       */
      listing: async (pagePath: string, search: URLSearchParams) =>
        (await request<Listing>('GET', `/v3/products${pagePath}`, {}, undefined, search)).data,
      byIds: (ids: number[], options: { expand?: 'specifications'[] } = {}) =>
        get<ProductCard[]>('/v3/products', { product_ids: ids, expand: options.expand }),
      filters: (categoryId: number, search?: URLSearchParams) =>
        request<Filter[]>('GET', '/v3/products/filters', { category_id: categoryId }, undefined, search).then(
          (r) => r.data,
        ),
      get: (id: number, q: { city_id?: number } = {}) => get<ProductDetail>(`/v3/products/${id}`, q),
      related: (id: number, kind: 'similars' | 'looked-with' | 'get-related' | 'get-similar', limit = 20) =>
        get<ProductCard[]>(`/v2/products/${id}/${kind}`, { limit }),
      creditOffers: (id: number) => get<CreditOffer[]>(`/v2/products/${id}/credit-offers`),
      /** Accessory categories of the product with their counts (SPEC §7 accessory calls). */
      accessoryGroups: (id: number) => get<AccessoryGroup[]>(`/v3/products/${id}/accessory-groups`),
      /** A page of accessories; the pagination comes from the x-pagination-* headers. */
      accessories: (id: number, q: AccessoryListQuery = {}) =>
        paginated<ProductCard>(`/v3/products/${id}/accessories`, { ...q }),
      accessoryBundle: (id: number) => get<AccessoryBundle>(`/v3/products/${id}/accessory-bundle`),
      warranties: (id: number, perPage = 15) => get<Warranty[]>(`/v2/products/${id}/warranties`, { per_page: perPage }),
      /** Where the product can be received in a city (POST /v2/products/availability). */
      availability: async (productId: number, cityId?: number) =>
        (
          await request<{ stores: ReceivingStore[]; status: 'ok' | 'out of stock' | 'no deliveries' }>(
            'POST',
            '/v2/products/availability',
            cityId === undefined ? {} : { city_id: cityId },
            { product_id: productId, ...(cityId === undefined ? {} : { city_id: cityId }) },
          )
        ).data,
      byTags: (tagAliases: string[], perPage: 7 | 12 = 12) =>
        get<ProductCard[]>('/v2/products', { tag_aliases: tagAliases, per_page: perPage, sort: 'id' }),
    },
    delivery: {
      /** Ways to receive one product in a city (GET /v2/delivery/list). */
      list: (productId: number, q: { city_id?: number; qty?: number } = {}) =>
        get<DeliveryOption[]>('/v2/delivery/list', { product_id: productId, ...q }),
      /** The city's delivery and payment terms, as checkout offers them (GET /v2/delivery/terms, ours). */
      terms: (q: { city_id?: number } = {}) => get<DeliveryTerms>('/v2/delivery/terms', q),
      /**
       * The order variations (GET /variations_orders): courier, express, multicenter pickup, pickup
       * points and lockers with payment ids, days and costs. The product page asks for one product
       * with quantity 1 and its price (SPEC §7 Receiving options).
       */
      variations: async (lines: readonly OrderLine[], q: { city_id?: number; order_type_id?: 1 | 2 } = {}) => {
        const search = new URLSearchParams();
        lines.forEach((line, i) => {
          for (const [field, value] of Object.entries(line)) {
            if (value !== undefined) search.set(`products[${i}][${field}]`, String(value));
          }
        });
        return (await request<VariationsOrders>('GET', '/variations_orders', q, undefined, search)).data;
      },
    },
    comments: {
      /** One page of reviews or questions (with answers) and the pagination headers. */
      list: (q: { product_id: number; type: 'review' | 'question'; page: number; per_page: number; sort: string }) =>
        paginated<Comment>('/v2/comments', q),
      /** One vote per visitor: a second like of the same comment changes nothing. */
      vote: async (id: number, vote: 'like' | 'dislike') =>
        (await request<{ like: number; not_like: number; vote: number }>('POST', `/comments/${id}/${vote}`)).data,
    },
    actions: {
      /** Promotions of the basket products (GET /v2/actions, basket in bracket notation). */
      list: async ({ basket, ...flags }: ActionListQuery) =>
        (await request<Action[]>('GET', '/v2/actions', flags, undefined, basketSearch(basket))).data,
      /** The basket with the chosen promotions applied (POST /v2/actions/calc-apply-to-basket). */
      calcApply: async (body: CalcApplyRequest) =>
        (await request<CalcApplyToBasket>('POST', '/v2/actions/calc-apply-to-basket', {}, body)).data,
    },
    checkout: {
      /** Ours, not in the SPEC: the checkout draft of the basket cookie. */
      draft: () => get<CheckoutDraft>('/checkout/draft'),
      saveDraft: async (state: CheckoutDraftInput) =>
        (await request<CheckoutDraft>('PUT', '/checkout/draft', {}, state)).data,
      forgetDraft: async () => (await request<CheckoutDraft>('DELETE', '/checkout/draft')).data,
    },
    search: {
      suggestions: (query: string) => get<Suggestions>('/v3/search/suggestions', { query }),
      placeholders: () => get<string[]>('/v3/search/placeholders'),
    },
    content: contentCalls({ get, paginated, request }),
    finance: financeCalls({ paginated, request }),
    mainPage: {
      get: () => get<MainPage>('/v3/main-page/get-data', { page_id: 5 }),
    },
    orders: {
      /**
       * POST /api/create-order: 201 a new order, 200 the same order for a key already used; 422 field
       * errors keyed by dotted path, 409 not enough stock (errors.line_ids).
       */
      create: async (body: CreateOrderRequest) => (await request<Order>('POST', '/create-order', {}, body)).data,
      /** create-order answering the headers too: a one-click order by a new guest sets the basket cookie. */
      createWithHeaders: (body: CreateOrderRequest, cookie?: string) =>
        request<Order>('POST', '/create-order', {}, body, undefined, cookie === undefined ? undefined : { cookie }),
      /** One order of the signed-in customer or of this basket (404 for anyone else's). */
      get: (id: number) => get<Order>(`/v3/customer/orders/${id}`),
      /** The signed-in customer's orders, newest first (401 for a guest). */
      list: (q: { page?: number } = {}) => paginated<Order>('/v3/customer/orders', q),
      /** The receipt of a paid order (404 while unpaid or for anyone else's order). */
      receipt: (id: number) => get<OrderReceipt>(`/v3/customer/orders/${id}/receipt`),
      /** Cancels an order not yet handed over; its units go back to stock. */
      cancel: async (id: number) => (await request<Order>('POST', `/v3/customer/orders/${id}/cancel`)).data,
      /** A guest's order by number and phone (404 «Заказ не найден» unless both match; 429 after too many tries). */
      lookup: async (body: { order_id: number; phone: string }) =>
        (await request<Order>('POST', '/user/order-status', {}, body)).data,
    },
    dev: {
      /** The notification outbox, newest first (only with DEV_TOOLS=on; 404 otherwise). */
      outbox: (q: { recipient?: string; limit?: number } = {}) => get<OutboxRow[]>('/dev/outbox', q),
    },
    payments: {
      /** Payment methods (GET /api/v2/payment), only those a basket may use when `sum` is given. */
      list: (q: PaymentListQuery = {}) => get<Payment[]>('/v2/payment', { ...q }),
      /** Starts paying an order (POST /create-payment); an open payment of the same kind is answered again. */
      create: async (body: { order_id: number; payment_type_id?: number }) =>
        (await request<CreatedPayment>('POST', '/create-payment', {}, body)).data,
      /** Starts or restarts a payment's session at the provider. */
      init: async (paymentId: number) => (await request<PaymentSummary>('POST', `/init-payment/${paymentId}`)).data,
      /** The payment page state of an order (SPEC §3). */
      info: (orderId: number) => get<PaymentInfo>(`/payment-info/${orderId}`),
      /** A payment's status, for polling. */
      actionStatus: (paymentId: number) => get<PaymentStatus>(`/payment-action-status/${paymentId}`),
      /** Virtual payments, or those an order may use. */
      virtual: (orderId?: number) => get<VirtualPayment[]>('/payment/virtual', { order_id: orderId }),
      /** A payment of the customer with its receipt. */
      get: (paymentId: number) => get<PaymentSummary>(`/v3/customer/orders/payment/${paymentId}`),
    },
    credit: {
      /** The credit application of an order (issue 17): state, next step, the banks' offers, the schedule. */
      get: (orderId: number) => get<CreditApplication>(`/v2/credit/applications/${orderId}`),
      phoneCode: async (orderId: number, phone: string) =>
        (await request<CreditApplication>('POST', `/v2/credit/applications/${orderId}/phone-code`, {}, { phone })).data,
      submit: async (orderId: number, body: CreditApplicantRequest) =>
        (await request<CreditApplication>('POST', `/v2/credit/applications/${orderId}`, {}, body)).data,
      income: async (orderId: number, document: string) =>
        (await request<CreditApplication>('POST', `/v2/credit/applications/${orderId}/income`, {}, { document })).data,
      chooseOffer: async (orderId: number, offerId: number) =>
        (
          await request<CreditApplication>(
            'POST',
            `/v2/credit/applications/${orderId}/offer`,
            {},
            { offer_id: offerId },
          )
        ).data,
      sign: async (orderId: number, code: string) =>
        (await request<CreditApplication>('POST', `/v2/credit/applications/${orderId}/sign`, {}, { code })).data,
      cancel: async (orderId: number) =>
        (await request<CreditApplication>('POST', `/v2/credit/applications/${orderId}/cancel`)).data,
      /** Checkout's credit payments for a basket: bank instalment variants (20) and monthly payments of 12, 13, 48. */
      checkoutOptions: (productIds: readonly number[], sum: number) =>
        get<CreditCheckoutOptionsAnswer>('/v2/credit/checkout-options', { product_ids: productIds, sum }),
    },
    rent: {
      /** Rent instead of buying (§7 /v2/arenter/availability, counter 2); a failed partner answers no plans. */
      availability: (itemId: number) =>
        get<RentAvailability>('/v2/arenter/availability', { item_id: itemId, counter: 2 }),
    },
    payInParts: {
      /** «Частями» (19): the provider's limit for a phone, kept for this basket (§7 POST /broker/revo/limit). */
      limit: async (phone: string) =>
        (await request<PartsLimitAnswer>('POST', '/broker/revo/limit', {}, { from_site: 1, phone })).data,
    },
    categories: {
      get: (id: number) => get<CategoryDetail>(`/v2/categories/${id}`),
      byIds: (ids: number[]) => get<Category[]>('/v2/categories', { category_ids: ids }),
      topLevel: () => get<Category[]>('/v2/categories'),
    },
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;
