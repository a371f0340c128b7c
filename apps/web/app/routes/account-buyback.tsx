// /account/buyback, «Выкуп» (issue 16, docs/decisions/0043): the signed-in customer's buyback bookings, newest
// first, with the device, the price of the booking's moment, where and when, and the operator's answer; an empty
// list points to /likenew. Personal: never cached (the account layout and this loader send no-store).
import { data } from 'react-router';
import type { Route } from './+types/account-buyback';
import { AppLink } from '../components/app-link.tsx';
import { BuybackBookingCard } from '../components/buyback/buyback-booking-card.tsx';
import { NO_STORE, orSignIn, withCookies } from '../lib/auth.server.ts';
import { apiContext } from '../context.ts';
import styles from '../styles/repair.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }];

export const meta: Route.MetaFunction = () => [
  { title: 'Выкуп — Личный кабинет — Мультицентр' },
  { name: 'robots', content: 'noindex' },
];

export function headers({ loaderHeaders }: Route.HeadersArgs) {
  return withCookies(loaderHeaders, NO_STORE);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const bookings = await orSignIn(request, context.get(apiContext).buyback.mine());
  return data({ bookings }, { headers: NO_STORE });
}

export default function AccountBuyback({ loaderData }: Route.ComponentProps) {
  const { bookings } = loaderData;
  return (
    <>
      <h1>Выкуп</h1>
      {bookings.length === 0 ? (
        <div className="repair-requests-empty">
          <p className="account-empty">У вас пока нет записей на выкуп.</p>
          <AppLink to="/likenew" className="button">
            Узнать цену выкупа
          </AppLink>
        </div>
      ) : (
        <>
          <p className="repair-requests-intro">
            Магазин подтвердит запись или предложит другое время. Продать ещё одно устройство —{' '}
            <AppLink to="/likenew">на странице выкупа</AppLink>.
          </p>
          <div className="repair-requests">
            {bookings.map((b) => (
              <BuybackBookingCard key={b.id} booking={b} />
            ))}
          </div>
        </>
      )}
    </>
  );
}
