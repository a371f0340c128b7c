// /user/logout (a resource route): a POST ends the session (SPEC §4 Other: employee data cleared
// too) and goes to the address the server returns. A GET signs nobody out; it goes to the account.
import { redirect } from 'react-router';
import type { Route } from './+types/logout';
import { NO_STORE, clearAuthCookies, safeBack, withCookies } from '../lib/auth.server.ts';
import { apiContext } from '../context.ts';

export function loader() {
  return redirect('/account', { headers: NO_STORE });
}

export async function action({ context }: Route.ActionArgs) {
  try {
    const { data: answer, headers } = await context.get(apiContext).auth.logout();
    return redirect(safeBack(answer.redirect, '/'), { headers: withCookies(headers, NO_STORE) });
  } catch (error) {
    console.error('logout failed', error);
    // The cookies go anyway: the visitor asked to sign out.
    return redirect('/', { headers: clearAuthCookies(new Headers(NO_STORE), true) });
  }
}
