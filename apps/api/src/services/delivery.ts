// How an order reaches the shopper (SPEC §3 Delivery option, §4 Express courier, §9 Delivery and payment):
// the ways of one city's delivery types for an order sum, with dates, costs and payment ids.
// GET /v2/delivery/list (one product) and GET /variations_orders (an order of lines) both answer
// from here, so the product page and checkout always agree. Money is kopecks; `now` is passed in.
import {
  DELIVERY_TYPE_IDS,
  EXPRESS_COURIER,
  PAYMENT_TYPE_IDS,
  deliveryGroup,
  deliveryTypeLabel,
  type DeliveryGroup,
  type DeliveryPurpose,
} from '@store/domain';

export interface DeliveryOption {
  delivery_type_id: number;
  name: string;
  delivery_purpose: DeliveryPurpose;
  /** ISO time the order can arrive or be collected from. */
  datetime: string;
  /** 'from - to' time range of the day, for courier deliveries. */
  interval: string | null;
  delivery_cost: number;
  /** The order is paid before it is handed over (express, parcel lockers, the seller's deliveries). */
  cost_prepayment: boolean;
  has_preorder_product: boolean;
  client_city_id: number;
  /** A reserve in a multicenter, ready within 15 minutes during working hours (SPEC §4 Delivery time text). */
  is_reserve: boolean;
}

/** An order variation: a delivery option with its group, the payment ids it takes, and its days and slots. */
export interface DeliveryVariation extends DeliveryOption {
  group: DeliveryGroup;
  payment_type_ids: number[];
  /** Days it can come or be collected (YYYY-MM-DD, Moscow), the first one is `datetime`'s. */
  dates: string[];
  /** Courier time slots of a day; empty for pickups. */
  intervals: string[];
}

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MOSCOW_OFFSET = 3 * HOUR;

/** Free courier delivery from this order sum. */
export const FREE_COURIER_FROM = 1_000_000;
/** Free delivery to a pickup point from this order sum. */
export const FREE_PICKUP_POINT_FROM = 300_000;
export const COSTS = { courier: 39_900, express: 59_000, pickupPoint: 14_900, postbox: 9_900 } as const;
/** Multicenters hand over orders 10:00–22:00; a reserve must be ready 15 minutes before closing. */
export const STORE_HOURS = { open: 10, close: 22 } as const;
/** Express couriers take orders 9:00–21:00. */
export const EXPRESS_HOURS = { from: 9, to: 21 } as const;
export const COURIER_INTERVALS = ['10:00 - 14:00', '14:00 - 18:00', '18:00 - 22:00'] as const;
const COURIER_DAY = '10:00 - 22:00';
/** Days offered after the first possible one. */
const DAYS_OFFERED = 5;

const SUPPLIER_TYPES: readonly number[] = [DELIVERY_TYPE_IDS.supplierCourier, DELIVERY_TYPE_IDS.supplierPickup];
const isPostbox = (id: number) => (DELIVERY_TYPE_IDS.postbox as readonly number[]).includes(id);
const isPickupPoint = (id: number) => (DELIVERY_TYPE_IDS.pickupPoint as readonly number[]).includes(id);

export interface OrderFacts {
  /** The city's delivery_type_ids (SPEC §3 City); none means nothing can be delivered there. */
  deliveryTypeIds: readonly number[];
  cityId: number;
  /** Σ price × qty of the lines, kopecks. */
  sum: number;
  /** Any line is a preorder. */
  preorder: boolean;
  /** Days before every unit is in the city (domain orderReceiving: transfer, supplier, preorder). */
  leadDays: number;
  /** Every line is in stock in the city's multicenters in the quantity asked. */
  inStockInCity: boolean;
  /** The lines are a marketplace seller's: only the seller's courier and pickup (46, 52) carry them. */
  supplier: boolean;
  now: Date;
}

/** The order sum from which a way is free, or null when its cost never drops (kopecks). */
export function freeDeliveryFrom(deliveryTypeId: number): number | null {
  if (deliveryTypeId === 2 || deliveryTypeId === DELIVERY_TYPE_IDS.supplierCourier) return FREE_COURIER_FROM;
  if (isPickupPoint(deliveryTypeId)) return FREE_PICKUP_POINT_FROM;
  return null;
}

/** What a way costs for an order of this sum (kopecks): checkout and the delivery page both ask here. */
export function deliveryCost(deliveryTypeId: number, sum: number): number {
  const free = freeDeliveryFrom(deliveryTypeId);
  if (free !== null && sum >= free) return 0;
  if (deliveryTypeId === DELIVERY_TYPE_IDS.express) return COSTS.express;
  if (deliveryTypeId === 2 || deliveryTypeId === DELIVERY_TYPE_IDS.supplierCourier) return COSTS.courier;
  if (isPickupPoint(deliveryTypeId)) return COSTS.pickupPoint;
  if (isPostbox(deliveryTypeId)) return COSTS.postbox;
  return 0;
}

/** Moscow wall clock: minutes since its midnight, and that midnight as a UTC time. */
function moscowClock(now: Date) {
  const local = now.getTime() + MOSCOW_OFFSET;
  return { minutes: Math.floor((local % DAY) / MINUTE), midnight: Math.floor(local / DAY) * DAY - MOSCOW_OFFSET };
}

/** The ways the city's delivery types give for an order, in the city's type order. */
export function deliveryOptionsFor(input: OrderFacts): DeliveryOption[] {
  const { now } = input;
  const clock = moscowClock(now);
  const at = (days: number, hour: number) => new Date(clock.midnight + days * DAY + hour * HOUR).toISOString();
  const inMinutes = (minutes: number) => new Date(now.getTime() + minutes * MINUTE).toISOString();
  // Deliveries are promised from the next morning, after the units reach the city (purchase rule).
  const lead = Math.max(0, input.leadDays);
  const base = {
    has_preorder_product: input.preorder,
    client_city_id: input.cityId,
    cost_prepayment: false,
    is_reserve: false,
    interval: null,
  };
  const options: DeliveryOption[] = [];
  for (const id of input.deliveryTypeIds) {
    // A seller's goods travel only with the seller; the store's own goods never do.
    if (SUPPLIER_TYPES.includes(id) !== input.supplier) continue;
    if (id === DELIVERY_TYPE_IDS.express) {
      // Express needs stock in the city, is not for preorders and runs in its hours (SPEC §4 Express courier).
      const open = clock.minutes >= EXPRESS_HOURS.from * 60 && clock.minutes < EXPRESS_HOURS.to * 60;
      if (!input.inStockInCity || input.preorder || !open) continue;
      options.push({
        ...base,
        delivery_type_id: id,
        name: deliveryTypeLabel(id, 'courier_fast'),
        delivery_purpose: 'courier_fast',
        datetime: inMinutes(EXPRESS_COURIER.defaultMinutes),
        delivery_cost: deliveryCost(id, input.sum),
        cost_prepayment: true,
      });
    } else if (id === 2 || id === DELIVERY_TYPE_IDS.supplierCourier) {
      options.push({
        ...base,
        delivery_type_id: id,
        name: deliveryTypeLabel(id, 'courier'),
        delivery_purpose: 'courier',
        datetime: at(lead + (id === 2 ? 1 : 3), STORE_HOURS.open),
        interval: COURIER_DAY,
        delivery_cost: deliveryCost(id, input.sum),
        cost_prepayment: id !== 2,
      });
    } else if (id === 1 || id === DELIVERY_TYPE_IDS.supplierPickup) {
      let datetime = at(lead + 2, STORE_HOURS.open);
      let reserve = false;
      if (id === 1 && input.inStockInCity && !input.preorder) {
        // In stock: a reserve ready in 15 minutes while the shop is open, else at its next opening.
        const lastReserve = STORE_HOURS.close * 60 - 15;
        reserve = clock.minutes >= STORE_HOURS.open * 60 && clock.minutes < lastReserve;
        datetime = reserve ? inMinutes(15) : at(clock.minutes < STORE_HOURS.open * 60 ? 0 : 1, STORE_HOURS.open);
      }
      options.push({
        ...base,
        delivery_type_id: id,
        name: deliveryTypeLabel(id, 'pickup'),
        delivery_purpose: 'pickup',
        datetime,
        delivery_cost: deliveryCost(id, input.sum),
        cost_prepayment: id !== 1,
        is_reserve: reserve,
      });
    } else if (isPickupPoint(id) || isPostbox(id)) {
      const postbox = isPostbox(id);
      options.push({
        ...base,
        delivery_type_id: id,
        name: deliveryTypeLabel(id, 'pickup'),
        delivery_purpose: 'pickup',
        datetime: at(lead + 2, STORE_HOURS.open),
        delivery_cost: deliveryCost(id, input.sum),
        // A parcel locker cannot take money.
        cost_prepayment: postbox,
      });
    }
  }
  return options;
}

const P = PAYMENT_TYPE_IDS;
/**
 * The payment ids each way takes, before the city's own list narrows them. Bank instalment (20) goes
 * with collecting in a multicenter only (SPEC §9: bank-flagged offers split into 20 with pickup, and 13/14).
 */
const PAYMENTS: Record<'reserve' | 'courier' | 'prepaid' | 'pickupPoint', readonly number[]> = {
  reserve: [
    P.cash,
    P.creditOnPlace,
    P.creditOnline,
    P.online,
    P.buyNowPayLater,
    P.bankInstalment,
    P.loan,
    P.fastPaymentsSystem,
  ],
  courier: [P.courierOnline, P.courierCash, P.creditOnline, P.online, P.buyNowPayLater, P.loan, P.fastPaymentsSystem],
  prepaid: [P.online, P.fastPaymentsSystem],
  pickupPoint: [P.cash, P.online, P.fastPaymentsSystem],
};

function paymentsOf(option: DeliveryOption): readonly number[] {
  if (option.cost_prepayment) return PAYMENTS.prepaid;
  if (option.delivery_type_id === 1) return PAYMENTS.reserve;
  if (option.delivery_purpose === 'pickup') return PAYMENTS.pickupPoint;
  return PAYMENTS.courier;
}

const isoDay = (time: number) => new Date(time + MOSCOW_OFFSET).toISOString().slice(0, 10);

/** The order variations: each option with its group, the payments the city takes for it, days and slots. */
export function orderVariationsFor(input: OrderFacts & { paymentTypeIds: readonly number[] }): DeliveryVariation[] {
  return deliveryOptionsFor(input).flatMap((option) => {
    const payments = paymentsOf(option).filter((id) => input.paymentTypeIds.includes(id));
    // A way the city cannot be paid for is no way at all.
    if (payments.length === 0) return [];
    const first = Date.parse(option.datetime);
    const days = option.delivery_purpose === 'courier' ? DAYS_OFFERED : 1;
    return [
      {
        ...option,
        group: deliveryGroup(option.delivery_type_id, option.delivery_purpose),
        payment_type_ids: [...payments].sort((a, b) => a - b),
        dates: Array.from({ length: days }, (_, k) => isoDay(first + k * DAY)),
        intervals: option.delivery_purpose === 'courier' ? [...COURIER_INTERVALS] : [],
      },
    ];
  });
}

/** One way to receive goods in a city as the delivery page tells it: checkout's own variation, described. */
export interface DeliveryTerm {
  delivery_type_id: number;
  name: string;
  group: DeliveryGroup;
  delivery_purpose: DeliveryPurpose;
  /** The marketplace seller's own delivery (46, 52): for the seller's goods only. */
  seller: boolean;
  /** Kopecks, below the free threshold. */
  cost: number;
  /** The order sum from which it is free (kopecks), or null. */
  free_from: number | null;
  /** Paid before it is handed over. */
  prepaid: boolean;
  /** Days after the order for goods in the city's stock (0: the same day). */
  days: number;
  /** Express: minutes from the order; a multicenter reserve: minutes until it is ready. */
  minutes: number | null;
  /** Hours it runs or hands over ('10:00–22:00'); null: each pickup point's own hours. */
  hours: string | null;
  /** Courier slots of a day. */
  intervals: string[];
  payment_type_ids: number[];
}

export interface CityDeliveryFacts {
  cityId: number;
  deliveryTypeIds: readonly number[];
  paymentTypeIds: readonly number[];
}

const pad = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/**
 * The city's ways as the delivery page lists them, read from `orderVariationsFor` itself for goods
 * in the city's stock (the store's own and a seller's), ordered at midday so express and the
 * 15-minute reserve show as the city offers them during their hours. Costs below the threshold and
 * the threshold come from `deliveryCost` and `freeDeliveryFrom`, which checkout prices with.
 */
export function deliveryTermsFor(city: CityDeliveryFacts, now: Date): DeliveryTerm[] {
  const noon = new Date(moscowClock(now).midnight + 12 * HOUR);
  const run = (supplier: boolean) =>
    orderVariationsFor({
      deliveryTypeIds: city.deliveryTypeIds,
      paymentTypeIds: city.paymentTypeIds,
      cityId: city.cityId,
      sum: 1,
      preorder: false,
      leadDays: 0,
      inStockInCity: true,
      supplier,
      now: noon,
    }).map((variation) => ({ variation, supplier }));
  const today = isoDay(noon.getTime());
  return [...run(false), ...run(true)].map(({ variation: v, supplier }) => {
    const at = Date.parse(v.datetime);
    const days = Math.round((Date.parse(isoDay(at)) - Date.parse(today)) / DAY);
    const express = v.delivery_type_id === DELIVERY_TYPE_IDS.express;
    const hours = express
      ? `${pad(EXPRESS_HOURS.from)}–${pad(EXPRESS_HOURS.to)}`
      : v.delivery_purpose === 'courier'
        ? `${pad(STORE_HOURS.open)}–${pad(STORE_HOURS.close)}`
        : isPostbox(v.delivery_type_id)
          ? 'круглосуточно'
          : v.group === 'multicenter'
            ? `${pad(STORE_HOURS.open)}–${pad(STORE_HOURS.close)}`
            : null;
    return {
      delivery_type_id: v.delivery_type_id,
      name: v.name,
      group: v.group,
      delivery_purpose: v.delivery_purpose,
      seller: supplier,
      cost: deliveryCost(v.delivery_type_id, 1),
      free_from: freeDeliveryFrom(v.delivery_type_id),
      prepaid: v.cost_prepayment,
      days,
      minutes: express || v.is_reserve ? Math.round((at - noon.getTime()) / MINUTE) : null,
      hours,
      intervals: v.intervals,
      payment_type_ids: v.payment_type_ids,
    };
  });
}
