// Checkout calls. Ours, not in the SPEC: the checkout draft (GET/PUT/DELETE /api/checkout/draft), what
// the shopper entered at checkout kept on the server per basket (SPEC §3 Checkout state), so nothing is
// lost across steps, reloads, failures and posts without JavaScript. From the SPEC (§7 Orders and
// payment, §3 Payment, §5 Other rules): GET /api/v2/payment, the payment methods a basket may use.
import { randomBytes } from 'node:crypto';
import { createRoute, z, type OpenAPIHono } from '@hono/zod-openapi';
import { CHECKOUT_STEPS, INSTALMENT_LABELS, PAYMENT_METHODS, PAYMENT_TABS, paymentsForBasket } from '@store/domain';
import { basketExists, listBasketLines } from '../data/basket.ts';
import { deleteCheckoutDraft, retrieveCheckoutDraft, saveCheckoutDraft } from '../data/checkout-drafts.ts';
import type { ApiEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { bodyId, commaList, commonQuery, positiveInt } from '../http/params.ts';
import { requesterOf } from '../http/requester.ts';
import { paymentMethodFields } from '../schemas/payments.ts';
import { invalidInput, notFoundOrInvalid } from '../schemas/shell.ts';
import { paymentMethodFacts } from '../services/payment-methods.ts';

/** The idempotency key of create-order (the orders contract): 16..100 of [A-Za-z0-9_-]. */
export const IDEMPOTENCY_KEY = /^[A-Za-z0-9_-]{16,100}$/;
export const MAX_DRAFT_ORDERS = 10;

const id = bodyId;

const DraftContactsSchema = z.object({
  contact_name: z.string().max(100).default(''),
  contact_surname: z.string().max(100).default(''),
  /** As typed: the draft keeps what the shopper entered, valid or not; create-order checks it. */
  mobile_phone: z.string().max(30).default(''),
  email: z.string().max(200).default(''),
});

const DraftDeliverySchema = z.object({
  delivery_type: id,
  store_id: id.nullable().default(null),
  address: z.string().max(300).default(''),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'Введенная дата некорректна. Попробуйте еще раз')
    .nullable()
    .default(null),
  interval: z.string().max(20).nullable().default(null),
});

const DraftOrderSchema = z
  .object({
    /** Product lines of the basket in this order; their warranty and accessory lines come along. */
    line_ids: z.array(id).min(1).max(100),
    step: z.enum(CHECKOUT_STEPS).default('basket'),
    contacts: DraftContactsSchema.prefault({}),
    delivery: DraftDeliverySchema.nullable().default(null),
    payment_tab: z
      .enum(PAYMENT_TABS.map((t) => t.id) as [string, ...string[]])
      .nullable()
      .default(null),
    payment_type: id.nullable().default(null),
    action_ids: z.array(id).max(20).default([]),
    present_product_id: id.nullable().default(null),
    promocode: z.string().max(50).default(''),
    /** Gift certificate codes paying this order in turn (issue 15, decision 0027). */
    gift_certificates: z.array(z.string().max(19)).max(5).default([]),
    /** «Мультионы» the shopper chose to spend on this order (issue 15); the summary cuts it to what can be spent. */
    bonuses: z.number().int().min(0).max(100_000_000).default(0),
    comment: z.string().max(500).default(''),
    /** Made once per order by the API when missing, then kept: a retried create-order finds the same order. */
    idempotency_key: z
      .string()
      .regex(IDEMPOTENCY_KEY, 'Ключ: от 16 до 100 латинских букв, цифр, «-» и «_».')
      .optional(),
  })
  .openapi('CheckoutDraftOrder');

const DraftParamsSchema = z.object({
  /** Index of the current order. */
  currentOrder: z.number().int().min(0).default(0),
  separatePreOrders: z.boolean().default(false),
  oneClick: z.boolean().default(false),
  fastView: z.boolean().default(false),
  // «Частями» (issue 17, §3 Checkout state): the last limit checked, for the phone it was checked for.
  mokkaCreditLimit: z.number().int().min(0).nullable().default(null),
  mokkaRange: z.object({ min: z.number().int(), max: z.number().int() }).nullable().default(null),
  mokkaWarranty: z.boolean().default(false),
  mokkaPhone: z.string().max(30).nullable().default(null),
  mokkaStatus: z.enum(['approved', 'declined', 'unavailable']).nullable().default(null),
  // Bank instalment (issue 17, §3 installmentPlanAction): payment 20's chosen variant.
  installmentPlanAction: z.enum(INSTALMENT_LABELS).nullable().default(null),
});

export const CheckoutDraftStateSchema = z
  .object({
    orders: z.array(DraftOrderSchema).max(MAX_DRAFT_ORDERS).default([]),
    params: DraftParamsSchema.prefault({}),
  })
  .superRefine((state, ctx) => {
    if (state.orders.length > 0 && state.params.currentOrder >= state.orders.length) {
      ctx.addIssue({ code: 'custom', path: ['params', 'currentOrder'], message: 'Такого заказа нет.' });
    }
    const seen = new Set<number>();
    state.orders.forEach((order, index) => {
      for (const lineId of order.line_ids) {
        if (seen.has(lineId)) {
          ctx.addIssue({
            code: 'custom',
            path: ['orders', index, 'line_ids'],
            message: 'Позиция уже есть в другом заказе.',
          });
        }
        seen.add(lineId);
      }
    });
  })
  .openapi('CheckoutDraftState');

type DraftStateInput = z.input<typeof CheckoutDraftStateSchema>;
export type CheckoutDraftState = z.output<typeof CheckoutDraftStateSchema>;
export type CheckoutDraftOrder = CheckoutDraftState['orders'][number] & { idempotency_key: string };

const CheckoutDraftSchema = z
  .object({
    state: CheckoutDraftStateSchema,
    /** null until the first save. */
    updated_at: z.string().nullable(),
  })
  .openapi('CheckoutDraft');
export type CheckoutDraft = { state: CheckoutDraftState & { orders: CheckoutDraftOrder[] }; updated_at: string | null };

const emptyState = (): CheckoutDraft['state'] => CheckoutDraftStateSchema.parse({}) as CheckoutDraft['state'];

const TAGS = ['Checkout (our addition, not in the SPEC)'];

const getDraft = createRoute({
  method: 'get',
  path: '/checkout/draft',
  tags: TAGS,
  summary: 'Our addition: the checkout draft of the basket cookie (empty without a basket)',
  description:
    'What the shopper entered at checkout, per order: line ids, step, contacts, delivery, payment, promotions, ' +
    'promocode and the idempotency key of create-order; params currentOrder, separatePreOrders, oneClick, fastView. ' +
    'Keyed by the httpOnly basket_id cookie: another basket’s draft is never visible.',
  request: { query: z.object(commonQuery) },
  responses: {
    200: { description: 'The draft', content: { 'application/json': { schema: CheckoutDraftSchema } } },
    ...invalidInput,
  },
});

const putDraft = createRoute({
  method: 'put',
  path: '/checkout/draft',
  tags: TAGS,
  summary: 'Our addition: saves the whole checkout draft of the basket cookie',
  description:
    'Replaces the draft. Every line id must be an active product line of this basket, in one order only. ' +
    'Orders without an idempotency_key get a random one; a key already made is kept when the client sends it back. ' +
    '404 without a basket.',
  request: {
    query: z.object(commonQuery),
    body: { content: { 'application/json': { schema: CheckoutDraftStateSchema } }, required: true },
  },
  responses: {
    200: { description: 'The saved draft', content: { 'application/json': { schema: CheckoutDraftSchema } } },
    ...notFoundOrInvalid,
  },
});

const deleteDraft = createRoute({
  method: 'delete',
  path: '/checkout/draft',
  tags: TAGS,
  summary: 'Our addition: forgets the checkout draft of the basket cookie',
  request: { query: z.object(commonQuery) },
  responses: {
    200: { description: 'The empty draft', content: { 'application/json': { schema: CheckoutDraftSchema } } },
    ...invalidInput,
  },
});

const PaymentSchema = z
  .object({
    ...paymentMethodFields,
    linked_payment_type_id: z.number().int().nullable(),
    available_gift_certificate: z.boolean(),
    min_basket_threshold: z.number().int().nullable(),
    max_basket_threshold: z.number().int().nullable(),
  })
  .openapi('Payment');
export type Payment = z.infer<typeof PaymentSchema>;

const payments = createRoute({
  method: 'get',
  path: '/v2/payment',
  tags: ['Orders and payment'],
  summary: 'Payment methods, optionally only those a basket may use',
  description:
    'Without `sum` every method is listed. With `sum` (kopecks) only those whose min and max basket thresholds hold it ' +
    '(SPEC §5); gift_certificates_only=1 keeps the methods that take a basket of gift certificates; payment_type_ids ' +
    '(comma-joined, e.g. a delivery variation’s) keeps only those ids; tab picks one checkout tab.',
  request: {
    query: z.object({
      ...commonQuery,
      sum: z.coerce.number().int().min(0).max(1_000_000_000).optional(),
      gift_certificates_only: z.enum(['0', '1']).optional(),
      payment_type_ids: commaList(positiveInt),
      tab: z.enum(PAYMENT_TABS.map((t) => t.id) as [string, ...string[]]).optional(),
    }),
  },
  responses: {
    200: { description: 'Payments', content: { 'application/json': { schema: z.array(PaymentSchema) } } },
    ...invalidInput,
  },
});

/** Parses a stored draft; one written by an older shape is dropped rather than breaking checkout. */
function storedState(raw: unknown): CheckoutDraft['state'] {
  const parsed = CheckoutDraftStateSchema.safeParse(raw);
  return parsed.success ? (parsed.data as CheckoutDraft['state']) : emptyState();
}

const newKey = () => randomBytes(18).toString('base64url');

export function registerCheckoutRoutes(app: OpenAPIHono<ApiEnv>) {
  app.openapi(getDraft, async (c) => {
    const { basketId } = requesterOf(c);
    c.header('cache-control', 'no-store');
    const row = basketId === null ? null : await retrieveCheckoutDraft(c.get('deps').handle, basketId);
    return c.json(
      { state: row ? storedState(row.state) : emptyState(), updated_at: row?.updated_at ?? null } as CheckoutDraft,
      200,
    );
  });

  app.openapi(putDraft, async (c) => {
    const state = c.req.valid('json');
    const { handle } = c.get('deps');
    const { basketId } = requesterOf(c);
    if (basketId === null || !(await basketExists(handle, basketId))) throw new ApiError(404, 'Корзина не найдена');
    const active = new Set(
      (await listBasketLines(handle, basketId))
        .filter((l) => !l.removed && l.parent_id === null && l.kind === 'product')
        .map((l) => l.id),
    );
    const errors: Record<string, string[]> = {};
    state.orders.forEach((order, index) => {
      if (order.line_ids.some((lineId) => !active.has(lineId))) {
        errors[`orders.${index}.line_ids`] = ['Этих товаров уже нет в корзине.'];
      }
    });
    if (Object.keys(errors).length > 0) throw new ApiError(422, 'Проверьте параметры запроса', errors);
    const saved = {
      ...state,
      orders: state.orders.map((order) => ({ ...order, idempotency_key: order.idempotency_key ?? newKey() })),
    };
    const updatedAt = await saveCheckoutDraft(handle, basketId, saved);
    c.header('cache-control', 'no-store');
    return c.json({ state: saved, updated_at: updatedAt } as CheckoutDraft, 200);
  });

  app.openapi(deleteDraft, async (c) => {
    const { basketId } = requesterOf(c);
    if (basketId !== null) await deleteCheckoutDraft(c.get('deps').handle, basketId);
    return c.json({ state: emptyState(), updated_at: null } as CheckoutDraft, 200);
  });

  app.openapi(payments, async (c) => {
    const q = c.req.valid('query');
    let methods = [...PAYMENT_METHODS];
    const giftCertificatesOnly = q.gift_certificates_only === '1';
    if (q.sum !== undefined) {
      methods = paymentsForBasket(methods, { totalKopecks: q.sum, giftCertificatesOnly });
    } else if (giftCertificatesOnly) {
      methods = methods.filter((m) => m.available_gift_certificate);
    }
    if (q.payment_type_ids) methods = methods.filter((m) => q.payment_type_ids!.includes(m.id));
    if (q.tab) methods = methods.filter((m) => m.tab === q.tab);
    const answer: Payment[] = methods.map((m) => ({
      ...paymentMethodFacts(m),
      linked_payment_type_id: m.linked_payment_type_id,
      available_gift_certificate: m.available_gift_certificate,
      min_basket_threshold: m.min_basket_threshold,
      max_basket_threshold: m.max_basket_threshold,
    }));
    return c.json(answer, 200);
  });
}

export type { DraftStateInput as CheckoutDraftInput };
