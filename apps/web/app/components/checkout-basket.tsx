// The basket step's checkout parts (SPEC §2 Checkout, §4 Checkout): the orders of the page (pre-orders
// split on request, one current, remove an order), the promotions of the current order with presents
// and a promocode, and the button that starts checkout. Forms post to the /cart action.
import { useId, useState } from 'react';
import { Form, useNavigation } from 'react-router';
import { formatPrice, isActionApplicable, PLURAL, pluralize } from '@store/domain';
import type { Action, ProductCard } from '@store/api-client';
import { stepHref } from '../lib/checkout-address.ts';
import type { CheckoutView, StepActionResult } from '../lib/checkout.server.ts';

export function OrdersBar({ view }: { view: CheckoutView }) {
  const { orders, params } = view.state;
  const id = useId();
  if (!view.canSeparate && orders.length < 2) return null;
  return (
    <section className="co-orders" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="visually-hidden">
        Заказы
      </h2>
      {view.canSeparate ? (
        <Form method="post" action="/cart" className="co-separate">
          <input type="hidden" name="intent" value="separate" />
          <input type="hidden" name="separate" value={params.separatePreOrders ? '0' : '1'} />
          <p className="muted">
            {params.separatePreOrders
              ? 'Предзаказ оформляется отдельным заказом: товары в наличии вы получите раньше.'
              : 'В корзине есть товары по предзаказу: их можно оформить отдельно, чтобы получить остальное раньше.'}
          </p>
          <button type="submit" className="button">
            {params.separatePreOrders ? 'Оформить одним заказом' : 'Разделить заказ'}
          </button>
        </Form>
      ) : null}
      {orders.length > 1 ? (
        <ul className="co-order-tabs">
          {orders.map((order, index) => {
            const items = view.basket.items.filter((i) => order.line_ids.includes(i.id));
            const preorder = items.every((i) => i.is_preorder);
            const count = items.reduce((n, i) => n + i.qty, 0);
            const current = index === view.current;
            return (
              <li key={order.idempotency_key} className={current ? 'is-current' : undefined}>
                <a href={stepHref('basket', index)} aria-current={current ? 'true' : undefined}>
                  Заказ {index + 1}
                  {preorder ? ' · предзаказ' : ''}
                  <span className="muted">
                    {' '}
                    {count} {pluralize(count, PLURAL.product)}
                  </span>
                </a>
                <Form method="post" action={stepHref('basket', index)}>
                  <input type="hidden" name="intent" value="remove-order" />
                  <input type="hidden" name="order" value={index + 1} />
                  <button type="submit" className="link-button" aria-label={`Удалить заказ ${index + 1}`}>
                    Удалить
                  </button>
                </Form>
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}

function actionReason(action: Action, promocodeApplied: boolean): string | null {
  if (action.promocode && !promocodeApplied) return 'Действует по промокоду';
  if (!isActionApplicable(action)) return 'Условия акции пока не выполнены';
  return null;
}

export function PromotionsPanel({
  view,
  presents,
  result,
}: {
  view: CheckoutView;
  presents: ProductCard[];
  result: StepActionResult | undefined;
}) {
  const order = view.state.orders[view.current]!;
  const id = useId();
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'promotions';
  const calc = view.calc;
  const applied = new Set(calc?.actions.filter((a) => a.applied).map((a) => a.id) ?? []);
  const [chosen, setChosen] = useState(new Set(order.action_ids));
  const actions = (view.actions ?? []).filter(
    (a) => a.action_type !== 'info' || a.payment_ids.length > 0 || a.delivery_ids.length > 0,
  );
  const promocodeError = result?.errors['promocode'] ?? (order.promocode && calc?.promocode?.message) ?? undefined;
  const narrowed =
    calc !== null &&
    [...applied].some((aid) => {
      const a = calc.actions.find((x) => x.id === aid);
      return a && (a.delivery_ids.length > 0 || a.payment_ids.length > 0);
    });
  if (view.actions === null && !order.promocode) return null;
  return (
    <section className="co-promos" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Акции и промокод</h2>
      <Form method="post" action={stepHref('basket', view.current)}>
        <input type="hidden" name="intent" value="promotions" />
        <input type="hidden" name="order" value={view.current + 1} />
        {actions.length > 0 ? (
          <ul className="co-promo-list">
            {actions.map((action) => {
              const reason = actionReason(action, applied.has(action.id));
              const byCode = action.promocode !== null;
              const checked = byCode ? applied.has(action.id) : chosen.has(action.id);
              const inputId = `${id}-a-${action.id}`;
              const calcAction = calc?.actions.find((a) => a.id === action.id);
              const actionPresents = calcAction?.presents.length ? calcAction.presents : action.presents;
              return (
                <li key={action.id} className={checked ? 'is-checked' : undefined}>
                  <input
                    type="checkbox"
                    id={inputId}
                    name={byCode ? undefined : 'action_id'}
                    value={action.id}
                    checked={checked}
                    disabled={byCode || reason !== null}
                    onChange={(event) => {
                      const next = new Set(chosen);
                      if (event.target.checked) next.add(action.id);
                      else next.delete(action.id);
                      setChosen(next);
                    }}
                    aria-describedby={`${inputId}-text`}
                  />
                  <label htmlFor={inputId}>
                    <span className="co-promo-name">{action.public_name}</span>
                    <span id={`${inputId}-text`} className="muted">
                      {action.public_description}
                      {reason && !checked ? ` ${reason}.` : ''}
                      {calcAction?.applied && calcAction.discount > 0
                        ? ` Скидка ${formatPrice(calcAction.discount)}.`
                        : ''}
                    </span>
                  </label>
                  {action.action_type === 'present' && actionPresents.length > 0 && checked ? (
                    <fieldset className="co-presents">
                      <legend>Выберите подарок</legend>
                      {actionPresents.map((p) => {
                        const product = presents.find((x) => x.id === p.product_id);
                        return (
                          <label key={p.product_id} className="co-chip">
                            <input
                              type="radio"
                              name="present_product_id"
                              value={p.product_id}
                              defaultChecked={p.selected}
                            />
                            <span>{product?.name ?? `Товар ${p.product_id}`}</span>
                          </label>
                        );
                      })}
                    </fieldset>
                  ) : null}
                </li>
              );
            })}
          </ul>
        ) : null}
        <div className={promocodeError ? 'co-field co-promocode has-error' : 'co-field co-promocode'}>
          <label htmlFor={`${id}-code`}>Промокод</label>
          <div className="co-promocode-row">
            <input
              id={`${id}-code`}
              name="promocode"
              defaultValue={order.promocode}
              autoComplete="off"
              aria-invalid={promocodeError ? true : undefined}
              aria-describedby={promocodeError ? `${id}-code-error` : undefined}
            />
            <button type="submit" className="button" aria-busy={busy || undefined}>
              Применить
            </button>
          </div>
          {promocodeError ? (
            <p id={`${id}-code-error`} className="co-field-error">
              {promocodeError}
            </p>
          ) : calc?.promocode?.action_id ? (
            <p className="co-ok">Промокод применён</p>
          ) : null}
        </div>
        {narrowed ? (
          <p className="muted co-note">
            С выбранными акциями доступны не все способы получения и оплаты — недоступные мы покажем неактивными.
          </p>
        ) : null}
      </Form>
    </section>
  );
}
