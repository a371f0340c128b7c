// Money back (issue 17, decisions 0052 and 0058). Every call here runs with the order's row locked
// (select … for update), so a double cancel, a cancel racing the retry job or an operator's refund, two
// operators at once or a retried job never give back more than was paid: what is left of each position of
// a payment's sale receipt is read from the refunds already written (their `lines`), under the lock. Each
// refund is asked of the acquirer with the row's idempotency key as the refund id (one key per
// cancellation of a payment, one per operator's form), so even a call whose answer was lost with a
// rolled-back transaction is answered again by the acquirer instead of refunded twice.
//
// What goes back where: what the acquirer took goes back to the card; what gift certificates paid goes
// back to their balance (a cancellation: returnOrderCertificates, in the same transaction; an operator's
// partial refund: returnCertificateShare) and the refund receipt shows it as the advance the sale offset
// (1215); «Мультионы» come back through the loyalty ledger on a cancellation (reverseOrderBonuses). The
// refund receipt («возврат прихода», 1054 = 2) lists the returned positions with the sale's VAT.
import {
  allUnitsLeft,
  buildPartialRefundReceipt,
  orderRefundFacts,
  refundText,
  type OrderRefundFacts,
  type Receipt,
  type ReturnedUnits,
} from '@store/domain';
import type { DatabaseHandle, TransactionHandle } from '@store/db';
import { RefundRefused, type PaymentProvider } from '../adapters/payment-provider.ts';
import type { Logger } from '../logger.ts';
import type { Notifier } from '../adapters/notifications.ts';
import {
  insertRefund,
  listOrderPaidPayments,
  listOrderRefunds,
  listOrdersWithPendingRefunds,
  listRefunds,
  lockOrderForRefund,
  markRefundFailed,
  markRefundPending,
  markRefundSucceeded,
  retrieveRefund,
  retrieveRefundByKey,
  retrievePaymentProviderId,
  noteRefundAttempt,
  type RefundablePaymentRow,
  type RefundRow,
} from '../data/refunds.ts';
import { returnCertificateShare, sellsIssuedCertificates } from '../data/gift-certificates.ts';
import { ApiError } from '../http/errors.ts';
import type { ScheduledJob } from '../jobs/job-runner.ts';
import { GIFT_CERTIFICATE_PROVIDER } from './order-receipt.ts';
import { cancelReturnedUnitsAccrual } from './return-accrual.ts';

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
 * With the order's row locked and the order cancelled: for each succeeded payment, a refund of what its
 * earlier refunds (an operator's partial ones, decision 0058) did not give back yet, then every refund not
 * yet settled asked of the acquirer. Answers the order's refunds added up (null: nothing was paid).
 */
export async function refundCancelledOrder(
  tx: Q,
  deps: RefundDeps,
  orderId: number,
  reason: string,
  now = new Date(),
): Promise<OrderRefundFacts | null> {
  for (const payment of await listOrderPaidPayments(tx, orderId)) {
    const sale = payment.receipt as Receipt | null;
    if (!sale?.items) {
      deps.logger?.warn('refund: a succeeded payment without a receipt', {
        order_id: orderId,
        payment_id: payment.payment_id,
      });
      continue;
    }
    const rest = allUnitsLeft(sale, payment.returned);
    if (rest.length === 0) continue;
    const made = buildPartialRefundReceipt(sale, payment.returned, rest, now);
    if ('errors' in made) continue;
    // The certificates' share is already back with the cancellation (returnOrderCertificates).
    await insertRefundOf(tx, payment, orderId, made, { key: refundKeyOf(payment.payment_id), reason, createdBy: null });
  }
  const refunds = await listOrderRefunds(tx, orderId);
  for (const refund of refunds) {
    if (refund.status === 'pending') await settleRefund(tx, deps, refund);
  }
  return orderRefundFacts(await listOrderRefunds(tx, orderId));
}

/** Writes a refund of `payment` (once per key); a certificate-paid order's 0-kopeck payment sends nothing to a card. */
async function insertRefundOf(
  tx: Q,
  payment: Pick<RefundablePaymentRow, 'payment_id' | 'provider'>,
  orderId: number,
  made: { receipt: Receipt; lines: ReturnedUnits[] },
  meta: { key: string; reason: string; createdBy: string | null },
) {
  const toCard = payment.provider === GIFT_CERTIFICATE_PROVIDER ? 0 : (made.receipt.payments?.electronic ?? 0);
  return insertRefund(tx, {
    paymentId: payment.payment_id,
    orderId,
    amount: toCard,
    certificateAmount: made.receipt.payments?.prepayment ?? 0,
    provider: payment.provider,
    idempotencyKey: meta.key,
    receipt: made.receipt,
    reason: meta.reason,
    lines: made.lines,
    createdBy: meta.createdBy,
  });
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
  const providerPaymentId = await retrievePaymentProviderId(tx, refund.payment_id);
  if (!providerPaymentId) {
    await markRefundFailed(tx, refund.id, 'no provider payment id');
    return false;
  }
  try {
    const answer = await provider.refund({
      refundId: refund.idempotency_key,
      providerPaymentId,
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
    const order = await lockOrderForRefund(tx, orderId);
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

// ---------------------------------------------------------------- operators (decision 0058)

export interface OperatorRefundDeps extends RefundRetryDeps {
  handle: DatabaseHandle;
}

export interface OperatorRefundInput {
  /** The payment to refund; may be left out when the order has one. */
  payment_id?: number | undefined;
  /** Positions of the payment's sale receipt and how many units of each go back. */
  items: ReturnedUnits[];
  reason: string;
  /** The operator's form's key: the same key answers the same refund, never a second one. */
  idempotency_key: string;
}

export const OPERATOR_REFUND_MESSAGES = {
  orderNotFound: 'Заказ не найден',
  cancelled: 'Заказ отменён: деньги вернулись при отмене',
  unpaid: 'У заказа нет оплаты, которую можно вернуть',
  choosePayment: 'У заказа несколько оплат: укажите, какую вернуть',
  paymentNotFound: 'У заказа нет такой оплаты',
  certificatesSold: 'Заказ продал подарочные сертификаты: их возврат оформляет контакт-центр',
  refundNotFound: 'Возврат не найден',
  notFailed: 'Повторить можно только возврат, который не прошёл',
} as const;

/** The refund's positions as the operator reads them: the sale's position beside each returned line. */
export function presentRefund(row: RefundRow) {
  const receipt = row.receipt as unknown as Receipt;
  const lines = [...row.lines].sort((a, b) => a.position - b.position);
  return {
    id: row.id,
    order_id: row.order_id,
    payment_id: row.payment_id,
    amount: row.amount,
    certificate_amount: row.certificate_amount,
    status: row.status,
    reason: row.reason,
    failure_reason: row.failure_reason,
    attempts: row.attempts,
    created_by: row.created_by,
    created_at: row.created_at,
    settled_at: row.settled_at,
    items: receipt.items.map((item, i) => ({
      position: lines[i]?.position ?? i,
      name: item.name,
      qty: item.qty,
      amount: item.amount,
      vat_code: item.vat_code,
      vat_rate: item.vat_rate ?? null,
    })),
  };
}
export type RefundView = ReturnType<typeof presentRefund>;

async function tellRefund(tx: Q, deps: RefundRetryDeps, phone: string, refund: RefundRow) {
  if (refund.status === 'failed') return;
  const text = refundText({ card: refund.amount, certificates: refund.certificate_amount, status: refund.status });
  if (!text) return;
  await deps.notifier.send(
    {
      channel: 'sms',
      recipient: phone,
      template: 'order-refunded',
      body: `Мультицентр: заказ №${refund.order_id}. ${text}`,
      payload: { order_id: refund.order_id, refund_id: refund.id, amount: refund.amount, status: refund.status },
    },
    tx,
  );
}

/**
 * POST /ops/orders/{id}/refunds: an operator gives back some units of a paid order (by the positions of the
 * payment's sale receipt). With the order row locked, what is left of each position is read from the refunds
 * already written, so two operators at once, or a refund racing a cancellation, never give back more than
 * was paid; the same idempotency key answers the refund it made. The card part goes to the acquirer, the
 * certificates' part back to the certificates, the «возврат прихода» lists the returned lines with their VAT.
 */
export async function refundOrderLines(
  deps: OperatorRefundDeps,
  orderId: number,
  input: OperatorRefundInput,
  operator: string,
  now = new Date(),
): Promise<{ refund: RefundView; created: boolean }> {
  return deps.handle.transaction(async (tx) => {
    const order = await lockOrderForRefund(tx, orderId);
    if (!order) throw new ApiError(404, OPERATOR_REFUND_MESSAGES.orderNotFound);
    const key = `refund-ops-${orderId}-${input.idempotency_key}`;
    const repeated = await retrieveRefundByKey(tx, key);
    if (repeated) return { refund: presentRefund(repeated), created: false };
    if (order.status_id === 'I') throw new ApiError(422, OPERATOR_REFUND_MESSAGES.cancelled);
    if (await sellsIssuedCertificates(tx, orderId)) throw new ApiError(422, OPERATOR_REFUND_MESSAGES.certificatesSold);
    const payments = (await listOrderPaidPayments(tx, orderId)).filter((p) => (p.receipt as Receipt | null)?.items);
    if (payments.length === 0) throw new ApiError(422, OPERATOR_REFUND_MESSAGES.unpaid);
    const payment =
      input.payment_id !== undefined
        ? payments.find((p) => p.payment_id === input.payment_id)
        : payments.length === 1
          ? payments[0]
          : undefined;
    if (!payment) {
      const message =
        input.payment_id !== undefined
          ? OPERATOR_REFUND_MESSAGES.paymentNotFound
          : OPERATOR_REFUND_MESSAGES.choosePayment;
      throw new ApiError(422, message, { payment_id: [message] });
    }
    const made = buildPartialRefundReceipt(payment.receipt as unknown as Receipt, payment.returned, input.items, now);
    if ('errors' in made) throw new ApiError(422, made.errors[0]!, { items: made.errors });
    const id = await insertRefundOf(tx, payment, orderId, made, { key, reason: input.reason, createdBy: operator });
    if (id === null) throw new Error('refund key taken under the order lock');
    await returnCertificateShare(tx, orderId, made.receipt.payments?.prepayment ?? 0);
    await cancelReturnedUnitsAccrual(tx, orderId, id, now);
    await settleRefund(tx, deps, (await retrieveRefund(tx, id))!);
    const refund = (await retrieveRefund(tx, id))!;
    await tellRefund(tx, deps, order.mobile_phone, refund);
    deps.logger?.info('operator refund', { order_id: orderId, refund_id: id, amount: refund.amount, operator });
    return { refund: presentRefund(refund), created: true };
  });
}

/**
 * POST /ops/refunds/{id}/retry: a refund the acquirer refused asked again, with the same refund id (an
 * acquirer that did refund it answers that refund, never a second one).
 */
export async function retryFailedRefund(deps: OperatorRefundDeps, refundId: number, operator: string) {
  return deps.handle.transaction(async (tx) => {
    const found = await retrieveRefund(tx, refundId);
    if (!found) throw new ApiError(404, OPERATOR_REFUND_MESSAGES.refundNotFound);
    const order = await lockOrderForRefund(tx, found.order_id);
    const refund = await retrieveRefund(tx, refundId);
    if (!order || !refund) throw new ApiError(404, OPERATOR_REFUND_MESSAGES.refundNotFound);
    if (refund.status !== 'failed') throw new ApiError(409, OPERATOR_REFUND_MESSAGES.notFailed);
    await markRefundPending(tx, refundId);
    await settleRefund(tx, deps, { ...refund, status: 'pending' });
    const after = (await retrieveRefund(tx, refundId))!;
    await tellRefund(tx, deps, order.mobile_phone, after);
    deps.logger?.info('operator refund retry', { refund_id: refundId, status: after.status, operator });
    return presentRefund(after);
  });
}

/** GET /ops/refunds: newest first, of one state or all. */
export async function refundsForOperators(
  handle: DatabaseHandle,
  filter: { status: RefundRow['status'] | null; limit: number; offset: number },
) {
  const { rows, total } = await listRefunds(handle, filter);
  return { refunds: rows.map(presentRefund), total };
}
