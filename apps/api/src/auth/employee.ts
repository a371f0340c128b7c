// The employee session (SPEC §3 Employee state, §6): readable cookies for the header marker, and an
// httpOnly HMAC-signed cookie the API trusts (a readable cookie alone could be forged).
import { createHmac, timingSafeEqual } from 'node:crypto';
import type { Context } from 'hono';
import { getCookie } from 'hono/cookie';
import { setStoreCookie } from '../http/cookies.ts';
import { COOKIE } from '@store/domain';
import type { ApiEnv } from '../http/env.ts';
import type { EmployeeState } from '../schemas/accounts.ts';
import { authSecret } from './tokens.ts';

/** An employee stays signed in for a 12-hour shift. */
export const EMPLOYEE_SESSION_S = 12 * 3600;

interface EmployeeClaims {
  tt: string | null;
  tn: string | null;
  pn: string | null;
  en: string | null;
  exp: number;
}

const mac = (secret: Buffer, body: string) => createHmac('sha256', secret).update(`employee:${body}`).digest();

export function employeeState(claims: Omit<EmployeeClaims, 'exp'> | null): EmployeeState {
  return {
    tradePointNumber: claims?.tt ?? null,
    tradePointName: claims?.tn ?? null,
    personnelNumber: claims?.pn ?? null,
    employeeName: claims?.en ?? null,
    isEmployee: Boolean(claims && (claims.tt || claims.pn)),
    authByTradePoint: Boolean(claims?.tt),
    authByToken: Boolean(claims?.pn),
  };
}

/** The verified employee of this request, or null. */
export function employeeOf(c: Context<ApiEnv>): EmployeeClaims | null {
  const raw = getCookie(c, COOKIE.employeeSession);
  if (!raw || raw.length > 2048) return null;
  const [body = '', signature = ''] = raw.split('.');
  const expected = mac(authSecret(c.get('deps').config), body);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const claims = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as EmployeeClaims;
    return claims.exp > Date.now() / 1000 ? claims : null;
  } catch {
    return null;
  }
}

/** Signs the employee in: by trade point (number and name) or by personnel token (number and name). */
export function setEmployeeCookies(c: Context<ApiEnv>, who: Omit<EmployeeClaims, 'exp'>) {
  const current = employeeOf(c);
  // Signing in one way keeps the other (a trade point session and a personnel token may both hold).
  const claims: EmployeeClaims = {
    tt: who.tt ?? current?.tt ?? null,
    tn: who.tn ?? current?.tn ?? null,
    pn: who.pn ?? current?.pn ?? null,
    en: who.en ?? current?.en ?? null,
    exp: Math.floor(Date.now() / 1000) + EMPLOYEE_SESSION_S,
  };
  const body = Buffer.from(JSON.stringify(claims)).toString('base64url');
  const base = { maxAge: EMPLOYEE_SESSION_S };
  setStoreCookie(
    c,
    COOKIE.employeeSession,
    `${body}.${mac(authSecret(c.get('deps').config), body).toString('base64url')}`,
    { ...base, httpOnly: true },
  );
  const pairs: [string, string | null][] = [
    [COOKIE.employeeTradePointNumber, claims.tt],
    [COOKIE.employeeTradePointName, claims.tn],
    [COOKIE.employeePersonnelNumber, claims.pn],
    [COOKIE.employeeName, claims.en],
  ];
  for (const [name, value] of pairs) if (value) setStoreCookie(c, name, value, base);
  return employeeState(claims);
}

/**
 * The personnel number an order made on this request carries (SPEC §1 Employees): the signed-in
 * employee's own, never a number the client sent; a trade-point session names no employee.
 */
export function orderEmployeeNumber(c: Context<ApiEnv>): string | null {
  return employeeOf(c)?.pn ?? null;
}
