// A fixed-size bitset over product positions in the catalogue index. Words outside [lo, hi) are always
// zero (decision 0066): the catalogue lays a category's products at consecutive positions, so a category
// page's sets live in its own range of words, and every operation here reads and writes that range only,
// not the whole catalogue's (31,250 words at a million products).
export class Bits {
  readonly words: Uint32Array;
  /** The first word that may be non-zero. */
  lo: number;
  /** One past the last word that may be non-zero (lo === hi: the set is empty). */
  hi: number;

  constructor(
    readonly size: number,
    words?: Uint32Array,
    lo?: number,
    hi?: number,
  ) {
    this.words = words ?? new Uint32Array((size + 31) >>> 5);
    this.lo = lo ?? 0;
    this.hi = hi ?? (words ? this.words.length : 0);
  }

  static fromIndexes(size: number, indexes: ArrayLike<number>): Bits {
    const bits = new Bits(size);
    for (let i = 0; i < indexes.length; i++) bits.add(indexes[i]!);
    return bits;
  }

  static all(size: number): Bits {
    return Bits.range(size, 0, size);
  }

  /** Positions from..to-1. */
  static range(size: number, from: number, to: number): Bits {
    const bits = new Bits(size);
    if (to <= from) return bits;
    const first = from >>> 5;
    const last = (to - 1) >>> 5;
    const words = bits.words;
    words.fill(0xffffffff, first, last + 1);
    words[first]! &= ~0 << (from & 31);
    const tail = to & 31;
    if (tail !== 0) words[last]! &= (1 << tail) - 1;
    bits.lo = first;
    bits.hi = last + 1;
    return bits;
  }

  add(i: number) {
    const w = i >>> 5;
    this.words[w]! |= 1 << (i & 31);
    if (this.lo === this.hi) {
      this.lo = w;
      this.hi = w + 1;
    } else if (w < this.lo) this.lo = w;
    else if (w >= this.hi) this.hi = w + 1;
  }

  delete(i: number) {
    this.words[i >>> 5]! &= ~(1 << (i & 31));
  }

  has(i: number): boolean {
    return (this.words[i >>> 5]! & (1 << (i & 31))) !== 0;
  }

  clone(): Bits {
    return this.copyRange(this.lo, this.hi);
  }

  /** A copy of the words from..to-1 alone (the rest zero): the set restricted to another set's range. */
  copyRange(from: number, to: number): Bits {
    const lo = Math.max(from, this.lo);
    const hi = Math.min(to, this.hi);
    const copy = new Bits(this.size);
    if (lo >= hi) return copy;
    copy.words.set(this.words.subarray(lo, hi), lo);
    copy.lo = lo;
    copy.hi = hi;
    return copy;
  }

  /**
   * In place: this = the words from..to-1 of `source` alone (default its whole range). `this` must be
   * empty (all words zero, as `clear` leaves it): a scratch set reused instead of a new copy.
   */
  setTo(source: Bits, from = source.lo, to = source.hi): this {
    const lo = Math.max(from, source.lo);
    const hi = Math.min(to, source.hi);
    if (lo >= hi) return this;
    this.words.set(source.words.subarray(lo, hi), lo);
    this.lo = lo;
    this.hi = hi;
    return this;
  }

  /** In place: the empty set again, zeroing only the words that may be non-zero ([lo, hi)). */
  clear(): this {
    this.words.fill(0, this.lo, this.hi);
    this.lo = this.hi = 0;
    return this;
  }

  /** In place: this = this AND other. */
  and(other: Bits): this {
    const a = this.words;
    const b = other.words;
    const lo = Math.max(this.lo, other.lo);
    const hi = Math.min(this.hi, other.hi);
    if (lo >= hi) {
      a.fill(0, this.lo, this.hi);
      this.lo = this.hi = 0;
      return this;
    }
    a.fill(0, this.lo, lo);
    a.fill(0, hi, this.hi);
    for (let w = lo; w < hi; w++) a[w]! &= b[w]!;
    this.lo = lo;
    this.hi = hi;
    return this;
  }

  /** In place: this = this OR other. */
  or(other: Bits): this {
    if (other.lo >= other.hi) return this;
    const a = this.words;
    const b = other.words;
    for (let w = other.lo; w < other.hi; w++) a[w]! |= b[w]!;
    if (this.lo >= this.hi) {
      this.lo = other.lo;
      this.hi = other.hi;
    } else {
      this.lo = Math.min(this.lo, other.lo);
      this.hi = Math.max(this.hi, other.hi);
    }
    return this;
  }

  count(): number {
    let n = 0;
    const a = this.words;
    for (let w = this.lo; w < this.hi; w++) n += popcount(a[w]!);
    return n;
  }

  /** How many positions are set in both (this AND other), without a bitset for the intersection. */
  countAnd(other: Bits): number {
    let n = 0;
    const a = this.words;
    const b = other.words;
    const hi = Math.min(this.hi, other.hi);
    for (let w = Math.max(this.lo, other.lo); w < hi; w++) n += popcount(a[w]! & b[w]!);
    return n;
  }

  /** How many of the given positions are set. */
  countOf(indexes: ArrayLike<number>): number {
    let n = 0;
    const a = this.words;
    for (let k = 0; k < indexes.length; k++) {
      const i = indexes[k]!;
      if ((a[i >>> 5]! & (1 << (i & 31))) !== 0) n++;
    }
    return n;
  }

  forEach(fn: (i: number) => void) {
    const a = this.words;
    for (let w = this.lo; w < this.hi; w++) {
      let word = a[w]!;
      while (word !== 0) {
        const t = word & -word;
        fn((w << 5) + (31 - Math.clz32(t)));
        word ^= t;
      }
    }
  }
}

/** The number of set bits of a 32-bit word. */
export function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}
