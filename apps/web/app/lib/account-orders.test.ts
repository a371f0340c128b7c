import { describe, expect, it } from 'vitest';
import { formatPlacedAt, orderPaymentLabel, orderPictures } from './account-orders.ts';

describe('Мои заказы wording', () => {
  it('dates an order in Moscow time, empty when unreadable', () => {
    expect(formatPlacedAt('2026-06-01T10:00:00.000Z')).toBe('1 июня 2026');
    expect(formatPlacedAt('2026-12-31T22:30:00.000Z')).toBe('1 января 2027');
    expect(formatPlacedAt('вчера')).toBe('');
  });

  it('says whether the order is paid', () => {
    const base = { is_paid: false, payment_required: false, is_cancelled: false, sum_prepaid: 0 };
    expect(orderPaymentLabel({ ...base, is_paid: true, sum_prepaid: 100 })).toEqual({ label: 'Оплачен', tone: 'ok' });
    expect(orderPaymentLabel({ ...base, payment_required: true })).toEqual({ label: 'Не оплачен', tone: 'due' });
    expect(orderPaymentLabel(base).label).toBe('Оплата при получении');
    expect(orderPaymentLabel({ ...base, payment_required: true, is_cancelled: true }).tone).toBe('plain');
  });

  it('shows the pictures of the goods only', () => {
    const line = (id: number, parent: number | null, kind: string) => ({
      id,
      parent_id: parent,
      kind,
      image: `/img/${id}.svg`,
      name: `Товар ${id}`,
    });
    const basket = [line(1, null, 'product'), line(2, 1, 'warranty'), line(3, null, 'product'), line(4, 1, 'present')];
    expect(orderPictures({ basket } as never).map((p) => p.id)).toEqual([1, 3]);
  });
});
