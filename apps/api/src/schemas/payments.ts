// Response shapes of the payment calls (SPEC §3 Payment, Payment page state, Order); the same
// schemas document /api/openapi.json.
import { z } from '@hono/zod-openapi';

export const ReceiptSchema = z
  .object({
    items: z.array(
      z.object({
        name: z.string(),
        qty: z.number().int(),
        price: z.number().int(),
        amount: z.number().int(),
        vat_code: z.enum(['vat20', 'vat10', 'vat0', 'none']),
        payment_method: z.literal('full_prepayment'),
        payment_object: z.enum(['commodity', 'service']),
      }),
    ),
    customer: z.object({ phone: z.string(), email: z.string().nullable() }),
    taxation_system: z.literal('osn'),
    total: z.number().int(),
  })
  .openapi('Receipt');

export const PaymentSummarySchema = z
  .object({
    payment_id: z.number().int(),
    order_id: z.number().int(),
    payment_type_id: z.number().int(),
    status: z.string().openapi({ description: 'created | pending | waiting_3ds | succeeded | declined | cancelled' }),
    amount: z.number().int(),
    confirmation_url: z.string().nullable(),
    decline_reason: z.string().nullable(),
    paid_at: z.string().nullable(),
    receipt: ReceiptSchema.nullable(),
  })
  .openapi('Payment');

export const CreatePaymentSchema = z
  .object({ payment_id: z.number().int(), status: z.string(), confirmation_url: z.string().nullable() })
  .openapi('CreatedPayment');

export const PaymentStatusSchema = PaymentSummarySchema.omit({ receipt: true })
  .extend({ order_paid: z.boolean() })
  .openapi('PaymentStatus');

export const VirtualPaymentSchema = z
  .object({
    id: z.number().int(),
    name: z.string(),
    description: z.string(),
    tab: z.string(),
    prepaid: z.boolean(),
    linked_payment_type_id: z.number().int().nullable(),
    available_gift_certificate: z.boolean(),
    min_basket_threshold: z.number().int().nullable(),
    max_basket_threshold: z.number().int().nullable(),
  })
  .openapi('VirtualPayment');

const DeliveryLineSchema = z.union([
  z.object({ kind: z.literal('contact-centre'), text: z.string() }),
  z.object({ kind: z.literal('none') }),
  z.object({ kind: z.literal('date'), date: z.string(), interval: z.string().nullable() }),
]);

export const PaymentOrderSchema = z
  .object({
    id: z.number().int(),
    status: z.object({ id: z.string(), text: z.string().nullable(), name: z.string() }),
    statuses: z.array(z.object({ id: z.string(), name: z.string(), isActive: z.boolean(), at: z.string() })),
    contact_name: z.string(),
    contact_surname: z.string().nullable(),
    mobile_phone: z.string(),
    email: z.string().nullable(),
    city: z.object({ id: z.number().int(), name: z.string() }),
    delivery_type: z.number().int(),
    delivery_type_name: z.string(),
    delivery_address: z.string().nullable(),
    cms_addressee: z
      .object({ id: z.number().int(), name: z.string(), address: z.string(), work_time_line: z.string() })
      .nullable(),
    delivery_cost: z.number().int(),
    delivery_date: z.string().nullable(),
    delivery_time_from: z.string().nullable(),
    delivery_time_to: z.string().nullable(),
    delivery_line: DeliveryLineSchema,
    shelf_life_date: z.string().nullable(),
    discount: z.number().int(),
    sum: z.number().int(),
    sum_prepaid: z.number().int(),
    total_sum: z.number().int(),
    waiting_sum: z.number().int(),
    payment_type: z.number().int(),
    payment_type_name: z.string(),
    payment_status_oi: z.number().int(),
    is_paid: z.boolean(),
    is_active: z.boolean(),
    is_cancelled: z.boolean(),
    order_type_id: z.number().int(),
    basket: z.array(
      z.object({
        id: z.number().int(),
        product_id: z.number().int(),
        name: z.string(),
        url: z.string().nullable(),
        image: z.string().nullable(),
        qty: z.number().int(),
        price: z.number().int(),
        final_price: z.number().int(),
        vat: z.number().int(),
        parent_id: z.number().int().nullable(),
        kind: z.string(),
        warranty_id: z.number().int().nullable(),
      }),
    ),
    inserted_at: z.string(),
    payment_required: z.boolean(),
    can_repayment: z.boolean(),
    /** The receipt page of a paid order (/cart/receipt/{id}), or null. */
    link_to_order_receipt: z.string().nullable(),
  })
  .openapi('PaymentOrder');

export const PaymentInfoSchema = z
  .object({
    payments: z.array(VirtualPaymentSchema),
    order: PaymentOrderSchema,
    paymentStatus: z.string().nullable(),
    paymentStatusOi: z.number().int(),
    prepaidBasket: z.array(z.object({ product_id: z.number().int(), amount: z.number().int() })),
    selectedPayment: z.number().int().nullable(),
    status: z.enum(['active', 'paid', 'cancelled']),
    can_repayment: z.boolean(),
    last_payment: PaymentSummarySchema.nullable(),
    is_contact_centre_order: z.boolean(),
  })
  .openapi('PaymentInfo');

export type PaymentSummary = z.infer<typeof PaymentSummarySchema>;
export type PaymentStatus = z.infer<typeof PaymentStatusSchema>;
export type CreatedPayment = z.infer<typeof CreatePaymentSchema>;
export type VirtualPayment = z.infer<typeof VirtualPaymentSchema>;
export type PaymentOrder = z.infer<typeof PaymentOrderSchema>;
export type PaymentInfo = z.infer<typeof PaymentInfoSchema>;
export type Receipt = z.infer<typeof ReceiptSchema>;
