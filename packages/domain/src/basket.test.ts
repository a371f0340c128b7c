import { describe, expect, it } from 'vitest';
import { basketTotals, capQuantity, warrantiesReplacedBy, warrantyOffers } from './basket.ts';

// How many units a line may hold and which products the basket keeps: purchasability.test.ts.
describe('basket line cap', () => {
  it('caps the asked quantity with a message, and never goes below 1', () => {
    expect(capQuantity(3, 4)).toEqual({ qty: 3, message: null });
    expect(capQuantity(9, 4)).toEqual({ qty: 4, message: 'Можно купить не больше 4 шт.' });
    expect(capQuantity(0, 4)).toEqual({ qty: 1, message: null });
    expect(capQuantity(-5, 4).qty).toBe(1);
    expect(capQuantity(2.7, 4).qty).toBe(2);
    expect(capQuantity(1, 0)).toEqual({ qty: 0, message: 'Товара нет в наличии' });
  });
});

describe('warranties', () => {
  it('offers three plans priced as a share of the product, rounded up to 100 ₽, only for is_warranty goods', () => {
    const offers = warrantyOffers(5_000_000, true);
    expect(offers.map((o) => o.price)).toEqual([350_000, 600_000, 800_000]);
    expect(offers[0]!.name).toBe('Дополнительная гарантия на 1 год');
    expect(warrantyOffers(5_000_000, false)).toEqual([]);
    expect(warrantyOffers(1_234_567, true)[0]!.price).toBe(90_000);
  });
  it('one warranty per product line: a new one replaces every warranty line, not accessories', () => {
    expect(
      warrantiesReplacedBy([
        { id: 5, kind: 'warranty', warrantyId: 1 },
        { id: 6, kind: 'accessory', warrantyId: null },
      ]),
    ).toEqual([5]);
    expect(warrantiesReplacedBy([])).toEqual([]);
  });
});

describe('basket totals', () => {
  it('adds final prices times quantity, the discount against the old prices, and counts items but not warranties', () => {
    const totals = basketTotals([
      {
        kind: 'product',
        qty: 2,
        price: 100_000,
        finalPrice: 80_000,
        children: [{ kind: 'warranty', qty: 2, price: 10_000, finalPrice: 10_000 }],
      },
      { kind: 'product', qty: 1, price: 50_000, finalPrice: 50_000 },
    ]);
    expect(totals).toEqual({ sum: 2 * 80_000 + 2 * 10_000 + 50_000, discount: 40_000, count: 3 });
    expect(basketTotals([])).toEqual({ sum: 0, discount: 0, count: 0 });
  });
});
