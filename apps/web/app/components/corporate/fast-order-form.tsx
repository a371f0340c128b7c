// The corporate fast-order form of /service/corporate: a plain form posting to the route's action
// (works without JavaScript). Once hydrated, a complete real ИНН or «Найти» fills the company's name
// in the page and the phone gets its mask; without JavaScript «Найти» posts intent=find.
import { useId, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { PHONE_MASKS } from '@store/domain';
import type { CorpFormErrors, CorpFormValues } from '../../lib/corp-fast-order.server.ts';
import { useCompanyLookup } from '../../lib/use-company-lookup.ts';
import { ConsentCheckbox, maskPhone } from '../form-fields.tsx';
import { CompanyFindButton, fieldMessages } from './company-fields.tsx';

type Field = Exclude<keyof CorpFormValues, 'consent' | 'products'>;

const FIELDS: {
  name: Field;
  label: string;
  type?: string;
  autoComplete?: string;
  inputMode?: 'numeric' | 'tel' | 'email';
  hint?: string;
}[] = [
  { name: 'inn', label: 'ИНН', inputMode: 'numeric', hint: '10 цифр для организации, 12 — для ИП' },
  { name: 'company', label: 'Компания', autoComplete: 'organization' },
  { name: 'contact_name', label: 'Контактное лицо', autoComplete: 'name' },
  { name: 'phone', label: 'Мобильный телефон', type: 'tel', autoComplete: 'tel', inputMode: 'tel' },
  { name: 'email', label: 'Электронная почта', type: 'email', autoComplete: 'email', inputMode: 'email' },
];

export function CorpFastOrderForm({
  values,
  errors,
  lookup,
}: {
  values: CorpFormValues | null;
  errors: CorpFormErrors;
  lookup: string | null;
}) {
  const id = useId();
  const busy = useNavigation().state === 'submitting';
  const [phone, setPhone] = useState(values?.phone ?? '');
  const company = useCompanyLookup(values?.company ?? '', lookup);
  const { describedBy, error } = fieldMessages(id, errors, 'corp-error');

  return (
    <Form method="post" action="/service/corporate" className="corp-form" noValidate aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Заявка на закупку</h2>
      {/* Enter in a field sends the request, not «Найти» (the first submit button is the default). */}
      <button type="submit" className="visually-hidden" tabIndex={-1} aria-hidden="true">
        Отправить заявку
      </button>
      <div className="corp-fields">
        {FIELDS.map((f) => {
          const inputProps =
            f.name === 'phone'
              ? {
                  value: phone,
                  placeholder: PHONE_MASKS[0].replace(/#/g, '_'),
                  onChange: (event: React.ChangeEvent<HTMLInputElement>) => setPhone(maskPhone(event.target.value)),
                }
              : f.name === 'company'
                ? {
                    value: company.name,
                    onChange: (event: React.ChangeEvent<HTMLInputElement>) => company.setName(event.target.value),
                  }
                : {
                    defaultValue: values?.[f.name] ?? '',
                    ...(f.name === 'inn' ? { onChange: company.onInnChange } : {}),
                  };
          return (
            <div key={f.name} className={errors[f.name] ? 'corp-field has-error' : 'corp-field'}>
              <label htmlFor={`${id}-${f.name}`}>
                {f.label}
                <span aria-hidden="true"> *</span>
              </label>
              <div className={f.name === 'inn' ? 'corp-inn-row' : undefined}>
                <input
                  id={`${id}-${f.name}`}
                  ref={f.name === 'inn' ? company.innRef : undefined}
                  name={f.name}
                  type={f.type ?? 'text'}
                  autoComplete={f.autoComplete}
                  inputMode={f.inputMode}
                  aria-required
                  aria-invalid={errors[f.name] ? true : undefined}
                  aria-describedby={describedBy(f.name, Boolean(f.hint))}
                  {...inputProps}
                />
                {f.name === 'inn' ? <CompanyFindButton onFind={company.onFind} /> : null}
              </div>
              {f.hint ? (
                <p id={`${id}-${f.name}-hint`} className="muted corp-hint">
                  {f.hint}
                </p>
              ) : null}
              {error(f.name)}
              {f.name === 'inn' ? (
                <p className="muted corp-hint" role="status">
                  {company.note}
                </p>
              ) : null}
            </div>
          );
        })}
        <div className={errors.products ? 'corp-field corp-field--wide has-error' : 'corp-field corp-field--wide'}>
          <label htmlFor={`${id}-products`}>
            Что нужно<span aria-hidden="true"> *</span>
          </label>
          <textarea
            id={`${id}-products`}
            name="products"
            rows={4}
            maxLength={2000}
            aria-required
            aria-invalid={errors.products ? true : undefined}
            aria-describedby={describedBy('products', true)}
            defaultValue={values?.products ?? ''}
          />
          <p id={`${id}-products-hint`} className="muted corp-hint">
            Товары, артикулы и количество или задача своими словами: «20 ноутбуков для офиса до 70 000 ₽»
          </p>
          {error('products')}
        </div>
      </div>
      <ConsentCheckbox error={errors.consent} defaultChecked={values?.consent ?? false} />
      {errors.form ? (
        <p role="alert" className="corp-error">
          {errors.form}
        </p>
      ) : null}
      <div className="corp-actions">
        <button type="submit" className="button button-primary" aria-busy={busy || undefined}>
          {busy ? 'Отправляем…' : 'Отправить заявку'}
        </button>
      </div>
    </Form>
  );
}
