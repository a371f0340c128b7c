// /insurance/property, /insurance/travel, /insurance/ipoteka and /insurance/accident (SPEC §2; issue 17
// item 6): what the programme covers, its programmes with sums and prices «от N ₽», how to get it, the
// questions customers ask, and the application form (the route's action). In the insurance layout;
// the same for everyone, so page-cached per city (a POST never is).
import { data } from 'react-router';
import type { Route } from './+types/insurance-product';
import { formatPrice } from '@store/domain';
import { Breadcrumbs } from '../components/breadcrumbs.tsx';
import { FaqList, FinanceRequestForm } from '../components/insurance/finance-request-form.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { INSURANCE_PAGES } from '../content/insurance.ts';
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
  seoMeta(matches, `${loaderData?.title ?? 'Страхование'} — Мультицентр`);

function insurancePage(request: Request) {
  const { match, pathname } = requirePage(request);
  if (match.kind !== 'insurance' || match.product === 'osago') throw data('Страница не найдена', { status: 404 });
  return { pathname, product: match.product, content: INSURANCE_PAGES[match.product] };
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname, product } = insurancePage(request);
  const breadcrumbs = await orNotFound(context.get(apiContext).seo.breadcrumbs(pathname));
  return { pathname, product, breadcrumbs, title: breadcrumbs.at(-1)?.text ?? 'Страхование' };
}

export async function action({ request, context }: Route.ActionArgs) {
  const { pathname, content } = insurancePage(request);
  return financeRequestAction(request, context.get(apiContext), { kind: content.kind, path: pathname });
}

export default function InsuranceProductPage({ loaderData, actionData }: Route.ComponentProps) {
  const shell = useShell();
  const content = INSURANCE_PAGES[loaderData.product];
  const cheapest = Math.min(...content.programmes.map((p) => p.priceFromKopecks));
  return (
    <main className="container page fin-page" id="main">
      <Breadcrumbs items={loaderData.breadcrumbs} />
      <header className="fin-hero">
        <h1>{shell?.seo?.h1 ?? loaderData.title}</h1>
        <p className="lead">{content.lead}</p>
        <p className="fin-price-from">
          от <strong>{formatPrice(cheapest)}</strong>{' '}
          {content.programmes.find((p) => p.priceFromKopecks === cheapest)!.per}
        </p>
        <ul className="fin-facts">
          {content.facts.map((fact) => (
            <li key={fact.label}>
              <strong>{fact.value}</strong> {fact.label}
            </li>
          ))}
        </ul>
      </header>
      <div className="fin-layout">
        <div className="fin-main">
          <section className="fin-section" aria-labelledby="fin-covered">
            <h2 id="fin-covered">{content.coveredTitle}</h2>
            <ul className="fin-list fin-list-check">
              {content.covered.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
            <h3>Не покрывается</h3>
            <ul className="fin-list">
              {content.notCovered.map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ul>
          </section>
          <section className="fin-section" aria-labelledby="fin-programmes">
            <h2 id="fin-programmes">{content.programmesTitle}</h2>
            <ul className="fin-programmes">
              {content.programmes.map((p) => (
                <li key={p.name} className="fin-programme">
                  <h3>{p.name}</h3>
                  <p className="muted">{p.covers}</p>
                  <p>
                    Страховая сумма до <strong>{formatPrice(p.sumKopecks)}</strong>
                  </p>
                  <p className="fin-programme-price">
                    от {formatPrice(p.priceFromKopecks)} <span>{p.per}</span>
                  </p>
                </li>
              ))}
            </ul>
          </section>
          <section className="fin-section" aria-labelledby="fin-steps">
            <h2 id="fin-steps">Как оформить</h2>
            <ol className="fin-steps">
              {content.steps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </section>
        </div>
        <FinanceRequestForm
          kind={content.kind}
          action={loaderData.pathname}
          intro="Специалист перезвонит, подберёт программу и рассчитает точную стоимость."
          commentHint={content.commentHint}
          result={actionData}
        />
      </div>
      <FaqList items={content.faq} />
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
