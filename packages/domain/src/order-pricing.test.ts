import { describe, expect, it } from 'vitest';
import { priceOrder, type PricingItem } from './order-pricing.ts';

const fridge: PricingItem = {
  product_id: 1,
  kind: 'product',
  qty: 1,
  final_price: 206_890_00,
  children: [{ product_id: 1, kind: 'warranty', qty: 1, final_price: 12_300_00 }],
};
const phone: PricingItem = {
  product_id: 2,
  kind: 'product',
  qty: 2,
  final_price: 30_000_00,
  children: [{ product_id: 3, kind: 'accessory', qty: 3, final_price: 1_999_99 }],
};

/** Σ unit price × qty of every line after promotions, plus delivery: what the acquirer and the receipt get. */
const linesTotal = (price: ReturnType<typeof priceOrder>) =>
  price.items.reduce(
    (sum, i) => sum + i.final_price * i.item.qty + i.children.reduce((s, c) => s + c.final_price * c.item.qty, 0),
    0,
  ) + price.delivery;

describe('priceOrder', () => {
  it('takes an absolute promocode discount off the product line, never off the warranty', () => {
    const price = priceOrder(
      [fridge],
      [{ id: 7, action_type: 'absolute_discount', discount: 2_000_00, target_product_ids: [1] }],
      0,
    );
    expect(price.items[0]!.final_price).toBe(204_890_00);
    expect(price.items[0]!.action_ids).toEqual([7]);
    expect(price.items[0]!.children[0]!.final_price).toBe(12_300_00);
    expect(price).toMatchObject({ goods: 206_890_00, warranties: 12_300_00, discount: 2_000_00, count: 1 });
    expect(price.sum).toBe(219_190_00);
    expect(price.total).toBe(217_190_00);
    expect(linesTotal(price)).toBe(price.total);
  });

  it('gives a percent discount per unit rounded to the kopeck, to accessories of an accessory promotion', () => {
    const price = priceOrder(
      [phone],
      [{ id: 5, action_type: 'percent_discount', discount: 10, target_product_ids: [3] }],
      499_00,
    );
    const accessory = price.items[0]!.children[0]!;
    expect(accessory.final_price).toBe(1_799_99);
    expect(accessory.discount).toBe(3 * 200_00);
    expect(price.items[0]!.final_price).toBe(30_000_00);
    expect(price.discount).toBe(600_00);
    expect(price.total).toBe(60_000_00 + 5_999_97 - 600_00 + 499_00);
    expect(linesTotal(price)).toBe(price.total);
  });

  it('prices a special price and stacked promotions, never below zero', () => {
    const special = priceOrder(
      [phone],
      [{ id: 9, action_type: 'special_price', discount: 5_000_00, target_product_ids: [2] }],
      0,
    );
    expect(special.items[0]!.final_price).toBe(25_000_00);
    expect(special.discount).toBe(10_000_00);
    const stacked = priceOrder(
      [phone],
      [
        { id: 9, action_type: 'absolute_discount', discount: 20_000_00, target_product_ids: [2] },
        { id: 10, action_type: 'percent_discount', discount: 50, target_product_ids: [2] },
      ],
      0,
    );
    expect(stacked.items[0]!.final_price).toBe(0);
    expect(stacked.items[0]!.discount).toBe(60_000_00);
    expect(linesTotal(stacked)).toBe(stacked.total);
  });

  it('changes nothing for a present or info promotion, or a promotion of other products', () => {
    const price = priceOrder(
      [fridge, phone],
      [
        { id: 6, action_type: 'present', discount: 0, target_product_ids: [1] },
        { id: 1, action_type: 'info', discount: 0, target_product_ids: [2] },
        { id: 7, action_type: 'absolute_discount', discount: 2_000_00, target_product_ids: [99] },
      ],
      0,
    );
    expect(price.discount).toBe(0);
    expect(price.items.every((i) => i.action_ids.length === 0)).toBe(true);
    expect(price.total).toBe(price.sum);
  });
});
