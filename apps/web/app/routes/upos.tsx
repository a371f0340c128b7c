// /user/upos (SPEC §2, §3 Employee state, §6): staff sign in by trade point (its number and code)
// or by their personnel token; either makes this browser an employee's until they sign out.
import { Form, data, useActionData, useLoaderData } from 'react-router';
import type { Route } from './+types/upos';
import { Field, FormMessage } from '../components/form-fields.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { NO_STORE, apiFormErrors, formText, withCookies } from '../lib/auth.server.ts';
import styles from '../styles/account.css?url';
import { readForm } from '../lib/form.server.ts';
import { apiContext } from '../context.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }];

export const meta: Route.MetaFunction = () => [
  { title: 'Вход для сотрудников — Мультицентр' },
  { name: 'robots', content: 'noindex' },
];

export function headers({ actionHeaders }: Route.HeadersArgs) {
  return withCookies(actionHeaders ?? null, NO_STORE);
}

export async function loader({ context }: Route.LoaderArgs) {
  return data({ employee: await context.get(apiContext).auth.employee() }, { headers: NO_STORE });
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const intent = formText(form, 'intent');
  try {
    if (intent === 'logout') {
      const { headers } = await context.get(apiContext).auth.employeeLogout();
      return data(
        { intent, ok: 'Вы вышли из режима сотрудника.', errors: {} as Record<string, string> },
        { headers: withCookies(headers, NO_STORE) },
      );
    }
    const body =
      intent === 'trade-point'
        ? {
            mode: 'trade-point' as const,
            trade_point_number: formText(form, 'trade_point_number'),
            code: formText(form, 'code'),
          }
        : { mode: 'token' as const, code: formText(form, 'code') };
    const { headers } = await context.get(apiContext).auth.registerEmployee(body);
    return data(
      { intent, ok: 'Вход выполнен.', errors: {} as Record<string, string> },
      { headers: withCookies(headers, NO_STORE) },
    );
  } catch (error) {
    const failure = apiFormErrors(error);
    if (!failure) throw error;
    const errors = Object.keys(failure.errors).length > 0 ? failure.errors : { code: failure.message };
    return data({ intent, ok: null as string | null, errors }, { status: 422, headers: NO_STORE });
  }
}

export default function EmployeePage() {
  const { employee } = useLoaderData<typeof loader>();
  const result = useActionData<typeof action>();
  const errorsOf = (intent: string) => (result?.intent === intent ? result.errors : {});
  return (
    <main className="container auth-page" id="main">
      <section className="auth-card auth-card-wide" aria-labelledby="upos-title">
        <h1 id="upos-title">Вход для сотрудников</h1>
        {employee.isEmployee ? (
          <div className="employee-state" role="status">
            {employee.authByTradePoint ? (
              <p>
                Торговая точка № {employee.tradePointNumber}: <strong>{employee.tradePointName}</strong>
              </p>
            ) : null}
            {employee.authByToken ? (
              <p>
                Сотрудник <strong>{employee.employeeName}</strong>, табельный № {employee.personnelNumber}
              </p>
            ) : null}
            <Form method="post">
              <input type="hidden" name="intent" value="logout" />
              <button type="submit" className="button">
                Выйти из режима сотрудника
              </button>
            </Form>
          </div>
        ) : null}
        <FormMessage message={result?.ok} tone="ok" />
        <div className="auth-columns">
          <Form method="post" className="auth-form" noValidate aria-labelledby="tp-title">
            <h2 id="tp-title">По торговой точке</h2>
            <input type="hidden" name="intent" value="trade-point" />
            <Field
              label="Номер торговой точки"
              name="trade_point_number"
              inputMode="numeric"
              error={errorsOf('trade-point').trade_point_number}
              required
            />
            <Field
              label="Код торговой точки"
              name="code"
              autoComplete="off"
              maxLength={16}
              placeholder="X…"
              error={errorsOf('trade-point').code}
              required
            />
            <button type="submit" className="button button-primary auth-submit">
              Войти
            </button>
          </Form>
          <Form method="post" className="auth-form" noValidate aria-labelledby="token-title">
            <h2 id="token-title">По токену сотрудника</h2>
            <input type="hidden" name="intent" value="token" />
            <Field
              label="Токен сотрудника"
              name="code"
              autoComplete="off"
              maxLength={16}
              placeholder="X…"
              error={errorsOf('token').code}
              required
            />
            <button type="submit" className="button button-primary auth-submit">
              Войти
            </button>
          </Form>
        </div>
      </section>
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
