// The Order object (SPEC §3 Order; the contract shared by orders, payments and checkout). The same
// shape answers create-order, GET /v3/customer/orders/{id}, the cancel call and /user/order-status.
import { z } from '@hono/zod-openapi';
import { INSTALMENT_LABELS, REFUND_STATUSES } from '@store/domain';
import { bodyId, positiveInt } from '../http/params.ts';

const OrderLineSchema = z
  .object({
    id: z.number().int(),
    product_id: z.number().int(),
    name: z.string(),
    url: z.string().nullable(),
    image: z.string().nullable(),
    qty: z.number().int(),
    /** Unit price before discount, kopecks. */
    price: z.number().int(),
    /** Unit price paid, kopecks. */
    final_price: z.number().int(),
    vat: z.number().int(),
    parent_id: z.number().int().nullable(),
    kind: z.enum(['product', 'warranty', 'accessory', 'present']),
    warranty_id: z.number().int().nullable(),
  })
  .openapi('OrderLine');

/** Issue 17 (decision 0047): what the business bank answered for the signed-in representative's company. */
export const CompanyConfirmationSchema = z
  .object({
    /** The sign-in adapter: sandbox | sberbusiness. */
    provider: z.string(),
    inn: z.string(),
    kpp: z.string().nullable(),
    company_name: z.string(),
    ogrn: z.string().nullable(),
    representative: z.string(),
    confirmed_at: z.string(),
  })
  .openapi('CompanyConfirmation');
export type CompanyConfirmation = z.infer<typeof CompanyConfirmationSchema>;

export const OrderSchema = z
  .object({
    id: z.number().int(),
    status: z.object({ id: z.string(), text: z.string().nullable(), name: z.string() }),
    /** Statuses the order passed through, oldest first; isActive marks the current one. */
    statuses: z.array(z.object({ id: z.string(), name: z.string(), isActive: z.boolean(), at: z.string() })),
    contact_name: z.string(),
    contact_surname: z.string().nullable(),
    /** '79161234567' */
    mobile_phone: z.string(),
    email: z.string().nullable(),
    city: z.object({ id: z.number().int(), name: z.string() }),
    delivery_type: z.number().int(),
    delivery_type_name: z.string(),
    delivery_address: z.string().nullable(),
    /** The store the order is collected from (multicenter, pickup point, locker). */
    cms_addressee: z
      .object({ id: z.number().int(), name: z.string(), address: z.string(), work_time_line: z.string() })
      .nullable(),
    delivery_cost: z.number().int(),
    /** YYYY-MM-DD */
    delivery_date: z.string().nullable(),
    /** HH:MM */
    delivery_time_from: z.string().nullable(),
    delivery_time_to: z.string().nullable(),
    /** What the order says about its delivery (SPEC §4 Order status). */
    delivery_line: z.union([
      z.object({ kind: z.literal('contact-centre'), text: z.string() }),
      z.object({ kind: z.literal('none') }),
      z.object({ kind: z.literal('date'), date: z.string(), interval: z.string().nullable() }),
    ]),
    /** Last day to collect a pickup order: delivery date + 5 days. */
    shelf_life_date: z.string().nullable(),
    discount: z.number().int(),
    /** Goods at the prices paid, kopecks. */
    sum: z.number().int(),
    sum_prepaid: z.number().int(),
    /** Goods plus delivery, kopecks. */
    total_sum: z.number().int(),
    /** Still to pay online, kopecks. */
    waiting_sum: z.number().int(),
    payment_type: z.number().int(),
    payment_type_name: z.string(),
    payment_status_oi: z.number().int(),
    is_paid: z.boolean(),
    is_active: z.boolean(),
    is_cancelled: z.boolean(),
    order_type_id: z.number().int(),
    basket: z.array(OrderLineSchema),
    inserted_at: z.string(),
    is_cancelable: z.boolean(),
    is_editable: z.literal(false),
    link_to_order_receipt: z.string().nullable(),
    promocode_input: z.string().nullable(),
    /** The buyer company of a corporate order (type 17). */
    company: z
      .object({
        inn: z.string(),
        name: z.string(),
        /** Issue 17: the company as the business bank confirmed it after its representative signed in, or null. */
        confirmation: CompanyConfirmationSchema.nullable(),
      })
      .nullable(),
    /** §3 exchange device records: the old devices to bring to the multicenter and their discounts. */
    trade_in: z.array(
      z.object({
        device_id: z.number().int(),
        brand: z.string(),
        model: z.string(),
        memory: z.number().int(),
        condition_device: z.number().int(),
        discount: z.number().int(),
        discount_trade_in: z.number().int(),
      }),
    ),
    comment: z.string().nullable(),
    /** Issue 15: whole «Мультионы» bonuses written off for the order (part of `discount`). */
    bonuses_spent: z.number().int(),
    /** Issue 15: the gift certificates paying the order (part of `sum_prepaid`); `returned` once it is cancelled. */
    gift_certificates: z.array(z.object({ code_tail: z.string(), amount: z.number().int(), returned: z.boolean() })),
    /** A prepaid method not paid yet: the shopper goes to the payment page. */
    payment_required: z.boolean(),
    can_repayment: z.boolean(),
    /**
     * Issue 17 (decision 0052): the money given back for a cancelled order, or null when nothing was paid.
     * `amount` goes back to the card, `gift_certificates` to the certificates' balance; `status` is the
     * least settled of the order's refunds; `text` says so to the shopper.
     */
    refund: z
      .object({
        amount: z.number().int(),
        gift_certificates: z.number().int(),
        status: z.enum(REFUND_STATUSES),
        text: z.string(),
      })
      .nullable(),
  })
  .openapi('Order');

export type Order = z.infer<typeof OrderSchema>;

const text = (max: number) => z.string().max(max).nullish();
const id = bodyId;

/** POST /create-order body; the §5 rules of the contacts are checked after this, with their own messages. */
export const CreateOrderBodySchema = z
  .object({
    idempotency_key: z
      .string()
      .regex(/^[A-Za-z0-9_-]{16,100}$/, 'Ключ заказа: от 16 до 100 символов A–Z, a–z, 0–9, _ и -'),
    /** Product lines of the basket; left out for a one-click order of `product_id`. */
    line_ids: z.array(id).max(50).nullish(),
    /**
     * One click from the product page: one unit of this product, the shopper's basket left as it is
     * (decision 0008). Either this or line_ids.
     */
    product_id: id.nullish(),
    /**
     * 17: the corporate fast order (SPEC §4 Order status type 17): needs `company`, pays by invoice
     * (payment_type 5) and the contact centre agrees the delivery, so `delivery` may be left out.
     */
    order_type_id: z.literal(17, 'Допустимое значение: 17.').nullish(),
    company: z.object({ inn: text(20), name: text(300) }).nullish(),
    contacts: z.object({
      contact_name: text(200),
      contact_surname: text(200),
      mobile_phone: text(40),
      email: text(200),
    }),
    delivery: z
      .object({
        delivery_type: id,
        store_id: id.nullish(),
        address: text(1000),
        /** YYYY-MM-DD, one of the way's dates; the first one when left out. */
        date: z
          .string()
          .regex(/^\d{4}-\d{2}-\d{2}$/, 'Введенная дата некорректна. Попробуйте еще раз')
          .nullish(),
        /** '10:00 - 14:00', one of the way's intervals (couriers). */
        interval: text(40),
      })
      .nullish(),
    payment_type: id,
    /** Payment 20's variant (issue 17): one of GET /v2/credit/checkout-options' instalments; the first when left out. */
    instalment_label: z.enum(INSTALMENT_LABELS, 'Выберите рассрочку 0-0-24 или 0-0-36').nullish(),
    action_ids: z.array(id).max(20).nullish(),
    present_product_id: id.nullish(),
    promocode: text(50),
    comment: text(1000),
    employee_personal_number: text(50),
    /** «Мультионы» bonuses to spend (1 bonus = 1 ₽), within the basket's limit and the card's balance. */
    bonuses: z.number().int().min(0).max(100_000_000).nullish(),
    /** Gift certificate codes (§5: 16 characters starting with X) paying the total in turn; the rest stays on them. */
    gift_certificates: z.array(z.string().max(40)).max(10).nullish(),
    /** The shopper's trade-in calculator (tx of /trade-in-derivable): its valued devices discount the new device. */
    trade_in_tx: z
      .string()
      .regex(/^[0-9a-f]{32}$/, 'Неверный номер расчёта Trade-in')
      .nullish(),
  })
  .superRefine((body, ctx) => {
    const lines = body.line_ids?.length ?? 0;
    if (body.product_id != null && lines > 0) {
      ctx.addIssue({ code: 'custom', path: ['product_id'], message: 'Укажите либо товар, либо позиции корзины' });
    } else if (body.product_id == null && lines === 0) {
      ctx.addIssue({ code: 'custom', path: ['line_ids'], message: 'Корзина пуста' });
    }
    if (body.order_type_id == null && body.delivery == null) {
      ctx.addIssue({ code: 'custom', path: ['delivery'], message: 'Это поле необходимо заполнить.' });
    }
    if (body.order_type_id == null && body.company != null) {
      ctx.addIssue({ code: 'custom', path: ['company'], message: 'Данные компании — только для заказа юрлица' });
    }
    if (body.order_type_id === 17 && body.product_id != null) {
      ctx.addIssue({ code: 'custom', path: ['product_id'], message: 'Заказ юрлица оформляется из корзины' });
    }
  })
  .openapi('CreateOrder');

export type CreateOrderInput = z.infer<typeof CreateOrderBodySchema>;

export const OrderStatusLookupSchema = z
  .object({
    order_id: positiveInt,
    phone: z.string().min(1).max(40),
  })
  .openapi('OrderStatusLookup');
