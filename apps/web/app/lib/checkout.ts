// Pure pieces of the checkout steps on /cart (SPEC §2 Checkout, §4 Checkout, §5): step links, the
// contacts rules, the delivery and payment choices in words, and what the shopper will pay.
import type { BasketItem, CalcApplyToBasket, OrderVariation, Payment } from '@store/api-client';
import {
  BONUS_KOPECKS,
  DELIVERY_TYPE_IDS,
  NAME_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  GENITIVE_MONTHS,
  deliveryTypeLabel,
  formatPhone,
  validateMobilePhone,
  validateText,
  type CheckoutStep,
} from '@store/domain';

// The step addresses live in checkout-address.ts, which the basket loads without the rest of this module.
export { STEP_LABELS, stepFromUrl, stepHref } from './checkout-address.ts';

// ---------------------------------------------------------------- Contacts

export interface ContactsInput {
  contact_name: string;
  contact_surname: string;
  mobile_phone: string;
  email: string;
}

export type ContactsErrors = Partial<Record<keyof ContactsInput, string>>;

/** The §5 message per field, from the domain rules (name required, letters only; phone; optional e-mail). */
export function validateContacts(contacts: ContactsInput): ContactsErrors {
  const errors: ContactsErrors = {};
  const name = validateText(contacts.contact_name, { required: true, lettersOnly: true, max: NAME_MAX_LENGTH });
  if (name) errors.contact_name = name;
  const surname = validateText(contacts.contact_surname, { lettersOnly: true, max: NAME_MAX_LENGTH });
  if (surname) errors.contact_surname = surname;
  const phone = validateMobilePhone(contacts.mobile_phone);
  if (phone) errors.mobile_phone = phone;
  const email = validateText(contacts.email, { email: true, max: EMAIL_MAX_LENGTH });
  if (email) errors.email = email;
  return errors;
}

/** What the form posted, trimmed; a whole phone is shown in the first mask. */
export function contactsFromForm(form: FormData): ContactsInput {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value.trim().slice(0, 200) : '';
  };
  return {
    contact_name: text('contact_name'),
    contact_surname: text('contact_surname'),
    mobile_phone: formatPhone(text('mobile_phone')),
    email: text('email'),
  };
}

// ---------------------------------------------------------------- Delivery

export type WayGroup = 'multicenter' | 'express' | 'courier' | 'pickup-point' | 'postbox';

const WAY_ORDER: WayGroup[] = ['multicenter', 'express', 'courier', 'pickup-point', 'postbox'];

export const WAY_TITLES: Record<WayGroup, string> = {
  multicenter: 'Самовывоз из Мультицентра',
  express: 'Экспресс-доставка',
  courier: 'Курьером',
  'pickup-point': 'Пункт выдачи',
  postbox: 'Постамат',
};

/** The checkout's group of a variation: parcel lockers (§9 ids 9, 12) apart from pickup points (10, 13, 14). */
export function wayGroup(v: Pick<OrderVariation, 'delivery_type_id' | 'group'>): WayGroup {
  if ((DELIVERY_TYPE_IDS.postbox as readonly number[]).includes(v.delivery_type_id)) return 'postbox';
  if (v.group === 'pickup') return 'multicenter';
  return v.group;
}

/** Ways the shopper collects from a point: they need a store of the way's type (the store type is the delivery type id). */
export const needsStore = (group: WayGroup) =>
  group === 'multicenter' || group === 'pickup-point' || group === 'postbox';

/** The variations in the page's order; an express option whose time has passed is left out (SPEC §4). */
export function orderedWays(variations: readonly OrderVariation[], now: number): OrderVariation[] {
  return variations
    .filter((v) => wayGroup(v) !== 'express' || Date.parse(v.datetime) > now)
    .sort((a, b) => WAY_ORDER.indexOf(wayGroup(a)) - WAY_ORDER.indexOf(wayGroup(b)));
}

export const wayTitle = (v: OrderVariation) =>
  v.delivery_type_id === DELIVERY_TYPE_IDS.supplierCourier || v.delivery_type_id === DELIVERY_TYPE_IDS.supplierPickup
    ? deliveryTypeLabel(v.delivery_type_id, v.delivery_purpose)
    : WAY_TITLES[wayGroup(v)];

const WEEKDAYS = ['вс', 'пн', 'вт', 'ср', 'чт', 'пт', 'сб'];

/** '2026-03-05' → 'чт, 5 марта'. */
export function dayText(iso: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  if (!match) return iso;
  const date = new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3])));
  return `${WEEKDAYS[date.getUTCDay()]}, ${date.getUTCDate()} ${GENITIVE_MONTHS[date.getUTCMonth()]}`;
}

// ---------------------------------------------------------------- Payments

export type PaymentState = { payment: Payment; disabledReason: string | null };

/**
 * The payments of the order: only those within thresholds (the API answered them for the total), each
 * disabled with a reason when the chosen delivery does not take it or a chosen promotion rules it out.
 */
export function paymentStates(
  payments: readonly Payment[],
  deliveryPaymentIds: readonly number[] | null,
  actionPaymentIds: readonly number[] | null,
): PaymentState[] {
  return payments.map((payment) => {
    let disabledReason: string | null = null;
    if (deliveryPaymentIds && !deliveryPaymentIds.includes(payment.id)) {
      disabledReason = 'Недоступно для выбранного способа получения';
    } else if (actionPaymentIds && !actionPaymentIds.includes(payment.id)) {
      disabledReason = 'Недоступно с выбранной акцией';
    }
    return { payment, disabledReason };
  });
}

// ---------------------------------------------------------------- Totals

export interface OrderTotals {
  count: number;
  goods: number;
  warranties: number;
  discount: number;
  /** What the trade-in takes off (part of the summary's discount, shown on its own line). */
  tradeIn: number;
  /** What the «Мультионы» bonuses take off (kopecks), shown on their own line. */
  bonuses: number;
  delivery: number;
  total: number;
}

/**
 * What the shopper pays for one order: goods (products and accessories at the promotion-free price),
 * extended warranties, minus promotion discounts, the trade-in and the bonuses spent, plus delivery.
 */
export function orderTotals(
  items: readonly BasketItem[],
  calc: (Pick<CalcApplyToBasket, 'sum' | 'discount'> & Partial<Pick<CalcApplyToBasket, 'trade_in' | 'bonuses'>>) | null,
  deliveryCost: number,
): OrderTotals {
  let goods = 0;
  let warranties = 0;
  let count = 0;
  for (const item of items) {
    goods += item.final_price * item.qty;
    count += item.qty;
    for (const child of item.children) {
      if (child.kind === 'warranty') warranties += child.final_price * child.qty;
      else {
        goods += child.final_price * child.qty;
        count += child.qty;
      }
    }
  }
  const tradeIn = calc?.trade_in?.discount ?? 0;
  const discount = (calc?.discount ?? 0) - tradeIn;
  const bonuses = (calc?.bonuses?.applied ?? 0) * BONUS_KOPECKS;
  return {
    count,
    goods,
    warranties,
    discount,
    tradeIn,
    bonuses,
    delivery: deliveryCost,
    total: goods - discount - tradeIn - bonuses + warranties + deliveryCost,
  };
}

/** Which step owns a create-order field error (`contacts.mobile_phone` → contacts). */
export function stepOfField(field: string): CheckoutStep {
  if (field.startsWith('contacts')) return 'contacts';
  if (field.startsWith('delivery')) return 'delivery';
  if (field.startsWith('payment') || field.startsWith('gift_certificates') || field === 'bonuses') return 'payments';
  return 'basket';
}
