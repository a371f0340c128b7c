import { describe, expect, it } from 'vitest';
import {
  DELIVERY_TYPE_LABELS,
  FREE_DELIVERY_LABEL,
  deliveryCostLabel,
  deliveryGroup,
  deliveryTypeLabel,
  expressEstimate,
  expressLabel,
  roundExpressMinutes,
} from './express-courier.ts';

const NOW = new Date('2024-12-04T09:00:00Z');

describe('roundExpressMinutes', () => {
  it('rounds to the nearest multiple of 5, halves up', () => {
    expect(roundExpressMinutes(30)).toBe(30);
    expect(roundExpressMinutes(32)).toBe(30);
    expect(roundExpressMinutes(32.5)).toBe(35);
    expect(roundExpressMinutes(33)).toBe(35);
    expect(roundExpressMinutes(47)).toBe(45);
    expect(roundExpressMinutes(178)).toBe(180);
    expect(roundExpressMinutes(2)).toBe(0);
  });

  it('accepts 0 and exactly 180', () => {
    expect(roundExpressMinutes(0)).toBe(0);
    expect(roundExpressMinutes(-0)).toBe(0);
    expect(roundExpressMinutes(1)).toBe(0);
    expect(roundExpressMinutes(180)).toBe(180);
  });

  it('rejects negative values and values over 180 before rounding', () => {
    expect(roundExpressMinutes(-1)).toBeNull();
    expect(roundExpressMinutes(-0.4)).toBeNull();
    expect(roundExpressMinutes(180.1)).toBeNull();
    expect(roundExpressMinutes(182)).toBeNull();
    expect(roundExpressMinutes(1000)).toBeNull();
  });

  it('reads numeric strings and rejects other values', () => {
    expect(roundExpressMinutes('45')).toBe(45);
    expect(roundExpressMinutes(' 44 ')).toBe(45);
    for (const value of ['', '  ', '45 мин', 'abc', null, undefined, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(roundExpressMinutes(value)).toBeNull();
    }
  });
});

describe('expressEstimate', () => {
  it('returns the rounded minutes without a deadline', () => {
    expect(expressEstimate(41, NOW)).toBe(40);
    expect(expressEstimate(41, NOW, null)).toBe(40);
  });

  it('keeps an estimate whose deadline is still ahead', () => {
    expect(expressEstimate(60, NOW, new Date(NOW.getTime() + 1000))).toBe(60);
    expect(expressEstimate(60, NOW, '2024-12-04T18:00:00+03:00')).toBe(60);
    expect(expressEstimate(60, NOW.getTime(), NOW.getTime() + 60_000)).toBe(60);
  });

  it('rejects a past time, including exactly now', () => {
    expect(expressEstimate(60, NOW, new Date(NOW.getTime() - 1))).toBeNull();
    expect(expressEstimate(60, NOW, NOW)).toBeNull();
    expect(expressEstimate(60, NOW, '2024-12-04T11:59:00+03:00')).toBeNull();
  });

  it('rejects an unreadable deadline or now', () => {
    expect(expressEstimate(60, NOW, 'later')).toBeNull();
    expect(expressEstimate(60, new Date(Number.NaN), NOW)).toBeNull();
  });

  it('rejects bad minutes whatever the deadline', () => {
    expect(expressEstimate(-5, NOW, new Date(NOW.getTime() + 1000))).toBeNull();
    expect(expressEstimate(181, NOW)).toBeNull();
  });
});

describe('expressLabel', () => {
  it("is 'от 30 мин.' by default", () => {
    expect(expressLabel()).toBe('от 30 мин.');
    expect(expressLabel(null)).toBe('от 30 мин.');
  });

  it('uses the feature minutes, rounded', () => {
    expect(expressLabel(60)).toBe('от 60 мин.');
    expect(expressLabel('44')).toBe('от 45 мин.');
  });

  it('falls back to the default for an invalid feature value', () => {
    expect(expressLabel(-10)).toBe('от 30 мин.');
    expect(expressLabel(500)).toBe('от 30 мин.');
    expect(expressLabel('soon')).toBe('от 30 мин.');
  });
});

describe('deliveryCostLabel', () => {
  it("says 'бесплатно' for 0", () => {
    expect(deliveryCostLabel([0])).toBe('бесплатно');
    expect(deliveryCostLabel([0, 0, 0])).toBe(FREE_DELIVERY_LABEL);
  });

  it('formats one cost as a price', () => {
    expect(deliveryCostLabel([199_000])).toBe('1\u00A0990\u00A0₽');
    expect(deliveryCostLabel([29_900, 29_900])).toBe('299\u00A0₽');
  });

  it("says 'от' with the lowest cost when costs vary", () => {
    expect(deliveryCostLabel([49_900, 29_900, 99_000])).toBe('от 299\u00A0₽');
    expect(deliveryCostLabel([29_900, 0])).toBe('от 0\u00A0₽');
  });

  it('ignores invalid costs and gives null for none', () => {
    expect(deliveryCostLabel([])).toBeNull();
    expect(deliveryCostLabel([Number.NaN, -100])).toBeNull();
    expect(deliveryCostLabel([Number.NaN, 0, -100])).toBe('бесплатно');
  });
});

describe('deliveryGroup', () => {
  it('groups the known ids', () => {
    expect(deliveryGroup(27)).toBe('express');
    expect(deliveryGroup(46)).toBe('courier');
    expect(deliveryGroup(52)).toBe('pickup');
    for (const id of [10, 13, 14]) expect(deliveryGroup(id)).toBe('pickup-point');
    for (const id of [9, 12]) expect(deliveryGroup(id)).toBe('pickup-point');
  });

  it('known ids win over the purpose', () => {
    expect(deliveryGroup(27, 'pickup')).toBe('express');
    expect(deliveryGroup(52, 'courier')).toBe('pickup');
    expect(deliveryGroup(10, 'courier')).toBe('pickup-point');
  });

  it('groups other ids by purpose, courier without one', () => {
    expect(deliveryGroup(1, 'pickup')).toBe('multicenter');
    expect(deliveryGroup(1, 'courier_fast')).toBe('express');
    expect(deliveryGroup(1, 'courier')).toBe('courier');
    expect(deliveryGroup(8)).toBe('courier');
    expect(deliveryGroup(999, null)).toBe('courier');
  });
});

describe('deliveryTypeLabel', () => {
  it('tells the seller courier from the courier', () => {
    expect(deliveryTypeLabel(46)).toBe('Курьер продавца');
    expect(deliveryTypeLabel(1, 'courier')).toBe('Курьер');
    expect(deliveryTypeLabel(46)).not.toBe(deliveryTypeLabel(1, 'courier'));
  });

  it('tells the seller pickup from the pickup', () => {
    expect(deliveryTypeLabel(52)).toBe('Самовывоз от продавца');
    expect(deliveryTypeLabel(1, 'pickup')).toBe('Самовывоз');
  });

  it('labels express, pickup points and postboxes', () => {
    expect(deliveryTypeLabel(27)).toBe('Экспресс-доставка');
    expect(deliveryTypeLabel(1, 'courier_fast')).toBe('Экспресс-доставка');
    for (const id of [10, 13, 14]) expect(deliveryTypeLabel(id)).toBe('Пункт выдачи');
    for (const id of [9, 12]) expect(deliveryTypeLabel(id)).toBe('Постамат');
  });

  it('labels an unknown id without purpose as courier', () => {
    expect(deliveryTypeLabel(8)).toBe(DELIVERY_TYPE_LABELS.courier);
  });
});
