import { describe, expect, it } from 'vitest';
import type { OrderVariation } from '@store/api-client';
import { formatPrice } from '@store/domain';
import { expressFeatureMinutes, mercator, receivingWays } from './availability.ts';

const now = Date.parse('2026-11-20T12:00:00Z'); // 15:00 in Moscow

function variation(overrides: Partial<OrderVariation> & Pick<OrderVariation, 'delivery_type_id'>): OrderVariation {
  return {
    name: '',
    delivery_purpose: 'pickup',
    datetime: '2026-11-22T07:00:00.000Z',
    interval: null,
    delivery_cost: 0,
    cost_prepayment: false,
    has_preorder_product: false,
    client_city_id: 1,
    is_reserve: false,
    group: 'pickup-point',
    payment_type_ids: [17],
    dates: [],
    intervals: [],
    ...overrides,
  };
}

describe('receivingWays', () => {
  const variations = [
    variation({ delivery_type_id: 1, datetime: '2026-11-20T12:15:00.000Z', is_reserve: true, group: 'multicenter' }),
    variation({
      delivery_type_id: 2,
      delivery_purpose: 'courier',
      datetime: '2026-11-21T07:00:00.000Z',
      interval: '10:00 - 22:00',
      intervals: ['10:00 - 14:00', '14:00 - 18:00', '18:00 - 22:00'],
      delivery_cost: 39_900,
      group: 'courier',
    }),
    variation({ delivery_type_id: 9, delivery_cost: 9_900, cost_prepayment: true }),
    variation({ delivery_type_id: 10, delivery_cost: 0 }),
    variation({ delivery_type_id: 13, delivery_cost: 14_900, datetime: '2026-11-21T07:00:00.000Z' }),
    variation({
      delivery_type_id: 27,
      delivery_purpose: 'courier_fast',
      datetime: '2026-11-20T12:30:00.000Z',
      delivery_cost: 59_000,
      cost_prepayment: true,
      group: 'express',
    }),
  ];

  it('words each kind with the SPEC’s time text and cost rules', () => {
    const ways = receivingWays(variations, now);
    expect(ways.map((w) => [w.kind, w.title, w.when, w.cost])).toEqual([
      ['multicenter', 'Самовывоз из Мультицентра', 'через 15 минут', 'бесплатно'],
      ['express', 'Экспресс-доставка', 'от 30 мин.', formatPrice(59_000)],
      ['courier', 'Курьер', 'завтра c 10:00', formatPrice(39_900)],
      ['pickup-point', 'Пункты выдачи', 'завтра c 10:00', `от ${formatPrice(0)}`],
      ['postbox', 'Постаматы', '22 ноября c 10:00', formatPrice(9_900)],
    ]);
    expect(ways.find((w) => w.kind === 'courier')?.note).toBe(
      'Доставим с 10:00 до 22:00, интервал выберете при заказе',
    );
    expect(ways.find((w) => w.kind === 'postbox')?.note).toBe('Оплата онлайн при заказе');
  });

  it('takes the express time from the feature when valid, and drops express once past', () => {
    expect(receivingWays(variations, now, 42).find((w) => w.kind === 'express')?.when).toBe('от 40 мин.');
    expect(receivingWays(variations, now, 240).find((w) => w.kind === 'express')?.when).toBe('от 30 мин.');
    const later = Date.parse('2026-11-20T12:31:00Z');
    expect(receivingWays(variations, later).map((w) => w.kind)).not.toContain('express');
  });

  it('is empty without variations (a city without delivery types)', () => {
    expect(receivingWays([], now)).toEqual([]);
  });

  it('reads the express courier time feature', () => {
    expect(
      expressFeatureMinutes([{ key: 'express_courier_time', is_active: true, featureValue: { minutes: 45 } }]),
    ).toBe(45);
    expect(expressFeatureMinutes([{ key: 'express_courier_time', is_active: true, featureValue: '25' }])).toBe('25');
    expect(expressFeatureMinutes([{ key: 'express_courier_time', is_active: false, featureValue: 45 }])).toBeNull();
    expect(expressFeatureMinutes([])).toBeNull();
  });
});

describe('Web Mercator', () => {
  it('projects with Web Mercator', () => {
    expect(mercator(0, 0)).toEqual({ x: 0.5, y: 0.5 });
    expect(mercator(0, 180).x).toBe(1);
    expect(mercator(85.05112878, 0).y).toBeCloseTo(0, 6);
    expect(mercator(55.75, 37.62).y).toBeLessThan(0.5);
  });
});
