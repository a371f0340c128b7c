// The checkout steps' server half (SPEC §2 Checkout, §4 Checkout, §8 Delivery load): the basket and
// the checkout draft reconciled into orders, which step may open, each step's data, and the step forms'
// posts. Everything the shopper enters is saved in the draft (PUT /api/checkout/draft) before it is
// checked, so a failure, a reload or a post without JavaScript never loses it.
import { data, redirect } from 'react-router';
import { checkoutTradeIn, tradeInTxOf } from './trade-in.server.ts';
import { checkPartsLimit } from './pay-in-parts.server.ts';
import { partsDisabledReason } from './pay-in-parts.ts';
import {
  isApiError,
  type Action,
  type ApiClient,
  type Basket,
  type BasketItem,
  type CalcApplyToBasket,
  type CheckoutDraftOrder,
  type CheckoutDraftState,
  type OrderVariation,
  type Payment,
  type ReceivingStore,
} from '@store/api-client';
import {
  CHECKOUT_STEPS,
  PAYMENT_TYPE_IDS,
  canOpenCheckoutStep,
  clampCurrentOrder,
  furthestCheckoutStep,
  reconcileCheckoutOrders,
  removeOrder,
  validateText,
  type CheckoutStep,
} from '@store/domain';
import { BasketSession, formInt, formInts } from './cart.server.ts';
import { visitorCityId } from './city.server.ts';
import { paymentList } from './payment-list.server.ts';
import { choiceRefusal, readPaymentChoice, type CreditOptions } from './credit-checkout.ts';
import { creditOptionsFor } from './credit-checkout.server.ts';
import {
  contactsFromForm,
  needsStore,
  orderTotals,
  paymentStates,
  stepFromUrl,
  stepHref,
  stepOfField,
  validateContacts,
  wayGroup,
  type OrderTotals,
} from './checkout.ts';
import { addCertificateCode, checkoutCertificates, removeCertificateCode } from './checkout-certificates.server.ts';
import type { CheckoutCertificates } from './checkout-certificates.ts';
import { chooseBonuses } from './checkout-bonuses.server.ts';

export const NO_STORE = { 'cache-control': 'no-store' };

export type DeliveryProblem = 'out of stock' | 'no deliveries';
export const DELIVERY_PROBLEM_TEXT: Record<DeliveryProblem, string> = {
  'out of stock': 'Товаров нет в наличии в нужном количестве: проверьте корзину, мы обновили её.',
  'no deliveries':
    'Не удалось подобрать способ получения для этого заказа. Попробуйте позже или измените состав заказа.',
};

const blankOrder = (lineIds: number[]): CheckoutDraftOrder =>
  ({
    line_ids: lineIds,
    step: 'basket',
    contacts: { contact_name: '', contact_surname: '', mobile_phone: '', email: '' },
    delivery: null,
    payment_tab: null,
    payment_type: null,
    action_ids: [],
    present_product_id: null,
    promocode: '',
    comment: '',
    gift_certificates: [],
    bonuses: 0,
  }) as unknown as CheckoutDraftOrder;

export interface CheckoutContext {
  session: BasketSession;
  basket: Basket;
  state: CheckoutDraftState & { orders: CheckoutDraftOrder[] };
  current: number;
}

type State = CheckoutContext['state'];

/** The basket, and the draft's orders made to match it (saved when they changed). */
export async function checkoutContext(request: Request, api: ApiClient, wantedOrder: number | null) {
  const session = new BasketSession(api, request.headers.get('cookie'));
  const basket = await session.call('get-basket');
  let state = (await api.checkout.draft()).state as State;
  const orders = reconcileCheckoutOrders(
    state.orders,
    basket.items.map((i) => ({ id: i.id, isPreOrder: i.is_preorder })),
    state.params.separatePreOrders,
    blankOrder,
  );
  const current = clampCurrentOrder(wantedOrder ?? state.params.currentOrder, orders.length);
  const next: State = { ...state, orders, params: { ...state.params, currentOrder: current } };
  if (orders.length > 0 && (JSON.stringify(next) !== JSON.stringify(state) || orders.some((o) => !o.idempotency_key))) {
    state = await save(api, next);
  }
  return { session, basket, state: orders.length > 0 ? state : next, current } satisfies CheckoutContext;
}

async function save(api: ApiClient, state: State): Promise<State> {
  return (await api.checkout.saveDraft(state)).state as State;
}

export const itemsOf = (basket: Basket, order: CheckoutDraftOrder): BasketItem[] =>
  basket.items.filter((i) => order.line_ids.includes(i.id));

/** Whether each step's data is filled in, for the step gate. */
export function stepFacts(order: CheckoutDraftOrder) {
  return {
    contactsValid: Object.keys(validateContacts(order.contacts)).length === 0,
    deliveryChosen: order.delivery !== null,
    paymentChosen: order.payment_type !== null,
  };
}

/** The furthest step the order may open now. */
export const reachableStep = (order: CheckoutDraftOrder) => furthestCheckoutStep('summary', stepFacts(order));

/** A step may open when the domain allows it from the order's step and the steps before it are filled in. */
export function mayOpen(order: CheckoutDraftOrder, wanted: CheckoutStep): boolean {
  if (wanted === 'basket') return true;
  return (
    canOpenCheckoutStep(order.step, wanted) &&
    CHECKOUT_STEPS.indexOf(wanted) <= CHECKOUT_STEPS.indexOf(reachableStep(order))
  );
}

// ---------------------------------------------------------------- Step data

/** The order's products and accessories as promotion basket lines (warranties are no products). */
const actionBasket = (items: readonly BasketItem[]) =>
  items.flatMap((item) => [
    { product_id: item.product_id, qty: item.qty, ...(item.supplier_id ? { supplier_id: item.supplier_id } : {}) },
    ...item.children.filter((c) => c.kind === 'accessory').map((c) => ({ product_id: c.product_id, qty: c.qty })),
  ]);

async function calcFor(api: ApiClient, items: readonly BasketItem[], order: CheckoutDraftOrder, request: Request) {
  const basket = actionBasket(items);
  // The shopper's trade-in is priced with the lines exactly as create-order will (issue 16).
  const trade_in_tx = tradeInTxOf(request);
  const actions = order.action_ids.map((id) => ({
    id,
    ...(order.present_product_id ? { present_product_id: order.present_product_id } : {}),
  }));
  const promocode = order.promocode || undefined;
  // The bonuses chosen are priced with the lines on every step (issue 15).
  const bonuses = order.bonuses ?? 0;
  try {
    return await api.actions.calcApply({ basket, actions_to_apply: actions, promocode, trade_in_tx, bonuses });
  } catch (error) {
    // A chosen promotion that no longer fits the order (a line was removed) is dropped, not fatal.
    if (isApiError(error, 422) && actions.length > 0)
      return api.actions.calcApply({ basket, promocode, trade_in_tx, bonuses });
    throw error;
  }
}

/** The ways to receive the order, or the §4/§8 problem: out of stock, or no deliveries (empty or any failure). */
export async function variationsFor(
  api: ApiClient,
  items: readonly BasketItem[],
): Promise<{ variations: OrderVariation[]; problem: DeliveryProblem | null }> {
  try {
    const answer = await api.delivery.variations(
      items.map((i) => ({
        id: i.product_id,
        qty: i.qty,
        ...(i.supplier_id ? { marketplace_supplier_id: i.supplier_id } : {}),
      })),
    );
    return answer.variations.length > 0
      ? { variations: answer.variations, problem: null }
      : { variations: [], problem: 'no deliveries' };
  } catch (error) {
    if (
      isApiError(error, 422) &&
      Object.keys(error.body?.errors ?? {}).some((k) => /^products\.\d+\.(id|qty)$/.test(k))
    ) {
      return { variations: [], problem: 'out of stock' };
    }
    console.error('checkout: variations_orders failed', error);
    return { variations: [], problem: 'no deliveries' };
  }
}

export interface PickupStore extends Pick<
  ReceivingStore,
  | 'id'
  | 'type'
  | 'name'
  | 'brand'
  | 'address'
  | 'latitude'
  | 'longitude'
  | 'work_time_line'
  | 'distance'
  | 'date'
  | 'time'
> {
  /** Every product of the order is in this store now: a reserve ready in 15 minutes. */
  hasReserve: boolean;
}

/** The city's receiving points for the order: those of the first product, a reserve where every product is in stock. */
export async function storesFor(
  api: ApiClient,
  items: readonly BasketItem[],
  cityId: number | null,
): Promise<PickupStore[]> {
  const ids = [...new Set(items.map((i) => i.product_id))];
  const answers = await Promise.all(ids.map((id) => api.products.availability(id, cityId ?? undefined)));
  const need = new Map<number, number>();
  for (const i of items) need.set(i.product_id, (need.get(i.product_id) ?? 0) + i.qty);
  const first = answers[0]?.stores ?? [];
  const stores = first.map((store) => ({
    id: store.id,
    type: store.type,
    name: store.name,
    brand: store.brand,
    address: store.address,
    latitude: store.latitude,
    longitude: store.longitude,
    work_time_line: store.work_time_line,
    distance: store.distance,
    date: store.date,
    time: store.time,
    hasReserve: answers.every((answer, k) => {
      const there = answer.stores.find((s) => s.id === store.id);
      return there !== undefined && there.hasReserve && there.quantity >= (need.get(ids[k]!) ?? 1);
    }),
  }));
  // Points that have everything now first, nearest first within each part.
  return stores.sort((a, b) => Number(b.hasReserve) - Number(a.hasReserve) || (a.distance ?? 0) - (b.distance ?? 0));
}

export interface CheckoutView {
  step: CheckoutStep;
  current: number;
  state: State;
  basket: Basket;
  items: BasketItem[];
  calc: CalcApplyToBasket | null;
  totals: OrderTotals;
  actions: Action[] | null;
  variations: OrderVariation[] | null;
  deliveryProblem: DeliveryProblem | null;
  stores: PickupStore[] | null;
  payments: Payment[] | null;
  canSeparate: boolean;
  reachable: CheckoutStep;
  notice: string | null;
  now: number;
  /** The order's gift certificates and what they pay (payments and summary steps). */
  certificates: CheckoutCertificates | null;
  /** Bank instalment variants and credit monthly payments (payments step, issue 17). */
  credit: CreditOptions | null;
}

export async function loadCheckout(request: Request, api: ApiClient) {
  const url = new URL(request.url);
  const wanted = stepFromUrl(url);
  const ctx = await checkoutContext(request, api, wanted.order);
  const headers = ctx.session.headers(NO_STORE);
  const { basket, current } = ctx;
  let { state } = ctx;
  const order = state.orders[current];
  const notice = url.searchParams.get('notice')?.slice(0, 300) ?? null;
  if (!order) {
    if (wanted.step !== 'basket') throw redirect('/cart', { headers });
    return data({ view: null, basket, notice, presents: [] }, { headers });
  }
  if (!mayOpen(order, wanted.step)) {
    const reachable = reachableStep(order);
    const target = CHECKOUT_STEPS.indexOf(order.step) <= CHECKOUT_STEPS.indexOf(reachable) ? order.step : reachable;
    throw redirect(stepHref(target, current), { headers });
  }
  if (wanted.step !== order.step) {
    state = await save(api, patchOrder(state, current, { step: wanted.step }));
  }
  const items = itemsOf(basket, state.orders[current]!);
  const step = wanted.step;
  const needsWays = step === 'delivery' || step === 'payments' || step === 'summary';
  const [calc, actions, ways, payments] = await Promise.all([
    calcFor(api, items, order, request),
    step === 'basket'
      ? api.actions.list({ basket: actionBasket(items) }).catch((error) => {
          // §8: a failed promotions load is swallowed; the block is hidden and the server log has it.
          console.error('checkout: actions failed', error);
          return null;
        })
      : Promise.resolve(null),
    needsWays ? variationsFor(api, items) : Promise.resolve(null),
    step === 'payments' || step === 'summary' ? paymentList(api) : Promise.resolve(null),
  ]);

  if (ways?.problem === 'out of stock') {
    // §4: reload the orders, back to the basket step with the message.
    state = await save(api, patchOrder(state, current, { step: 'basket' }));
    throw redirect(stepHref('basket', current, { notice: DELIVERY_PROBLEM_TEXT['out of stock'] }), { headers });
  }
  if (ways && ways.problem === null && step === 'delivery' && !state.params.oneClick) {
    // §4: a delivery load with no stock problem switches one-click mode on.
    state = await save(api, { ...state, params: { ...state.params, oneClick: true } });
  }
  const variation = ways?.variations.find((v) => v.delivery_type_id === order.delivery?.delivery_type) ?? null;
  const wantsStores = step === 'delivery' || (step === 'summary' && order.delivery?.store_id != null);
  const cityId = wantsStores ? await visitorCityId(request, api) : null;
  const stores =
    wantsStores && ways && ways.variations.some((v) => needsStore(wayGroup(v)))
      ? await storesFor(api, items, cityId).catch((error) => {
          console.error('checkout: stores failed', error);
          return [];
        })
      : null;
  const totals = orderTotals(items, calc, variation?.delivery_cost ?? 0);
  const view: CheckoutView = {
    step,
    current,
    state,
    basket,
    items,
    calc,
    totals,
    actions,
    variations: ways?.variations ?? null,
    deliveryProblem: ways?.problem ?? null,
    stores,
    payments: payments ? payments.filter((p) => fitsTotal(p, totals.total)) : null,
    canSeparate: basket.items.some((i) => i.is_preorder) && basket.items.some((i) => !i.is_preorder),
    reachable: reachableStep(state.orders[current]!),
    notice,
    now: Date.now(),
    certificates:
      step === 'payments' || step === 'summary'
        ? await checkoutCertificates(api, order.gift_certificates ?? [], totals.total)
        : null,
    credit: step === 'payments' ? await creditOptionsFor(api, items, totals.total) : null,
  };
  const presentIds = [...new Set((actions ?? []).flatMap((a) => a.presents.map((p) => p.product_id)))];
  const presents =
    presentIds.length > 0
      ? await api.products.byIds(presentIds.slice(0, 20)).catch((error) => {
          console.error('checkout: presents failed', error);
          return [];
        })
      : [];
  return data({ view, basket, notice, presents }, { headers });
}

/** §5: a payment is offered only when the order total is within its thresholds. */
const fitsTotal = (p: Payment, total: number) =>
  (p.min_basket_threshold === null || total >= p.min_basket_threshold) &&
  (p.max_basket_threshold === null || total <= p.max_basket_threshold);

export function patchOrder(state: State, index: number, patch: Partial<CheckoutDraftOrder>): State {
  const orders = (state.orders as CheckoutDraftOrder[]).map((o, i) =>
    i === index ? { ...o, ...patch, idempotency_key: o.idempotency_key } : o,
  );
  return { ...state, orders };
}

// ---------------------------------------------------------------- Step forms

export type StepErrors = Record<string, string>;
export interface StepActionResult {
  errors: StepErrors;
  formError: string | null;
}

const text = (form: FormData, name: string, max = 300) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim().slice(0, max) : '';
};

const failed = (result: Partial<StepActionResult>, headers: Headers, status = 422) =>
  data<StepActionResult>({ errors: {}, formError: null, ...result }, { status, headers });

/** The checkout intents of the /cart action; null when the intent is not a checkout one. */
export async function checkoutAction(request: Request, api: ApiClient, form: FormData) {
  const intent = form.get('intent');
  if (typeof intent !== 'string' || !CHECKOUT_INTENTS.has(intent)) return null;
  const orderIndex = formInt(form, 'order');
  const ctx = await checkoutContext(request, api, orderIndex === undefined ? null : orderIndex - 1);
  const headers = ctx.session.headers(NO_STORE);
  const { current } = ctx;
  let { state } = ctx;
  const order = state.orders[current];
  if (!order) return redirect('/cart', { headers });
  const items = itemsOf(ctx.basket, order);
  const go = async (next: State, step: CheckoutStep, index = current) => {
    await save(api, next);
    return redirect(stepHref(step, index), { headers });
  };

  switch (intent) {
    case 'checkout': {
      // «Перейти к оформлению» from the basket step.
      return go(patchOrder(state, current, { step: 'contacts' }), 'contacts');
    }
    case 'current-order': {
      return go({ ...state, params: { ...state.params, currentOrder: current } }, 'basket', current);
    }
    case 'separate': {
      const separate = form.get('separate') === '1';
      return go({ ...state, params: { ...state.params, separatePreOrders: separate, currentOrder: 0 } }, 'basket', 0);
    }
    case 'remove-order': {
      for (const item of items) await ctx.session.call('remove-item', { line_id: item.id });
      const after = removeOrder(state.orders, current);
      const headersAfter = ctx.session.headers(NO_STORE);
      if (after.empty) {
        await api.checkout.forgetDraft();
        return redirect('/cart#main', { headers: headersAfter });
      }
      await save(api, {
        ...state,
        orders: after.orders,
        params: { ...state.params, currentOrder: after.current ?? 0 },
      });
      return redirect(stepHref('basket', after.current ?? 0), { headers: headersAfter });
    }
    case 'promotions': {
      const promocode = text(form, 'promocode', 50);
      const actionIds = formInts(form, 'action_id');
      const present = formInt(form, 'present_product_id') ?? null;
      state = await save(
        api,
        patchOrder(state, current, { action_ids: actionIds, present_product_id: present, promocode }),
      );
      const calc = await calcFor(api, items, state.orders[current]!, request);
      if (calc.promocode?.message) return failed({ errors: { promocode: calc.promocode.message } }, headers);
      return redirect(stepHref('basket', current), { headers });
    }
    case 'contacts': {
      const contacts = contactsFromForm(form);
      state = await save(api, patchOrder(state, current, { contacts }));
      const errors = validateContacts(contacts);
      if (Object.keys(errors).length > 0) return failed({ errors: errors as StepErrors }, headers);
      return go(patchOrder(state, current, { step: 'delivery' }), 'delivery');
    }
    case 'delivery': {
      const deliveryType = formInt(form, 'delivery_type');
      if (deliveryType === undefined)
        return failed({ errors: { delivery_type: 'Выберите способ получения' } }, headers);
      const storeId = formInt(form, `store_id_${deliveryType}`) ?? null;
      const delivery = {
        delivery_type: deliveryType,
        store_id: storeId,
        address: text(form, 'address'),
        date: text(form, `date_${deliveryType}`, 10) || null,
        interval: text(form, `interval_${deliveryType}`, 20) || null,
      };
      // Kept before it is checked: nothing the shopper chose is lost on an error.
      state = await save(api, patchOrder(state, current, { delivery, payment_type: null }));
      const errors = await checkDelivery(api, request, items, state.orders[current]!, delivery);
      if (errors === 'out of stock') {
        return go(patchOrder(state, current, { step: 'basket' }), 'basket');
      }
      if (Object.keys(errors).length > 0) return failed({ errors }, headers);
      return go(patchOrder(state, current, { step: 'payments' }), 'payments');
    }
    case 'payment': {
      if (form.get('parts') === 'limit') {
        // «Частями»: the limit check by phone, kept in the draft (issue 17).
        const checked = await checkPartsLimit(api, order.contacts.mobile_phone);
        if ('error' in checked) return failed({ errors: { parts: checked.error } }, headers);
        const next = patchOrder(state, current, { payment_tab: 'parts' });
        return go({ ...next, params: { ...next.params, ...checked.params } }, 'payments');
      }
      // Payment 20 comes as «20:0-0-24» / «20:0-0-36» (issue 17).
      const choice = readPaymentChoice(form.get('payment_type'));
      if (choice === null) return failed({ errors: { payment_type: 'Выберите способ оплаты' } }, headers);
      const paymentType = choice.paymentType;
      const [calc, ways, payments] = await Promise.all([
        calcFor(api, items, order, request),
        variationsFor(api, items),
        paymentList(api),
      ]);
      const variation = ways.variations.find((v) => v.delivery_type_id === order.delivery?.delivery_type);
      const total = orderTotals(items, calc, variation?.delivery_cost ?? 0).total;
      const state_ = paymentStates(
        payments.filter((p) => fitsTotal(p, total)),
        variation?.payment_type_ids ?? [],
        calc.allowed_payment_ids,
      ).find((p) => p.payment.id === paymentType);
      const chosen = payments.find((p) => p.id === paymentType);
      const chosenState = patchOrder(state, current, { payment_type: paymentType, payment_tab: chosen?.tab ?? null });
      state = await save(api, {
        ...chosenState,
        params: { ...chosenState.params, installmentPlanAction: choice.label },
      });
      const creditReason = choiceRefusal(choice, await creditOptionsFor(api, items, total));
      const partsReason = partsDisabledReason(paymentType, state.params, order.contacts.mobile_phone, {
        total,
        items,
      });
      if (!state_ || state_.disabledReason || partsReason || creditReason) {
        return failed(
          {
            errors: {
              payment_type:
                state_?.disabledReason ?? partsReason ?? creditReason ?? 'Этот способ оплаты недоступен для заказа',
            },
          },
          headers,
        );
      }
      return go(patchOrder(state, current, { step: 'summary' }), 'summary');
    }
    case 'certificate-add': {
      const added = await addCertificateCode(api, order, text(form, 'gift_certificate', 40));
      if ('error' in added) return failed({ errors: { gift_certificate: added.error } }, headers);
      return go(patchOrder(state, current, { gift_certificates: added.codes }), 'payments');
    }
    case 'bonuses': {
      const chosen = await chooseBonuses(
        form.get('bonuses'),
        async (amount) => (await calcFor(api, items, { ...order, bonuses: amount }, request)).bonuses,
      );
      if ('error' in chosen) return failed({ errors: { bonuses: chosen.error } }, headers);
      return go(patchOrder(state, current, { bonuses: chosen.amount }), 'payments');
    }
    case 'certificate-remove': {
      const codes = removeCertificateCode(order, text(form, 'gift_certificate', 40));
      return go(patchOrder(state, current, { gift_certificates: codes }), 'payments');
    }
    case 'place-order': {
      // The bonuses as the summary priced them: cut to what the basket and the card allow now.
      const bonuses = order.bonuses ? ((await calcFor(api, items, order, request)).bonuses?.amount ?? 0) : 0;
      const tradeIn = await checkoutTradeIn(request, api, items);
      return placeOrder(api, state, current, headers, ctx.session, { ...tradeIn, ...(bonuses ? { bonuses } : {}) });
    }
  }
  return null;
}

const CHECKOUT_INTENTS = new Set([
  'checkout',
  'current-order',
  'separate',
  'remove-order',
  'promotions',
  'contacts',
  'delivery',
  'payment',
  'place-order',
  'certificate-add',
  'certificate-remove',
  'bonuses',
]);

async function checkDelivery(
  api: ApiClient,
  request: Request,
  items: readonly BasketItem[],
  order: CheckoutDraftOrder,
  delivery: NonNullable<CheckoutDraftOrder['delivery']>,
): Promise<StepErrors | 'out of stock'> {
  const ways = await variationsFor(api, items);
  if (ways.problem === 'out of stock') return 'out of stock';
  const variation = ways.variations.find((v) => v.delivery_type_id === delivery.delivery_type);
  if (!variation) return { delivery_type: 'Этот способ получения недоступен для заказа' };
  const errors: StepErrors = {};
  const calc = await calcFor(api, items, order, request);
  if (!calc.allowed_delivery_ids.includes(variation.delivery_type_id)) {
    errors['delivery_type'] = 'Недоступно с выбранной акцией';
  }
  const group = wayGroup(variation);
  if (needsStore(group)) {
    if (delivery.store_id === null) errors[`store_id_${delivery.delivery_type}`] = 'Выберите пункт получения';
    else {
      const stores = await storesFor(api, items, await visitorCityId(request, api));
      if (!stores.some((s) => s.id === delivery.store_id && s.type === variation.delivery_type_id)) {
        errors[`store_id_${delivery.delivery_type}`] = 'Этот пункт не выдаёт такие заказы';
      }
    }
  } else {
    const address = validateText(delivery.address, { required: true, min: 5, max: 300 });
    if (address) errors['address'] = address;
    if (variation.dates.length > 0 && !variation.dates.includes(delivery.date ?? '')) {
      errors[`date_${delivery.delivery_type}`] = 'Выберите день доставки';
    }
    if (variation.intervals.length > 0 && !variation.intervals.includes(delivery.interval ?? '')) {
      errors[`interval_${delivery.delivery_type}`] = 'Выберите время доставки';
    }
  }
  return errors;
}

async function placeOrder(
  api: ApiClient,
  state: State,
  current: number,
  headers: Headers,
  session: BasketSession,
  extra: { trade_in_tx?: string; bonuses?: number } = {},
) {
  const order = state.orders[current]!;
  const { contacts, delivery } = order;
  if (!delivery || order.payment_type === null) return redirect(stepHref(reachableStep(order), current), { headers });
  const group = delivery.store_id !== null;
  try {
    const placed = await api.orders.create({
      idempotency_key: order.idempotency_key,
      line_ids: order.line_ids,
      contacts: {
        contact_name: contacts.contact_name,
        ...(contacts.contact_surname ? { contact_surname: contacts.contact_surname } : {}),
        mobile_phone: contacts.mobile_phone,
        ...(contacts.email ? { email: contacts.email } : {}),
      },
      delivery: {
        delivery_type: delivery.delivery_type,
        ...(group ? { store_id: delivery.store_id! } : {}),
        ...(!group && delivery.address ? { address: delivery.address } : {}),
        ...(!group && delivery.date ? { date: delivery.date } : {}),
        ...(!group && delivery.interval ? { interval: delivery.interval } : {}),
      },
      payment_type: order.payment_type,
      ...(order.payment_type === PAYMENT_TYPE_IDS.bankInstalment && state.params.installmentPlanAction
        ? { instalment_label: state.params.installmentPlanAction }
        : {}),
      ...(order.action_ids.length > 0 ? { action_ids: order.action_ids } : {}),
      ...(order.present_product_id ? { present_product_id: order.present_product_id } : {}),
      ...(order.promocode ? { promocode: order.promocode } : {}),
      ...(order.comment ? { comment: order.comment } : {}),
      ...(order.gift_certificates?.length ? { gift_certificates: order.gift_certificates } : {}),
      ...extra,
    });
    // The ordered lines left the basket; the next load drops this order from the draft. Reading the
    // basket again refreshes its basket_count cookie, so the header counter agrees at once.
    const after = await session.call('get-basket').then(
      () => session.headers(NO_STORE),
      () => headers,
    );
    // A credit, instalment or loan order waits for the bank (status 23): its application comes next (issue 17).
    const next = placed.status.id === '23' ? `/cart/credit/${placed.id}` : `/cart/success/${placed.id}`;
    return redirect(placed.payment_required ? `/cart/payment/${placed.id}` : next, {
      headers: after,
    });
  } catch (error) {
    if (!isApiError(error)) throw error;
    const errors = error.body?.errors ?? {};
    const first = Object.entries(errors).find(([, messages]) => messages.length > 0);
    if (error.status === 409 || (error.status === 422 && first)) {
      // The step that owns the field gets the shopper back, with the server's words.
      const step = error.status === 409 ? 'basket' : stepOfField(first![0]);
      const message = first ? first[1].join(' ') : (error.body?.message ?? 'Проверьте заказ');
      const text = error.status === 409 ? `${error.body?.message ?? 'Товара нет в наличии'}. ${message}` : message;
      await save(api, patchOrder(state, current, { step }));
      return redirect(stepHref(step, current, { notice: text }), { headers });
    }
    console.error('checkout: create-order failed', error.status, error.body);
    return failed(
      {
        formError:
          'Не удалось оформить заказ: сервис заказов сейчас не отвечает. Всё, что вы ввели, сохранено — попробуйте ещё раз через минуту.',
      },
      headers,
      503,
    );
  }
}
