import { describe, expect, it } from 'vitest';
import { LISTING_DEFAULTS } from './constants.ts';
import {
  DEFAULT_LISTING_THEME,
  LISTING_THEMES,
  LISTING_THEME_COOKIE_MAX_AGE_S,
  isListingTheme,
  parseListingTheme,
} from './listing-theme.ts';

describe('parseListingTheme', () => {
  it('reads the two themes', () => {
    expect(parseListingTheme('tile')).toBe('tile');
    expect(parseListingTheme('list')).toBe('list');
  });

  it('defaults to tile for a missing, empty or unknown cookie', () => {
    expect(parseListingTheme(undefined)).toBe('tile');
    expect(parseListingTheme(null)).toBe('tile');
    expect(parseListingTheme('')).toBe('tile');
    expect(parseListingTheme('grid')).toBe('tile');
    expect(parseListingTheme('lists')).toBe('tile');
    expect(parseListingTheme('toString')).toBe('tile');
  });

  it('ignores surrounding spaces and case', () => {
    expect(parseListingTheme(' list ')).toBe('list');
    expect(parseListingTheme('LIST')).toBe('list');
  });
});

describe('listing theme constants', () => {
  it('matches the SPEC default and lives one year', () => {
    expect(DEFAULT_LISTING_THEME).toBe(LISTING_DEFAULTS.theme);
    expect(DEFAULT_LISTING_THEME).toBe('tile');
    expect(LISTING_THEMES).toEqual(['tile', 'list']);
    expect(LISTING_THEME_COOKIE_MAX_AGE_S).toBe(31_536_000);
  });

  it('isListingTheme accepts only the exact codes', () => {
    expect(isListingTheme('list')).toBe(true);
    expect(isListingTheme('List')).toBe(false);
    expect(isListingTheme(1)).toBe(false);
    expect(isListingTheme(undefined)).toBe(false);
  });
});
