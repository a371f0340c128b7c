// A one-time message of the basket page: an add posted without JavaScript is answered by a redirect
// to /cart, so what the basket said (a quantity lowered to the cap: «Можно купить не больше N шт.»)
// rides along in a short-lived cookie that the next /cart render shows once and clears.
import { parseCookies } from './cookies.ts';

export const CART_FLASH_COOKIE = 'cart_flash';
const MAX_AGE_S = 60;
const MAX_LENGTH = 500;

export function cartFlashCookie(text: string): string {
  const value = encodeURIComponent(text.slice(0, MAX_LENGTH));
  return `${CART_FLASH_COOKIE}=${value}; Path=/cart; Max-Age=${MAX_AGE_S}; HttpOnly; SameSite=Lax`;
}

export const clearCartFlash = () => `${CART_FLASH_COOKIE}=; Path=/cart; Max-Age=0; HttpOnly; SameSite=Lax`;

/** The message the last redirect left, or null. */
export function readCartFlash(cookieHeader: string | null): string | null {
  const raw = parseCookies(cookieHeader)[CART_FLASH_COOKIE];
  if (!raw) return null;
  return raw.slice(0, MAX_LENGTH);
}
