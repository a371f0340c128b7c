// A checkout step's page (contacts, delivery, payments, summary) of /cart: routes/cart.tsx loads it as a
// chunk of its own so the basket does not ship these forms (decision 0064).
import { CertificateTotals, CheckoutCertificatesPanel } from './gift-certificates/checkout-certificates.tsx';
import { CheckoutBonusesPanel } from './loyalty/checkout-bonuses.tsx';
import { CheckoutNotice, OrderAside, StepsNav } from './checkout-frame.tsx';
import { ContactsStep, DeliveryStep, PaymentsStep, SummaryStep } from './checkout-steps.tsx';
import { expressFeatureMinutes } from '../lib/availability.ts';
import type { CheckoutView, StepActionResult } from '../lib/checkout.server.ts';
import { useShell } from '../lib/shell.ts';

export function CheckoutStepPage({ view, result }: { view: CheckoutView; result: StepActionResult | undefined }) {
  const shell = useShell();
  const order = view.state.orders[view.current]!;
  const storeName = view.stores?.find((s) => s.id === order.delivery?.store_id)?.name ?? null;
  return (
    <main className="container page co-page" id="main">
      <h1 className="co-title">
        Оформление заказа
        {view.state.orders.length > 1 ? <span className="muted"> · заказ {view.current + 1}</span> : null}
      </h1>
      <StepsNav view={view} />
      <CheckoutNotice text={view.notice} />
      <div className="co-layout">
        <div className="co-main">
          {view.step === 'contacts' ? <ContactsStep view={view} result={result} /> : null}
          {view.step === 'delivery' ? (
            <DeliveryStep
              view={view}
              result={result}
              expressMinutes={expressFeatureMinutes(shell?.features ?? [])}
              tileUrl={shell?.publicConfig.mapTileUrl ?? null}
              attribution={shell?.publicConfig.mapTileAttribution ?? null}
            />
          ) : null}
          {view.step === 'payments' ? <CheckoutBonusesPanel view={view} result={result} /> : null}
          {view.step === 'payments' ? <PaymentsStep view={view} result={result} /> : null}
          {view.step === 'payments' ? <CheckoutCertificatesPanel view={view} result={result} /> : null}
          {view.step === 'summary' ? <SummaryStep view={view} result={result} storeName={storeName} /> : null}
        </div>
        <OrderAside totals={view.totals} tradeIn={view.calc?.trade_in}>
          <CertificateTotals view={view} />
        </OrderAside>
      </div>
    </main>
  );
}
