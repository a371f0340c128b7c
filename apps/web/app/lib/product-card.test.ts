import { describe, expect, it } from 'vitest';
import type { ProductCard } from '@store/api-client';
import { availability, conditionBadge, readableStickerColor } from './product-card.ts';

const purchase = (way: ProductCard['purchase']['way'], label: string): Pick<ProductCard, 'purchase'> => ({
  purchase: { way, label, buyable: way !== 'unavailable', lead_days: 0, max_qty: 5, supplier_id: null },
});

describe('product card wording', () => {
  it('words the purchase rule’s way: in stock, made to order (transfer, supplier), preorder, none', () => {
    expect(availability(purchase('in-stock', 'В наличии в 1 магазине'))).toEqual({
      kind: 'in-stock',
      text: 'В наличии в 1 магазине',
    });
    expect(availability(purchase('transfer', 'Под заказ')).kind).toBe('order');
    expect(availability(purchase('supplier', 'Под заказ')).kind).toBe('order');
    expect(availability(purchase('preorder', 'Предзаказ')).kind).toBe('preorder');
    expect(availability(purchase('unavailable', 'Нет в наличии')).kind).toBe('none');
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
