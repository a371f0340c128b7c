// One-click checkout (SPEC §2 Checkout modes, §4 Checkout; decision 0008): «Купить в 1 клик» on the
// product page (one unit of that product, the basket untouched) or on the basket step (the whole
// basket). The deliveries load first: out of stock sends the shopper to the basket step with the
// message, no deliveries is said on the page (§8); otherwise oneClick is on and one short form asks
// for a name, a phone, the way to receive and «при получении» or «онлайн», then create-order.
import { randomBytes } from 'node:crypto';
import { data, redirect } from 'react-router';
import { isApiError, type ApiClient, type BasketItem, type OrderVariation } from '@store/api-client';
import { DELIVERY_TYPE_IDS, PAYMENT_TYPE_IDS, paymentMethodById, paymentsForBasket, validateText } from '@store/domain';
import { BasketSession, formInt } from './cart.server.ts';
import { visitorCityId } from './city.server.ts';
import {
  DELIVERY_PROBLEM_TEXT,
  storesFor,
  variationsFor,
  type DeliveryProblem,
  type PickupStore,
} from './checkout.server.ts';
import { contactsFromForm, needsStore, orderedWays, stepHref, validateContacts, wayGroup } from './checkout.ts';
import { readForm } from './form.server.ts';

const NO_STORE = { 'cache-control': 'no-store' };

export type OneClickPay = 'receipt' | 'online';

export interface OneClickLine {
  product_id: number;
  name: string;
  url: string;
  image: string | null;
  qty: number;
  /** Unit price to pay, kopecks (warranties and accessories of a basket line included in `sum`). */
  price: number;
}

export interface OneClickWay {
  variation: OrderVariation;
  /** Receiving points of the way's type (multicenters, pickup points, lockers); empty for couriers. */
  stores: PickupStore[];
  /** The payment id for each choice, within the thresholds of this way's total; null when it has none. */
  pay: Record<OneClickPay, number | null>;
}

export interface OneClickValues {
  contact_name: string;
  mobile_phone: string;
  delivery_type: number | null;
  store_id: number | null;
  address: string;
  pay: OneClickPay;
}

export interface OneClickView {
  /** The product of a one-click from its page; null for the whole basket. */
  productId: number | null;
  oneClick: boolean;
  lines: OneClickLine[];
  sum: number;
  ways: OneClickWay[];
  problem: DeliveryProblem | null;
  /** What the page says when there is no way to receive the order (§8 'no deliveries'). */
  problemText: string | null;
  idempotencyKey: string;
}

/** ?product=ID (a positive integer) or null. */
export function productParam(url: URL): number | null {
  const raw = url.searchParams.get('product');
  if (raw === null || !/^\d{1,9}$/.test(raw) || Number(raw) < 1) return null;
  return Number(raw);
}

/** Payment on receipt: cash at the counter or to the courier; online: the card (SBP when the way takes only it). */
export function paymentFor(ids: readonly number[], pay: OneClickPay, total: number): number | null {
  const order =
    pay === 'receipt'
      ? [PAYMENT_TYPE_IDS.cash, PAYMENT_TYPE_IDS.courierCash]
      : [PAYMENT_TYPE_IDS.online, PAYMENT_TYPE_IDS.fastPaymentsSystem];
  for (const id of order) {
    if (!ids.includes(id)) continue;
    const method = paymentMethodById(id);
    if (method && paymentsForBasket([method], { totalKopecks: total, giftCertificatesOnly: false }).length > 0) {
      return id;
    }
  }
  return null;
}

/** Which points hand over a way's orders: the seller's pickup (52) at multicenters and pickup points, else the way's own type. */
export function storeTakes(deliveryTypeId: number, storeType: number): boolean {
  if (deliveryTypeId === DELIVERY_TYPE_IDS.supplierPickup) {
    return storeType === 1 || (DELIVERY_TYPE_IDS.pickupPoint as readonly number[]).includes(storeType);
  }
  return storeType === deliveryTypeId;
}

const newKey = () => `oc-${randomBytes(18).toString('base64url')}`;

/** The lines of the one-click order: the product (one unit) or the basket's lines. */
async function linesFor(api: ApiClient, request: Request, productId: number | null) {
  if (productId !== null) {
    const [card] = await api.products.byIds([productId]);
    if (!card) throw data('Товар не найден', { status: 404 });
    // As create-order will: the purchase rule's way (the store's, or a seller's with the seller's ways).
    const sellerId = card.purchase.way === 'marketplace' ? card.purchase.supplier_id : null;
    const seller =
      sellerId === null
        ? null
        : ((await api.products.get(productId)).supplier_offers.find((o) => o.supplier_id === sellerId) ?? null);
    const price = seller?.price ?? card.offer.price;
    const item = {
      id: 0,
      product_id: card.id,
      qty: 1,
      supplier_id: seller?.supplier_id ?? null,
      children: [],
    } as unknown as BasketItem;
    const line = { product_id: card.id, name: card.name, url: card.url, image: card.image, qty: 1, price };
    return { items: [item], lines: [line], sum: price, session: null };
  }
  const session = new BasketSession(api, request.headers.get('cookie'));
  const basket = await session.call('get-basket');
  const lines = basket.items.map((i) => ({
    product_id: i.product_id,
    name: i.name,
    url: i.url,
    image: i.image,
    qty: i.qty,
    price: i.final_price,
  }));
  const sum = basket.items.reduce(
    (total, i) => total + i.final_price * i.qty + i.children.reduce((s, c) => s + c.final_price * c.qty, 0),
    0,
  );
  return { items: basket.items, lines, sum, session };
}

/** The one-click page's data, or the redirect to the basket step when the goods ran out. */
export async function loadOneClick(request: Request, api: ApiClient, key: string | null = null) {
  const url = new URL(request.url);
  const productId = productParam(url);
  const { items, lines, sum, session } = await linesFor(api, request, productId);
  const headers = session ? session.headers(NO_STORE) : new Headers(NO_STORE);
  if (items.length === 0) throw redirect('/cart', { headers });
  const { variations, problem } = await variationsFor(api, items);
  if (problem === 'out of stock') {
    // §4: out of stock → the basket step, with the message.
    throw redirect(stepHref('basket', 0, { notice: DELIVERY_PROBLEM_TEXT['out of stock'] }), { headers });
  }
  const now = Date.now();
  const ordered = orderedWays(variations, now);
  const cityId = ordered.some((v) => needsStore(wayGroup(v))) ? await visitorCityId(request, api) : null;
  const stores = cityId === null ? [] : await storesFor(api, items, cityId).catch(() => []);
  const ways: OneClickWay[] = ordered.map((variation) => {
    const total = sum + variation.delivery_cost;
    return {
      variation,
      stores: needsStore(wayGroup(variation))
        ? stores.filter((s) => storeTakes(variation.delivery_type_id, s.type))
        : [],
      pay: {
        receipt: paymentFor(variation.payment_type_ids, 'receipt', total),
        online: paymentFor(variation.payment_type_ids, 'online', total),
      },
    };
  });
  // A way the shopper could not finish (a pickup with no point, no payment at all) is not offered.
  const usable = ways.filter(
    (w) => (!needsStore(wayGroup(w.variation)) || w.stores.length > 0) && (w.pay.receipt ?? w.pay.online) !== null,
  );
  const view: OneClickView = {
    productId,
    // §4: a delivery load without an out-of-stock answer switches one-click mode on.
    oneClick: problem === null && usable.length > 0,
    lines,
    sum,
    ways: usable,
    problem: problem ?? (usable.length === 0 ? 'no deliveries' : null),
    problemText: problem !== null || usable.length === 0 ? DELIVERY_PROBLEM_TEXT['no deliveries'] : null,
    idempotencyKey: key ?? newKey(),
  };
  return { view, headers };
}

export type OneClickErrors = Partial<Record<keyof OneClickValues | 'form', string>>;

export function valuesFromForm(form: FormData): OneClickValues {
  const contacts = contactsFromForm(form);
  const address = form.get('address');
  const deliveryType = formInt(form, 'delivery_type') ?? null;
  return {
    contact_name: contacts.contact_name,
    mobile_phone: contacts.mobile_phone,
    delivery_type: deliveryType,
    store_id: deliveryType === null ? null : (formInt(form, `store_id_${deliveryType}`) ?? null),
    address: typeof address === 'string' ? address.trim().slice(0, 300) : '',
    pay: form.get('pay') === 'online' ? 'online' : 'receipt',
  };
}

/** The form's checks before create-order (the API checks everything again). */
export function checkValues(values: OneClickValues, ways: readonly OneClickWay[]): OneClickErrors {
  const errors: OneClickErrors = {};
  const contacts = validateContacts({
    contact_name: values.contact_name,
    contact_surname: '',
    mobile_phone: values.mobile_phone,
    email: '',
  });
  if (contacts.contact_name) errors.contact_name = contacts.contact_name;
  if (contacts.mobile_phone) errors.mobile_phone = contacts.mobile_phone;
  const way = ways.find((w) => w.variation.delivery_type_id === values.delivery_type);
  if (!way) {
    errors.delivery_type = 'Выберите способ получения';
    return errors;
  }
  if (needsStore(wayGroup(way.variation))) {
    if (!way.stores.some((s) => s.id === values.store_id)) errors.store_id = 'Выберите пункт получения';
  } else {
    const address = validateText(values.address, { required: true, min: 5, max: 300 });
    if (address) errors.address = address;
  }
  if (way.pay[values.pay] === null) errors.pay = 'Этот способ оплаты недоступен для выбранного способа получения';
  return errors;
}

/** create-order's field (dotted path) → the one-click form's field. */
function formField(path: string): keyof OneClickErrors {
  if (path === 'contacts.contact_name') return 'contact_name';
  if (path === 'contacts.mobile_phone') return 'mobile_phone';
  if (path === 'delivery.store_id') return 'store_id';
  if (path === 'delivery.address') return 'address';
  if (path.startsWith('delivery')) return 'delivery_type';
  if (path === 'payment_type') return 'pay';
  return 'form';
}

export interface OneClickActionResult {
  values: OneClickValues;
  errors: OneClickErrors;
  idempotencyKey: string;
}

/** «Оформить заказ»: create-order with the one-click key, then the payment or the thank-you page. */
export async function oneClickAction(request: Request, api: ApiClient) {
  const form = await readForm(request);
  const values = valuesFromForm(form);
  const rawKey = form.get('idempotency_key');
  const key = typeof rawKey === 'string' && /^[A-Za-z0-9_-]{16,100}$/.test(rawKey) ? rawKey : newKey();
  const { view, headers } = await loadOneClick(request, api, key);
  const fail = (errors: OneClickErrors, status = 422) =>
    data<OneClickActionResult>({ values, errors, idempotencyKey: key }, { status, headers });
  const errors = checkValues(values, view.ways);
  if (Object.keys(errors).length > 0) return fail(errors);
  const way = view.ways.find((w) => w.variation.delivery_type_id === values.delivery_type)!;
  const pickup = needsStore(wayGroup(way.variation));
  let lineIds: number[] | undefined;
  if (view.productId === null) {
    const session = new BasketSession(api, request.headers.get('cookie'));
    lineIds = (await session.call('get-basket')).items.map((i) => i.id);
  }
  try {
    const { data: order, headers: answer } = await api.orders.createWithHeaders({
      idempotency_key: key,
      ...(view.productId !== null ? { product_id: view.productId } : { line_ids: lineIds! }),
      contacts: { contact_name: values.contact_name, mobile_phone: values.mobile_phone },
      delivery: {
        delivery_type: way.variation.delivery_type_id,
        ...(pickup
          ? { store_id: values.store_id! }
          : {
              address: values.address,
              ...(way.variation.dates[0] ? { date: way.variation.dates[0] } : {}),
              ...(way.variation.intervals[0] ? { interval: way.variation.intervals[0] } : {}),
            }),
      },
      payment_type: way.pay[values.pay]!,
      comment: 'Заказ в один клик',
    });
    // A new guest's one-click order comes with the basket cookie that owns it.
    for (const cookie of answer.getSetCookie()) headers.append('set-cookie', cookie);
    return redirect(order.payment_required ? `/cart/payment/${order.id}` : `/cart/success/${order.id}`, { headers });
  } catch (error) {
    if (!isApiError(error)) throw error;
    if (error.status === 409) {
      const text = Object.values(error.body?.errors ?? {})
        .flat()
        .join(' ');
      throw redirect(stepHref('basket', 0, { notice: `${error.body?.message ?? 'Товара нет в наличии'}. ${text}` }), {
        headers,
      });
    }
    if (error.status === 422 && error.body) {
      const mapped: OneClickErrors = {};
      for (const [path, messages] of Object.entries(error.body.errors)) {
        const field = formField(path);
        mapped[field] ??= messages.join(' ');
      }
      return fail(mapped);
    }
    console.error('one-click: create-order failed', error.status, error.body);
    return fail(
      { form: 'Не удалось оформить заказ: сервис заказов сейчас не отвечает. Попробуйте ещё раз через минуту.' },
      503,
    );
  }
}
