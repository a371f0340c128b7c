import { describe, expect, it } from 'vitest';
import { chooseBonuses } from './checkout-bonuses.server.ts';

const quote =
  (available: number | null, max = 900) =>
  async (amount: number) => ({
    available,
    max,
    spendable: Math.min(max, available ?? 0),
    amount,
    applied: amount,
  });

describe('chooseBonuses', () => {
  it('keeps an amount within the basket limit and the card', async () => {
    expect(await chooseBonuses(' 1 200 ', quote(2_000, 1_500))).toEqual({ amount: 1200 });
    expect(await chooseBonuses('', quote(null))).toEqual({ amount: 0 });
    expect(await chooseBonuses('0', quote(null))).toEqual({ amount: 0 });
  });
  it('says in the field what is wrong', async () => {
    expect(await chooseBonuses('12a', quote(2_000))).toEqual({ error: 'Допустимы только цифры.' });
    expect(await chooseBonuses('-5', quote(2_000))).toEqual({ error: 'Допустимы только цифры.' });
    expect(await chooseBonuses('901', quote(2_000))).toEqual({ error: 'Можно списать не больше 900 бонусов' });
    expect(await chooseBonuses('500', quote(400))).toEqual({ error: 'Недостаточно бонусов на карте' });
    expect(await chooseBonuses('10', quote(null))).toEqual({
      error: 'Войдите в программу «Мультионы», чтобы списать бонусы',
    });
  });
});
