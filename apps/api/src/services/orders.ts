// Orders (SPEC §4 Checkout and Order status, §7 Orders and payment; docs: the order contract).
// create-order checks the contacts (§5), the delivery against /variations_orders for the basket's
// lines, the payment against that way's ids, the promotions and the §5 thresholds, then in ONE
// transaction: takes the order's idempotency key, the basket lines, locks the stock rows in
// (product, store) order, reserves the units (the city's first, then a transfer's from the nearest
// cities, as the purchase rule says: decision 0010), writes the order, its lines, its first status and the
// confirmation in the outbox. Not enough stock rolls everything back (409).
import type { DatabaseHandle, TransactionHandle } from '@store/db';
import {
  FORM_MESSAGES,
  NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  allocateStock,
  allowedIdsForActions,
  priceOrder,
  formatOrderDay,
  formatPrice,
  initialOrderStatus,
  isOrderCancelable,
  normalizePhone,
  paymentMethodById,
  paymentsForBasket,
  validateInn,
  validateMobilePhone,
  validateText,
  orderReceiving,
  purchasability,
  shortageMessage,
  OUT_OF_STOCK_MESSAGE,
  CONTACT_CENTRE_ORDER_TYPE,
  DELIVERY_TYPE_IDS,
  PAYMENT_TYPE_IDS,
  type OrderPrice,
  type PurchaseFacts,
  type PricedItem,
} from '@store/domain';
import { listOrderLineFacts, retrieveCityDeliveryFacts } from '../data/availability.ts';
import { listBasketProducts } from '../data/basket.ts';
import { purchaseFactsFor } from '../data/purchase.ts';
import { retrieveCityStore } from '../data/stores.ts';
import {
  deleteOrderedBasketLines,
  insertOrder,
  insertOrderLine,
  insertStatusHistory,
  listProductVat,
  lockOrder,
  lockProductStock,
  lockSupplierOffers,
  reserveSupplierOffers,
  reserveStock,
  retrieveOrderDetail,
  retrieveOrderIdByKey,
  type NewOrderLine,
} from '../data/orders.ts';
import {
  storeOrderTradeIn,
  tradeInForOrder,
  tradeInSnapshot,
  withTradeIn,
  type OrderTradeIn,
} from './trade-in-order.ts';
import type { Notifier } from '../adapters/notifications.ts';
import { ApiError } from '../http/errors.ts';
import { ownsOrder, type Requester } from '../http/requester.ts';
import type { CreateOrderInput, Order } from '../schemas/orders.ts';
import { buildBasket, oneClickBasket, type BasketItem } from './basket.ts';
import { orderVariationsFor, type DeliveryVariation } from './delivery.ts';
import { presentOrder } from './order-view.ts';
import { promotionLines, promotionsSnapshot, resolvePromotions } from './order-pricing.ts';
import {
  holdCheckoutBonuses,
  priceOrderWithBonuses,
  type CheckoutBonuses,
  type CheckoutCard,
} from './loyalty-checkout.ts';
import { openCreditApplication, orderStatusForPayment } from './credit.ts';
import { goodsIds, instalmentForOrder } from './credit-checkout.ts';
import { certificatesForOrder, holdOrderCertificates, type OrderCertificates } from './gift-certificates.ts';
import { cancelPartsPlan, openPartsPlan, partsRefusalForOrder } from './pay-in-parts.ts';
import { putBackCancelledOrder } from './order-cancellation.ts';
import { refundCancelledOrder, refundSentence } from './refunds.ts';
import { sellsIssuedCertificates } from '../data/gift-certificates.ts';
import type { PaymentProvider } from '../adapters/payment-provider.ts';
import type { PayInPartsProvider } from '../adapters/pay-in-parts.ts';
import type { Logger } from '../logger.ts';

export interface OrderDeps {
  handle: DatabaseHandle;
  notifier: Notifier;
  /** Minutes a credit application waits before its order is cancelled (issue 17). */
  creditTimeoutMinutes?: number;
  /** The «Частями» provider's name, kept with the order's plan (issue 17). */
  payInPartsProvider?: string;
}

type FieldErrors = Record<string, string[]>;

const EMPTY_BASKET = 'Корзина пуста';
const ADDRESS_MAX_LENGTH = 300;
/** The line id of the one product of a one-click order (it is no basket line). */
const ONE_CLICK_LINE_ID = 0;

const invalid = (errors: FieldErrors) => new ApiError(422, 'Проверьте данные заказа', errors);

function add(errors: FieldErrors, field: string, message: string | null) {
  if (message) (errors[field] ??= []).push(message);
}

/** §5 rules of the contacts step, keyed by the dotted path of the field. */
export function contactErrors(contacts: CreateOrderInput['contacts']): FieldErrors {
  const errors: FieldErrors = {};
  add(
    errors,
    'contacts.contact_name',
    validateText(contacts.contact_name, { required: true, lettersOnly: true, max: NAME_MAX_LENGTH }),
  );
  add(
    errors,
    'contacts.contact_surname',
    validateText(contacts.contact_surname, { lettersOnly: true, max: NAME_MAX_LENGTH }),
  );
  add(errors, 'contacts.mobile_phone', validateMobilePhone(contacts.mobile_phone));
  add(errors, 'contacts.email', validateText(contacts.email, { email: true, max: EMAIL_MAX_LENGTH }));
  return errors;
}

/** The corporate fast order's company (ИНН with its check digits, a name) and the e-mail the invoice goes to. */
function companyErrors(input: CreateOrderInput): FieldErrors {
  const errors: FieldErrors = {};
  if (input.order_type_id !== CONTACT_CENTRE_ORDER_TYPE) return errors;
  add(errors, 'company.inn', validateInn(input.company?.inn));
  add(errors, 'company.name', validateText(input.company?.name, { required: true, max: 300 }));
  if (!input.contacts.email?.trim()) add(errors, 'contacts.email', FORM_MESSAGES.required);
  return errors;
}

/** The buyer company of a corporate order (validated above), with the ИНН's spaces dropped. */
function orderCompany(input: CreateOrderInput): { inn: string; name: string } | null {
  if (input.order_type_id !== CONTACT_CENTRE_ORDER_TYPE || !input.company) return null;
  return { inn: input.company.inn!.replace(/\s+/g, ''), name: input.company.name!.trim() };
}

const trimmed = (value: string | null | undefined) => {
  const t = value?.trim();
  return t ? t : null;
};

/** The order's answer when its key is taken: the same order for its owner, a field error for anyone else. */
async function existingOrder(handle: DatabaseHandle, requester: Requester, key: string): Promise<Order | null> {
  const owner = await retrieveOrderIdByKey(handle, key);
  if (!owner) return null;
  if (!ownsOrder(requester, owner)) {
    throw invalid({ idempotency_key: ['Этот ключ уже использован для другого заказа'] });
  }
  return presentOrder((await retrieveOrderDetail(handle, owner.id))!);
}

interface Checked {
  items: BasketItem[];
  variation: DeliveryVariation;
  storeId: number | null;
  address: string | null;
  date: string;
  timeFrom: string | null;
  timeTo: string | null;
  /** The order's price with its promotions: what it stores and every later page shows. */
  price: OrderPrice<BasketItem>;
  promotions: ReturnType<typeof promotionsSnapshot>;
  preorder: boolean;
  present: { productId: number; name: string; price: number } | null;
  /** The «Мультионы» bonuses the order spends, per line. */
  bonuses: CheckoutBonuses | null;
  /** The shopper's trade-in (services/trade-in-order.ts), or null. */
  tradeIn: OrderTradeIn | null;
  /** The gift certificates paying part or all of the total (issue 15, decision 0027). */
  certificates: OrderCertificates | null;
  /** Payment 20's variant (0-0-24, 0-0-36) the application opens with (issue 17), else null. */
  instalmentLabel: string | null;
  /** The purchase facts of the goods as checked: reserveUnits takes units by them (decision 0076). */
  purchaseFacts: Map<number, PurchaseFacts>;
}

/** Everything create-order checks before it touches stock; throws 422 with every field error found. */
async function checkOrder(
  handle: DatabaseHandle,
  basketId: string,
  cityId: number,
  input: CreateOrderInput,
  errors: FieldErrors,
  card: CheckoutCard | null = null,
): Promise<Checked> {
  const city = await retrieveCityDeliveryFacts(handle, cityId);
  if (!city) throw invalid({ city_id: ['Город не найден'] });
  // One click from the product page orders one unit of the product, apart from the basket (decision 0008).
  const basket =
    input.product_id != null
      ? await oneClickBasket(handle, input.product_id, cityId)
      : await buildBasket(handle, basketId, cityId);
  const active = new Map(basket.items.map((item) => [item.id, item]));
  const unavailable = new Map(basket.unavailable.filter((i) => i.parent_id === null).map((i) => [i.id, i]));
  const lineIds = input.product_id != null ? [ONE_CLICK_LINE_ID] : [...new Set(input.line_ids ?? [])];
  if (basket.items.length === 0 && unavailable.size === 0) {
    throw invalid({ ...errors, line_ids: [EMPTY_BASKET] });
  }
  const missing = lineIds.filter((id) => !active.has(id) && !unavailable.has(id));
  if (missing.length > 0) throw invalid({ ...errors, line_ids: ['Позиция корзины не найдена'] });
  const gone = lineIds.flatMap((id) => (unavailable.has(id) ? [unavailable.get(id)!] : []));
  if (gone.length > 0) {
    // Nothing of it can be sold in this city now: the same answer as running out under the lock.
    const facts = await listOrderLineFacts(
      handle,
      gone.map((i) => i.product_id),
      cityId,
    );
    const left = new Map(facts.map((f) => [f.id, f.city_quantity]));
    throw new ApiError(409, OUT_OF_STOCK_MESSAGE, {
      line_ids: gone.map((i) => shortageMessage(i.name, left.get(i.product_id) ?? 0)),
    });
  }
  const items = lineIds.map((id) => active.get(id)!);
  const goods = items.flatMap((item) => [item, ...item.children.filter((c) => c.kind === 'accessory')]);
  // A line asking more than is left is refused, never shortened: the shopper decides in the basket.
  const short = goods.filter((g) => !g.is_preorder && g.qty > g.max_qty);
  if (short.length > 0) {
    throw new ApiError(409, OUT_OF_STOCK_MESSAGE, {
      line_ids: short.map((g) => shortageMessage(g.name, g.max_qty)),
    });
  }

  // The ways to receive exactly these lines, as /variations_orders answers them.
  const sellers = new Set(goods.map((g) => g.supplier_id));
  if (sellers.size > 1) add(errors, 'line_ids', 'Товары разных продавцов оформляются отдельными заказами');
  // How and when the lines reach the city: the purchase rule over each product's (and seller's) units.
  const asked = new Map<string, { id: number; supplierId: number | null; qty: number }>();
  for (const g of goods) {
    const key = `${g.product_id}:${g.supplier_id ?? ''}`;
    asked.set(key, { id: g.product_id, supplierId: g.supplier_id, qty: (asked.get(key)?.qty ?? 0) + g.qty });
  }
  const purchaseFacts = await purchaseFactsFor(handle, [...new Set(goods.map((g) => g.product_id))], cityId);
  const receiving = orderReceiving(
    [...asked.values()].flatMap((a) => {
      const f = purchaseFacts.get(a.id);
      return f ? [purchasability(f, { qty: a.qty, supplierId: a.supplierId })] : [];
    }),
  );
  const preorder = goods.some((g) => g.is_preorder);
  const goodsSum = goods.reduce((total, g) => total + g.final_price * g.qty, 0);
  const variations = orderVariationsFor({
    deliveryTypeIds: city.delivery_type_ids,
    paymentTypeIds: city.payment_type_ids,
    cityId,
    sum: goodsSum,
    preorder,
    inStockInCity: receiving.inStockInCity,
    leadDays: receiving.leadDays,
    supplier: goods.some((g) => g.supplier_id !== null),
    now: new Date(),
  });

  // Promotions: the same service as the checkout summary prices the order and narrows the ways and
  // payments (SPEC §4 Checkout, decision 0009); a chosen promotion that does not apply gives nothing.
  const actionIds = [...new Set(input.action_ids ?? [])];
  const promotions = await resolvePromotions(
    handle,
    promotionLines(items),
    {
      actions: actionIds.map((id) => ({ id, present_product_id: input.present_product_id ?? null })),
      promocode: input.promocode,
    },
    city,
  );
  if (promotions.unknownIds.length > 0) add(errors, 'action_ids', 'Акция недоступна для этих товаров');
  const actions = promotions.actions.filter((a) => a.reason === null).map((a) => a.row);
  const corporate = input.order_type_id === CONTACT_CENTRE_ORDER_TYPE;
  if (corporate && variations.length === 0) {
    add(errors, 'line_ids', 'Эти товары нельзя доставить в ваш город');
    throw invalid(errors);
  }
  // A corporate order without a way: the contact centre agrees it; the order keeps the city's first way.
  const d: NonNullable<CreateOrderInput['delivery']> = input.delivery ?? {
    delivery_type: variations[0]!.delivery_type_id,
  };
  const variation = variations.find((v) => v.delivery_type_id === d.delivery_type);
  const allowed = allowedIdsForActions(actions, {
    deliveryIds: variations.map((v) => v.delivery_type_id),
    paymentIds: variation?.payment_type_ids ?? [],
  });
  if (!variation || !allowed.deliveryIds.includes(variation.delivery_type_id)) {
    add(errors, 'delivery.delivery_type', 'Этот способ получения недоступен для заказа');
    throw invalid(errors);
  }

  let present: Checked['present'] = null;
  if (input.present_product_id != null && input.present_product_id !== promotions.presentProductId) {
    add(errors, 'present_product_id', 'Этот подарок недоступен');
  } else if (promotions.presentProductId !== null) {
    const [product] = await listBasketProducts(handle, [promotions.presentProductId], cityId);
    if (!product || product.status !== 1) add(errors, 'present_product_id', 'Этот подарок недоступен');
    else present = { productId: product.id, name: product.name, price: product.price };
  }

  // Where and when (a corporate order without a way leaves it to the operator's call).
  const agreedLater = corporate && input.delivery == null;
  let storeId: number | null = null;
  let address: string | null = null;
  let timeFrom: string | null = null;
  let timeTo: string | null = null;
  if (agreedLater) {
    // Nothing to check: no store, no address, no slot.
  } else if (variation.delivery_purpose === 'pickup') {
    if (d.store_id == null) add(errors, 'delivery.store_id', FORM_MESSAGES.required);
    else {
      const store = await retrieveCityStore(handle, d.store_id, cityId);
      if (!store || !storeFits(variation.delivery_type_id, store.type)) {
        add(errors, 'delivery.store_id', 'Этот пункт не выдаёт заказы выбранным способом в вашем городе');
      } else storeId = store.id;
    }
  } else {
    const message = validateText(d.address, { required: true, max: ADDRESS_MAX_LENGTH });
    add(errors, 'delivery.address', message);
    if (!message) address = d.address!.trim();
  }
  const date = d.date ?? variation.dates[0]!;
  if (!variation.dates.includes(date)) add(errors, 'delivery.date', FORM_MESSAGES.date);
  if (agreedLater) {
    // The operator agrees the time.
  } else if (variation.intervals.length > 0) {
    if (!d.interval) add(errors, 'delivery.interval', FORM_MESSAGES.required);
    else if (!variation.intervals.includes(d.interval)) {
      add(errors, 'delivery.interval', 'Выберите интервал доставки из предложенных');
    } else [timeFrom, timeTo] = d.interval.split(' - ') as [string, string];
  } else if (variation.delivery_purpose === 'courier_fast') {
    timeFrom = moscowTime(variation.datetime);
  }

  // How to pay: one of the way's ids the promotions leave, within the method's thresholds (§5).
  const tradeIn = await tradeInForOrder(handle, input.trade_in_tx, items, variation.delivery_type_id, errors);
  // Bonuses pay for what is left after the trade-in discount (issues 15, 16).
  const { price, bonuses } = await priceOrderWithBonuses(
    handle,
    priceOrder(items, withTradeIn(promotions.applied, tradeIn), variation.delivery_cost),
    input.bonuses,
    card,
    errors,
  );
  const totalSum = price.total;
  const certificates = await certificatesForOrder(handle, input.gift_certificates, totalSum, errors);
  if (corporate) {
    // A company pays by invoice (§9 non-cash 5), within that method's thresholds.
    const method = paymentMethodById(PAYMENT_TYPE_IDS.nonCash)!;
    if (input.payment_type !== PAYMENT_TYPE_IDS.nonCash) {
      add(errors, 'payment_type', 'Заказ юрлица оплачивается безналичным расчётом');
    } else if (paymentsForBasket([method], { totalKopecks: totalSum, giftCertificatesOnly: false }).length === 0) {
      add(errors, 'payment_type', `Заказ юрлица — от ${formatPrice(method.min_basket_threshold ?? 0)}`);
    }
  } else if (!allowed.paymentIds.includes(input.payment_type)) {
    add(errors, 'payment_type', 'Этот способ оплаты недоступен для выбранного способа получения');
  } else {
    const method = paymentMethodById(input.payment_type);
    if (method && paymentsForBasket([method], { totalKopecks: totalSum, giftCertificatesOnly: false }).length === 0) {
      add(errors, 'payment_type', 'Этот способ оплаты недоступен для суммы заказа');
    }
  }
  if (input.payment_type === PAYMENT_TYPE_IDS.buyNowPayLater && !errors['payment_type']) {
    // «Частями» (issue 17): only within the limit this basket checked for the order's phone.
    const hasWarranties = items.some((i) => i.children.some((c) => c.kind === 'warranty'));
    const hasParts = { total: totalSum, hasWarranties };
    add(errors, 'payment_type', await partsRefusalForOrder(handle, basketId, input.contacts.mobile_phone, hasParts));
  }
  // Bank instalment (issue 17): a variant of the order's bank-flagged promotions within their max_loan.
  const instalment =
    input.payment_type === PAYMENT_TYPE_IDS.bankInstalment && !errors['payment_type']
      ? await instalmentForOrder(handle, goodsIds(items), totalSum, input.instalment_label)
      : null;
  if (instalment && 'error' in instalment) add(errors, 'payment_type', instalment.error);
  if (Object.keys(errors).length > 0) throw invalid(errors);
  return {
    instalmentLabel: instalment && 'label' in instalment ? instalment.label : null,
    items,
    variation,
    storeId,
    address,
    date,
    timeFrom,
    timeTo,
    price,
    promotions: tradeInSnapshot(promotionsSnapshot(promotions, price, present?.productId ?? null), tradeIn),
    preorder,
    present,
    bonuses,
    tradeIn,
    certificates,
    purchaseFacts,
  };
}

/** Which stores hand over an order of this delivery type: multicenters for 1, the point's own type otherwise. */
function storeFits(deliveryTypeId: number, storeType: number): boolean {
  if (deliveryTypeId === 1) return storeType === 1;
  if (deliveryTypeId === DELIVERY_TYPE_IDS.supplierPickup)
    return [1, ...DELIVERY_TYPE_IDS.pickupPoint].includes(storeType);
  return storeType === deliveryTypeId;
}

const moscowTime = (iso: string) => new Date(Date.parse(iso) + 3 * 3_600_000).toISOString().slice(11, 16);

/**
 * POST /create-order. Answers the order and whether it was made now (201) or found by its
 * idempotency key (200).
 */
export async function createOrder(
  deps: OrderDeps,
  requester: Requester,
  cityId: number,
  input: CreateOrderInput,
  card: CheckoutCard | null = null,
): Promise<{ order: Order; created: boolean }> {
  const { handle } = deps;
  const again = await existingOrder(handle, requester, input.idempotency_key);
  if (again) return { order: again, created: false };

  const errors = { ...contactErrors(input.contacts), ...companyErrors(input) };
  const basketId = requester.basketId;
  if (basketId === null) throw invalid({ ...errors, line_ids: [EMPTY_BASKET] });
  const checked = await checkOrder(handle, basketId, cityId, input, errors, card);
  const phone = normalizePhone(input.contacts.mobile_phone!)!;
  const email = trimmed(input.contacts.email);
  // Credit, bank instalment and loan orders wait for the bank in status 23 (issue 17).
  const statusId = orderStatusForPayment(input.payment_type, initialOrderStatus(checked.preorder));

  let created: Order | null;
  try {
    created = await handle.transaction(async (tx) => {
      const id = await insertOrder(tx, {
        idempotencyKey: input.idempotency_key,
        basketId,
        customerId: requester.customerId,
        cityId,
        statusId,
        isPreorder: checked.preorder,
        contactName: input.contacts.contact_name!.trim(),
        contactSurname: trimmed(input.contacts.contact_surname),
        mobilePhone: phone,
        email,
        comment: trimmed(input.comment),
        company: orderCompany(input),
        orderTypeId: input.order_type_id ?? 1,
        deliveryType: checked.variation.delivery_type_id,
        deliveryAddress: checked.address,
        storeId: checked.storeId,
        deliveryDate: checked.date,
        deliveryTimeFrom: checked.timeFrom,
        deliveryTimeTo: checked.timeTo,
        deliveryCost: checked.variation.delivery_cost,
        paymentType: input.payment_type,
        sum: checked.price.sum,
        discount: checked.price.discount,
        totalSum: checked.price.total,
        promocode: trimmed(input.promocode),
        actions: checked.promotions,
        employeePersonalNumber: trimmed(input.employee_personal_number),
      });
      // The same key committed by a concurrent call: that order is the answer.
      if (id === null) return null;
      // A one-click product is no basket line: the basket stays as it is.
      if (input.product_id == null) await takeBasketLines(tx, basketId, checked.items);
      // The order's own rows first: a popular product's stock rows stay locked from reserveUnits to the
      // commit, and every order of it waits for them, so as little as may be happens after it
      // (decision 0076). The locks taken after (bonuses, certificates) keep their order after stock.
      await writeLines(tx, id, checked);
      await insertStatusHistory(tx, id, statusId);
      await reserveUnits(tx, id, cityId, checked);
      await holdCheckoutBonuses(tx, id, card, checked.bonuses);
      if (checked.tradeIn) await storeOrderTradeIn(tx, id, checked.tradeIn);
      await holdOrderCertificates(tx, id, checked.price.total, checked.certificates);
      const order = presentOrder((await retrieveOrderDetail(tx, id))!);
      for (const message of confirmationMessages(order)) await deps.notifier.send(message, tx);
      await openCreditApplication(tx, order, deps.creditTimeoutMinutes, checked.instalmentLabel);
      await openPartsPlan(tx, deps.payInPartsProvider ?? 'sandbox', order);
      return order;
    });
  } catch (error) {
    // A unique violation on the key (a server that raced past ON CONFLICT): the other call's order.
    if ((error as { code?: string }).code !== '23505') throw error;
    created = null;
  }
  if (created === null) {
    const found = await existingOrder(handle, requester, input.idempotency_key);
    if (!found) throw new ApiError(409, 'Заказ уже оформляется, повторите запрос');
    return { order: found, created: false };
  }
  // The order as read in its own transaction after its last change (the outbox, credit and parts rows
  // written after are not part of it): reading it again after the commit would answer the same.
  return { order: created, created: true };
}

async function takeBasketLines(tx: TransactionHandle, basketId: string, items: readonly BasketItem[]) {
  const ids = items.map((i) => i.id);
  const taken = await deleteOrderedBasketLines(tx, basketId, ids);
  if (taken.length !== ids.length) {
    // Another order took these lines between our checks and now.
    throw new ApiError(409, 'Корзина изменилась', { line_ids: ['Эти товары уже оформлены в другом заказе'] });
  }
}

/**
 * Locks the stock of the order's goods and the sellers' offers of its marketplace lines, and takes
 * the units: the city's stores first (the chosen multicenter first of all), then, as a transfer, the
 * nearest other cities'; a product no store holds comes from the store's supplier and takes none.
 * A shortage of either rolls everything back (409, nothing written).
 */
async function reserveUnits(tx: TransactionHandle, orderId: number, cityId: number, checked: Checked) {
  const needs = new Map<number, { qty: number; name: string }>();
  const need = (productId: number, qty: number, name: string) =>
    needs.set(productId, { qty: (needs.get(productId)?.qty ?? 0) + qty, name: needs.get(productId)?.name ?? name });
  const sellerNeeds = new Map<string, { productId: number; supplierId: number; qty: number; name: string }>();
  for (const item of checked.items) {
    // Preorder lines wait for goods that are not here yet; a seller's lines take the seller's units.
    for (const line of [item, ...item.children.filter((c) => c.kind === 'accessory')]) {
      if (line.is_preorder) continue;
      if (line.supplier_id === null) {
        need(line.product_id, line.qty, line.name);
        continue;
      }
      const key = `${line.product_id}:${line.supplier_id}`;
      const before = sellerNeeds.get(key);
      sellerNeeds.set(key, {
        productId: line.product_id,
        supplierId: line.supplier_id,
        qty: (before?.qty ?? 0) + line.qty,
        name: line.name,
      });
    }
  }
  if (checked.present) need(checked.present.productId, 1, checked.present.name);
  const short: string[] = [];
  const takes: { productId: number; storeId: number; qty: number }[] = [];
  if (needs.size > 0) {
    const productIds = [...needs.keys()].sort((a, b) => a - b);
    // The goods' facts as checkOrder read them a moment ago (also without a lock); only a present is new.
    const unread = productIds.filter((id) => !checked.purchaseFacts.has(id));
    const purchaseFacts =
      unread.length === 0
        ? checked.purchaseFacts
        : new Map([...checked.purchaseFacts, ...(await purchaseFactsFor(tx, unread, cityId))]);
    const rows = await lockProductStock(tx, productIds);
    const preferred = checked.variation.delivery_type_id === 1 ? checked.storeId : null;
    for (const productId of productIds) {
      const { qty, name } = needs.get(productId)!;
      const facts = purchaseFacts.get(productId);
      const purchase = facts ? purchasability(facts, { qty, supplierId: null }) : null;
      // Ordered from the store's supplier: no store carries it, nothing to take. Anything else takes
      // units, and too few of them is a shortage.
      if (purchase?.way === 'supplier') continue;
      const distance = new Map((facts?.elsewhere ?? []).map((e) => [e.cityId, e.distanceKm]));
      const far = (cityOf: number) => (cityOf === cityId ? -1 : (distance.get(cityOf) ?? Number.MAX_SAFE_INTEGER));
      const stores = rows
        .filter((r) => r.product_id === productId)
        .sort((a, b) => far(a.city_id) - far(b.city_id) || a.store_id - b.store_id)
        .map((r) => ({ storeId: r.store_id, quantity: r.quantity }));
      const allocation = allocateStock(qty, stores, preferred);
      if (!allocation) {
        const left = stores.reduce((total, s) => total + Math.max(0, s.quantity), 0);
        short.push(shortageMessage(name, left));
      } else takes.push(...allocation.map((a) => ({ productId, ...a })));
    }
  }
  // Sellers' offers are locked after the stock rows, in (product, seller) order, by every order alike.
  const sellerTakes: { offerId: number; productId: number; supplierId: number; qty: number }[] = [];
  if (sellerNeeds.size > 0) {
    const pairs = [...sellerNeeds.values()].sort((a, b) => a.productId - b.productId || a.supplierId - b.supplierId);
    const offers = await lockSupplierOffers(tx, pairs);
    for (const pair of pairs) {
      let left = pair.qty;
      const mine = offers.filter((o) => o.product_id === pair.productId && o.supplier_id === pair.supplierId);
      const takesOfPair: typeof sellerTakes = [];
      for (const offer of mine) {
        const qty = Math.min(left, Math.max(0, offer.qty));
        if (qty > 0)
          takesOfPair.push({ offerId: offer.id, productId: pair.productId, supplierId: pair.supplierId, qty });
        left -= qty;
      }
      if (left > 0) {
        const available = mine.reduce((total, o) => total + Math.max(0, o.qty), 0);
        short.push(shortageMessage(pair.name, available));
      } else sellerTakes.push(...takesOfPair);
    }
  }
  if (short.length > 0) throw new ApiError(409, OUT_OF_STOCK_MESSAGE, { line_ids: short });
  const updated = await reserveStock(tx, orderId, takes);
  const updatedOffers = await reserveSupplierOffers(tx, orderId, sellerTakes);
  // The rows are locked, so this cannot happen; if it ever does, nothing must be committed.
  if (updated !== takes.length || updatedOffers !== sellerTakes.length) {
    throw new Error(`stock reservation mismatch for order ${orderId}`);
  }
}

async function writeLines(tx: TransactionHandle, orderId: number, checked: Checked) {
  const productIds = checked.items.flatMap((i) => [i.product_id, ...i.children.map((c) => c.product_id)]);
  if (checked.present) productIds.push(checked.present.productId);
  const vat = await listProductVat(tx, [...new Set(productIds)]);
  // Each line keeps its price before discounts and the unit price after the order's promotions (decision 0009).
  const line = ({ item, final_price }: PricedItem<BasketItem>): NewOrderLine => ({
    productId: item.product_id,
    kind: item.kind,
    warrantyId: item.warranty_id,
    name: item.name,
    qty: item.qty,
    price: item.price,
    finalPrice: final_price,
    vat: vat.get(item.product_id) ?? 20,
  });
  let firstId: number | null = null;
  for (const item of checked.price.items) {
    const parentId = await insertOrderLine(tx, orderId, null, line(item));
    firstId ??= parentId;
    for (const child of item.children) await insertOrderLine(tx, orderId, parentId, line(child));
  }
  if (checked.present) {
    const p = checked.present;
    await insertOrderLine(tx, orderId, firstId, {
      productId: p.productId,
      kind: 'present',
      warrantyId: null,
      name: p.name,
      qty: 1,
      price: p.price,
      finalPrice: 0,
      vat: vat.get(p.productId) ?? 20,
    });
  }
}

/** How the shopper gets the order, in one sentence of the confirmation. */
function howToReceive(order: Order): string {
  const day = order.delivery_date ? formatOrderDay(order.delivery_date) : null;
  if (order.status.id === '7') return 'Предзаказ: сообщим, когда товар поступит.';
  if (order.cms_addressee) {
    const until = order.shelf_life_date ? `, заказ хранится до ${formatOrderDay(order.shelf_life_date)}` : '';
    return `Получение: ${order.cms_addressee.name}, ${order.cms_addressee.address}${day ? `, с ${day}` : ''}${until}. Назовите номер заказа.`;
  }
  const interval = order.delivery_time_from
    ? order.delivery_time_to
      ? ` ${order.delivery_time_from}–${order.delivery_time_to}`
      : ` около ${order.delivery_time_from}`
    : '';
  return `${order.delivery_type_name}${day ? ` ${day}` : ''}${interval} по адресу ${order.delivery_address ?? ''}.`;
}

/** The confirmation: an SMS to the phone and, when given, an e-mail (the outbox, in the order's transaction). */
export function confirmationMessages(order: Order) {
  const total = formatPrice(order.total_sum);
  const pay = order.payment_required ? ` Оплатите заказ онлайн: ${formatPrice(order.waiting_sum)}.` : '';
  const payload = { order_id: order.id, total_sum: order.total_sum };
  const messages: Parameters<Notifier['send']>[0][] = [
    {
      channel: 'sms',
      recipient: order.mobile_phone,
      template: 'order-created',
      body: `Мультицентр: заказ №${order.id} принят, сумма ${total}. ${howToReceive(order)}${pay}`,
      payload,
    },
  ];
  if (order.email) {
    const lines = order.basket.map((l) => `— ${l.name}, ${l.qty} шт. × ${formatPrice(l.final_price)}`).join('\n');
    messages.push({
      channel: 'email',
      recipient: order.email,
      template: 'order-created',
      subject: `Заказ №${order.id} принят`,
      body: [
        `${order.contact_name}, спасибо за заказ!`,
        `Номер заказа: ${order.id}. Статус: ${order.status.name}.`,
        lines,
        `Доставка: ${order.delivery_cost === 0 ? 'бесплатно' : formatPrice(order.delivery_cost)}. Итого: ${total}.`,
        `Оплата: ${order.payment_type_name}.${pay}`,
        howToReceive(order),
        `Статус заказа можно узнать на сайте по номеру заказа и телефону.`,
      ].join('\n'),
      payload,
    });
  }
  return messages;
}

export interface CancelDeps extends OrderDeps {
  /** The acquirer the order's payments went through: it gives them back (decision 0052). */
  paymentProvider: PaymentProvider;
  /** «Частями»: the provider stops the plan's schedule. */
  payInParts: PayInPartsProvider;
  logger?: Logger | undefined;
}

/** Why a paid certificate order is not cancelled here: the codes are out, the money would go back twice. */
export const CERTIFICATE_ORDER_NOT_CANCELABLE =
  'Подарочный сертификат уже отправлен: отменить такой заказ можно через контакт-центр';

/**
 * POST /v3/customer/orders/{id}/cancel for the owner: status I, the units back to stock, «Мультионы» and
 * gift certificates back, the money back to the card (services/refunds.ts), the «Частями» plan stopped, a
 * message that promises only the refund made. Repeatable: a second cancel changes nothing but asks the
 * acquirer again about a refund still pending.
 */
export async function cancelOrder(deps: CancelDeps, orderId: number): Promise<Order> {
  await deps.handle.transaction(async (tx) => {
    const order = await lockOrder(tx, orderId);
    if (!order) throw new ApiError(404, 'Заказ не найден');
    if (order.status_id === 'I') {
      await refundCancelledOrder(tx, deps, orderId, 'order-cancelled');
      return;
    }
    if (!isOrderCancelable(order.status_id)) throw new ApiError(422, 'Заказ нельзя отменить');
    if (await sellsIssuedCertificates(tx, orderId)) throw new ApiError(422, CERTIFICATE_ORDER_NOT_CANCELABLE);
    // The provider first: if it does not answer, nothing is written and the shopper may try again.
    await cancelPartsPlan(tx, deps.payInParts, orderId);
    await putBackCancelledOrder(tx, orderId);
    const refunds = await refundCancelledOrder(tx, deps, orderId, 'order-cancelled');
    const view = presentOrder((await retrieveOrderDetail(tx, orderId))!);
    const refund = refunds ? ` ${refundSentence(refunds)}` : '';
    const payload = { order_id: view.id, refund: view.refund };
    await deps.notifier.send(
      {
        channel: 'sms',
        recipient: view.mobile_phone,
        template: 'order-cancelled',
        body: `Мультицентр: заказ №${view.id} отменён.${refund}`,
        payload,
      },
      tx,
    );
    if (view.email) {
      await deps.notifier.send(
        {
          channel: 'email',
          recipient: view.email,
          template: 'order-cancelled',
          subject: `Заказ №${view.id} отменён`,
          body: `${view.contact_name}, заказ №${view.id} на ${formatPrice(view.total_sum)} отменён.${refund}`,
          payload,
        },
        tx,
      );
    }
  });
  return presentOrder((await retrieveOrderDetail(deps.handle, orderId))!);
}
