// /likenew's booking of the hand-in: a multicenter of the shopper's city, a date it is open on (from tomorrow,
// two weeks ahead), name, phone and an optional e-mail. A plain form posting to the page's action: it works
// before hydration; the API checks every field again and its messages come back under the fields.
import { useId } from 'react';
import { Form, useNavigation } from 'react-router';
import { formatBuybackDate } from '@store/domain';
import { Field, FormMessage, PhoneField } from '../form-fields.tsx';
import type { BuybackPageData } from '../../lib/buyback.server.ts';
import { buybackHref } from './buyback-picker.tsx';

export function BuybackBookingForm({
  data,
  error,
}: {
  data: BuybackPageData;
  error: { message: string; errors: Record<string, string> } | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting';
  const id = useId();
  const errors = error?.errors ?? {};
  if (!data.prices || !data.memory || !data.condition || data.price === null) return null;
  if (data.stores.length === 0)
    return (
      <p className="ti-error" role="alert">
        В городе {data.cityName} пока нет Мультицентров, где принимают устройства. Выберите другой город в шапке сайта.
      </p>
    );
  return (
    <section className="ti-step bb-step" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="ti-step-title">
        5. Запись на сдачу устройства
      </h2>
      <FormMessage message={error?.message} />
      <Form
        method="post"
        action={buybackHref({
          brand: data.prices.model.brand.id,
          model: data.prices.model.id,
          memory: data.memory.memory_gb,
          condition: data.condition,
        })}
        className="bb-form"
        noValidate
      >
        <input type="hidden" name="model_id" value={data.prices.model.id} />
        <input type="hidden" name="memory" value={data.memory.memory_gb} />
        <input type="hidden" name="condition" value={data.condition} />
        <fieldset className="bb-stores" aria-describedby={errors.store_id ? `${id}-store-error` : undefined}>
          <legend>Мультицентр — {data.cityName}</legend>
          {data.stores.map((s, i) => (
            <label key={s.id} className="option-card bb-store">
              <input type="radio" name="store_id" value={s.id} defaultChecked={i === 0} required />
              <span>
                <strong>{s.name}</strong>
                <span className="muted">{s.address}</span>
                {s.hours ? <span className="muted">{s.hours}</span> : null}
              </span>
            </label>
          ))}
          {errors.store_id ? (
            <p className="form-error" id={`${id}-store-error`}>
              {errors.store_id}
            </p>
          ) : null}
        </fieldset>
        <div className={errors.date ? 'form-field has-error' : 'form-field'}>
          <label htmlFor={`${id}-date`}>Дата визита</label>
          <select
            id={`${id}-date`}
            name="date"
            required
            aria-invalid={errors.date ? true : undefined}
            aria-describedby={errors.date ? `${id}-date-error` : undefined}
          >
            {data.dates.map((d) => (
              <option key={d} value={d}>
                {formatBuybackDate(d)}
              </option>
            ))}
          </select>
          {errors.date ? (
            <p className="form-error" id={`${id}-date-error`}>
              {errors.date}
            </p>
          ) : null}
        </div>
        <Field
          label="Имя"
          name="name"
          autoComplete="given-name"
          required
          defaultValue={data.contacts.name}
          error={errors.name}
        />
        <PhoneField defaultValue={data.contacts.phone} required error={errors.phone} />
        <Field
          label="E-mail (необязательно)"
          name="email"
          type="email"
          autoComplete="email"
          defaultValue={data.contacts.email}
          error={errors.email}
          hint="Пришлём подтверждение записи и на почту"
        />
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? 'Записываем…' : 'Записаться на выкуп'}
        </button>
        <p className="muted bb-note">
          Возьмите устройство, зарядку и паспорт. Окончательную цену назовёт специалист после осмотра; деньги — сразу,
          наличными или на карту.
        </p>
      </Form>
    </section>
  );
}
