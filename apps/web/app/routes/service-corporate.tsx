// /service/corporate, «Корпоративным клиентам»: the corporate fast order (SPEC §1, §7 POST
// /v2/corp/fast-order, §4 order-sent). The page itself is the same for everyone (cached per city);
// the form posts to this route's action, which answers the order-sent state or the form with its
// errors (never cached: a POST). Works without JavaScript.
import type { Route } from './+types/service-corporate';
import { AppLink } from '../components/app-link.tsx';
import { Breadcrumbs } from '../components/breadcrumbs.tsx';
import { CorpFastOrderForm } from '../components/corporate/fast-order-form.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { corpFastOrderAction } from '../lib/corp-fast-order.server.ts';
import { seoMeta } from '../lib/meta.ts';
import { orNotFound, requirePage } from '../lib/not-found.server.ts';
import { useShell } from '../lib/shell.ts';
import styles from '../styles/info.css?url';
import consent from '../styles/consent.css?url';
import { apiContext } from '../context.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: styles },
  { rel: 'stylesheet', href: consent },
];

export const meta: Route.MetaFunction = ({ matches }) => seoMeta(matches, 'Корпоративным клиентам — Мультицентр');

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = requirePage(request);
  return { breadcrumbs: await orNotFound(context.get(apiContext).seo.breadcrumbs(pathname)) };
}

export async function action({ request, context }: Route.ActionArgs) {
  return corpFastOrderAction(request, context.get(apiContext));
}

export default function CorporatePage({ loaderData, actionData }: Route.ComponentProps) {
  const shell = useShell();
  const sent = actionData?.sent;
  return (
    <main className="container page info-page" id="main">
      <Breadcrumbs items={loaderData.breadcrumbs} />
      <h1>{shell?.seo?.h1 ?? 'Корпоративным клиентам'}</h1>
      <p className="lead">
        Техника для офиса, склада и сети магазинов по безналичному расчёту. Оставьте заявку — менеджер подберёт товары,
        пришлёт счёт с НДС и согласует доставку.
      </p>
      <div className="corp-layout">
        {sent ? (
          <section className="corp-sent" role="status" aria-labelledby="corp-sent-title">
            <h2 id="corp-sent-title">Заявка №{sent.id} отправлена</h2>
            <p>
              Менеджер отдела корпоративных продаж позвонит в рабочее время, уточнит заказ и пришлёт счёт. Подтверждение
              отправили на {sent.email}.
            </p>
            <p>
              <AppLink to="/service/corporate" className="button">
                Отправить ещё одну заявку
              </AppLink>
            </p>
          </section>
        ) : (
          <CorpFastOrderForm
            values={actionData?.values ?? null}
            errors={actionData?.errors ?? {}}
            lookup={actionData?.lookup ?? null}
          />
        )}
        <aside className="corp-aside" aria-labelledby="corp-why">
          <h2 id="corp-why">Почему Мультицентр</h2>
          <ul>
            <li>Тысячи товаров в наличии в магазинах по всей России</li>
            <li>Счёт, договор и закрывающие документы с НДС 22 %</li>
            <li>Персональный менеджер и цены для постоянных клиентов</li>
            <li>Доставка до офиса, установка и настройка</li>
          </ul>
          <p className="muted">
            Уже собрали корзину? <AppLink to="/cart/corporate">Оформите её как заказ юрлица</AppLink>.
          </p>
        </aside>
      </div>
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
