// Small path helpers shared by the route rules. Pure: URL parsing only, no I/O.

// A fixed, never-contacted base lets the WHATWG URL parser normalise relative paths.
const PLACEHOLDER_ORIGIN = 'http://placeholder.invalid';
// Only needed to tell an explicit 'http://placeholder.invalid/…' from a path.
const HAS_SCHEME = /^\s*[A-Za-z][A-Za-z0-9+.-]*:/;

export interface ParsedUrl {
  url: URL;
  /** True when the input had no scheme and no host: a path on the current site. */
  relative: boolean;
}

/**
 * Parses a path or URL exactly as a browser resolves a link. Inputs such as '//host',
 * '/\\host' or '/\t/host' resolve to another host and so are not relative. Null if unparseable.
 */
export function parseUrl(url: string): ParsedUrl | null {
  try {
    const parsed = new URL(url, PLACEHOLDER_ORIGIN + '/');
    return { url: parsed, relative: parsed.origin === PLACEHOLDER_ORIGIN && !HAS_SCHEME.test(url) };
  } catch {
    return null;
  }
}

/**
 * The pathname of a path or URL, normalised the way a browser would request it:
 * query and hash dropped, '.' and '..' resolved, always starting with '/'.
 * '' → '/', '/shops?x=1#top' → '/shops', 'https://a.ru/cart' → '/cart'.
 */
export function pathnameOf(url: string): string {
  const parsed = parseUrl(url);
  if (parsed) return parsed.url.pathname;
  // Unparseable input: fall back to a plain cut at '?' / '#'.
  const cut = url.split(/[?#]/, 1)[0] ?? '';
  return cut.startsWith('/') ? cut : `/${cut}`;
}

/** Non-empty segments of a path: '/catalog//x/' → ['catalog', 'x']. */
export function pathSegments(url: string): string[] {
  return pathnameOf(url)
    .split('/')
    .filter((segment) => segment !== '');
}

/**
 * Segment-aware prefix test: '/shops' and '/shops/12' start with 'shops', '/shopsxyz'
 * does not. `prefix` may hold several segments ('delivery/pay'); slashes around it are ignored.
 */
export function hasPathPrefix(url: string, prefix: string): boolean {
  const wanted = prefix.split('/').filter((segment) => segment !== '');
  if (wanted.length === 0) return true;
  const actual = pathSegments(url);
  return wanted.every((segment, index) => actual[index] === segment);
}

/**
 * Query parameters from URLSearchParams, a query string ('?a=1' or 'a=1') or a path/URL
 * ('/search?q=tv#x'). A path without '?' has no parameters.
 */
export function searchParamsOf(input: URLSearchParams | string): URLSearchParams {
  if (typeof input !== 'string') return input;
  const beforeHash = input.split('#', 1)[0] ?? '';
  const queryStart = beforeHash.indexOf('?');
  if (queryStart !== -1) return new URLSearchParams(beforeHash.slice(queryStart + 1));
  const looksLikePath = beforeHash.startsWith('/') || beforeHash.includes('://');
  return new URLSearchParams(looksLikePath ? '' : beforeHash);
}
