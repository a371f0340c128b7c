// «Возврат прихода» (tag 1054 = 2, decision 0052): the refund receipt of a cancelled order mirrors its sale:
// the same lines, VAT of the sale's moment, payment methods and the split between the card and the
// certificates; and what the shopper is told about the refund.
import { describe, expect, it } from 'vitest';
import { RECEIPT_OPERATION_NAMES } from './receipt-document.ts';
import {
  PARTIAL_REFUND_MESSAGES,
  RECEIPT_OPERATION_TAGS,
  allUnitsLeft,
  buildPartialRefundReceipt,
  buildReceipt,
  buildRefundReceipt,
  type Receipt,
  type ReturnedUnits,
} from './receipt.ts';
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

describe('a partial refund, by position and quantity (decision 0058)', () => {
  // Three books at 333,33 ₽ and a phone with a kopeck-odd split between the card and a certificate.
  const sale = buildReceipt({
    lines: [
      { name: 'Смартфон', qty: 1, finalPrice: 30_000_00, vat: 22, kind: 'product' },
      { name: 'Книга', qty: 3, finalPrice: 333_33, vat: 10, kind: 'product' },
    ],
    deliveryCost: 290_00,
    amount: 26_765_43 + 290_00 + 999_99,
    prepaid: 3_234_57,
    customer,
    at: new Date('2026-11-26T12:00:00Z'),
  });
  const at = new Date('2026-11-28T12:00:00Z');
  const ok = (result: ReturnType<typeof buildPartialRefundReceipt>) => {
    if ('errors' in result) throw new Error(result.errors.join('; '));
    return result;
  };

  it('lists only the returned units with the sale’s price and VAT; the card and certificate parts add up', () => {
    const one = ok(buildPartialRefundReceipt(sale, [], [{ position: 1, qty: 1 }], at));
    expect(one.lines).toEqual([{ position: 1, qty: 1 }]);
    expect(one.receipt.operation).toBe('income_return');
    expect(one.receipt.items).toHaveLength(1);
    const book = sale.items[1]!;
    expect(one.receipt.items[0]).toMatchObject({
      name: 'Книга',
      qty: 1,
      price: book.price,
      vat_code: book.vat_code,
      vat_rate: book.vat_rate,
      payment_method: book.payment_method,
    });
    const total = one.receipt.items.reduce((s, i) => s + i.amount, 0);
    expect(total).toBe(one.receipt.total);
    expect(one.receipt.payments!.electronic + one.receipt.payments!.prepayment).toBe(total);
    expect(one.receipt.items[0]!.prepayment).toBe(one.receipt.payments!.prepayment);
  });

  it('several refunds of a position never exceed it and add up to the sale to the kopeck', () => {
    const earlier: ReturnedUnits[] = [];
    const refunds: Receipt[] = [];
    for (const asked of [
      [{ position: 1, qty: 1 }],
      [
        { position: 1, qty: 1 },
        { position: 0, qty: 1 },
      ],
    ]) {
      const r = ok(buildPartialRefundReceipt(sale, earlier, asked, at));
      refunds.push(r.receipt);
      earlier.push(...r.lines);
    }
    // A fourth book is not there to give back.
    const tooMany = buildPartialRefundReceipt(sale, earlier, [{ position: 1, qty: 2 }], at);
    expect(tooMany).toEqual({ errors: [PARTIAL_REFUND_MESSAGES.tooMany('Книга', 1)] });
    // The rest (the last book and the delivery) is what a cancellation gives back.
    const rest = allUnitsLeft(sale, earlier);
    expect(rest).toEqual([
      { position: 1, qty: 1 },
      { position: 2, qty: 1 },
    ]);
    const last = ok(buildPartialRefundReceipt(sale, earlier, rest, at));
    refunds.push(last.receipt);
    earlier.push(...last.lines);
    expect(allUnitsLeft(sale, earlier)).toEqual([]);
    expect(buildPartialRefundReceipt(sale, earlier, [{ position: 0, qty: 1 }], at)).toEqual({
      errors: [PARTIAL_REFUND_MESSAGES.tooMany('Смартфон', 0)],
    });
    const sum = (pick: (r: Receipt) => number) => refunds.reduce((s, r) => s + pick(r), 0);
    expect(sum((r) => r.total)).toBe(sale.total);
    expect(sum((r) => r.payments!.electronic)).toBe(sale.payments!.electronic);
    expect(sum((r) => r.payments!.prepayment)).toBe(sale.payments!.prepayment);
    sale.items.forEach((item, position) => {
      // The names are distinct in this sale: a position's returns are the items of its name.
      const back = refunds.flatMap((r) => r.items.filter((i) => i.name === item.name));
      expect(
        back.reduce((s, b) => s + b.amount, 0),
        `position ${position}`,
      ).toBe(item.amount);
      expect(back.reduce((s, b) => s + (b.prepayment ?? 0), 0)).toBe(item.prepayment ?? 0);
      for (const b of back) expect(b.prepayment ?? 0).toBeGreaterThanOrEqual(0);
      for (const b of back) expect(b.amount - (b.prepayment ?? 0)).toBeGreaterThanOrEqual(0);
    });
  });

  it('everything at once is the whole sale mirrored', () => {
    const all = ok(buildPartialRefundReceipt(sale, [], allUnitsLeft(sale, []), at));
    expect(all.receipt).toEqual(buildRefundReceipt(sale, at));
  });

  it('refuses an unknown position, a position twice, no units and an empty list', () => {
    const errors = (asked: ReturnedUnits[]) => {
      const r = buildPartialRefundReceipt(sale, [], asked, at);
      return 'errors' in r ? r.errors : [];
    };
    expect(errors([{ position: 7, qty: 1 }])).toEqual([PARTIAL_REFUND_MESSAGES.position]);
    expect(
      errors([
        { position: 1, qty: 1 },
        { position: 1, qty: 1 },
      ]),
    ).toEqual([PARTIAL_REFUND_MESSAGES.repeated]);
    expect(errors([{ position: 1, qty: 0 }])).toEqual([PARTIAL_REFUND_MESSAGES.tooMany('Книга', 3)]);
    expect(errors([])).toEqual([PARTIAL_REFUND_MESSAGES.nothing]);
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
