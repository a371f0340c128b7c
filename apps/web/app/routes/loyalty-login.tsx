// /user/loyalty (ours; SPEC §4 Loyalty login): a guest signs in to «Мультионы» alone by phone and SMS
// code. The product page's form posts here, so it works before hydration: without JavaScript this page
// shows the next step or the error under its field, and a proven code sets the loyaltyCard cookie and
// comes back here (?signed=1) to show the card's balance for the product with a link back to it — the
// product page is cached and the same for everyone, so only a hydrated one draws the balance itself
// (its form goes straight back). Personal and never cached.
import { data, useActionData, useLoaderData } from 'react-router';
import type { Route } from './+types/loyalty-login';
import { AppLink } from '../components/app-link.tsx';
import { LoyaltyBalanceLine, LoyaltySignInForm } from '../components/loyalty/loyalty-sign-in.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { NO_STORE, safeBack, withCookies } from '../lib/auth.server.ts';
import { readForm } from '../lib/form.server.ts';
import { loyaltyProductOf } from '../lib/loyalty-sign-in.ts';
import { loyaltySignInAction, signedInBalance } from '../lib/loyalty-sign-in.server.ts';
import styles from '../styles/loyalty-sign-in.css?url';
import { apiContext } from '../context.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }];

export const meta: Route.MetaFunction = () => [
  { title: 'Вход в программу «Мультионы» — Мультицентр' },
  { name: 'robots', content: 'noindex' },
];

export function headers({ actionHeaders, loaderHeaders }: Route.HeadersArgs) {
  return withCookies(actionHeaders ?? loaderHeaders, NO_STORE);
}

export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const back = safeBack(url.searchParams.get('back'), '/');
  const productId = loyaltyProductOf(url);
  const signed = url.searchParams.get('signed') === '1';
  const balance = signed && productId ? await signedInBalance(context.get(apiContext), productId) : null;
  // Without a product there is no balance line to show; with one, no card yet means the form again.
  const signedIn = signed && (productId === null || balance !== null);
  return data({ back, productId, balance, signedIn }, { headers: NO_STORE });
}

export async function action({ request, context }: Route.ActionArgs) {
  return loyaltySignInAction(request, context.get(apiContext), await readForm(request));
}

export default function LoyaltyLoginPage() {
  const { back, productId, balance, signedIn } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>();
  if (signedIn) {
    return (
      <main className="container page lb-page" id="main">
        <h1>Вы вошли в «Мультионы»</h1>
        {balance ? <LoyaltyBalanceLine known={balance} /> : null}
        <p className="muted">Баланс виден на страницах товаров, а списать бонусы можно при оформлении заказа.</p>
        <p>
          <AppLink to={back} className="button button-primary">
            {productId ? 'Вернуться к товару' : 'Вернуться'}
          </AppLink>
        </p>
      </main>
    );
  }
  return (
    <main className="container page lb-page" id="main">
      <h1>Вход в «Мультионы»</h1>
      <p>Войдите по номеру телефона, чтобы видеть свои бонусы на страницах товаров и списывать их при оформлении.</p>
      <LoyaltySignInForm back={back} productId={productId} state={state} />
      <p>
        <AppLink to={back}>Вернуться</AppLink>
      </p>
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
