import { describe, expect, it } from 'vitest';
import { LISTING_DEFAULTS } from './constants.ts';
import {
  DEFAULT_SORT,
  SORT_CONTROL_LEAD,
  SORT_LABELS,
  isSortCode,
  parseSort,
  sortLabel,
  sortOptions,
} from './sorting.ts';

describe('sortOptions', () => {
  it('lists the category options, default first, without relevance', () => {
    expect(sortOptions('listing')).toEqual([
      { code: '-popularity', label: 'По популярности', shortLabel: 'популярности' },
      { code: 'price', label: 'По возрастанию цены', shortLabel: 'возрастанию цены' },
      { code: '-price', label: 'По убыванию цены', shortLabel: 'убыванию цены' },
      { code: '-rating', label: 'По рейтингу', shortLabel: 'рейтингу' },
      { code: '-novelty', label: 'По новизне', shortLabel: 'новизне' },
      { code: '-discount', label: 'По размеру скидки', shortLabel: 'размеру скидки' },
    ]);
  });

  it('puts relevance first on search and keeps the rest', () => {
    const options = sortOptions('search');
    expect(options[0]).toEqual({ code: '-relevance', label: 'По релевантности', shortLabel: 'релевантности' });
    expect(options.slice(1)).toEqual(sortOptions('listing'));
  });

  it('short labels read as Russian after the control lead', () => {
    const texts = sortOptions('search').map((option) => `${SORT_CONTROL_LEAD} ${option.shortLabel}`);
    expect(texts).toContain('Сортировать по популярности');
    expect(texts).toContain('Сортировать по возрастанию цены');
    expect(texts).toContain('Сортировать по релевантности');
  });
});

describe('sortLabel', () => {
  it('keeps what follows the word "по"', () => {
    expect(sortLabel('По популярности')).toBe('популярности');
    expect(sortLabel('По размеру скидки')).toBe('размеру скидки');
    expect(sortLabel('по рейтингу')).toBe('рейтингу');
    expect(sortLabel('ПО НОВИЗНЕ')).toBe('НОВИЗНЕ');
  });

  it('cuts only at the whole word, not at a word starting with "по"', () => {
    expect(sortLabel('Популярные')).toBe('Популярные');
    expect(sortLabel('Сначала популярные')).toBe('Сначала популярные');
    expect(sortLabel('Сортировать по цене')).toBe('цене');
    expect(sortLabel('Подбор по цене')).toBe('цене');
  });

  it('cuts at the first "по" only', () => {
    expect(sortLabel('По цене по возрастанию')).toBe('цене по возрастанию');
  });

  it('leaves a label with nothing after "по" as it is, trimmed', () => {
    expect(sortLabel('По')).toBe('По');
    expect(sortLabel(' По ')).toBe('По');
    expect(sortLabel('')).toBe('');
  });

  it('copes with extra and no-break spaces', () => {
    expect(sortLabel('  По   убыванию цены ')).toBe('убыванию цены');
    expect(sortLabel('По\u00A0новизне')).toBe('новизне');
  });
});

describe('parseSort', () => {
  it('accepts every offered code', () => {
    for (const { code } of sortOptions('listing')) expect(parseSort(code, 'listing')).toBe(code);
    for (const { code } of sortOptions('search')) expect(parseSort(code, 'search')).toBe(code);
  });

  it('falls back to -popularity on listings and -relevance on search', () => {
    expect(parseSort(null, 'listing')).toBe('-popularity');
    expect(parseSort(undefined, 'search')).toBe('-relevance');
    expect(parseSort('', 'listing')).toBe('-popularity');
    expect(parseSort('name', 'search')).toBe('-relevance');
    expect(DEFAULT_SORT).toEqual({ listing: LISTING_DEFAULTS.sort, search: LISTING_DEFAULTS.searchSort });
  });

  it('does not offer relevance outside search', () => {
    expect(parseSort('-relevance', 'listing')).toBe('-popularity');
    expect(isSortCode('-relevance', 'listing')).toBe(false);
    expect(isSortCode('-relevance', 'search')).toBe(true);
  });

  it('is exact about direction and case', () => {
    expect(parseSort('popularity', 'listing')).toBe('-popularity');
    expect(parseSort('-PRICE', 'listing')).toBe('-popularity');
    expect(parseSort('--price', 'listing')).toBe('-popularity');
    expect(parseSort('rating', 'listing')).toBe('-popularity');
  });

  it('reads "+price" (a space once the query is decoded) as price', () => {
    const params = new URLSearchParams('order_by=+price');
    expect(parseSort(params.get('order_by'), 'listing')).toBe('price');
    expect(parseSort(' -price ', 'listing')).toBe('-price');
  });

  it('ignores inherited object keys', () => {
    expect(parseSort('toString', 'listing')).toBe('-popularity');
    expect(parseSort('constructor', 'search')).toBe('-relevance');
  });

  it('has a label for every code', () => {
    for (const { code } of sortOptions('search')) expect(SORT_LABELS[code]).toMatch(/^По /);
  });
});
