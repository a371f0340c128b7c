// Paying an order online (SPEC §3 Payment, Payment page state; §5 repayment): which virtual payments
// an order may use, starting a payment at the provider with its 54-FZ receipt, and taking in the
// provider's signed callback exactly once. Every change to an order's money happens in one
// transaction with the order's row locked, so two payments or two callbacks never interleave.
import {
  CONTACT_CENTRE_ORDER_TYPE,
  DELIVERY_TYPE_IDS,
  PAYMENT_TYPE_IDS,
  VIRTUAL_PAYMENTS,
  buildReceipt,
  deliveryTypeLabel,
  formatPrice,
  isOrderActive,
  isOrderCancelled,
  isOrderPaid,
  orderDeliveryLine,
  orderPaymentState,
  orderStatusName,
  orderShelfLifeDate,
  orderStatusText,
  paymentMethodById,
  paymentsForBasket,
  repaymentOffers,
  type OrderDeliveryLine,
  type PaymentMethod,
  type Receipt,
} from '@store/domain';
import type { TransactionHandle } from '@store/db';
import type { PaymentMethodKind, PaymentProvider } from '../adapters/payment-provider.ts';
import {
  OPEN_PAYMENT_STATUSES,
  callbackSeen,
  cancelPayment,
  insertPayment,
  insertPaymentCallback,
  listOrderStatusHistory,
  listPaymentOrderLines,
  markOrderPaid,
  markPaymentDeclined,
  markPaymentSucceeded,
  retrieveLatestPayment,
  retrieveOpenPayment,
  retrievePayment,
  retrievePaymentOrder,
  retrievePaymentStore,
  type PaymentOrderLineRow,
  type PaymentOrderRow,
  type PaymentRow,
  setPaymentSession,
} from '../data/payments.ts';
import type { ApiDeps } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { ownsOrder, type Requester } from '../http/requester.ts';
import { retrieveSucceededPayment } from '../data/receipts.ts';
import { receiptLink } from './order-receipt.ts';

type Q = Pick<TransactionHandle, 'query'>;

// ---------------------------------------------------------------- order facts

export { orderStatusName };

const PICKUP_TYPES: readonly number[] = [
  1,
  DELIVERY_TYPE_IDS.supplierPickup,
  ...DELIVERY_TYPE_IDS.pickupPoint,
  ...DELIVERY_TYPE_IDS.postbox,
];
export const isPickupDelivery = (deliveryType: number) => PICKUP_TYPES.includes(deliveryType);

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
  return repaymentOffers(VIRTUAL_PAYMENTS, {
    paymentTypeId: order.payment_type,
    allowedPaymentIds: allowed.map((p) => p.id),
  });
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

/** The contract's Order object (create-order and GET /v3/customer/orders/{id} answer the same fields). */
export interface PaymentOrder {
  id: number;
  status: { id: string; text: string | null; name: string };
  statuses: { id: string; name: string; isActive: boolean; at: string }[];
  contact_name: string;
  contact_surname: string | null;
  mobile_phone: string;
  email: string | null;
  city: { id: number; name: string };
  delivery_type: number;
  delivery_type_name: string;
  delivery_address: string | null;
  cms_addressee: { id: number; name: string; address: string; work_time_line: string } | null;
  delivery_cost: number;
  delivery_date: string | null;
  delivery_time_from: string | null;
  delivery_time_to: string | null;
  delivery_line: OrderDeliveryLine;
  shelf_life_date: string | null;
  discount: number;
  sum: number;
  sum_prepaid: number;
  total_sum: number;
  waiting_sum: number;
  payment_type: number;
  payment_type_name: string;
  payment_status_oi: number;
  is_paid: boolean;
  is_active: boolean;
  is_cancelled: boolean;
  order_type_id: number;
  basket: PaymentOrderLine[];
  inserted_at: string;
  payment_required: boolean;
  can_repayment: boolean;
  /** The receipt page of a paid order, or null. */
  link_to_order_receipt: string | null;
}

async function describeOrder(q: Q, order: PaymentOrderRow, lines: PaymentOrderLineRow[]): Promise<PaymentOrder> {
  const [history, store, succeeded] = await Promise.all([
    listOrderStatusHistory(q, order.id),
    order.store_id === null ? null : retrievePaymentStore(q, order.store_id),
    retrieveSucceededPayment(q, order.id),
  ]);
  const pickup = isPickupDelivery(order.delivery_type);
  const interval =
    order.delivery_time_from && order.delivery_time_to
      ? `${order.delivery_time_from} - ${order.delivery_time_to}`
      : null;
  const paid = isOrderPaid(order.payment_status_oi);
  return {
    id: order.id,
    status: { id: order.status_id, text: orderStatusText(order.status_id), name: orderStatusName(order.status_id) },
    statuses: history.map((row, index) => ({
      id: row.status_id,
      name: orderStatusName(row.status_id),
      isActive: index === history.length - 1,
      at: row.at,
    })),
    contact_name: order.contact_name,
    contact_surname: order.contact_surname,
    mobile_phone: order.mobile_phone,
    email: order.email,
    city: { id: order.city_id, name: order.city_name ?? '' },
    delivery_type: order.delivery_type,
    delivery_type_name: deliveryTypeLabel(
      order.delivery_type,
      pickup ? 'pickup' : order.delivery_type === DELIVERY_TYPE_IDS.express ? 'courier_fast' : 'courier',
    ),
    delivery_address: order.delivery_address,
    cms_addressee: store,
    delivery_cost: order.delivery_cost,
    delivery_date: order.delivery_date,
    delivery_time_from: order.delivery_time_from,
    delivery_time_to: order.delivery_time_to,
    delivery_line: orderDeliveryLine({
      statusId: order.status_id,
      orderTypeId: order.order_type_id,
      deliveryDate: order.delivery_date,
      interval,
    }),
    shelf_life_date: pickup ? orderShelfLifeDate(order.delivery_date) : null,
    discount: order.discount,
    sum: order.sum,
    sum_prepaid: order.sum_prepaid,
    total_sum: order.total_sum,
    waiting_sum: paid ? 0 : waitingSum(order),
    payment_type: order.payment_type,
    payment_type_name: paymentMethodById(order.payment_type)?.name ?? 'Оплата',
    payment_status_oi: order.payment_status_oi,
    is_paid: paid,
    is_active: isOrderActive(order.status_id),
    is_cancelled: isOrderCancelled(order.status_id),
    order_type_id: order.order_type_id,
    basket: lines.map((l) => ({
      id: l.id,
      product_id: l.product_id,
      name: l.name,
      url: l.url,
      image: l.image,
      qty: l.qty,
      price: l.price,
      final_price: l.final_price,
      vat: l.vat,
      parent_id: l.parent_id,
      kind: l.kind,
      warranty_id: l.warranty_id,
    })),
    inserted_at: order.inserted_at,
    payment_required: isPrepaidType(order.payment_type) && !paid,
    can_repayment: canRepay(order),
    link_to_order_receipt: succeeded ? receiptLink(order.id) : null,
  };
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

async function receiptFor(q: Q, order: PaymentOrderRow, amount: number): Promise<Receipt> {
  const lines = await listPaymentOrderLines(q, order.id);
  return buildReceipt({
    lines: lines.map((l) => ({ name: l.name, qty: l.qty, finalPrice: l.final_price, vat: l.vat, kind: l.kind })),
    deliveryCost: order.delivery_cost,
    amount,
    customer: { phone: order.mobile_phone, email: order.email },
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
  const receipt = await receiptFor(q, order, amount);
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
  const described = await describeOrder(q, order, lines);
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
    if (isOrderPaid(order.payment_status_oi) || !isOrderActive(order.status_id)) {
      // Money came for an order that is already paid or closed: kept for an operator to refund.
      deps.logger.warn('payment succeeded for an order already paid or closed', {
        trace_id: traceId,
        payment_id: payment.id,
        order_id: order.id,
      });
      return { status: 200, outcome: 'applied' };
    }
    await markOrderPaid(tx, order.id, payment.amount);
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
