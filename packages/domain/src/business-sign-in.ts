// The business bank's sign-in form (issue 17, decision 0047): who signs in for a company — its ИНН
// (10 digits for an organisation, 12 for a sole trader, with the ФНС check digits), its КПП (an
// organisation has one: nine characters, the 5th and 6th may be capital Latin letters; a sole trader
// has none) and the representative's full name. The sandbox bank's page checks it with this rule.
import { validateInn } from './inn.ts';
import { FORM_MESSAGES, validateText } from './validation.ts';

export const KPP_MESSAGES = {
  format: 'КПП состоит из 9 символов: 4 цифры, 2 цифры или заглавные латинские буквы, 3 цифры',
  soleTrader: 'У ИП нет КПП: оставьте поле пустым',
} as const;

export const REPRESENTATIVE_MESSAGES = {
  fullName: 'Укажите фамилию и имя представителя',
} as const;

export const KPP_PATTERN = /^\d{4}[\dA-Z]{2}\d{3}$/;

export interface BusinessSignInForm {
  inn: string;
  kpp: string;
  representative: string;
}

export type BusinessSignInField = keyof BusinessSignInForm;

/** The КПП of the company of an ИНН: required for an organisation, none for a sole trader. */
export function validateKpp(kpp: string | null | undefined, inn: string | null | undefined): string | null {
  const value = (kpp ?? '').replace(/\s+/g, '');
  const soleTrader = (inn ?? '').replace(/\s+/g, '').length === 12;
  if (soleTrader) return value === '' ? null : KPP_MESSAGES.soleTrader;
  if (value === '') return FORM_MESSAGES.required;
  return KPP_PATTERN.test(value) ? null : KPP_MESSAGES.format;
}

/** Every field's message, or an empty object when the form is fine. */
export function validateBusinessSignIn(
  form: Partial<BusinessSignInForm>,
): Partial<Record<BusinessSignInField, string>> {
  const errors: Partial<Record<BusinessSignInField, string>> = {};
  const inn = validateInn(form.inn);
  if (inn) errors.inn = inn;
  // The КПП's rule depends on the kind of taxpayer: only said once the ИНН is right.
  const kpp = inn ? null : validateKpp(form.kpp, form.inn);
  if (kpp) errors.kpp = kpp;
  const name = (form.representative ?? '').trim();
  const representative =
    validateText(name, { required: true, lettersOnly: true, max: 150 }) ??
    (name.split(/\s+/).length < 2 ? REPRESENTATIVE_MESSAGES.fullName : null);
  if (representative) errors.representative = representative;
  return errors;
}

/**
 * Why «Подтвердить компанию через банк» did not confirm a corporate order's company: the API's error
 * message and the order page's notice (?company_error=…) say the same words.
 */
export const COMPANY_SIGN_IN_FAILURES = {
  not_found: 'Заказ не найден',
  not_corporate: 'Подтвердить компанию через банк можно только в заказе для юрлица',
  cancelled: 'Заказ отменён: подтверждать компанию не нужно',
  confirmed: 'Компания этого заказа уже подтверждена банком',
  state: 'Ссылка подтверждения недействительна: начните заново со страницы заказа',
  session: 'Подтверждение начато в другом браузере или под другой учётной записью: начните заново со страницы заказа',
  expired: 'Время на вход в банк истекло: подтвердите компанию ещё раз',
  reused: 'Эта ссылка входа уже использована: подтвердите компанию ещё раз',
  denied: 'Вход в банк отменён: компания не подтверждена',
  code: 'Банк не принял код входа: он неверен, устарел или уже использован. Подтвердите компанию ещё раз',
  answer: 'Ответ банка не прошёл проверку: подтвердите компанию ещё раз',
  inn_mismatch: 'В банке выполнен вход за другую организацию: её ИНН не совпадает с ИНН заказа',
  unavailable: 'Банк не отвечает: попробуйте подтвердить компанию позже',
} as const;

export type CompanySignInFailure = keyof typeof COMPANY_SIGN_IN_FAILURES;

export const isCompanySignInFailure = (value: string | null | undefined): value is CompanySignInFailure =>
  typeof value === 'string' && Object.hasOwn(COMPANY_SIGN_IN_FAILURES, value);
