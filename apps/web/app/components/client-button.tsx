// A button that only works with JavaScript (it has an onClick and no form to post): disabled in the server's
// HTML and until React has hydrated, so an early click is never silently lost (a click waits, or the
// visitor sees it is not ready yet). Controls that can work without JavaScript are forms instead.
import type { ComponentPropsWithRef } from 'react';
import { useHydrated } from '../lib/hydrated.ts';

export function ClientButton({ disabled, ...props }: Omit<ComponentPropsWithRef<'button'>, 'type'>) {
  const hydrated = useHydrated();
  return <button {...props} type="button" disabled={!hydrated || disabled} />;
}
