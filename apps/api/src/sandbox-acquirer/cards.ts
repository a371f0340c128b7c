// The sandbox acquirer's test cards and its card form rules: what each test card does, and the
// checks a real card form makes (Luhn number, a month/year not in the past, a three-digit CVC, the
// holder's name in Latin letters as embossed).
import { FORM_MESSAGES, luhnValid } from '@store/domain';

export const TEST_CARDS = [
  { number: '4111 1111 1111 1111', outcome: 'success', label: 'Успешная оплата' },
  { number: '4000 0000 0000 0002', outcome: 'decline', label: 'Отказ: «Недостаточно средств»' },
  { number: '4000 0000 0000 3220', outcome: '3ds', label: 'Подтверждение 3-D Secure (код 123456)' },
] as const;

export const THREE_DS_CODE = '123456';
export const DECLINE_REASONS = {
  insufficientFunds: 'Недостаточно средств',
  wrongCode: 'Неверный код подтверждения 3-D Secure',
  unknownCard: 'Карта не принимается в тестовом режиме',
  refused: 'Покупатель отказался от оплаты',
} as const;

export type CardOutcome = { kind: 'success' } | { kind: '3ds' } | { kind: 'decline'; reason: string };

export interface CardForm {
  number: string;
  expiry: string;
  cvc: string;
  holder: string;
}

export const digitsOf = (value: string) => value.replace(/[\s-]/g, '');

/** Field errors of a card form (empty when it may be sent); `now` decides whether the card has expired. */
export function validateCardForm(form: CardForm, now: Date): Partial<Record<keyof CardForm, string>> {
  const errors: Partial<Record<keyof CardForm, string>> = {};
  const number = digitsOf(form.number);
  if (number === '') errors.number = FORM_MESSAGES.required;
  else if (!/^\d+$/.test(number)) errors.number = FORM_MESSAGES.numeric;
  else if (number.length < 16 || number.length > 19 || !luhnValid(number)) errors.number = 'Проверьте номер карты';

  const expiry = /^\s*(\d{2})\s*\/\s*(\d{2})\s*$/.exec(form.expiry);
  if (form.expiry.trim() === '') errors.expiry = FORM_MESSAGES.required;
  else if (!expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12) errors.expiry = 'Укажите срок в виде ММ/ГГ';
  else {
    const month = Number(expiry[1]);
    const year = 2000 + Number(expiry[2]);
    const current = now.getUTCFullYear() * 12 + now.getUTCMonth();
    if (year * 12 + (month - 1) < current) errors.expiry = 'Срок действия карты истёк';
  }

  if (form.cvc.trim() === '') errors.cvc = FORM_MESSAGES.required;
  else if (!/^\d{3}$/.test(form.cvc.trim())) errors.cvc = 'CVC — три цифры с обратной стороны карты';

  if (form.holder.trim() === '') errors.holder = FORM_MESSAGES.required;
  else if (!/^[A-Za-z][A-Za-z .'-]{1,49}$/.test(form.holder.trim()))
    errors.holder = 'Имя латинскими буквами, как на карте';
  return errors;
}

/** What paying with a (valid) card number does in the sandbox. */
export function cardOutcome(number: string): CardOutcome {
  const card = TEST_CARDS.find((c) => digitsOf(c.number) === digitsOf(number));
  if (!card) return { kind: 'decline', reason: DECLINE_REASONS.unknownCard };
  if (card.outcome === 'decline') return { kind: 'decline', reason: DECLINE_REASONS.insufficientFunds };
  return { kind: card.outcome };
}
