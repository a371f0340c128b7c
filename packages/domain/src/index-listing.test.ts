import { describe, expect, it } from 'vitest';
import * as domain from './index.ts';

describe('@store/domain entry: listing, compare and favourites rules', () => {
  it('re-exports them', () => {
    for (const name of [
      'parseFilterQuery',
      'serializeFilterQuery',
      'withFilters',
      'toggleFilterValue',
      'setFilterRange',
      'removeFilter',
      'clearFilters',
      'selectedFilterTags',
      'isFiltered',
      'filterCount',
      'sortOptions',
      'sortLabel',
      'parseSort',
      'toggleCompare',
      'compareCategories',
      'activeCompareCategory',
      'differingSpecifications',
      'onlyDifferencesState',
      'changeActiveCategory',
      'COMPARE_CATEGORY_COOKIE_MAX_AGE_S',
      'toggleFavorite',
      'parseIdList',
      'serializeIdList',
      'parseListingTheme',
      'LISTING_THEME_COOKIE_MAX_AGE_S',
    ]) {
      expect(domain, name).toHaveProperty(name);
    }
  });
});
