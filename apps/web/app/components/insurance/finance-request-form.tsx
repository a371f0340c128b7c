// The application form of every insurance and finance page: name, mobile phone confirmed by an SMS
// code, e-mail, (an agent's city), a comment, consent. A plain form posting to the page's action in
// two steps (lib/finance-request.server.ts), so it works without JavaScript; once sent, the page shows
// the thank-you state instead. `hidden` carries a calculator's inputs into the application.
import { useId } from 'react';
import { Form, useLocation, useNavigation } from 'react-router';
import { financeRequestNeeds, formatPhone, type FinanceRequestKind } from '@store/domain';
import type { FinanceActionResult } from '../../lib/finance-request.server.ts';
import { AppLink } from '../app-link.tsx';
import { fieldMessages } from '../corporate/company-fields.tsx';
import { ConsentCheckbox, Field, FormMessage, PhoneField } from '../form-fields.tsx';

export function FinanceRequestForm({
  kind,
  action,
  title = 'Оставить заявку',
  intro,
  commentLabel = 'Комментарий',
  commentHint,
  hidden = {},
  result,
}: {
  kind: FinanceRequestKind;
  /** The page's own path: the form posts to its action. */
  action: string;
  title?: string;
  intro?: string;
  commentLabel?: string;
  commentHint?: string;
  hidden?: Record<string, string>;
  result: FinanceActionResult | undefined;
}) {
  const id = useId();
  const navigation = useNavigation();
  // The page's query (the calculator's inputs) stays in the address across the posts.
  const { search } = useLocation();
  const busy = navigation.state === 'submitting' && navigation.formAction?.split('?')[0] === action;
  const needs = financeRequestNeeds(kind);

  if (result?.sent) {
    return (
      <section className="fin-card fin-sent" role="status" aria-labelledby={`${id}-sent`}>
        <h2 id={`${id}-sent`}>Спасибо! Заявка №{result.sent.id} принята</h2>
        <p>
          «{result.sent.title}»: специалист позвонит в рабочее время (ежедневно с 9:00 до 21:00), ответит на вопросы и
          подготовит предложение. Номер заявки мы отправили в SMS.
        </p>
        <p>
          <AppLink to={action} className="button">
            Отправить ещё одну заявку
          </AppLink>{' '}
          <AppLink to="/" className="button">
            Вернуться в магазин
          </AppLink>
        </p>
      </section>
    );
  }

  const values = result?.values;
  const errors = result?.errors ?? {};
  const codeSent = result?.codeSent ?? false;
  const { describedBy, error } = fieldMessages(id, errors, 'form-error');
  return (
    <Form
      method="post"
      action={`${action}${search}`}
      className="fin-card fin-form"
      noValidate
      preventScrollReset
      aria-labelledby={`${id}-title`}
    >
      <h2 id={`${id}-title`}>{title}</h2>
      {intro ? <p className="muted">{intro}</p> : null}
      {Object.entries(hidden).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      <div className="fin-fields">
        <Field
          label="Имя *"
          name="name"
          autoComplete="name"
          aria-required
          defaultValue={values?.name ?? ''}
          error={errors.name}
        />
        <PhoneField label="Мобильный телефон *" aria-required defaultValue={values?.phone ?? ''} error={errors.phone} />
        <Field
          label={needs.email ? 'Электронная почта *' : 'Электронная почта'}
          name="email"
          type="email"
          inputMode="email"
          autoComplete="email"
          aria-required={needs.email || undefined}
          defaultValue={values?.email ?? ''}
          error={errors.email}
        />
        {needs.city ? (
          <Field
            label="Город *"
            name="city"
            autoComplete="address-level2"
            aria-required
            defaultValue={values?.city ?? ''}
            error={errors.city}
          />
        ) : null}
      </div>
      <div className={errors.comment ? 'form-field has-error' : 'form-field'}>
        <label htmlFor={`${id}-comment`}>{commentLabel}</label>
        <textarea
          id={`${id}-comment`}
          name="comment"
          rows={3}
          maxLength={1000}
          placeholder={commentHint}
          defaultValue={values?.comment ?? ''}
          aria-invalid={errors.comment ? true : undefined}
          aria-describedby={describedBy('comment', false)}
        />
        {error('comment')}
      </div>
      <ConsentCheckbox error={errors.consent} defaultChecked={values?.consent ?? false}>
        Согласен на <a href="/prm/personal-data">обработку персональных данных</a> и звонок специалиста
      </ConsentCheckbox>
      {codeSent ? (
        <div className="fin-code">
          <p role="status" className="form-alert form-alert-ok">
            Код отправлен в SMS на {formatPhone(values?.phone ?? '')}
          </p>
          <Field
            label="Код из SMS *"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            aria-required
            error={errors.code}
          />
        </div>
      ) : null}
      <FormMessage message={errors.form} />
      <div className="fin-actions">
        {codeSent ? (
          <>
            <button
              type="submit"
              name="intent"
              value="submit"
              className="button button-primary"
              aria-busy={busy || undefined}
            >
              {busy ? 'Отправляем…' : 'Отправить заявку'}
            </button>
            <button type="submit" name="intent" value="code" className="button" formNoValidate>
              Отправить код ещё раз
            </button>
          </>
        ) : (
          <button
            type="submit"
            name="intent"
            value="code"
            className="button button-primary"
            aria-busy={busy || undefined}
          >
            {busy ? 'Отправляем код…' : 'Получить код в SMS'}
          </button>
        )}
      </div>
      <p className="form-hint">Телефон подтверждается кодом из SMS — так заявку не отправит никто, кроме вас.</p>
    </Form>
  );
}

/** Questions and answers, each a native disclosure (works without JavaScript). */
export function FaqList({ items, title = 'Частые вопросы' }: { items: { q: string; a: string }[]; title?: string }) {
  const id = useId();
  return (
    <section className="fin-section" aria-labelledby={`${id}-faq`}>
      <h2 id={`${id}-faq`}>{title}</h2>
      <div className="fin-faq">
        {items.map((item) => (
          <details key={item.q}>
            <summary>{item.q}</summary>
            <p>{item.a}</p>
          </details>
        ))}
      </div>
    </section>
  );
}
