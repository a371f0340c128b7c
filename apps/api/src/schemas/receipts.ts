// Response shape of GET /v3/customer/orders/{id}/receipt (ours: the SPEC names only
// link_to_order_receipt): the printable receipt of a paid order, and of a cancelled one its refund
// receipts («возврат прихода», decision 0052) in `refunds`.
import { z } from '@hono/zod-openapi';
import { RECEIPT_VAT_CODES } from '@store/domain';

const vatCode = z.enum(RECEIPT_VAT_CODES);

const receiptDocument = z.object({
  order_id: z.number().int(),
  title: z.string().openapi({ example: 'Кассовый чек (тестовый)' }),
  /** Tag 1054: «Приход» (the sale) or «Возврат прихода» (its money given back). */
  operation: z.enum(['Приход', 'Возврат прихода']),
  is_test: z.boolean().openapi({ description: 'The sandbox acquirer issues no fiscal data' }),
  test_note: z.string().nullable(),
  seller: z.object({
    name: z.string(),
    inn: z.string(),
    address: z.string(),
    site: z.string(),
    taxation_system: z.literal('osn'),
    taxation_system_name: z.string(),
  }),
  payment: z.object({
    id: z.number().int(),
    payment_type_id: z.number().int(),
    payment_type_name: z.string(),
    amount: z.number().int(),
    paid_at: z.string().nullable(),
  }),
  items: z.array(
    z.object({
      name: z.string(),
      qty: z.number().int(),
      price: z.number().int(),
      amount: z.number().int(),
      vat_code: vatCode,
      vat_name: z.string(),
      vat_rate: z.number().int().nullable(),
      vat_amount: z.number().int(),
      payment_method_name: z.string(),
      payment_object_name: z.string(),
      /** Kopecks of the item paid by gift certificates (зачёт аванса, decision 0048). */
      prepayment: z.number().int(),
    }),
  ),
  /** How the total is paid: at the acquirer, and by gift certificates offset as an advance. */
  payments: z.object({
    electronic: z.number().int(),
    prepayment: z.number().int(),
    prepayment_name: z.string().openapi({ example: 'Зачёт аванса (предоплата)' }),
  }),
  vat_totals: z.array(z.object({ vat_code: vatCode, name: z.string(), amount: z.number().int() })),
  total: z.number().int(),
  /** When the receipt was issued: the VAT rates are those in force then. */
  issued_at: z.string().nullable(),
  customer: z.object({ phone: z.string(), email: z.string().nullable() }),
});

export const ReceiptDocumentSchema = receiptDocument.openapi('ReceiptDocument');

export const OrderReceiptSchema = receiptDocument
  .extend({
    /**
     * The refund receipts of the order's payments, newest first: the same lines and VAT as the sale; their
     * `payment.amount` is what went back to the card and `payment.paid_at` when.
     */
    refunds: z.array(ReceiptDocumentSchema),
  })
  .openapi('OrderReceipt');

export type ReceiptDocument = z.infer<typeof ReceiptDocumentSchema>;
export type OrderReceipt = z.infer<typeof OrderReceiptSchema>;
