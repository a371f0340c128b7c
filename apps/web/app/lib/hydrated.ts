// Whether React has hydrated the page. Buttons that only work with JavaScript stay disabled until
// then, so a click on the server's HTML is never silently lost.
import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
