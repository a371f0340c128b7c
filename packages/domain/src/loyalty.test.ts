import { describe, expect, it } from 'vitest';
import {
  accrualDates,
  accrualFor,
  accrualPercent,
  bonusEntryTitle,
  bonusesPerUnit,
  priceWithBonuses,
  deriveBalance,
  ean13CheckDigit,
  formatBonuses,
  formatBonusesInstrumental,
  isEan13,
  loyaltyCardNumber,
  maxSpendableForBasket,
  maxSpendablePerUnit,
  spendableNow,
  spreadBonuses,
  type BonusEntry,
} from './loyalty.ts';

const DAY = 86_400_000;
const T0 = new Date('2026-01-01T12:00:00Z');
const at = (days: number) => new Date(T0.getTime() + days * DAY);

let nextId = 1;
function entry(partial: Partial<BonusEntry> & Pick<BonusEntry, 'kind' | 'amount'>): BonusEntry {
  return {
    id: nextId++,
    createdAt: T0,
    availableFrom: null,
    expiresAt: null,
    orderId: null,
    lineStatus: null,
    comment: null,
    reversesId: null,
    held: false,
    ...partial,
  };
}

describe('accrual', () => {
  it('takes the rate of the root category and nothing for services, digital goods and certificates', () => {
    expect(accrualPercent([200, 201])).toBe(3);
    expect(accrualPercent([100, 224])).toBe(1);
    expect(accrualPercent([999])).toBe(2);
    expect(accrualPercent([26, 901])).toBe(0);
    expect(accrualPercent([1, 19])).toBe(0);
    expect(accrualPercent([26, 27])).toBe(0);
    expect(accrualPercent([])).toBe(0);
  });

  it('a bonuses promotion raises the rate but never gives bonuses on excluded goods', () => {
    expect(accrualPercent([100, 224], 10)).toBe(10);
    expect(accrualPercent([600], 2)).toBe(5);
    expect(accrualPercent([26], 10)).toBe(0);
  });

  it('earns whole bonuses on the money paid', () => {
    // 49 990 ₽ at 3 % = 1 499.7 → 1 499
    expect(accrualFor({ categoryPath: [200, 201], paidKopecks: 4_999_000 })).toBe(1499);
    expect(accrualFor({ categoryPath: [200, 201], paidKopecks: 0 })).toBe(0);
    expect(accrualFor({ categoryPath: [26], paidKopecks: 1_000_000 })).toBe(0);
  });

  it('becomes available after the return window and expires after the period', () => {
    const { availableFrom, expiresAt } = accrualDates(T0);
    expect(availableFrom.toISOString()).toBe(at(14).toISOString());
    expect(expiresAt.toISOString()).toBe(at(14 + 180).toISOString());
  });
});

describe('maximum spendable', () => {
  it('is 30 % of one unit and zero where bonuses cannot pay', () => {
    expect(maxSpendablePerUnit({ priceKopecks: 4_999_000, categoryPath: [200] })).toBe(14997);
    expect(maxSpendablePerUnit({ priceKopecks: 99_900, categoryPath: [26, 901] })).toBe(0);
    expect(maxSpendablePerUnit({ priceKopecks: 0, categoryPath: [200] })).toBe(0);
  });

  it('adds up over a basket by quantity', () => {
    expect(
      maxSpendableForBasket([
        { priceKopecks: 100_000, qty: 2, categoryPath: [200] },
        { priceKopecks: 100_000, qty: 1, categoryPath: [26] },
      ]),
    ).toBe(600);
    expect(spendableNow(600, 250)).toBe(250);
    expect(spendableNow(600, -3)).toBe(0);
  });

  it('spreads an amount by the lines’ limits, never over a limit, to the bonus', () => {
    expect(spreadBonuses([300, 100], 200)).toEqual([150, 50]);
    expect(spreadBonuses([1, 1, 1], 2)).toEqual([1, 1, 0]);
    expect(spreadBonuses([0, 10], 10)).toEqual([0, 10]);
    const spread = spreadBonuses([7, 13, 29], 31);
    expect(spread.reduce((a, b) => a + b, 0)).toBe(31);
    spread.forEach((v, i) => expect(v).toBeLessThanOrEqual([7, 13, 29][i]!));
    expect(() => spreadBonuses([5], 6)).toThrow(RangeError);
  });
});

describe('balance', () => {
  it('keeps accruals pending until their available-from date, then available', () => {
    const { availableFrom, expiresAt } = accrualDates(T0);
    const entries = [entry({ kind: 'RetailOrderBonus', amount: 500, availableFrom, expiresAt, orderId: 1 })];
    expect(deriveBalance(entries, at(1))).toMatchObject({ total: 0, available: 0, pending: 500, blocked: 0 });
    expect(deriveBalance(entries, at(15))).toMatchObject({ total: 500, available: 500, pending: 0 });
  });

  it('blocks a write-off until the order is paid or completed, and a return gives it back', () => {
    const credit = entry({ kind: 'Custom', amount: 1000, availableFrom: T0, expiresAt: at(100), comment: 'Подарок' });
    const hold = entry({ kind: 'RetailOrderPayment', amount: -400, createdAt: at(1), orderId: 7, held: true });
    expect(deriveBalance([credit, hold], at(2))).toMatchObject({ total: 1000, available: 600, blocked: 400 });
    const paid = { ...hold, held: false };
    expect(deriveBalance([credit, paid], at(2))).toMatchObject({ total: 600, available: 600, blocked: 0 });
    const back = entry({
      kind: 'RetailOrderPayment',
      amount: 400,
      createdAt: at(3),
      availableFrom: at(3),
      expiresAt: at(183),
      orderId: 7,
      lineStatus: 'I',
    });
    expect(deriveBalance([credit, paid, back], at(4))).toMatchObject({ total: 1000, available: 1000 });
  });

  it('a cancelled accrual takes its own lot', () => {
    const { availableFrom, expiresAt } = accrualDates(T0);
    const accrual = entry({ kind: 'RetailOrderBonus', amount: 300, availableFrom, expiresAt, orderId: 2 });
    const cancel = entry({
      kind: 'RetailOrderBonus',
      amount: -300,
      createdAt: at(2),
      orderId: 2,
      lineStatus: 'I',
      reversesId: accrual.id,
    });
    expect(deriveBalance([accrual, cancel], at(3))).toMatchObject({ total: 0, pending: 0 });
  });

  it('spends the earliest expiring bonuses first and reports what expired and what expires soon', () => {
    const early = entry({ kind: 'Custom', amount: 100, availableFrom: T0, expiresAt: at(20) });
    const late = entry({ kind: 'Custom', amount: 100, availableFrom: T0, expiresAt: at(200) });
    const spend = entry({ kind: 'RetailOrderPayment', amount: -50, createdAt: at(1), orderId: 3 });
    const soon = deriveBalance([early, late, spend], at(10));
    expect(soon.available).toBe(150);
    expect(soon.expiringSoon).toEqual({ amount: 50, date: at(20) });
    const after = deriveBalance([early, late, spend], at(21));
    expect(after.available).toBe(100);
    expect(after.expiredDue).toEqual([{ entryId: early.id, amount: 50 }]);
    const burnt = entry({ kind: 'Expired', amount: -50, createdAt: at(21), reversesId: early.id });
    const posted = deriveBalance([early, late, spend, burnt], at(22));
    expect(posted.available).toBe(100);
    expect(posted.expiredDue).toEqual([]);
  });

  it('never reports a negative balance', () => {
    const spend = entry({ kind: 'Custom', amount: -10, createdAt: T0 });
    expect(deriveBalance([spend], at(1))).toMatchObject({ total: 0, available: 0 });
  });
});

describe('history titles (§4)', () => {
  const now = at(5);
  it('words each kind and line status', () => {
    const base = { orderId: 1000123, comment: null, held: false, availableFrom: null };
    expect(bonusEntryTitle({ ...base, kind: 'RetailOrderBonus', amount: 10, lineStatus: 'Completed' }, now)).toBe(
      'Начисление за заказ №1000123',
    );
    expect(
      bonusEntryTitle(
        { ...base, kind: 'RetailOrderBonus', amount: 10, lineStatus: 'Completed', availableFrom: at(9) },
        now,
      ),
    ).toMatch(/^Начисление за заказ №1000123, станут доступны \d\d\.\d\d$/);
    expect(bonusEntryTitle({ ...base, kind: 'RetailOrderBonus', amount: -10, lineStatus: 'I' }, now)).toBe(
      'Начисление отменено',
    );
    expect(bonusEntryTitle({ ...base, kind: 'RetailOrderPayment', amount: -10, lineStatus: 'Create' }, now)).toBe(
      'Оплата заказа №1000123',
    );
    expect(
      bonusEntryTitle({ ...base, kind: 'RetailOrderPayment', amount: -10, lineStatus: 'Create', held: true }, now),
    ).toBe('Заблокировано для оплаты заказа №1000123');
    expect(bonusEntryTitle({ ...base, kind: 'RetailOrderPayment', amount: 10, lineStatus: 'I' }, now)).toBe(
      'Возврат списанных бонусов',
    );
    expect(bonusEntryTitle({ ...base, kind: 'Expired', amount: -10, lineStatus: null }, now)).toBe('Бонусы сгорели');
    expect(bonusEntryTitle({ ...base, kind: 'Custom', amount: 10, lineStatus: null, comment: 'За отзыв' }, now)).toBe(
      'За отзыв',
    );
  });

  it('pluralises bonuses', () => {
    expect(formatBonuses(1)).toBe('1 бонус');
    expect(formatBonuses(3)).toBe('3 бонуса');
    expect(formatBonuses(11)).toBe('11 бонусов');
    expect(formatBonuses(1500)).toBe('1\u00a0500 бонусов');
    expect(formatBonusesInstrumental(21)).toBe('21 бонусом');
    expect(formatBonusesInstrumental(11)).toBe('11 бонусами');
    expect(formatBonusesInstrumental(2000)).toBe('2\u00a0000 бонусами');
  });
});

describe('card numbers', () => {
  it('are valid EAN-13 with the store prefix', () => {
    expect(ean13CheckDigit('400638133393')).toBe(1);
    const number = loyaltyCardNumber(42);
    expect(number).toMatch(/^2\d{12}$/);
    expect(isEan13(number)).toBe(true);
    expect(isEan13('2000000000421')).toBe(number === '2000000000421');
    expect(isEan13('4006381333932')).toBe(false);
  });
});

interface Line {
  item: { product_id: number; kind: string; qty: number };
  final_price: number;
  discount: number;
  children: Line[];
}

describe('bonuses in an order price', () => {
  it('keeps one whole-kopeck unit price per line and reaches the amount when units allow', () => {
    expect(
      bonusesPerUnit(
        [
          { unitLimit: 100, qty: 2 },
          { unitLimit: 100, qty: 1 },
        ],
        101,
      ),
    ).toEqual([33, 35]);
    const perUnit = bonusesPerUnit(
      [
        { unitLimit: 30, qty: 3 },
        { unitLimit: 10, qty: 1 },
      ],
      35,
    );
    expect(perUnit[0]! * 3 + perUnit[1]!).toBe(35);
    // Only lines of two units: an odd amount cannot be placed whole, one bonus stays on the card.
    const even = bonusesPerUnit([{ unitLimit: 50, qty: 2 }], 7);
    expect(even).toEqual([3]);
    expect(bonusesPerUnit([{ unitLimit: 5, qty: 1 }], 100)).toEqual([5]);
  });

  it('takes bonuses off product lines, never warranties, and the figures still add up', () => {
    const item = (product_id: number, kind: string, qty: number, final_price: number, children: Line[] = []): Line => ({
      item: { product_id, kind, qty },
      final_price,
      discount: 0,
      children,
    });
    const price = {
      items: [item(1, 'product', 2, 1_000_000, [item(9, 'warranty', 1, 300_000)]), item(2, 'product', 1, 500_000)],
      discount: 0,
      total: 2_800_000 + 50_000,
    };
    const paths: Record<number, number[]> = { 1: [200], 2: [400], 9: [26] };
    const { price: out, applied, perLine } = priceWithBonuses(price, 2001, (id) => paths[id] ?? []);
    expect(applied).toBe(2001);
    expect(perLine[1]).toBe(0);
    const lines = [out.items[0]!, out.items[0]!.children[0]!, out.items[1]!];
    const goods = lines.reduce((s, l) => s + l.final_price * l.item.qty, 0);
    expect(goods + 50_000).toBe(out.total);
    expect(out.total).toBe(2_850_000 - 2001 * 100);
    expect(out.items[0]!.children[0]!.final_price).toBe(300_000);
  });
});
