// «Мультионы» on the checkout's payment step and in its aside (issue 15): a form posting to /cart
// (intent bonuses), so the choice works before hydration; the draft keeps it and calc-apply-to-basket
// prices it as create-order will, so every step's total, the payment thresholds and the order agree.
import { useId } from 'react';
import { Form } from 'react-router';
import { formatBonuses, formatPrice } from '@store/domain';
import type { CheckoutView, StepActionResult } from '../../lib/checkout.server.ts';
import { stepHref } from '../../lib/checkout.ts';
import { AppLink } from '../app-link.tsx';

export function CheckoutBonusesPanel({ view, result }: { view: CheckoutView; result: StepActionResult | undefined }) {
  const id = useId();
  const quote = view.calc?.bonuses ?? null;
  if (!quote || quote.max === 0) return null;
  const order = view.state.orders[view.current]!;
  const error = result?.errors['bonuses'];
  const action = stepHref('payments', view.current);
  const { spendable } = quote;
  return (
    <section className="co-step gc-checkout lb-checkout" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Бонусы «Мультионы»</h2>
      {quote.available === null ? (
        <p className="muted">
          Этим заказом можно оплатить до {formatBonuses(quote.max)}.{' '}
          <AppLink to="/account/loyalty">Войдите в программу «Мультионы»</AppLink>, чтобы списать бонусы.
        </p>
      ) : (
        <>
          <p className="lb-checkout-facts">
            На карте <strong data-testid="bonuses-available">{formatBonuses(quote.available)}</strong>, для этого заказа
            можно списать до <strong data-testid="bonuses-spendable">{formatBonuses(spendable)}</strong>.
          </p>
          {spendable > 0 ? (
            // Keyed by the amount, so the field shows the saved choice after each post.
            <Form key={order.bonuses} method="post" action={action} className="gc-checkout-add" noValidate>
              <input type="hidden" name="intent" value="bonuses" />
              <input type="hidden" name="order" value={view.current + 1} />
              <label htmlFor={`${id}-amount`}>Сколько бонусов списать</label>
              <div className="gc-checkout-row">
                <input
                  id={`${id}-amount`}
                  name="bonuses"
                  inputMode="numeric"
                  autoComplete="off"
                  maxLength={9}
                  defaultValue={quote.amount > 0 ? String(quote.amount) : ''}
                  placeholder={`до ${spendable}`}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? `${id}-error` : undefined}
                />
                <button type="submit" className="button">
                  Списать
                </button>
              </div>
              <div className="lb-checkout-buttons">
                <button type="submit" name="bonuses" value={spendable} className="link-button">
                  Списать максимум
                </button>
                {quote.amount > 0 ? (
                  <button type="submit" name="bonuses" value="0" className="link-button">
                    Не списывать
                  </button>
                ) : null}
              </div>
              {error ? (
                <p className="gc-error" id={`${id}-error`}>
                  {error}
                </p>
              ) : null}
            </Form>
          ) : null}
          {quote.applied > 0 ? (
            <p className="co-ok" role="status">
              Спишется {formatBonuses(quote.applied)}: скидка {formatPrice(quote.applied * 100)}.
            </p>
          ) : null}
        </>
      )}
      <p className="muted co-note">1 бонус = 1 ₽. Бонусами можно оплатить до 30 % цены товара.</p>
    </section>
  );
}
