// Gift certificates on 54-FZ receipts (decision 0048): the sale of a certificate is an advance of a
// payment at the calculated rate; an order paid with certificates is settled in full with their part
// offset as the advance (tag 1215), spread over the goods' lines to the kopeck.
import { describe, expect, it } from 'vitest';
import { buildReceipt, receiptCalculatedVatCode } from './receipt.ts';
import * as printed from './receipt-document.ts';

const customer = { phone: '79161234567', email: 'olga@example.ru' };
const certificateLine = {
  name: 'Подарочный сертификат на 5 000 ₽',
  qty: 1,
  finalPrice: 5_000_00,
  vat: 20,
  kind: 'product',
};

describe('the sale of a gift certificate', () => {
  it('is an advance of a payment at 22/122 from 1 January 2026', () => {
    const receipt = buildReceipt({
      lines: [certificateLine],
      deliveryCost: 0,
      amount: 5_000_00,
      sale: 'advance',
      customer,
      at: new Date('2026-11-26T12:00:00Z'),
    });
    expect(receipt.items).toEqual([
      {
        name: 'Подарочный сертификат на 5 000 ₽',
        qty: 1,
        price: 5_000_00,
        amount: 5_000_00,
        vat_code: 'vat122',
        vat_rate: 22,
        payment_method: 'advance',
        payment_object: 'payment',
      },
    ]);
    expect(receipt.total).toBe(5_000_00);
    expect(receipt.payments).toEqual({ electronic: 5_000_00, prepayment: 0 });
    // 5 000 ₽ × 22/122 = 901,639… ₽
    expect(printed.receiptVatTotals(receipt.items)).toEqual([
      { vat_code: 'vat122', name: 'НДС 22/122', amount: 901_64 },
    ]);
    expect(printed.RECEIPT_PAYMENT_METHOD_NAMES.advance).toBe('Аванс');
    expect(printed.RECEIPT_PAYMENT_OBJECT_NAMES.payment).toBe('Платёж');
  });

  it('was taxed at 20/120 in 2025, even for a line of a reduced-rate class', () => {
    const receipt = buildReceipt({
      lines: [{ ...certificateLine, vat: 10 }],
      deliveryCost: 0,
      amount: 5_000_00,
      sale: 'advance',
      customer,
      at: new Date('2025-12-31T20:59:59Z'),
    });
    expect(receipt.items[0]).toMatchObject({ vat_code: 'vat120', vat_rate: 20, payment_method: 'advance' });
    expect(printed.receiptVatAmount(5_000_00, 'vat120')).toBe(833_33);
    expect(printed.receiptVatName('vat120')).toBe('НДС 20/120');
    expect(receiptCalculatedVatCode(22)).toBe('vat122');
    expect(receiptCalculatedVatCode(10)).toBe('none');
  });
});

describe('an order paid with gift certificates', () => {
  const at = new Date('2026-11-26T12:00:00Z');
  const lines = [
    { name: 'Смартфон', qty: 1, finalPrice: 49_990_00, vat: 20, kind: 'product' },
    { name: 'Гарантия 2 года', qty: 1, finalPrice: 4_990_00, vat: 20, kind: 'warranty' },
    { name: 'Кабель', qty: 3, finalPrice: 333_33, vat: 10, kind: 'product' },
  ];
  const total = 49_990_00 + 4_990_00 + 999_99 + 290_00;

  it('is settled in full: the items at their whole amounts, the certificates as the advance offset', () => {
    const receipt = buildReceipt({
      lines,
      deliveryCost: 290_00,
      amount: total - 7_000_00,
      prepaid: 7_000_00,
      customer,
      at,
    });
    expect(receipt.total).toBe(total);
    expect(receipt.payments).toEqual({ electronic: total - 7_000_00, prepayment: 7_000_00 });
    expect(receipt.items.map((i) => [i.name, i.amount, i.payment_method, i.payment_object])).toEqual([
      ['Смартфон', 49_990_00, 'full_payment', 'commodity'],
      ['Гарантия 2 года', 4_990_00, 'full_payment', 'service'],
      ['Кабель', 999_99, 'full_payment', 'commodity'],
      ['Доставка', 290_00, 'full_payment', 'service'],
    ]);
    // The offset spread by amount, rounding the running sum: whole kopecks adding up to the certificates.
    const shares = receipt.items.map((i) => i.prepayment!);
    expect(shares).toEqual([6_218_77, 620_75, 124_40, 36_08]);
    expect(shares.reduce((s, v) => s + v, 0)).toBe(7_000_00);
    expect(printed.RECEIPT_PAYMENT_METHOD_NAMES.full_payment).toBe('Полный расчёт');
    // The goods keep their own rates: the advance's VAT was paid when the certificate was sold.
    expect(receipt.items.map((i) => i.vat_code)).toEqual(['vat22', 'vat22', 'vat10', 'vat22']);
  });

  it('paid wholly by certificates: nothing electronically, every item offset to its amount', () => {
    const receipt = buildReceipt({ lines, deliveryCost: 290_00, amount: 0, prepaid: total, customer, at });
    expect(receipt.payments).toEqual({ electronic: 0, prepayment: total });
    expect(receipt.items.map((i) => i.prepayment)).toEqual(receipt.items.map((i) => i.amount));
  });

  it('a tiny item never gets more of the offset than its amount', () => {
    const receipt = buildReceipt({
      lines: [
        { name: 'A', qty: 1, finalPrice: 99_999_99, vat: 20, kind: 'product' },
        { name: 'B', qty: 1, finalPrice: 1, vat: 20, kind: 'product' },
        { name: 'C', qty: 1, finalPrice: 1, vat: 20, kind: 'product' },
      ],
      deliveryCost: 0,
      amount: 1,
      prepaid: 99_999_99 + 1,
      customer,
      at,
    });
    for (const item of receipt.items) {
      expect(item.prepayment).toBeGreaterThanOrEqual(0);
      expect(item.prepayment).toBeLessThanOrEqual(item.amount);
    }
    expect(receipt.items.reduce((s, i) => s + i.prepayment!, 0)).toBe(99_999_99 + 1);
  });

  it('without certificates stays a full prepayment with no offset', () => {
    const receipt = buildReceipt({ lines, deliveryCost: 290_00, amount: total, customer, at });
    expect(receipt.items.every((i) => i.payment_method === 'full_prepayment' && i.prepayment === undefined)).toBe(true);
    expect(receipt.payments).toEqual({ electronic: total, prepayment: 0 });
  });
});
