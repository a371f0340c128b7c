// A fixed-size bitset over product positions in the catalogue index.
export class Bits {
  readonly words: Uint32Array;

  constructor(
    readonly size: number,
    words?: Uint32Array,
  ) {
    this.words = words ?? new Uint32Array((size + 31) >>> 5);
  }

  static fromIndexes(size: number, indexes: ArrayLike<number>): Bits {
    const bits = new Bits(size);
    for (let i = 0; i < indexes.length; i++) bits.add(indexes[i]!);
    return bits;
  }

  static all(size: number): Bits {
    const bits = new Bits(size);
    bits.words.fill(0xffffffff);
    const tail = size & 31;
    if (tail !== 0) bits.words[bits.words.length - 1] = (1 << tail) - 1;
    return bits;
  }

  add(i: number) {
    this.words[i >>> 5]! |= 1 << (i & 31);
  }

  delete(i: number) {
    this.words[i >>> 5]! &= ~(1 << (i & 31));
  }

  has(i: number): boolean {
    return (this.words[i >>> 5]! & (1 << (i & 31))) !== 0;
  }

  clone(): Bits {
    return new Bits(this.size, this.words.slice());
  }

  /** In place: this = this AND other. */
  and(other: Bits): this {
    const a = this.words;
    const b = other.words;
    for (let w = 0; w < a.length; w++) a[w]! &= b[w]!;
    return this;
  }

  /** In place: this = this OR other. */
  or(other: Bits): this {
    const a = this.words;
    const b = other.words;
    for (let w = 0; w < a.length; w++) a[w]! |= b[w]!;
    return this;
  }

  count(): number {
    let n = 0;
    const a = this.words;
    for (let w = 0; w < a.length; w++) n += popcount(a[w]!);
    return n;
  }

  /** How many positions are set in both (this AND other), without a bitset for the intersection. */
  countAnd(other: Bits): number {
    let n = 0;
    const a = this.words;
    const b = other.words;
    for (let w = 0; w < a.length; w++) n += popcount(a[w]! & b[w]!);
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
    for (let w = 0; w < a.length; w++) {
      let word = a[w]!;
      while (word !== 0) {
        const t = word & -word;
        fn((w << 5) + (31 - Math.clz32(t)));
        word ^= t;
      }
    }
  }
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  x = (x + (x >>> 4)) & 0x0f0f0f0f;
  return Math.imul(x, 0x01010101) >>> 24;
}
