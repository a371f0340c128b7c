// What the «Мультионы» sign-in form shows after a post (loyalty-sign-in.server.ts answers it).
import { isApiError } from '@store/api-client';

export interface LoyaltySignInState {
  step: 'phone' | 'code';
  phone: string;
  requestId: string;
  /** The page to go back to once signed in. */
  back: string;
  errors: Partial<Record<'phone' | 'code', string>>;
  message: string | null;
}

/** The card's figures for one unit of a product (SPEC §4 Loyalty balance), as the balance line shows them. */
export interface LoyaltyBalanceFacts {
  available: number;
  spendable: number;
}

/** §8: a server error text containing this means the card simply has no bonuses yet. */
export const NO_BONUSES_YET = 'пока нет бонусов';

/**
 * What a failed bonus-limits check means for the balance line (§4 Loyalty balance, §8): a 404, or a
 * server text saying there are no bonuses yet, is a balance of 0; any other failure is not a balance
 * (null: the caller hides the line or lets the error through).
 */
export function balanceAfterLimitFailure(error: unknown): LoyaltyBalanceFacts | null {
  if (isApiError(error, 404)) return { available: 0, spendable: 0 };
  const message = error instanceof Error ? error.message : '';
  return message.toLowerCase().includes(NO_BONUSES_YET) ? { available: 0, spendable: 0 } : null;
}

/** A hydrated form sends it: the sign-in then goes straight back (the page asks the balance itself). */
export const IN_PLACE_FIELD = 'in_place';

/**
 * /user/loyalty for a page to come back to, the product whose balance line asked (if any), and `signed`:
 * the answer after a proven code, which shows the balance without JavaScript.
 */
export function loyaltySignInHref(back: string, productId?: number | null, signed = false) {
  const query = new URLSearchParams({ back });
  if (productId) query.set('product', String(productId));
  if (signed) query.set('signed', '1');
  return `/user/loyalty?${query.toString()}`;
}

/** The product id of a /user/loyalty address, or null. */
export function loyaltyProductOf(url: URL): number | null {
  const raw = url.searchParams.get('product') ?? '';
  return /^[1-9]\d{0,9}$/.test(raw) && Number(raw) <= 2_147_483_647 ? Number(raw) : null;
}
