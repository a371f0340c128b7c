import type { Basket } from '@store/api-client';
import { describe, expect, it } from 'vitest';
import { basketProductIds, basketWarrantyKeys } from './basket.ts';

const line = (over: Partial<Basket['items'][number]>) =>
  ({
    id: 1,
    product_id: 10,
    kind: 'product',
    parent_id: null,
    warranty_id: null,
    children: [],
    ...over,
  }) as Basket['items'][number];

describe('the in-basket state of basket buttons', () => {
  it('knows a product alone is in the basket but none of its warranties', () => {
    const basket = { items: [line({})] } as unknown as Basket;
    expect(basketProductIds(basket)).toEqual(new Set([10]));
    expect(basketWarrantyKeys(basket)).toEqual(new Set());
  });

  it('knows exactly the warranty that is in the basket', () => {
    const basket = {
      items: [line({ children: [line({ id: 2, kind: 'warranty', parent_id: 1, warranty_id: 2 })] })],
    } as unknown as Basket;
    expect(basketWarrantyKeys(basket)).toEqual(new Set(['10:2']));
  });
});
