// SPEC §2 Layouts: which page frame a path gets and which chrome it shows.
import { pathSegments, searchParamsOf } from './paths.ts';

export type LayoutName = 'default' | 'checkout' | 'insurance';

/**
 * 'checkout' for /cart and everything under it (repayment included); 'insurance' for
 * insurance pages (/insurance/osago …) and the finance pages (/finance/deposit …), which issue 17
 * puts in the same frame (docs/decisions/0045). The bare /insurance and /finance are not pages, so
 * their 404 keeps the default frame. All matching is per segment: /cartridges is not /cart.
 */
export function layoutForPath(pathname: string): LayoutName {
  const [first, second] = pathSegments(pathname);
  if (first === 'cart') return 'checkout';
  if ((first === 'insurance' || first === 'finance') && second !== undefined) return 'insurance';
  return 'default';
}

const DIGITS = /^\d+$/;
const PRODUCT_CHILD_ROUTES: readonly string[] = ['faq', 'availability'];

/** /catalog/{type}/{category_id}/{product_id} and its child routes faq/… and availability/…. */
export function isProductPagePath(pathname: string): boolean {
  const [root, type, categoryId, productId, child] = pathSegments(pathname);
  if (root !== 'catalog' || type === undefined) return false;
  if (!DIGITS.test(categoryId ?? '') || !DIGITS.test(productId ?? '')) return false;
  return child === undefined || PRODUCT_CHILD_ROUTES.includes(child);
}

/** /certificate and /cert pages. */
export function isCertificatePath(pathname: string): boolean {
  const [first] = pathSegments(pathname);
  return first === 'certificate' || first === 'cert';
}

/** The mobile bottom tab bar is hidden on product and certificate pages (their own sticky bars). */
export function showsMobileTabBar(pathname: string): boolean {
  return !isProductPagePath(pathname) && !isCertificatePath(pathname);
}

// The SPEC says the mobile app mode exists but not how it is detected. We accept
// either a query flag the app appends to its web-view URL or a user-agent token.
export const MOBILE_APP_QUERY_KEYS: readonly string[] = ['mobile_app', 'app'];
const MOBILE_APP_QUERY_VALUES: readonly string[] = ['1', 'true'];
/** Token the store's iOS/Android apps add to the web-view user agent ('… StoreApp/3.2'). */
export const MOBILE_APP_USER_AGENT_MARKER = 'StoreApp';
const MOBILE_APP_USER_AGENT = new RegExp(`\\b${MOBILE_APP_USER_AGENT_MARKER}\\b`, 'i');

/** Mobile app mode (header and footer hidden): ?mobile_app=1 / ?app=1 (or =true), or the UA token. */
export function isMobileAppMode(searchParams: URLSearchParams | string, userAgent: string | null | undefined): boolean {
  const params = searchParamsOf(searchParams);
  const flagged = MOBILE_APP_QUERY_KEYS.some((key) =>
    MOBILE_APP_QUERY_VALUES.includes((params.get(key) ?? '').trim().toLowerCase()),
  );
  return flagged || MOBILE_APP_USER_AGENT.test(userAgent ?? '');
}
