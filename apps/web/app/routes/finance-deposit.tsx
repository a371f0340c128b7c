// /finance/deposit «Вклады» (SPEC §2; issue 17 item 6): the partner bank's rate table, the deposit
// calculator (a GET form: the income comes with the page's render, JavaScript or not), the questions
// customers ask, and the application to open a deposit (the route's action, with the calculation).
// In the insurance layout; without a query the same for everyone, so page-cached per city.
import type { Route } from './+types/finance-deposit';
import { Breadcrumbs } from '../components/breadcrumbs.tsx';
import {
  DepositCalculator,
  DepositRateTable,
  depositState,
  readDepositQuery,
} from '../components/finance/deposit-calculator.tsx';
import { FaqList, FinanceRequestForm } from '../components/insurance/finance-request-form.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { DEPOSIT_FAQ } from '../content/insurance.ts';
import { CALCULATOR_PREFIX } from '../lib/finance-request.ts';
import { financeRequestAction } from '../lib/finance-request.server.ts';
import { seoMeta } from '../lib/meta.ts';
import { orNotFound, requirePage } from '../lib/not-found.server.ts';
import { useShell } from '../lib/shell.ts';
import account from '../styles/account.css?url';
import styles from '../styles/insurance.css?url';
import consent from '../styles/consent.css?url';
import { apiContext } from '../context.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: account },
  { rel: 'stylesheet', href: styles },
  { rel: 'stylesheet', href: consent },
];

export const meta: Route.MetaFunction = ({ matches }) => seoMeta(matches, 'Вклады — Мультицентр');

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = requirePage(request);
  return {
    pathname,
    raw: readDepositQuery(new URL(request.url).searchParams),
    breadcrumbs: await orNotFound(context.get(apiContext).seo.breadcrumbs(pathname)),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { pathname } = requirePage(request);
  return financeRequestAction(request, context.get(apiContext), { kind: 'deposit', path: pathname });
}

export default function DepositPage({ loaderData, actionData }: Route.ComponentProps) {
  const shell = useShell();
  const state = depositState(loaderData.raw);
  const hidden = state.estimate
    ? Object.fromEntries(Object.entries(state.values).map(([k, v]) => [`${CALCULATOR_PREFIX.deposit}${k}`, v]))
    : {};
  return (
    <main className="container page fin-page" id="main">
      <Breadcrumbs items={loaderData.breadcrumbs} />
      <header className="fin-hero">
        <h1>{shell?.seo?.h1 ?? 'Вклады'}</h1>
        <p className="lead">
          Вклады банка-партнёра Мультицентра для наших покупателей: ставка до 18 % годовых, открытие в магазине или
          онлайн. Вклады застрахованы государством в системе страхования вкладов.
        </p>
        <ul className="fin-facts">
          <li>
            <strong>до 18 %</strong> годовых
          </li>
          <li>
            <strong>от 1 000 ₽</strong> на вкладе «Копилка»
          </li>
          <li>
            <strong>до 1,4 млн ₽</strong> застраховано АСВ
          </li>
        </ul>
      </header>
      <DepositRateTable />
      <div className="fin-layout">
        <DepositCalculator action={loaderData.pathname} state={state} />
        <FinanceRequestForm
          kind="deposit"
          action={loaderData.pathname}
          title="Открыть вклад"
          intro="Расчёт с калькулятора попадёт в заявку. Специалист банка позвонит и договорится о встрече в магазине или пришлёт ссылку на онлайн-открытие."
          commentHint="Удобное время для звонка"
          hidden={hidden}
          result={actionData}
        />
      </div>
      <FaqList items={DEPOSIT_FAQ} />
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
