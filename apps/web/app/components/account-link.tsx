// The header's account entry and employee marker, drawn by the browser from readable cookies
// (decision 0006: pages may come from the page cache, so nothing personal is rendered on the server).
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { COOKIE } from '@store/domain';
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

export function AccountLink() {
  const { signedIn } = useVisitorState();
  const label = signedIn ? 'Кабинет' : 'Войти';
  return (
    <AppLink
      to="/account"
      className="header-action"
      aria-label={signedIn ? 'Личный кабинет' : 'Войти'}
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
