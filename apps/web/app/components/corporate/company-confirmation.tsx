// A corporate order's company (issue 17, decision 0047): «Компания подтверждена банком: ООО …, ИНН …»
// once its representative signed in at the business bank, else the company as typed and the link
// «Подтвердить компанию через банк» (a plain link to the API's authorize call: it works before
// hydration). The bank sends the shopper back with ?company=confirmed or ?company_error=<why>.
import { useSearchParams } from 'react-router';
import type { Order } from '@store/api-client';
import { COMPANY_SIGN_IN_FAILURES, CONTACT_CENTRE_ORDER_TYPE, isCompanySignInFailure } from '@store/domain';
import { formatPlacedAt } from '../../lib/account-orders.ts';

export const companySignInHref = (orderId: number) => `/api/auth/v1/b2b-sber/authorize?order_id=${orderId}`;

/** `className`: the page's own card class (the thank-you page's and the account's panels differ). */
export function CompanyConfirmation({ order, className }: { order: Order; className: string }) {
  const [search] = useSearchParams();
  const company = order.company;
  if (order.order_type_id !== CONTACT_CENTRE_ORDER_TYPE || !company) return null;
  const failure = search.get('company_error');
  const confirmation = company.confirmation;
  return (
    <section className={`${className} cc-panel`} aria-labelledby="cc-title">
      <h2 id="cc-title">Компания</h2>
      {search.get('company') === 'confirmed' && confirmation ? (
        <p className="cc-notice cc-notice-ok" role="status">
          Готово: банк подтвердил компанию. Счёт выставим на неё.
        </p>
      ) : null}
      {isCompanySignInFailure(failure) ? (
        <p className="cc-notice cc-notice-bad" role="alert">
          {COMPANY_SIGN_IN_FAILURES[failure]}
        </p>
      ) : null}
      {confirmation ? (
        <div className="cc-confirmed">
          <p className="cc-confirmed-title">
            <svg width="20" height="20" viewBox="0 0 20 20" aria-hidden="true" focusable="false">
              <circle cx="10" cy="10" r="10" fill="currentColor" />
              <path d="M5.5 10.5l3 3 6-7" fill="none" stroke="#fff" strokeWidth="2" strokeLinecap="round" />
            </svg>
            <strong>
              Компания подтверждена банком: {confirmation.company_name}, ИНН {confirmation.inn}
            </strong>
          </p>
          <dl className="cc-facts">
            {confirmation.kpp ? (
              <div>
                <dt>КПП</dt>
                <dd>{confirmation.kpp}</dd>
              </div>
            ) : null}
            {confirmation.ogrn ? (
              <div>
                <dt>{confirmation.inn.length === 12 ? 'ОГРНИП' : 'ОГРН'}</dt>
                <dd>{confirmation.ogrn}</dd>
              </div>
            ) : null}
            <div>
              <dt>Представитель</dt>
              <dd>{confirmation.representative}</dd>
            </div>
            <div>
              <dt>Подтверждено</dt>
              <dd>{formatPlacedAt(confirmation.confirmed_at)}</dd>
            </div>
          </dl>
        </div>
      ) : (
        <>
          <p>
            {company.name}, ИНН {company.inn}
          </p>
          {order.is_cancelled ? null : (
            <>
              <p className="muted">
                Войдите в интернет-банк компании: банк подтвердит организацию, и менеджер выставит счёт без лишних
                звонков.
              </p>
              <a href={companySignInHref(order.id)} className="button button-primary cc-action">
                Подтвердить компанию через банк
              </a>
            </>
          )}
        </>
      )}
    </section>
  );
}
