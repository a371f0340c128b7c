// The frame of every checkout page, the basket included (SPEC §2 Checkout): the steps indicator, the
// order aside with its totals, and the notice line. Kept apart from checkout-steps.tsx so the basket's
// first scripts do not carry the contacts, delivery and payment forms (decision 0064).
import type { ReactNode } from 'react';
import { CHECKOUT_STEPS, formatPrice, PLURAL, pluralize } from '@store/domain';
import type { CalcApplyToBasket } from '@store/api-client';
import { STEP_LABELS, stepHref } from '../lib/checkout-address.ts';
import type { OrderTotals } from '../lib/checkout.ts';
import type { CheckoutView } from '../lib/checkout.server.ts';
import { AppLink } from './app-link.tsx';
import { TradeInHandIn, TradeInTotalLine } from './trade-in/checkout-trade-in.tsx';

export function StepsNav({ view }: { view: CheckoutView }) {
  const order = view.state.orders[view.current]!;
  const reachableIndex = CHECKOUT_STEPS.indexOf(view.reachable);
  return (
    <nav className="co-steps" aria-label="Шаги оформления">
      <ol>
        {CHECKOUT_STEPS.map((step, index) => {
          const current = step === view.step;
          const done = index < CHECKOUT_STEPS.indexOf(view.step);
          const open =
            !current &&
            (step === 'basket' ||
              (index <= CHECKOUT_STEPS.indexOf(order.step) + 1 &&
                index <= reachableIndex &&
                index <= CHECKOUT_STEPS.indexOf(view.step) + 1));
          const label = (
            <>
              <span className="co-step-number" aria-hidden="true">
                {done ? '✓' : index + 1}
              </span>
              <span className="co-step-label">{STEP_LABELS[step]}</span>
            </>
          );
          return (
            <li key={step} className={current ? 'is-current' : done ? 'is-done' : undefined}>
              {open ? (
                <AppLink to={stepHref(step, view.current)}>{label}</AppLink>
              ) : (
                <span aria-current={current ? 'step' : undefined}>{label}</span>
              )}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

/** The order's money, sticky beside the step on desktop. */
export function OrderAside({
  totals,
  tradeIn,
  children,
  title = 'Ваш заказ',
}: {
  totals: OrderTotals;
  /** The shopper's trade-in for these lines (calc-apply-to-basket), shown on every step. */
  tradeIn?: CalcApplyToBasket['trade_in'] | undefined;
  children?: ReactNode;
  title?: string;
}) {
  return (
    <aside className="co-aside" aria-labelledby="co-aside-title">
      <h2 id="co-aside-title">{title}</h2>
      <dl className="co-totals">
        <div>
          <dt>
            {totals.count} {pluralize(totals.count, PLURAL.product)}
          </dt>
          <dd>{formatPrice(totals.goods)}</dd>
        </div>
        {totals.warranties > 0 ? (
          <div>
            <dt>Дополнительная гарантия</dt>
            <dd>{formatPrice(totals.warranties)}</dd>
          </div>
        ) : null}
        {totals.discount > 0 ? (
          <div className="co-totals-discount">
            <dt>Скидка по акциям</dt>
            <dd>−{formatPrice(totals.discount)}</dd>
          </div>
        ) : null}
        <TradeInTotalLine tradeIn={tradeIn} />
        <BonusTotalLine totals={totals} />
        <div>
          <dt>Доставка</dt>
          <dd>{totals.delivery > 0 ? formatPrice(totals.delivery) : 'бесплатно'}</dd>
        </div>
        <div className="co-totals-sum">
          <dt>Итого</dt>
          <dd data-testid="order-total">{formatPrice(totals.total)}</dd>
        </div>
      </dl>
      <TradeInHandIn tradeIn={tradeIn} />
      {children}
    </aside>
  );
}

/** The aside's line: what the bonuses take off the order (on every step). */
function BonusTotalLine({ totals }: { totals: OrderTotals }) {
  if (totals.bonuses <= 0) return null;
  return (
    <div className="co-totals-discount">
      <dt>Бонусами «Мультионы»</dt>
      <dd data-testid="bonuses-paid">−{formatPrice(totals.bonuses)}</dd>
    </div>
  );
}

/** A message about the checkout as a whole (an order that changed, a step that cannot be reached yet). */
export function CheckoutNotice({ text }: { text: string | null }) {
  return text ? (
    <p role="alert" className="cart-error co-notice">
      {text}
    </p>
  ) : null;
}
