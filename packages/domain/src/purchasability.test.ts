import { describe, expect, it } from 'vitest';
import {
  PREORDER_LEAD_DAYS,
  orderReceiving,
  SUPPLIER_LEAD_DAYS,
  purchaseLabel,
  purchasability,
  transferDays,
  type PurchaseFacts,
} from './purchasability.ts';

const facts = (over: Partial<PurchaseFacts> = {}): PurchaseFacts => ({
  status: 1,
  available: true,
  preorder: false,
  maxQuantity: 10,
  cityQuantity: 0,
  cityStores: 0,
  elsewhere: [],
  marketplace: [],
  carried: true,
  ...over,
});

describe('purchasability: how a product can be bought in a city', () => {
  it('in stock in the city: now, from the city stock', () => {
    const p = purchasability(facts({ cityQuantity: 3, cityStores: 2 }), { qty: 2 });
    expect(p).toMatchObject({ way: 'in-stock', buyable: true, leadDays: 0, takesStock: true, maxQty: 3 });
    expect(purchaseLabel(p, 2)).toBe('В наличии в 2 магазинах');
  });

  it('none in the city but in another city: a transfer («Под заказ») whose days grow with distance', () => {
    const near = purchasability(facts({ elsewhere: [{ cityId: 2, distanceKm: 100, quantity: 5 }] }));
    const far = purchasability(facts({ elsewhere: [{ cityId: 3, distanceKm: 3000, quantity: 5 }] }));
    expect(near).toMatchObject({ way: 'transfer', buyable: true, takesStock: true, fromCityId: 2 });
    expect(far.leadDays).toBeGreaterThan(near.leadDays);
    expect(near.leadDays).toBe(transferDays(100));
    expect(purchaseLabel(near, 0)).toBe('Под заказ');
  });

  it('a transfer takes the nearest cities first and waits for the farthest one needed', () => {
    const elsewhere = [
      { cityId: 9, distanceKm: 2000, quantity: 5 },
      { cityId: 4, distanceKm: 300, quantity: 1 },
    ];
    expect(purchasability(facts({ elsewhere }), { qty: 1 })).toMatchObject({
      fromCityId: 4,
      leadDays: transferDays(300),
    });
    expect(purchasability(facts({ elsewhere }), { qty: 3 })).toMatchObject({
      fromCityId: 9,
      leadDays: transferDays(2000),
    });
  });

  it('more than the city holds: the rest comes by transfer', () => {
    const p = purchasability(facts({ cityQuantity: 1, elsewhere: [{ cityId: 2, distanceKm: 700, quantity: 4 }] }), {
      qty: 3,
    });
    expect(p).toMatchObject({ way: 'transfer', buyable: true, maxQty: 5 });
  });

  it('more than exists anywhere is a shortage, never a lower quantity', () => {
    const p = purchasability(facts({ cityQuantity: 1, elsewhere: [{ cityId: 2, distanceKm: 700, quantity: 1 }] }), {
      qty: 3,
    });
    expect(p).toMatchObject({ way: 'in-stock', buyable: false, maxQty: 2 });
  });

  it('no store carries it: ordered from the store’s supplier; sold out everywhere is unavailable', () => {
    expect(purchasability(facts()).way).toBe('unavailable');
    expect(purchasability(facts({ carried: false }))).toMatchObject({
      way: 'supplier',
      buyable: true,
      leadDays: SUPPLIER_LEAD_DAYS,
      takesStock: false,
    });
  });

  it('a preorder waits for the goods and takes no stock', () => {
    expect(purchasability(facts({ preorder: true, cityQuantity: 4 }))).toMatchObject({
      way: 'preorder',
      buyable: true,
      leadDays: PREORDER_LEAD_DAYS,
      takesStock: false,
    });
  });

  it('the store does not sell it but a marketplace seller does', () => {
    const marketplace = [
      { supplierId: 3, qty: 2, price: 900 },
      { supplierId: 5, qty: 7, price: 800 },
      { supplierId: 7, qty: 0, price: 500 },
    ];
    expect(purchasability(facts({ available: false, marketplace }))).toMatchObject({
      way: 'marketplace',
      supplierId: 5,
      maxQty: 7,
    });
    expect(purchasability(facts({ marketplace, cityQuantity: 5 }), { supplierId: 3, qty: 3 })).toMatchObject({
      way: 'marketplace',
      supplierId: 3,
      buyable: false,
    });
  });

  it('unavailable: not sold and no seller, hidden, or a seller with nothing left', () => {
    expect(purchasability(facts({ available: false }))).toMatchObject({
      way: 'unavailable',
      buyable: false,
      maxQty: 0,
    });
    expect(purchasability(facts({ status: 0, cityQuantity: 5 })).way).toBe('unavailable');
    expect(purchasability(facts({ available: false, marketplace: [{ supplierId: 3, qty: 0, price: 1 }] })).way).toBe(
      'unavailable',
    );
    expect(purchaseLabel(purchasability(facts({ available: false })), 0)).toBe('Нет в наличии');
  });

  it('none in the city: a seller with units comes before a transfer; the city’s stock before a seller', () => {
    const marketplace = [{ supplierId: 4, qty: 3, price: 100 }];
    const elsewhere = [{ cityId: 2, distanceKm: 500, quantity: 9 }];
    expect(purchasability(facts({ marketplace, elsewhere })).way).toBe('marketplace');
    expect(purchasability(facts({ marketplace, elsewhere, cityQuantity: 1 })).way).toBe('in-stock');
    // A line already bought from the store keeps to the store's ways.
    expect(purchasability(facts({ marketplace, elsewhere }), { supplierId: null }).way).toBe('transfer');
    expect(purchasability(facts({ available: false, marketplace }), { supplierId: null }).way).toBe('unavailable');
  });

  it('max_quantity caps every way', () => {
    expect(purchasability(facts({ cityQuantity: 50, maxQuantity: 4 }), { qty: 5 })).toMatchObject({
      buyable: false,
      maxQty: 4,
    });
  });
});

describe('orderReceiving: the delivery facts of an order’s lines', () => {
  it('waits for the slowest line and offers a reserve only when every line is in the city', () => {
    const inCity = purchasability(facts({ cityQuantity: 5 }));
    const transfer = purchasability(facts({ elsewhere: [{ cityId: 2, distanceKm: 800, quantity: 5 }] }));
    expect(orderReceiving([inCity])).toEqual({ inStockInCity: true, preorder: false, leadDays: 0 });
    expect(orderReceiving([inCity, transfer])).toEqual({
      inStockInCity: false,
      preorder: false,
      leadDays: transferDays(800),
    });
    expect(orderReceiving([purchasability(facts({ preorder: true }))])).toMatchObject({
      preorder: true,
      leadDays: PREORDER_LEAD_DAYS,
    });
  });
});
