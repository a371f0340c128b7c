// «Возврат прихода» (tag 1054 = 2, decision 0052): the refund receipt of a cancelled order mirrors its sale:
// the same lines, VAT of the sale's moment, payment methods and the split between the card and the
// certificates; and what the shopper is told about the refund.
import { describe, expect, it } from 'vitest';
import { RECEIPT_OPERATION_NAMES } from './receipt-document.ts';
import { RECEIPT_OPERATION_TAGS, buildReceipt, buildRefundReceipt } from './receipt.ts';
import { orderRefundFacts, refundText } from './refund.ts';

const customer = { phone: '79161234567', email: 'olga@example.ru' };
const nbsp = (text: string) => text.replace(/ (?=\d{3}\b|₽)/g, '\u00a0');

describe('the refund receipt', () => {
  it('is the sale with tag 1054 = 2: the same items, VAT and total, issued now', () => {
    const sale = buildReceipt({
      lines: [
        { name: 'Холодильник', qty: 1, finalPrice: 50_000_00, vat: 20, kind: 'product' },
        { name: 'Гарантия 2 года', qty: 1, finalPrice: 3_000_01, vat: 20, kind: 'warranty' },
        { name: 'Книга', qty: 3, finalPrice: 333_33, vat: 10, kind: 'product' },
      ],
      deliveryCost: 490_00,
      amount: 54_489_99, // an order-level discount of 1 kopeck, spread over the items
      customer,
      at: new Date('2026-03-01T12:00:00Z'),
    });
    const at = new Date('2026-03-05T09:30:00Z');
    const refund = buildRefundReceipt(sale, at);
    expect(refund.operation).toBe('income_return');
    expect(RECEIPT_OPERATION_TAGS[refund.operation!]).toBe(2);
    expect(RECEIPT_OPERATION_NAMES[refund.operation!]).toBe('Возврат прихода');
    expect(refund.items).toEqual(sale.items);
    expect(refund.total).toBe(sale.total);
    expect(refund.total).toBe(54_489_99);
    expect(refund.payments).toEqual({ electronic: 54_489_99, prepayment: 0 });
    expect(refund.issued_at).toBe('2026-03-05T09:30:00.000Z');
    expect(refund.items.every((i) => i.payment_method === 'full_prepayment')).toBe(true);
    // A copy: changing the refund does not change the stored sale.
    refund.items[0]!.amount = 1;
    expect(sale.items[0]!.amount).not.toBe(1);
  });

  it('keeps the VAT of the sale’s moment: a 2025 sale refunded in 2026 is returned at 20 %', () => {
    const sale = buildReceipt({
      lines: [{ name: 'Ноутбук', qty: 1, finalPrice: 80_000_00, vat: 20, kind: 'product' }],
      deliveryCost: 0,
      amount: 80_000_00,
      customer,
      at: new Date('2025-12-31T20:00:00Z'),
    });
    const refund = buildRefundReceipt(sale, new Date('2026-01-02T10:00:00Z'));
    expect(refund.items[0]).toMatchObject({ vat_code: 'vat20', vat_rate: 20 });
  });

  it('returns the certificates’ part as the advance offset (1215) and the card’s part as 1081', () => {
    const sale = buildReceipt({
      lines: [{ name: 'Смартфон', qty: 1, finalPrice: 30_000_00, vat: 20, kind: 'product' }],
      deliveryCost: 0,
      amount: 26_765_43,
      prepaid: 3_234_57,
      customer,
      at: new Date('2026-11-26T12:00:00Z'),
    });
    const refund = buildRefundReceipt(sale, new Date('2026-11-27T12:00:00Z'));
    expect(refund.payments).toEqual({ electronic: 26_765_43, prepayment: 3_234_57 });
    expect(refund.items[0]).toMatchObject({ amount: 30_000_00, prepayment: 3_234_57, payment_method: 'full_payment' });
  });

  it('reads a sale stored without the split as paid wholly by card', () => {
    const { payments: _dropped, ...old } = buildReceipt({
      lines: [{ name: 'Чайник', qty: 1, finalPrice: 2_000_00, vat: 20, kind: 'product' }],
      deliveryCost: 0,
      amount: 2_000_00,
      customer,
      at: new Date('2025-06-01T12:00:00Z'),
    });
    expect(buildRefundReceipt(old, new Date()).payments).toEqual({ electronic: 2_000_00, prepayment: 0 });
  });

  it('refuses to refund a refund', () => {
    const sale = buildReceipt({
      lines: [{ name: 'Чайник', qty: 1, finalPrice: 2_000_00, vat: 20, kind: 'product' }],
      deliveryCost: 0,
      amount: 2_000_00,
      customer,
      at: new Date(),
    });
    expect(() => buildRefundReceipt(buildRefundReceipt(sale, new Date()), new Date())).toThrow();
  });
});

describe('what the shopper is told about a refund', () => {
  it('adds up the order’s refunds; the least settled state wins', () => {
    expect(orderRefundFacts([])).toBeNull();
    expect(
      orderRefundFacts([
        { amount: 1_000_00, certificate_amount: 0, status: 'succeeded' },
        { amount: 500_00, certificate_amount: 200_00, status: 'pending' },
      ]),
    ).toEqual({ card: 1_500_00, certificates: 200_00, status: 'pending' });
    expect(
      orderRefundFacts([
        { amount: 1, certificate_amount: 0, status: 'pending' },
        { amount: 1, certificate_amount: 0, status: 'failed' },
      ])?.status,
    ).toBe('failed');
  });

  it('promises the card only what the acquirer took, and names the certificates’ part', () => {
    expect(refundText({ card: 12_345_67, certificates: 0, status: 'succeeded' })).toBe(
      nbsp('Возврат 12 345,67 ₽ оформлен: деньги вернутся на карту в течение 10 дней.'),
    );
    expect(refundText({ card: 1_000_00, certificates: 5_000_00, status: 'succeeded' })).toBe(
      nbsp('Возврат 1 000 ₽ оформлен: деньги вернутся на карту в течение 10 дней.') +
        ' ' +
        nbsp('5 000 ₽ вернулись на баланс подарочного сертификата.'),
    );
    expect(refundText({ card: 0, certificates: 5_000_00, status: 'succeeded' })).toBe(
      nbsp('5 000 ₽ вернулись на баланс подарочного сертификата.'),
    );
    expect(refundText({ card: 1_000_00, certificates: 0, status: 'pending' })).not.toMatch(/в течение/);
    expect(refundText({ card: 1_000_00, certificates: 0, status: 'failed' })).toMatch(/оператор/);
  });
});
