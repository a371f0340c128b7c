// Listing sort options (SPEC §4 Listing and reviews defaults, §9 Display). The sort travels in the
// order_by query parameter; the listing sorts by -popularity, the search variant by -relevance.
import { LISTING_DEFAULTS } from './constants.ts';

export const LISTING_SORT_CODES = ['-popularity', 'price', '-price', '-rating', '-novelty', '-discount'] as const;
/** Search results add relevance, first because it is their default. */
export const SEARCH_SORT_CODES = ['-relevance', ...LISTING_SORT_CODES] as const;

export type ListingSortCode = (typeof LISTING_SORT_CODES)[number];
export type SortCode = (typeof SEARCH_SORT_CODES)[number];
export type SortKind = 'listing' | 'search';

/** Full option labels, as the sort menu lists them. */
export const SORT_LABELS: Readonly<Record<SortCode, string>> = {
  '-popularity': 'По популярности',
  price: 'По возрастанию цены',
  '-price': 'По убыванию цены',
  '-rating': 'По рейтингу',
  '-novelty': 'По новизне',
  '-discount': 'По размеру скидки',
  '-relevance': 'По релевантности',
};

export const DEFAULT_SORT: Readonly<Record<SortKind, SortCode>> = {
  listing: LISTING_DEFAULTS.sort,
  search: LISTING_DEFAULTS.searchSort,
};

/**
 * Lead text of the compact sort control: 'Сортировать по' + shortLabel reads
 * 'Сортировать по популярности', 'Сортировать по возрастанию цены'.
 */
export const SORT_CONTROL_LEAD = 'Сортировать по';

// "Sort labels are cut at the word meaning 'by'" (SPEC §9). Our reading: the label is cut at the
// whole word 'по' and the part after it is kept, as written (lower case): 'По популярности' →
// 'популярности', 'По возрастанию цены' → 'возрастанию цены'. Every label starts with 'По', so
// the part before the cut is empty and cannot be what is meant. The short label is not shown on
// its own: the compact control renders it after SORT_CONTROL_LEAD ('Сортировать по …'), which
// says 'по' once instead of in every option, and the full label stays for the open menu.
// Only the word counts: the 'по' at the start of 'популярности' is not a cut point.
const BY_WORD = /(?:^|\s)по\s+/i;

/**
 * The short form of a sort label: the text after the first whole word 'по'
 * ('По убыванию цены' → 'убыванию цены'). A label without that word, or with nothing
 * after it, is returned trimmed but otherwise unchanged.
 */
export function sortLabel(full: string): string {
  const text = full.trim();
  const match = BY_WORD.exec(text);
  if (!match) return text;
  const rest = text.slice(match.index + match[0].length).trim();
  return rest === '' ? text : rest;
}

export interface SortOption {
  code: SortCode;
  /** 'По популярности': for the open menu. */
  label: string;
  /** 'популярности': for the compact control, after SORT_CONTROL_LEAD. */
  shortLabel: string;
}

/** The options of a listing ('-relevance' only on search, and first there), default first. */
export function sortOptions(kind: SortKind): SortOption[] {
  const codes: readonly SortCode[] = kind === 'search' ? SEARCH_SORT_CODES : LISTING_SORT_CODES;
  return codes.map((code) => ({ code, label: SORT_LABELS[code], shortLabel: sortLabel(SORT_LABELS[code]) }));
}

/** True when `value` is a sort code offered for `kind`. */
export function isSortCode(value: unknown, kind: SortKind): value is SortCode {
  const codes: readonly string[] = kind === 'search' ? SEARCH_SORT_CODES : LISTING_SORT_CODES;
  return typeof value === 'string' && codes.includes(value);
}

/**
 * The order_by value, or the default of `kind` when it is missing or unknown
 * ('-relevance' on a category listing, 'PRICE', 'popularity'). Surrounding spaces are
 * ignored, so '+price' (which a query string decodes to ' price') still means 'price'.
 */
export function parseSort(value: string | null | undefined, kind: SortKind): SortCode {
  const code = value?.trim();
  return isSortCode(code, kind) ? code : DEFAULT_SORT[kind];
}
