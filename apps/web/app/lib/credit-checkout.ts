// Credit in checkout's payment step (issue 17): payment 20 offered as its bank instalment variants
// (0-0-24, 0-0-36) when the basket qualifies, and the monthly payment under credit in the store (12),
// credit online (13) and loan (48). The figures come from GET /v2/credit/checkout-options, which
// create-order checks again, so what the shopper picks is what the application opens with.
import type { CreditCheckoutOptionsAnswer, Payment } from '@store/api-client';
import { INSTALMENT_LABELS, PAYMENT_TYPE_IDS, formatPrice, pluralize, type InstalmentLabel } from '@store/domain';

export type CreditOptions = CreditCheckoutOptionsAnswer;

/** One radio of the payment step: a payment, or one variant of payment 20 (value «20:0-0-36»). */
export interface PaymentChoice {
  value: string;
  payment: Payment;
  note: string | null;
  disabledReason: string | null;
}

const INSTALMENT = PAYMENT_TYPE_IDS.bankInstalment;
const NO_VARIANT = 'Для этих товаров или суммы рассрочка от банка недоступна';

export const choiceValue = (paymentId: number | null, label: string | null | undefined) =>
  paymentId === null ? null : paymentId === INSTALMENT && label ? `${paymentId}:${label}` : String(paymentId);

/** A posted `payment_type` radio: the payment id and, for payment 20, the variant. */
export function readPaymentChoice(
  raw: FormDataEntryValue | null,
): { paymentType: number; label: InstalmentLabel | null } | null {
  const match = typeof raw === 'string' ? /^(\d{1,4})(?::(0-0-\d{1,2}))?$/.exec(raw.trim()) : null;
  if (!match) return null;
  const paymentType = Number(match[1]);
  const label = INSTALMENT_LABELS.find((l) => l === match[2]) ?? null;
  return { paymentType, label: paymentType === INSTALMENT ? label : null };
}

const months = (n: number) => `${n} ${pluralize(n, ['месяц', 'месяца', 'месяцев'])}`;

/**
 * The radios of one payment: payment 20 becomes one per variant (none qualifying: one disabled
 * radio saying why); 12, 13 and 48 carry their monthly payment; others stay as they are.
 */
export function paymentChoices(
  payment: Payment,
  disabledReason: string | null,
  credit: CreditOptions | null,
): PaymentChoice[] {
  if (payment.id === INSTALMENT) {
    const variants = credit?.instalments ?? [];
    if (variants.length === 0) {
      return [{ value: String(payment.id), payment, note: null, disabledReason: disabledReason ?? NO_VARIANT }];
    }
    return variants.map((v) => ({
      value: `${payment.id}:${v.label}`,
      payment: {
        ...payment,
        name: `Рассрочка ${v.label}`,
        description: `${months(v.months)} без переплаты и первого взноса · ${v.banks.join(', ')}`,
      },
      note: `${formatPrice(v.monthly_payment)} в месяц`,
      disabledReason,
    }));
  }
  const monthly = credit?.monthly.find((m) => m.payment_type_id === payment.id);
  const note = monthly
    ? `${payment.id === PAYMENT_TYPE_IDS.creditOnPlace ? 'Примерно' : 'От'} ${formatPrice(monthly.monthly_payment)} в месяц на ${months(monthly.months)}`
    : null;
  return [{ value: String(payment.id), payment, note, disabledReason }];
}

/** Why a posted choice may not be taken (null: it may). */
export function choiceRefusal(
  choice: { paymentType: number; label: string | null },
  credit: CreditOptions | null,
): string | null {
  if (choice.paymentType !== INSTALMENT) return null;
  const variants = credit?.instalments ?? [];
  if (variants.length === 0) return NO_VARIANT;
  return choice.label && variants.some((v) => v.label === choice.label) ? null : 'Выберите рассрочку 0-0-24 или 0-0-36';
}

/** The payment's name in the order summary: the variant for payment 20. */
export const paymentTitle = (payment: Payment | null, label: string | null | undefined) =>
  payment ? (payment.id === INSTALMENT && label ? `Рассрочка ${label}` : payment.name) : null;
