// Basket rules (SPEC §3 Basket line, §4 Checkout): the quantity asked within a line's maximum, one
// extended warranty per product line, and the totals in kopecks. Whether and how many units a line
// may hold is the purchase rule's (purchasability.ts, decision 0010).

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
