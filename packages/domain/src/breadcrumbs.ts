// SPEC §3 Search suggestions / §2 unknown path: breadcrumbs are (text, href) items and
// the last item is the current page, rendered without a link.

export interface Breadcrumb {
  text: string;
  /** '' for the current page. */
  href: string;
}

export const HOME_BREADCRUMB_TEXT = 'Главная';

/** Breadcrumbs of the 404 page: Главная / 404. A fresh array each call, safe to mutate. */
export function notFoundBreadcrumbs(): Breadcrumb[] {
  return [
    { text: HOME_BREADCRUMB_TEXT, href: '/' },
    { text: '404', href: '' },
  ];
}

/** True for the last item, which is the current page and carries no link. */
export function isCurrentBreadcrumb(crumbs: readonly Breadcrumb[], index: number): boolean {
  return crumbs.length > 0 && index === crumbs.length - 1;
}
