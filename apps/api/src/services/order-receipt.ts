// The receipt of a paid order: the 54-FZ receipt stored with its newest succeeded payment, with
// the seller, VAT amounts and the names the receipt prints. No succeeded payment (or someone
// else's order) is 404, like every other order call. Building the receipt of a payment lives here
// too: gift certificates make a sale an advance and an order's certificates its offset (0048).
import {
  RECEIPT_OPERATION_NAMES,
  RECEIPT_PAYMENT_METHOD_NAMES,
  RECEIPT_PAYMENT_OBJECT_NAMES,
  RECEIPT_PREPAYMENT_NAME,
  RECEIPT_SELLER,
  RECEIPT_TAXATION_NAMES,
  RECEIPT_TEST_NOTE,
  RECEIPT_TITLE,
  buildReceipt,
  paymentTypeName,
  receiptVatAmount,
  receiptVatName,
  receiptVatRate,
  receiptVatTotals,
  type Receipt,
} from '@store/domain';
import { SANDBOX_PROVIDER } from '../adapters/payment-provider.ts';
import type { TransactionHandle } from '@store/db';
import { retrieveOrderCertificateFacts } from '../data/gift-certificates.ts';
import { retrieveOrderOwner } from '../data/orders.ts';
import {
  insertPayment,
  listPaymentOrderLines,
  markPaymentSucceeded,
  retrievePaymentOrder,
  type PaymentOrderRow,
} from '../data/payments.ts';
import { retrieveSucceededPayment, type ReceiptPaymentRow } from '../data/receipts.ts';
import { listRefundReceipts } from '../data/refunds.ts';
import type { ApiDeps } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { ownsOrder, type Requester } from '../http/requester.ts';
import type { OrderReceipt, ReceiptDocument } from '../schemas/receipts.ts';

type Q = Pick<TransactionHandle, 'query'>;

export const RECEIPT_NOT_FOUND = 'Чек не найден';

/** The payments row of an order gift certificates pay wholly: nothing goes through an acquirer. */
export const GIFT_CERTIFICATE_PROVIDER = 'gift-certificate';
const GIFT_CERTIFICATE_PAYMENT_NAME = 'Подарочным сертификатом';

/**
 * The 54-FZ receipt of `amount` over the order's stored lines (their prices after promotions), VAT of
 * `at`; a certificate's sale is an advance, and what certificates pay of an order its offset (0048).
 */
export async function receiptFor(q: Q, order: PaymentOrderRow, amount: number, at: Date): Promise<Receipt> {
  const lines = await listPaymentOrderLines(q, order.id);
  const certificates = await retrieveOrderCertificateFacts(q, order.id);
  return buildReceipt({
    lines: lines.map((l) => ({ name: l.name, qty: l.qty, finalPrice: l.final_price, vat: l.vat, kind: l.kind })),
    deliveryCost: order.delivery_cost,
    amount,
    prepaid: certificates.prepaid,
    sale: certificates.sells ? 'advance' : 'goods',
    customer: { phone: order.mobile_phone, email: order.email },
    at,
  });
}

/**
 * In create-order's transaction, when gift certificates pay the whole order: its receipt (all of it an
 * advance offset, nothing electronic) is kept on a succeeded payment of 0 kopecks, like a card's.
 */
export async function recordCertificateSettlement(tx: Q, orderId: number) {
  const order = (await retrievePaymentOrder(tx, orderId))!;
  const receipt = await receiptFor(tx, order, 0, new Date());
  const id = await insertPayment(tx, {
    orderId,
    paymentTypeId: order.payment_type,
    amount: 0,
    provider: GIFT_CERTIFICATE_PROVIDER,
    receipt,
  });
  await markPaymentSucceeded(tx, id);
}

/** Where the store shows an order's receipt (guests who own the order by basket open it too). */
export const receiptLink = (orderId: number) => `/cart/receipt/${orderId}`;

export async function orderReceipt(
  deps: Pick<ApiDeps, 'handle'>,
  requester: Requester,
  orderId: number,
): Promise<OrderReceipt> {
  const owner = await retrieveOrderOwner(deps.handle, orderId);
  if (!owner || !ownsOrder(requester, owner)) throw new ApiError(404, RECEIPT_NOT_FOUND);
  const payment = await retrieveSucceededPayment(deps.handle, orderId);
  const receipt = payment?.receipt as Receipt | null | undefined;
  if (!payment || !receipt?.items) throw new ApiError(404, RECEIPT_NOT_FOUND);
  const refunds = await listRefundReceipts(deps.handle, orderId);
  return {
    ...receiptDocument(orderId, payment, receipt),
    refunds: refunds.map((refund) =>
      receiptDocument(
        orderId,
        {
          ...payment,
          id: refund.payment_id,
          provider: refund.provider,
          amount: refund.amount,
          paid_at: refund.created_at,
        },
        refund.receipt as unknown as Receipt,
      ),
    ),
  };
}

/** A stored 54-FZ receipt as the printed receipt shows it (a sale, or a refund: tag 1054). */
function receiptDocument(
  orderId: number,
  payment: Pick<ReceiptPaymentRow, 'id' | 'payment_type_id' | 'amount' | 'provider' | 'paid_at'>,
  receipt: Receipt,
): ReceiptDocument {
  // The sandbox acquirer fiscalises nothing, nor does the store itself for a certificate-paid order;
  // a real provider's fiscal data would replace the note.
  const byCertificates = payment.provider === GIFT_CERTIFICATE_PROVIDER;
  const isTest = payment.provider === SANDBOX_PROVIDER || byCertificates;
  return {
    order_id: orderId,
    title: isTest ? RECEIPT_TITLE : 'Кассовый чек',
    operation: RECEIPT_OPERATION_NAMES[receipt.operation ?? 'income'] as ReceiptDocument['operation'],
    is_test: isTest,
    test_note: isTest ? RECEIPT_TEST_NOTE : null,
    seller: {
      ...RECEIPT_SELLER,
      taxation_system: receipt.taxation_system,
      taxation_system_name: RECEIPT_TAXATION_NAMES[receipt.taxation_system],
    },
    payment: {
      id: payment.id,
      payment_type_id: payment.payment_type_id,
      payment_type_name: byCertificates ? GIFT_CERTIFICATE_PAYMENT_NAME : paymentTypeName(payment.payment_type_id),
      amount: payment.amount,
      paid_at: payment.paid_at,
    },
    items: receipt.items.map((item) => ({
      name: item.name,
      qty: item.qty,
      price: item.price,
      amount: item.amount,
      vat_code: item.vat_code,
      vat_name: receiptVatName(item.vat_code),
      vat_rate: item.vat_rate ?? receiptVatRate(item.vat_code),
      vat_amount: receiptVatAmount(item.amount, item.vat_code),
      payment_method_name: RECEIPT_PAYMENT_METHOD_NAMES[item.payment_method],
      payment_object_name: RECEIPT_PAYMENT_OBJECT_NAMES[item.payment_object],
      prepayment: item.prepayment ?? 0,
    })),
    // Older receipts lack the split: all of it was paid at the acquirer.
    payments: {
      electronic: receipt.payments?.electronic ?? receipt.total,
      prepayment: receipt.payments?.prepayment ?? 0,
      prepayment_name: RECEIPT_PREPAYMENT_NAME,
    },
    vat_totals: receiptVatTotals(receipt.items),
    total: receipt.total,
    issued_at: receipt.issued_at ?? payment.paid_at,
    customer: receipt.customer,
  };
}
