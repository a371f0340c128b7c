// Sign-in on the server side of pages: the API sets the session cookies on its answer and the page
// passes them on; guests opening the account area go to sign-in and come back (SPEC §2, §4, §8).
import { redirect } from 'react-router';
import { isApiError, type ApiClient, type Profile } from '@store/api-client';
import { COOKIE, EMPLOYEE_COOKIES, type CookieName } from '@store/domain';
import { parseCookies, serializeCookie } from './cookies.ts';

export const NO_STORE = { 'cache-control': 'no-store' };

/** A path on this site to return to after sign-in; anything else goes to the account. */
export function safeBack(back: string | null | undefined, fallback = '/account'): string {
  if (!back || !back.startsWith('/') || back.startsWith('//') || back.startsWith('/\\')) return fallback;
  if (back.startsWith('/user/login') || back.startsWith('/user/logout')) return fallback;
  return back;
}

export const loginUrl = (back: string) => `/user/login?back=${encodeURIComponent(back)}`;

/** The Set-Cookie lines of an API answer as response headers (optionally with more). */
export function withCookies(source: Headers | null, extra: Record<string, string> = {}): Headers {
  const headers = new Headers(extra);
  for (const cookie of source?.getSetCookie() ?? []) headers.append('set-cookie', cookie);
  return headers;
}

/** §8 Failed user load: the auth cookies are removed. */
export function clearAuthCookies(headers: Headers = new Headers(), withEmployee = false): Headers {
  const names: CookieName[] = [COOKIE.accessToken, COOKIE.refreshToken, COOKIE.isAuthOrigin];
  if (withEmployee) names.push(...EMPLOYEE_COOKIES, COOKIE.employeeSession);
  for (const name of names) {
    headers.append('set-cookie', serializeCookie(name, '', { maxAgeS: 0 }));
  }
  return headers;
}

/** The field errors and message of a failed API call; null when it was no API answer (rethrow those). */
export function apiFormErrors(error: unknown): { message: string; errors: Record<string, string> } | null {
  if (!isApiError(error) || !error.body) return null;
  const errors: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.body.errors)) if (messages[0]) errors[field] = messages[0];
  return { message: error.body.message, errors };
}

export const hasAuthCookie = (request: Request) =>
  Boolean(parseCookies(request.headers.get('cookie'))[COOKIE.accessToken]);

/**
 * The signed-in customer of a page, or a redirect to sign-in that comes back here. A session the
 * API refuses loses its cookies (§8).
 */
export async function requireCustomer(request: Request, api: ApiClient): Promise<Profile> {
  const url = new URL(request.url);
  const back = url.pathname + url.search;
  if (!hasAuthCookie(request)) throw redirect(loginUrl(back), { headers: NO_STORE });
  try {
    return await api.account.profile();
  } catch (error) {
    if (isApiError(error, 401)) throw redirect(loginUrl(back), { headers: clearAuthCookies(new Headers(NO_STORE)) });
    throw error;
  }
}

/** A text field of a posted form ('' when absent). */
export const formText = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value : '';
};

/**
 * An account call of a page loader: a 401 (the session ended meanwhile) sends the visitor to sign
 * in and back, like the account layout does.
 */
export async function orSignIn<T>(request: Request, load: Promise<T>): Promise<T> {
  try {
    return await load;
  } catch (error) {
    if (!isApiError(error, 401)) throw error;
    const url = new URL(request.url);
    throw redirect(loginUrl(url.pathname + url.search), { headers: clearAuthCookies(new Headers(NO_STORE)) });
  }
}

/** The captcha answer a form posted: the local question's token and answer, or a provider widget's response. */
export function captchaFromForm(form: FormData): { token: string; answer?: string } | undefined {
  const local = formText(form, 'captcha_token');
  if (local) return { token: local, answer: formText(form, 'captcha_answer') };
  const widget = formText(form, 'g-recaptcha-response') || formText(form, 'smart-token');
  return widget ? { token: widget } : undefined;
}
