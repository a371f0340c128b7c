// A completed order returned within the return window (issue 15, decision 0061). ЗоЗПП art. 25 gives a
// shopper 14 days to return goods of proper quality; the store's accrued «Мультионы» wait exactly as long
// before they become usable (LOYALTY_RULES.availableAfterDays), so the window is one constant: while it is
// open the accrual is still pending and can be cancelled without touching bonuses the shopper may spend.
import { LOYALTY_RULES, formatBonuses } from './loyalty.ts';
import { paymentMethodById } from './payment-methods.ts';
import { isOrderPaid } from './order-status.ts';

const DAY_MS = 86_400_000;

/** Days after completion a completed order may be returned (and its accrual is pending). */
export const RETURN_WINDOW_DAYS = LOYALTY_RULES.availableAfterDays;

/** The moment the return window closes: the same moment the order's accrual becomes usable. */
export function returnDeadline(completedAt: Date): Date {
  return new Date(completedAt.getTime() + RETURN_WINDOW_DAYS * DAY_MS);
}

export const isWithinReturnWindow = (completedAt: Date, now: Date) =>
  now.getTime() < returnDeadline(completedAt).getTime();

// Date and time apart: ICU versions join them differently (« в » or «, »). Made on first use, not when the
// module loads: every page's bundle holds this module, and an Intl formatter costs a phone tens of
// milliseconds to make (decision 0063).
let moscowDate: Intl.DateTimeFormat | undefined;
let moscowTime: Intl.DateTimeFormat | undefined;
const dayMonthYear = (d: Date) => {
  moscowDate ??= new Intl.DateTimeFormat('ru-RU', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: 'Europe/Moscow',
  });
  moscowTime ??= new Intl.DateTimeFormat('ru-RU', {
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
    timeZone: 'Europe/Moscow',
  });
  return `${moscowDate.format(d)}, ${moscowTime.format(d)}`;
};

export const ORDER_RETURN_MESSAGES = {
  notFound: 'Заказ не найден',
  notCompleted: 'Вернуть можно только выполненный заказ; заказ, который ещё не получен, отменяют',
  cancelled: 'Заказ отменён: его нельзя вернуть',
  windowClosed: (deadline: Date) =>
    `Срок возврата истёк ${dayMonthYear(deadline)} (мск): бонусы за заказ уже доступны. ` +
    'Товар с недостатком принимается по гарантии',
  certificatesSold: 'Заказ продал подарочные сертификаты: их возврат оформляет контакт-центр',
  /** The operator «complete» call on a prepaid order the shopper has not paid. */
  unpaidCompletion: 'Заказ не оплачен: отметить его выполненным можно после оплаты',
} as const;

/**
 * Why an order cannot be marked completed (null: it can): a prepaid method (card, SBP, «Частями») that
 * was never paid means the goods were not handed over against money, so no bonuses may start accruing.
 */
export function completionRefusal(order: { paymentTypeId: number; paymentStatusOi: number }): string | null {
  const prepaid = paymentMethodById(order.paymentTypeId)?.prepaid ?? false;
  return prepaid && !isOrderPaid(order.paymentStatusOi) ? ORDER_RETURN_MESSAGES.unpaidCompletion : null;
}

/**
 * The bonuses of a line's accrual `accrual` (for `qty` units) that `returned` more returned units cancel,
 * `before` units having been returned already: `⌊a·k/qty⌋` differences, like the refund's kopecks
 * (decision 0058), so every partial return of a line adds up to the line's whole accrual and none is negative.
 */
export function accrualShareCancelled(accrual: number, qty: number, before: number, returned: number): number {
  if (qty <= 0 || accrual <= 0 || returned <= 0) return 0;
  const after = Math.min(qty, before + returned);
  const done = Math.min(qty, before);
  return Math.floor((accrual * after) / qty) - Math.floor((accrual * done) / qty);
}

/** The bonus sentence of the return's SMS ('' when the order had no bonuses). */
export function returnBonusText(facts: { accrualCancelled: number; bonusesReturned: number }): string {
  const parts: string[] = [];
  if (facts.bonusesReturned > 0) {
    parts.push(`${formatBonuses(facts.bonusesReturned)} за оплату заказа вернулись на карту «Мультионы».`);
  }
  if (facts.accrualCancelled > 0) parts.push(`Начисление за заказ отменено: ${formatBonuses(facts.accrualCancelled)}.`);
  return parts.join(' ');
}
