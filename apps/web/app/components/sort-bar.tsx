// Sort and view controls above a listing. The sort is a disclosure of links (works without
// JavaScript); the compact label is 'Сортировать по' + the label cut at 'по' (SPEC §9 Display).
import { useRef } from 'react';
import { Link } from 'react-router';
import {
  COOKIE,
  LISTING_THEME_COOKIE_MAX_AGE_S,
  SORT_CONTROL_LEAD,
  sortLabel,
  type ListingTheme,
  type SortKind,
} from '@store/domain';
import type { Listing } from '@store/api-client';
import { setBrowserCookie } from '../lib/cookies.ts';
import { useHydrated } from '../lib/hydrated.ts';
import { sortHref } from '../lib/listing-url.ts';
import { CatalogIcon } from './catalog-icons.tsx';

export function SortMenu({
  options,
  basePath,
  search,
  kind,
}: {
  options: Listing['sort'];
  basePath: string;
  search: string;
  kind: SortKind;
}) {
  const details = useRef<HTMLDetailsElement>(null);
  const current = options.find((o) => o.selected) ?? options[0];
  if (!current) return null;
  return (
    <details className="sort-menu" ref={details}>
      <summary>
        <CatalogIcon name="sort" size={18} />
        <span className="sort-lead">{SORT_CONTROL_LEAD}</span> <strong>{sortLabel(current.label)}</strong>
        <CatalogIcon name="chevronDown" size={16} />
      </summary>
      <ul className="sort-options">
        {options.map((o) => (
          <li key={o.code}>
            <Link
              to={sortHref(basePath, search, o.code, kind)}
              aria-current={o.selected ? 'true' : undefined}
              preventScrollReset
              onClick={() => details.current?.removeAttribute('open')}
            >
              {o.selected ? <CatalogIcon name="check" size={16} /> : <span className="sort-check-gap" />}
              {o.label}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Tiles or rows: remembered in the listingTheme cookie, which the loader reads for the server render. */
export function ThemeToggle({ theme, onChange }: { theme: ListingTheme; onChange: (theme: ListingTheme) => void }) {
  // The switch sets a cookie and redraws the list, which needs JavaScript: until the page is hydrated
  // the buttons are disabled rather than doing nothing when pressed.
  const hydrated = useHydrated();
  const choose = (next: ListingTheme) => {
    setBrowserCookie(COOKIE.listingTheme, next, LISTING_THEME_COOKIE_MAX_AGE_S);
    onChange(next);
  };
  return (
    <div className="theme-toggle" role="group" aria-label="Вид списка">
      <button
        type="button"
        aria-pressed={theme === 'tile'}
        aria-label="Плиткой"
        disabled={!hydrated}
        onClick={() => choose('tile')}
      >
        <CatalogIcon name="tile" />
      </button>
      <button
        type="button"
        aria-pressed={theme === 'list'}
        aria-label="Списком"
        disabled={!hydrated}
        onClick={() => choose('list')}
      >
        <CatalogIcon name="list" />
      </button>
    </div>
  );
}
