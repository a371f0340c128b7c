// The API client of the browser: same-origin /api, with the visitor's city on every call (SPEC §7),
// read from the city cookie at call time so a city change applies at once. A signed-in customer's
// calls carry the bearer token once one is known; a 401 refreshes the session once and retries
// (SPEC §6, §8); a failed refresh signs the customer out.
import { createApiClient } from '@store/api-client';
import { COOKIE, parseNumericId } from '@store/domain';
import { parseCookies } from './cookies.ts';

/** The access token of this tab, kept in memory only (the httpOnly cookie carries the session too). */
let accessToken: string | null = null;

export const browserApi = createApiClient({
  defaultQuery: () => ({
    application_type: 'web',
    city_id: parseNumericId(parseCookies(document.cookie)[COOKIE.cityId]) ?? undefined,
  }),
  auth: {
    token: () => accessToken,
    refresh: async () => {
      // Only a signed-in visitor has a session to refresh.
      if (!parseCookies(document.cookie)[COOKIE.isAuthOrigin]) return false;
      try {
        accessToken = (await browserApi.auth.refresh()).data.access_token;
        return true;
      } catch (error) {
        console.warn('session refresh failed', error);
        return false;
      }
    },
    signedOut: () => {
      accessToken = null;
      if (!parseCookies(document.cookie)[COOKIE.isAuthOrigin]) return;
      // Ends what is left of the session (httpOnly cookies) and shows the sign-in page.
      void browserApi.auth
        .logout()
        .catch((error: unknown) => console.warn('sign-out failed', error))
        .finally(() => {
          const back = window.location.pathname + window.location.search;
          window.location.assign(`/user/login?back=${encodeURIComponent(back)}`);
        });
    },
  },
});

/** Keeps the token of a sign-in answer made by the browser. */
export function rememberAccessToken(token: string | null) {
  accessToken = token;
}
