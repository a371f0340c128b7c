// /user/loyalty (ours; SPEC §4 Loyalty login): a guest signs in to «Мультионы» alone by phone and SMS
// code. The product page's form posts here, so it works before hydration: without JavaScript this page
// shows the next step or the error under its field, and a proven code goes back (?back=) with the
// loyaltyCard cookie. Personal and never cached.
import { data, useActionData, useLoaderData } from 'react-router';
import type { Route } from './+types/loyalty-login';
import { AppLink } from '../components/app-link.tsx';
import { LoyaltySignInForm } from '../components/loyalty/loyalty-sign-in.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { NO_STORE, safeBack, withCookies } from '../lib/auth.server.ts';
import { readForm } from '../lib/form.server.ts';
import { loyaltySignInAction } from '../lib/loyalty-sign-in.server.ts';
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

export function loader({ request }: Route.LoaderArgs) {
  return data({ back: safeBack(new URL(request.url).searchParams.get('back'), '/') }, { headers: NO_STORE });
}

export async function action({ request, context }: Route.ActionArgs) {
  return loyaltySignInAction(request, context.get(apiContext), await readForm(request));
}

export default function LoyaltyLoginPage() {
  const { back } = useLoaderData<typeof loader>();
  const state = useActionData<typeof action>();
  return (
    <main className="container page lb-page" id="main">
      <h1>Вход в «Мультионы»</h1>
      <p>Войдите по номеру телефона, чтобы видеть свои бонусы на страницах товаров и списывать их при оформлении.</p>
      <LoyaltySignInForm back={back} state={state} />
      <p>
        <AppLink to={back}>Вернуться</AppLink>
      </p>
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
