// The checkout steps after the basket (SPEC §2 Checkout, §4 Checkout, Express courier, Delivery time
// text, §5): contacts, delivery, payments and summary (the steps indicator and the order aside are in
// checkout-frame.tsx, which the basket shows too). Every
// step is a form posting to the /cart action (works without JavaScript); once hydrated React Router
// runs the same posts without a page load, and controls that only work with JavaScript wait for it.
import { useId, useState, type ReactNode } from 'react';
import { Form, useNavigation } from 'react-router';
import {
  CHECKOUT_STEPS,
  PAYMENT_TABS,
  PHONE_MASKS,
  applyMask,
  deliveryCostLabel,
  deliveryTimeText,
  expressLabel,
  formatPrice,
  type CheckoutStep,
} from '@store/domain';
import type { BasketItem, OrderVariation, Payment } from '@store/api-client';
import { StoreMap } from './stores/store-map.tsx';
import {
  STEP_LABELS,
  dayText,
  needsStore,
  orderedWays,
  paymentStates,
  stepHref,
  wayGroup,
  wayTitle,
} from '../lib/checkout.ts';
import type { CheckoutView, PickupStore, StepActionResult } from '../lib/checkout.server.ts';
import { useHydrated } from '../lib/hydrated.ts';
import { storeMapPoint } from '../lib/stores.ts';
import { AppLink } from './app-link.tsx';
import { PartsPanel } from './credit/parts-panel.tsx';
import { draftPartsLimit, partsDisabledReason } from '../lib/pay-in-parts.ts';
import { choiceValue, paymentChoices, paymentTitle } from '../lib/credit-checkout.ts';

function FieldError({ id, message }: { id: string; message: string | undefined }) {
  return message ? (
    <p id={id} className="co-field-error">
      {message}
    </p>
  ) : null;
}

function StepForm({
  view,
  intent,
  submit,
  children,
  formError,
}: {
  view: CheckoutView;
  intent: string;
  submit: string;
  children: ReactNode;
  formError?: string | null;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === intent;
  const step = view.step;
  const prev = CHECKOUT_STEPS[CHECKOUT_STEPS.indexOf(step) - 1] ?? 'basket';
  return (
    <Form method="post" action={stepHref(step, view.current)} className="co-form" noValidate>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="order" value={view.current + 1} />
      {children}
      {formError ? (
        <p role="alert" className="co-form-error">
          {formError}
        </p>
      ) : null}
      <div className="co-actions">
        <AppLink to={stepHref(prev, view.current)} className="co-back">
          ← {STEP_LABELS[prev]}
        </AppLink>
        <button type="submit" className="button button-primary co-submit" aria-busy={busy || undefined}>
          {busy ? 'Сохраняем…' : submit}
        </button>
      </div>
    </Form>
  );
}

// ---------------------------------------------------------------- Contacts

const CONTACT_FIELDS = [
  { name: 'contact_name', label: 'Имя', autoComplete: 'given-name', type: 'text', required: true },
  { name: 'contact_surname', label: 'Фамилия', autoComplete: 'family-name', type: 'text', required: false },
  { name: 'mobile_phone', label: 'Мобильный телефон', autoComplete: 'tel', type: 'tel', required: true },
  { name: 'email', label: 'Электронная почта', autoComplete: 'email', type: 'email', required: false },
] as const;

export function ContactsStep({ view, result }: { view: CheckoutView; result: StepActionResult | undefined }) {
  const contacts = view.state.orders[view.current]!.contacts;
  const errors = result?.errors ?? {};
  const id = useId();
  const [phone, setPhone] = useState(contacts.mobile_phone);
  return (
    <section className="co-step" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Контактные данные</h2>
      <p className="muted">Пришлём SMS о готовности заказа. Поля со звёздочкой обязательны.</p>
      <StepForm view={view} intent="contacts" submit="Продолжить">
        <div className="co-fields">
          {CONTACT_FIELDS.map((field) => {
            const error = errors[field.name];
            const errorId = `${id}-${field.name}-error`;
            const isPhone = field.name === 'mobile_phone';
            return (
              <div key={field.name} className={error ? 'co-field has-error' : 'co-field'}>
                <label htmlFor={`${id}-${field.name}`}>
                  {field.label}
                  {field.required ? <span aria-hidden="true"> *</span> : null}
                </label>
                <input
                  id={`${id}-${field.name}`}
                  name={field.name}
                  type={field.type}
                  autoComplete={field.autoComplete}
                  inputMode={isPhone ? 'tel' : undefined}
                  placeholder={isPhone ? PHONE_MASKS[0].replace(/#/g, '_') : undefined}
                  aria-required={field.required || undefined}
                  aria-invalid={error ? true : undefined}
                  aria-describedby={error ? errorId : undefined}
                  {...(isPhone
                    ? {
                        value: phone,
                        onChange: (event) => {
                          const digits = event.target.value.replace(/\D/g, '').replace(/^[78]/, '');
                          setPhone(digits === '' ? '' : applyMask(digits, PHONE_MASKS[0]));
                        },
                      }
                    : { defaultValue: contacts[field.name] })}
                />
                <FieldError id={errorId} message={error} />
              </div>
            );
          })}
        </div>
      </StepForm>
    </section>
  );
}

// ---------------------------------------------------------------- Delivery

/** Pickup points and lockers of several networks read with their network: «Пункт выдачи Boxberry». */
function wayTitleWithBrand(way: OrderVariation, stores: readonly PickupStore[] | null) {
  const title = wayTitle(way);
  const group = wayGroup(way);
  if (group !== 'pickup-point' && group !== 'postbox') return title;
  const brand = stores?.find((s) => s.type === way.delivery_type_id)?.brand;
  // A network named like the kind itself («Пункт выдачи») adds nothing.
  return brand && !title.includes(brand) ? `${title} ${brand}` : title;
}

function wayWhen(v: OrderVariation, now: number, expressMinutes: number | string | null) {
  if (wayGroup(v) === 'express') return expressLabel(expressMinutes);
  return deliveryTimeText({ date: v.datetime, now, isReserve: v.is_reserve, withinWorkingHours: v.is_reserve });
}

export function DeliveryStep({
  view,
  result,
  expressMinutes,
  tileUrl,
  attribution,
}: {
  view: CheckoutView;
  result: StepActionResult | undefined;
  expressMinutes: number | string | null;
  tileUrl: string | null;
  attribution: string | null;
}) {
  const order = view.state.orders[view.current]!;
  const hydrated = useHydrated();
  const ways = orderedWays(view.variations ?? [], view.now);
  const allowed = view.calc?.allowed_delivery_ids ?? null;
  const [selected, setSelected] = useState<number | null>(
    order.delivery?.delivery_type ??
      ways.find((w) => !allowed || allowed.includes(w.delivery_type_id))?.delivery_type_id ??
      null,
  );
  const errors = result?.errors ?? {};
  const id = useId();

  if (view.deliveryProblem === 'no deliveries' || ways.length === 0) {
    return (
      <section className="co-step" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>Способ получения</h2>
        <p role="alert" className="co-form-error">
          Не удалось подобрать способ получения для этого заказа. Попробуйте позже или измените состав заказа.
        </p>
        <AppLink to={stepHref('delivery', view.current)} className="button">
          Попробовать ещё раз
        </AppLink>
      </section>
    );
  }

  return (
    <section className="co-step" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Способ получения</h2>
      <StepForm view={view} intent="delivery" submit="Продолжить">
        <fieldset className="co-ways" aria-describedby={errors['delivery_type'] ? `${id}-type-error` : undefined}>
          <legend className="visually-hidden">Как получить заказ</legend>
          {ways.map((way) => {
            const disabled = allowed !== null && !allowed.includes(way.delivery_type_id);
            const checked = selected === way.delivery_type_id;
            const inputId = `${id}-way-${way.delivery_type_id}`;
            const cost = deliveryCostLabel([way.delivery_cost]);
            return (
              <div key={way.delivery_type_id} className={checked ? 'co-way is-checked' : 'co-way'}>
                <input
                  type="radio"
                  id={inputId}
                  name="delivery_type"
                  value={way.delivery_type_id}
                  checked={checked}
                  disabled={disabled}
                  onChange={() => setSelected(way.delivery_type_id)}
                />
                <label htmlFor={inputId}>
                  <span className="co-way-title">{wayTitleWithBrand(way, view.stores)}</span>
                  <span className="co-way-when">{wayWhen(way, view.now, expressMinutes)}</span>
                  <span className={way.delivery_cost === 0 ? 'co-way-cost is-free' : 'co-way-cost'}>{cost}</span>
                  {disabled ? <span className="co-way-note">Недоступно с выбранной акцией</span> : null}
                </label>
              </div>
            );
          })}
        </fieldset>
        <FieldError id={`${id}-type-error`} message={errors['delivery_type']} />
        {ways.map((way) => {
          // Without JavaScript every way's details are on the page; once hydrated only the chosen one's.
          if (hydrated && way.delivery_type_id !== selected) return null;
          return (
            <WayDetails
              key={way.delivery_type_id}
              way={way}
              view={view}
              errors={errors}
              tileUrl={tileUrl}
              attribution={attribution}
              showTitle={!hydrated}
            />
          );
        })}
      </StepForm>
    </section>
  );
}

function WayDetails({
  way,
  view,
  errors,
  tileUrl,
  attribution,
  showTitle,
}: {
  way: OrderVariation;
  view: CheckoutView;
  errors: Record<string, string>;
  tileUrl: string | null;
  attribution: string | null;
  showTitle: boolean;
}) {
  const order = view.state.orders[view.current]!;
  const saved = order.delivery?.delivery_type === way.delivery_type_id ? order.delivery : null;
  const id = useId();
  const group = wayGroup(way);
  if (needsStore(group)) {
    const stores = (view.stores ?? []).filter((s) => s.type === way.delivery_type_id).slice(0, 40);
    return (
      <StorePicker
        way={way}
        stores={stores}
        savedId={saved?.store_id ?? null}
        error={errors[`store_id_${way.delivery_type_id}`]}
        now={view.now}
        tileUrl={tileUrl}
        attribution={attribution}
        showTitle={showTitle}
      />
    );
  }
  const dateError = errors[`date_${way.delivery_type_id}`];
  const intervalError = errors[`interval_${way.delivery_type_id}`];
  return (
    <fieldset className="co-details">
      <legend className={showTitle ? undefined : 'visually-hidden'}>{wayTitle(way)}: адрес и время</legend>
      <div className={errors['address'] ? 'co-field has-error' : 'co-field'}>
        <label htmlFor={`${id}-address`}>Адрес доставки *</label>
        <input
          id={`${id}-address`}
          name="address"
          autoComplete="street-address"
          defaultValue={order.delivery?.address ?? ''}
          placeholder="Улица, дом, квартира"
          aria-invalid={errors['address'] ? true : undefined}
          aria-describedby={errors['address'] ? `${id}-address-error` : undefined}
        />
        <FieldError id={`${id}-address-error`} message={errors['address']} />
      </div>
      {way.dates.length > 0 ? (
        <div className={dateError ? 'co-field has-error' : 'co-field'}>
          <label htmlFor={`${id}-date`}>День доставки</label>
          <select
            id={`${id}-date`}
            name={`date_${way.delivery_type_id}`}
            defaultValue={saved?.date ?? way.dates[0]}
            aria-invalid={dateError ? true : undefined}
            aria-describedby={dateError ? `${id}-date-error` : undefined}
          >
            {way.dates.map((d) => (
              <option key={d} value={d}>
                {dayText(d)}
              </option>
            ))}
          </select>
          <FieldError id={`${id}-date-error`} message={dateError} />
        </div>
      ) : null}
      {way.intervals.length > 0 ? (
        <fieldset className={intervalError ? 'co-intervals has-error' : 'co-intervals'}>
          <legend>Время доставки</legend>
          {way.intervals.map((interval, k) => (
            <label key={interval} className="co-chip">
              <input
                type="radio"
                name={`interval_${way.delivery_type_id}`}
                value={interval}
                defaultChecked={(saved?.interval ?? way.intervals[0]) === interval || (k === 0 && !saved?.interval)}
              />
              <span>{interval.replace(' - ', '–')}</span>
            </label>
          ))}
          <FieldError id={`${id}-interval-error`} message={intervalError} />
        </fieldset>
      ) : null}
    </fieldset>
  );
}

function storeWhen(store: PickupStore, way: OrderVariation, now: number) {
  if (wayGroup(way) === 'multicenter' && store.hasReserve && way.is_reserve) {
    return deliveryTimeText({ date: now, now, isReserve: true, withinWorkingHours: true });
  }
  return deliveryTimeText({
    date: store.hasReserve ? way.datetime : `${store.date}T${store.time || '10:00'}:00+03:00`,
    now,
  });
}

function StorePicker({
  way,
  stores,
  savedId,
  error,
  now,
  tileUrl,
  attribution,
  showTitle,
}: {
  way: OrderVariation;
  stores: PickupStore[];
  savedId: number | null;
  error: string | undefined;
  now: number;
  tileUrl: string | null;
  attribution: string | null;
  showTitle: boolean;
}) {
  const hydrated = useHydrated();
  const [selectedId, setSelectedId] = useState<number | null>(savedId);
  const id = useId();
  const name = `store_id_${way.delivery_type_id}`;
  if (stores.length === 0) {
    return <p className="muted co-details">В вашем городе нет таких пунктов получения.</p>;
  }
  return (
    <fieldset className="co-details" aria-describedby={error ? `${id}-error` : undefined}>
      <legend className={showTitle ? undefined : 'visually-hidden'}>{wayTitle(way)}: выберите пункт</legend>
      <FieldError id={`${id}-error`} message={error} />
      <div className="co-pickup">
        <ul className="co-stores">
          {stores.map((store) => (
            <li key={store.id} className={store.id === selectedId ? 'is-checked' : undefined}>
              <input
                type="radio"
                id={`${id}-${store.id}`}
                name={name}
                value={store.id}
                checked={store.id === selectedId}
                onChange={() => setSelectedId(store.id)}
              />
              <label htmlFor={`${id}-${store.id}`}>
                <span className="co-store-name">{store.name}</span>
                <span className="muted">{store.address}</span>
                <span className="co-store-when">
                  Получить {storeWhen(store, way, now)}
                  {store.work_time_line ? <span className="muted"> · {store.work_time_line}</span> : null}
                </span>
              </label>
            </li>
          ))}
        </ul>
        {hydrated ? (
          <div className="co-map">
            <StoreMap
              points={stores.map(storeMapPoint)}
              selectedId={selectedId}
              onSelect={setSelectedId}
              me={null}
              tileUrl={tileUrl}
              attribution={attribution}
            />
          </div>
        ) : null}
      </div>
    </fieldset>
  );
}

// ---------------------------------------------------------------- Payments

export function PaymentsStep({ view, result }: { view: CheckoutView; result: StepActionResult | undefined }) {
  const order = view.state.orders[view.current]!;
  const hydrated = useHydrated();
  const variation = view.variations?.find((v) => v.delivery_type_id === order.delivery?.delivery_type) ?? null;
  const phone = order.contacts.mobile_phone;
  const states = paymentStates(
    view.payments ?? [],
    variation?.payment_type_ids ?? null,
    view.calc?.allowed_payment_ids ?? null,
  ).map((s) => ({
    ...s,
    // «Частями» (19) waits for a limit check that covers the order (issue 17).
    disabledReason:
      s.disabledReason ??
      partsDisabledReason(s.payment.id, view.state.params, phone, { total: view.totals.total, items: view.items }),
  }));
  const tabs = PAYMENT_TABS.map((tab) => ({ ...tab, states: states.filter((s) => s.payment.tab === tab.id) }));
  const initialTab =
    order.payment_tab ?? tabs.find((t) => t.states.some((s) => s.disabledReason === null))?.id ?? tabs[0]!.id;
  const [tab, setTab] = useState<string>(initialTab);
  const [chosen, setChosen] = useState(choiceValue(order.payment_type, view.state.params.installmentPlanAction));
  const error = result?.errors['payment_type'];
  const id = useId();
  return (
    <section className="co-step" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Способ оплаты</h2>
      <StepForm view={view} intent="payment" submit="Продолжить">
        {hydrated ? (
          <div role="tablist" aria-label="Способы оплаты" className="co-tabs">
            {tabs.map((t) => (
              <button
                key={t.id}
                type="button"
                role="tab"
                id={`${id}-tab-${t.id}`}
                aria-selected={t.id === tab}
                aria-controls={`${id}-panel-${t.id}`}
                tabIndex={t.id === tab ? 0 : -1}
                className="co-tab"
                onClick={() => setTab(t.id)}
              >
                {t.label}
              </button>
            ))}
          </div>
        ) : null}
        <FieldError id={`${id}-error`} message={error} />
        {tabs.map((t) => {
          if (hydrated && t.id !== tab) return null;
          return (
            <div
              key={t.id}
              className="co-payments"
              {...(hydrated
                ? { role: 'tabpanel', id: `${id}-panel-${t.id}`, 'aria-labelledby': `${id}-tab-${t.id}` }
                : {})}
            >
              {hydrated ? null : <h3>{t.label}</h3>}
              {t.states.length === 0 ? (
                <p className="muted">Для суммы этого заказа такие способы недоступны.</p>
              ) : (
                // Payment 20 as its bank instalment variants, credit with its monthly payment (issue 17).
                t.states
                  .flatMap((s) => paymentChoices(s.payment, s.disabledReason, view.credit))
                  .map((c) => (
                    <PaymentOption
                      key={c.value}
                      payment={c.payment}
                      value={c.value}
                      note={c.note}
                      disabledReason={c.disabledReason}
                      checked={chosen === c.value}
                      onChoose={() => setChosen(c.value)}
                      describedBy={error ? `${id}-error` : undefined}
                    />
                  ))
              )}
              {t.id === 'parts' && t.states.length > 0 ? (
                <PartsPanel
                  total={view.totals.total}
                  phone={phone}
                  limit={draftPartsLimit(view.state.params, phone)}
                  error={result?.errors['parts']}
                  today={new Date(view.now).toISOString().slice(0, 10)}
                />
              ) : null}
            </div>
          );
        })}
      </StepForm>
    </section>
  );
}

function PaymentOption({
  payment,
  value,
  note,
  disabledReason,
  checked,
  onChoose,
  describedBy,
}: {
  payment: Payment;
  value: string;
  note: string | null;
  disabledReason: string | null;
  checked: boolean;
  onChoose: () => void;
  describedBy: string | undefined;
}) {
  const id = useId();
  return (
    <div className={checked ? 'co-way is-checked' : 'co-way'}>
      <input
        type="radio"
        id={id}
        name="payment_type"
        value={value}
        checked={checked}
        disabled={disabledReason !== null}
        onChange={onChoose}
        aria-describedby={describedBy}
      />
      <label htmlFor={id}>
        <span className="co-way-title">{payment.name}</span>
        <span className="muted">{payment.description}</span>
        {note ? <span className="co-way-monthly">{note}</span> : null}
        {disabledReason ? <span className="co-way-note">{disabledReason}</span> : null}
      </label>
    </div>
  );
}

// ---------------------------------------------------------------- Summary

function SummaryLine({ item }: { item: BasketItem }) {
  return (
    <li className="co-line">
      <img src={item.image ?? '/favicon.svg'} alt="" width={56} height={56} loading="lazy" />
      <div>
        <AppLink to={item.url}>{item.name}</AppLink>
        <span className="muted"> · {item.qty} шт.</span>
        {item.children.map((child) => (
          <p key={child.id} className="muted co-child">
            {child.kind === 'warranty' ? 'Гарантия: ' : 'Аксессуар: '}
            {child.name} — {formatPrice(child.final_price * child.qty)}
          </p>
        ))}
      </div>
      <strong>{formatPrice(item.final_price * item.qty)}</strong>
    </li>
  );
}

export function SummaryStep({
  view,
  result,
  storeName,
}: {
  view: CheckoutView;
  result: StepActionResult | undefined;
  storeName: string | null;
}) {
  const order = view.state.orders[view.current]!;
  const variation = view.variations?.find((v) => v.delivery_type_id === order.delivery?.delivery_type) ?? null;
  const payment = view.payments?.find((p) => p.id === order.payment_type) ?? null;
  const c = order.contacts;
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'place-order';
  const id = useId();
  const delivery = order.delivery;
  return (
    <section className="co-step" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Проверьте заказ</h2>
      <ul className="co-lines" aria-label="Товары заказа">
        {view.items.map((item) => (
          <SummaryLine key={item.id} item={item} />
        ))}
      </ul>
      <dl className="co-review">
        <div>
          <dt>Получатель</dt>
          <dd>
            {[c.contact_name, c.contact_surname].filter(Boolean).join(' ')}, {c.mobile_phone}
            {c.email ? `, ${c.email}` : ''}
            <AppLink to={stepHref('contacts', view.current)} className="co-change">
              Изменить
            </AppLink>
          </dd>
        </div>
        <div>
          <dt>Получение</dt>
          <dd>
            {variation ? wayTitle(variation) : '—'}
            {storeName ? `: ${storeName}` : ''}
            {delivery && delivery.store_id === null && delivery.address ? `: ${delivery.address}` : ''}
            {delivery?.date ? `, ${dayText(delivery.date)}` : ''}
            {delivery?.interval ? `, ${delivery.interval.replace(' - ', '–')}` : ''}
            {variation
              ? ` · ${variation.delivery_cost === 0 ? 'бесплатно' : formatPrice(variation.delivery_cost)}`
              : ''}
            <AppLink to={stepHref('delivery', view.current)} className="co-change">
              Изменить
            </AppLink>
          </dd>
        </div>
        <div>
          <dt>Оплата</dt>
          <dd>
            {paymentTitle(payment, view.state.params.installmentPlanAction) ?? '—'}{' '}
            <AppLink to={stepHref('payments', view.current)} className="co-change">
              Изменить
            </AppLink>
          </dd>
        </div>
        {view.calc && view.calc.actions.some((a) => a.applied) ? (
          <div>
            <dt>Акции</dt>
            <dd>
              {view.calc.actions
                .filter((a) => a.applied)
                .map((a) => a.public_name)
                .join(', ')}
              <AppLink to={stepHref('basket', view.current)} className="co-change">
                Изменить
              </AppLink>
            </dd>
          </div>
        ) : null}
      </dl>
      <Form method="post" action={stepHref('summary', view.current)} className="co-form">
        <input type="hidden" name="intent" value="place-order" />
        <input type="hidden" name="order" value={view.current + 1} />
        {result?.formError ? (
          <p role="alert" className="co-form-error">
            {result.formError}
          </p>
        ) : null}
        <div className="co-actions">
          <AppLink to={stepHref('payments', view.current)} className="co-back">
            ← {STEP_LABELS.payments}
          </AppLink>
          <button
            type="submit"
            className="button button-primary co-submit"
            disabled={busy}
            aria-busy={busy || undefined}
            data-hydrated={hydrated || undefined}
          >
            {busy ? 'Оформляем…' : `Оформить заказ на ${formatPrice(view.totals.total)}`}
          </button>
        </div>
        <p className="muted co-note">
          Нажимая «Оформить заказ», вы соглашаетесь с условиями обработки персональных данных.
        </p>
      </Form>
    </section>
  );
}

export { type CheckoutStep };
