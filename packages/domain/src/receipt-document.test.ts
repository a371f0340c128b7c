import { describe, expect, it } from 'vitest';
import { buildReceipt } from './receipt.ts';
import { receiptVatAmount, receiptVatName, receiptVatTotals } from './receipt-document.ts';

describe('receiptVatAmount', () => {
  it('takes the VAT out of an amount that includes it', () => {
    expect(receiptVatAmount(120_00, 'vat20')).toBe(20_00);
    expect(receiptVatAmount(110_00, 'vat10')).toBe(10_00);
    expect(receiptVatAmount(99_999_00, 'vat20')).toBe(1_666_650);
    expect(receiptVatAmount(1_00, 'vat20')).toBe(17);
    expect(receiptVatAmount(122_00, 'vat22')).toBe(22_00);
  });

  it('is nothing at 0% and without VAT', () => {
    expect(receiptVatAmount(500_00, 'vat0')).toBe(0);
    expect(receiptVatAmount(500_00, 'none')).toBe(0);
  });
});

describe('receiptVatTotals', () => {
  it('adds up the VAT of each code over a built receipt, delivery included', () => {
    const receipt = buildReceipt({
      lines: [
        { name: 'Холодильник', qty: 1, finalPrice: 60_000_00, vat: 20, kind: 'product' },
        { name: 'Книга', qty: 2, finalPrice: 550_00, vat: 10, kind: 'product' },
        { name: 'Гарантия', qty: 1, finalPrice: 3_000_00, vat: 20, kind: 'warranty' },
      ],
      deliveryCost: 300_00,
      amount: 64_400_00,
      customer: { phone: '79161234567', email: null },
      at: new Date('2025-06-01T12:00:00Z'),
    });
    expect(receiptVatTotals(receipt.items)).toEqual([
      { vat_code: 'vat20', name: 'НДС 20%', amount: 10_000_00 + 500_00 + 50_00 },
      { vat_code: 'vat10', name: 'НДС 10%', amount: 100_00 },
    ]);
  });

  it('names every code as the receipt prints it', () => {
    expect(['vat22', 'vat20', 'vat10', 'vat0', 'none'].map((c) => receiptVatName(c as 'vat20'))).toEqual([
      'НДС 22%',
      'НДС 20%',
      'НДС 10%',
      'НДС 0%',
      'Без НДС',
    ]);
  });
});
