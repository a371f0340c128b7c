// SPEC §2 Redirect rule: which navigations the client router handles ('client') and
// which must be a full browser navigation ('document') because another app serves them.
import { hasPathPrefix, parseUrl, pathnameOf } from './paths.ts';

export type NavigationTarget = 'client' | 'document';

// A "word" segment: the characters our codes use (slugs plus the extra brand-code
// characters '.' and '&'). Every pattern is anchored at the start and ends at a
// segment boundary, so deeper child paths (/catalog/x/1/2/faq) match too.
const WORD = '[A-Za-z0-9_.&-]+';
const END = '(?:/|$)';

/** Default served patterns, tested against the pathname. */
export const DEFAULT_REDIRECT_PATTERNS: readonly RegExp[] = [
  // the root
  /^\/$/,
  // /x/digits/digits: any single segment then two numeric ones (/catalog/224/1001, /smartfony/1/2)
  new RegExp(`^/[^/]+/\\d+/\\d+${END}`),
  // catalog/word/digits: category listings and product pages
  new RegExp(`^/catalog/${WORD}/\\d+${END}`),
  // catalog/digits: catalog index of a category
  new RegExp(`^/catalog/\\d+${END}`),
  // catalog/word/word: brand and tag listings
  new RegExp(`^/catalog/${WORD}/${WORD}${END}`),
  // search
  new RegExp(`^/search${END}`),
];

/** Sections served by this site: a path is served if its first segment(s) equal one of these. */
export const SERVED_PATH_PREFIXES: readonly string[] = [
  'certificate',
  'cert',
  'compare',
  'favorite-products',
  'delivery',
  'shops',
  'honor',
  'service',
  'account',
  'likenew',
  'special-offers',
  'store',
  'user',
  'news',
  'insurance',
  'reviews',
  'cart',
  'finance',
  'prm',
  'promo',
];

/** Adding to the basket is a server endpoint, never a client route. */
const CART_ADD = '/cart/add';

function isCartAdd(pathname: string): boolean {
  return pathname.toLowerCase().includes(CART_ADD);
}

// String.prototype.search ignores `lastIndex`, so a caller's /g or /y regex stays stateless.
function matchesAny(pathname: string, patterns: readonly RegExp[]): boolean {
  return patterns.some((pattern) => pathname.search(pattern) !== -1);
}

/**
 * True when the client router may handle `path` (a path or URL; its origin is ignored).
 * An empty pattern list means "navigation proceeds": everything is served, except
 * paths containing /cart/add, which never match.
 */
export function isServedBySite(
  path: string,
  patterns: readonly RegExp[] = DEFAULT_REDIRECT_PATTERNS,
  prefixes: readonly string[] = SERVED_PATH_PREFIXES,
): boolean {
  const pathname = pathnameOf(path);
  if (isCartAdd(pathname)) return false;
  if (patterns.length === 0) return true;
  return matchesAny(pathname, patterns) || prefixes.some((prefix) => hasPathPrefix(pathname, prefix));
}

export interface NavigationOptions {
  /** Served patterns; defaults to DEFAULT_REDIRECT_PATTERNS (see parseRedirectPatterns). */
  patterns?: readonly RegExp[] | undefined;
  /** Served section prefixes; defaults to SERVED_PATH_PREFIXES. */
  prefixes?: readonly string[] | undefined;
  /** Origin of the running page ('https://shop.ru'); absolute URLs on it count as local. */
  currentOrigin?: string | undefined;
}

// The http(s) origin of `url` resolved against `base` (so '//host/…' takes base's scheme).
function originOf(url: string, base?: string): string | null {
  try {
    const parsed = new URL(url, base);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

/**
 * How to navigate to `url`. A path is judged by the rule; an absolute URL (including
 * protocol-relative '//host/…') counts as local only when its origin equals
 * `currentOrigin`. Any other origin, a non-http scheme or an unparseable URL is 'document'.
 * Paths are read from the root ('shops' = '/shops'): pass router paths, not relative links.
 */
export function navigationTarget(url: string, options: NavigationOptions = {}): NavigationTarget {
  const parsed = parseUrl(url);
  if (parsed === null) return 'document';
  if (!parsed.relative) {
    const current = options.currentOrigin === undefined ? null : originOf(options.currentOrigin);
    const target = current === null ? null : originOf(url.trim(), current);
    if (current === null || target === null || target !== current) return 'document';
  }
  const served = isServedBySite(
    parsed.url.pathname,
    options.patterns ?? DEFAULT_REDIRECT_PATTERNS,
    options.prefixes ?? SERVED_PATH_PREFIXES,
  );
  return served ? 'client' : 'document';
}

/**
 * Splits an override list on commas and newlines that are outside (), [] and {} and not
 * escaped, so quantifiers such as \d{1,3} and classes such as [,;] survive.
 */
function splitPatternList(value: string): string[] {
  const parts: string[] = [];
  let current = '';
  let depth = 0;
  let inClass = false;
  for (let i = 0; i < value.length; i += 1) {
    const char = value.charAt(i);
    if (char === '\\' && i + 1 < value.length) {
      current += char + value.charAt(i + 1);
      i += 1;
      continue;
    }
    if (inClass) {
      if (char === ']') inClass = false;
    } else if (char === '[') {
      inClass = true;
    } else if (char === '(' || char === '{') {
      depth += 1;
    } else if ((char === ')' || char === '}') && depth > 0) {
      depth -= 1;
    } else if ((char === ',' || char === '\n' || char === '\r') && depth === 0) {
      parts.push(current);
      current = '';
      continue;
    }
    current += char;
  }
  parts.push(current);
  return parts.map((part) => part.trim()).filter((part) => part !== '');
}

/**
 * Turns the environment override (regular expression sources separated by commas or
 * newlines, tested against the pathname) into patterns.
 * - undefined (setting absent) → the default patterns;
 * - a set value replaces the defaults; a set but empty value ('' or only separators)
 *   gives [] = "no patterns configured", so navigation proceeds client-side;
 * - an invalid expression throws, so a misconfiguration fails at start-up, not per click.
 */
export function parseRedirectPatterns(envValue: string | undefined): readonly RegExp[] {
  if (envValue === undefined) return DEFAULT_REDIRECT_PATTERNS;
  return splitPatternList(envValue).map((source) => {
    try {
      return new RegExp(source);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`Invalid redirect pattern "${source}": ${reason}`, { cause: error });
    }
  });
}
