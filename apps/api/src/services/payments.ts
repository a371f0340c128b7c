// Paying an order online (SPEC §3 Payment, Payment page state; §5 repayment): which virtual payments
// an order may use, starting a payment at the provider with its 54-FZ receipt, and taking in the
// provider's signed callback exactly once. Every change to an order's money happens in one
// transaction with the order's row locked, so two payments or two callbacks never interleave.
import {
  CONTACT_CENTRE_ORDER_TYPE,
  PAYMENT_TYPE_IDS,
  VIRTUAL_PAYMENTS,
  formatPrice,
  isOrderActive,
  isOrderCancelled,
  isOrderPaid,
  orderPaymentState,
  paymentMethodById,
  paymentsForBasket,
  repaymentOffers,
  virtualPaymentsAllowed,
  type PaymentMethod,
  type Receipt,
} from '@store/domain';
import type { TransactionHandle } from '@store/db';
import { retrieveOrderDetail } from '../data/orders.ts';
import { presentOrder } from './order-view.ts';
import { startPartsPlan } from './pay-in-parts.ts';
import type { PaymentMethodKind, PaymentProvider } from '../adapters/payment-provider.ts';
import {
  OPEN_PAYMENT_STATUSES,
  callbackSeen,
  cancelPayment,
  insertPayment,
  insertPaymentCallback,
  listPaymentOrderLines,
  markOrderPaid,
  markPaymentDeclined,
  markPaymentSucceeded,
  retrieveLatestPayment,
  retrieveOpenPayment,
  retrievePayment,
  retrievePaymentOrder,
  type PaymentOrderRow,
  type PaymentRow,
  setPaymentReceipt,
  setPaymentSession,
} from '../data/payments.ts';
import type { ApiDeps } from '../http/env.ts';
import { issueOrderCertificates } from './gift-certificates.ts';
import { receiptFor } from './order-receipt.ts';
import { refundCancelledOrder } from './refunds.ts';
import { ApiError } from '../http/errors.ts';
import { ownsOrder, type Requester } from '../http/requester.ts';

type Q = Pick<TransactionHandle, 'query'>;

// ---------------------------------------------------------------- order facts

/** The order's own payment method is paid through the provider (card or SBP right after ordering). */
const isPrepaidType = (paymentType: number) => paymentMethodById(paymentType)?.prepaid === true;

const paymentState = (order: PaymentOrderRow) =>
  orderPaymentState({
    paymentTypeId: order.payment_type,
    statusId: order.status_id,
    paymentStatusOi: order.payment_status_oi,
    totalSum: order.total_sum,
    sumPrepaid: order.sum_prepaid,
  });

/** What is still to pay online, in kopecks (the domain's order payment state). */
export const waitingSum = (order: PaymentOrderRow) => paymentState(order).waitingSum;

/** Unpaid, active, paid online and something left to pay: the shopper may (re)pay it (contract: can_repayment). */
export const canRepay = (order: PaymentOrderRow): boolean => paymentState(order).canRepayment && waitingSum(order) > 0;

/**
 * The virtual payments the repayment page offers (SPEC §5): linked to the order's payment type and
 * allowed for it (within their thresholds for what is left to pay); none when it cannot be repaid.
 */
export function paymentOffers(order: PaymentOrderRow): PaymentMethod[] {
  if (!canRepay(order)) return [];
  const allowed = paymentsForBasket(VIRTUAL_PAYMENTS, { totalKopecks: waitingSum(order), giftCertificatesOnly: false });
  const offers = repaymentOffers(VIRTUAL_PAYMENTS, {
    paymentTypeId: order.payment_type,
    allowedPaymentIds: allowed.map((p) => p.id),
  });
  // Only what the order's promotions allowed at checkout (no SBP where checkout had none).
  return virtualPaymentsAllowed(offers, order.actions?.paymentIds);
}

const SBP_IDS: readonly number[] = [PAYMENT_TYPE_IDS.fastPaymentsSystem, 1064, 2064];
/** The provider page a payment id uses: SBP ids the QR page, every other online payment the card form. */
export const methodKindOf = (paymentTypeId: number): PaymentMethodKind =>
  SBP_IDS.includes(paymentTypeId) ? 'sbp' : 'card';

// ---------------------------------------------------------------- access

/** The requester's order, or 404 (someone else's order is not found either). */
async function ownOrder(q: Q, requester: Requester, orderId: number, lock = false) {
  const order = await retrievePaymentOrder(q, orderId, { lock });
  if (!order || !ownsOrder(requester, order)) throw new ApiError(404, 'Заказ не найден');
  return order;
}

async function ownPayment(q: Q, requester: Requester, paymentId: number) {
  const payment = await retrievePayment(q, paymentId);
  if (!payment) throw new ApiError(404, 'Платёж не найден');
  const order = await retrievePaymentOrder(q, payment.order_id);
  if (!order || !ownsOrder(requester, order)) throw new ApiError(404, 'Платёж не найден');
  return { payment, order };
}

// ---------------------------------------------------------------- the order as the payment pages see it

export interface PaymentOrderLine {
  id: number;
  product_id: number;
  name: string;
  url: string | null;
  image: string | null;
  qty: number;
  price: number;
  final_price: number;
  vat: number;
  parent_id: number | null;
  kind: string;
  warranty_id: number | null;
}

/** The Order object of the orders calls, for an order the payment code has already found. */
async function describeOrder(q: Q, order: PaymentOrderRow) {
  return presentOrder((await retrieveOrderDetail(q, order.id))!);
}

// ---------------------------------------------------------------- the calls

export interface PaymentSummary {
  payment_id: number;
  order_id: number;
  payment_type_id: number;
  /** created | pending | waiting_3ds | succeeded | declined | cancelled */
  status: string;
  amount: number;
  confirmation_url: string | null;
  decline_reason: string | null;
  paid_at: string | null;
  receipt: Receipt | null;
}

export const summarizePayment = (p: PaymentRow): PaymentSummary => ({
  payment_id: p.id,
  order_id: p.order_id,
  payment_type_id: p.payment_type_id,
  status: p.status,
  amount: p.amount,
  confirmation_url: OPEN_PAYMENT_STATUSES.includes(p.status as (typeof OPEN_PAYMENT_STATUSES)[number])
    ? p.confirmation_url
    : null,
  decline_reason: p.decline_reason,
  paid_at: p.paid_at,
  receipt: p.receipt as Receipt | null,
});

/** Why an order cannot be paid now, as a 409. */
function refuseUnpayable(order: PaymentOrderRow): never {
  if (isOrderPaid(order.payment_status_oi)) throw new ApiError(409, 'Заказ уже оплачен');
  if (!isOrderActive(order.status_id)) throw new ApiError(409, 'Заказ отменён или завершён');
  throw new ApiError(409, 'Этот заказ оплачивается при получении', {
    order_id: ['Онлайн-оплата для заказа недоступна'],
  });
}

/** The virtual payment a create-payment call asks for (none: the first offered; the order's own type: its kind). */
function chooseOffer(order: PaymentOrderRow, wanted: number | undefined): PaymentMethod {
  const offers = paymentOffers(order);
  if (offers.length === 0) refuseUnpayable(order);
  if (wanted === undefined) return offers[0]!;
  const exact = offers.find((p) => p.id === wanted);
  if (exact) return exact;
  if (wanted === order.payment_type) {
    const sameKind = offers.find((p) => methodKindOf(p.id) === methodKindOf(wanted));
    if (sameKind) return sameKind;
  }
  throw new ApiError(422, 'Проверьте параметры запроса', {
    payment_type_id: ['Этот способ оплаты недоступен для заказа'],
  });
}

async function startSession(
  q: Q,
  provider: PaymentProvider,
  order: PaymentOrderRow,
  paymentId: number,
  paymentTypeId: number,
) {
  const amount = waitingSum(order);
  const receipt = await receiptFor(q, order, amount, new Date());
  const session = await provider.createPayment({
    paymentId,
    orderId: order.id,
    amount,
    method: methodKindOf(paymentTypeId),
    receipt,
    returnUrl: `/cart/success/${order.id}`,
    description: `Оплата заказа №${order.id}`,
  });
  await setPaymentSession(q, paymentId, { ...session, amount, receipt });
}

/**
 * POST /create-payment: a payment of what is left to pay, started at the provider. While a payment
 * of the same kind is still open it is answered again (created false), never a second one.
 */
export async function createPayment(
  deps: ApiDeps,
  requester: Requester,
  input: { orderId: number; paymentTypeId?: number | undefined },
): Promise<{ payment: PaymentSummary; created: boolean }> {
  const provider = deps.adapters.paymentProvider;
  return deps.handle.transaction(async (tx) => {
    const order = await ownOrder(tx, requester, input.orderId, true);
    const offer = chooseOffer(order, input.paymentTypeId);
    const open = await retrieveOpenPayment(tx, order.id);
    if (
      open &&
      open.payment_type_id === offer.id &&
      open.amount === waitingSum(order) &&
      open.provider === provider.name &&
      open.provider_payment_id &&
      (await provider.isOpen(open.provider_payment_id))
    ) {
      return { payment: summarizePayment(open), created: false };
    }
    if (open) await cancelPayment(tx, open.id);
    const id = await insertPayment(tx, {
      orderId: order.id,
      paymentTypeId: offer.id,
      amount: waitingSum(order),
      provider: provider.name,
      receipt: {},
    });
    await startSession(tx, provider, order, id, offer.id);
    return { payment: summarizePayment((await retrievePayment(tx, id))!), created: true };
  });
}

/** POST /init-payment/{id}: the payment's provider page; a declined or cancelled payment gets a new session. */
export async function initPayment(deps: ApiDeps, requester: Requester, paymentId: number): Promise<PaymentSummary> {
  const provider = deps.adapters.paymentProvider;
  return deps.handle.transaction(async (tx) => {
    const { payment: found } = await ownPayment(tx, requester, paymentId);
    const order = (await retrievePaymentOrder(tx, found.order_id, { lock: true }))!;
    const payment = (await retrievePayment(tx, paymentId, { lock: true }))!;
    if (payment.status === 'succeeded') throw new ApiError(409, 'Платёж уже проведён');
    if (!canRepay(order)) refuseUnpayable(order);
    const open = await retrieveOpenPayment(tx, order.id);
    if (
      open?.id === payment.id &&
      payment.provider_payment_id &&
      payment.amount === waitingSum(order) &&
      (await provider.isOpen(payment.provider_payment_id))
    ) {
      return summarizePayment(payment);
    }
    if (open && open.id !== payment.id) await cancelPayment(tx, open.id);
    await startSession(tx, provider, order, payment.id, payment.payment_type_id);
    return summarizePayment((await retrievePayment(tx, payment.id))!);
  });
}

/** GET /payment-action-status/{id}: a payment's state for polling. */
export async function paymentStatus(deps: ApiDeps, requester: Requester, paymentId: number) {
  const { payment, order } = await ownPayment(deps.handle, requester, paymentId);
  return {
    ...summarizePayment(payment),
    receipt: undefined,
    order_paid: isOrderPaid(order.payment_status_oi),
  };
}

/** GET /v3/customer/orders/payment/{id}: a payment with its receipt. */
export async function customerPayment(deps: ApiDeps, requester: Requester, paymentId: number) {
  const { payment } = await ownPayment(deps.handle, requester, paymentId);
  return summarizePayment(payment);
}

/** GET /payment/virtual: every virtual payment, or those an order may use. */
export async function virtualPayments(deps: ApiDeps, requester: Requester, orderId: number | undefined) {
  if (orderId === undefined) return [...VIRTUAL_PAYMENTS];
  return paymentOffers(await ownOrder(deps.handle, requester, orderId));
}

/** GET /payment-info/{orderId}: the Payment page state of SPEC §3. */
export async function paymentInfo(deps: ApiDeps, requester: Requester, orderId: number) {
  const q = deps.handle;
  const order = await ownOrder(q, requester, orderId);
  const [lines, latest] = await Promise.all([listPaymentOrderLines(q, order.id), retrieveLatestPayment(q, order.id)]);
  const described = await describeOrder(q, order);
  const prepaid = isPrepaidType(order.payment_type);
  return {
    payments: paymentOffers(order),
    order: described,
    paymentStatus: latest?.status ?? null,
    paymentStatusOi: order.payment_status_oi,
    /** Lines paid online, with the kopecks each one costs. */
    prepaidBasket: prepaid ? lines.map((l) => ({ product_id: l.product_id, amount: l.final_price * l.qty })) : [],
    selectedPayment: latest?.payment_type_id ?? paymentOffers(order)[0]?.id ?? null,
    status: (described.is_cancelled ? 'cancelled' : described.is_paid ? 'paid' : 'active') as
      'cancelled' | 'paid' | 'active',
    can_repayment: described.can_repayment,
    last_payment: latest ? summarizePayment(latest) : null,
    is_contact_centre_order: order.order_type_id === CONTACT_CENTRE_ORDER_TYPE,
  };
}

// ---------------------------------------------------------------- the provider's callback

export type CallbackResult =
  { status: 200; outcome: 'applied' | 'repeated' | 'ignored' } | { status: 401 | 404 | 422; message: string };

/**
 * A provider callback: the signature over the raw body first (a bad one is stored, logged and
 * refused); then, in one transaction with the order row locked, the event once: a repeated event id
 * changes nothing. A success marks the payment and the order paid and writes «Оплата получена» to
 * the outbox; a decline keeps the order unpaid (it can be paid again).
 */
export async function takeCallback(
  deps: ApiDeps,
  rawBody: string,
  signature: string | undefined,
  traceId: string,
): Promise<CallbackResult> {
  const provider = deps.adapters.paymentProvider;
  const eventIdRaw = provider.eventIdOf(rawBody);
  const payload = (() => {
    try {
      return JSON.parse(rawBody) as unknown;
    } catch {
      return { raw: rawBody.slice(0, 2000) };
    }
  })();
  if (!provider.verifyCallback(rawBody, signature)) {
    await insertPaymentCallback(deps.handle, {
      provider: provider.name,
      eventId: eventIdRaw ?? '',
      paymentId: null,
      signatureValid: false,
      payload: payload ?? {},
    });
    deps.logger.warn('payment callback refused: bad signature', {
      trace_id: traceId,
      provider: provider.name,
      event_id: eventIdRaw,
      signature: signature ? 'invalid' : 'missing',
    });
    return { status: 401, message: 'Неверная подпись уведомления' };
  }
  const event = provider.parseEvent(rawBody);
  if (!event) return { status: 422, message: 'Некорректное уведомление о платеже' };

  return deps.handle.transaction(async (tx): Promise<CallbackResult> => {
    const found = await tx.query<{ id: number; order_id: number }>(
      `select id, order_id from payments where provider = $1 and provider_payment_id = $2`,
      [provider.name, event.providerPaymentId],
    );
    const ref = found[0];
    // The order first, then the payment: the same lock order as create-payment, so no deadlock.
    const order = ref ? await retrievePaymentOrder(tx, ref.order_id, { lock: true }) : null;
    const payment = ref ? await retrievePayment(tx, ref.id, { lock: true }) : null;
    if (await callbackSeen(tx, provider.name, event.eventId)) {
      deps.logger.info('payment callback repeated', { trace_id: traceId, event_id: event.eventId });
      return { status: 200, outcome: 'repeated' };
    }
    await insertPaymentCallback(tx, {
      provider: provider.name,
      eventId: event.eventId,
      paymentId: payment?.id ?? null,
      signatureValid: true,
      payload,
    });
    if (!payment || !order) {
      deps.logger.warn('payment callback for an unknown payment', { trace_id: traceId, event_id: event.eventId });
      return { status: 404, message: 'Платёж не найден' };
    }
    if (event.amount !== payment.amount) {
      deps.logger.warn('payment callback amount differs', {
        trace_id: traceId,
        event_id: event.eventId,
        payment_id: payment.id,
        expected: payment.amount,
        got: event.amount,
      });
      return { status: 422, message: 'Сумма уведомления не совпадает с платежом' };
    }
    if (payment.status === 'succeeded') return { status: 200, outcome: 'ignored' };

    if (event.status === 'declined') {
      await markPaymentDeclined(tx, payment.id, event.reason);
      deps.logger.info('payment declined', { trace_id: traceId, payment_id: payment.id, reason: event.reason });
      return { status: 200, outcome: 'applied' };
    }

    await markPaymentSucceeded(tx, payment.id);
    // The receipt is issued with the money: the VAT rates of this moment (a payment started on
    // 31 December and paid on 1 January 2026 is a 22 % sale).
    await setPaymentReceipt(tx, payment.id, await receiptFor(tx, order, payment.amount, new Date()));
    if (isOrderPaid(order.payment_status_oi) || !isOrderActive(order.status_id)) {
      // Money came for an order that is already paid or closed: kept for an operator to refund, unless the
      // order is cancelled, whose payments go back at once (decision 0052; the order row is locked).
      deps.logger.warn('payment succeeded for an order already paid or closed', {
        trace_id: traceId,
        payment_id: payment.id,
        order_id: order.id,
      });
      if (isOrderCancelled(order.status_id)) {
        await refundCancelledOrder(
          tx,
          { paymentProvider: provider, logger: deps.logger },
          order.id,
          'paid-after-cancel',
        );
      }
      return { status: 200, outcome: 'applied' };
    }
    await markOrderPaid(tx, order.id, payment.amount);
    await issueOrderCertificates(tx, order.id, deps.adapters.notifier);
    // «Частями»: the first part paid starts the plan of four payments (issue 17).
    await startPartsPlan(tx, deps.adapters.notifier, order.id);
    const text = `Оплата получена: заказ №${order.id}, ${formatPrice(payment.amount)}. Спасибо за покупку!`;
    const notifier = deps.adapters.notifier;
    const details = { order_id: order.id, payment_id: payment.id, amount: payment.amount };
    await notifier.send(
      { channel: 'sms', recipient: order.mobile_phone, template: 'payment-succeeded', body: text, payload: details },
      tx,
    );
    if (order.email) {
      await notifier.send(
        {
          channel: 'email',
          recipient: order.email,
          template: 'payment-succeeded',
          subject: `Оплата получена — заказ №${order.id}`,
          body: text,
          payload: details,
        },
        tx,
      );
    }
    deps.logger.info('payment succeeded', { trace_id: traceId, payment_id: payment.id, order_id: order.id });
    return { status: 200, outcome: 'applied' };
  });
}
