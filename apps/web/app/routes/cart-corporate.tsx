// /cart/corporate, «Заказ для юрлица»: the corporate fast order of the basket's lines (SPEC §2
// Checkout fast view, §4; decision 0008). A plain form posting to this route's action (works without
// JavaScript); the phone gets its mask once hydrated. «Найти» by the ИНН fills the company's name:
// once hydrated in the page (also as soon as a complete ИНН is typed), without JavaScript through
// the action. The thank-you page says «Заявка отправлена».
import { useId, useState } from 'react';
import { Form, data, useNavigation } from 'react-router';
import type { Route } from './+types/cart-corporate';
import { PHONE_MASKS, formatPrice } from '@store/domain';
import { AppLink } from '../components/app-link.tsx';
import { CompanyFindButton, fieldMessages } from '../components/corporate/company-fields.tsx';
import { maskPhone } from '../components/form-fields.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { corporateAction, loadCorporate, type CorporateErrors, type CorporateValues } from '../lib/corporate.server.ts';
import { requirePage } from '../lib/not-found.server.ts';
import { useCompanyLookup } from '../lib/use-company-lookup.ts';
import cartStyles from '../styles/cart.css?url';
import checkoutStyles from '../styles/checkout.css?url';
import { apiContext } from '../context.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: cartStyles },
  { rel: 'stylesheet', href: checkoutStyles },
];

export const meta: Route.MetaFunction = () => [
  { title: 'Заказ для юрлица — Мультицентр' },
  { name: 'robots', content: 'noindex' },
];

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers({ 'cache-control': 'no-store' });
  for (const source of [loaderHeaders, actionHeaders]) {
    for (const cookie of source?.getSetCookie() ?? []) headers.append('set-cookie', cookie);
  }
  return headers;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  requirePage(request);
  const { headers, ...view } = await loadCorporate(request, context.get(apiContext));
  return data(view, { headers });
}

export async function action({ request, context }: Route.ActionArgs) {
  return corporateAction(request, context.get(apiContext));
}

type FieldName = keyof CorporateValues;

const FIELDS: {
  name: FieldName;
  label: string;
  required: boolean;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'email';
  hint?: string;
}[] = [
  {
    name: 'inn',
    label: 'ИНН компании',
    required: true,
    inputMode: 'numeric',
    hint: '10 цифр для организации, 12 — для ИП',
  },
  { name: 'company_name', label: 'Название компании', required: true, autoComplete: 'organization' },
  { name: 'contact_name', label: 'Контактное лицо', required: true, autoComplete: 'name' },
  {
    name: 'mobile_phone',
    label: 'Мобильный телефон',
    required: true,
    type: 'tel',
    autoComplete: 'tel',
    inputMode: 'tel',
  },
  {
    name: 'email',
    label: 'Электронная почта',
    required: true,
    type: 'email',
    autoComplete: 'email',
    inputMode: 'email',
    hint: 'Пришлём счёт на оплату',
  },
];

export default function CorporateOrderPage({ loaderData, actionData }: Route.ComponentProps) {
  const { lines, total, idempotencyKey } = loaderData;
  const values = actionData?.values ?? null;
  const errors: CorporateErrors = actionData?.errors ?? {};
  const id = useId();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const [phone, setPhone] = useState(values?.mobile_phone ?? '');
  const company = useCompanyLookup(values?.company_name ?? '', actionData?.lookup ?? null);
  const { describedBy, error } = fieldMessages(id, errors, 'co-field-error');
  return (
    <main className="container page co-page oc-page" id="main">
      <h1 className="co-title">Заказ для юрлица</h1>
      <div className="co-layout">
        <section className="co-main co-step" aria-labelledby="corp-form-title">
          <h2 id="corp-form-title">Реквизиты и контакты</h2>
          <p className="muted">
            Оплата по счёту (безналичный расчёт). Оператор контакт-центра позвонит, согласует доставку и пришлёт счёт.
          </p>
          <Form method="post" action="/cart/corporate" className="co-form" noValidate>
            <input type="hidden" name="idempotency_key" value={actionData?.idempotencyKey ?? idempotencyKey} />
            {/* Enter in any field sends the request, not «Найти» (the first submit button is the default). */}
            <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
              Отправить заявку
            </button>
            <div className="co-fields">
              {FIELDS.map((f) => {
                const isPhone = f.name === 'mobile_phone';
                const isInn = f.name === 'inn';
                const isCompany = f.name === 'company_name';
                return (
                  <div key={f.name} className={errors[f.name] ? 'co-field has-error' : 'co-field'}>
                    <label htmlFor={`${id}-${f.name}`}>
                      {f.label}
                      {f.required ? <span aria-hidden="true"> *</span> : null}
                    </label>
                    <div className={isInn ? 'corp-inn-row' : 'corp-plain'}>
                      <input
                        id={`${id}-${f.name}`}
                        ref={isInn ? company.innRef : undefined}
                        name={f.name}
                        type={f.type ?? 'text'}
                        autoComplete={f.autoComplete}
                        inputMode={f.inputMode}
                        aria-required={f.required || undefined}
                        aria-invalid={errors[f.name] ? true : undefined}
                        aria-describedby={describedBy(f.name, Boolean(f.hint))}
                        {...(isPhone
                          ? {
                              placeholder: PHONE_MASKS[0].replace(/#/g, '_'),
                              value: phone,
                              onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
                                setPhone(maskPhone(event.target.value)),
                            }
                          : isCompany
                            ? {
                                value: company.name,
                                onChange: (event: React.ChangeEvent<HTMLInputElement>) =>
                                  company.setName(event.target.value),
                              }
                            : {
                                defaultValue: values?.[f.name] ?? '',
                                ...(isInn ? { onChange: company.onInnChange } : {}),
                              })}
                      />
                      {isInn ? <CompanyFindButton onFind={company.onFind} /> : null}
                    </div>
                    {f.hint ? (
                      <p id={`${id}-${f.name}-hint`} className="muted oc-hint">
                        {f.hint}
                      </p>
                    ) : null}
                    {error(f.name)}
                    {isInn ? (
                      <p className="muted oc-hint corp-lookup" role="status">
                        {company.note}
                      </p>
                    ) : null}
                  </div>
                );
              })}
              <div className={errors.comment ? 'co-field has-error' : 'co-field'}>
                <label htmlFor={`${id}-comment`}>Комментарий</label>
                <textarea
                  id={`${id}-comment`}
                  name="comment"
                  rows={3}
                  maxLength={1000}
                  defaultValue={values?.comment ?? ''}
                />
              </div>
            </div>
            {errors.form ? (
              <p role="alert" className="co-form-error">
                {errors.form}
              </p>
            ) : null}
            <div className="co-actions">
              <AppLink to="/cart" className="co-back">
                ← Корзина
              </AppLink>
              <button type="submit" className="button button-primary co-submit" aria-busy={busy || undefined}>
                {busy ? 'Отправляем…' : 'Отправить заявку'}
              </button>
            </div>
          </Form>
        </section>
        <aside className="co-aside" aria-labelledby="corp-lines-title">
          <h2 id="corp-lines-title">Товары корзины</h2>
          <ul className="oc-lines">
            {lines.map((line) => (
              <li key={line.id} className="oc-line oc-line--text">
                <AppLink to={line.url}>{line.name}</AppLink>
                <span className="muted">{line.qty} шт.</span>
                <strong>{formatPrice(line.sum)}</strong>
              </li>
            ))}
          </ul>
          <p className="oc-sum">
            Итого: <strong>{formatPrice(total)}</strong>
          </p>
        </aside>
      </div>
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
