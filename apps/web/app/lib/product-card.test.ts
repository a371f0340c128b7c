import { describe, expect, it } from 'vitest';
import { availability, conditionBadge, readableStickerColor } from './product-card.ts';

const offer = {
  price: 100_00,
  price_old: null,
  available: true,
  order_type: 'false',
  preorder: false,
  max_quantity: 5,
};

describe('product card wording', () => {
  it('says where the product is in stock, or that it is made to order or preordered', () => {
    expect(availability({ offer, city_availability: { stores: 1, quantity: 2 } }).text).toBe('В наличии в 1 магазине');
    expect(availability({ offer, city_availability: { stores: 5, quantity: 9 } }).text).toBe('В наличии в 5 магазинах');
    expect(availability({ offer, city_availability: { stores: 0, quantity: 0 } }).text).toBe('Под заказ');
    expect(
      availability({ offer: { ...offer, order_type: 'preorder' }, city_availability: { stores: 3, quantity: 3 } }).kind,
    ).toBe('preorder');
  });

  it('names the condition of used, demo and markdown goods', () => {
    const base = { is_markdown: false, markdown_grade: null, is_used: false, is_demo: false };
    expect(conditionBadge(base)).toBeNull();
    expect(conditionBadge({ ...base, is_markdown: true, markdown_grade: 'best' })).toBe('Уценка: отличное');
    expect(conditionBadge({ ...base, is_used: true })).toBe('Б/у');
  });

  it('darkens sticker colours until white text reads at 4.5:1', () => {
    expect(readableStickerColor('#5856d6')).toBe('#5856d6');
    expect(readableStickerColor('#ff9500')).not.toBe('#ff9500');
    expect(readableStickerColor('red')).toBe('#1747d1');
  });
});
