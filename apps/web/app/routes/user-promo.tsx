// /user/promo, «Промокод для подписчиков» (SPEC §2): subscribers to the promotions newsletter (e-mail
// or SMS, Настройка рассылок) see the promocodes running now; a signed-in customer who is not one
// subscribes with one button; a guest signs in first and comes back. Works without JavaScript.
import { Form, data, redirect } from 'react-router';
import { isApiError, type Profile } from '@store/api-client';
import type { Route } from './+types/user-promo';
import { AppLink } from '../components/app-link.tsx';
import { Breadcrumbs } from '../components/breadcrumbs.tsx';
import { PromocodeHowTo, PromocodeList } from '../components/promocode-list.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { NO_STORE, hasAuthCookie, loginUrl, orSignIn } from '../lib/auth.server.ts';
import styles from '../styles/account.css?url';
import { apiContext } from '../context.ts';

/** The newsletters that make a customer a subscriber. */
const PROMO_SUBSCRIPTIONS = ['email-promo', 'sms-promo'];

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }];

export const meta: Route.MetaFunction = () => [
  { title: 'Промокод для подписчиков — Мультицентр' },
  { name: 'robots', content: 'noindex' },
];

export const headers = () => NO_STORE;

async function profileOf(request: Request, context: Route.LoaderArgs['context']): Promise<Profile | null> {
  if (!hasAuthCookie(request)) return null;
  try {
    return await context.get(apiContext).account.profile();
  } catch (error) {
    // A session the API refuses: the page is the guest's.
    if (isApiError(error, 401)) return null;
    throw error;
  }
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const profile = await profileOf(request, context);
  const subscribed = Boolean(profile?.subscribe_types.some((t) => PROMO_SUBSCRIPTIONS.includes(t)));
  const codes = subscribed ? await context.get(apiContext).promocodes() : [];
  return data({ signedIn: profile !== null, subscribed, codes }, { headers: NO_STORE });
}

export async function action({ request, context }: Route.ActionArgs) {
  if (!hasAuthCookie(request)) throw redirect(loginUrl('/user/promo'));
  const profile = await orSignIn(request, context.get(apiContext).account.profile());
  await context.get(apiContext).account.setSubscriptions([...new Set([...profile.subscribe_types, 'email-promo'])]);
  return redirect('/user/promo', { headers: NO_STORE });
}

export default function UserPromo({ loaderData }: Route.ComponentProps) {
  const { signedIn, subscribed, codes } = loaderData;
  return (
    <main className="container promo-page" id="main">
      <Breadcrumbs
        items={[
          { text: 'Главная', href: '/' },
          { text: 'Промокод для подписчиков', href: '/user/promo' },
        ]}
      />
      <h1>Промокод для подписчиков</h1>
      {subscribed ? (
        <>
          <p className="promo-lead">Вы подписаны на акции. Ваши промокоды:</p>
          <PromocodeList codes={codes} />
          <PromocodeHowTo />
          <p className="promo-actions">
            <AppLink to="/account/mailings" className="button">
              Настройка рассылок
            </AppLink>
          </p>
        </>
      ) : (
        <section className="promo-card promo-offer" aria-labelledby="promo-offer-title">
          <h2 id="promo-offer-title">Подпишитесь на акции — и получайте промокоды первыми</h2>
          <p>Подписчики рассылки об акциях видят здесь все действующие промокоды и узнают о новых раньше других.</p>
          {signedIn ? (
            <Form method="post">
              <button type="submit" className="button button-primary">
                Подписаться и получить промокод
              </button>
            </Form>
          ) : (
            <AppLink to={`/user/login?back=${encodeURIComponent('/user/promo')}`} className="button button-primary">
              Войти и получить промокод
            </AppLink>
          )}
        </section>
      )}
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
