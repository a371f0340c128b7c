// Response shapes of the payment calls (SPEC §3 Payment, Payment page state, Order); the same
// schemas document /api/openapi.json.
import { z } from '@hono/zod-openapi';
import { RECEIPT_PAYMENT_METHODS, RECEIPT_PAYMENT_OBJECTS, RECEIPT_VAT_CODES } from '@store/domain';
import { OrderSchema } from './orders.ts';

/** A payment method's fields in both /v2/payment and /v2/delivery/terms (services/payment-methods.ts fills them). */
export const paymentMethodFields = {
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  /** online | on-receipt | instalment | credit | parts: the checkout tab (Онлайн, При получении, …). */
  tab: z.string(),
  tab_label: z.string(),
  /** Paid through the payment provider right after the order is placed. */
  prepaid: z.boolean(),
  instalment_label: z.string().nullable(),
};

export const ReceiptSchema = z
  .object({
    items: z.array(
      z.object({
        name: z.string(),
        qty: z.number().int(),
        price: z.number().int(),
        amount: z.number().int(),
        vat_code: z.enum(RECEIPT_VAT_CODES),
        vat_rate: z.number().int().nullable().optional().openapi({ description: 'VAT % at the moment of the sale' }),
        payment_method: z.enum(RECEIPT_PAYMENT_METHODS).openapi({ description: 'ФФД tag 1214' }),
        payment_object: z.enum(RECEIPT_PAYMENT_OBJECTS).openapi({ description: 'ФФД tag 1212' }),
        prepayment: z
          .number()
          .int()
          .optional()
          .openapi({ description: 'Kopecks of the item paid by gift certificates: its share of tag 1215' }),
      }),
    ),
    payments: z
      .object({
        electronic: z.number().int().openapi({ description: 'ФФД tag 1081: paid at the acquirer' }),
        prepayment: z.number().int().openapi({ description: 'ФФД tag 1215: gift certificates offset as an advance' }),
      })
      .optional(),
    customer: z.object({ phone: z.string(), email: z.string().nullable() }),
    taxation_system: z.literal('osn'),
    total: z.number().int(),
    issued_at: z
      .string()
      .optional()
      .openapi({ description: 'When the receipt was issued; its VAT rates are of that moment' }),
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

/** The order on the payment page is the same Order object the orders calls answer. */
export const PaymentOrderSchema = OrderSchema;

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
