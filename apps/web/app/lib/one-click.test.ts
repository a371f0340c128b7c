import { describe, expect, it } from 'vitest';
import type { OrderVariation } from '@store/api-client';
import {
  checkValues,
  paymentFor,
  productParam,
  storeTakes,
  type OneClickValues,
  type OneClickWay,
} from './one-click.server.ts';

const RUB = 100;

describe('one-click checkout rules (decision 0008)', () => {
  it('reads ?product= as a positive id only', () => {
    expect(productParam(new URL('http://x/cart/one-click?product=42'))).toBe(42);
    expect(productParam(new URL('http://x/cart/one-click'))).toBeNull();
    for (const bad of ['0', '-1', 'abc', '1e3', '12345678901']) {
      expect(productParam(new URL(`http://x/cart/one-click?product=${bad}`))).toBeNull();
    }
  });

  it('pays on receipt in cash (at the counter or to the courier) and online by card, SBP when only it is taken', () => {
    expect(paymentFor([1, 12, 17, 64], 'receipt', 10_000 * RUB)).toBe(1);
    expect(paymentFor([2, 3, 17, 64], 'receipt', 10_000 * RUB)).toBe(3);
    expect(paymentFor([1, 12, 17, 64], 'online', 10_000 * RUB)).toBe(17);
    expect(paymentFor([64], 'online', 10_000 * RUB)).toBe(64);
    expect(paymentFor([17, 64], 'receipt', 10_000 * RUB)).toBeNull();
  });

  it('hands a seller’s pickup (52) over at multicenters and pickup points, other ways at their own type', () => {
    expect([1, 10, 13, 14, 9, 12].filter((type) => storeTakes(52, type))).toEqual([1, 10, 13, 14]);
    expect([1, 10, 13, 14, 9, 12].filter((type) => storeTakes(13, type))).toEqual([13]);
    expect(storeTakes(1, 1)).toBe(true);
  });

  it('keeps to the §5 thresholds: no cash on receipt over 300 000 ₽', () => {
    expect(paymentFor([1, 17], 'receipt', 300_001 * RUB)).toBeNull();
    expect(paymentFor([1, 17], 'online', 300_001 * RUB)).toBe(17);
  });

  const pickup: OneClickWay = {
    variation: { delivery_type_id: 1, group: 'multicenter' } as unknown as OrderVariation,
    stores: [{ id: 7 } as OneClickWay['stores'][number]],
    pay: { receipt: 1, online: 17 },
  };
  const courier: OneClickWay = {
    variation: { delivery_type_id: 2, group: 'courier' } as unknown as OrderVariation,
    stores: [],
    pay: { receipt: 3, online: null },
  };
  const values = (v: Partial<OneClickValues>): OneClickValues => ({
    contact_name: 'Анна',
    mobile_phone: '+7 (916) 555-01-23',
    delivery_type: 1,
    store_id: 7,
    address: '',
    pay: 'receipt',
    ...v,
  });

  it('checks the short form with the §5 messages and the chosen way’s needs', () => {
    expect(checkValues(values({}), [pickup, courier])).toEqual({});
    expect(checkValues(values({ contact_name: '', mobile_phone: '+7 (816) 555-01-23' }), [pickup])).toEqual({
      contact_name: 'Это поле необходимо заполнить.',
      mobile_phone: 'Код номера мобильного телефона должен начинаться с «9»',
    });
    expect(checkValues(values({ store_id: 8 }), [pickup])).toEqual({ store_id: 'Выберите пункт получения' });
    expect(checkValues(values({ delivery_type: 2 }), [pickup, courier])).toEqual({
      address: 'Это поле необходимо заполнить.',
    });
    expect(checkValues(values({ delivery_type: 2, address: 'ул. Тверская, 7', pay: 'online' }), [courier])).toEqual({
      pay: 'Этот способ оплаты недоступен для выбранного способа получения',
    });
    expect(checkValues(values({ delivery_type: 27 }), [pickup])).toEqual({
      delivery_type: 'Выберите способ получения',
    });
  });
});
