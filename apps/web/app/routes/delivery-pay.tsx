// /delivery/pay, «Способы оплаты» (SPEC §2, §9 payment ids): the payment methods of the visitor's
// city with their limits and the ways to receive goods each one goes with — the payments checkout
// offers there (GET /v2/delivery/terms: the city's payment ids as each way of /variations_orders
// takes them, the thresholds of /v2/payment). The city switch is a GET form (works without JS).
import type { Route } from './+types/delivery-pay';
import { PAYMENT_TABS } from '@store/domain';
import { AppLink } from '../components/app-link.tsx';
import { DeliveryHead } from '../components/delivery/delivery-head.tsx';
import { RouteErrorBoundary } from '../components/route-error.tsx';
import { loadDeliveryPage } from '../lib/delivery-terms.server.ts';
import { paymentLimitText } from '../lib/delivery-terms.ts';
import { seoMeta } from '../lib/meta.ts';
import styles from '../styles/info.css?url';
import { apiContext } from '../context.ts';

export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: styles }];

export const meta: Route.MetaFunction = ({ matches }) => seoMeta(matches, 'Способы оплаты — Мультицентр');

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadDeliveryPage(request, context.get(apiContext));
}

export default function DeliveryPayPage({ loaderData }: Route.ComponentProps) {
  const { terms } = loaderData;
  const wayName = new Map(terms.ways.filter((w) => !w.seller).map((w) => [w.delivery_type_id, w.name]));
  const tabs = PAYMENT_TABS.map((tab) => ({
    ...tab,
    methods: terms.payments.filter((p) => p.tab === tab.id),
  })).filter((tab) => tab.methods.length > 0);
  return (
    <main className="container page info-page" id="main">
      <DeliveryHead path="/delivery/pay" title="Способы оплаты" data={loaderData} />
      {tabs.map((tab) => (
        <section key={tab.id} aria-labelledby={`pay-${tab.id}`} className="pay-group">
          <h2 id={`pay-${tab.id}`}>{tab.label}</h2>
          <div className="pay-methods">
            {tab.methods.map((method) => (
              <article key={method.id} className="pay-method" data-payment={method.id}>
                <h3>
                  {method.name}
                  {method.instalment_label ? <span className="pay-badge">{method.instalment_label}</span> : null}
                </h3>
                <p className="muted">{method.description}</p>
                <dl className="dl-facts">
                  <div>
                    <dt>Сумма заказа</dt>
                    <dd>{paymentLimitText(method)}</dd>
                  </div>
                  <div>
                    <dt>Способы получения</dt>
                    <dd>
                      {[...new Set(method.delivery_type_ids.map((id) => wayName.get(id) ?? String(id)))].join(', ')}
                    </dd>
                  </div>
                </dl>
              </article>
            ))}
          </div>
        </section>
      ))}
      <p className="muted dl-footnote">
        Акции могут сузить выбор способов оплаты: при оформлении заказа видны только подходящие. Юрлица оплачивают по
        счёту — <AppLink to="/service/corporate">заявка для юрлиц</AppLink>.
      </p>
    </main>
  );
}

export const ErrorBoundary = RouteErrorBoundary;
