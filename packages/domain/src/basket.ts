// Basket rules (SPEC §3 Basket line, §4 Checkout): how many units a line may hold, which products
// the basket keeps, one extended warranty per product line, and the totals in kopecks.

/** Extended warranty plans: the price is a share of the product's price, rounded up to 100 ₽. */
export const WARRANTY_PLANS = [
  { id: 1, years: 1, percent: 7 },
  { id: 2, years: 2, percent: 12 },
  { id: 3, years: 3, percent: 16 },
] as const;

export interface WarrantyOffer {
  id: number;
  name: string;
  years: number;
  price: number;
}

/** The warranties offered for a product of this price; none when the product takes no warranty (is_warranty). */
export function warrantyOffers(price: number, isWarranty: boolean): WarrantyOffer[] {
  if (!isWarranty) return [];
  return WARRANTY_PLANS.map((plan) => ({
    id: plan.id,
    name: `Дополнительная гарантия на ${plan.years} ${plan.years === 1 ? 'год' : 'года'}`,
    years: plan.years,
    // Integer arithmetic: 5 000 000 × 0.07 in floating point is a hair over 350 000.
    price: Math.ceil((price * plan.percent) / 1_000_000) * 10_000,
  }));
}

export interface BasketProductFacts {
  status: number;
  available: boolean;
  preorder: boolean;
  maxQuantity: number;
  /** Units in the city's active multicenters. */
  cityQuantity: number;
  /** Units the line's supplier offers (when the line is a supplier's). */
  supplierQuantity?: number | null;
  supplierOffersCount: number;
}

/** In stock in the city (or a pre-order, which has no stock yet). */
export function isAvailableInCity(p: BasketProductFacts): boolean {
  return p.status === 1 && p.available && (p.preorder || p.cityQuantity > 0);
}

/** §4 Checkout: cart products are kept only when available or when supplier offers exist. */
export function isKeptInBasket(p: BasketProductFacts): boolean {
  return p.status === 1 && (isAvailableInCity(p) || p.supplierOffersCount > 0);
}

/**
 * The most units one line may hold: the product's max quantity and the stock behind the line (the
 * supplier's quantity for a supplier line, the city's multicenters otherwise; a pre-order has no stock cap).
 */
export function basketLineMax(p: BasketProductFacts): number {
  const stock =
    p.supplierQuantity !== undefined && p.supplierQuantity !== null
      ? p.supplierQuantity
      : p.preorder
        ? Number.POSITIVE_INFINITY
        : p.cityQuantity;
  return Math.max(0, Math.min(p.maxQuantity, stock));
}

export interface CappedQuantity {
  qty: number;
  /** Set when the asked quantity was lowered. */
  message: string | null;
}

/** The asked quantity within 1..max, with the message shown when it had to be lowered. */
export function capQuantity(asked: number, max: number): CappedQuantity {
  const wanted = Math.max(1, Math.floor(asked));
  if (max < 1) return { qty: 0, message: 'Товара нет в наличии' };
  if (wanted <= max) return { qty: wanted, message: null };
  return { qty: max, message: `Можно купить не больше ${max} шт.` };
}

export interface BasketChild {
  id: number;
  kind: 'warranty' | 'accessory';
  warrantyId: number | null;
}

/** One warranty per product line: the warranty lines a new warranty replaces. */
export function warrantiesReplacedBy(children: readonly BasketChild[]): number[] {
  return children.filter((c) => c.kind === 'warranty').map((c) => c.id);
}

export interface TotalLine {
  qty: number;
  /** Price before discount, per unit. */
  price: number;
  /** Price to pay, per unit. */
  finalPrice: number;
  /** A warranty is a service: it is paid for but not counted as an item. */
  kind: 'product' | 'warranty' | 'accessory';
  children?: readonly TotalLine[];
}

export interface BasketTotals {
  /** What the shopper pays, kopecks. */
  sum: number;
  /** Saved against the prices before discount, kopecks. */
  discount: number;
  /** Units of products and accessories (warranties are not items). */
  count: number;
}

export function basketTotals(lines: readonly TotalLine[]): BasketTotals {
  const totals: BasketTotals = { sum: 0, discount: 0, count: 0 };
  const add = (line: TotalLine) => {
    totals.sum += line.finalPrice * line.qty;
    totals.discount += Math.max(0, line.price - line.finalPrice) * line.qty;
    if (line.kind !== 'warranty') totals.count += line.qty;
    line.children?.forEach(add);
  };
  lines.forEach(add);
  return totals;
}
