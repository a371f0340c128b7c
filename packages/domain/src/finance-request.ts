// Applications of the insurance and finance pages (issue 17 item 6; SPEC §2 /insurance/*, /finance/*):
// one form for every kind (name, mobile phone confirmed by SMS, e-mail, a comment, consent to personal
// data processing), an agent's also with the city. The §5 messages, one rule for the page and the API.
import { EMAIL_MAX_LENGTH, NAME_MAX_LENGTH, validateConsent, validateMobilePhone, validateText } from './validation.ts';

export const FINANCE_REQUEST_KINDS = [
  'osago',
  'property',
  'travel',
  'ipoteka',
  'accident',
  'deposit',
  'agent',
] as const;
export type FinanceRequestKind = (typeof FINANCE_REQUEST_KINDS)[number];

/** What the operator and the customer's SMS call each application. */
export const FINANCE_REQUEST_TITLES: Record<FinanceRequestKind, string> = {
  osago: 'ОСАГО',
  property: 'Страхование имущества',
  travel: 'Страхование путешественников',
  ipoteka: 'Ипотечное страхование',
  accident: 'Страхование от несчастных случаев',
  deposit: 'Вклад',
  agent: 'Стать агентом',
};

/** Statuses: new → answered (the operator called back) → closed; new → closed. */
export const FINANCE_REQUEST_STATUSES = ['new', 'answered', 'closed'] as const;
export type FinanceRequestStatus = (typeof FINANCE_REQUEST_STATUSES)[number];
export const FINANCE_REQUEST_STATUS_NAMES: Record<FinanceRequestStatus, string> = {
  new: 'Новая',
  answered: 'Обработана',
  closed: 'Закрыта',
};

/** Whether an operator may move a request from one status to another. */
export function canMoveFinanceRequest(from: FinanceRequestStatus, to: FinanceRequestStatus): boolean {
  if (from === 'closed') return false;
  if (to === 'answered') return from === 'new' || from === 'answered';
  return to === 'closed';
}

export const FINANCE_REQUEST_LIMITS = { comment: 1000, city: 60 } as const;

export interface FinanceRequestInput {
  kind: string;
  name: string;
  phone: string;
  email: string;
  city: string;
  comment: string;
  consent: boolean | string;
}
export type FinanceRequestField = keyof FinanceRequestInput;

export const isFinanceRequestKind = (value: unknown): value is FinanceRequestKind =>
  typeof value === 'string' && (FINANCE_REQUEST_KINDS as readonly string[]).includes(value);

/** An agent leaves an e-mail and a city for the contract; the others may leave the e-mail empty. */
export const financeRequestNeeds = (kind: string) => ({ email: kind === 'agent', city: kind === 'agent' });

/** The first §5 message of each field that breaks its rule; an empty object when the application is fine. */
export function validateFinanceRequest(
  input: Partial<FinanceRequestInput>,
): Partial<Record<FinanceRequestField, string>> {
  const needs = financeRequestNeeds(input.kind ?? '');
  const checks: [FinanceRequestField, string | null][] = [
    ['kind', isFinanceRequestKind(input.kind) ? null : 'Это поле необходимо заполнить.'],
    ['name', validateText(input.name, { required: true, lettersOnly: true, max: NAME_MAX_LENGTH })],
    ['phone', validateMobilePhone(input.phone)],
    ['email', validateText(input.email, { required: needs.email, email: true, max: EMAIL_MAX_LENGTH })],
    ['city', validateText(input.city, { required: needs.city, max: FINANCE_REQUEST_LIMITS.city })],
    ['comment', validateText(input.comment, { required: false, max: FINANCE_REQUEST_LIMITS.comment })],
    ['consent', validateConsent(input.consent ?? null)],
  ];
  const errors: Partial<Record<FinanceRequestField, string>> = {};
  for (const [field, message] of checks) if (message) errors[field] = message;
  return errors;
}
