// A credit application's life (issue 17; SPEC §4 Order status 23): the states it passes, which moves
// are allowed, how the answers of several banks make the application's state, and the applicant's
// form with the §5 messages.
import { FORM_MESSAGES, validateMobilePhone, validateText } from './validation.ts';

/**
 * new: filled in, not sent; reviewing: the banks decide; conditions: a bank approves once income is
 * confirmed («нужно подтверждение дохода»); approved: at least one offer to pick; declined: every bank
 * said no; cancelled: by the shopper, the store or the timeout; signed: an offer signed by SMS.
 */
export const CREDIT_APPLICATION_STATUSES = [
  'new',
  'reviewing',
  'conditions',
  'approved',
  'declined',
  'cancelled',
  'signed',
] as const;
export type CreditApplicationStatus = (typeof CREDIT_APPLICATION_STATUSES)[number];

const MOVES: Readonly<Record<CreditApplicationStatus, readonly CreditApplicationStatus[]>> = {
  new: ['reviewing', 'cancelled'],
  reviewing: ['approved', 'conditions', 'declined', 'cancelled'],
  conditions: ['reviewing', 'approved', 'declined', 'cancelled'],
  approved: ['signed', 'cancelled'],
  declined: [],
  cancelled: [],
  signed: [],
};

export const canMoveApplication = (from: CreditApplicationStatus, to: CreditApplicationStatus) =>
  MOVES[from].includes(to);

export const isApplicationFinal = (status: CreditApplicationStatus) => MOVES[status].length === 0;

/** One bank's answer to the application. */
export type BankDecision = 'reviewing' | 'approved' | 'conditions' | 'declined';

/**
 * The application's state from its banks' answers while it waits: approved as soon as one bank
 * approves (the shopper may pick it), else reviewing while any bank still decides, else conditions
 * when a bank asks for income, else declined (every bank said no). No banks: reviewing.
 */
export function applicationStatusFromBanks(decisions: readonly BankDecision[]): CreditApplicationStatus {
  if (decisions.includes('approved')) return 'approved';
  if (decisions.length === 0 || decisions.includes('reviewing')) return 'reviewing';
  if (decisions.includes('conditions')) return 'conditions';
  return 'declined';
}

/** The order status while the bank decides (§4: «стоимость рассчитана после одобрения кредита»). */
export const CREDIT_PENDING_ORDER_STATUS = '23';

/** What the shopper is asked to do next, in the account and on the application page. */
export function applicationNextStep(status: CreditApplicationStatus): string {
  switch (status) {
    case 'new':
      return 'Заполните анкету и подтвердите телефон, чтобы отправить заявку в банки';
    case 'reviewing':
      return 'Банки рассматривают заявку — обычно это занимает пару минут';
    case 'conditions':
      return 'Банк просит подтвердить доход: укажите номер справки о доходах';
    case 'approved':
      return 'Выберите предложение банка и подпишите договор кодом из SMS';
    case 'signed':
      return 'Кредит оформлен: заказ передан в работу';
    case 'declined':
      return 'Банки отказали в кредите, заказ отменён. Выберите другой способ оплаты';
    case 'cancelled':
      return 'Заявка отменена, заказ отменён';
  }
}

export const CREDIT_APPLICATION_STATUS_NAMES: Readonly<Record<CreditApplicationStatus, string>> = {
  new: 'Анкета не отправлена',
  reviewing: 'На рассмотрении',
  conditions: 'Нужно подтверждение дохода',
  approved: 'Одобрена',
  declined: 'Отказ банков',
  cancelled: 'Отменена',
  signed: 'Договор подписан',
};

export interface ApplicantForm {
  last_name?: string | null;
  first_name?: string | null;
  middle_name?: string | null;
  birth_date?: string | null;
  passport_series?: string | null;
  passport_number?: string | null;
  /** Rubles a month. */
  income?: number | string | null;
  employment?: string | null;
  phone?: string | null;
  consent?: boolean | string | null;
}

export const EMPLOYMENT_KINDS = {
  employee: 'Работаю по найму',
  business: 'Собственный бизнес',
  self_employed: 'Самозанятый',
  pensioner: 'Пенсионер',
} as const;
export type EmploymentKind = keyof typeof EMPLOYMENT_KINDS;

export const CREDIT_CONSENT_TEXT =
  'Согласен на запрос кредитной истории и обработку персональных данных банками-партнёрами (152-ФЗ)';

/** The applicant's age in full years on `today` (YYYY-MM-DD); null for a date that is not one. */
export function ageOn(birthDate: string, today: string): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthDate);
  if (!m) return null;
  const [y, mo, d] = m.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(y, mo - 1, d));
  if (date.getUTCMonth() !== mo - 1 || date.getUTCDate() !== d) return null;
  const [ty, tm, td] = today.split('-').map(Number) as [number, number, number];
  return ty - y - (tm < mo || (tm === mo && td < d) ? 1 : 0);
}

/** The applicant form's field errors (§5 wording), keyed by field; empty when it can be sent. */
export function validateApplicant(form: ApplicantForm, today: string): Record<string, string> {
  const errors: Record<string, string> = {};
  const put = (field: string, message: string | null) => {
    if (message) errors[field] = message;
  };
  put('last_name', validateText(form.last_name, { required: true, lettersOnly: true, max: 50 }));
  put('first_name', validateText(form.first_name, { required: true, lettersOnly: true, max: 50 }));
  put('middle_name', validateText(form.middle_name, { lettersOnly: true, max: 50 }));
  const birth = form.birth_date?.trim() ?? '';
  if (!birth) put('birth_date', FORM_MESSAGES.required);
  else {
    const age = ageOn(birth, today);
    if (age === null) put('birth_date', FORM_MESSAGES.date);
    else if (age < 18 || age > 85) put('birth_date', 'Кредит оформляется с 18 до 85 лет');
  }
  const series = (form.passport_series ?? '').replace(/\s+/g, '');
  if (!series) put('passport_series', FORM_MESSAGES.required);
  else if (!/^\d{4}$/.test(series)) put('passport_series', 'Серия паспорта — 4 цифры');
  const number = (form.passport_number ?? '').replace(/\s+/g, '');
  if (!number) put('passport_number', FORM_MESSAGES.required);
  else if (!/^\d{6}$/.test(number)) put('passport_number', 'Номер паспорта — 6 цифр');
  const income = typeof form.income === 'string' ? Number(form.income.replace(/\s+/g, '')) : form.income;
  if (income == null || (typeof form.income === 'string' && !form.income.trim())) put('income', FORM_MESSAGES.required);
  else if (!Number.isInteger(income) || income < 1 || income > 100_000_000)
    put('income', 'Укажите доход в рублях в месяц');
  if (!form.employment) put('employment', FORM_MESSAGES.required);
  else if (!(form.employment in EMPLOYMENT_KINDS)) put('employment', 'Выберите вариант из списка');
  put('phone', validateMobilePhone(form.phone));
  if (form.consent !== true && form.consent !== 'on' && form.consent !== 'true')
    put('consent', 'Нужно согласие на запрос кредитной истории');
  return errors;
}
