import { describe, expect, it } from 'vitest';
import { Bits } from './bits.ts';

describe('Bits', () => {
  it('sets, tests, counts and iterates across word boundaries', () => {
    const bits = Bits.fromIndexes(100, [0, 31, 32, 63, 64, 99]);
    expect(bits.has(31)).toBe(true);
    expect(bits.has(30)).toBe(false);
    expect(bits.count()).toBe(6);
    const seen: number[] = [];
    bits.forEach((i) => seen.push(i));
    expect(seen).toEqual([0, 31, 32, 63, 64, 99]);
  });

  it('builds a full set without bits past the end', () => {
    expect(Bits.all(70).count()).toBe(70);
    expect(Bits.all(64).count()).toBe(64);
  });

  it('intersects, unites and counts positions', () => {
    const a = Bits.fromIndexes(40, [1, 2, 3, 35]);
    const b = Bits.fromIndexes(40, [2, 3, 4, 35]);
    expect(a.clone().and(b).count()).toBe(3);
    expect(a.clone().or(b).count()).toBe(5);
    expect(a.countOf([1, 4, 35, 39])).toBe(2);
    expect(a.countAnd(b)).toBe(3);
    expect(a.count()).toBe(4); // neither changed
    expect(b.count()).toBe(4);
  });
});
