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

describe('Bits over a word range (decision 0066)', () => {
  it('keeps a range of positions in its own words', () => {
    const bits = Bits.range(1000, 70, 200);
    expect(bits.count()).toBe(130);
    expect([bits.lo, bits.hi]).toEqual([2, 7]);
    expect(bits.has(69)).toBe(false);
    expect(bits.has(70)).toBe(true);
    expect(bits.has(199)).toBe(true);
    expect(bits.has(200)).toBe(false);
    expect(Bits.range(64, 0, 64).count()).toBe(64);
    expect(Bits.range(100, 32, 32).count()).toBe(0);
  });

  it('narrows to the words both have, zeroing the rest, and widens on union and add', () => {
    const wide = Bits.all(1000);
    const narrow = Bits.range(1000, 300, 400);
    const both = wide.clone().and(narrow);
    expect([both.lo, both.hi]).toEqual([9, 13]);
    expect(both.count()).toBe(100);
    // Words outside the range are zero, read directly.
    expect(both.words.slice(0, 9).every((w) => w === 0)).toBe(true);
    expect(both.words.slice(13).every((w) => w === 0)).toBe(true);
    const apart = Bits.range(1000, 0, 10).and(Bits.range(1000, 900, 1000));
    expect(apart.count()).toBe(0);
    expect(apart.words.every((w) => w === 0)).toBe(true);
    const united = Bits.range(1000, 0, 10).or(narrow);
    expect([united.lo, united.hi, united.count()]).toEqual([0, 13, 110]);
    united.add(999);
    expect([united.lo, united.hi, united.count()]).toEqual([0, 32, 111]);
    expect(wide.countAnd(narrow)).toBe(100);
    const seen: number[] = [];
    Bits.fromIndexes(1000, [640, 5, 700]).forEach((i) => seen.push(i));
    expect(seen).toEqual([5, 640, 700]);
  });

  it('copies only the words of a given range', () => {
    const bits = Bits.fromIndexes(1000, [1, 100, 500, 900]);
    const part = bits.copyRange(2, 20);
    expect([part.lo, part.hi]).toEqual([2, 20]);
    const seen: number[] = [];
    part.forEach((i) => seen.push(i));
    expect(seen).toEqual([100, 500]);
    expect(bits.count()).toBe(4);
  });
});
