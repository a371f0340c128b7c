// «Частями» (payment 19, issue 17): the limit check by phone (§7 POST /broker/revo/limit), the check
// create-order asks for, the order's plan of four payments, and the plan starting when the acquirer
// takes the first part (the order counts as paid then: the provider finances the rest).
import type { TransactionHandle } from '@store/db';
import {
  PAYMENT_TYPE_IDS,
  formatPrice,
  normalizePhone,
  partsRefusal,
  partsSchedule,
  validateMobilePhone,
  type PartsLimit,
} from '@store/domain';
import type { PayInPartsProvider } from '../adapters/pay-in-parts.ts';
import type { Notifier } from '../adapters/notifications.ts';
import {
  activatePartsPlan,
  cancelPartsPlanRow,
  insertPartsCheck,
  insertPartsPlan,
  retrievePartsPlan,
  retrieveRecentPartsCheck,
  type PartsPlanRow,
} from '../data/pay-in-parts.ts';
import { ApiError } from '../http/errors.ts';

type Q = Pick<TransactionHandle, 'query'>;

/** How long a checked limit serves checkout (§9: a constant of 30 minutes). */
export const PARTS_CHECK_VALID_MIN = 30;

const today = () => new Date().toISOString().slice(0, 10);

/** The §3 checkout state names for a limit answer. */
export function partsLimitAnswer(phone: string, limit: PartsLimit) {
  return {
    phone,
    status: limit.status,
    mokkaCreditLimit: limit.creditLimit,
    mokkaRange: limit.range,
    mokkaWarranty: limit.warranty,
    message:
      limit.status === 'approved'
        ? `Доступно до ${formatPrice(limit.creditLimit)}: 4 платежа раз в две недели`
        : limit.status === 'declined'
          ? 'Для этого номера оплата частями недоступна'
          : 'Сервис «Частями» сейчас не отвечает. Попробуйте через несколько минут',
  };
}

/** POST /broker/revo/limit: the provider's limit for the phone, kept for the basket that asked. */
export async function checkPartsLimit(q: Q, provider: PayInPartsProvider, basketId: string | null, phoneInput: string) {
  const message = validateMobilePhone(phoneInput);
  if (message) throw new ApiError(422, 'Проверьте номер телефона', { phone: [message] });
  const phone = normalizePhone(phoneInput)!;
  const limit = await provider.limit(phone);
  if (basketId) await insertPartsCheck(q, basketId, phone, provider.name, limit);
  return partsLimitAnswer(phone, limit);
}

/**
 * Why create-order refuses payment 19 for this basket, phone and total (null: it may). The limit is
 * the one this basket checked for the order's phone within PARTS_CHECK_VALID_MIN.
 */
export async function partsRefusalForOrder(
  q: Q,
  basketId: string,
  phoneInput: string | null | undefined,
  order: { total: number; hasWarranties: boolean },
): Promise<string | null> {
  const phone = phoneInput ? normalizePhone(phoneInput) : null;
  if (!phone) return null; // The contacts' own error says what is wrong with the phone.
  return partsRefusal(await retrieveRecentPartsCheck(q, basketId, phone, PARTS_CHECK_VALID_MIN), order);
}

/** In create-order's transaction: the plan of a new order paid «Частями» (the dates are counted again on payment). */
export async function openPartsPlan(
  tx: Q,
  provider: string,
  order: { id: number; payment_type: number; total_sum: number; mobile_phone: string },
) {
  if (order.payment_type !== PAYMENT_TYPE_IDS.buyNowPayLater) return;
  await insertPartsPlan(tx, {
    orderId: order.id,
    phone: order.mobile_phone,
    provider,
    total: order.total_sum,
    schedule: partsSchedule(order.total_sum, today()),
  });
}

/**
 * In the payment callback's transaction, once the first part is paid: the plan starts today and its
 * schedule goes to the outbox. Nothing for an order without a plan or a plan already running.
 */
export async function startPartsPlan(tx: TransactionHandle, notifier: Notifier, orderId: number) {
  const plan = await retrievePartsPlan(tx, orderId, true);
  if (!plan || plan.status !== 'waiting') return false;
  const schedule = partsSchedule(plan.total, today());
  if (!(await activatePartsPlan(tx, orderId, schedule))) return false;
  const lines = schedule
    .map((p) => `${p.n}. ${p.date} — ${formatPrice(p.amount)}${p.n === 1 ? ' (оплачен)' : ''}`)
    .join('\n');
  await notifier.send(
    {
      channel: 'sms',
      recipient: plan.phone,
      template: 'parts-schedule',
      body: `Мультицентр: заказ №${orderId} оплачивается частями. График платежей:\n${lines}`,
      payload: { order_id: orderId, schedule },
    },
    tx,
  );
  return true;
}

export const PARTS_CANCEL_UNAVAILABLE =
  'Сервис «Частями» сейчас не отвечает, поэтому заказ пока не отменён. Попробуйте через несколько минут';

/**
 * With the cancelled order's row locked: the provider stops the schedule, then the plan is marked
 * cancelled. Nothing for an order without a plan or one already cancelled. The provider not answering
 * throws, so the cancellation is not written and the shopper may try again.
 */
export async function cancelPartsPlan(tx: Q, provider: PayInPartsProvider, orderId: number) {
  const plan = await retrievePartsPlan(tx, orderId, true);
  if (!plan || plan.status === 'cancelled') return false;
  try {
    await provider.cancelPlan({ orderId, phone: plan.phone, total: plan.total });
  } catch {
    throw new ApiError(503, PARTS_CANCEL_UNAVAILABLE);
  }
  return cancelPartsPlanRow(tx, orderId);
}

export interface PartsPlanView {
  status: PartsPlanRow['status'];
  status_name: string;
  total: number;
  schedule: { n: number; date: string; amount: number; paid: boolean }[];
}

export async function partsPlanView(q: Q, orderId: number): Promise<PartsPlanView | null> {
  const plan = await retrievePartsPlan(q, orderId);
  if (!plan) return null;
  return {
    status: plan.status,
    status_name:
      plan.status === 'cancelled'
        ? 'Отменён: следующие платежи не спишутся'
        : plan.status === 'active'
          ? 'Первый платёж внесён'
          : 'Ждёт первого платежа',
    total: plan.total,
    // A cancelled plan had its first part paid when it was activated before (that part is refunded).
    schedule: plan.schedule.map((p) => ({ ...p, paid: plan.activated_at !== null && p.n === 1 })),
  };
}
