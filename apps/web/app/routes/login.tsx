// /user/login (SPEC §2): sign-in with a password or with an SMS code, and registration with an SMS
// code. Plain forms posting to this route's action (they work without JavaScript); the session
// cookies the API sets are passed on, then the shopper goes back where they came from (?back=).
import { Form, data, redirect, useActionData, useNavigation, useSearchParams } from 'react-router';
import type { CaptchaState } from '@store/api-client';
import type { Route } from './+types/login';
import { AppLink } from '../components/app-link.tsx';
import { CaptchaField } from '../components/captcha-field.tsx';
import { ConsentCheckbox, Field, FormMessage, PhoneField } from '../components/form-fields.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import {
  NO_STORE,
  apiFormErrors,
  captchaFromForm,
  formText,
  hasAuthCookie,
  safeBack,
  withCookies,
} from '../lib/auth.server.ts';
import styles from '../styles/account.css?url';
import consentStyles from '../styles/consent.css?url';
import { readForm } from '../lib/form.server.ts';
import { apiContext } from '../context.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: styles },
  { rel: 'stylesheet', href: consentStyles },
];

export const meta: Route.MetaFunction = () => [
  { title: 'Вход в личный кабинет — Мультицентр' },
  { name: 'robots', content: 'noindex' },
];

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return withCookies(actionHeaders ?? loaderHeaders, NO_STORE);
}

type Tab = 'password' | 'sms' | 'register';
const TABS: { id: Tab; label: string }[] = [
  { id: 'password', label: 'По паролю' },
  { id: 'sms', label: 'По коду из SMS' },
  { id: 'register', label: 'Регистрация' },
];
const tabOf = (value: string | null): Tab => (value === 'sms' || value === 'register' ? value : 'password');

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  // Already signed in: straight back.
  if (hasAuthCookie(request)) throw redirect(safeBack(url.searchParams.get('back')), { headers: NO_STORE });
  // A new question on every render (after each post too): a solved one passes only once.
  const captcha = await context.get(apiContext).auth.captcha();
  return data({ tab: tabOf(url.searchParams.get('tab')), captcha }, { headers: NO_STORE });
}

interface ActionResult {
  intent: string;
  step: 'code' | null;
  phone: string;
  message: string | null;
  notice: string | null;
  errors: Record<string, string>;
  values: Record<string, string>;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const url = new URL(request.url);
  const back = safeBack(url.searchParams.get('back'));
  const intent = formText(form, 'intent');
  const phone = formText(form, 'phone');
  const values = {
    login: formText(form, 'login'),
    first_name: formText(form, 'first_name'),
    last_name: formText(form, 'last_name'),
    email: formText(form, 'email'),
  };
  const result = (partial: Partial<ActionResult>, status = 200) =>
    data<ActionResult>(
      { intent, step: null, phone, message: null, notice: null, errors: {}, values, ...partial },
      { status, headers: NO_STORE },
    );
  const signedIn = (headers: Headers) => redirect(back, { headers: withCookies(headers, NO_STORE) });
  try {
    switch (intent) {
      case 'password': {
        const captcha = captchaFromForm(form);
        const { headers } = await context.get(apiContext).auth.login({
          login: values.login,
          password: formText(form, 'password'),
          ...(captcha ? { captcha } : {}),
        });
        return signedIn(headers);
      }
      case 'sms-send':
      case 'register-send': {
        const { data: sent } =
          intent === 'sms-send'
            ? await context.get(apiContext).auth.sendLoginCode(phone, captchaFromForm(form))
            : await context.get(apiContext).auth.sendRegisterCode(phone, captchaFromForm(form));
        return result({ step: 'code', notice: `Мы отправили код на номер ${phone}. ${sent.message}` });
      }
      case 'sms-login': {
        const { headers } = await context.get(apiContext).auth.loginWithCode({ phone, code: formText(form, 'code') });
        return signedIn(headers);
      }
      case 'register': {
        const { headers } = await context.get(apiContext).auth.register({
          phone,
          code: formText(form, 'code'),
          first_name: values.first_name,
          last_name: values.last_name,
          email: values.email,
          password: formText(form, 'password'),
          password_repeat: formText(form, 'password_repeat'),
          consent: form.get('consent') === 'on',
        });
        return signedIn(headers);
      }
      default:
        return result({ message: 'Неизвестное действие' }, 400);
    }
  } catch (error) {
    const failure = apiFormErrors(error);
    if (!failure) throw error;
    // After a code was sent, its form stays open for another try.
    const step = intent === 'sms-login' || intent === 'register' ? 'code' : null;
    const fieldMessages = Object.keys(failure.errors).length > 0;
    return result(
      { step, errors: failure.errors, message: fieldMessages ? null : failure.message },
      isApiErrorStatus(error) === 429 ? 429 : 422,
    );
  }
}

function isApiErrorStatus(error: unknown): number | null {
  return typeof error === 'object' && error !== null && 'status' in error
    ? Number((error as { status: unknown }).status)
    : null;
}

function PasswordForm({ result, captcha }: { result: ActionResult | undefined; captcha: CaptchaState }) {
  const mine = result?.intent === 'password' ? result : undefined;
  return (
    <Form method="post" className="auth-form" noValidate>
      <input type="hidden" name="intent" value="password" />
      <Field
        label="Телефон или e-mail"
        name="login"
        autoComplete="username"
        defaultValue={mine?.values.login ?? ''}
        error={mine?.errors.login}
        required
      />
      <Field
        label="Пароль"
        name="password"
        type="password"
        autoComplete="current-password"
        error={mine?.errors.password}
        required
      />
      {/* Asked after failed tries: the API says so with a captcha error. */}
      {mine?.errors.captcha ? <CaptchaField captcha={captcha} error={mine.errors.captcha} /> : null}
      <FormMessage message={mine?.message} />
      <button type="submit" className="button button-primary auth-submit">
        Войти
      </button>
      <AppLink to="/user/password-reset" className="auth-aside-link">
        Забыли пароль?
      </AppLink>
    </Form>
  );
}

function SmsForm({ result, captcha }: { result: ActionResult | undefined; captcha: CaptchaState }) {
  const mine = result?.intent.startsWith('sms') ? result : undefined;
  const codeStep = mine?.step === 'code';
  return (
    <Form method="post" className="auth-form" noValidate>
      <input type="hidden" name="intent" value={codeStep ? 'sms-login' : 'sms-send'} />
      <PhoneField
        key={codeStep ? 'code' : 'phone'}
        defaultValue={mine?.phone ?? ''}
        error={mine?.errors.phone}
        readOnly={codeStep}
        required
      />
      {codeStep ? (
        <>
          <FormMessage message={mine?.notice} tone="ok" />
          <Field
            label="Код из SMS"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={mine?.errors.code}
            required
          />
        </>
      ) : (
        <CaptchaField captcha={captcha} error={mine?.errors.captcha} />
      )}
      <FormMessage message={mine?.message} />
      <button type="submit" className="button button-primary auth-submit">
        {codeStep ? 'Войти' : 'Получить код'}
      </button>
    </Form>
  );
}

function RegisterForm({ result, captcha }: { result: ActionResult | undefined; captcha: CaptchaState }) {
  const mine = result?.intent.startsWith('register') ? result : undefined;
  const codeStep = mine?.step === 'code';
  return (
    <Form method="post" className="auth-form" noValidate>
      <input type="hidden" name="intent" value={codeStep ? 'register' : 'register-send'} />
      <PhoneField
        key={codeStep ? 'code' : 'phone'}
        defaultValue={mine?.phone ?? ''}
        error={mine?.errors.phone}
        readOnly={codeStep}
        required
      />
      {codeStep ? (
        <>
          <FormMessage message={mine?.notice} tone="ok" />
          <Field
            label="Код из SMS"
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            error={mine?.errors.code}
            required
          />
          <Field
            label="Имя"
            name="first_name"
            autoComplete="given-name"
            defaultValue={mine?.values.first_name}
            error={mine?.errors.first_name}
            required
          />
          <Field
            label="Фамилия"
            name="last_name"
            autoComplete="family-name"
            defaultValue={mine?.values.last_name}
            error={mine?.errors.last_name}
          />
          <Field
            label="E-mail"
            name="email"
            type="email"
            autoComplete="email"
            defaultValue={mine?.values.email}
            error={mine?.errors.email}
          />
          <Field
            label="Пароль"
            name="password"
            type="password"
            autoComplete="new-password"
            hint="Не меньше 8 символов, строчные и заглавные буквы"
            error={mine?.errors.password}
            required
          />
          <Field
            label="Повторите пароль"
            name="password_repeat"
            type="password"
            autoComplete="new-password"
            error={mine?.errors.password_repeat}
            required
          />
          <ConsentCheckbox error={mine?.errors.consent}>
            Я согласен на <a href="/prm/personal-data">обработку персональных данных</a>
          </ConsentCheckbox>
        </>
      ) : (
        <CaptchaField captcha={captcha} error={mine?.errors.captcha} />
      )}
      <FormMessage message={mine?.message} />
      <button type="submit" className="button button-primary auth-submit">
        {codeStep ? 'Зарегистрироваться' : 'Получить код'}
      </button>
    </Form>
  );
}

export default function LoginPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const [params] = useSearchParams();
  const navigation = useNavigation();
  const tab = tabOf(params.get('tab') ?? loaderData.tab);
  const tabLink = (id: Tab) => {
    const next = new URLSearchParams(params);
    next.set('tab', id);
    return `/user/login?${next.toString()}`;
  };
  const title = tab === 'register' ? 'Регистрация' : 'Вход в личный кабинет';
  return (
    <main className="container auth-page" id="main" aria-busy={navigation.state === 'submitting'}>
      <section className="auth-card" aria-labelledby="auth-title">
        <h1 id="auth-title">{title}</h1>
        <nav className="auth-tabs" aria-label="Способ входа">
          {TABS.map((t) => (
            <AppLink
              key={t.id}
              to={tabLink(t.id)}
              className="auth-tab"
              aria-current={t.id === tab ? 'page' : undefined}
              replace
            >
              {t.label}
            </AppLink>
          ))}
        </nav>
        {tab === 'password' ? <PasswordForm result={result} captcha={loaderData.captcha} /> : null}
        {tab === 'sms' ? <SmsForm result={result} captcha={loaderData.captcha} /> : null}
        {tab === 'register' ? <RegisterForm result={result} captcha={loaderData.captcha} /> : null}
      </section>
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
