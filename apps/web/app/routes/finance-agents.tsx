// /finance/agents «Агентам» (SPEC §2; issue 17 item 6): becoming an insurance agent of Мультицентр —
// what an agent earns and needs, the questions people ask, and the application (the route's action;
// an agent leaves an e-mail and a city). In the insurance layout; the same for everyone, page-cached.
import type { Route } from './+types/finance-agents';
import { Breadcrumbs } from '../components/breadcrumbs.tsx';
import { FaqList, FinanceRequestForm } from '../components/insurance/finance-request-form.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { AGENT_BENEFITS, AGENT_FAQ, AGENT_REQUIREMENTS } from '../content/insurance.ts';
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

export const meta: Route.MetaFunction = ({ matches }) => seoMeta(matches, 'Стать агентом — Мультицентр');

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = requirePage(request);
  return { pathname, breadcrumbs: await orNotFound(context.get(apiContext).seo.breadcrumbs(pathname)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { pathname } = requirePage(request);
  return financeRequestAction(request, context.get(apiContext), { kind: 'agent', path: pathname });
}

export default function AgentsPage({ loaderData, actionData }: Route.ComponentProps) {
  const shell = useShell();
  return (
    <main className="container page fin-page" id="main">
      <Breadcrumbs items={loaderData.breadcrumbs} />
      <header className="fin-hero">
        <h1>{shell?.seo?.h1 ?? 'Станьте страховым агентом Мультицентра'}</h1>
        <p className="lead">
          Оформляйте полисы ОСАГО, страхование имущества и путешествий для своих знакомых и клиентов и получайте
          вознаграждение с каждого полиса. Свободный график, обучение и поддержка наставника.
        </p>
      </header>
      <div className="fin-layout">
        <div className="fin-main">
          <section className="fin-section" aria-labelledby="agent-benefits">
            <h2 id="agent-benefits">Что вы получаете</h2>
            <ul className="fin-programmes">
              {AGENT_BENEFITS.map((b) => (
                <li key={b.title} className="fin-programme">
                  <h3>{b.title}</h3>
                  <p className="muted">{b.text}</p>
                </li>
              ))}
            </ul>
          </section>
          <section className="fin-section" aria-labelledby="agent-needs">
            <h2 id="agent-needs">Что нужно</h2>
            <ul className="fin-list fin-list-check">
              {AGENT_REQUIREMENTS.map((r) => (
                <li key={r}>{r}</li>
              ))}
            </ul>
          </section>
        </div>
        <FinanceRequestForm
          kind="agent"
          action={loaderData.pathname}
          title="Заявка агента"
          intro="Менеджер по работе с агентами позвонит, расскажет об условиях и пришлёт договор на e-mail."
          commentLabel="Опыт продаж"
          commentHint="Например: 2 года продавал страховки в автосалоне"
          result={actionData}
        />
      </div>
      <FaqList items={AGENT_FAQ} />
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
