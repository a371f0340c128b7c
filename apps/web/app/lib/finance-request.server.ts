// The action of every insurance and finance page (issue 17 item 6): one application form in two
// posts, the same with or without JavaScript. «Получить код» (intent=code) checks the contacts with
// the domain rule the API refines with and sends the SMS code; «Отправить заявку» (intent=submit)
// checks the code (the API answers the phone's proof) and files the application with the page's
// calculator inputs, which the API computes the estimate from. Sent: the page shows the thank-you state.
import { data } from 'react-router';
import { isApiError, type ApiClient } from '@store/api-client';
import {
  FINANCE_REQUEST_TITLES,
  validateFinanceRequest,
  validateSmsCode,
  type FinanceRequestField,
  type FinanceRequestKind,
} from '@store/domain';
import { CALCULATOR_PREFIX } from './finance-request.ts';
import { readForm } from './form.server.ts';

const NO_STORE = { 'cache-control': 'no-store' };

export interface FinanceFormValues {
  name: string;
  phone: string;
  email: string;
  city: string;
  comment: string;
  consent: boolean;
  code: string;
}

export type FinanceFormErrors = Partial<Record<FinanceRequestField | 'code' | 'form', string>>;

export type FinanceActionResult =
  | { sent: { id: number; title: string } }
  | { sent?: undefined; values: FinanceFormValues; errors: FinanceFormErrors; codeSent: boolean };

const text = (form: FormData, name: string, max: number) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
};

function formValues(form: FormData): FinanceFormValues {
  return {
    name: text(form, 'name', 200),
    phone: text(form, 'phone', 40),
    email: text(form, 'email', 200),
    city: text(form, 'city', 200),
    comment: text(form, 'comment', 4000),
    consent: form.get('consent') === 'on',
    code: text(form, 'code', 10),
  };
}

/** The calculator inputs the form carries under `prefix`, or undefined when it carries none. */
function calculatorInputs(form: FormData, prefix: string): Record<string, string> | undefined {
  const entries = [...form.keys()]
    .filter((key) => key.startsWith(prefix))
    .map((key) => [key.slice(prefix.length), text(form, key, 40)] as const);
  return entries.length > 0 ? Object.fromEntries(entries) : undefined;
}

/** An API refusal as the form's field errors; a calculator's field (osago.power) goes to the form's message. */
function mapApiErrors(errors: Record<string, string[]>): FinanceFormErrors {
  const mapped: FinanceFormErrors = {};
  const fields: readonly string[] = ['name', 'phone', 'email', 'city', 'comment', 'consent', 'code'];
  for (const [path, messages] of Object.entries(errors)) {
    if (path === 'phone_request_id') mapped.code = messages.join(' ');
    else if (fields.includes(path)) mapped[path as keyof FinanceFormErrors] = messages.join(' ');
    else mapped.form = `Проверьте расчёт выше: ${messages.join(' ')}`;
  }
  return mapped;
}

export async function financeRequestAction(
  request: Request,
  api: ApiClient,
  page: { kind: FinanceRequestKind; path: string },
) {
  const form = await readForm(request);
  const values = formValues(form);
  const answer = (result: FinanceActionResult, status = 200) =>
    data<FinanceActionResult>(result, { status, headers: NO_STORE });
  const refuse = (errors: FinanceFormErrors, codeSent: boolean, status = 422) =>
    answer({ values: { ...values, code: '' }, errors, codeSent }, status);

  const contactErrors: FinanceFormErrors = validateFinanceRequest({ ...values, kind: page.kind });
  if (Object.keys(contactErrors).length > 0) return refuse(contactErrors, false);

  try {
    if (form.get('intent') !== 'submit') {
      await api.finance.sendCode(values.phone);
      return answer({ values: { ...values, code: '' }, errors: {}, codeSent: true });
    }
    const codeError = validateSmsCode(values.code);
    if (codeError) return refuse({ code: codeError }, true);
    const { phone_request_id } = await api.finance.confirmCode(values.phone, values.code);
    const stored = await api.finance.create({
      kind: page.kind,
      name: values.name,
      phone: values.phone,
      email: values.email,
      city: values.city,
      comment: values.comment,
      consent: true,
      phone_request_id,
      page: page.path,
      osago: calculatorInputs(form, CALCULATOR_PREFIX.osago),
      deposit: calculatorInputs(form, CALCULATOR_PREFIX.deposit),
    });
    return answer({ sent: { id: stored.id, title: FINANCE_REQUEST_TITLES[stored.kind] } });
  } catch (error) {
    const codeSent = form.get('intent') === 'submit';
    if (isApiError(error, 422) && error.body) return refuse(mapApiErrors(error.body.errors), codeSent);
    if (isApiError(error, 429))
      return refuse({ form: error.body?.message ?? 'Слишком много попыток, попробуйте позже.' }, codeSent, 429);
    if (isApiError(error)) {
      console.error('finance request failed', error.status, error.body);
      return refuse(
        { form: 'Не удалось отправить заявку: попробуйте ещё раз через минуту. Всё, что вы ввели, сохранено.' },
        codeSent,
        503,
      );
    }
    throw error;
  }
}
