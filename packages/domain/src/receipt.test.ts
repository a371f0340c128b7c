import { describe, expect, it } from 'vitest';
import { buildReceipt, receiptVatCode } from './receipt.ts';

const customer = { phone: '79161234567', email: 'a@b.ru' };
/** A sale of 2025: the standard rate is 20 %. */
const at = new Date('2025-06-01T12:00:00Z');

describe('54-FZ receipt', () => {
  it('maps VAT rates to receipt codes', () => {
    expect(receiptVatCode(20)).toBe('vat20');
    expect(receiptVatCode(10)).toBe('vat10');
    expect(receiptVatCode(0)).toBe('vat0');
    expect(receiptVatCode(7)).toBe('none');
  });

  it('lists each line with its VAT code, full prepayment, warranties as a service, and the customer', () => {
    const receipt = buildReceipt({
      lines: [
        { name: 'Холодильник', qty: 1, finalPrice: 50_000_00, vat: 20, kind: 'product' },
        { name: 'Чайник', qty: 2, finalPrice: 2_000_00, vat: 10, kind: 'product' },
        { name: 'Гарантия 2 года', qty: 1, finalPrice: 3_000_00, vat: 0, kind: 'warranty' },
      ],
      deliveryCost: 0,
      amount: 57_000_00,
      customer,
      at,
    });
    expect(receipt.items).toEqual([
      {
        name: 'Холодильник',
        qty: 1,
        price: 50_000_00,
        amount: 50_000_00,
        vat_code: 'vat20',
        vat_rate: 20,
        payment_method: 'full_prepayment',
        payment_object: 'commodity',
      },
      {
        name: 'Чайник',
        qty: 2,
        price: 2_000_00,
        amount: 4_000_00,
        vat_code: 'vat10',
        vat_rate: 10,
        payment_method: 'full_prepayment',
        payment_object: 'commodity',
      },
      {
        name: 'Гарантия 2 года',
        qty: 1,
        price: 3_000_00,
        amount: 3_000_00,
        vat_code: 'vat0',
        vat_rate: 0,
        payment_method: 'full_prepayment',
        payment_object: 'service',
      },
    ]);
    expect(receipt.customer).toEqual(customer);
    expect(receipt.taxation_system).toBe('osn');
    expect(receipt.total).toBe(57_000_00);
    expect(receipt.issued_at).toBe('2025-06-01T12:00:00.000Z');
  });

  it('takes the rate of the moment of the sale: 22 % from 1 January 2026, the reduced rates kept', () => {
    const lines = [
      { name: 'Холодильник', qty: 1, finalPrice: 50_000_00, vat: 20, kind: 'product' },
      { name: 'Детское питание', qty: 1, finalPrice: 500_00, vat: 10, kind: 'product' },
    ];
    const sale = (iso: string) =>
      buildReceipt({ lines, deliveryCost: 300_00, amount: 50_800_00, customer, at: new Date(iso) });
    const newYear = sale('2025-12-31T21:00:00Z');
    expect(newYear.items.map((i) => [i.vat_code, i.vat_rate])).toEqual([
      ['vat22', 22],
      ['vat10', 10],
      ['vat22', 22],
    ]);
    expect(newYear.issued_at).toBe('2025-12-31T21:00:00.000Z');
    const lastDay = sale('2025-12-31T20:59:59Z');
    expect(lastDay.items.map((i) => i.vat_code)).toEqual(['vat20', 'vat10', 'vat20']);
  });

  it('adds delivery as a service line', () => {
    const receipt = buildReceipt({
      lines: [{ name: 'Телевизор', qty: 1, finalPrice: 30_000_00, vat: 20, kind: 'product' }],
      deliveryCost: 499_00,
      amount: 30_499_00,
      customer,
      at,
    });
    expect(receipt.items.at(-1)).toMatchObject({ name: 'Доставка', amount: 499_00, payment_object: 'service' });
    expect(receipt.total).toBe(30_499_00);
  });

  it('spreads an order-level difference over the items so the total equals the payment', () => {
    const receipt = buildReceipt({
      lines: [
        { name: 'A', qty: 3, finalPrice: 333_33, vat: 20, kind: 'product' },
        { name: 'B', qty: 1, finalPrice: 1_000_00, vat: 10, kind: 'product' },
      ],
      deliveryCost: 0,
      amount: 1_800_00,
      customer: { phone: '79161234567', email: null },
      at,
    });
    expect(receipt.total).toBe(1_800_00);
    expect(receipt.items.reduce((s, i) => s + i.amount, 0)).toBe(1_800_00);
    expect(receipt.items[0]!.amount).toBeLessThan(999_99);
  });
});
