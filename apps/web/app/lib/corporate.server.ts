// The corporate fast order, «Заказ для юрлица» (SPEC §1 corporate fast-order form, §2 Checkout fast
// view, §4: the submit sets an order-sent status; type 17: the contact centre calls; decision 0008):
// the basket's lines as an order of type 17 with the company's ИНН and name, paid by invoice (§9
// non-cash 5). The ИНН is checked by its check digits; «Найти» (intent=find) and a submit with the
// name left empty look the company up through the suggestions API (lib/company-lookup.ts).
import { randomBytes } from 'node:crypto';
import { data, redirect } from 'react-router';
import { isApiError, type ApiClient } from '@store/api-client';
import { EMAIL_MAX_LENGTH, PAYMENT_TYPE_IDS, validateInn, validateText } from '@store/domain';
import { BasketSession } from './cart.server.ts';
import { contactsFromForm, validateContacts } from './checkout.ts';
import { lookupCompany, lookupMessage } from './company-lookup.ts';
import { readForm } from './form.server.ts';

const NO_STORE = { 'cache-control': 'no-store' };

export interface CorporateValues {
  inn: string;
  company_name: string;
  contact_name: string;
  mobile_phone: string;
  email: string;
  comment: string;
}

export type CorporateErrors = Partial<Record<keyof CorporateValues | 'form', string>>;

export interface CorporateLine {
  id: number;
  name: string;
  url: string;
  qty: number;
  sum: number;
}

export async function loadCorporate(request: Request, api: ApiClient) {
  const session = new BasketSession(api, request.headers.get('cookie'));
  const basket = await session.call('get-basket');
  const headers = session.headers(NO_STORE);
  if (basket.items.length === 0) throw redirect('/cart', { headers });
  const lines: CorporateLine[] = basket.items.map((i) => ({
    id: i.id,
    name: i.name,
    url: i.url,
    qty: i.qty,
    sum: i.final_price * i.qty + i.children.reduce((s, c) => s + c.final_price * c.qty, 0),
  }));
  return {
    lines,
    total: lines.reduce((s, l) => s + l.sum, 0),
    idempotencyKey: `corp-${randomBytes(18).toString('base64url')}`,
    headers,
  };
}

const text = (form: FormData, name: string, max: number) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
};

export function corporateValues(form: FormData): CorporateValues {
  const contacts = contactsFromForm(form);
  return {
    inn: text(form, 'inn', 20).replace(/\s+/g, ''),
    company_name: text(form, 'company_name', 300),
    contact_name: contacts.contact_name,
    mobile_phone: contacts.mobile_phone,
    email: contacts.email,
    comment: text(form, 'comment', 1000),
  };
}

/** §5 messages for every field; the e-mail is needed for the invoice. */
export function checkCorporate(values: CorporateValues): CorporateErrors {
  const errors: CorporateErrors = {};
  const inn = validateInn(values.inn);
  if (inn) errors.inn = inn;
  const company = validateText(values.company_name, { required: true, max: 300 });
  if (company) errors.company_name = company;
  const contacts = validateContacts({
    contact_name: values.contact_name,
    contact_surname: '',
    mobile_phone: values.mobile_phone,
    email: values.email,
  });
  if (contacts.contact_name) errors.contact_name = contacts.contact_name;
  if (contacts.mobile_phone) errors.mobile_phone = contacts.mobile_phone;
  const email = validateText(values.email, { required: true, email: true, max: EMAIL_MAX_LENGTH });
  if (email) errors.email = email;
  return errors;
}

const FIELD_OF: Record<string, keyof CorporateErrors> = {
  'company.inn': 'inn',
  'company.name': 'company_name',
  'contacts.contact_name': 'contact_name',
  'contacts.mobile_phone': 'mobile_phone',
  'contacts.email': 'email',
  comment: 'comment',
};

export interface CorporateActionResult {
  values: CorporateValues;
  errors: CorporateErrors;
  idempotencyKey: string;
  /** After «Найти» without JavaScript: what the lookup found (or why the name must be typed). */
  lookup?: string;
}

export async function corporateAction(request: Request, api: ApiClient) {
  const form = await readForm(request);
  const values = corporateValues(form);
  const rawKey = form.get('idempotency_key');
  const key =
    typeof rawKey === 'string' && /^[A-Za-z0-9_-]{16,100}$/.test(rawKey)
      ? rawKey
      : `corp-${randomBytes(18).toString('base64url')}`;
  const session = new BasketSession(api, request.headers.get('cookie'));
  const basket = await session.call('get-basket');
  const headers = session.headers(NO_STORE);
  const fail = (errors: CorporateErrors, status = 422) =>
    data<CorporateActionResult>({ values, errors, idempotencyKey: key }, { status, headers });
  if (basket.items.length === 0) return redirect('/cart', { headers });
  if (form.get('intent') === 'find') {
    // «Найти» without JavaScript: the form comes back with the company's name filled in.
    const found = await lookupCompany(api, values.inn);
    if (found.kind === 'found') values.company_name = found.name;
    return data<CorporateActionResult>(
      {
        values,
        errors: found.kind === 'invalid' ? { inn: found.message } : {},
        idempotencyKey: key,
        lookup: lookupMessage(found),
      },
      { status: found.kind === 'invalid' ? 422 : 200, headers },
    );
  }
  if (values.company_name === '') {
    // The name left empty: the company of a real ИНН fills it (a miss leaves the «required» message).
    const found = await lookupCompany(api, values.inn);
    if (found.kind === 'found') values.company_name = found.name;
  }
  const errors = checkCorporate(values);
  if (Object.keys(errors).length > 0) return fail(errors);
  try {
    const order = await api.orders.create({
      idempotency_key: key,
      line_ids: basket.items.map((i) => i.id),
      order_type_id: 17,
      company: { inn: values.inn, name: values.company_name },
      contacts: { contact_name: values.contact_name, mobile_phone: values.mobile_phone, email: values.email },
      payment_type: PAYMENT_TYPE_IDS.nonCash,
      ...(values.comment ? { comment: values.comment } : {}),
    });
    return redirect(`/cart/success/${order.id}`, { headers });
  } catch (error) {
    if (!isApiError(error) || !error.body || (error.status !== 422 && error.status !== 409)) {
      if (isApiError(error)) {
        console.error('corporate: create-order failed', error.status, error.body);
        return fail(
          { form: 'Не удалось отправить заявку: попробуйте ещё раз через минуту. Всё, что вы ввели, сохранено.' },
          503,
        );
      }
      throw error;
    }
    const mapped: CorporateErrors = {};
    for (const [path, messages] of Object.entries(error.body.errors)) {
      const field = FIELD_OF[path] ?? 'form';
      mapped[field] = mapped[field] ? `${mapped[field]} ${messages.join(' ')}` : messages.join(' ');
    }
    if (error.status === 409) mapped.form = `${error.body.message}. ${mapped.form ?? ''}`.trim();
    return fail(mapped);
  }
}
