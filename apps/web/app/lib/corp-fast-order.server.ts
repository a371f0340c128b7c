// The action of /service/corporate: the corporate fast order (SPEC §7 POST /v2/corp/fast-order, §4
// order-sent). The form is checked with the domain rule the API refines with; «Найти» (intent=find)
// and a submit with the company left empty look the company up by its ИНН (lib/company-lookup.ts),
// so the form works the same without JavaScript. Sent: the page shows the order-sent state.
import { data } from 'react-router';
import { isApiError, type ApiClient } from '@store/api-client';
import { validateCorpFastOrder, type CorpFastOrderField } from '@store/domain';
import { lookupCompany, lookupMessage } from './company-lookup.ts';
import { readForm } from './form.server.ts';

const NO_STORE = { 'cache-control': 'no-store' };

export interface CorpFormValues {
  company: string;
  inn: string;
  contact_name: string;
  phone: string;
  email: string;
  products: string;
  consent: boolean;
}

export type CorpFormErrors = Partial<Record<CorpFastOrderField | 'form', string>>;

export type CorpActionResult =
  | { sent: { id: number; email: string } }
  | { sent?: undefined; values: CorpFormValues; errors: CorpFormErrors; lookup?: string };

const text = (form: FormData, name: string, max: number) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
};

export function corpFormValues(form: FormData): CorpFormValues {
  return {
    company: text(form, 'company', 400),
    inn: text(form, 'inn', 20).replace(/\s+/g, ''),
    contact_name: text(form, 'contact_name', 100),
    phone: text(form, 'phone', 30),
    email: text(form, 'email', 200),
    products: text(form, 'products', 2100),
    consent: form.get('consent') === 'on',
  };
}

export async function corpFastOrderAction(request: Request, api: ApiClient) {
  const form = await readForm(request);
  const values = corpFormValues(form);
  const answer = (result: CorpActionResult, status = 200) =>
    data<CorpActionResult>(result, { status, headers: NO_STORE });
  if (form.get('intent') === 'find') {
    const found = await lookupCompany(api, values.inn);
    if (found.kind === 'found') values.company = found.name;
    return answer(
      { values, errors: found.kind === 'invalid' ? { inn: found.message } : {}, lookup: lookupMessage(found) },
      found.kind === 'invalid' ? 422 : 200,
    );
  }
  if (values.company === '') {
    const found = await lookupCompany(api, values.inn);
    if (found.kind === 'found') values.company = found.name;
  }
  const errors: CorpFormErrors = validateCorpFastOrder(values);
  if (Object.keys(errors).length > 0) return answer({ values, errors }, 422);
  try {
    const order = await api.corp.fastOrder(values);
    return answer({ sent: { id: order.id, email: order.email } });
  } catch (error) {
    if (isApiError(error, 422) && error.body) {
      const mapped: CorpFormErrors = {};
      for (const [path, messages] of Object.entries(error.body.errors)) {
        const field = (path in values ? path : 'form') as keyof CorpFormErrors;
        mapped[field] = messages.join(' ');
      }
      return answer({ values, errors: mapped }, 422);
    }
    if (isApiError(error)) {
      console.error('corp fast order failed', error.status, error.body);
      return answer(
        {
          values,
          errors: {
            form: 'Не удалось отправить заявку: попробуйте ещё раз через минуту. Всё, что вы ввели, сохранено.',
          },
        },
        503,
      );
    }
    throw error;
  }
}
