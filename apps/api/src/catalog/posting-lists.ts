// Flat building blocks of the catalogue index (decision 0053): growing lists of numbers in one typed
// array, and posting lists grouped by key, counted and then filled into one Int32Array. A million
// products make a handful of large arrays this way, not a number[] per category, brand, model or
// specification value grown by push and copied again (the collector walked those, not the arithmetic).
import { YIELD_EVERY, yieldToRequests } from './yield.ts';

type Growable = Int32Array | Uint16Array | Float64Array;

/** A growing list of numbers in one typed array (doubled when full); the suggestion index's lists too. */
export class NumberList<A extends Growable> {
  length = 0;
  private data: A;

  constructor(
    private readonly Type: { new (length: number): A },
    capacity = 1024,
  ) {
    this.data = new Type(Math.max(16, capacity));
  }

  push(value: number) {
    if (this.length === this.data.length) {
      const bigger = new this.Type(this.data.length * 2);
      bigger.set(this.data);
      this.data = bigger;
    }
    this.data[this.length++] = value;
  }

  /** The values so far, sharing the buffer (valid until the next push). */
  view(): A {
    return this.data.subarray(0, this.length) as A;
  }
}

const BLOCK_BITS = 16;
const BLOCK_MASK = (1 << BLOCK_BITS) - 1;

/**
 * A growing list of numbers in blocks of 65,536: it never copies what it holds and wastes at most a
 * block, where a doubled NumberList copies everything at each doubling (128 MB at once for the suggestion
 * index's trigram lists at a million products, a 100 ms hold) and ends up to twice its size. For lists
 * that are read once, value by value, into an array of their exact size (the suggestion index's build).
 */
export class BlockList<A extends Int32Array | Uint16Array> {
  length = 0;
  private readonly blocks: A[] = [];

  constructor(private readonly Type: { new (length: number): A }) {}

  push(value: number) {
    const at = this.length & BLOCK_MASK;
    if (at === 0) this.blocks.push(new this.Type(BLOCK_MASK + 1));
    this.blocks[this.blocks.length - 1]![at] = value;
    this.length++;
  }

  get(k: number): number {
    return this.blocks[k >>> BLOCK_BITS]![k & BLOCK_MASK]!;
  }
}

const EMPTY = new Int32Array(0);
/**
 * Keys up to this size are looked up in a table indexed by the key (database ids are serial: the
 * largest is about the number of rows ever inserted); larger or negative keys in a Map.
 */
const DENSE_KEYS = 1 << 24;

/** Key → local id (0, 1, 2… in order of first appearance), in a table or a Map. */
class KeyTable {
  private readonly table: Int32Array | null;
  private readonly map: Map<number, number> | null;

  constructor(min: number, max: number) {
    const dense = min >= 0 && max < DENSE_KEYS;
    this.table = dense ? new Int32Array(max + 1).fill(-1) : null;
    this.map = dense ? null : new Map();
  }

  get(key: number): number {
    if (this.table) {
      return Number.isInteger(key) && key >= 0 && key < this.table.length ? this.table[key]! : -1;
    }
    return this.map!.get(key) ?? -1;
  }

  set(key: number, local: number) {
    if (this.table) this.table[key] = local;
    else this.map!.set(key, local);
  }
}

/**
 * Lists of numbers (product positions) grouped by key: key k's list is a slice of one array. Lists
 * keep the order the entries came in; keys() answers the keys in order of first appearance, as a Map
 * filled entry by entry would.
 */
export class PostingLists {
  private constructor(
    private readonly locals: KeyTable,
    private readonly keyOf: Int32Array | Float64Array,
    private readonly start: Int32Array,
    private readonly all: Int32Array,
  ) {}

  /**
   * Groups entries 0…count-1 by keys[k] (entries whose key is `skip` are left out); an entry's value
   * is values[k], or k itself without `values`. Two passes: count per key, then fill. Pauses every
   * YIELD_EVERY entries of each pass.
   */
  static async group(
    keys: ArrayLike<number>,
    count: number,
    options: { skip?: number; values?: ArrayLike<number> } = {},
  ): Promise<PostingLists> {
    const { skip, values } = options;
    let min = Infinity;
    let max = -Infinity;
    for (let k = 0; k < count; k++) {
      const key = keys[k]!;
      if (key === skip) continue;
      if (key < min) min = key;
      if (key > max) max = key;
    }
    const locals = new KeyTable(min === Infinity ? 0 : min, max === -Infinity ? 0 : max);
    const keyOf = new NumberList(Float64Array, 64);
    let counts = new Int32Array(64);
    for (let k = 0; k < count; k++) {
      if (k % YIELD_EVERY === YIELD_EVERY - 1) await yieldToRequests();
      const key = keys[k]!;
      if (key === skip) continue;
      let local = locals.get(key);
      if (local < 0) {
        local = keyOf.length;
        locals.set(key, local);
        keyOf.push(key);
        if (local === counts.length) {
          const bigger = new Int32Array(counts.length * 2);
          bigger.set(counts);
          counts = bigger;
        }
      }
      counts[local]!++;
    }
    const distinct = keyOf.length;
    const start = new Int32Array(distinct + 1);
    for (let local = 0; local < distinct; local++) start[local + 1] = start[local]! + counts[local]!;
    const all = new Int32Array(start[distinct]!);
    const next = start.slice(0, distinct);
    for (let k = 0; k < count; k++) {
      if (k % YIELD_EVERY === YIELD_EVERY - 1) await yieldToRequests();
      const key = keys[k]!;
      if (key === skip) continue;
      all[next[locals.get(key)]!++] = values ? values[k]! : k;
    }
    return new PostingLists(locals, keyOf.view().slice(), start, all);
  }

  static empty(): PostingLists {
    return new PostingLists(new KeyTable(0, 0), new Float64Array(0), new Int32Array(1), EMPTY);
  }

  /** The key's list (a view: not to be written to), or undefined when no entry had it. */
  get(key: number): Int32Array | undefined {
    const local = this.locals.get(key);
    return local < 0 ? undefined : this.all.subarray(this.start[local], this.start[local + 1]);
  }

  /** Every key with a list, in order of first appearance. */
  keys(): ArrayLike<number> & Iterable<number> {
    return this.keyOf;
  }

  get size(): number {
    return this.keyOf.length;
  }
}

/** Integers read since the last pause, shared by the lists of one build (most lists are short). */
export class ReadCount {
  sincePause = 0;
}

/**
 * Calls `each` with every integer of a comma-separated list as string_agg writes it ("12,15,40") and
 * its place in the list, read digit by digit: no array of strings per list. Pauses after every
 * YIELD_EVERY integers counted in `read`, across lists (a list holds up to a chunk's products).
 */
export async function eachInteger(text: string, read: ReadCount, each: (n: number, k: number) => void): Promise<void> {
  let n = 0;
  let digits = false;
  let negative = false;
  let k = 0;
  for (let c = 0; c <= text.length; c++) {
    const code = c < text.length ? text.charCodeAt(c) : COMMA;
    if (code === COMMA) {
      if (!digits) continue;
      each(negative ? -n : n, k++);
      n = 0;
      digits = false;
      negative = false;
      if (++read.sincePause === YIELD_EVERY) {
        read.sincePause = 0;
        await yieldToRequests();
      }
    } else if (code === MINUS) {
      negative = true;
    } else {
      n = n * 10 + (code - ZERO);
      digits = true;
    }
  }
}

const COMMA = 44;
const MINUS = 45;
const ZERO = 48;

/** Appends `value` to the list kept under `key`, starting the list on first use. */
export function pushToList<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}
