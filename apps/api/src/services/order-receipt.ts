// The receipt of a paid order: the 54-FZ receipt stored with its newest succeeded payment, with
// the seller, VAT amounts and the names the receipt prints. No succeeded payment (or someone
// else's order) is 404, like every other order call.
import {
  RECEIPT_PAYMENT_METHOD_NAMES,
  RECEIPT_PAYMENT_OBJECT_NAMES,
  RECEIPT_SELLER,
  RECEIPT_TAXATION_NAMES,
  RECEIPT_TEST_NOTE,
  RECEIPT_TITLE,
  paymentTypeName,
  receiptVatAmount,
  receiptVatName,
  receiptVatRate,
  receiptVatTotals,
  type Receipt,
} from '@store/domain';
import { SANDBOX_PROVIDER } from '../adapters/payment-provider.ts';
import { retrieveOrderOwner } from '../data/orders.ts';
import { retrieveSucceededPayment } from '../data/receipts.ts';
import type { ApiDeps } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { ownsOrder, type Requester } from '../http/requester.ts';
import type { OrderReceipt } from '../schemas/receipts.ts';

export const RECEIPT_NOT_FOUND = 'Чек не найден';

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
  // The sandbox acquirer fiscalises nothing; a real provider's fiscal data would replace the note.
  const isTest = payment.provider === SANDBOX_PROVIDER;
  return {
    order_id: orderId,
    title: isTest ? RECEIPT_TITLE : 'Кассовый чек',
    operation: 'Приход',
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
      payment_type_name: paymentTypeName(payment.payment_type_id),
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
    })),
    vat_totals: receiptVatTotals(receipt.items),
    total: receipt.total,
    issued_at: receipt.issued_at ?? payment.paid_at,
    customer: receipt.customer,
  };
}
