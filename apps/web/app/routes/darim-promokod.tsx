// /user/darim-promokod, «Дарим промокод» (SPEC §2 Promocode page): the promocodes running now for
// every shopper, and how to apply one in the basket.
import type { Route } from './+types/darim-promokod';
import { AppLink } from '../components/app-link.tsx';
import { Breadcrumbs } from '../components/breadcrumbs.tsx';
import { PromocodeHowTo, PromocodeList } from '../components/promocode-list.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import styles from '../styles/account.css?url';
import { apiContext } from '../context.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }];

export const meta: Route.MetaFunction = () => [{ title: 'Дарим промокод — Мультицентр' }];

export async function loader({ context }: Route.LoaderArgs) {
  return { codes: await context.get(apiContext).promocodes() };
}

export default function DarimPromokod({ loaderData }: Route.ComponentProps) {
  return (
    <main className="container promo-page" id="main">
      <Breadcrumbs
        items={[
          { text: 'Главная', href: '/' },
          { text: 'Дарим промокод', href: '/user/darim-promokod' },
        ]}
      />
      <h1>Дарим промокод</h1>
      <p className="promo-lead">Промокоды, которые действуют прямо сейчас. Выберите подходящий и сэкономьте.</p>
      <PromocodeList codes={loaderData.codes} />
      <PromocodeHowTo />
      <p className="promo-actions">
        <AppLink to="/cart" className="button button-primary">
          Перейти в корзину
        </AppLink>
        <AppLink to="/user/promo" className="button">
          Промокоды для подписчиков
        </AppLink>
      </p>
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
