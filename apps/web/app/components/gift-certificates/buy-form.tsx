// «Купить сертификат» of /certificate: nominal cards (radio buttons), the buyer, the recipient and how to pay.
import { Form } from 'react-router';
import { GIFT_CERTIFICATE_NOMINALS, formatPrice } from '@store/domain';
import { CERTIFICATE_PAYMENTS, type BuyErrors, type BuyValues } from '../../lib/gift-certificates.ts';

interface Props {
  result: { values: BuyValues; errors: BuyErrors } | null;
  busy: boolean;
}

function Field(props: {
  name: keyof BuyValues;
  label: string;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  hint?: string;
  values: Partial<BuyValues>;
  errors: BuyErrors;
}) {
  const id = `gc-${props.name}`;
  const error = props.errors[props.name];
  const described = [error ? `${id}-error` : null, props.hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return (
    <div className="gc-field">
      <label htmlFor={id}>
        {props.label}
        {props.required ? null : <span className="muted"> (необязательно)</span>}
      </label>
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        autoComplete={props.autoComplete}
        required={props.required}
        defaultValue={props.values[props.name] ?? ''}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      {props.hint ? (
        <p className="gc-hint" id={`${id}-hint`}>
          {props.hint}
        </p>
      ) : null}
      {error ? (
        <p className="gc-error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

export function CertificateBuyForm({ result, busy }: Props) {
  const values: Partial<BuyValues> = result?.values ?? {};
  const errors = result?.errors ?? {};
  const chosen = values.nominal ?? String(GIFT_CERTIFICATE_NOMINALS[2]! / 100);
  const pay = values.payment_type ?? String(CERTIFICATE_PAYMENTS[0].id);
  return (
    <section className="gc-card gc-buy" aria-labelledby="gc-buy-title">
      <h2 id="gc-buy-title">Купить сертификат</h2>
      <Form method="post" noValidate>
        <input type="hidden" name="intent" value="buy" />
        {values.idempotency_key ? <input type="hidden" name="idempotency_key" value={values.idempotency_key} /> : null}
        <fieldset className="gc-nominals" aria-describedby={errors.nominal ? 'gc-nominal-error' : undefined}>
          <legend>Номинал</legend>
          {GIFT_CERTIFICATE_NOMINALS.map((kopecks) => {
            const rubles = String(kopecks / 100);
            return (
              <label key={kopecks} className="gc-nominal">
                <input type="radio" name="nominal" value={rubles} defaultChecked={rubles === chosen} />
                <span>{formatPrice(kopecks)}</span>
              </label>
            );
          })}
          {errors.nominal ? (
            <p className="gc-error" id="gc-nominal-error">
              {errors.nominal}
            </p>
          ) : null}
        </fieldset>
        <div className="gc-fields">
          <Field
            name="contact_name"
            label="Ваше имя"
            autoComplete="given-name"
            required
            values={values}
            errors={errors}
          />
          <Field
            name="mobile_phone"
            label="Телефон"
            type="tel"
            autoComplete="tel"
            required
            values={values}
            errors={errors}
          />
          <Field
            name="email"
            label="Ваш e-mail"
            type="email"
            autoComplete="email"
            required
            hint="Пришлём чек и подтверждение оплаты"
            values={values}
            errors={errors}
          />
          <Field name="recipient_name" label="Имя получателя" values={values} errors={errors} />
          <Field
            name="recipient_email"
            label="E-mail получателя"
            type="email"
            hint="Если пусто — сертификат придёт на ваш e-mail"
            values={values}
            errors={errors}
          />
        </div>
        <fieldset className="gc-pay" aria-describedby={errors.payment_type ? 'gc-payment_type-error' : undefined}>
          <legend>Оплата</legend>
          {CERTIFICATE_PAYMENTS.map((p) => (
            <label key={p.id} className="gc-pay-option">
              <input type="radio" name="payment_type" value={p.id} defaultChecked={String(p.id) === pay} />
              <span>{p.label}</span>
            </label>
          ))}
          {errors.payment_type ? (
            <p className="gc-error" id="gc-payment_type-error">
              {errors.payment_type}
            </p>
          ) : null}
        </fieldset>
        {errors.form || errors.idempotency_key ? (
          <p className="gc-error" role="alert">
            {errors.form ?? errors.idempotency_key}
          </p>
        ) : null}
        <button type="submit" className="button button-primary gc-submit" disabled={busy}>
          Перейти к оплате
        </button>
      </Form>
    </section>
  );
}
