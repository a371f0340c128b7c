// /cart/credit/{id}: the credit, bank instalment or loan application of an order (issue 17). The
// applicant form with the phone code and the 152-FZ consent, the banks' answers, the offer picked and
// signed by SMS, or the cancelled order. Every step is a plain form posting to the action (works
// before hydration); once hydrated the page asks again every few seconds while the banks decide.
import { useEffect, useId } from 'react';
import { data, Form, redirect, useNavigation, useRevalidator } from 'react-router';
import type { Route } from './+types/cart-credit';
import { isApiError, type CreditApplication } from '@store/api-client';
import { CREDIT_CONSENT_TEXT, EMPLOYMENT_KINDS, formatPrice } from '@store/domain';
import { AppLink } from '../components/app-link.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { readForm } from '../lib/form.server.ts';
import { orNotFound, requirePage } from '../lib/not-found.server.ts';
import checkoutStyles from '../styles/checkout.css?url';
import optionStyles from '../styles/option-cards.css?url';
import paymentStyles from '../styles/payment.css?url';
import styles from '../styles/credit.css?url';
import { apiContext } from '../context.ts';

const NO_STORE = { 'cache-control': 'no-store' };

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: checkoutStyles },
  { rel: 'stylesheet', href: optionStyles },
  { rel: 'stylesheet', href: paymentStyles },
  { rel: 'stylesheet', href: styles },
];

export const meta: Route.MetaFunction = ({ params }) => [
  { title: `Кредит на заказ №${params.id} — Мультицентр` },
  { name: 'robots', content: 'noindex' },
];

export const headers = () => NO_STORE;

function orderIdOf(request: Request): number {
  const { match } = requirePage(request);
  if (match.kind !== 'cart-credit') throw data('Страница не найдена', { status: 404 });
  return match.orderId;
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const orderId = orderIdOf(request);
  const application = await orNotFound(context.get(apiContext).credit.get(orderId));
  return data({ application }, { headers: NO_STORE });
}

const APPLICANT_FIELDS = [
  'last_name',
  'first_name',
  'middle_name',
  'birth_date',
  'passport_series',
  'passport_number',
  'income',
  'employment',
  'phone',
] as const;
type ApplicantField = (typeof APPLICANT_FIELDS)[number];

export async function action({ request, context }: Route.ActionArgs) {
  const orderId = orderIdOf(request);
  const form = await readForm(request);
  const credit = context.get(apiContext).credit;
  const text = (name: string) => String(form.get(name) ?? '').trim();
  const values = Object.fromEntries(APPLICANT_FIELDS.map((f) => [f, text(f)])) as Record<ApplicantField, string>;
  const intent = text('intent');
  try {
    if (intent === 'phone-code') await credit.phoneCode(orderId, values.phone);
    else if (intent === 'submit') {
      await credit.submit(orderId, {
        ...values,
        income: values.income,
        months: Number(text('months')) || 0,
        consent: form.get('consent') === 'on',
        code: text('code'),
      });
    } else if (intent === 'income') await credit.income(orderId, text('document'));
    else if (intent === 'offer') await credit.chooseOffer(orderId, Number(text('offer_id')) || 0);
    else if (intent === 'sign') await credit.sign(orderId, text('code'));
    else if (intent === 'cancel') await credit.cancel(orderId);
    else throw data('Некорректный запрос', { status: 400 });
  } catch (error) {
    if (isApiError(error, 404)) throw data('Страница не найдена', { status: 404 });
    if (isApiError(error, 422) || isApiError(error, 409)) {
      const errors = Object.fromEntries(
        Object.entries(error.body?.errors ?? {}).map(([k, v]) => [k, Array.isArray(v) ? String(v[0]) : String(v)]),
      );
      return data(
        { intent, values, months: text('months'), errors, message: error.body?.message ?? 'Проверьте данные' },
        { status: 422, headers: NO_STORE },
      );
    }
    throw error;
  }
  // Phone code sent: the form comes back filled so the code can be typed next to it.
  const noErrors: Record<string, string> = {};
  if (intent === 'phone-code') return data({ intent, values, months: text('months'), errors: noErrors, message: null });
  return redirect(`/cart/credit/${orderId}`);
}

const LABELS: Record<ApplicantField, string> = {
  last_name: 'Фамилия',
  first_name: 'Имя',
  middle_name: 'Отчество',
  birth_date: 'Дата рождения',
  passport_series: 'Серия паспорта',
  passport_number: 'Номер паспорта',
  income: 'Доход в месяц, ₽',
  employment: 'Занятость',
  phone: 'Мобильный телефон',
};

function useWaitingRefresh(waiting: boolean) {
  const { revalidate, state } = useRevalidator();
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (state === 'idle') void revalidate();
    }, 2000);
    return () => clearInterval(timer);
  }, [waiting, revalidate, state]);
}

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="co-field-error">
      {message}
    </p>
  ) : null;
}

function ApplicantForm({
  application,
  actionData,
}: {
  application: CreditApplication;
  actionData: Route.ComponentProps['actionData'];
}) {
  const id = useId();
  const errors: Record<string, string> = actionData?.errors ?? {};
  const values: Partial<Record<ApplicantField, string>> = actionData?.values ?? {};
  const codeSent = application.code_sent_for === 'phone';
  const months = actionData?.months || String(application.months);
  const err = (name: string) => (errors[name] ? `${id}-${name}-error` : undefined);
  return (
    <Form method="post" className="co-form credit-form" noValidate>
      <fieldset className="credit-terms">
        <legend>Срок</legend>
        {application.terms.map((t) => (
          <label key={t.months} className="credit-term">
            <input type="radio" name="months" value={t.months} defaultChecked={String(t.months) === months} />
            <span>
              {t.label ? `${t.label}: ` : ''}
              {t.months} мес. — от {formatPrice(t.payment)}/мес.
            </span>
          </label>
        ))}
        <FieldError id={`${id}-months-error`} message={errors.months} />
      </fieldset>
      <div className="co-fields">
        {APPLICANT_FIELDS.map((name) => (
          <div key={name} className={errors[name] ? 'co-field has-error' : 'co-field'}>
            <label htmlFor={`${id}-${name}`}>
              {LABELS[name]}
              {name === 'middle_name' ? null : <span aria-hidden="true"> *</span>}
            </label>
            {name === 'employment' ? (
              <select
                id={`${id}-${name}`}
                name={name}
                defaultValue={values.employment ?? ''}
                aria-invalid={errors[name] ? true : undefined}
                aria-describedby={err(name)}
              >
                <option value="">Выберите</option>
                {Object.entries(EMPLOYMENT_KINDS).map(([value, text]) => (
                  <option key={value} value={value}>
                    {text}
                  </option>
                ))}
              </select>
            ) : (
              <input
                id={`${id}-${name}`}
                name={name}
                type={name === 'birth_date' ? 'date' : name === 'phone' ? 'tel' : 'text'}
                inputMode={['passport_series', 'passport_number', 'income'].includes(name) ? 'numeric' : undefined}
                autoComplete={
                  name === 'last_name'
                    ? 'family-name'
                    : name === 'first_name'
                      ? 'given-name'
                      : name === 'middle_name'
                        ? 'additional-name'
                        : name === 'birth_date'
                          ? 'bday'
                          : name === 'phone'
                            ? 'tel'
                            : 'off'
                }
                defaultValue={values[name] ?? (name === 'phone' ? `+${application.phone}` : '')}
                aria-invalid={errors[name] ? true : undefined}
                aria-describedby={err(name)}
              />
            )}
            <FieldError id={`${id}-${name}-error`} message={errors[name]} />
          </div>
        ))}
      </div>
      <div className={errors.consent ? 'co-field has-error credit-consent' : 'co-field credit-consent'}>
        <label>
          <input type="checkbox" name="consent" aria-describedby={err('consent')} /> {CREDIT_CONSENT_TEXT}
        </label>
        <FieldError id={`${id}-consent-error`} message={errors.consent} />
      </div>
      <div className="credit-code-row">
        <button type="submit" name="intent" value="phone-code" className="button">
          {codeSent ? 'Отправить код ещё раз' : 'Получить код по SMS'}
        </button>
        {codeSent ? (
          <p className="muted" role="status">
            Код отправлен на номер +{application.phone}
          </p>
        ) : null}
      </div>
      <div className={errors.code ? 'co-field has-error' : 'co-field'}>
        <label htmlFor={`${id}-code`}>Код из SMS</label>
        <input
          id={`${id}-code`}
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          aria-invalid={errors.code ? true : undefined}
          aria-describedby={err('code')}
        />
        <FieldError id={`${id}-code-error`} message={errors.code} />
      </div>
      <div className="co-actions">
        <button type="submit" name="intent" value="submit" className="button button-primary co-submit">
          Отправить заявку в банки
        </button>
      </div>
    </Form>
  );
}

export default function CreditPage({ loaderData, actionData }: Route.ComponentProps) {
  const { application: a } = loaderData;
  const id = useId();
  const navigation = useNavigation();
  const waiting = a.status === 'reviewing';
  useWaitingRefresh(waiting);
  const approved = a.offers.filter((o) => o.status === 'approved');
  const formError = actionData && Object.keys(actionData.errors).length === 0 ? actionData.message : null;
  const signError = actionData?.intent === 'sign' ? actionData.errors.code : undefined;
  return (
    <main className="container page pay-page credit-page" id="main">
      <h1>
        {a.kind_name} на заказ №{a.order_id}
      </h1>
      <p className={`credit-status credit-status--${a.status}`} role="status">
        <strong>{a.status_name}.</strong> {a.next_step}
      </p>
      {formError ? (
        <p role="alert" className="pay-alert">
          {formError}
        </p>
      ) : null}
      <div className="pay-layout">
        <section className="pay-card" aria-labelledby={`${id}-step`}>
          {a.status === 'new' ? (
            <>
              <h2 id={`${id}-step`}>Анкета заёмщика</h2>
              <p className="muted">
                Заявка уйдёт сразу в несколько банков: {a.offers.length > 0 ? '' : 'Т-Банк, ОТП Банк и Почта Банк. '}
                Решение обычно приходит за пару минут.
              </p>
              <ApplicantForm application={a} actionData={actionData} />
            </>
          ) : null}
          {a.status === 'reviewing' ? (
            <>
              <h2 id={`${id}-step`}>Банки рассматривают заявку</h2>
              <p className="credit-wait" aria-busy="true">
                Ждём ответы банков. Страница обновится сама.
              </p>
              <AppLink to={`/cart/credit/${a.order_id}`} className="button">
                Обновить статус
              </AppLink>
            </>
          ) : null}
          {a.status === 'conditions' ? (
            <>
              <h2 id={`${id}-step`}>Подтвердите доход</h2>
              <Form method="post" className="co-form">
                <div className={actionData?.errors.document ? 'co-field has-error' : 'co-field'}>
                  <label htmlFor={`${id}-document`}>Номер справки о доходах (2-НДФЛ или по форме банка)</label>
                  <input id={`${id}-document`} name="document" aria-describedby={`${id}-document-error`} />
                  <FieldError id={`${id}-document-error`} message={actionData?.errors.document} />
                </div>
                <button type="submit" name="intent" value="income" className="button button-primary">
                  Отправить справку
                </button>
              </Form>
            </>
          ) : null}
          {a.status === 'approved' ? (
            <>
              <h2 id={`${id}-step`}>Предложения банков</h2>
              <Form method="post" className="credit-offers">
                <fieldset className="pay-methods">
                  <legend className="visually-hidden">Выберите предложение</legend>
                  {approved.map((o) => (
                    <div key={o.id} className="option-card pay-method">
                      <input
                        type="radio"
                        id={`${id}-offer-${o.id}`}
                        name="offer_id"
                        value={o.id}
                        defaultChecked={(a.chosen_offer_id ?? approved[0]?.id) === o.id}
                      />
                      <span className="pay-method-text">
                        <label htmlFor={`${id}-offer-${o.id}`} className="pay-method-name">
                          {o.bank_name}: {formatPrice(o.monthly_payment ?? 0)}/мес. на {o.months} мес.
                        </label>
                        <span className="muted">
                          Ставка {o.rate === 0 ? '0 %' : `${String(o.rate).replace('.', ',')} %`}, переплата{' '}
                          {formatPrice(o.overpayment ?? 0)}
                        </span>
                      </span>
                    </div>
                  ))}
                </fieldset>
                <button type="submit" name="intent" value="offer" className="button">
                  {a.code_sent_for === 'sign' ? 'Выбрать и получить код ещё раз' : 'Выбрать и получить код по SMS'}
                </button>
              </Form>
              {a.code_sent_for === 'sign' ? (
                <Form method="post" className="co-form credit-sign">
                  <div className={signError ? 'co-field has-error' : 'co-field'}>
                    <label htmlFor={`${id}-sign-code`}>Код из SMS для подписания договора</label>
                    <input
                      id={`${id}-sign-code`}
                      name="code"
                      inputMode="numeric"
                      autoComplete="one-time-code"
                      maxLength={6}
                      aria-describedby={signError ? `${id}-sign-error` : undefined}
                    />
                    <FieldError id={`${id}-sign-error`} message={signError} />
                  </div>
                  <button type="submit" name="intent" value="sign" className="button button-primary">
                    Подписать договор
                  </button>
                </Form>
              ) : null}
              {a.offers.some((o) => o.status === 'declined') ? (
                <p className="muted">
                  Отказали:{' '}
                  {a.offers
                    .filter((o) => o.status === 'declined')
                    .map((o) => o.bank_name)
                    .join(', ')}
                  .
                </p>
              ) : null}
            </>
          ) : null}
          {a.status === 'signed' ? (
            <>
              <h2 id={`${id}-step`}>График платежей</h2>
              <table className="credit-schedule">
                <thead>
                  <tr>
                    <th scope="col">№</th>
                    <th scope="col">Дата</th>
                    <th scope="col">Платёж</th>
                    <th scope="col">Остаток долга</th>
                  </tr>
                </thead>
                <tbody>
                  {a.schedule.map((p) => (
                    <tr key={p.n}>
                      <td>{p.n}</td>
                      <td>{p.date.split('-').reverse().join('.')}</td>
                      <td>{formatPrice(p.amount)}</td>
                      <td>{formatPrice(p.rest)}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
              <AppLink to={`/cart/success/${a.order_id}`} className="button button-primary">
                К заказу
              </AppLink>
            </>
          ) : null}
          {a.status === 'declined' || a.status === 'cancelled' ? (
            <>
              <h2 id={`${id}-step`}>Заказ отменён</h2>
              <p>Товар вернулся в продажу. Вы можете оформить заказ снова с другим способом оплаты.</p>
              <AppLink to="/cart" className="button button-primary">
                В корзину
              </AppLink>
            </>
          ) : null}
          {['new', 'reviewing', 'conditions', 'approved'].includes(a.status) ? (
            <Form method="post" className="credit-cancel">
              <button type="submit" name="intent" value="cancel" className="credit-cancel-button">
                Отменить заявку и заказ
              </button>
            </Form>
          ) : null}
          {navigation.state === 'submitting' ? (
            <p className="muted" role="status">
              Отправляем…
            </p>
          ) : null}
        </section>
        <aside className="pay-card pay-summary" aria-labelledby={`${id}-summary`}>
          <h2 id={`${id}-summary`}>Заказ №{a.order_id}</h2>
          <dl className="credit-facts">
            <div>
              <dt>Сумма кредита</dt>
              <dd>{formatPrice(a.amount)}</dd>
            </div>
            <div>
              <dt>Срок</dt>
              <dd>
                {a.months} мес.{a.instalment_label ? ` (${a.instalment_label})` : ''}
              </dd>
            </div>
            <div>
              <dt>Платёж в месяц</dt>
              <dd>от {formatPrice(a.monthly_payment)}</dd>
            </div>
          </dl>
          <p className="muted">Платёж рассчитан заранее; точную сумму называет банк в своём предложении.</p>
        </aside>
      </div>
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
