// The header's account entry and employee marker, drawn by the browser from readable cookies and,
// for a signed-in customer, one personal call after hydration (decisions 0006, 0019: pages come
// from the page cache for everyone, signed in or not, so nothing personal is rendered on the server).
// Without JavaScript the entry still leads to /account, which shows the real state.
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { COOKIE } from '@store/domain';
import { browserApi } from '../lib/browser-api.ts';
import { parseCookies } from '../lib/cookies.ts';
import { AppLink } from './app-link.tsx';
import { Icon } from './icons.tsx';

interface VisitorState {
  signedIn: boolean;
  employee: string | null;
}

const GUEST: VisitorState = { signedIn: false, employee: null };

function readState(): VisitorState {
  const cookies = parseCookies(document.cookie);
  const employee = cookies[COOKIE.employeeName] ?? cookies[COOKIE.employeeTradePointName] ?? null;
  return { signedIn: cookies[COOKIE.isAuthOrigin] === '1', employee };
}

/** Signed-in and employee state, read after hydration and again after every navigation. */
export function useVisitorState(): VisitorState {
  const [state, setState] = useState<VisitorState>(GUEST);
  const location = useLocation();
  useEffect(() => {
    setState(readState());
  }, [location.key]);
  return state;
}

/** The customer's first name, asked once per page load and shared by every header entry. */
let customerName: Promise<string | null> | null = null;

/**
 * The signed-in customer's first name: the personal call (GET /api/v2/users/me/profile, no-store)
 * made once after hydration, only when the readable sign-in cookie says there is a customer.
 */
export function useCustomerName(signedIn: boolean): string | null {
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    if (!signedIn) {
      customerName = null;
      setName(null);
      return;
    }
    customerName ??= browserApi.account
      .profile()
      .then((profile) => profile.first_name?.trim() || null)
      .catch((error: unknown) => {
        console.warn('profile for the header failed', error);
        customerName = null;
        return null;
      });
    let live = true;
    void customerName.then((value) => {
      if (live) setName(value);
    });
    return () => {
      live = false;
    };
  }, [signedIn]);
  return name;
}

export function AccountLink() {
  const { signedIn } = useVisitorState();
  const name = useCustomerName(signedIn);
  const label = signedIn ? (name ?? 'Кабинет') : 'Войти';
  return (
    <AppLink
      to="/account"
      className="header-action"
      aria-label={signedIn ? (name ? `Личный кабинет: ${name}` : 'Личный кабинет') : 'Войти'}
      data-signed-in={signedIn || undefined}
    >
      <span className="header-action-icon">
        <Icon name="user" />
        {signedIn ? <span className="badge badge-dot" aria-hidden="true" /> : null}
      </span>
      <span className="header-action-label">{label}</span>
    </AppLink>
  );
}

export function EmployeeMarker() {
  const { employee } = useVisitorState();
  if (!employee) return null;
  return (
    <AppLink to="/user/upos" className="employee-marker" title="Режим сотрудника">
      Сотрудник: {employee}
    </AppLink>
  );
}
