import { describe, expect, it } from 'vitest';
import {
  canonicalListingQuery,
  filterDependents,
  filtersHref,
  hasListingModifiers,
  listingBasePath,
  pageHref,
  sortHref,
  withoutOrphanDependents,
} from './listing-url.ts';

describe('listing addresses', () => {
  it('strips the page segment and a trailing slash', () => {
    expect(listingBasePath('/catalog/smartfony/224/page-3')).toBe('/catalog/smartfony/224');
    expect(listingBasePath('/catalog/smartfony/224/')).toBe('/catalog/smartfony/224');
    expect(listingBasePath('/search/page-2')).toBe('/search');
    expect(listingBasePath('/catalog/brand/apple')).toBe('/catalog/brand/apple');
  });

  it('puts page N in the path, none for page 1, and keeps the query with readable brackets', () => {
    const search = 'filter%5Bbrand%5D%5B%5D=1&order_by=price&page=4';
    expect(pageHref('/catalog/x/224', 2, search)).toBe('/catalog/x/224/page-2?filter[brand][]=1&order_by=price');
    expect(pageHref('/catalog/x/224', 1, search)).toBe('/catalog/x/224?filter[brand][]=1&order_by=price');
    expect(pageHref('/search', 3, 'q=tv')).toBe('/search/page-3?q=tv');
  });

  it('cleans a plain form submission: empty range sides, unsorted values, page and default sort go', () => {
    const form = new URLSearchParams([
      ['q', 'tv'],
      ['filter[brand][]', '9'],
      ['filter[brand][]', '1'],
      ['filter[price][from][]', ''],
      ['filter[price][to][]', '5000'],
      ['order_by', '-relevance'],
      ['page', '2'],
    ]);
    const clean = canonicalListingQuery(form, 'search');
    expect([...clean]).toEqual([
      ['q', 'tv'],
      ['filter[brand][]', '1'],
      ['filter[brand][]', '9'],
      ['filter[price][to][]', '5000'],
    ]);
    // Stable: cleaning again changes nothing, so the loader's redirect cannot loop.
    expect(canonicalListingQuery(clean, 'search').toString()).toBe(clean.toString());
    expect(canonicalListingQuery('order_by=price', 'listing').toString()).toBe('order_by=price');
    expect(canonicalListingQuery('filter[price][from][]=abc', 'listing').toString()).toBe('');
  });

  it('goes back to page 1 when filters or sort change', () => {
    expect(filtersHref('/catalog/x/224', 'order_by=price&page=3', { brand: { values: ['2'] } })).toBe(
      '/catalog/x/224?order_by=price&filter[brand][]=2',
    );
    expect(sortHref('/catalog/x/224', 'filter[brand][]=2', '-price', 'listing')).toBe(
      '/catalog/x/224?filter[brand][]=2&order_by=-price',
    );
    expect(sortHref('/catalog/x/224', 'order_by=price', '-popularity', 'listing')).toBe('/catalog/x/224');
    expect(hasListingModifiers('q=tv')).toBe(false);
    expect(hasListingModifiers('filter%5Bbrand%5D%5B%5D=2')).toBe(true);
  });

  it('drops dependent sub-filters whose parent has no selection', () => {
    const filters = [
      { code: 'brand', parent_code: null },
      { code: 'series', parent_code: 'brand' },
      { code: 'model', parent_code: 'series' },
    ];
    expect(filterDependents(filters)).toEqual({ brand: ['series'], series: ['model'] });
    expect(withoutOrphanDependents({ series: { values: ['3'] }, model: { values: ['4'] } }, filters)).toEqual({});
    const kept = { brand: { values: ['1'] }, series: { values: ['3'] } };
    expect(withoutOrphanDependents(kept, filters)).toEqual(kept);
  });
});
