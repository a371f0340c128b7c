import { describe, expect, it } from 'vitest';
import type { BasketItem, Payment } from '@store/api-client';
import { orderTotals, paymentStates, stepFromUrl, stepHref, stepOfField, validateContacts } from './checkout.ts';

describe('checkout addresses', () => {
  it('put the step and the 1-based order in the query, the basket step bare', () => {
    expect(stepHref('basket', 0)).toBe('/cart');
    expect(stepHref('delivery', 1)).toBe('/cart?step=delivery&order=2');
    expect(stepFromUrl(new URL('http://x/cart?step=payments&order=2'))).toEqual({ step: 'payments', order: 1 });
    expect(stepFromUrl(new URL('http://x/cart?step=pay&order=x'))).toEqual({ step: 'basket', order: null });
  });
  it('send a create-order field error to the step that owns it', () => {
    expect(stepOfField('contacts.mobile_phone')).toBe('contacts');
    expect(stepOfField('delivery.store_id')).toBe('delivery');
    expect(stepOfField('payment_type')).toBe('payments');
    expect(stepOfField('bonuses')).toBe('payments');
    expect(stepOfField('line_ids')).toBe('basket');
  });
});

describe('validateContacts', () => {
  it('gives the §5 messages per field', () => {
    expect(
      validateContacts({
        contact_name: '',
        contact_surname: 'П3тров',
        mobile_phone: '+7 (816) 123-45-67',
        email: 'a@b',
      }),
    ).toEqual({
      contact_name: 'Это поле необходимо заполнить.',
      contact_surname: 'Это поле должно содержать только буквы',
      mobile_phone: 'Код номера мобильного телефона должен начинаться с «9»',
      email: 'Пожалуйста, введите корректный email.',
    });
    expect(
      validateContacts({ contact_name: 'Иван', contact_surname: '', mobile_phone: '+7 (916) 123-45-67', email: '' }),
    ).toEqual({});
  });
});

const item = (over: Partial<BasketItem>): BasketItem =>
  ({ id: 1, product_id: 1, kind: 'product', qty: 1, price: 0, final_price: 0, children: [], ...over }) as BasketItem;

describe('orderTotals', () => {
  it('adds goods, accessories, warranties and delivery, minus promotion discounts', () => {
    const fridge = item({
      qty: 2,
      final_price: 30_000_00,
      children: [
        item({ id: 2, kind: 'warranty', qty: 2, final_price: 2_000_00 }),
        item({ id: 3, kind: 'accessory', qty: 1, final_price: 500_00 }),
      ],
    });
    expect(orderTotals([fridge], { sum: 60_500_00, discount: 4_000_00 }, 399_00)).toEqual({
      count: 3,
      goods: 60_500_00,
      warranties: 4_000_00,
      discount: 4_000_00,
      tradeIn: 0,
      bonuses: 0,
      delivery: 399_00,
      total: 60_500_00 - 4_000_00 + 4_000_00 + 399_00,
    });
  });

  it('shows the trade-in on its own line, out of the promotions’ discount, and the same total', () => {
    const phone = item({ final_price: 90_000_00 });
    const calc = { sum: 90_000_00, discount: 27_000_00, trade_in: { discount: 25_000_00 } as never };
    expect(orderTotals([phone], calc, 0)).toMatchObject({
      discount: 2_000_00,
      tradeIn: 25_000_00,
      total: 90_000_00 - 27_000_00,
    });
  });

  it('takes the bonuses the summary priced off the total, on their own line', () => {
    const tv = item({ final_price: 50_000_00 });
    const bonuses = { available: 2_000, max: 15_000, spendable: 2_000, amount: 1_201, applied: 1_200 };
    expect(orderTotals([tv], { sum: 50_000_00, discount: 1_000_00, bonuses }, 290_00)).toMatchObject({
      discount: 1_000_00,
      bonuses: 1_200_00,
      total: 50_000_00 - 1_000_00 - 1_200_00 + 290_00,
    });
  });
});

describe('paymentStates', () => {
  const pay = (id: number) => ({ id, name: `P${id}` }) as Payment;
  it('explains why a payment is off: the delivery first, then the promotions', () => {
    const states = paymentStates([pay(1), pay(17), pay(13)], [17, 13], [17]);
    expect(states.map((s) => [s.payment.id, s.disabledReason])).toEqual([
      [1, 'Недоступно для выбранного способа получения'],
      [17, null],
      [13, 'Недоступно с выбранной акцией'],
    ]);
  });
});
