import { describe, expect, it } from 'vitest';
import { addToSearchHistory, isSameSearchQuery } from './search-history.ts';

describe('addToSearchHistory', () => {
  it('puts the newest query first', () => {
    expect(addToSearchHistory(['tv'], 'iphone')).toEqual(['iphone', 'tv']);
    expect(addToSearchHistory([], 'iphone')).toEqual(['iphone']);
  });

  it('trims and collapses inner whitespace', () => {
    expect(addToSearchHistory([], '  iphone   15 ')).toEqual(['iphone 15']);
  });

  it('moves a repeated query to the front without duplicating it, case-insensitively', () => {
    expect(addToSearchHistory(['tv', 'iPhone', 'radio'], ' IPHONE ')).toEqual(['IPHONE', 'tv', 'radio']);
    expect(addToSearchHistory(['Телевизор', 'радио'], 'телевизор')).toEqual(['телевизор', 'радио']);
  });

  it('keeps at most 7 entries, dropping the oldest', () => {
    const seven = ['7', '6', '5', '4', '3', '2', '1'];
    const next = addToSearchHistory(seven, '8');
    expect(next).toEqual(['8', '7', '6', '5', '4', '3', '2']);
    expect(next).toHaveLength(7);
  });

  it('re-searching an entry of a full history keeps all 7', () => {
    const seven = ['7', '6', '5', '4', '3', '2', '1'];
    expect(addToSearchHistory(seven, '1')).toEqual(['1', '7', '6', '5', '4', '3', '2']);
  });

  it('ignores blank text', () => {
    expect(addToSearchHistory(['tv'], '')).toEqual(['tv']);
    expect(addToSearchHistory(['tv'], '   ')).toEqual(['tv']);
  });

  it('cleans stored blanks, duplicates and overflow', () => {
    const stored = ['a', '', 'A', ' b ', 'c', 'd', 'e', 'f', 'g', 'h'];
    expect(addToSearchHistory(stored, '')).toEqual(['a', 'b', 'c', 'd', 'e', 'f', 'g']);
  });

  it('does not mutate the given history', () => {
    const history = Object.freeze(['tv']);
    expect(addToSearchHistory(history, 'radio')).toEqual(['radio', 'tv']);
    expect(history).toEqual(['tv']);
  });

  it('honours a custom limit', () => {
    expect(addToSearchHistory(['b', 'c', 'd'], 'a', 3)).toEqual(['a', 'b', 'c']);
    expect(addToSearchHistory(['b'], 'a', 0)).toEqual([]);
  });
});

describe('isSameSearchQuery', () => {
  it('compares trimmed, case-insensitively, with collapsed spaces', () => {
    expect(isSameSearchQuery(' iPhone  15', 'iphone 15')).toBe(true);
    expect(isSameSearchQuery('iphone', 'iphone 15')).toBe(false);
  });
});
