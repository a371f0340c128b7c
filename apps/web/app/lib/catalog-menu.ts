// The header's catalogue menu (every category, three levels) is drawn only once a shopper opens it, so it is
// no part of the page's loader data (decision 0046): the browser asks `GET /api/v3/menu` the first time the
// desktop menu or the phone menu opens (or the pointer comes to the button) and keeps the answer for the visit.
import { useEffect, useState } from 'react';
import type { MenuItem } from '@store/api-client';
import { browserApi } from './browser-api.ts';

const loads = new Map<string, Promise<MenuItem[]>>();

function loadCatalogMenu(branch: string): Promise<MenuItem[]> {
  let load = loads.get(branch);
  if (!load) {
    load = browserApi.menus.catalog({ branch });
    loads.set(branch, load);
    // A failed load is asked again at the next opening.
    load.catch(() => loads.delete(branch));
  }
  return load;
}

/** Starts loading the menu ahead of its opening (the pointer is on the button). */
export function prefetchCatalogMenu(branch: string) {
  loadCatalogMenu(branch).catch((error: unknown) => console.warn('catalogue menu failed to load', error));
}

export type CatalogMenuState = { status: 'loading' } | { status: 'ready'; items: MenuItem[] } | { status: 'failed' };

/** The catalogue menu of the branch, loaded once `wanted` is true. */
export function useCatalogMenu(wanted: boolean, branch: string): CatalogMenuState {
  const [state, setState] = useState<CatalogMenuState>({ status: 'loading' });
  useEffect(() => {
    if (!wanted) return;
    let live = true;
    setState((s) => (s.status === 'failed' ? { status: 'loading' } : s));
    loadCatalogMenu(branch).then(
      (items) => live && setState({ status: 'ready', items }),
      (error: unknown) => {
        console.warn('catalogue menu failed to load', error);
        if (live) setState({ status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, branch]);
  return state;
}
