// /user/password-reset (SPEC §2): a code by SMS (phone) or e-mail, then a new password; the answer
// is the same whether or not the phone or e-mail has an account. Works without JavaScript.
import { Form, data, redirect, useActionData } from 'react-router';
import type { Route } from './+types/password-reset';
import { AppLink } from '../components/app-link.tsx';
import { CaptchaField } from '../components/captcha-field.tsx';
import { Field, FormMessage } from '../components/form-fields.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { NO_STORE, apiFormErrors, captchaFromForm, formText, withCookies } from '../lib/auth.server.ts';
import styles from '../styles/account.css?url';
import { readForm } from '../lib/form.server.ts';
import { apiContext } from '../context.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }];

export const meta: Route.MetaFunction = () => [
  { title: 'Восстановление пароля — Мультицентр' },
  { name: 'robots', content: 'noindex' },
];

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return withCookies(actionHeaders ?? null, NO_STORE);
}

export async function loader({ context }: Route.LoaderArgs) {
  // A new captcha question on every render (SPEC §5): a solved one passes only once.
  return data({ captcha: await context.get(apiContext).auth.captcha() }, { headers: NO_STORE });
}

interface ActionResult {
  step: 'code' | null;
  login: string;
  notice: string | null;
  message: string | null;
  errors: Record<string, string>;
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const login = formText(form, 'login');
  const intent = formText(form, 'intent');
  const reply = (partial: Partial<ActionResult>, status = 200) =>
    data<ActionResult>(
      { step: null, login, notice: null, message: null, errors: {}, ...partial },
      { status, headers: NO_STORE },
    );
  try {
    if (intent === 'reset') {
      const { headers } = await context.get(apiContext).auth.resetPassword({
        login,
        code: formText(form, 'code'),
        password: formText(form, 'password'),
        password_repeat: formText(form, 'password_repeat'),
      });
      return redirect('/account', { headers: withCookies(headers, NO_STORE) });
    }
    const { data: sent } = await context.get(apiContext).auth.requestPasswordReset(login, captchaFromForm(form));
    return reply({ step: 'code', notice: sent.message });
  } catch (error) {
    const failure = apiFormErrors(error);
    if (!failure) throw error;
    const fields = Object.keys(failure.errors).length > 0;
    return reply(
      { step: intent === 'reset' ? 'code' : null, errors: failure.errors, message: fields ? null : failure.message },
      422,
    );
  }
}

export default function PasswordResetPage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const codeStep = result?.step === 'code';
  return (
    <main className="container auth-page" id="main">
      <section className="auth-card" aria-labelledby="reset-title">
        <h1 id="reset-title">Восстановление пароля</h1>
        <p className="muted">Укажите телефон или e-mail: мы пришлём код для смены пароля.</p>
        <Form method="post" className="auth-form" noValidate>
          <input type="hidden" name="intent" value={codeStep ? 'reset' : 'request'} />
          <Field
            label="Телефон или e-mail"
            name="login"
            autoComplete="username"
            defaultValue={result?.login ?? ''}
            readOnly={codeStep}
            error={result?.errors.login}
            required
          />
          {codeStep ? (
            <>
              <FormMessage message={result?.notice} tone="ok" />
              <Field
                label="Код"
                name="code"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                error={result?.errors.code}
                required
              />
              <Field
                label="Новый пароль"
                name="password"
                type="password"
                autoComplete="new-password"
                hint="Не меньше 8 символов, строчные и заглавные буквы"
                error={result?.errors.password}
                required
              />
              <Field
                label="Повторите пароль"
                name="password_repeat"
                type="password"
                autoComplete="new-password"
                error={result?.errors.password_repeat}
                required
              />
            </>
          ) : (
            <CaptchaField captcha={loaderData.captcha} error={result?.errors.captcha} />
          )}
          <FormMessage message={result?.message} />
          <button type="submit" className="button button-primary auth-submit">
            {codeStep ? 'Сменить пароль' : 'Получить код'}
          </button>
          <AppLink to="/user/login" className="auth-aside-link">
            Вспомнили пароль? Войти
          </AppLink>
        </Form>
      </section>
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
