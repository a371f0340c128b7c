// /account (SPEC §2): the account area, sign-in required. A guest goes to /user/login?back=… and
// returns after signing in; a session the API refuses loses its cookies (§8). Never cached.
import { Outlet, data, useRouteLoaderData } from 'react-router';
import type { Profile } from '@store/api-client';
import { COMPARE_LIMIT, COOKIE, formatPhone, parseIdList } from '@store/domain';
import type { Route } from './+types/account';
import { AccountMenu, type AccountMenuCounts } from '../components/account-menu.tsx';
import { Breadcrumbs } from '../components/breadcrumbs.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { NO_STORE, requireCustomer, withCookies } from '../lib/auth.server.ts';
import { parseCookies } from '../lib/cookies.ts';
import addressSuggestStyles from '../styles/address-suggest.css?url';
import styles from '../styles/account.css?url';
import { apiContext } from '../context.ts';
import { availableBonuses } from '../lib/loyalty.server.ts';

export const links: Route.LinksFunction = () => [
  { rel: 'stylesheet', href: styles },
  { rel: 'stylesheet', href: addressSuggestStyles },
];

export const meta: Route.MetaFunction = () => [
  { title: 'Личный кабинет — Мультицентр' },
  { name: 'robots', content: 'noindex' },
];

export function headers({ loaderHeaders, actionHeaders }: Route.HeadersArgs) {
  return withCookies(actionHeaders ?? loaderHeaders, NO_STORE);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const profile = await requireCustomer(request, context.get(apiContext));
  const cookies = parseCookies(request.headers.get('cookie'));
  const counts = {
    favorites: parseIdList(cookies[COOKIE.favoriteProducts]).length,
    compare: parseIdList(cookies[COOKIE.compareProducts], COMPARE_LIMIT).length,
    reviews: profile.counts.reviews,
    orders: profile.counts.orders,
    bonuses: await availableBonuses(context.get(apiContext)),
  };
  return data({ profile, counts }, { headers: NO_STORE });
}

/** The profile loaded by the account layout, for its child pages. */
export function useAccount(): { profile: Profile; counts: AccountMenuCounts } {
  return useRouteLoaderData('account') as {
    profile: Profile;
    counts: AccountMenuCounts;
  };
}

export default function AccountLayout({ loaderData }: Route.ComponentProps) {
  const name = [loaderData.profile.first_name, loaderData.profile.last_name].filter(Boolean).join(' ');
  return (
    <main className="container account-page" id="main">
      <Breadcrumbs
        items={[
          { text: 'Главная', href: '/' },
          { text: 'Личный кабинет', href: '/account' },
        ]}
      />
      <div className="account-layout">
        <aside className="account-aside">
          <p className="account-hello">
            <strong>{name || 'Покупатель'}</strong>
            <span className="muted">{formatPhone(loaderData.profile.phone)}</span>
          </p>
          <AccountMenu counts={loaderData.counts} />
        </aside>
        <div className="account-content">
          <Outlet />
        </div>
      </div>
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
