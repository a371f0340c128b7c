// An order's life after checkout (SPEC §3 Order, §4 Order status): the status names the shopper
// sees, which orders can still be cancelled, what is left to pay online, and how an order's units
// are taken from the stores of a city. The §4 texts and activity rules are in order-status.ts.
import { PAYMENT_TYPE_IDS } from './constants.ts';
import { GENITIVE_MONTHS } from './delivery-time.ts';
import { isOrderActive, isOrderPaid } from './order-status.ts';
import { paymentMethodById } from './payment-methods.ts';
import { partsFirstPayment } from './pay-in-parts.ts';

/** Status ids of a new order: an ordinary one is accepted (N), one with a preorder line waits for the goods (7). */
export const NEW_ORDER_STATUS = 'N';
export const PREORDER_STATUS = '7';
export const PAID_ORDER_STATUS = 'P';

/** Names of the statuses; the ones the SPEC does not name are worded by us from their §4 meaning. */
export const ORDER_STATUS_NAMES: Readonly<Record<string, string>> = {
  N: 'Принят',
  '7': 'Предзаказ',
  P: 'Оплачен',
  I: 'Отменён',
  F: 'Выполнен',
  '23': 'Ожидает одобрения кредита',
  '34': 'Ожидает оплаты',
  Z: 'Не удалось дозвониться',
  M: 'Уточняется',
  X: 'Уточняется',
  O: 'Уточняется',
  '22': 'Уточняется',
};

export const orderStatusName = (statusId: string | number): string =>
  ORDER_STATUS_NAMES[String(statusId)] ?? 'В обработке';

/** Statuses in which the order is not yet handed over, so the shopper may cancel it. */
/** 23: waiting for the bank (issue 17); cancelling it cancels the credit application too. */
export const CANCELABLE_ORDER_STATUSES: readonly string[] = [
  NEW_ORDER_STATUS,
  PREORDER_STATUS,
  PAID_ORDER_STATUS,
  '23',
];

export const isOrderCancelable = (statusId: string | number) =>
  isOrderActive(statusId) && CANCELABLE_ORDER_STATUSES.includes(String(statusId));

export const initialOrderStatus = (hasPreorderLine: boolean) => (hasPreorderLine ? PREORDER_STATUS : NEW_ORDER_STATUS);

/** Card to the courier (2) has no checkout method of its own, so it is named here. */
const COURIER_PAYMENT_NAMES: Readonly<Record<number, string>> = {
  [PAYMENT_TYPE_IDS.courierOnline]: 'Картой курьеру',
};

export function paymentTypeName(paymentTypeId: number): string {
  return paymentMethodById(paymentTypeId)?.name ?? COURIER_PAYMENT_NAMES[paymentTypeId] ?? 'Другой способ оплаты';
}

export interface OrderPaymentFacts {
  paymentTypeId: number;
  statusId: string;
  paymentStatusOi: number;
  totalSum: number;
  sumPrepaid: number;
}

/**
 * What the order still asks of the shopper: a prepaid method (card, SBP, paying in parts) that is
 * not paid yet must be paid online (`paymentRequired`), and can be paid again after a decline while
 * the order is active (`canRepayment`). `waitingSum` is the amount still to pay online, kopecks.
 */
export function orderPaymentState(order: OrderPaymentFacts) {
  const prepaid = paymentMethodById(order.paymentTypeId)?.prepaid ?? false;
  const unpaid = !isOrderPaid(order.paymentStatusOi);
  const paymentRequired = prepaid && unpaid && isOrderActive(order.statusId);
  return {
    paymentRequired,
    canRepayment: paymentRequired,
    waitingSum: !paymentRequired
      ? 0
      : // «Частями» (19): only the first of the four parts is paid now; the provider finances the rest.
        order.paymentTypeId === PAYMENT_TYPE_IDS.buyNowPayLater && order.sumPrepaid === 0
        ? partsFirstPayment(order.totalSum)
        : Math.max(0, order.totalSum - order.sumPrepaid),
  };
}

export interface StoreStock {
  storeId: number;
  quantity: number;
}

/**
 * Takes `qty` units of one product from the city's stores: the chosen multicenter first, then the
 * other stores in the order given. Null when the city has fewer units than asked.
 */
export function allocateStock(
  qty: number,
  stores: readonly StoreStock[],
  preferredStoreId: number | null,
): { storeId: number; qty: number }[] | null {
  const ordered = [
    ...stores.filter((s) => s.storeId === preferredStoreId),
    ...stores.filter((s) => s.storeId !== preferredStoreId),
  ];
  const takes: { storeId: number; qty: number }[] = [];
  let left = qty;
  for (const store of ordered) {
    if (left === 0) break;
    const take = Math.min(left, Math.max(0, store.quantity));
    if (take > 0) {
      takes.push({ storeId: store.storeId, qty: take });
      left -= take;
    }
  }
  return left === 0 ? takes : null;
}

/** '2025-05-12' → '12 мая'; the input unchanged when it is not a YYYY-MM-DD date. */
export function formatOrderDay(date: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date);
  const month = match ? GENITIVE_MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${Number(match[3])} ${month}` : date;
}
