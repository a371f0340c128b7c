import { describe, expect, it } from 'vitest';
import { isCurrentBreadcrumb, notFoundBreadcrumbs } from './breadcrumbs.ts';

describe('notFoundBreadcrumbs', () => {
  it('is Главная / 404 with the current page last and unlinked', () => {
    expect(notFoundBreadcrumbs()).toEqual([
      { text: 'Главная', href: '/' },
      { text: '404', href: '' },
    ]);
  });

  it('returns a fresh array each time', () => {
    const first = notFoundBreadcrumbs();
    first.pop();
    expect(notFoundBreadcrumbs()).toHaveLength(2);
  });
});

describe('isCurrentBreadcrumb', () => {
  it('only the last item is current', () => {
    const crumbs = notFoundBreadcrumbs();
    expect(isCurrentBreadcrumb(crumbs, 1)).toBe(true);
    expect(isCurrentBreadcrumb(crumbs, 0)).toBe(false);
    expect(isCurrentBreadcrumb([], -1)).toBe(false);
  });
});
