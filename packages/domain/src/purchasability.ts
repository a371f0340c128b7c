// Whether and how a product can be bought in a city (SPEC §3 Product, §4 Product loading, Availability,
// Checkout; decision 0010). The one rule behind the buy box, the product cards, the «Наличие и доставка»
// tab, the basket, the delivery ways and create-order: each of them asks `purchasability` instead of
// reading stock, preorder and supplier flags on its own.
import { PLURAL, pluralize } from './plural.ts';

/** How the units reach the shopper's city. */
export type PurchaseWay = 'in-stock' | 'transfer' | 'supplier' | 'preorder' | 'marketplace' | 'unavailable';

/** Units of the product in the multicenters of another city, and how far that city is. */
export interface StockElsewhere {
  cityId: number;
  distanceKm: number;
  quantity: number;
}

export interface MarketplaceOffer {
  supplierId: number;
  qty: number;
  /** Kopecks: with no seller asked, the cheapest seller with units is chosen. */
  price: number;
}

export interface PurchaseFacts {
  status: number;
  /** offer.available: the store sells the product (from stock, by transfer or from its supplier). */
  available: boolean;
  /** A preorder (offer.preorder, order_type 'preorder' or is_pre_order). */
  preorder: boolean;
  /** The product's max_quantity: no line or order holds more. */
  maxQuantity: number;
  /** Units in the city's active multicenters. */
  cityQuantity: number;
  /** Multicenters of the city holding units. */
  cityStores: number;
  /** Units in other cities' active multicenters (any order; the rule takes the nearest first). */
  elsewhere: readonly StockElsewhere[];
  /**
   * Some store carries the product (has a stock row, even at 0). Sold out everywhere is unavailable;
   * only a product no store carries comes from the store's supplier.
   */
  carried: boolean;
  /** Marketplace sellers' offers of the product. */
  marketplace: readonly MarketplaceOffer[];
}

export interface Purchase {
  way: PurchaseWay;
  /** The asked units can be bought this way. */
  buyable: boolean;
  /** The most units one line or order may hold this way (0 when unavailable). */
  maxQty: number;
  /** Days before the units are in the city (0: now); the delivery ways add their own days to it. */
  leadDays: number;
  /** The marketplace seller, for that way. */
  supplierId: number | null;
  /** The city that sends the last units of a transfer. */
  fromCityId: number | null;
  /** Takes units of the store's stock (in the city or by transfer) when the order is placed. */
  takesStock: boolean;
}

/** A transfer between cities: the days grow with the distance. */
export const TRANSFER_DAYS = { base: 2, kmPerDay: 400, max: 14 } as const;
/** Ordered from the store's own supplier when no multicenter holds it. */
export const SUPPLIER_LEAD_DAYS = 7;
/** A preorder ships this many days later. */
export const PREORDER_LEAD_DAYS = 10;
/** The answer to a product that cannot be bought in the city (basket, one click, create-order). */
export const NOT_IN_CITY_MESSAGE = 'Товара нет в наличии в вашем городе';
/** create-order's 409 when a line asks more units than are left (decision 0009); nothing is written. */
export const OUT_OF_STOCK_MESSAGE = 'Товара нет в наличии в нужном количестве';
/** One line of that 409: the product and the units left, «<name>: осталось N шт.». */
export const shortageMessage = (name: string, left: number) => `${name}: осталось ${Math.max(0, left)} шт.`;

/** Days a transfer from `distanceKm` away takes. */
export function transferDays(distanceKm: number): number {
  const days = TRANSFER_DAYS.base + Math.ceil(Math.max(0, distanceKm) / TRANSFER_DAYS.kmPerDay);
  return Math.min(TRANSFER_DAYS.max, days);
}

const unavailable: Purchase = {
  way: 'unavailable',
  buyable: false,
  maxQty: 0,
  leadDays: 0,
  supplierId: null,
  fromCityId: null,
  takesStock: false,
};

/**
 * The way `qty` units (default 1) of the product can be bought in the city:
 * 1. a marketplace seller when one is asked (a basket line of that seller);
 * 2. a seller (the cheapest with units) when the store does not sell the product;
 * 3. a preorder;
 * 4. the store's stock when the city holds some: in stock, or a transfer when the rest comes from the
 *    nearest other cities (the date of the farthest one needed);
 * 5. with nothing in the city: the cheapest seller with units, else a transfer from the nearest cities,
 *    else the store's supplier when no store carries it at all (sold out everywhere is unavailable);
 * 6. else unavailable.
 * `supplierId`: left out, the rule chooses (a seller may win); a seller's id, that seller only; null,
 * the store's own ways only (a basket line already bought from the store).
 * `buyable` is false when the way exists but holds fewer units than asked: the caller answers a
 * shortage (409) and never lowers the quantity itself.
 */
export function purchasability(
  facts: PurchaseFacts,
  options: { qty?: number; supplierId?: number | null } = {},
): Purchase {
  const qty = Math.max(1, Math.floor(options.qty ?? 1));
  if (facts.status !== 1 || facts.maxQuantity < 1) return unavailable;
  const fits = (max: number) => qty <= max;
  const base = { supplierId: null, fromCityId: null };

  const seller = (supplierId: number | null | undefined): Purchase | null => {
    const offers = facts.marketplace.filter((o) => (supplierId == null ? o.qty > 0 : o.supplierId === supplierId));
    const best = [...offers].sort((a, b) => a.price - b.price || a.supplierId - b.supplierId)[0];
    if (!best) return null;
    const maxQty = Math.max(0, Math.min(facts.maxQuantity, best.qty));
    if (maxQty < 1) return null;
    return {
      ...base,
      way: 'marketplace',
      buyable: fits(maxQty),
      maxQty,
      leadDays: 0,
      supplierId: best.supplierId,
      takesStock: false,
    };
  };
  if (options.supplierId != null) return seller(options.supplierId) ?? unavailable;
  const choose = options.supplierId === undefined;
  if (!facts.available) return (choose ? seller(null) : null) ?? unavailable;

  if (facts.preorder) {
    return {
      ...base,
      way: 'preorder',
      buyable: fits(facts.maxQuantity),
      maxQty: facts.maxQuantity,
      leadDays: PREORDER_LEAD_DAYS,
      takesStock: false,
    };
  }
  const city = Math.max(0, facts.cityQuantity);
  if (city === 0 && choose) {
    const sold = seller(null);
    if (sold) return sold;
  }
  const nearest = facts.elsewhere
    .filter((e) => e.quantity > 0)
    .sort((a, b) => a.distanceKm - b.distanceKm || a.cityId - b.cityId);
  const total = nearest.reduce((sum, e) => sum + e.quantity, city);
  if (total === 0) {
    if (facts.carried) return unavailable;
    return {
      ...base,
      way: 'supplier',
      buyable: fits(facts.maxQuantity),
      maxQty: facts.maxQuantity,
      leadDays: SUPPLIER_LEAD_DAYS,
      takesStock: false,
    };
  }
  const maxQty = Math.min(facts.maxQuantity, total);
  if (city >= qty || (city > 0 && qty > total)) {
    // In the city; a shortfall beyond everything anywhere is a shortage of the city's own way.
    return {
      ...base,
      way: 'in-stock',
      buyable: fits(Math.min(facts.maxQuantity, city)),
      maxQty,
      leadDays: 0,
      takesStock: true,
    };
  }
  let have = city;
  let from: StockElsewhere | null = null;
  for (const e of nearest) {
    if (have >= qty) break;
    have += e.quantity;
    from = e;
  }
  from ??= nearest[0] ?? null;
  return {
    ...base,
    way: 'transfer',
    buyable: fits(maxQty),
    maxQty,
    leadDays: from ? transferDays(from.distanceKm) : 0,
    fromCityId: from?.cityId ?? null,
    takesStock: true,
  };
}

/** The shopper-facing words of a way on cards and the buy box. */
export function purchaseLabel(purchase: Purchase, cityStores: number): string {
  switch (purchase.way) {
    case 'in-stock':
      return `В наличии в ${cityStores} ${pluralize(cityStores, PLURAL.inStores)}`;
    case 'transfer':
    case 'supplier':
      return 'Под заказ';
    case 'preorder':
      return 'Предзаказ';
    case 'marketplace':
      return 'У продавца';
    case 'unavailable':
      return 'Нет в наличии';
  }
}

/**
 * What the delivery ways need of an order's lines, each line's purchase for its whole quantity: every
 * line in stock in the city (a reserve, express), any preorder, and the days before all units are in
 * the city (the longest way's).
 */
export function orderReceiving(purchases: readonly Purchase[]): {
  inStockInCity: boolean;
  preorder: boolean;
  leadDays: number;
} {
  return {
    inStockInCity: purchases.length > 0 && purchases.every((p) => p.way === 'in-stock' && p.buyable),
    preorder: purchases.some((p) => p.way === 'preorder'),
    leadDays: purchases.reduce((days, p) => Math.max(days, p.leadDays), 0),
  };
}
