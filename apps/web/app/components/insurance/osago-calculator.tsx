// The ОСАГО calculator: a GET form to the page itself, so the estimate is recomputed by the server's
// render without JavaScript (and by the same domain rule in the browser after a navigation). The
// answer is a range over the Bank of Russia's base-rate corridor, always labelled as an estimate.
import { useId } from 'react';
import { Form } from 'react-router';
import {
  OSAGO_BASE_RATE_RUB,
  OSAGO_BONUS_MALUS,
  OSAGO_NEW_DRIVER_CLASS,
  OSAGO_SEASON,
  OSAGO_TERRITORIES,
  checkOsagoInput,
  estimateOsago,
  formatPrice,
  type OsagoField,
  type OsagoInput,
} from '@store/domain';
import { calculatorFields } from './calculator-fields.tsx';

export type OsagoRaw = Partial<Record<OsagoField, string>>;

/** What the calculator starts with: the visitor's city when it is in the table, a typical car and driver. */
export function defaultOsagoRaw(cityAlias: string | undefined): Record<OsagoField, string> {
  const region = OSAGO_TERRITORIES.some((t) => t.code === cityAlias) ? cityAlias! : 'other';
  return {
    region,
    power: '110',
    drivers: 'limited',
    age: '35',
    experience: '10',
    kbmClass: OSAGO_NEW_DRIVER_CLASS,
    months: '12',
  };
}

/** The query's fields over the defaults, checked: the estimate, or the errors and no estimate. */
export function osagoState(raw: OsagoRaw, cityAlias: string | undefined) {
  const values = { ...defaultOsagoRaw(cityAlias), ...raw };
  const checked = checkOsagoInput(values);
  return checked.ok
    ? {
        values,
        errors: {} as Partial<Record<OsagoField, string>>,
        input: checked.input,
        estimate: estimateOsago(checked.input),
      }
    : { values, errors: checked.errors, input: null, estimate: null };
}

/** The checked input as the application form's hidden fields. */
export function osagoHiddenFields(input: OsagoInput | null, prefix: string): Record<string, string> {
  if (!input) return {};
  return Object.fromEntries(Object.entries(input).map(([name, value]) => [`${prefix}${name}`, String(value)]));
}

/** An estimate is shown in whole roubles (it is stored to the kopeck). */
const roubles = (kopecks: number) => Math.round(kopecks / 100) * 100;
const number = (value: number) => value.toLocaleString('ru-RU', { maximumFractionDigits: 2 });

export function OsagoCalculator({ action, state }: { action: string; state: ReturnType<typeof osagoState> }) {
  const id = useId();
  const { values, errors, estimate } = state;
  const limited = values.drivers !== 'unlimited';
  const { error, aria } = calculatorFields<OsagoField>(id, errors);
  return (
    <section className="fin-card osago-calc" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Калькулятор ОСАГО</h2>
      <Form method="get" action={action} preventScrollReset className="osago-form" noValidate>
        <div className="fin-fields">
          <div className={errors.region ? 'form-field has-error' : 'form-field'}>
            <label htmlFor={`${id}-region`}>Регион регистрации собственника</label>
            <select {...aria('region')} defaultValue={values.region}>
              {OSAGO_TERRITORIES.map((t) => (
                <option key={t.code} value={t.code}>
                  {t.name}
                </option>
              ))}
            </select>
            {error('region')}
          </div>
          <div className={errors.power ? 'form-field has-error' : 'form-field'}>
            <label htmlFor={`${id}-power`}>Мощность двигателя, л.&nbsp;с.</label>
            <input {...aria('power')} inputMode="numeric" defaultValue={values.power} maxLength={4} />
            {error('power')}
          </div>
          <fieldset className="osago-drivers">
            <legend>Кто будет за рулём</legend>
            <label>
              <input type="radio" name="drivers" value="limited" defaultChecked={limited} /> Список водителей
            </label>
            <label>
              <input type="radio" name="drivers" value="unlimited" defaultChecked={!limited} /> Без ограничений
            </label>
          </fieldset>
          <div className={errors.age ? 'form-field has-error' : 'form-field'}>
            <label htmlFor={`${id}-age`}>Возраст самого молодого водителя</label>
            <input {...aria('age')} inputMode="numeric" defaultValue={values.age} maxLength={3} />
            {error('age')}
          </div>
          <div className={errors.experience ? 'form-field has-error' : 'form-field'}>
            <label htmlFor={`${id}-experience`}>Наименьший стаж вождения, лет</label>
            <input {...aria('experience')} inputMode="numeric" defaultValue={values.experience} maxLength={2} />
            {error('experience')}
          </div>
          <div className={errors.kbmClass ? 'form-field has-error' : 'form-field'}>
            <label htmlFor={`${id}-kbmClass`}>Класс КБМ (скидка за безаварийность)</label>
            <select {...aria('kbmClass')} defaultValue={values.kbmClass}>
              {OSAGO_BONUS_MALUS.map((b) => (
                <option key={b.cls} value={b.cls}>
                  {b.cls === OSAGO_NEW_DRIVER_CLASS ? `${b.cls} — первый полис` : `${b.cls} (КБМ ${number(b.kbm)})`}
                </option>
              ))}
            </select>
            {error('kbmClass')}
          </div>
          <div className={errors.months ? 'form-field has-error' : 'form-field'}>
            <label htmlFor={`${id}-months`}>Период использования в году</label>
            <select {...aria('months')} defaultValue={values.months}>
              {OSAGO_SEASON.map((s) => (
                <option key={s.months} value={s.months}>
                  {s.months === 12 ? 'круглый год' : `${s.months} мес.`}
                </option>
              ))}
            </select>
            {error('months')}
          </div>
        </div>
        <p className="form-hint">Возраст и стаж учитываются только для полиса со списком водителей.</p>
        <button type="submit" className="button button-primary">
          Рассчитать
        </button>
      </Form>
      <div className="osago-result" role="status" aria-live="polite">
        {estimate ? (
          <>
            <p className="osago-label">Предварительный расчёт</p>
            <p className="osago-price">
              от {formatPrice(roubles(estimate.minKopecks))} до {formatPrice(roubles(estimate.maxKopecks))}
            </p>
            <table className="osago-coefficients">
              <caption>Коэффициенты расчёта</caption>
              <tbody>
                <tr>
                  <th scope="row">ТБ — базовая ставка</th>
                  <td>
                    {number(OSAGO_BASE_RATE_RUB.min)}–{number(OSAGO_BASE_RATE_RUB.max)} ₽
                  </td>
                </tr>
                <tr>
                  <th scope="row">КТ — территория</th>
                  <td>{number(estimate.coefficients.kt)}</td>
                </tr>
                <tr>
                  <th scope="row">КБМ — бонус-малус</th>
                  <td>{number(estimate.coefficients.kbm)}</td>
                </tr>
                <tr>
                  <th scope="row">КВС — возраст и стаж</th>
                  <td>{number(estimate.coefficients.kvs)}</td>
                </tr>
                <tr>
                  <th scope="row">КО — число водителей</th>
                  <td>{number(estimate.coefficients.ko)}</td>
                </tr>
                <tr>
                  <th scope="row">КМ — мощность</th>
                  <td>{number(estimate.coefficients.km)}</td>
                </tr>
                <tr>
                  <th scope="row">КС — сезонность</th>
                  <td>{number(estimate.coefficients.ks)}</td>
                </tr>
              </tbody>
            </table>
            {estimate.capped ? (
              <p className="form-hint">Премия ограничена законом: не больше трёх базовых ставок с учётом КТ.</p>
            ) : null}
          </>
        ) : (
          <p>Исправьте поля калькулятора, и мы пересчитаем стоимость.</p>
        )}
        <p className="osago-disclaimer">
          Это оценка, а не цена полиса: ТБ × КТ × КБМ × КВС × КО × КМ × КС по Указанию Банка России № 6007-У. Каждый
          страховщик выбирает базовую ставку в коридоре, а КБМ водителей проверяется в базе РСА — точную стоимость
          назовёт специалист.
        </p>
      </div>
    </section>
  );
}
