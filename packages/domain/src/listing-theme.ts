// SPEC §3 Listing state / Local storage keys, §4 Listing defaults: the listing view (tiles or rows),
// remembered in the listingTheme cookie.
import { LISTING_DEFAULTS } from './constants.ts';

export const LISTING_THEMES = ['tile', 'list'] as const;
export type ListingTheme = (typeof LISTING_THEMES)[number];

/** Tiles unless the visitor chose rows (SPEC §4 Listing and reviews defaults). */
export const DEFAULT_LISTING_THEME: ListingTheme = LISTING_DEFAULTS.theme;

/** The listingTheme cookie lives one year (365 days); the SPEC does not give its lifetime. */
export const LISTING_THEME_COOKIE_MAX_AGE_S = 365 * 24 * 60 * 60;

export function isListingTheme(value: unknown): value is ListingTheme {
  return typeof value === 'string' && (LISTING_THEMES as readonly string[]).includes(value);
}

/** The theme stored in the cookie; anything missing or unknown gives 'tile'. Surrounding spaces and case are ignored. */
export function parseListingTheme(cookie: string | null | undefined): ListingTheme {
  const value = cookie?.trim().toLowerCase();
  return isListingTheme(value) ? value : DEFAULT_LISTING_THEME;
}
