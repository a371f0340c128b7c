import { describe, expect, it } from 'vitest';
import { applyPromotions, promocodeMatches, promotionLineDiscount } from './checkout-promotions.ts';

const fridge = { product_id: 1, qty: 2, price: 50_000_00 };
const cable = { product_id: 2, qty: 1, price: 999_00 };

describe('promotionLineDiscount', () => {
  it('takes a percent of each unit, rounded to the kopeck', () => {
    expect(promotionLineDiscount({ action_type: 'percent_discount', discount: 10 }, cable)).toBe(99_90);
    expect(promotionLineDiscount({ action_type: 'percent_discount', discount: 15 }, { ...cable, price: 333 })).toBe(50);
  });
  it('takes kopecks off each unit for absolute discounts and special prices, never below zero', () => {
    expect(promotionLineDiscount({ action_type: 'absolute_discount', discount: 2_000_00 }, fridge)).toBe(4_000_00);
    expect(promotionLineDiscount({ action_type: 'special_price', discount: 5_000_00 }, cable)).toBe(999_00);
  });
  it('gives nothing for info and present actions', () => {
    expect(promotionLineDiscount({ action_type: 'info', discount: 10 }, cable)).toBe(0);
    expect(promotionLineDiscount({ action_type: 'present', discount: 10 }, cable)).toBe(0);
  });
});

describe('applyPromotions', () => {
  it('discounts only the target lines and adds up the totals', () => {
    const result = applyPromotions(
      [fridge, cable],
      [{ id: 106, action_type: 'absolute_discount', discount: 2_000_00, target_product_ids: [1] }],
    );
    expect(result.lines[0]).toMatchObject({ discount: 4_000_00, final_price: 48_000_00, action_ids: [106] });
    expect(result.lines[1]).toMatchObject({ discount: 0, final_price: 999_00, action_ids: [] });
    expect(result).toMatchObject({ sum: 100_999_00, discount: 4_000_00, total: 96_999_00 });
  });
  it('adds several actions on one line but never below zero', () => {
    const result = applyPromotions(
      [cable],
      [
        { id: 1, action_type: 'percent_discount', discount: 60, target_product_ids: [2] },
        { id: 2, action_type: 'percent_discount', discount: 60, target_product_ids: [2] },
      ],
    );
    expect(result.lines[0]).toMatchObject({ discount: 999_00, final_price: 0, action_ids: [1, 2] });
  });
});

describe('promocodeMatches', () => {
  it('ignores case and spaces around', () => {
    expect(promocodeMatches('ХОЛОД2000', ' холод2000 ')).toBe(true);
    expect(promocodeMatches('ХОЛОД2000', 'ХОЛОД')).toBe(false);
    expect(promocodeMatches(null, 'ХОЛОД2000')).toBe(false);
    expect(promocodeMatches('ХОЛОД2000', '')).toBe(false);
  });
});
