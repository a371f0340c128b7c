// /certificate and /cert (SPEC §2 Certificate pages; issue 15 item 6, decision 0027): buy an electronic
// gift certificate of a nominal (paid online like an order: the order's payment page and the acquirer;
// the code comes by e-mail once paid) and check a code's balance. Both are plain forms posting to this
// route, so the page works before hydration; the GET page is the same for everyone (page cache).
import { data, useActionData, useNavigation } from 'react-router';
import type { Route } from './+types/certificate';
import { GIFT_CERTIFICATE_NOMINALS, formatPrice } from '@store/domain';
import { Breadcrumbs } from '../components/breadcrumbs.tsx';
import { CertificateBalanceForm } from '../components/gift-certificates/balance-form.tsx';
import { CertificateBuyForm } from '../components/gift-certificates/buy-form.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { readForm } from '../lib/form.server.ts';
import { buyCertificate, checkBalance } from '../lib/gift-certificates.server.ts';
import { seoMeta } from '../lib/meta.ts';
import { orNotFound, requirePage } from '../lib/not-found.server.ts';
import { apiContext } from '../context.ts';
import styles from '../styles/gift-certificates.css?url';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }];

export const meta: Route.MetaFunction = ({ matches }) => seoMeta(matches, 'Подарочные сертификаты');

export async function loader({ request, context }: Route.LoaderArgs) {
  const { pathname } = requirePage(request);
  const breadcrumbs = await orNotFound(context.get(apiContext).seo.breadcrumbs(pathname));
  return { breadcrumbs };
}

export async function action({ request, context }: Route.ActionArgs) {
  const form = await readForm(request);
  const api = context.get(apiContext);
  const result = form.get('intent') === 'balance' ? await checkBalance(api, form) : await buyCertificate(api, form);
  if (result instanceof Response) return result;
  const failed = result.intent === 'buy' ? Object.keys(result.errors).length > 0 : result.error !== null;
  return data(result, { status: failed ? 422 : 200, headers: { 'cache-control': 'no-store' } });
}

export default function CertificatePage({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const navigation = useNavigation();
  const busy = navigation.state !== 'idle' ? navigation.formData?.get('intent') : null;
  return (
    <main className="container page gc-page" id="main">
      <Breadcrumbs items={loaderData.breadcrumbs} />
      <section className="gc-hero" aria-labelledby="gc-title">
        <div>
          <h1 id="gc-title">Подарочные сертификаты</h1>
          <p className="gc-lead">
            Электронный сертификат на сумму от {formatPrice(GIFT_CERTIFICATE_NOMINALS[0]!)} до{' '}
            {formatPrice(GIFT_CERTIFICATE_NOMINALS.at(-1)!)} придёт на почту сразу после оплаты. Им можно оплатить любой
            заказ на сайте — целиком или частично, остаток сохранится.
          </p>
        </div>
        <div className="gc-visual" aria-hidden="true">
          <span className="gc-visual-brand">Мультицентр</span>
          <span className="gc-visual-sum">{formatPrice(500_000)}</span>
          <span className="gc-visual-code">XXXX-XXXX-XXXX-XXXX</span>
        </div>
      </section>
      <div className="gc-layout">
        <CertificateBuyForm result={result?.intent === 'buy' ? result : null} busy={busy === 'buy'} />
        <aside className="gc-side">
          <CertificateBalanceForm result={result?.intent === 'balance' ? result : null} busy={busy === 'balance'} />
          <section className="gc-card gc-how" aria-labelledby="gc-how-title">
            <h2 id="gc-how-title">Как это работает</h2>
            <ol>
              <li>Выберите номинал и укажите, кому отправить сертификат.</li>
              <li>Оплатите картой или через СБП.</li>
              <li>Код из 16 символов придёт на почту получателя.</li>
              <li>При оформлении заказа введите код на шаге оплаты — можно несколько сертификатов сразу.</li>
            </ol>
            <p className="muted">
              Сертификат действует год. Купить сертификат бонусами или другим сертификатом нельзя.
            </p>
          </section>
        </aside>
      </div>
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
