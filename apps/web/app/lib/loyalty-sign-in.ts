// What the «Мультионы» sign-in form shows after a post (loyalty-sign-in.server.ts answers it).
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
