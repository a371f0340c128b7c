import { describe, expect, it } from 'vitest';
import * as domain from './index.ts';

describe('@store/domain entry', () => {
  it('re-exports every module', () => {
    for (const name of [
      'DEFAULT_CITY_ALIAS',
      'PAGE_SIZES',
      'COOKIE',
      'pathnameOf',
      'isNumericId',
      'parsePageSegment',
      'isServedBySite',
      'navigationTarget',
      'parseRedirectPatterns',
      'resolveCity',
      'parseCityIdParam',
      'stripQueryParam',
      'formatPrice',
      'pluralize',
      'formatHours',
      'discountPercent',
      'shouldRequestSeo',
      'seoLookupUrl',
      'seoRedirect',
      'addToSearchHistory',
      'loadingBarProgress',
      'shouldShowLoadingBar',
      'shouldReloadAfterChunkError',
      'isChunkLoadError',
      'layoutForPath',
      'showsMobileTabBar',
      'isMobileAppMode',
      'notFoundBreadcrumbs',
    ]) {
      expect(domain, name).toHaveProperty(name);
    }
  });
});
