// Money back on a cancelled order (issue 17, decision 0052). Every call here runs with the order's row
// locked (select … for update), so a double cancel, a cancel racing the retry job or a retried job never
// writes a second refund: one row per succeeded payment (a unique index), asked of the acquirer with the
// row's idempotency key as the refund id, so even a call whose answer was lost with a rolled-back
// transaction is answered again by the acquirer instead of refunded twice.
//
// What goes back where: what the acquirer took goes back to the card; what gift certificates paid is
// already back on their balance (returnOrderCertificates, in the same transaction) and the refund receipt
// shows it as the advance the sale offset (1215); «Мультионы» come back through the loyalty ledger
// (reverseOrderBonuses). The refund receipt («возврат прихода», 1054 = 2) mirrors the sale's.
import { buildRefundReceipt, orderRefundFacts, refundText, type OrderRefundFacts, type Receipt } from '@store/domain';
import type { TransactionHandle } from '@store/db';
import { RefundRefused, type PaymentProvider } from '../adapters/payment-provider.ts';
import type { Logger } from '../logger.ts';
import type { Notifier } from '../adapters/notifications.ts';
import {
  insertRefund,
  listOrderPaidPayments,
  listOrderRefunds,
  listOrdersWithPendingRefunds,
  markRefundFailed,
  markRefundSucceeded,
  noteRefundAttempt,
  type RefundRow,
} from '../data/refunds.ts';
import type { ScheduledJob } from '../jobs/job-runner.ts';
import { GIFT_CERTIFICATE_PROVIDER } from './order-receipt.ts';

type Q = Pick<TransactionHandle, 'query'>;

export interface RefundDeps {
  paymentProvider: PaymentProvider;
  logger?: Logger | undefined;
}

export interface RefundRetryDeps extends RefundDeps {
  notifier: Notifier;
}

/** The acquirer's refund id of a payment's refund: one per payment, the same on every retry. */
export const refundKeyOf = (paymentId: number) => `refund-payment-${paymentId}`;

/**
 * With the order's row locked and the order cancelled: a refund for each succeeded payment that has none
 * yet, then every refund not yet settled asked of the acquirer. Answers the order's refunds added up
 * (null: nothing was paid).
 */
export async function refundCancelledOrder(
  tx: Q,
  deps: RefundDeps,
  orderId: number,
  reason: string,
  now = new Date(),
): Promise<OrderRefundFacts | null> {
  for (const payment of await listOrderPaidPayments(tx, orderId)) {
    if (payment.refund_id !== null) continue;
    const sale = payment.receipt as Receipt | null;
    if (!sale?.items) {
      deps.logger?.warn('refund: a succeeded payment without a receipt', {
        order_id: orderId,
        payment_id: payment.payment_id,
      });
      continue;
    }
    const receipt = buildRefundReceipt(sale, now);
    // A certificate-paid order's row is a 0-kopeck payment: nothing goes to an acquirer.
    const toCard = payment.provider === GIFT_CERTIFICATE_PROVIDER ? 0 : payment.amount;
    await insertRefund(tx, {
      paymentId: payment.payment_id,
      orderId,
      amount: toCard,
      certificateAmount: receipt.payments?.prepayment ?? 0,
      provider: payment.provider,
      idempotencyKey: refundKeyOf(payment.payment_id),
      receipt,
      reason,
    });
  }
  const refunds = await listOrderRefunds(tx, orderId);
  for (const refund of refunds) {
    if (refund.status === 'pending') await settleRefund(tx, deps, refund);
  }
  return orderRefundFacts(await listOrderRefunds(tx, orderId));
}

/** Asks the acquirer for one pending refund and records its answer; true when it succeeded now. */
async function settleRefund(tx: Q, deps: RefundDeps, refund: RefundRow): Promise<boolean> {
  const provider = deps.paymentProvider;
  if (refund.amount === 0) {
    // Only certificates paid: their balance came back with the cancellation.
    await markRefundSucceeded(tx, refund.id, null);
    return true;
  }
  if (refund.provider !== provider.name) {
    await markRefundFailed(tx, refund.id, `paid through ${refund.provider}, not ${provider.name}`);
    deps.logger?.warn('refund: the payment went through another provider', { refund_id: refund.id });
    return false;
  }
  const [payment] = await tx.query<{ provider_payment_id: string | null }>(
    'select provider_payment_id from payments where id = $1',
    [refund.payment_id],
  );
  if (!payment?.provider_payment_id) {
    await markRefundFailed(tx, refund.id, 'no provider payment id');
    return false;
  }
  try {
    const answer = await provider.refund({
      refundId: refund.idempotency_key,
      providerPaymentId: payment.provider_payment_id,
      amount: refund.amount,
      receipt: refund.receipt as unknown as Receipt,
    });
    if (answer.amount !== refund.amount) {
      await markRefundFailed(tx, refund.id, `the provider refunded ${answer.amount}, not ${refund.amount}`);
      deps.logger?.error('refund: the provider refunded another amount', {
        refund_id: refund.id,
        expected: refund.amount,
        got: answer.amount,
      });
      return false;
    }
    await markRefundSucceeded(tx, refund.id, answer.providerRefundId);
    deps.logger?.info('refund succeeded', { order_id: refund.order_id, refund_id: refund.id, amount: refund.amount });
    return true;
  } catch (error) {
    if (error instanceof RefundRefused) {
      await markRefundFailed(tx, refund.id, error.reason);
      deps.logger?.warn('refund refused by the provider', { refund_id: refund.id, reason: error.reason });
      return false;
    }
    // No answer: the refund stays pending and the job asks again with the same refund id.
    const message = error instanceof Error ? error.message : String(error);
    await noteRefundAttempt(tx, refund.id, message);
    deps.logger?.warn('refund: the provider did not answer', { refund_id: refund.id, error: message });
    return false;
  }
}

/**
 * Pending refunds asked again, each with its order's row locked (the order first, as every order change
 * does); a refund that goes through now is told to the shopper by SMS. Answers how many orders were looked at.
 */
export async function retryPendingRefunds(tx: Q, deps: RefundRetryDeps, limit = 20) {
  const orders = await listOrdersWithPendingRefunds(tx, limit);
  for (const orderId of orders) {
    const [order] = await tx.query<{ id: number; mobile_phone: string }>(
      'select id, mobile_phone from orders where id = $1 for update',
      [orderId],
    );
    if (!order) continue;
    let settled = 0;
    for (const refund of await listOrderRefunds(tx, orderId)) {
      if (refund.status === 'pending' && (await settleRefund(tx, deps, refund))) settled += refund.amount;
    }
    const facts = orderRefundFacts(await listOrderRefunds(tx, orderId));
    if (settled > 0 && facts) {
      await deps.notifier.send(
        {
          channel: 'sms',
          recipient: order.mobile_phone,
          template: 'order-refunded',
          body: `Мультицентр: заказ №${orderId}. ${refundText({ card: settled, certificates: 0, status: 'succeeded' })}`,
          payload: { order_id: orderId, amount: settled, status: facts.status },
        },
        tx,
      );
    }
  }
  return orders.length;
}

/** The retry job, once a minute across the cluster (jobs/job-runner.ts). */
export const refundRetryJob = (deps: RefundRetryDeps): ScheduledJob => ({
  name: 'refund-retry',
  everyMs: 60_000,
  run: async (tx) => ({ orders: await retryPendingRefunds(tx, deps) }),
});

/** The refunds' sentence of the cancellation messages and the order page ('' when nothing was paid). */
export const refundSentence = (facts: OrderRefundFacts | null) => (facts ? refundText(facts) : '');
