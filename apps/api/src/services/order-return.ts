// The return of a completed order within the return window (issue 15 item 2, decision 0061). A completed
// order cannot be cancelled by the shopper, so without this its accrual could never be cancelled: an
// operator takes the goods back (ЗоЗПП art. 25, 14 days for goods of proper quality) and the order goes
// through the one cancellation path (putBackCancelledOrder: status I, our stores' units back to sale,
// written-off bonuses back, the pending accrual cancelled, the certificates' shares back), then the money
// left on the card is refunded through the refunds machinery (refundCancelledOrder: what operators
// already refunded partly is not refunded twice). All of it under the order's row lock, once per order.
import {
  isWithinReturnWindow,
  ORDER_RETURN_MESSAGES,
  orderRefundFacts,
  refundText,
  returnBonusText,
  returnDeadline,
} from '@store/domain';
import type { DatabaseHandle, TransactionHandle } from '@store/db';
import type { PaymentProvider } from '../adapters/payment-provider.ts';
import type { PayInPartsProvider } from '../adapters/pay-in-parts.ts';
import type { Notifier } from '../adapters/notifications.ts';
import type { Logger } from '../logger.ts';
import { sellsIssuedCertificates } from '../data/gift-certificates.ts';
import {
  closeDeliveredSupplierReservations,
  lockOrderForReturn,
  retrieveCompletion,
  retrieveReturnBonuses,
} from '../data/order-returns.ts';
import { listOrderRefunds } from '../data/refunds.ts';
import { ApiError } from '../http/errors.ts';
import { putBackCancelledOrder } from './order-cancellation.ts';
import { cancelPartsPlan } from './pay-in-parts.ts';
import { presentRefund, refundCancelledOrder } from './refunds.ts';

type Q = Pick<TransactionHandle, 'query'>;

export interface OrderReturnDeps {
  handle: DatabaseHandle;
  paymentProvider: PaymentProvider;
  payInParts: PayInPartsProvider;
  notifier: Notifier;
  logger?: Logger | undefined;
}

/** What a return did, read back from the order's ledger and refunds: a repeated call answers the same. */
async function presentReturn(q: Q, orderId: number, completedAt: Date, returnedAt: Date) {
  const bonuses = await retrieveReturnBonuses(q, orderId);
  const refunds = await listOrderRefunds(q, orderId);
  return {
    order_id: orderId,
    status: 'I' as const,
    completed_at: completedAt.toISOString(),
    returned_at: returnedAt.toISOString(),
    accrual_cancelled: bonuses.accrualCancelled,
    bonuses_returned: bonuses.bonusesReturned,
    refund: orderRefundFacts(refunds),
    refunds: refunds.map(presentRefund),
  };
}
export type OrderReturnView = Awaited<ReturnType<typeof presentReturn>>;

/**
 * POST /ops/orders/{id}/return: the operator takes a completed order back within the return window.
 * 404 for no order, 422 for an order not completed, a cancelled one, one past the window (its accrual
 * is already usable and may be spent) or one that sold gift certificates; an order returned before
 * answers that return (created: false).
 */
export async function returnCompletedOrder(
  deps: OrderReturnDeps,
  orderId: number,
  input: { reason: string },
  operator: string,
  now = new Date(),
): Promise<{ view: OrderReturnView; created: boolean }> {
  return deps.handle.transaction(async (tx) => {
    const order = await lockOrderForReturn(tx, orderId);
    if (!order) throw new ApiError(404, ORDER_RETURN_MESSAGES.notFound);
    const { completedAt, returnedAt } = await retrieveCompletion(tx, orderId);
    if (order.status_id === 'I') {
      if (completedAt && returnedAt) {
        return { view: await presentReturn(tx, orderId, completedAt, returnedAt), created: false };
      }
      throw new ApiError(422, ORDER_RETURN_MESSAGES.cancelled);
    }
    if (order.status_id !== 'F' || !completedAt) throw new ApiError(422, ORDER_RETURN_MESSAGES.notCompleted);
    if (!isWithinReturnWindow(completedAt, now)) {
      throw new ApiError(422, ORDER_RETURN_MESSAGES.windowClosed(returnDeadline(completedAt)));
    }
    if (await sellsIssuedCertificates(tx, orderId)) throw new ApiError(422, ORDER_RETURN_MESSAGES.certificatesSold);

    // «Частями»: the provider stops the schedule first; if it does not answer nothing is written (503).
    await cancelPartsPlan(tx, deps.payInParts, orderId);
    await closeDeliveredSupplierReservations(tx, orderId);
    await putBackCancelledOrder(tx, orderId, now);
    const facts = await refundCancelledOrder(tx, deps, orderId, `Возврат заказа: ${input.reason}`, now);
    const after = await retrieveCompletion(tx, orderId);
    const view = await presentReturn(tx, orderId, completedAt, after.returnedAt ?? now);

    const money = facts ? refundText(facts) : '';
    const bonuses = returnBonusText({
      accrualCancelled: view.accrual_cancelled,
      bonusesReturned: view.bonuses_returned,
    });
    const text = [money, bonuses].filter(Boolean).join(' ');
    const payload = {
      order_id: orderId,
      refund: facts,
      accrual_cancelled: view.accrual_cancelled,
      operator,
      reason: input.reason,
    };
    await deps.notifier.send(
      {
        channel: 'sms',
        recipient: order.mobile_phone,
        template: 'order-returned',
        body: `Мультицентр: возврат заказа №${orderId} оформлен.${text ? ` ${text}` : ''}`,
        payload,
      },
      tx,
    );
    if (order.email) {
      await deps.notifier.send(
        {
          channel: 'email',
          recipient: order.email,
          template: 'order-returned',
          subject: `Возврат заказа №${orderId} оформлен`,
          body: `${order.contact_name}, мы приняли возврат заказа №${orderId}.${text ? ` ${text}` : ''}`,
          payload,
        },
        tx,
      );
    }
    deps.logger?.info('order returned', {
      order_id: orderId,
      operator,
      reason: input.reason,
      refunded: facts?.card ?? 0,
      accrual_cancelled: view.accrual_cancelled,
    });
    return { view, created: true };
  });
}
