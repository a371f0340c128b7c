// /service/trade-in, «Trade-in»: the calculator of SPEC §4 (old devices valued from the price list, the
// discount on a new device). Personal (the shopper's devices in the tradein_tx cookie): never in the page
// cache. Linked from the product page's trade-in sticker (?product=ID) and the home page.
import type { Route } from './+types/service-trade-in';
import { AppLink } from '../components/app-link.tsx';
import { Breadcrumbs } from '../components/breadcrumbs.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { TradeInCalculator } from '../components/trade-in/calculator.tsx';
import { seoMeta, withDescription } from '../lib/meta.ts';
import { orNotFound, requirePage } from '../lib/not-found.server.ts';
import { tradeInAction, tradeInLoader } from '../lib/trade-in.server.ts';
import { useShell } from '../lib/shell.ts';
import infoStyles from '../styles/info.css?url';
import styles from '../styles/trade-in.css?url';
import { apiContext } from '../context.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: infoStyles },
  { rel: 'stylesheet', href: styles },
];

export const meta: Route.MetaFunction = ({ matches }) =>
  withDescription(
    seoMeta(matches, 'Trade-in: обмен старого устройства на скидку — Мультицентр'),
    'Оцените старый смартфон, планшет, ноутбук, часы или консоль и получите скидку на новое устройство в Мультицентре.',
  );

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = requirePage(request);
  const api = context.get(apiContext);
  const [breadcrumbs, calculator] = await Promise.all([
    orNotFound(api.seo.breadcrumbs(pathname)),
    tradeInLoader(request, api),
  ]);
  return { breadcrumbs, calculator };
}

export async function action({ request, context }: Route.ActionArgs) {
  return tradeInAction(request, context.get(apiContext));
}

export function headers({ actionHeaders }: Route.HeadersArgs) {
  const headers = new Headers({ 'cache-control': 'no-store' });
  for (const cookie of actionHeaders?.getSetCookie() ?? []) headers.append('set-cookie', cookie);
  return headers;
}

export default function TradeInPage({ loaderData, actionData }: Route.ComponentProps) {
  const shell = useShell();
  return (
    <main className="container page info-page ti-page" id="main">
      <Breadcrumbs items={loaderData.breadcrumbs} />
      <h1>{shell?.seo?.h1 ?? 'Trade-in'}</h1>
      <p className="lead">
        Сдайте старый смартфон, планшет, ноутбук, умные часы или игровую консоль — мы оценим их по прайс-листу и вычтем
        оценку из цены нового устройства. Обмен — в любом Мультицентре при получении заказа. Нужны деньги, а не скидка?{' '}
        <AppLink to="/likenew">Продайте устройство нам</AppLink>.
      </p>
      <TradeInCalculator
        data={loaderData.calculator}
        error={actionData && 'error' in actionData ? actionData.error : null}
      />
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
