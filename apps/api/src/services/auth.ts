// Sign-in sessions and one-time codes: what the auth and account routes share.
import { randomInt, randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { deleteStoreCookie, setStoreCookie } from '../http/cookies.ts';
import {
  COMPARE_LIMIT,
  COOKIE,
  EMPLOYEE_COOKIES,
  mergeIdLists,
  parseIdList,
  parseNumericId,
  serializeIdList,
} from '@store/domain';
import type { TransactionHandle } from '@store/db';
import {
  attachGuestOrders,
  countAuthCodeAttempt,
  findRefreshToken,
  findUserById,
  insertAuthCode,
  insertRefreshToken,
  latestAuthCode,
  markRefreshTokenUsed,
  revokeRefreshFamily,
  setProductLists,
  useAuthCode,
  type CodePurpose,
  type UserRow,
} from '../data/accounts.ts';
import {
  ACCESS_TOKEN_TTL_S,
  REFRESH_TOKEN_TTL_S,
  authSecret,
  newRefreshToken,
  sha256,
  signAccessToken,
} from '../auth/tokens.ts';
import type { ApiEnv } from '../http/env.ts';
import { ApiError } from '../http/errors.ts';
import { clientAddress } from '../http/client-address.ts';
import { BASKET_ID } from '../http/requester.ts';
import { BASKET_COOKIE_MAX_AGE_S } from '../routes/basket.ts';
import { joinBaskets } from './basket-merge.ts';
import { buildBasket } from './basket.ts';
import { retrieveCityIdOrDefault } from '../data/basket-merge.ts';

/** Codes live 5 minutes and allow 5 wrong tries. */
export const CODE_TTL_S = 5 * 60;
export const CODE_MAX_ATTEMPTS = 5;
/** Seconds before the form offers to send a new code. */
export const CODE_RESEND_S = 60;

export const CODE_MESSAGES = {
  wrong: 'Неверный код. Проверьте код из сообщения.',
  expired: 'Срок действия кода истёк. Запросите новый код.',
  attempts: 'Превышено число попыток ввода кода. Запросите новый код.',
} as const;

/** The client's address (socket, or the store's own proxy with TRUST_PROXY=on). */
export const clientIp = (c: Context<ApiEnv>): string => clientAddress(c);

/** Six random digits. */
export const newCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
export const codeHash = (recipient: string, purpose: string, code: string) => sha256(`${purpose}:${recipient}:${code}`);

/** Writes a new code (replacing older ones) and sends it through the notifier, in one transaction. */
export async function issueCode(
  c: Context<ApiEnv>,
  target: { channel: 'sms' | 'email'; recipient: string; purpose: CodePurpose },
): Promise<void> {
  const { handle, adapters } = c.get('deps');
  const code = newCode();
  const text =
    target.purpose === 'reset'
      ? `Код для восстановления пароля: ${code}`
      : target.purpose === 'confirm-email'
        ? `Код подтверждения e-mail: ${code}`
        : `Код для входа в Мультицентр: ${code}`;
  await handle.transaction(async (tx) => {
    await insertAuthCode(tx, {
      ...target,
      codeHash: codeHash(target.recipient, target.purpose, code),
      ip: clientIp(c),
      ttlS: CODE_TTL_S,
    });
    await adapters.notifier.send(
      {
        channel: target.channel,
        recipient: target.recipient,
        template: `code-${target.purpose}`,
        subject: target.channel === 'email' ? 'Код Мультицентра' : null,
        body: `${text}. Никому не сообщайте его. Код действует 5 минут.`,
        payload: { purpose: target.purpose },
      },
      tx,
    );
  });
}

/**
 * Checks a code inside `tx`: right and fresh → used (unless `keep`); wrong → the attempt counts.
 * Throws 422 with the message in `field`.
 */
export async function consumeCode(
  tx: TransactionHandle,
  target: { recipient: string; purpose: CodePurpose; code: string; field: string; keep?: boolean },
): Promise<void> {
  const row = await latestAuthCode(tx, target.recipient, target.purpose);
  const fail = (message: string) => new ApiError(422, message, { [target.field]: [message] });
  if (!row) throw fail(CODE_MESSAGES.wrong);
  if (row.expired) throw fail(CODE_MESSAGES.expired);
  if (row.attempts >= CODE_MAX_ATTEMPTS) throw fail(CODE_MESSAGES.attempts);
  if (row.code_hash !== codeHash(target.recipient, target.purpose, target.code)) {
    await countAuthCodeAttempt(tx, row.id);
    throw fail(row.attempts + 1 >= CODE_MAX_ATTEMPTS ? CODE_MESSAGES.attempts : CODE_MESSAGES.wrong);
  }
  if (!target.keep) await useAuthCode(tx, row.id);
}

/** Runs a code check in its own transaction; a wrong attempt is counted even though the call fails. */
export async function checkCode(
  c: Context<ApiEnv>,
  target: { recipient: string; purpose: CodePurpose; code: string; field: string; keep?: boolean },
) {
  const { handle } = c.get('deps');
  let failure: ApiError | null = null;
  await handle.transaction(async (tx) => {
    try {
      await consumeCode(tx, target);
    } catch (error) {
      // Keep the counted attempt: commit, then report.
      if (error instanceof ApiError) failure = error;
      else throw error;
    }
  });
  if (failure) throw failure;
}

export interface Session {
  access_token: string;
  refresh_token: string;
  expires_in: number;
}

function setSessionCookies(c: Context<ApiEnv>, session: Session) {
  const options = { httpOnly: true, maxAge: REFRESH_TOKEN_TTL_S };
  // The access cookie lives as long as the session: pages of a signed-in customer must skip the page
  // cache even after the token inside expired, and the server refreshes it before the render.
  setStoreCookie(c, COOKIE.accessToken, session.access_token, options);
  setStoreCookie(c, COOKIE.refreshToken, session.refresh_token, options);
  // Readable marker for the header script: signed in here (no secret in it).
  setStoreCookie(c, COOKIE.isAuthOrigin, '1', { maxAge: REFRESH_TOKEN_TTL_S });
}

export function clearSessionCookies(c: Context<ApiEnv>, withEmployee = true) {
  for (const name of [COOKIE.accessToken, COOKIE.refreshToken, COOKIE.isAuthOrigin]) deleteStoreCookie(c, name);
  if (withEmployee) clearEmployeeCookies(c);
}

export function clearEmployeeCookies(c: Context<ApiEnv>) {
  for (const name of [...EMPLOYEE_COOKIES, COOKIE.employeeSession]) deleteStoreCookie(c, name);
}

async function newSession(
  tx: TransactionHandle,
  c: Context<ApiEnv>,
  userId: number,
  familyId: string,
): Promise<Session> {
  const refresh = newRefreshToken();
  await insertRefreshToken(tx, {
    userId,
    familyId,
    tokenHash: sha256(refresh),
    expiresAt: new Date(Date.now() + REFRESH_TOKEN_TTL_S * 1000),
  });
  return {
    access_token: signAccessToken(authSecret(c.get('deps').config), userId),
    refresh_token: refresh,
    expires_in: ACCESS_TOKEN_TTL_S,
  };
}

/** The city of the request (its city_id query, else the city cookie, else the default) for the basket caps. */
async function cityOf(c: Context<ApiEnv>, tx: TransactionHandle): Promise<number> {
  const asked = [c.req.query('city_id'), getCookie(c, COOKIE.cityId)]
    .map(parseNumericId)
    .filter((id): id is number => id !== null);
  return retrieveCityIdOrDefault(tx, asked);
}

/**
 * Signs a customer in: a new token family, the cookies, the guest basket moved to the customer, and
 * the favourites and compare ids of the cookies merged into the account (and back into the cookies).
 */
export async function signIn(
  c: Context<ApiEnv>,
  tx: TransactionHandle,
  user: UserRow,
): Promise<Session & { basket_count: number }> {
  const session = await newSession(tx, c, user.id, randomUUID());
  const cookie = getCookie(c, COOKIE.basketId);
  const guestBasketId = cookie && BASKET_ID.test(cookie) ? cookie : null;
  if (guestBasketId) await attachGuestOrders(tx, guestBasketId, user.id);
  // A basket from another device and this browser's become one (caps of the city apply).
  const cityId = await cityOf(c, tx);
  const basketId = await joinBaskets(tx, { guestBasketId, customerId: user.id, cityId });
  if (basketId && basketId !== guestBasketId) {
    setStoreCookie(c, COOKIE.basketId, basketId, { httpOnly: true, maxAge: BASKET_COOKIE_MAX_AGE_S });
  }
  // The header counter reads basket_count: it shows the joined basket at once, as a basket call would set it.
  const basketCount = (await buildBasket(tx, basketId, cityId)).totals.count;
  setStoreCookie(c, COOKIE.basketCount, String(basketCount), { maxAge: BASKET_COOKIE_MAX_AGE_S });
  const favorites = mergeIdLists(user.favorite_product_ids, parseIdList(getCookie(c, COOKIE.favoriteProducts)));
  const compare = mergeIdLists(
    user.compare_product_ids,
    parseIdList(getCookie(c, COOKIE.compareProducts), COMPARE_LIMIT),
    COMPARE_LIMIT,
  );
  await setProductLists(tx, user.id, favorites, compare);
  const listCookie = { maxAge: 365 * 24 * 3600 };
  if (favorites.length > 0) setStoreCookie(c, COOKIE.favoriteProducts, serializeIdList(favorites), listCookie);
  if (compare.length > 0)
    setStoreCookie(c, COOKIE.compareProducts, serializeIdList(compare, COMPARE_LIMIT), listCookie);
  setSessionCookies(c, session);
  return { ...session, basket_count: basketCount };
}

/**
 * Rotates a refresh token: the presented one becomes used and a new one joins its family. A token
 * presented a second time (stolen, or replayed) revokes the whole family: everyone holding it signs in again.
 */
export async function refreshSession(c: Context<ApiEnv>, presented: string): Promise<Session> {
  const { handle } = c.get('deps');
  const outcome = await handle.transaction(async (tx): Promise<Session | 'parallel' | null> => {
    const row = await findRefreshToken(tx, sha256(presented));
    if (!row || row.revoked || row.expired) return null;
    // Two requests of one page load may both present the old token: the later one is no theft.
    if (row.used && row.used_recently) return 'parallel';
    if (row.used || !(await markRefreshTokenUsed(tx, row.id))) {
      await revokeRefreshFamily(tx, row.family_id);
      return null;
    }
    if (!(await findUserById(tx, row.user_id))) return null;
    return newSession(tx, c, row.user_id, row.family_id);
  });
  if (outcome === 'parallel') {
    // The same answer as the request that rotated it, for a short while; else leave the cookies alone.
    const earlier = await c.get('deps').cache.get<Session>(graceKey(presented));
    if (!earlier) throw new ApiError(401, 'Сессия уже обновлена. Повторите запрос.');
    setSessionCookies(c, earlier);
    return earlier;
  }
  if (!outcome) {
    clearSessionCookies(c, false);
    throw new ApiError(401, 'Сессия истекла. Войдите снова.');
  }
  await c.get('deps').cache.set(graceKey(presented), outcome, REFRESH_GRACE_MS);
  setSessionCookies(c, outcome);
  return outcome;
}

/**
 * Requests of one page load can present the same refresh token at once (the page, its data, a
 * second tab): for 30 seconds the rotated token's successor is handed to them too.
 */
const REFRESH_GRACE_MS = 30_000;
const graceKey = (presented: string) => `refresh-grace:${sha256(presented)}`;

/** Ends the session of the presented refresh token (its whole family). */
export async function signOut(c: Context<ApiEnv>) {
  const presented = getCookie(c, COOKIE.refreshToken);
  if (presented) {
    const { handle } = c.get('deps');
    await handle.transaction(async (tx) => {
      const row = await findRefreshToken(tx, sha256(presented));
      if (row) await revokeRefreshFamily(tx, row.family_id);
    });
  }
  clearSessionCookies(c);
}
