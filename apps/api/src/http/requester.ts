// Who is asking: the one place that says whose orders, payments and basket a request may touch.
// A guest is known by the httpOnly basket cookie (an unguessable id); a signed-in customer by the
// auth cookie or bearer token (the accounts issue fills `customerId`).
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { COOKIE } from '@store/domain';
import { authSecret, verifyAccessToken } from '../auth/tokens.ts';
import type { ApiEnv } from './env.ts';

/** The basket cookie's shape: 24 random bytes, base64url. Anything else is ignored. */
export const BASKET_ID = /^[A-Za-z0-9_-]{32}$/;

export interface Requester {
  customerId: number | null;
  basketId: string | null;
}

export function requesterOf(c: Context<ApiEnv>): Requester {
  const basket = getCookie(c, COOKIE.basketId);
  return { customerId: customerIdOf(c), basketId: basket && BASKET_ID.test(basket) ? basket : null };
}

/**
 * The signed-in customer: a valid access token in `Authorization: Bearer …` (SPEC §6), else in the
 * httpOnly access_token cookie of pages. An invalid or expired token means a guest.
 */
export function customerIdOf(c: Context<ApiEnv>): number | null {
  const header = c.req.header('authorization');
  const bearer = header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
  const token = bearer || getCookie(c, COOKIE.accessToken);
  return verifyAccessToken(authSecret(c.get('deps').config), token)?.sub ?? null;
}

/** An order (or its payment) is the requester's when it was made by their customer account or their basket. */
export function ownsOrder(requester: Requester, order: { customer_id: number | null; basket_id: string | null }) {
  if (order.customer_id !== null) return requester.customerId === order.customer_id;
  return order.basket_id !== null && requester.basketId === order.basket_id;
}
