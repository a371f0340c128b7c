// /insurance/osago «Страхование ОСАГО» and /finance/osago «ОСАГО онлайн» (SPEC §2; issue 17 item 6):
// the ОСАГО calculator (a GET form: the estimate comes with the page's render, JavaScript or not) and
// the application form (the route's action). In the insurance layout. The page without a query is the
// same for everyone in a city (its default region is the city's), so it is page-cached; a calculation
// has a query the cache does not know and is rendered; a POST never is cached.
import type { Route } from './+types/insurance-osago';
import { parseOsagoInput } from '@store/domain';
import { Breadcrumbs } from '../components/breadcrumbs.tsx';
import { FaqList, FinanceRequestForm } from '../components/insurance/finance-request-form.tsx';
import { OsagoCalculator, osagoHiddenFields, osagoState } from '../components/insurance/osago-calculator.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { E_OSAGO_DOCUMENTS, E_OSAGO_STEPS, OSAGO_FAQ } from '../content/insurance.ts';
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

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta(matches, loaderData?.online ? 'ОСАГО онлайн — Мультицентр' : 'Страхование ОСАГО — Мультицентр');

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = requirePage(request);
  const query = new URL(request.url).searchParams;
  return {
    pathname,
    online: pathname.startsWith('/finance/'),
    raw: parseOsagoInput((name) => query.get(name)),
    breadcrumbs: await orNotFound(context.get(apiContext).seo.breadcrumbs(pathname)),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { pathname } = requirePage(request);
  return financeRequestAction(request, context.get(apiContext), { kind: 'osago', path: pathname });
}

export default function OsagoPage({ loaderData, actionData }: Route.ComponentProps) {
  const shell = useShell();
  const { pathname, online } = loaderData;
  const state = osagoState(loaderData.raw, shell?.city.alias);
  return (
    <main className="container page fin-page" id="main">
      <Breadcrumbs items={loaderData.breadcrumbs} />
      <header className="fin-hero">
        <h1>{shell?.seo?.h1 ?? (online ? 'ОСАГО онлайн' : 'Страхование ОСАГО')}</h1>
        <p className="lead">
          {online
            ? 'Электронный полис ОСАГО без визита в офис: рассчитайте стоимость, оставьте заявку — специалист проверит скидку за безаварийность и пришлёт полис на e-mail.'
            : 'Обязательная автогражданка от надёжных страховщиков: рассчитайте стоимость полиса по формуле Банка России и оформите его с помощью специалиста Мультицентра.'}
        </p>
        <ul className="fin-facts">
          <li>
            <strong>до 400 000 ₽</strong> на ремонт чужой машины
          </li>
          <li>
            <strong>до 500 000 ₽</strong> за вред здоровью
          </li>
          <li>
            <strong>5 минут</strong> — полис на e-mail
          </li>
        </ul>
      </header>
      <div className="fin-layout">
        <OsagoCalculator action={pathname} state={state} />
        <FinanceRequestForm
          kind="osago"
          action={pathname}
          title="Оформить полис"
          intro="Расчёт с калькулятора попадёт в заявку. Специалист уточнит данные автомобиля и водителей."
          commentLabel="Марка и модель автомобиля"
          commentHint="Например, Kia Rio 2019"
          hidden={osagoHiddenFields(state.input, CALCULATOR_PREFIX.osago)}
          result={actionData}
        />
      </div>
      {online ? (
        <div className="fin-columns">
          <section className="fin-section" aria-labelledby="eosago-steps">
            <h2 id="eosago-steps">Как оформить е-ОСАГО</h2>
            <ol className="fin-steps">
              {E_OSAGO_STEPS.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </section>
          <section className="fin-section" aria-labelledby="eosago-docs">
            <h2 id="eosago-docs">Какие документы понадобятся</h2>
            <ul className="fin-list">
              {E_OSAGO_DOCUMENTS.map((doc) => (
                <li key={doc}>{doc}</li>
              ))}
            </ul>
            <p className="muted">
              Электронный полис равнозначен бумажному: инспектор ДПС проверяет его по базе РСА, распечатка не нужна.
            </p>
          </section>
        </div>
      ) : null}
      <FaqList items={OSAGO_FAQ} />
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
