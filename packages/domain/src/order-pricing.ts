// The one price of an order (SPEC §3 Order, §4 Checkout, decision 0009): the checkout summary,
// create-order, the payment page, the acquirer's amount, the receipt and the order page all show the
// figures this function gives for the order's lines, applied promotions and delivery cost. Create-order
// stores them (each line's unit price after promotions, the totals and the promotions applied) and
// every later page reads the stored figures.
import { applyPromotions, type AppliedPromotion } from './checkout-promotions.ts';

export interface PricingItem {
  product_id: number;
  kind: 'product' | 'warranty' | 'accessory';
  qty: number;
  /** Unit price on the shelf (the basket's price to pay), kopecks, before any promotion. */
  final_price: number;
  children?: readonly PricingItem[];
}

export interface PricedItem<I extends PricingItem> {
  item: I;
  /** Unit price after the promotions, kopecks. */
  final_price: number;
  /** Kopecks the promotions take off this line (final_price × qty = shelf × qty − discount). */
  discount: number;
  action_ids: number[];
  children: PricedItem<I>[];
}

export interface OrderPrice<I extends PricingItem> {
  items: PricedItem<I>[];
  /** Units of products and accessories (warranties are services, not items). */
  count: number;
  /** Products and accessories at the shelf price, kopecks. */
  goods: number;
  /** Extended warranties, kopecks. */
  warranties: number;
  /** What the promotions take off, kopecks. */
  discount: number;
  delivery: number;
  /** goods + warranties: «Товары» of the order. */
  sum: number;
  /** sum − discount + delivery: «Итого», what the shopper pays. */
  total: number;
}

/**
 * Prices an order: every promotion discounts the product and accessory lines of its targets (per
 * unit, so a line's unit price stays a whole kopeck), warranties are never discounted, and the
 * figures always add up: Σ final_price × qty + delivery = total.
 */
export function priceOrder<I extends PricingItem>(
  items: readonly I[],
  promotions: readonly AppliedPromotion[],
  deliveryCost: number,
): OrderPrice<I> {
  const goodsLines: { product_id: number; qty: number; price: number; key: PricingItem }[] = [];
  for (const item of items) {
    for (const line of [item, ...(item.children ?? [])]) {
      if (line.kind !== 'warranty') {
        goodsLines.push({ product_id: line.product_id, qty: line.qty, price: line.final_price, key: line });
      }
    }
  }
  const applied = applyPromotions(goodsLines, promotions);
  const byLine = new Map(applied.lines.map((l) => [l.line.key, l]));
  const price = { count: 0, goods: 0, warranties: 0, discount: 0 };
  const priced = (line: PricingItem): PricedItem<I> => {
    const shelf = line.final_price * line.qty;
    const found = line.kind === 'warranty' ? undefined : byLine.get(line);
    const unitOff = found && line.qty > 0 ? Math.floor(found.discount / line.qty) : 0;
    const finalPrice = line.final_price - unitOff;
    const discount = shelf - finalPrice * line.qty;
    if (line.kind === 'warranty') price.warranties += shelf;
    else {
      price.goods += shelf;
      price.count += line.qty;
    }
    price.discount += discount;
    return {
      item: line as I,
      final_price: finalPrice,
      discount,
      action_ids: discount > 0 ? (found?.action_ids ?? []) : [],
      children: (line.children ?? []).map(priced),
    };
  };
  const pricedItems = items.map(priced);
  const sum = price.goods + price.warranties;
  return {
    items: pricedItems,
    ...price,
    delivery: deliveryCost,
    sum,
    total: sum - price.discount + deliveryCost,
  };
}
