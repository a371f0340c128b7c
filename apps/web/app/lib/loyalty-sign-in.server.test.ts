// Where a proven loyalty code goes: a hydrated form straight back, a form posted without JavaScript to
// /user/loyalty?signed=1 (its product kept), which shows the card's balance; §8: a 404 limit is 0.
import { describe, expect, it } from 'vitest';
import { ApiClientError, type ApiClient } from '@store/api-client';
import { loyaltySignInAction, signedInBalance } from './loyalty-sign-in.server.ts';
import { loyaltyProductOf, loyaltySignInHref } from './loyalty-sign-in.ts';

const signedCookie = 'loyaltyCard=2900000000019.token; Path=/';
const validating = {
  loyalty: {
    validate: async () => ({ data: {}, headers: new Headers({ 'set-cookie': signedCookie }) }),
  },
} as unknown as ApiClient;

function post(fields: Record<string, string>, href = loyaltySignInHref('/catalog/holodilniki/401/7', 7)) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.set(name, value);
  return loyaltySignInAction(new Request(`http://store.test${href}`, { method: 'POST' }), validating, form);
}

const code = { intent: 'loyalty-check', phone: '+79161234567', code: '123456', request_id: 'r1' };

describe('the loyalty sign-in after a proven code', () => {
  it('without JavaScript answers /user/loyalty?signed=1 for the product, with the card cookie', async () => {
    const answer = (await post(code)) as Response;
    expect(answer.status).toBe(302);
    const next = new URL(answer.headers.get('location')!, 'http://store.test');
    expect(next.pathname).toBe('/user/loyalty');
    expect(Object.fromEntries(next.searchParams)).toEqual({
      back: '/catalog/holodilniki/401/7',
      product: '7',
      signed: '1',
    });
    expect(answer.headers.getSetCookie()).toEqual([signedCookie]);
    expect(answer.headers.get('cache-control')).toContain('no-store');
  });

  it('from a hydrated form goes straight back: the product page asks the balance itself', async () => {
    const answer = (await post({ ...code, in_place: '1' })) as Response;
    expect(answer.headers.get('location')).toBe('/catalog/holodilniki/401/7');
  });

  it('never sends anyone off the site, and ignores a product id that is not one', async () => {
    const answer = (await post(code, '/user/loyalty?back=https%3A%2F%2Fevil.example&product=-1')) as Response;
    expect(answer.headers.get('location')).toBe('/user/loyalty?back=%2F&signed=1');
    expect(loyaltyProductOf(new URL('http://s/user/loyalty?product=99999999999'))).toBeNull();
    expect(loyaltyProductOf(new URL('http://s/user/loyalty?product=12'))).toBe(12);
  });
});

describe('signedInBalance', () => {
  const limits = (answer: () => Promise<unknown>) => ({ loyalty: { productsLimit: answer } }) as unknown as ApiClient;

  it('is the card’s balance and what one unit can take', async () => {
    const api = limits(async () => ({ maxAmount: 5_997, available: 700, spendable: 700, products: [] }));
    expect(await signedInBalance(api, 7)).toEqual({ available: 700, spendable: 700 });
  });

  it('is null without a card, and 0 when the limits check is 404 (§8)', async () => {
    expect(
      await signedInBalance(
        limits(async () => ({ maxAmount: 10, available: null, spendable: null })),
        7,
      ),
    ).toBeNull();
    const missing = limits(async () => {
      throw new ApiClientError(404, null);
    });
    expect(await signedInBalance(missing, 7)).toEqual({ available: 0, spendable: 0 });
    const down = limits(async () => {
      throw new ApiClientError(503, null);
    });
    await expect(signedInBalance(down, 7)).rejects.toThrow();
  });

  it('is 0 when the server’s text says there are no bonuses yet (§8), whatever the status', async () => {
    const empty = limits(async () => {
      throw new ApiClientError(422, { status: 422, message: 'На карте пока нет бонусов', errors: {} });
    });
    expect(await signedInBalance(empty, 7)).toEqual({ available: 0, spendable: 0 });
  });
});
