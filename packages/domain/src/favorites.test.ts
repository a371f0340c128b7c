import { describe, expect, it } from 'vitest';
import {
  FAVORITES_LIMIT,
  mergeIdLists,
  parseIdList,
  serializeIdList,
  toggleFavorite,
  toggleIdInList,
} from './favorites.ts';

const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

describe('toggleFavorite', () => {
  it('adds a new id at the end and says it was an add', () => {
    expect(toggleFavorite([3, 1], 7)).toEqual({ ids: [3, 1, 7], added: true });
    expect(toggleFavorite([], 7)).toEqual({ ids: [7], added: true });
  });

  it('removes a present id and says it was not an add', () => {
    expect(toggleFavorite([3, 7, 1], 7)).toEqual({ ids: [3, 1], added: false });
    expect(toggleFavorite([7], 7)).toEqual({ ids: [], added: false });
  });

  it('toggling twice restores the list', () => {
    const once = toggleFavorite([1, 2], 3);
    expect(toggleFavorite(once.ids, 3)).toEqual({ ids: [1, 2], added: false });
  });

  it('removes every copy of a repeated id and cleans invalid ones', () => {
    expect(toggleFavorite([7, 1, 7, 0, -2, 1.5], 7)).toEqual({ ids: [1], added: false });
  });

  it('drops the oldest past 200', () => {
    const full = range(1, FAVORITES_LIMIT);
    const next = toggleFavorite(full, 999);
    expect(next.added).toBe(true);
    expect(next.ids).toHaveLength(200);
    expect(next.ids[0]).toBe(2);
    expect(next.ids.at(-1)).toBe(999);
  });

  it('does not mutate its input', () => {
    const ids = Object.freeze([1, 2]);
    toggleFavorite(ids, 3);
    toggleFavorite(ids, 1);
    expect(ids).toEqual([1, 2]);
  });

  it('rejects an id that is not a positive safe integer', () => {
    for (const bad of [0, -1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 60]) {
      expect(() => toggleFavorite([], bad)).toThrow(RangeError);
    }
  });
});

describe('toggleIdInList', () => {
  it('reports the ids the limit pushed out', () => {
    expect(toggleIdInList([1, 2, 3], 4, 3)).toEqual({ ids: [2, 3, 4], added: true, dropped: [1] });
    expect(toggleIdInList([1, 2, 3], 2, 3)).toEqual({ ids: [1, 3], added: false, dropped: [] });
  });

  it('trims a list that was already over the limit', () => {
    expect(toggleIdInList([1, 2, 3, 4], 5, 3)).toEqual({ ids: [3, 4, 5], added: true, dropped: [1, 2] });
  });
});

describe('parseIdList', () => {
  it('reads comma-joined ids in order', () => {
    expect(parseIdList('12,7,40')).toEqual([12, 7, 40]);
    expect(parseIdList('5')).toEqual([5]);
  });

  it('gives [] for a missing or empty cookie', () => {
    expect(parseIdList(undefined)).toEqual([]);
    expect(parseIdList(null)).toEqual([]);
    expect(parseIdList('')).toEqual([]);
    expect(parseIdList(',,')).toEqual([]);
  });

  it('keeps positive integers only', () => {
    expect(parseIdList('1,0,-3,2.5,abc,,4,1e3,0x10,007,+8, 9 ')).toEqual([1, 4, 9]);
    expect(parseIdList('9007199254740993,3')).toEqual([3]);
  });

  it('de-duplicates, keeping the first position', () => {
    expect(parseIdList('3,1,3,2,1')).toEqual([3, 1, 2]);
  });

  it('reads a still URL-encoded value', () => {
    expect(parseIdList('1%2C2%2c3')).toEqual([1, 2, 3]);
  });

  it('keeps at most 200, the newest (last) ones', () => {
    const ids = parseIdList(range(1, 250).join(','));
    expect(ids).toHaveLength(200);
    expect(ids[0]).toBe(51);
    expect(ids.at(-1)).toBe(250);
    expect(parseIdList('1,2,3', 2)).toEqual([2, 3]);
  });
});

describe('serializeIdList', () => {
  it('joins with commas', () => {
    expect(serializeIdList([12, 7, 40])).toBe('12,7,40');
    expect(serializeIdList([])).toBe('');
  });

  it('drops invalid and repeated ids, at most 200', () => {
    expect(serializeIdList([1, 0, -1, 1.5, Number.NaN, 1, 2])).toBe('1,2');
    expect(serializeIdList(range(1, 201)).split(',')).toHaveLength(200);
    expect(serializeIdList(range(1, 201)).startsWith('2,')).toBe(true);
  });

  it('round-trips with parseIdList', () => {
    const ids = [5, 300, 2, 99_999_999];
    expect(parseIdList(serializeIdList(ids))).toEqual(ids);
  });
});

describe('mergeIdLists (§4 Start-up: cookie ids merged into the account)', () => {
  it('keeps the account ids first, adds the new cookie ids after them, without repeats', () => {
    expect(mergeIdLists([5, 3], [3, 9, 5, 11])).toEqual([5, 3, 9, 11]);
  });
  it('keeps the newest ids within the limit and drops invalid ones', () => {
    expect(mergeIdLists([1, 2, 3], [4, 0, -1, 5], 3)).toEqual([3, 4, 5]);
    expect(mergeIdLists([], [])).toEqual([]);
  });
});
