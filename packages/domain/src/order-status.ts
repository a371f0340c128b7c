// Order status rules of SPEC §4 Order status: which orders are active, cancelled or paid, the
// shopper-facing text of each status, the delivery line and the shelf life of an order.
import { ORDER_SHELF_LIFE_DAYS } from './constants.ts';

/** Status ids that end an order: cancelled (I), unreachable (Z) and finished (F). */
export const INACTIVE_ORDER_STATUSES: readonly string[] = ['I', 'Z', 'F'];
export const CANCELLED_ORDER_STATUS = 'I';
/** The status-oi id of an unpaid order; every other value counts as paid. */
export const UNPAID_STATUS_OI = 1;
/** Order type whose orders the contact centre confirms by phone. */
export const CONTACT_CENTRE_ORDER_TYPE = 17;

export const isOrderActive = (statusId: string | number) => !INACTIVE_ORDER_STATUSES.includes(String(statusId));
export const isOrderCancelled = (statusId: string | number) => String(statusId) === CANCELLED_ORDER_STATUS;
export const isOrderPaid = (statusOiId: number | null | undefined) => statusOiId !== UNPAID_STATUS_OI;

const CALL_TO_CLARIFY = 'Мы позвоним вам, чтобы уточнить детали заказа';

/** The explanation shown under an order's status (SPEC §4), or null when the status needs none. */
export function orderStatusText(statusId: string | number): string | null {
  switch (String(statusId)) {
    case '7':
      return 'Предзаказ: сообщим, когда товар поступит';
    case '23':
      return 'Стоимость будет рассчитана после одобрения кредита';
    case '34':
      return 'Стоимость будет рассчитана после оплаты';
    case 'Z':
      return 'Не удалось дозвониться до вас';
    case 'M':
    case 'X':
    case 'O':
    case '22':
      return CALL_TO_CLARIFY;
    case 'I':
      return 'Заказ отменён';
    default:
      return null;
  }
}

/** Moscow calendar date (YYYY-MM-DD) of a date plus `days`; the input is a YYYY-MM-DD date or an ISO time. */
function addDays(date: string, days: number): string | null {
  const day = /^\d{4}-\d{2}-\d{2}/.exec(date)?.[0];
  if (!day) return null;
  const time = Date.parse(`${day}T00:00:00Z`);
  if (Number.isNaN(time)) return null;
  return new Date(time + days * 86_400_000).toISOString().slice(0, 10);
}

/** The last day an order can be collected: its delivery date plus 5 days (YYYY-MM-DD), or null. */
export function orderShelfLifeDate(deliveryDate: string | null | undefined): string | null {
  return deliveryDate ? addDays(deliveryDate, ORDER_SHELF_LIFE_DAYS) : null;
}

export interface OrderDeliveryInput {
  statusId: string | number;
  orderTypeId: number | null;
  /** The delivery date (YYYY-MM-DD) and time window ('10:00 - 22:00'), when known. */
  deliveryDate: string | null;
  interval: string | null;
}

export type OrderDeliveryLine =
  { kind: 'contact-centre'; text: string } | { kind: 'none' } | { kind: 'date'; date: string; interval: string | null };

/**
 * What an order says about its delivery (SPEC §4): type 17 says the contact centre will call;
 * a cancelled type-17 order says nothing; any other order shows its date and time window.
 */
export function orderDeliveryLine(order: OrderDeliveryInput): OrderDeliveryLine {
  if (order.orderTypeId === CONTACT_CENTRE_ORDER_TYPE) {
    if (isOrderCancelled(order.statusId)) return { kind: 'none' };
    return { kind: 'contact-centre', text: 'С вами свяжется оператор контакт-центра' };
  }
  if (!order.deliveryDate) return { kind: 'none' };
  return { kind: 'date', date: order.deliveryDate, interval: order.interval };
}
