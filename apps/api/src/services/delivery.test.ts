import { describe, expect, it } from 'vitest';
import { PREORDER_LEAD_DAYS, transferDays } from '@store/domain';
import { deliveryOptionsFor, orderVariationsFor, type OrderFacts } from './delivery.ts';

const now = new Date('2026-11-20T12:00:00Z'); // 15:00 in Moscow
const order = (overrides: Partial<OrderFacts> = {}): OrderFacts => ({
  deliveryTypeIds: [1, 2, 9, 10, 12, 13, 14, 27, 46, 52],
  cityId: 1,
  sum: 5_000_000,
  preorder: false,
  leadDays: 0,
  inStockInCity: true,
  supplier: false,
  now,
  ...overrides,
});
const byId = <T extends { delivery_type_id: number }>(options: T[]) =>
  new Map(options.map((o) => [o.delivery_type_id, o]));

describe('delivery options', () => {
  it('gives courier, express, pickup, pickup points and lockers by the city’s delivery types', () => {
    const options = byId(deliveryOptionsFor(order({ deliveryTypeIds: [1, 2, 10, 12, 27] })));
    expect(options.get(2)).toMatchObject({
      delivery_purpose: 'courier',
      interval: '10:00 - 22:00',
      delivery_cost: 0,
      datetime: '2026-11-21T07:00:00.000Z',
    });
    expect(options.get(27)).toMatchObject({
      delivery_purpose: 'courier_fast',
      datetime: '2026-11-20T12:30:00.000Z',
      cost_prepayment: true,
    });
    expect(options.get(1)).toMatchObject({
      delivery_purpose: 'pickup',
      datetime: '2026-11-20T12:15:00.000Z',
      delivery_cost: 0,
      is_reserve: true,
      name: 'Самовывоз',
    });
    expect(options.get(2)?.name).toBe('Курьер');
    expect(options.get(27)?.name).toBe('Экспресс-доставка');
    expect(options.get(10)?.delivery_cost).toBe(0);
    expect(options.get(12)).toMatchObject({ delivery_cost: 9_900, cost_prepayment: true });
  });

  it('charges courier delivery below the free threshold and drops express without stock or for a preorder', () => {
    const cheap = deliveryOptionsFor(order({ deliveryTypeIds: [2, 27], sum: 200_000, inStockInCity: false }));
    expect(cheap.map((o) => o.delivery_type_id)).toEqual([2]);
    expect(cheap[0]!.delivery_cost).toBe(39_900);
    const preorder = deliveryOptionsFor(
      order({ deliveryTypeIds: [2, 27], preorder: true, leadDays: PREORDER_LEAD_DAYS }),
    );
    expect(preorder.map((o) => o.delivery_type_id)).toEqual([2]);
    expect(preorder[0]!.datetime).toBe('2026-12-01T07:00:00.000Z');
  });

  it('a transfer from another city collects in a multicenter later, the farther the later', () => {
    const pickup = (km: number) =>
      deliveryOptionsFor(order({ deliveryTypeIds: [1], inStockInCity: false, leadDays: transferDays(km) }))[0]!;
    const near = pickup(400);
    const far = pickup(3000);
    expect(near.is_reserve).toBe(false);
    expect(Date.parse(far.datetime)).toBeGreaterThan(Date.parse(near.datetime));
    expect(Date.parse(near.datetime)).toBeGreaterThan(Date.parse(pickup(0).datetime));
  });

  it('keeps the seller’s courier and pickup for the seller’s goods only', () => {
    expect(deliveryOptionsFor(order()).map((o) => o.delivery_type_id)).toEqual([1, 2, 9, 10, 12, 13, 14, 27]);
    const seller = deliveryOptionsFor(order({ supplier: true }));
    expect(seller.map((o) => [o.delivery_type_id, o.name])).toEqual([
      [46, 'Курьер продавца'],
      [52, 'Самовывоз от продавца'],
    ]);
    expect(seller.every((o) => o.cost_prepayment)).toBe(true);
  });

  it('reserves in 15 minutes only while the shops are open, else from the next opening', () => {
    const at = (iso: string) => byId(deliveryOptionsFor(order({ deliveryTypeIds: [1, 27], now: new Date(iso) })));
    // 21:50 in Moscow: too late for a reserve and for express.
    const late = at('2026-11-20T18:50:00Z');
    expect(late.get(1)).toMatchObject({ is_reserve: false, datetime: '2026-11-21T07:00:00.000Z' });
    expect(late.has(27)).toBe(false);
    // 08:00 in Moscow: the shop opens at 10:00 today; express starts at 9:00.
    const early = at('2026-11-20T05:00:00Z');
    expect(early.get(1)).toMatchObject({ is_reserve: false, datetime: '2026-11-20T07:00:00.000Z' });
    expect(early.has(27)).toBe(false);
    expect(at('2026-11-20T06:00:00Z').has(27)).toBe(true);
  });

  it('gives nothing in a city without delivery types', () => {
    expect(deliveryOptionsFor(order({ deliveryTypeIds: [] }))).toEqual([]);
  });
});

describe('order variations', () => {
  const all = [1, 2, 3, 12, 13, 17, 19, 20, 48, 64];

  it('adds groups, payment ids, days and courier slots to each option', () => {
    const variations = byId(orderVariationsFor({ ...order(), paymentTypeIds: all }));
    expect(variations.get(1)).toMatchObject({
      group: 'multicenter',
      payment_type_ids: [1, 12, 13, 17, 19, 20, 48, 64],
      dates: ['2026-11-20'],
      intervals: [],
    });
    expect(variations.get(2)).toMatchObject({
      group: 'courier',
      payment_type_ids: [2, 3, 13, 17, 19, 48, 64],
      dates: ['2026-11-21', '2026-11-22', '2026-11-23', '2026-11-24', '2026-11-25'],
      intervals: ['10:00 - 14:00', '14:00 - 18:00', '18:00 - 22:00'],
    });
    expect(variations.get(27)).toMatchObject({ group: 'express', payment_type_ids: [17, 64] });
    expect(variations.get(10)).toMatchObject({ group: 'pickup-point', payment_type_ids: [1, 17, 64] });
    expect(variations.get(9)).toMatchObject({ group: 'pickup-point', payment_type_ids: [17, 64] });
  });

  it('takes only the payments the city accepts, and drops a way the city cannot pay for', () => {
    const small = byId(orderVariationsFor({ ...order(), paymentTypeIds: [1, 3, 12] }));
    expect(small.get(2)?.payment_type_ids).toEqual([3]);
    expect(small.get(1)?.payment_type_ids).toEqual([1, 12]);
    // Express and lockers are prepaid online, which this city does not take.
    expect(small.has(27)).toBe(false);
    expect(small.has(9)).toBe(false);
  });

  it('agrees with the delivery list on dates and costs', () => {
    const facts = order({ sum: 150_000 });
    const options = deliveryOptionsFor(facts);
    const variations = orderVariationsFor({ ...facts, paymentTypeIds: all });
    expect(variations.map((v) => [v.delivery_type_id, v.datetime, v.delivery_cost])).toEqual(
      options.map((o) => [o.delivery_type_id, o.datetime, o.delivery_cost]),
    );
  });
});
