// Gift certificates on the checkout's payment step and in its aside (issue 15, decision 0027): forms that
// post to /cart (intent certificate-add / certificate-remove), so they work before hydration.
import { useId } from 'react';
import { Form } from 'react-router';
import { GIFT_CERTIFICATE_RULES, formatPrice } from '@store/domain';
import type { CheckoutView, StepActionResult } from '../../lib/checkout.server.ts';
import { stepHref } from '../../lib/checkout.ts';

export function CheckoutCertificatesPanel({
  view,
  result,
}: {
  view: CheckoutView;
  result: StepActionResult | undefined;
}) {
  const id = useId();
  const certificates = view.certificates;
  const lines = certificates?.lines ?? [];
  const error = result?.errors['gift_certificate'];
  const action = stepHref('payments', view.current);
  return (
    <section className="co-step gc-checkout" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Подарочные сертификаты</h2>
      {lines.length > 0 ? (
        <ul className="gc-checkout-list">
          {lines.map((line) => (
            <li key={line.rawCode}>
              <div>
                <span className="gc-checkout-code">{line.code}</span>
                {line.error ? (
                  <span className="gc-error">{line.error}</span>
                ) : (
                  <span className="muted">
                    Спишется {formatPrice(line.amount)} из {formatPrice(line.balance)}
                    {line.amount < line.balance ? `, останется ${formatPrice(line.balance - line.amount)}` : ''}
                  </span>
                )}
              </div>
              <Form method="post" action={action}>
                <input type="hidden" name="intent" value="certificate-remove" />
                <input type="hidden" name="order" value={view.current + 1} />
                <input type="hidden" name="gift_certificate" value={line.rawCode} />
                <button type="submit" className="button-link" aria-label={`Убрать сертификат ${line.code}`}>
                  Убрать
                </button>
              </Form>
            </li>
          ))}
        </ul>
      ) : null}
      {lines.length < GIFT_CERTIFICATE_RULES.maxPerOrder ? (
        // Keyed by the codes, so the field is empty again once a code is added.
        <Form key={lines.length} method="post" action={action} className="gc-checkout-add" noValidate>
          <input type="hidden" name="intent" value="certificate-add" />
          <input type="hidden" name="order" value={view.current + 1} />
          <label htmlFor={`${id}-code`}>Код сертификата</label>
          <div className="gc-checkout-row">
            <input
              id={`${id}-code`}
              name="gift_certificate"
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={19}
              placeholder="X___-____-____-____"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `${id}-error` : undefined}
            />
            <button type="submit" className="button">
              Применить
            </button>
          </div>
          {error ? (
            <p className="gc-error" id={`${id}-error`}>
              {error}
            </p>
          ) : null}
          <p className="muted co-note">Можно несколько сертификатов: остаток сохранится на сертификате.</p>
        </Form>
      ) : null}
    </section>
  );
}

/** The aside's lines: what the certificates pay and what is left to pay. */
export function CertificateTotals({ view }: { view: CheckoutView }) {
  const c = view.certificates;
  if (!c || c.paid === 0) return null;
  return (
    <dl className="co-totals gc-checkout-totals">
      <div className="co-totals-discount">
        <dt>Подарочными сертификатами</dt>
        <dd data-testid="certificates-paid">−{formatPrice(c.paid)}</dd>
      </div>
      <div className="co-totals-sum">
        <dt>К оплате</dt>
        <dd data-testid="order-due">{formatPrice(c.due)}</dd>
      </div>
    </dl>
  );
}
