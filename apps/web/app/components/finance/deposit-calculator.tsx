// /finance/deposit: the partner bank's rate table and the deposit calculator. The calculator is a GET
// form to the page, so the income is computed by the server's render without JavaScript; the figures
// are the domain's (packages/domain/src/deposit.ts), in kopecks.
import { useId } from 'react';
import { Form } from 'react-router';
import {
  DEPOSIT_PRODUCTS,
  DEPOSIT_TERMS,
  checkDepositInput,
  depositRate,
  effectiveRateBp,
  estimateDeposit,
  formatPrice,
  formatRateBp,
  type DepositField,
} from '@store/domain';
import { calculatorFields } from '../insurance/calculator-fields.tsx';

export type DepositRaw = Partial<Record<DepositField, string>>;

const DEFAULTS: Record<DepositField, string> = { product: 'kopilka', amount: '300000', months: '12' };

export function depositState(raw: DepositRaw) {
  const values = { ...DEFAULTS, ...raw };
  const checked = checkDepositInput(values);
  return checked.ok
    ? {
        values,
        errors: {} as Partial<Record<DepositField, string>>,
        estimate: estimateDeposit(checked.product, checked.amountKopecks, checked.months),
      }
    : { values, errors: checked.errors, estimate: null };
}

/** The calculator's query (?product=&amount=&months=) as raw fields. */
export function readDepositQuery(query: URLSearchParams): DepositRaw {
  const raw: DepositRaw = {};
  for (const name of ['product', 'amount', 'months'] as const) {
    const value = query.get(name);
    if (value !== null) raw[name] = value.slice(0, 40);
  }
  return raw;
}

export function DepositRateTable() {
  return (
    <div className="fin-table-wrap">
      <table className="fin-table">
        <caption>Ставки по вкладам, % годовых</caption>
        <thead>
          <tr>
            <th scope="col">Вклад</th>
            {DEPOSIT_TERMS.map((months) => (
              <th key={months} scope="col">
                {months} мес.
              </th>
            ))}
            <th scope="col">От суммы</th>
          </tr>
        </thead>
        <tbody>
          {DEPOSIT_PRODUCTS.map((product) => (
            <tr key={product.code}>
              <th scope="row">
                {product.name}
                <span className="muted">{product.note}</span>
              </th>
              {DEPOSIT_TERMS.map((months) => {
                const bp = depositRate(product, months);
                return <td key={months}>{bp === null ? '—' : formatRateBp(bp)}</td>;
              })}
              <td>{formatPrice(product.minKopecks)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

export function DepositCalculator({ action, state }: { action: string; state: ReturnType<typeof depositState> }) {
  const id = useId();
  const { values, errors, estimate } = state;
  const { error, aria } = calculatorFields<DepositField>(id, errors);
  return (
    <section className="fin-card" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Калькулятор дохода</h2>
      <Form method="get" action={action} preventScrollReset noValidate>
        <div className="fin-fields">
          <div className={errors.product ? 'form-field has-error' : 'form-field'}>
            <label htmlFor={`${id}-product`}>Вклад</label>
            <select {...aria('product')} defaultValue={values.product}>
              {DEPOSIT_PRODUCTS.map((p) => (
                <option key={p.code} value={p.code}>
                  {p.name}
                </option>
              ))}
            </select>
            {error('product')}
          </div>
          <div className={errors.amount ? 'form-field has-error' : 'form-field'}>
            <label htmlFor={`${id}-amount`}>Сумма, ₽</label>
            <input {...aria('amount')} inputMode="numeric" defaultValue={values.amount} maxLength={12} />
            {error('amount')}
          </div>
          <div className={errors.months ? 'form-field has-error' : 'form-field'}>
            <label htmlFor={`${id}-months`}>Срок</label>
            <select {...aria('months')} defaultValue={values.months}>
              {DEPOSIT_TERMS.map((months) => (
                <option key={months} value={months}>
                  {months} мес.
                </option>
              ))}
            </select>
            {error('months')}
          </div>
        </div>
        <button type="submit" className="button button-primary">
          Рассчитать доход
        </button>
      </Form>
      <div className="osago-result" role="status" aria-live="polite">
        {estimate ? (
          <>
            <p className="osago-label">Доход за {estimate.months} мес.</p>
            <p className="osago-price">{formatPrice(estimate.interestKopecks)}</p>
            <dl className="fin-summary">
              <div>
                <dt>Ставка</dt>
                <dd>{formatRateBp(estimate.bp)} годовых</dd>
              </div>
              {estimate.product.capitalisation ? (
                <div>
                  <dt>Эффективная ставка</dt>
                  <dd>{formatRateBp(effectiveRateBp(estimate.bp))}</dd>
                </div>
              ) : null}
              <div>
                <dt>Сумма в конце срока</dt>
                <dd>{formatPrice(estimate.totalKopecks)}</dd>
              </div>
            </dl>
            {estimate.product.capitalisation ? (
              <details className="fin-schedule">
                <summary>Начисления по месяцам</summary>
                <table className="fin-table">
                  <thead>
                    <tr>
                      <th scope="col">Месяц</th>
                      <th scope="col">Проценты</th>
                      <th scope="col">На вкладе</th>
                    </tr>
                  </thead>
                  <tbody>
                    {estimate.schedule.map((row) => (
                      <tr key={row.month}>
                        <td>{row.month}</td>
                        <td>{formatPrice(row.interestKopecks)}</td>
                        <td>{formatPrice(row.balanceKopecks)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </details>
            ) : null}
          </>
        ) : (
          <p>Исправьте поля калькулятора, и мы пересчитаем доход.</p>
        )}
        <p className="osago-disclaimer">
          Расчёт предварительный: банк начисляет проценты по фактическому числу дней, итог может отличаться на несколько
          копеек. Доход сверх необлагаемой суммы облагается НДФЛ.
        </p>
      </div>
    </section>
  );
}
