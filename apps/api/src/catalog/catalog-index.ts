// The catalogue index: every active product's listing facts in typed arrays, specification values as
// posting lists, and bitsets per category. Facet counts ("how many products would this value give with
// the other selections") are bitset intersections in memory, which stays within a few milliseconds
// even for a 100,000-product category, where one SQL count per facet would not (docs/decisions/0004).
// Built flat (decision 0053): rows are read straight into columns and flat lists, and every posting
// list is a slice of one array per kind, counted and then filled (posting-lists.ts).
import type { DatabaseHandle } from '@store/db';
import {
  listFilterSpecifications,
  listIndexBrands,
  listIndexCategories,
  listIndexProductColumns,
  listIndexProductColumnsOf,
  listIndexListValues,
  listIndexListValuesOf,
  listIndexRangeValues,
  listIndexRangeValuesOf,
  listIndexSeries,
  listIndexTags,
  listIndexTagsOf,
  listSpecificationValues,
  retrieveActiveProductBounds,
} from '../data/catalog-index.ts';
import { Bits } from './bits.ts';
import { eachInteger, NumberList, PostingLists, pushToList, ReadCount } from './posting-lists.ts';
import { SuggestionIndex } from './suggestion-index.ts';
import { YIELD_EVERY, yieldToRequests } from './yield.ts';
import { errorFields, type Logger } from '../logger.ts';

export type SortCode = '-popularity' | 'price' | '-price' | '-rating' | '-novelty' | '-discount' | '-relevance';

export interface SpecDef {
  id: number;
  code: string;
  name: string;
  kind: 'list' | 'range';
  unit: string | null;
  sort: number;
  categoryId: number | null;
}

interface Named {
  name: string;
  code: string;
}

export interface RangeSelection {
  from: number | null;
  to: number | null;
}

/** Selected values per facet code: value ids for list facets, from/to for ranges (price in rubles). */
export interface IndexSelection {
  list: Map<string, Set<number>>;
  range: Map<string, RangeSelection>;
}

export interface FacetOut {
  code: string;
  name: string;
  type: 'list' | 'range';
  unit: string | null;
  parentCode: string | null;
  values: { id: number; name: string; count: number; selected: boolean }[];
  range: { min: number; max: number; from: number | null; to: number | null } | null;
}

/** The «В наличии» facet: one value, the products the purchase rule calls in stock in the city. */
export const IN_STOCK_FACET = { code: 'in_stock', name: 'Наличие', valueId: 1, valueName: 'В наличии' } as const;
/**
 * How old a city's «В наличии» set may get before it is read again. Stock changes with every order
 * (and cancel), so the set is kept apart from the catalogue index (rebuilt every 5 minutes) and read
 * per city at most this often: a product sold out a moment ago may stay in the filter this long.
 */
export const IN_STOCK_MAX_AGE_MS = 30_000;

/**
 * One city's in-stock set: `ready` once read; `refreshing` while a fresh read (`next`) runs behind a
 * stale one.
 */
interface InStockEntry {
  at: number;
  bits: Promise<Bits>;
  ready: boolean;
  refreshing?: Promise<void>;
  next?: Promise<Bits>;
}
/** Cities whose «В наличии» set is kept (the oldest read is dropped first). */
const IN_STOCK_CITIES = 256;

export interface FacetQuery {
  /** Products the page covers before any filter (a category subtree, a brand, search matches…). */
  scope: Bits;
  /** The city's in-stock products (the «В наличии» facet); without it the facet is left out. */
  inStock?: Bits | null;
  /** A category narrowing that the category facet ignores (search and brand pages with a category). */
  categoryScope?: Bits | null;
  /** Which facets to count, in display order: 'price', 'brand', 'series' or specification codes. */
  facetCodes: string[];
  selection: IndexSelection;
  sort: SortCode;
  /** Product positions in relevance order (search). */
  relevance?: Int32Array;
  offset: number;
  limit: number;
  /** Count products per category over the result (search, brand and tag pages). */
  withCategoryCounts?: boolean;
  /**
   * What the page is and which filters it has (city, scope, selection; not the sort or the page): the
   * result and facet counts of one key are kept for FACET_CACHE_MS (decision 0059). Without it nothing is kept.
   */
  cacheKey?: string;
}

export interface FacetResult {
  productIds: number[];
  count: number;
  facets: FacetOut[];
  categoryCounts: Map<number, number>;
}

// Products read per query. On PGlite a query runs on the store's own thread: 100,000 products' columns in
// one query held it about a second at 100,000 products.
const PRODUCT_CHUNK = 10_000;
/** A specification's kind in the build's lookup table by id (0: not a filter). */
const LIST = 1;
const RANGE = 2;
/** Search texts whose matches an index keeps (each at most SEARCH_LIMIT positions: 20 KB). */
export const SEARCH_CACHE_SIZE = 500;
/** The order of brand and series names (one collator, not one per comparison). */
const RUSSIAN = new Intl.Collator('ru');
/**
 * How long a listing's result and facet counts are kept for the same page, city and filters (decision
 * 0059). Every change the index learns (prices, stock, a rebuild) drops them at once; the time only
 * bounds how long an unused answer takes memory.
 */
export const FACET_CACHE_MS = 5_000;
/** Listings whose result and counts are kept (each holds one bitset: 125 KB at a million products). */
const FACET_CACHE_SIZE = 128;
/**
 * Pages up to this far (offset + limit) are found from the result's ranks (CatalogIndex.page); deeper
 * ones (a page number in the hundreds) walk the sort order.
 */
const PAGE_BY_RANK_UP_TO = 10_000;
/** The sorts that read prices (and the discount made of them): repaired when a price is patched. */
const PRICE_SORTS = ['price', '-price', '-discount'] as const;
/** Every sort's order is computed at build (CatalogIndex.sortAll); '-relevance' falls back to '-popularity'. */
const ALL_SORTS = ['-popularity', 'price', '-price', '-rating', '-novelty', '-discount'] as const;
/** Positions sorted at once before the slices are merged: about 5–10 ms of native sort each. */
const SORT_RUN = 16_384;
/** The ranks are counted into 2^RANK_BUCKET_BITS buckets to find the page's without sorting them all. */
const RANK_BUCKET_BITS = 10;

interface FacetCacheEntry {
  at: number;
  inStock: Bits | null;
  result: Bits;
  count: number;
  facets: FacetOut[];
  categoryCounts: Map<number, number>;
}

/**
 * A range specification's numbers: product idx[k] has value[k] (in position order). `byValue` (built on
 * first use, rangeByValue) lists the k ascending by value, so a facet's minimum and maximum over a set
 * are the first and the last of them in the set (no walk of the whole column), and a filter's products
 * are one slice of it.
 */
interface RangeColumn {
  idx: Int32Array;
  value: Float64Array;
  byValue?: Int32Array;
}

/** Counts over one set of products, kept while one query runs (and for a cached scope, with the index). */
type Counts = Map<unknown, Int32Array>;
/** Positions grouped by a column's value: group g (value ids[g]) is positions[start[g]..start[g+1]). */
interface ColumnGroups {
  ids: Int32Array;
  start: Int32Array;
  positions: Int32Array;
}

/** A listing's filtered sets counted in one walk (CatalogIndex.tally). */
interface Tally {
  /** The result's counts (code null) or «without code»'s; null when the walk did not count that. */
  counts(code: string | null, what: 'keys' | Int32Array): Int32Array | null;
}
/**
 * A facet's counts over the page's products ('base') or over the products every other filter keeps
 * ('within'): 'keys' for specification values, or an id column (brand, series).
 */
type FacetCounter = (set: 'base' | 'within', what: 'keys' | Int32Array) => Int32Array;

export class CatalogIndex {
  size = 0;
  builtAt = 0;
  /** When the build began reading: its rows are at least as new as this (search from memory: decision 0078). */
  readFrom = 0;
  private productIds = new Int32Array(0);
  private positionOf = new Int32Array(0);
  private category = new Int32Array(0);
  private brand = new Int32Array(0);
  private series = new Int32Array(0);
  private model = new Int32Array(0);
  private price = new Int32Array(0);
  private discount = new Float32Array(0);
  private rating = new Int16Array(0);
  private popularity = new Int32Array(0);
  private created = new Float64Array(0);

  private categories = new Map<number, { parentId: number | null; path: number[]; name: string; code: string }>();
  private children = new Map<number, number[]>();
  /** Positions per category, brand, series, model and tag, ascending (tags: in the order read). */
  private categoryMembers = PostingLists.empty();
  private brands = new Map<number, Named>();
  private seriesInfo = new Map<number, Named & { brandId: number }>();
  private brandPostings = PostingLists.empty();
  private seriesPostings = PostingLists.empty();
  private modelPostings = PostingLists.empty();
  private tagPostings = PostingLists.empty();
  private specs = new Map<number, SpecDef>();
  private specsByCode = new Map<string, SpecDef[]>();
  private specValues = new Map<number, { id: number; name: string; sort: number }[]>();
  /** Per list specification, per value: positions (views of one array, like the range columns). */
  private listPostings = new Map<number, Map<number, Int32Array>>();
  /**
   * The same pairs by product (decision 0059): product i's list keys (a value id, or a key above every
   * value id for a value filed under another specification) are productKeys[keyStart[i]..keyStart[i+1]).
   * Counting a facet over a few filtered products walks their values, not every value's whole list.
   */
  private keyStart = new Int32Array(1);
  private productKeys = new Int32Array(0);
  private keyCount = 0;
  /** What each key of productKeys and the list postings stands for (withProducts re-keys the pairs). */
  private listKeys = new ListKeys(new Uint8Array(0), new Int32Array(0), 0);
  private rangeColumns = new Map<number, RangeColumn>();

  /** Per category, its subtree's positions [start, end) (layOutByCategory). */
  private subtreeRange = new Map<number, [number, number]>();
  private subtreeCache = new Map<number, Bits>();
  private inStockCache = new Map<number, InStockEntry>();
  /** How long the last in-stock read took (inStockMaxAgeMs). */
  private lastInStockReadMs = 0;
  private orderCache = new Map<string, Int32Array>();
  /** relatedTo's walks: a category's own products by price (until a price changes), a subtree's by popularity. */
  private byPriceCache = new Map<number, Int32Array>();
  private popularCache = new Map<number, Int32Array>();
  /** Per sort, each position's place in the order (the inverse of orderCache's arrays). */
  private rankCache = new Map<string, Int32Array>();
  private columnMax = new Map<Int32Array, number>();
  /**
   * Counts over the scopes the index keeps and never changes (categoryScope's subtrees): which values a
   * category page has at all, counted once per index instead of on every listing of the category.
   */
  private scopeCounts = new WeakMap<Bits, Counts>();
  /** The same scopes' products grouped by brand and by series (countColumnInGroups), built on first use. */
  private scopeGroups = new WeakMap<Bits, Map<Int32Array, ColumnGroups>>();
  private facetCache = new Map<string, FacetCacheEntry>();
  /** How long a listing's counts are kept (FACET_CACHE_MS; 0 keeps none: bench/listing-profile.ts). */
  facetCacheMs = FACET_CACHE_MS;
  /**
   * Whether `query` takes its working bitsets (filters, the result, «without one filter» sets) from
   * `spareBits` and gives them back when it returns, instead of a new 125 KB array per set at a million
   * products (decision 0086). Off only for a bench's A/B (bench/listing-profile.ts --ab).
   */
  reuseBits = true;
  /** Empty bitsets of this index's size for `query`'s working sets, kept between calls. */
  private spareBits: Bits[] = [];
  /** The working sets the call under way took from `spareBits` (query is synchronous: one call at a time). */
  private lentBits: Bits[] = [];
  private searchCache = new Map<string, Promise<Int32Array>>();

  /** Loads every active product; reads in chunks so a million products do not mean a million objects at once. */
  static async build(handle: DatabaseHandle): Promise<CatalogIndex> {
    const index = new CatalogIndex();
    index.readFrom = Date.now();
    await index.load(handle);
    await index.sortAll();
    return index;
  }

  /**
   * A new index for `old` after the products `changedIds` were added, hidden, moved or otherwise changed
   * (catalog-events.ts; decision 0088): only those products are read from the database, with the small
   * tables (categories, brands, series, specifications); every other product's facts, tags, values and
   * numbers come from `old`'s arrays, and the sorts are `old`'s with the changed products put where they
   * now belong (`reordered`). Positions are laid out again as a build lays them out, so the answers are
   * a fresh build's on the database as it is now, given that nothing else changed since `old` was built.
   * At a million products a build reads for a minute; this reads a handful of rows. `old` keeps serving,
   * unchanged, while this runs; its kept «В наличии» sets move to the new positions, and the changed
   * products' stock is patched in by the caller (CatalogIndexHolder.patchProducts).
   */
  static async withProducts(
    old: CatalogIndex,
    handle: DatabaseHandle,
    changedIds: readonly number[],
  ): Promise<CatalogIndex> {
    const ids = [...new Set(changedIds)].filter((id) => Number.isInteger(id) && id > 0).sort((a, b) => a - b);
    const read = new ReadCount();
    // The changed products as they are now (the ones still active), parsed into columns of their own.
    const fresh = new CatalogIndex();
    const [r] = await listIndexProductColumnsOf(handle, ids);
    const freshMaxId = ids.length > 0 ? ids[ids.length - 1]! : 0;
    fresh.allocate(ids.length, freshMaxId);
    fresh.size = await fresh.readColumns(r!, 0, read);
    const changed = new Uint8Array(Math.max(old.positionOf.length, freshMaxId + 1));
    for (const id of ids) changed[id] = 1;
    let kept = 0;
    for (const id of ids) if (id < old.positionOf.length && old.positionOf[id]! >= 0) kept++;

    // Every product in id order, as a build reads them: the old ones unchanged, the fresh ones in their place.
    const index = new CatalogIndex();
    index.readFrom = old.readFrom;
    index.facetCacheMs = old.facetCacheMs;
    index.reuseBits = old.reuseBits;
    const maxId = changed.length - 1;
    index.allocate(old.size - kept + fresh.size, maxId);
    let i = 0;
    for (let id = 1; id <= maxId; id++) {
      if (id % YIELD_EVERY === 0) await yieldToRequests();
      const from = changed[id] === 1 ? fresh : old;
      const p = id < from.positionOf.length ? from.positionOf[id]! : -1;
      if (p >= 0) index.copyProduct(from, p, i++);
    }
    await index.groupColumns(handle);

    // Tags: each tag's products in id order, the changed ones as the database has them now.
    const freshTags = new Map<number, number[]>();
    for (const row of await listIndexTagsOf(handle, ids)) {
      const tagged: number[] = [];
      await eachInteger(String(row[1]), read, (id) => tagged.push(id));
      freshTags.set(Number(row[0]), tagged);
    }
    const tagIds = new NumberList(Int32Array, index.size);
    const tagged = new NumberList(Int32Array, index.size);
    const tagKeys = new Set<number>([...Array.from(old.tagPostings.keys()), ...freshTags.keys()]);
    for (const tagId of tagKeys) {
      // The old list (in id order) without the changed products, the few fresh ones merged in by id.
      const before = old.tagPostings.get(tagId) ?? new Int32Array(0);
      const after = freshTags.get(tagId) ?? [];
      const add = (id: number) => {
        const pos = index.positionOf[id] ?? -1;
        if (pos < 0) return;
        tagIds.push(tagId);
        tagged.push(pos);
      };
      let f = 0;
      for (let k = 0; k < before.length; k++) {
        if (k % YIELD_EVERY === YIELD_EVERY - 1) await yieldToRequests();
        const id = old.productIds[before[k]!]!;
        while (f < after.length && after[f]! < id) add(after[f++]!);
        if (!changed[id]) add(id);
      }
      while (f < after.length) add(after[f++]!);
    }
    index.tagPostings = await PostingLists.group(tagIds.view(), tagIds.length, { values: tagged.view() });

    // Specification values: the old products' pairs and numbers from `old`, the changed products' read.
    const keys = await index.readSpecifications(handle);
    const freshPairs = new Map<number, number[]>();
    for (const row of await listIndexListValuesOf(handle, ids)) {
      const specId = Number(row[0]);
      const valueId = Number(row[1]);
      await eachInteger(String(row[2]), read, (id) => {
        let pairs = freshPairs.get(id);
        if (!pairs) freshPairs.set(id, (pairs = []));
        pairs.push(specId, valueId);
      });
    }
    const listKeys = new NumberList(Int32Array, old.productKeys.length + 64);
    const listPositions = new NumberList(Int32Array, old.productKeys.length + 64);
    const push = (specId: number, valueId: number, pos: number) => {
      if (keys.kindOf(specId) !== LIST) return;
      listKeys.push(keys.keyOf(specId, valueId));
      listPositions.push(pos);
    };
    for (let id = 1; id <= maxId; id++) {
      if (id % YIELD_EVERY === 0) await yieldToRequests();
      const pos = index.positionOf[id]!;
      if (pos < 0) continue;
      if (changed[id]) {
        const pairs = freshPairs.get(id) ?? [];
        for (let k = 0; k < pairs.length; k += 2) push(pairs[k]!, pairs[k + 1]!, pos);
        continue;
      }
      const p = old.positionOf[id]!;
      for (let k = old.keyStart[p]!; k < old.keyStart[p + 1]!; k++) {
        const key = old.productKeys[k]!;
        push(old.listKeys.specOf(key), old.listKeys.valueOf(key), pos);
      }
    }
    await index.indexListPairs(keys, listKeys.view(), listPositions.view());

    const freshNumbers = new Map<number, { ids: number[]; values: number[] }>();
    for (const row of await listIndexRangeValuesOf(handle, ids)) {
      const numbers = String(row[2]).split(',').map(Number);
      const rowIds: number[] = [];
      await eachInteger(String(row[1]), read, (id) => rowIds.push(id));
      freshNumbers.set(Number(row[0]), { ids: rowIds, values: numbers });
    }
    const rangeSpecs = new NumberList(Int32Array, index.size);
    const rangePositions = new NumberList(Int32Array, index.size);
    const rangeValues = new NumberList(Float64Array, index.size);
    const rangeSpecIds = new Set<number>([...old.rangeColumns.keys(), ...freshNumbers.keys()]);
    for (const specId of rangeSpecIds) {
      if (keys.kindOf(specId) !== RANGE) continue;
      const before = old.rangeColumns.get(specId) ?? { idx: new Int32Array(0), value: new Float64Array(0) };
      const after = freshNumbers.get(specId) ?? { ids: [], values: [] };
      // Both in id order: merged, the old entries of changed products left out.
      let a = 0;
      let b = 0;
      for (let k = 0; ; k++) {
        if (k % YIELD_EVERY === YIELD_EVERY - 1) await yieldToRequests();
        while (a < before.idx.length && changed[old.productIds[before.idx[a]!]!]) a++;
        const oldId = a < before.idx.length ? old.productIds[before.idx[a]!]! : Infinity;
        const newId = b < after.ids.length ? after.ids[b]! : Infinity;
        if (oldId === Infinity && newId === Infinity) break;
        const takeOld = oldId < newId;
        const id = takeOld ? oldId : newId;
        const value = takeOld ? before.value[a++]! : after.values[b++]!;
        const pos = index.positionOf[id] ?? -1;
        if (pos < 0) continue;
        rangeSpecs.push(specId);
        rangePositions.push(pos);
        rangeValues.push(value);
      }
      await yieldToRequests();
    }
    await index.indexRanges(rangeSpecs.view(), rangePositions.view(), rangeValues.view());

    // The sorts: old's orders in the new positions, the changed products put back where they belong.
    const freshPositions: number[] = [];
    for (const id of ids) {
      const pos = index.positionOf[id] ?? -1;
      if (pos >= 0) freshPositions.push(pos);
    }
    for (const key of ALL_SORTS) {
      const before = old.orderCache.get(key);
      if (!before) {
        index.orderCache.set(key, await sortedWithPauses(index.size, index.comparator(key)));
        continue;
      }
      const mapped = new Int32Array(index.size);
      let at = 0;
      for (let k = 0; k < before.length; k++) {
        if (k % YIELD_EVERY === YIELD_EVERY - 1) await yieldToRequests();
        const id = old.productIds[before[k]!]!;
        if (!changed[id]) mapped[at++] = index.positionOf[id]!;
      }
      for (const pos of freshPositions) mapped[at++] = pos;
      index.orderCache.set(key, reordered(mapped, freshPositions, index.comparator(key)));
      await yieldToRequests();
    }

    // The cities' «В наличии» sets read so far, moved to the new positions (one city's read is 10–15 s of
    // the database at a million products); the changed products are left out until the caller patches them.
    for (const [cityId, entry] of old.inStockCache) {
      if (!entry.ready) continue;
      const bits = await entry.bits;
      const moved = new Bits(index.size);
      bits.forEach((p) => {
        const id = old.productIds[p]!;
        if (!changed[id]) moved.add(index.positionOf[id]!);
      });
      index.inStockCache.set(cityId, { at: entry.at, bits: Promise.resolve(moved), ready: true });
    }
    index.lastInStockReadMs = old.lastInStockReadMs;
    index.builtAt = old.builtAt;
    return index;
  }

  /**
   * Every sort computed while building, a slice at a time with pauses between (sortedWithPauses): asked
   * first by a listing, a sort of a million positions held the thread 0.3–1.2 s, once per sort after every
   * build (decision 0082). Six Int32Arrays of the index's size.
   */
  private async sortAll() {
    for (const key of ALL_SORTS) this.orderCache.set(key, await sortedWithPauses(this.size, this.comparator(key)));
  }

  /** Empty columns for `total` products, and no position yet for any id up to `maxId`. */
  private allocate(total: number, maxId: number) {
    this.size = total;
    this.productIds = new Int32Array(total);
    this.positionOf = new Int32Array(maxId + 1).fill(-1);
    this.category = new Int32Array(total);
    this.brand = new Int32Array(total);
    this.series = new Int32Array(total);
    this.model = new Int32Array(total);
    this.price = new Int32Array(total);
    this.discount = new Float32Array(total);
    this.rating = new Int16Array(total);
    this.popularity = new Int32Array(total);
    this.created = new Float64Array(total);
  }

  /**
   * One row of listIndexProductColumns (each column the products' values as text, in id order) into the
   * columns from `first` on, as far as they have room; answers how many products it put there.
   */
  private async readColumns(r: unknown[], first: number, read: ReadCount): Promise<number> {
    // Products that became active after the count are left for the next build.
    const room = this.productIds.length - first;
    let n = 0;
    await eachInteger(String(r[0]), read, (id, k) => {
      if (k >= room) return;
      this.productIds[first + k] = id;
      this.positionOf[id] = first + k;
      n = k + 1;
    });
    const into = (column: Int32Array | Int16Array) => (value: number, k: number) => {
      if (k < n) column[first + k] = value;
    };
    await eachInteger(String(r[1]), read, into(this.category));
    await eachInteger(String(r[2]), read, into(this.brand));
    await eachInteger(String(r[3]), read, into(this.series));
    await eachInteger(String(r[4]), read, into(this.model));
    await eachInteger(String(r[5]), read, into(this.price));
    await eachInteger(String(r[6]), read, (old, k) => {
      if (k >= n) return;
      const price = this.price[first + k]!;
      this.discount[first + k] = old > price ? (old - price) / old : 0;
    });
    await eachInteger(String(r[7]), read, into(this.rating));
    await eachInteger(String(r[8]), read, into(this.popularity));
    const created = String(r[9]).split(',');
    for (let k = 0; k < n; k++) {
      if (k % YIELD_EVERY === YIELD_EVERY - 1) await yieldToRequests();
      this.created[first + k] = Number(created[k]);
    }
    return n;
  }

  /** Product `p` of `from` at position `to` of this index (before layOutByCategory: products in id order). */
  private copyProduct(from: CatalogIndex, p: number, to: number) {
    this.productIds[to] = from.productIds[p]!;
    this.positionOf[from.productIds[p]!] = to;
    this.category[to] = from.category[p]!;
    this.brand[to] = from.brand[p]!;
    this.series[to] = from.series[p]!;
    this.model[to] = from.model[p]!;
    this.price[to] = from.price[p]!;
    this.discount[to] = from.discount[p]!;
    this.rating[to] = from.rating[p]!;
    this.popularity[to] = from.popularity[p]!;
    this.created[to] = from.created[p]!;
  }

  private async load(handle: DatabaseHandle) {
    const { maxId, count: total } = await retrieveActiveProductBounds(handle);
    // On PGlite the count is half a second on the store's thread: requests go first before the next query.
    await yieldToRequests();
    this.allocate(total, maxId);

    // The products' own facts straight into their columns, a chunk's column at a time; the category,
    // brand, series and model lists are grouped from those columns afterwards.
    const read = new ReadCount();
    let i = 0;
    for (let from = 0; from <= maxId; from += PRODUCT_CHUNK) {
      const [r] = await listIndexProductColumns(handle, from, from + PRODUCT_CHUNK);
      i += await this.readColumns(r!, i, read);
    }
    this.size = i;
    await this.groupColumns(handle);
    // Tags, lists and ranges come grouped from the database, product ids as text: read into flat lists.
    const tagIds = new NumberList(Int32Array, total);
    const tagged = new NumberList(Int32Array, total);
    for (const r of await listIndexTags(handle)) {
      const tagId = Number(r[0]);
      await eachInteger(String(r[1]), read, (id) => {
        const pos = this.positionOf[id] ?? -1;
        if (pos < 0) return;
        tagIds.push(tagId);
        tagged.push(pos);
      });
    }
    this.tagPostings = await PostingLists.group(tagIds.view(), tagIds.length, { values: tagged.view() });

    const keys = await this.readSpecifications(handle);
    // Every product's value of a filterable specification into flat lists: list values as (key,
    // position), numbers as (specification, position, number); grouped once all are read.
    const listKeys = new NumberList(Int32Array, total * 4);
    const listPositions = new NumberList(Int32Array, total * 4);
    const rangeSpecs = new NumberList(Int32Array, total);
    const rangePositions = new NumberList(Int32Array, total);
    const rangeValues = new NumberList(Float64Array, total);
    for (let from = 0; from <= maxId; from += PRODUCT_CHUNK) {
      for (const r of await listIndexListValues(handle, from, from + PRODUCT_CHUNK)) {
        const specId = Number(r[0]);
        if (keys.kindOf(specId) !== LIST) continue;
        const key = keys.keyOf(specId, Number(r[1]));
        await eachInteger(String(r[2]), read, (id) => {
          const pos = this.positionOf[id] ?? -1;
          if (pos < 0) return;
          listKeys.push(key);
          listPositions.push(pos);
        });
      }
      for (const r of await listIndexRangeValues(handle, from, from + PRODUCT_CHUNK)) {
        const specId = Number(r[0]);
        if (keys.kindOf(specId) !== RANGE) continue;
        const numbers = String(r[2]).split(',');
        await eachInteger(String(r[1]), read, (id, k) => {
          const pos = this.positionOf[id] ?? -1;
          if (pos < 0) return;
          rangeSpecs.push(specId);
          rangePositions.push(pos);
          rangeValues.push(Number(numbers[k]));
        });
      }
    }
    await this.indexListPairs(keys, listKeys.view(), listPositions.view());
    await this.indexRanges(rangeSpecs.view(), rangePositions.view(), rangeValues.view());
    this.builtAt = Date.now();
  }

  /**
   * With every product in its columns (in id order): the category tree read, positions laid out by
   * category, and the category, brand, series and model lists grouped; brand and series names read.
   */
  private async groupColumns(handle: DatabaseHandle) {
    for (const r of await listIndexCategories(handle)) {
      const id = Number(r[0]);
      const parentId = r[1] === null ? null : Number(r[1]);
      this.categories.set(id, {
        parentId,
        path: (r[2] as number[]).map(Number),
        name: String(r[3]),
        code: String(r[4]),
      });
      if (parentId !== null) pushToList(this.children, parentId, id);
    }
    await this.layOutByCategory();
    const n = this.size;
    this.categoryMembers = await PostingLists.group(this.category, n);
    this.brandPostings = await PostingLists.group(this.brand, n);
    this.seriesPostings = await PostingLists.group(this.series, n, { skip: 0 });
    this.modelPostings = await PostingLists.group(this.model, n, { skip: 0 });
    for (const r of await listIndexBrands(handle)) {
      this.brands.set(Number(r[0]), { name: String(r[1]), code: String(r[2]) });
    }
    for (const r of await listIndexSeries(handle)) {
      this.seriesInfo.set(Number(r[0]), { name: String(r[1]), code: String(r[2]), brandId: Number(r[3]) });
    }
  }

  /** The filterable specifications and their values; answers the keys their pairs are listed under. */
  private async readSpecifications(handle: DatabaseHandle): Promise<ListKeys> {
    let maxSpecId = 0;
    for (const r of await listFilterSpecifications(handle)) {
      const spec: SpecDef = {
        id: Number(r[0]),
        code: String(r[1]),
        name: String(r[2]),
        kind: r[3] === 'range' ? 'range' : 'list',
        unit: r[4] === null ? null : String(r[4]),
        sort: Number(r[5]),
        categoryId: r[6] === null ? null : Number(r[6]),
      };
      this.specs.set(spec.id, spec);
      pushToList(this.specsByCode, spec.code, spec);
      maxSpecId = Math.max(maxSpecId, spec.id);
    }
    // A row's specification kind by id, looked up per row without a Map (ids are serial and few).
    const specKind = new Uint8Array(maxSpecId + 1);
    for (const spec of this.specs.values()) specKind[spec.id] = spec.kind === 'list' ? LIST : RANGE;
    let maxValueId = 0;
    const valueRows = await listSpecificationValues(handle);
    for (const r of valueRows) {
      pushToList(this.specValues, Number(r[1]), { id: Number(r[0]), name: String(r[2]), sort: Number(r[3]) });
      maxValueId = Math.max(maxValueId, Number(r[0]));
    }
    const valueSpec = new Int32Array(maxValueId + 1);
    for (const r of valueRows) valueSpec[Number(r[0])] = Number(r[1]);
    return new ListKeys(specKind, valueSpec, maxValueId);
  }

  /** The (key, position) pairs of list values grouped by key, and again by product (productKeys). */
  private async indexListPairs(keys: ListKeys, pairKeys: Int32Array, pairPositions: Int32Array) {
    const n = this.size;
    const lists = await PostingLists.group(pairKeys, pairKeys.length, { values: pairPositions });
    // The pairs again by product: counted per position, then filled (a counting sort).
    const keyStart = new Int32Array(n + 1);
    for (let k = 0; k < pairKeys.length; k++) {
      if (k % YIELD_EVERY === YIELD_EVERY - 1) await yieldToRequests();
      keyStart[pairPositions[k]! + 1]!++;
    }
    for (let p = 0; p < n; p++) keyStart[p + 1]! += keyStart[p]!;
    const next = keyStart.slice(0, n);
    const productKeys = new Int32Array(pairKeys.length);
    for (let k = 0; k < pairKeys.length; k++) {
      if (k % YIELD_EVERY === YIELD_EVERY - 1) await yieldToRequests();
      productKeys[next[pairPositions[k]!]!++] = pairKeys[k]!;
    }
    this.keyStart = keyStart;
    this.productKeys = productKeys;
    this.keyCount = keys.count;
    this.listKeys = keys;
    for (const key of lists.keys()) {
      const specId = keys.specOf(key);
      let values = this.listPostings.get(specId);
      if (!values) this.listPostings.set(specId, (values = new Map()));
      values.set(keys.valueOf(key), lists.get(key)!);
    }
  }

  /** The (specification, position, number) triples grouped by specification into two flat columns. */
  private async indexRanges(rangeSpecs: Int32Array, positions: Int32Array, numbers: Float64Array) {
    // Grouped by specification (in the order read), then gathered into two flat columns.
    const bySpec = await PostingLists.group(rangeSpecs, rangeSpecs.length);
    const rangeIdx = new Int32Array(rangeSpecs.length);
    const rangeValue = new Float64Array(rangeSpecs.length);
    let at = 0;
    for (const specId of bySpec.keys()) {
      const rows = bySpec.get(specId)!;
      const first = at;
      for (let k = 0; k < rows.length; k++, at++) {
        rangeIdx[at] = positions[rows[k]!]!;
        rangeValue[at] = numbers[rows[k]!]!;
      }
      this.rangeColumns.set(specId, { idx: rangeIdx.subarray(first, at), value: rangeValue.subarray(first, at) });
    }
  }

  /**
   * Puts a category's products at consecutive positions (decision 0066): positions follow the category
   * tree depth first, and within a category the product ids (the order they were read in), so every
   * category subtree is one range [start, end) and a category page's bitsets, columns and value lists
   * are its own stretch of memory instead of a product here and there across all of them. Runs before
   * anything is grouped by position; the tag, value and number lists read afterwards map ids through
   * positionOf. A product added, moved or hidden makes a new index laid out here again (withProducts);
   * prices and stock are patched at the position a product has.
   */
  private async layOutByCategory() {
    const n = this.size;
    // Every category a product or the tree names, visited depth first from the roots (no parent, or a
    // parent the index does not know); each id gets its place in that walk.
    // (A parent that is not active itself still holds its active children's range, as a walk of
    // `children` from it always found them.)
    const known = new Set<number>(this.categories.keys());
    for (const parentId of this.children.keys()) known.add(parentId);
    for (let p = 0; p < n; p++) known.add(this.category[p]!);
    const roots = [...known].filter((id) => {
      const parentId = this.categories.get(id)?.parentId ?? null;
      return parentId === null || !known.has(parentId);
    });
    roots.sort((a, b) => a - b);
    const walk: number[] = [];
    const visited = new Set<number>();
    const visit = (id: number) => {
      const stack = [id];
      while (stack.length > 0) {
        const next = stack.pop()!;
        if (visited.has(next)) continue;
        visited.add(next);
        walk.push(next);
        const children = this.children.get(next) ?? [];
        for (let c = children.length - 1; c >= 0; c--) stack.push(children[c]!);
      }
    };
    for (const id of roots) visit(id);
    // Nothing reaches a category in a cycle of parents from a root: each goes after the rest.
    for (const id of [...known].sort((a, b) => a - b)) visit(id);
    const place = new Map<number, number>();
    walk.forEach((id, k) => place.set(id, k));

    // A counting sort by place: stable, so a category's products keep ascending ids.
    const placeOf = new Int32Array(n);
    const starts = new Int32Array(walk.length + 1);
    for (let p = 0; p < n; p++) {
      const k = place.get(this.category[p]!)!;
      placeOf[p] = k;
      starts[k + 1]!++;
    }
    for (let k = 0; k < walk.length; k++) starts[k + 1]! += starts[k]!;
    const next = starts.slice(0, walk.length);
    const moveTo = new Int32Array(n);
    for (let p = 0; p < n; p++) {
      if (p % YIELD_EVERY === YIELD_EVERY - 1) await yieldToRequests();
      moveTo[p] = next[placeOf[p]!]!++;
    }
    // A pause every YIELD_EVERY products: ten columns moved at once held the thread 50–100 ms at a million.
    const moved = async <A extends Int32Array | Int16Array | Float32Array | Float64Array>(column: A): Promise<A> => {
      const out = column.slice() as A;
      for (let p = 0; p < n; p++) {
        if (p % YIELD_EVERY === YIELD_EVERY - 1) await yieldToRequests();
        out[moveTo[p]!] = column[p]!;
      }
      return out;
    };
    this.productIds = await moved(this.productIds);
    this.category = await moved(this.category);
    this.brand = await moved(this.brand);
    this.series = await moved(this.series);
    this.model = await moved(this.model);
    this.price = await moved(this.price);
    this.discount = await moved(this.discount);
    this.rating = await moved(this.rating);
    this.popularity = await moved(this.popularity);
    this.created = await moved(this.created);
    for (let p = 0; p < n; p++) {
      if (p % YIELD_EVERY === YIELD_EVERY - 1) await yieldToRequests();
      this.positionOf[this.productIds[p]!] = p;
    }

    // Each category subtree's range: from its first product in the walk to the end of its last
    // descendant's (the walk lays a subtree out in one piece).
    const end = new Int32Array(walk.length);
    for (let k = walk.length - 1; k >= 0; k--) {
      let last = starts[k + 1]!;
      for (const child of this.children.get(walk[k]!) ?? []) {
        const c = place.get(child);
        if (c !== undefined && c > k) last = Math.max(last, end[c]!);
      }
      end[k] = last;
    }
    this.subtreeRange.clear();
    walk.forEach((id, k) => this.subtreeRange.set(id, [starts[k]!, end[k]!]));
  }

  /* ---------- scopes ---------- */

  empty(): Bits {
    return new Bits(this.size);
  }

  everything(): Bits {
    return Bits.all(this.size);
  }

  categoryInfo(id: number) {
    return this.categories.get(id) ?? null;
  }

  /**
   * The positions [start, end) of a category and all its descendants (one range: layOutByCategory), or
   * null for a category the index has neither products nor a place for.
   */
  categoryRange(categoryId: number): readonly [number, number] | null {
    return this.subtreeRange.get(categoryId) ?? null;
  }

  /** Products of a category and all its descendants. */
  categoryScope(categoryId: number): Bits {
    const cached = this.subtreeCache.get(categoryId);
    if (cached) return cached;
    const [start, end] = this.subtreeRange.get(categoryId) ?? [0, 0];
    const bits = Bits.range(this.size, start, end);
    this.subtreeCache.set(categoryId, bits);
    this.scopeCounts.set(bits, new Map());
    return bits;
  }

  brandScope(brandId: number): Bits {
    return Bits.fromIndexes(this.size, this.brandPostings.get(brandId) ?? []);
  }

  seriesScope(seriesId: number): Bits {
    return Bits.fromIndexes(this.size, this.seriesPostings.get(seriesId) ?? []);
  }

  modelScope(modelId: number): Bits {
    return Bits.fromIndexes(this.size, this.modelPostings.get(modelId) ?? []);
  }

  tagScope(tagId: number): Bits {
    return Bits.fromIndexes(this.size, this.tagPostings.get(tagId) ?? []);
  }

  /** A listed product's price in kopecks as the index has it now (patched on change), or null. */
  priceOf(productId: number): number | null {
    const pos = productId >= 0 && productId < this.positionOf.length ? this.positionOf[productId]! : -1;
    return pos < 0 ? null : this.price[pos]!;
  }

  /** Positions of the given product ids, in the given order; unknown or inactive ids are skipped. */
  positionsOf(productIds: readonly number[]): Int32Array {
    const out: number[] = [];
    for (const id of productIds) {
      const pos = id >= 0 && id < this.positionOf.length ? this.positionOf[id]! : -1;
      if (pos >= 0) out.push(pos);
    }
    return Int32Array.from(out);
  }

  /**
   * The positions of a search's matching products, best first, read with `load` (product ids) once per
   * index and search text (`key`: its normalised words) and kept with the index (decision 0054): a
   * product change rebuilds the index (catalog-events.ts), and with it what a search finds; prices and
   * stock never change which products match. Concurrent searches share one read; a failed read is not
   * kept; at most SEARCH_CACHE_SIZE texts, the least recently asked go first.
   */
  searchPositions(key: string, load: () => Promise<readonly number[]>): Promise<Int32Array> {
    const hit = this.searchCache.get(key);
    if (hit) {
      this.searchCache.delete(key);
      this.searchCache.set(key, hit);
      return hit;
    }
    const positions = load().then((ids) => this.positionsOf(ids));
    this.searchCache.set(key, positions);
    if (this.searchCache.size > SEARCH_CACHE_SIZE) {
      const oldest = this.searchCache.keys().next().value;
      if (oldest !== undefined) this.searchCache.delete(oldest);
    }
    positions.catch(() => {
      if (this.searchCache.get(key) === positions) this.searchCache.delete(key);
    });
    return positions;
  }

  /** Forgets what every search found (the suggestion index it was found in changed). */
  dropSearches() {
    this.searchCache.clear();
  }

  /**
   * New prices of products in the index, patched in place (a price change published by any instance,
   * catalog-events.ts): listings sort, filter and count by them at once, without a rebuild. Answers how
   * many were in the index.
   */
  patchPrices(rows: readonly { id: number; price: number; priceOld: number }[]): number {
    let patched = 0;
    const moved: number[] = [];
    for (const { id, price, priceOld } of rows) {
      const pos = id >= 0 && id < this.positionOf.length ? this.positionOf[id]! : -1;
      if (pos < 0) continue;
      this.price[pos] = price;
      this.discount[pos] = priceOld > price ? (priceOld - price) / priceOld : 0;
      moved.push(pos);
      patched++;
    }
    // The sorts by price and discount are repaired where the patched products now belong, not sorted
    // again: a sort of a million positions held the thread 0.3–1.2 s on the first listing after every
    // price change (decision 0082). The other sorts do not read prices and stay. Ranks are rebuilt from
    // the repaired order when next asked (one pass).
    for (const key of PRICE_SORTS) {
      const order = this.orderCache.get(key);
      if (order) this.orderCache.set(key, reordered(order, moved, this.comparator(key)));
      this.rankCache.delete(key);
    }
    // Kept counts and the per-category walks by price were computed from the old prices.
    this.byPriceCache.clear();
    this.columnMax.clear();
    this.facetCache.clear();
    return patched;
  }

  /** Forgets every city's in-stock set: the next listing of a city reads it again (stock moved). */
  dropInStock() {
    this.inStockCache.clear();
    this.facetCache.clear();
  }

  /** Whether some city's in-stock set is kept (read or being read). */
  keepsInStock(): boolean {
    return this.inStockCache.size > 0;
  }

  /**
   * Stock of these products moved (an order, a cancel, an operator, on any instance): every kept
   * city's set learns in place whether each of them is in stock there now (`inStockByCity`: city id to
   * the ones in stock, read after the change committed). Sets still being read are patched once read,
   * as they may have read the rows before the change. Answers how many of the products are indexed.
   */
  patchInStock(productIds: readonly number[], inStockByCity: ReadonlyMap<number, ReadonlySet<number>>): number {
    const known = productIds.flatMap((id) => {
      const pos = id >= 0 && id < this.positionOf.length ? this.positionOf[id]! : -1;
      return pos < 0 ? [] : [{ id, pos }];
    });
    if (known.length === 0) return 0;
    for (const [cityId, entry] of this.inStockCache) {
      const here = inStockByCity.get(cityId);
      const patch = (bits: Bits) => {
        for (const { id, pos } of known) {
          if (here?.has(id)) bits.add(pos);
          else bits.delete(pos);
        }
        // Kept counts used the set as it was.
        this.facetCache.clear();
      };
      // A failed read is dropped by inStockScope; nothing to patch then.
      for (const bits of [entry.bits, entry.next]) void bits?.then(patch, () => {});
    }
    return known.length;
  }

  /**
   * The city's in-stock products as a bitset, read with `load` (product ids) at most every
   * IN_STOCK_MAX_AGE_MS; concurrent requests share one read, and a failed read is not kept. A set
   * older than that is still answered while one fresh read runs behind it (at 100,000 products the
   * read takes long enough to stall every listing of the city if they waited for it).
   */
  inStockScope(cityId: number, load: () => Promise<readonly number[]>, now = Date.now()): Promise<Bits> {
    const hit = this.inStockCache.get(cityId);
    // Fresh, or the first read still running: share it.
    if (hit && (now - hit.at < this.inStockMaxAgeMs() || !hit.ready)) return hit.bits;
    if (hit) {
      if (!hit.refreshing) {
        const bits = this.readInStock(load);
        hit.next = bits;
        hit.refreshing = bits.then(
          () => {
            if (this.inStockCache.get(cityId) === hit) this.remember(cityId, { at: now, bits, ready: true });
          },
          () => {
            // The old set stays; the next request tries again.
            hit.refreshing = undefined;
            hit.next = undefined;
          },
        );
      }
      return hit.bits;
    }
    const bits = this.readInStock(load);
    const entry: InStockEntry = { at: now, bits, ready: false };
    this.remember(cityId, entry);
    bits.then(
      () => {
        entry.ready = true;
      },
      () => {
        if (this.inStockCache.get(cityId) === entry) this.inStockCache.delete(cityId);
      },
    );
    return bits;
  }

  private readInStock(load: () => Promise<readonly number[]>): Promise<Bits> {
    const started = performance.now();
    return load().then((ids) => {
      this.lastInStockReadMs = performance.now() - started;
      return Bits.fromIndexes(this.size, this.positionsOf(ids));
    });
  }

  /**
   * How old a city's set may get: IN_STOCK_MAX_AGE_MS, or 20 times the last read when that is longer.
   * Every stock move is announced and patched into the kept sets (decision 0050), so the re-read only
   * catches what no announcement said; at 1,000,000 products one city's read takes 10–15 s of the
   * database, and a re-read every 30 s per city and instance was most of its load (decision 0056).
   */
  private inStockMaxAgeMs(): number {
    return Math.max(IN_STOCK_MAX_AGE_MS, 20 * this.lastInStockReadMs);
  }

  private remember(cityId: number, entry: InStockEntry) {
    this.inStockCache.delete(cityId);
    if (this.inStockCache.size >= IN_STOCK_CITIES) {
      const oldest = this.inStockCache.keys().next().value;
      if (oldest !== undefined) this.inStockCache.delete(oldest);
    }
    this.inStockCache.set(cityId, entry);
  }

  /** An empty working set for the query under way, given back (cleared) when it returns. */
  private scratch(): Bits {
    if (!this.reuseBits) return new Bits(this.size);
    const bits = this.spareBits.pop() ?? new Bits(this.size);
    this.lentBits.push(bits);
    return bits;
  }

  /** Every working set of the call back to `spareBits`, emptied, but `kept` (stored with a cached answer). */
  private giveBackScratch(kept: Bits | null) {
    for (const bits of this.lentBits) if (bits !== kept) this.spareBits.push(bits.clear());
    this.lentBits.length = 0;
  }

  /* ---------- facets ---------- */

  /** Specification facets of a category: its own filterable specifications, in their sort order. */
  specFacetCodes(categoryId: number | null): string[] {
    if (categoryId === null) return [];
    return [...this.specs.values()].filter((s) => s.categoryId === categoryId).map((s) => s.code);
  }

  /** The specification behind a facet code for a category (codes are unique within a category). */
  private specFor(code: string, categoryIds: ReadonlySet<number>): SpecDef | null {
    return (
      (this.specsByCode.get(code) ?? []).find((s) => s.categoryId !== null && categoryIds.has(s.categoryId)) ?? null
    );
  }

  /** Whether a facet code exists for these categories: unknown codes are the caller's 422. */
  knowsFacet(code: string, categoryIds: ReadonlySet<number>): boolean {
    return (
      code === 'price' ||
      code === 'brand' ||
      code === 'series' ||
      code === IN_STOCK_FACET.code ||
      this.specFor(code, categoryIds) !== null
    );
  }

  facetKind(code: string, categoryIds: ReadonlySet<number>): 'list' | 'range' | null {
    if (code === 'price') return 'range';
    if (code === 'brand' || code === 'series' || code === IN_STOCK_FACET.code) return 'list';
    return this.specFor(code, categoryIds)?.kind ?? null;
  }

  /**
   * A list filter's products within the words of `base` (the filter is only ever ANDed with its
   * products, so nothing outside its range counts). A brand's or series' list (ascending positions, across every category)
   * is cut to that range by binary search: a brand's products in one category, not in all of them.
   */
  private matchList(
    code: string,
    values: Set<number>,
    categoryIds: ReadonlySet<number>,
    inStock: Bits | null | undefined,
    base: Bits,
  ): Bits {
    if (code === IN_STOCK_FACET.code) {
      return values.has(IN_STOCK_FACET.valueId) && inStock
        ? this.scratch().setTo(inStock, base.lo, base.hi)
        : this.scratch();
    }
    const bits = this.scratch();
    if (code === 'brand' || code === 'series') {
      const postings = code === 'brand' ? this.brandPostings : this.seriesPostings;
      const from = base.lo << 5;
      const to = base.hi << 5;
      for (const v of values) {
        const list = postings.get(v);
        if (!list) continue;
        for (let k = firstAtLeast(list, from); k < list.length && list[k]! < to; k++) bits.add(list[k]!);
      }
      return bits;
    }
    const postings = this.listPostings.get(this.specFor(code, categoryIds)?.id ?? -1);
    for (const v of values) {
      const list = postings?.get(v);
      if (list) for (let k = 0; k < list.length; k++) bits.add(list[k]!);
    }
    return bits;
  }

  private matchRange(code: string, range: RangeSelection, scope: Bits, categoryIds: ReadonlySet<number>): Bits {
    const bits = this.scratch();
    const from = range.from ?? -Infinity;
    const to = range.to ?? Infinity;
    if (code === 'price') {
      // Prices are kopecks in the index and rubles in the query. The scope's words walked inline: a
      // callback per product was a third of this at a million products.
      const lo = from * 100;
      const hi = to * 100;
      const words = scope.words;
      const out = bits.words;
      const price = this.price;
      bits.lo = scope.lo;
      bits.hi = scope.hi;
      for (let w = scope.lo; w < scope.hi; w++) {
        let word = words[w]!;
        let kept = 0;
        while (word !== 0) {
          const t = word & -word;
          const p = price[(w << 5) + (31 - Math.clz32(t))]!;
          if (p >= lo && p <= hi) kept |= t;
          word ^= t;
        }
        out[w] = kept;
      }
      return bits;
    }
    const column = this.rangeColumns.get(this.specFor(code, categoryIds)?.id ?? -1);
    if (!column) return bits;
    // The values from..to are one slice of the column ordered by value.
    if (Number.isNaN(from) || Number.isNaN(to)) return bits;
    const byValue = rangeByValue(column);
    const value = column.value;
    let k = lowerBound(byValue, value, from);
    for (; k < byValue.length && value[byValue[k]!]! <= to; k++) bits.add(column.idx[byValue[k]!]!);
    return bits;
  }

  query(q: FacetQuery, categoryIds: ReadonlySet<number>): FacetResult {
    let kept: Bits | null = null;
    try {
      return this.answer(q, categoryIds, (result) => (kept = result));
    } finally {
      this.giveBackScratch(kept);
    }
  }

  /** `query`'s work; `keep` is told the result set when a cached answer holds on to it. */
  private answer(q: FacetQuery, categoryIds: ReadonlySet<number>, keep: (result: Bits) => void): FacetResult {
    const inStock = q.inStock ?? null;
    if (q.cacheKey !== undefined && this.facetCacheMs > 0) {
      const hit = this.facetCache.get(q.cacheKey);
      // A set read again since (a fresh read behind a stale one) is another set: the counts are not its.
      if (hit && hit.inStock === inStock && Date.now() - hit.at < this.facetCacheMs) {
        const { count, facets, categoryCounts } = hit;
        return { productIds: this.page(hit.result, count, q), count, facets, categoryCounts };
      }
    }
    let base = q.scope;
    if (q.categoryScope) base = this.scratch().setTo(base).and(q.categoryScope);

    // One bitset per active selection, then the result and, per active facet, the result without it.
    const matches = new Map<string, Bits>();
    // List filters are cut to the words of the products they are ANDed with: the page's (a category's
    // range), or the whole scope where the category facet counts without the category narrowing.
    const listScope = q.withCategoryCounts ? q.scope : base;
    for (const [code, values] of q.selection.list) {
      if (values.size > 0) matches.set(code, this.matchList(code, values, categoryIds, q.inStock, listScope));
    }
    // A range filter is tested only on the products it can decide something for: those every list filter
    // but at most one keeps (the result and each «without one filter» set hold no other). With brand and a
    // specification chosen the price is looked at for the products of either, not for the whole category.
    // The category facet of a brand or search page counts over all of `q.scope`, so it gets the whole test.
    const rangeScope = q.withCategoryCounts ? base : keptByAllButOne(base, [...matches.values()], () => this.scratch());
    for (const [code, range] of q.selection.range) {
      if (range.from !== null || range.to !== null)
        matches.set(code, this.matchRange(code, range, rangeScope, categoryIds));
    }
    // No bitset here is changed once made: `base` may be the caller's scope, and the same bitset standing
    // for two sets (the result without filters is the page itself) lets their counts be counted once.
    let result = base;
    if (matches.size > 0) {
      result = this.scratch().setTo(base);
      for (const bits of matches.values()) result.and(bits);
    }
    const without = (code: string): Bits => {
      if (!matches.has(code)) return result;
      // Its own filter is the only one: the facet counts over the page's products.
      if (matches.size === 1) return base;
      const bits = this.scratch().setTo(base);
      for (const [other, m] of matches) if (other !== code) bits.and(m);
      return bits;
    };

    // Counts per set of products, each counted once: the specification values of all facets that share
    // a set in one walk, brand and series per column. The page's own products are counted once per
    // scope the index keeps (a category subtree) and reused by every listing of it.
    const kept = base === q.scope ? (this.scopeCounts.get(q.scope) ?? null) : null;
    const perSet = new Map<Bits, Counts>();
    // The filtered sets (the result, and each «without its own filter» set) are counted together in one
    // walk of the products the filters keep all but one of (decision 0062): a product of the result is
    // visited once for every facet, a product only its own filter leaves out once for that facet, where
    // counting each set on its own visited the result's products once per set.
    let tally: Tally | null = null;
    const countsOf = (bits: Bits, what: 'keys' | Int32Array): Int32Array => {
      let store = bits === base && kept ? kept : perSet.get(bits);
      if (!store) perSet.set(bits, (store = new Map()));
      let out = store.get(what);
      if (!out) store.set(what, (out = what === 'keys' ? this.countKeys(bits) : this.countColumn(what, bits)));
      return out;
    };
    // «Without code» as a bitset only for the facets that look at its products (price, ranges, «В
    // наличии»): the counted facets read the walk's counts and need no copy of the page.
    const withoutSets = new Map<string, Bits>();
    const within = (code: string): Bits => {
      let bits = withoutSets.get(code);
      if (!bits) withoutSets.set(code, (bits = without(code)));
      return bits;
    };
    const countsFor =
      (code: string): FacetCounter =>
      (set, what) => {
        if (set === 'base') return countsOf(base, what);
        const own = matches.has(code);
        // No filter, or its own filter the only one: «without it» is the page itself.
        if (matches.size === 0 || (own && matches.size === 1)) return countsOf(base, what);
        tally ??= this.tally(base, matches, q.facetCodes, categoryIds, within);
        return tally.counts(own ? code : null, what) ?? countsOf(within(code), what);
      };

    const facets: FacetOut[] = [];
    for (const code of q.facetCodes) {
      const facet =
        code === IN_STOCK_FACET.code
          ? this.inStockFacet(within(code), base, q.selection, q.inStock)
          : this.facet(code, () => within(code), q.selection, categoryIds, countsFor(code));
      if (facet) facets.push(facet);
    }

    let categoryCounts = new Map<number, number>();
    if (q.withCategoryCounts) {
      // The category facet ignores the category narrowing, so the shopper can switch categories.
      const counted = q.categoryScope ? this.scratch().setTo(q.scope) : result;
      if (q.categoryScope) for (const m of matches.values()) counted.and(m);
      // Categories in the order of their smallest product id among the counted, as when positions
      // followed ids (the chips sort by count, and equal counts keep this order).
      const firstId = new Map<number, number>();
      counted.forEach((i) => {
        const c = this.category[i]!;
        categoryCounts.set(c, (categoryCounts.get(c) ?? 0) + 1);
        const id = this.productIds[i]!;
        if (!(firstId.get(c)! <= id)) firstId.set(c, id);
      });
      categoryCounts = new Map([...categoryCounts].sort((a, b) => firstId.get(a[0])! - firstId.get(b[0])!));
    }

    const count = result.count();
    if (q.cacheKey !== undefined && this.facetCacheMs > 0) {
      this.facetCache.delete(q.cacheKey);
      if (this.facetCache.size >= FACET_CACHE_SIZE) {
        const oldest = this.facetCache.keys().next().value;
        if (oldest !== undefined) this.facetCache.delete(oldest);
      }
      this.facetCache.set(q.cacheKey, { at: Date.now(), inStock, result, count, facets, categoryCounts });
      keep(result);
    }
    return { productIds: this.page(result, count, q), count, facets, categoryCounts };
  }

  /**
   * The product ids of the result's page (offset, limit) in the query's order. The result's places in the
   * order (ranks) are read in one walk of its positions and counted into 1,024 buckets; only the ranks in
   * the buckets that hold the first offset + limit are then sorted. Walking the whole
   * order instead visits every product ranked before the page's last one (most of a million when the
   * filtered products rank low); a heap of the best ranks cost as much when the ranks fall as the
   * positions rise (every product replaced the heap's top).
   */
  private page(result: Bits, count: number, q: FacetQuery): number[] {
    const productIds: number[] = [];
    const wanted = Math.min(count, q.offset + q.limit);
    // Nothing on this page (no product matches, or the page is past the last): no walk at all. The bench's
    // filtered listings at a million products match nothing, and walking the whole order to learn that
    // was 4.5 ms, the largest part of such a call.
    if (wanted <= q.offset) return productIds;
    if (!(q.sort === '-relevance' && q.relevance) && wanted <= PAGE_BY_RANK_UP_TO) {
      const rank = this.rank(q.sort);
      const order = this.order(q.sort);
      const shift = Math.max(0, 32 - Math.clz32(this.size) - RANK_BUCKET_BITS);
      const buckets = new Int32Array((this.size >>> shift) + 1);
      const ranks = new Int32Array(count);
      let n = 0;
      const words = result.words;
      for (let w = result.lo; w < result.hi; w++) {
        let word = words[w]!;
        while (word !== 0) {
          const t = word & -word;
          const r = rank[(w << 5) + (31 - Math.clz32(t))]!;
          ranks[n++] = r;
          buckets[r >>> shift]!++;
          word ^= t;
        }
      }
      // The first bucket by which `wanted` ranks are counted: every rank below its end is a candidate.
      let seen = 0;
      let last = 0;
      while (seen + buckets[last]! < wanted) seen += buckets[last++]!;
      const below = (last + 1) << shift;
      const candidates = new Int32Array(seen + buckets[last]!);
      let m = 0;
      for (let k = 0; k < n; k++) if (ranks[k]! < below) candidates[m++] = ranks[k]!;
      candidates.sort();
      for (let k = q.offset; k < wanted; k++) productIds.push(this.productIds[order[candidates[k]!]!]!);
      return productIds;
    }
    const order = q.sort === '-relevance' && q.relevance ? q.relevance : this.order(q.sort);
    let skipped = 0;
    for (let k = 0; k < order.length && productIds.length < q.limit; k++) {
      const i = order[k]!;
      if (!result.has(i)) continue;
      if (skipped < q.offset) skipped++;
      else productIds.push(this.productIds[i]!);
    }
    return productIds;
  }

  /** «В наличии»: one value counting the in-stock products among the other filters' result. */
  private inStockFacet(
    within: Bits,
    base: Bits,
    selection: IndexSelection,
    inStock: Bits | null | undefined,
  ): FacetOut | null {
    if (!inStock) return null;
    const selected = selection.list.get(IN_STOCK_FACET.code)?.has(IN_STOCK_FACET.valueId) ?? false;
    // Like any value: shown when some product of the page is in stock at all (or when it is chosen).
    if (!selected && base.countAnd(inStock) === 0) return null;
    return {
      code: IN_STOCK_FACET.code,
      name: IN_STOCK_FACET.name,
      type: 'list',
      unit: null,
      parentCode: null,
      values: [
        {
          id: IN_STOCK_FACET.valueId,
          name: IN_STOCK_FACET.valueName,
          count: within.countAnd(inStock),
          selected,
        },
      ],
      range: null,
    };
  }

  private facet(
    code: string,
    withinSet: () => Bits,
    selection: IndexSelection,
    categoryIds: ReadonlySet<number>,
    counts: FacetCounter,
  ): FacetOut | null {
    const selected = selection.list.get(code) ?? new Set<number>();
    if (code === 'price') {
      let min = Infinity;
      let max = -Infinity;
      withinSet().forEach((i) => {
        const p = this.price[i]!;
        if (p < min) min = p;
        if (p > max) max = p;
      });
      if (min === Infinity) return null;
      const chosen = selection.range.get('price');
      return {
        code,
        name: 'Цена',
        type: 'range',
        unit: '₽',
        parentCode: null,
        values: [],
        range: {
          min: Math.floor(min / 100),
          max: Math.ceil(max / 100),
          from: chosen?.from ?? null,
          to: chosen?.to ?? null,
        },
      };
    }
    if (code === 'brand' || code === 'series') {
      const postings = code === 'brand' ? this.brandPostings : this.seriesPostings;
      const selectedBrands = selection.list.get('brand');
      // One pass over the page's products (and over the filtered ones) instead of every value's postings.
      const column = code === 'brand' ? this.brand : this.series;
      const inBase = counts('base', column);
      const inWithin = counts('within', column);
      const values: FacetOut['values'] = [];
      for (const id of postings.keys()) {
        if (code === 'series') {
          const info = this.seriesInfo.get(id);
          if (!info || !selectedBrands?.has(info.brandId)) continue;
        }
        // Only values the page's products have at all; a count of 0 then means "not with these filters".
        if (!inBase[id]) continue;
        const name = code === 'brand' ? this.brands.get(id)?.name : this.seriesInfo.get(id)?.name;
        values.push({ id, name: name ?? String(id), count: inWithin[id] ?? 0, selected: selected.has(id) });
      }
      if (values.length === 0) return null;
      values.sort((a, b) => RUSSIAN.compare(a.name, b.name));
      return {
        code,
        name: code === 'brand' ? 'Бренд' : 'Серия',
        type: 'list',
        unit: null,
        parentCode: code === 'series' ? 'brand' : null,
        values,
        range: null,
      };
    }
    const spec = this.specFor(code, categoryIds);
    if (!spec) return null;
    if (spec.kind === 'range') {
      const column = this.rangeColumns.get(spec.id);
      if (!column) return null;
      // The first and the last of the set's products in value order: a walk from each end that stops at
      // the first product of the set, not a look at every product of the column.
      const byValue = rangeByValue(column);
      const within = withinSet();
      let first = 0;
      while (first < byValue.length && !within.has(column.idx[byValue[first]!]!)) first++;
      if (first === byValue.length) return null;
      let last = byValue.length - 1;
      while (!within.has(column.idx[byValue[last]!]!)) last--;
      const min = column.value[byValue[first]!]!;
      const max = column.value[byValue[last]!]!;
      const chosen = selection.range.get(code);
      return {
        code,
        name: spec.name,
        type: 'range',
        unit: spec.unit,
        parentCode: null,
        values: [],
        range: { min, max, from: chosen?.from ?? null, to: chosen?.to ?? null },
      };
    }
    if (!this.listPostings.has(spec.id)) return null;
    // A value of the specification's own list is counted under its id (listed under another
    // specification it has a key of its own, never shown here).
    const inBase = counts('base', 'keys');
    const inWithin = counts('within', 'keys');
    const values: FacetOut['values'] = [];
    for (const value of this.specValues.get(spec.id) ?? []) {
      if (!inBase[value.id]) continue;
      values.push({ id: value.id, name: value.name, count: inWithin[value.id]!, selected: selected.has(value.id) });
    }
    if (values.length === 0) return null;
    return { code, name: spec.name, type: 'list', unit: spec.unit, parentCode: null, values, range: null };
  }

  /**
   * The counts a listing's facets ask of its filtered sets, in one walk (decision 0062). Per word of
   * `base`: the bits every filter keeps (the result) and, per filter, the bits only that filter leaves
   * out. The result's products are counted into every column the facets show (specification values,
   * brand, series); a product only filter f leaves out into f's own column alone. The counts over
   * «without f» are then the result's plus f's own: the same numbers as a walk of each set.
   */
  private tally(
    base: Bits,
    matches: ReadonlyMap<string, Bits>,
    facetCodes: readonly string[],
    categoryIds: ReadonlySet<number>,
    within: (code: string) => Bits,
  ): Tally {
    const shown = new Set(facetCodes);
    const isSpecList = (code: string) =>
      code !== 'brand' &&
      code !== 'series' &&
      code !== IN_STOCK_FACET.code &&
      this.facetKind(code, categoryIds) === 'list';
    const wantKeys = facetCodes.some(isSpecList);
    const wantBrand = shown.has('brand');
    const wantSeries = shown.has('series');
    const resultKeys = wantKeys ? new Int32Array(this.keyCount) : null;
    const resultBrand = wantBrand ? new Int32Array(this.columnSize(this.brand)) : null;
    const resultSeries = wantSeries ? new Int32Array(this.columnSize(this.series)) : null;

    const codes = [...matches.keys()];
    const filters = [...matches.values()];
    const k = filters.length;
    // What a product only filter j leaves out is counted into: its facet's own column, or nothing (a
    // price, range or «В наличии» filter: those facets count no values). With one filter, «without it»
    // is `base`, whose counts are kept per scope.
    const ownColumn = codes.map((code) => (code === 'brand' ? this.brand : code === 'series' ? this.series : null));
    // Brand and series «without their own filter» on a category page: counted from the page's products
    // grouped by brand (series), each group's positions looked up in that set's bitset, in order. Its
    // products only the brand filter leaves out are most of the set (up to 64,495 at a million against a
    // result of 2,626 on average), and walking them was a cache miss into the brand column each.
    const grouped = this.scopeCounts.has(base);
    const complete: (Int32Array | null)[] = codes.map((code, j) =>
      k >= 2 && shown.has(code) && grouped && ownColumn[j]
        ? this.countColumnInGroups(base, ownColumn[j]!, within(code))
        : null,
    );
    const own: (Int32Array | null)[] = codes.map((code, j) => {
      if (k < 2 || !shown.has(code) || complete[j]) return null;
      if (ownColumn[j]) return new Int32Array(this.columnSize(ownColumn[j]!));
      return isSpecList(code) ? new Int32Array(this.keyCount) : null;
    });
    const anyOwn = own.some((o) => o !== null);

    const start = this.keyStart;
    const keys = this.productKeys;
    const brand = this.brand;
    const series = this.series;
    const baseWords = base.words;
    const filterWords = filters.map((f) => f.words);
    const before = new Int32Array(k);
    for (let w = base.lo; w < base.hi; w++) {
      const b = baseWords[w]!;
      if (b === 0) continue;
      // before[j]: the bits of `base` every filter before j keeps.
      let all = b;
      for (let j = 0; j < k; j++) {
        before[j] = all;
        all &= filterWords[j]![w]!;
      }
      let word = all;
      while (word !== 0) {
        const t = word & -word;
        const i = (w << 5) + (31 - Math.clz32(t));
        if (resultKeys) {
          const end = start[i + 1]!;
          for (let e = start[i]!; e < end; e++) resultKeys[keys[e]!]!++;
        }
        if (resultBrand) resultBrand[brand[i]!]!++;
        if (resultSeries) resultSeries[series[i]!]!++;
        word ^= t;
      }
      if (!anyOwn) continue;
      // after: the bits every filter after j keeps; only j leaves out = before[j] & after & ~filter j.
      let after = -1;
      for (let j = k - 1; j >= 0; j--) {
        const f = filterWords[j]![w]!;
        const counts = own[j];
        if (counts) {
          let only = before[j]! & after & ~f;
          const column = ownColumn[j];
          while (only !== 0) {
            const t = only & -only;
            const i = (w << 5) + (31 - Math.clz32(t));
            if (column) counts[column[i]!]!++;
            else {
              const end = start[i + 1]!;
              for (let e = start[i]!; e < end; e++) counts[keys[e]!]!++;
            }
            only ^= t;
          }
        }
        after &= f;
      }
    }
    // «Without j» = the result plus what only j leaves out.
    for (let j = 0; j < k; j++) {
      const counts = own[j];
      if (!counts) continue;
      const from = ownColumn[j] === brand ? resultBrand : ownColumn[j] === series ? resultSeries : resultKeys;
      if (from) for (let v = 0; v < counts.length; v++) counts[v]! += from[v]!;
    }
    return {
      counts: (code, what) => {
        if (code !== null) {
          const j = codes.indexOf(code);
          const column = j < 0 ? undefined : ownColumn[j];
          if (j >= 0 && complete[j] && column === what) return complete[j];
          // Asked for the column it was counted in: the facet's own counts.
          if (j >= 0 && own[j] && (what === 'keys' ? column === null : column === what)) return own[j];
          return null;
        }
        if (what === 'keys') return resultKeys;
        if (what === brand) return resultBrand;
        if (what === series) return resultSeries;
        return null;
      },
    };
  }

  /**
   * How many of `within`'s products have each value of an id column, counted over a kept scope's products
   * grouped by that column (scopeGroups): per value, its positions looked up in `within`'s words.
   */
  private countColumnInGroups(scope: Bits, column: Int32Array, within: Bits): Int32Array {
    let groups = this.scopeGroups.get(scope);
    if (!groups) this.scopeGroups.set(scope, (groups = new Map()));
    let group = groups.get(column);
    if (!group) groups.set(column, (group = this.groupByColumn(scope, column)));
    const counts = new Int32Array(this.columnSize(column));
    const words = within.words;
    const { ids, start, positions } = group;
    for (let g = 0; g < ids.length; g++) {
      let n = 0;
      const end = start[g + 1]!;
      for (let e = start[g]!; e < end; e++) {
        const i = positions[e]!;
        if ((words[i >>> 5]! & (1 << (i & 31))) !== 0) n++;
      }
      counts[ids[g]!] = n;
    }
    return counts;
  }

  /** A scope's positions grouped by a column's value (ascending within a group): a counting sort. */
  private groupByColumn(scope: Bits, column: Int32Array): ColumnGroups {
    const sizes = this.countColumn(column, scope);
    const ids: number[] = [];
    for (let v = 0; v < sizes.length; v++) if (sizes[v]! > 0) ids.push(v);
    const start = new Int32Array(ids.length + 1);
    const slot = new Int32Array(sizes.length);
    for (let g = 0; g < ids.length; g++) {
      slot[ids[g]!] = start[g]!;
      start[g + 1] = start[g]! + sizes[ids[g]!]!;
    }
    const positions = new Int32Array(start[ids.length]!);
    scope.forEach((i) => {
      positions[slot[column[i]!]!++] = i;
    });
    return { ids: Int32Array.from(ids), start, positions };
  }

  /** The length of a counts array for an id column (its largest id + 1), found once per column. */
  private columnSize(column: Int32Array): number {
    let max = this.columnMax.get(column);
    if (max === undefined) {
      max = 0;
      for (let i = 0; i < this.size; i++) if (column[i]! > max) max = column[i]!;
      this.columnMax.set(column, max);
    }
    return max + 1;
  }

  /** How many of the set products have each list key (specification value), indexed by key. */
  private countKeys(bits: Bits): Int32Array {
    const counts = new Int32Array(this.keyCount);
    const start = this.keyStart;
    const keys = this.productKeys;
    const words = bits.words;
    for (let w = bits.lo; w < bits.hi; w++) {
      let word = words[w]!;
      while (word !== 0) {
        const t = word & -word;
        const i = (w << 5) + (31 - Math.clz32(t));
        const end = start[i + 1]!;
        for (let k = start[i]!; k < end; k++) counts[keys[k]!]!++;
        word ^= t;
      }
    }
    return counts;
  }

  /** How many of the set products have each value of an id column (brand or series), indexed by id. */
  private countColumn(column: Int32Array, bits: Bits): Int32Array {
    const counts = new Int32Array(this.columnSize(column));
    const words = bits.words;
    for (let w = bits.lo; w < bits.hi; w++) {
      let word = words[w]!;
      while (word !== 0) {
        const t = word & -word;
        counts[column[(w << 5) + (31 - Math.clz32(t))]!]!++;
        word ^= t;
      }
    }
    return counts;
  }

  /** Each position's place in a sort order, computed once per index and sort. */
  private rank(sort: SortCode): Int32Array {
    const key = sort === '-relevance' ? '-popularity' : sort;
    const cached = this.rankCache.get(key);
    if (cached) return cached;
    const order = this.order(sort);
    const rank = new Int32Array(this.size);
    for (let k = 0; k < order.length; k++) rank[order[k]!] = k;
    this.rankCache.set(key, rank);
    return rank;
  }

  /** Product positions sorted by a sort code, computed once per index. */
  private order(sort: SortCode): Int32Array {
    const key = sort === '-relevance' ? '-popularity' : sort;
    const cached = this.orderCache.get(key);
    if (cached) return cached;
    const order = new Int32Array(this.size);
    for (let i = 0; i < this.size; i++) order[i] = i;
    order.sort(this.comparator(key));
    this.orderCache.set(key, order);
    return order;
  }

  /** A sort's comparison of two positions: a total order (ties end at the product id), so one answer only. */
  private comparator(sort: Exclude<SortCode, '-relevance'>): (a: number, b: number) => number {
    const byPopularity = this.byPopularity;
    switch (sort) {
      case '-popularity':
        return byPopularity;
      case 'price':
        return (a, b) => this.price[a]! - this.price[b]! || byPopularity(a, b);
      case '-price':
        return (a, b) => this.price[b]! - this.price[a]! || byPopularity(a, b);
      case '-rating':
        return (a, b) => this.rating[b]! - this.rating[a]! || byPopularity(a, b);
      case '-novelty':
        return (a, b) => this.created[b]! - this.created[a]! || this.productIds[b]! - this.productIds[a]!;
      case '-discount':
        return (a, b) => this.discount[b]! - this.discount[a]! || byPopularity(a, b);
    }
  }

  /**
   * Products to show next to one product: 'similar' (same category, nearest price), 'looked-with'
   * (same category, other brands, most popular first) or 'related' (same brand in sibling categories).
   * A list never repeats a model (one colour or variant of it stands for the rest) and never shows the
   * product's own model: five colours of one fridge are not five «Похожие товары».
   */
  relatedTo(productId: number, kind: 'similar' | 'looked-with' | 'related', limit: number): number[] {
    const self = productId >= 0 && productId < this.positionOf.length ? this.positionOf[productId]! : -1;
    if (self < 0) return [];
    const categoryId = this.category[self]!;
    const brandId = this.brand[self]!;
    const pick = new ModelPicker(this.model, this.productIds, self, limit);
    if (kind === 'similar') {
      // Outwards from the product in its category's members by price: each distance from its price is
      // one group, in popularity then id order; the first groups fill the list. A call walks a few
      // dozen members, not a sort of the whole category (tens of thousands at a million products).
      const members = this.membersByPrice(categoryId);
      const price = this.price[self]!;
      let at = members.indexOf(self);
      if (at < 0) return [];
      let left = at - 1;
      let right = at + 1;
      const group: number[] = [];
      while (!pick.full()) {
        const below = left >= 0 ? price - this.price[members[left]!]! : Infinity;
        const above = right < members.length ? this.price[members[right]!]! - price : Infinity;
        const distance = Math.min(below, above);
        if (distance === Infinity) break;
        group.length = 0;
        while (left >= 0 && price - this.price[members[left]!]! === distance) group.push(members[left--]!);
        while (right < members.length && this.price[members[right]!]! - price === distance)
          group.push(members[right++]!);
        if (group.length > 1) group.sort(this.byPopularity);
        for (at = 0; at < group.length && !pick.full(); at++) pick.offer(group[at]!);
      }
      return pick.ids;
    }
    if (kind === 'looked-with') {
      // The category's subtree, other brands, most popular first.
      for (const i of this.popularIn(categoryId)) {
        if (pick.full()) break;
        if (this.brand[i] !== brandId) pick.offer(i);
      }
      return pick.ids;
    }
    // The same brand in the parent's subtree (every category without a parent), outside the category.
    const parent = this.categories.get(categoryId)?.parentId ?? null;
    for (const i of parent === null ? this.order('-popularity') : this.popularIn(parent)) {
      if (pick.full()) break;
      if (this.brand[i] === brandId && this.category[i] !== categoryId) pick.offer(i);
    }
    return pick.ids;
  }

  /** Ties of popularity by product id, as when positions followed ids (they follow categories: decision 0066). */
  private byPopularity = (a: number, b: number) =>
    this.popularity[a]! - this.popularity[b]! || this.productIds[a]! - this.productIds[b]!;

  /** A category's own products by price, then popularity and id: kept until a price changes. */
  private membersByPrice(categoryId: number): Int32Array {
    let members = this.byPriceCache.get(categoryId);
    if (!members) {
      members = Int32Array.from(this.categoryMembers.get(categoryId) ?? []);
      members.sort((a, b) => this.price[a]! - this.price[b]! || this.byPopularity(a, b));
      this.byPriceCache.set(categoryId, members);
    }
    return members;
  }

  /** A category subtree's products, most popular first (popularity only changes with a rebuild). */
  private popularIn(categoryId: number): Int32Array {
    let members = this.popularCache.get(categoryId);
    if (!members) {
      const [start, end] = this.subtreeRange.get(categoryId) ?? [0, 0];
      members = new Int32Array(end - start);
      for (let k = 0; k < members.length; k++) members[k] = start + k;
      members.sort(this.byPopularity);
      this.popularCache.set(categoryId, members);
    }
    return members;
  }

  /** Facts about categories for chips and the category facet. */
  childCategories(categoryId: number): number[] {
    return this.children.get(categoryId) ?? [];
  }

  descendantsOf(categoryId: number): Set<number> {
    const out = new Set<number>();
    const stack = [categoryId];
    while (stack.length > 0) {
      const id = stack.pop()!;
      out.add(id);
      stack.push(...(this.children.get(id) ?? []));
    }
    return out;
  }
}

/**
 * The products of `base` that every one of `matches` but at most one has: per word, the bits failing no
 * match so far and the bits failing exactly one. `base` itself (not a copy) when that cannot narrow it.
 */
/**
 * The positions 0…n−1 sorted by `compare` (a total order), with the thread given back between pieces of
 * work: runs of SORT_RUN sorted natively, then merged pairwise, pausing every YIELD_EVERY positions
 * written. The same array `Int32Array.sort` gives; the longest piece is one run's sort.
 */
export async function sortedWithPauses(n: number, compare: (a: number, b: number) => number): Promise<Int32Array> {
  let from = new Int32Array(n);
  for (let i = 0; i < n; i++) from[i] = i;
  for (let lo = 0; lo < n; lo += SORT_RUN) {
    from.subarray(lo, Math.min(n, lo + SORT_RUN)).sort(compare);
    await yieldToRequests();
  }
  let into = new Int32Array(n);
  for (let width = SORT_RUN; width < n; width *= 2) {
    let written = 0;
    for (let lo = 0; lo < n; lo += 2 * width) {
      const mid = Math.min(lo + width, n);
      const hi = Math.min(lo + 2 * width, n);
      let i = lo;
      let j = mid;
      let k = lo;
      while (i < mid && j < hi) {
        into[k++] = compare(from[j]!, from[i]!) < 0 ? from[j++]! : from[i++]!;
        if (++written === YIELD_EVERY) {
          written = 0;
          await yieldToRequests();
        }
      }
      into.set(from.subarray(i, mid), k);
      into.set(from.subarray(j, hi), k + (mid - i));
    }
    [from, into] = [into, from];
    await yieldToRequests();
  }
  return from;
}

/**
 * The keys list values are kept under (the posting lists and productKeys): a pair's value id when the
 * value is its specification's (always, in a consistent catalogue), any other pair a key above every
 * value id, numbered as first met.
 */
class ListKeys {
  private readonly oddPairs = new Map<string, number>();
  private readonly oddPairSpec: number[] = [];
  private readonly oddPairValue: number[] = [];

  constructor(
    /** Per specification id, LIST, RANGE or 0 (not a filter). */
    private readonly specKind: Uint8Array,
    /** Per value id, its specification. */
    private readonly valueSpec: Int32Array,
    private readonly maxValueId: number,
  ) {}

  kindOf(specId: number): number {
    return this.specKind[specId] ?? 0;
  }

  keyOf(specId: number, valueId: number): number {
    if (this.valueSpec[valueId] === specId) return valueId;
    const pair = `${specId}:${valueId}`;
    let odd = this.oddPairs.get(pair);
    if (odd === undefined) {
      this.oddPairs.set(pair, (odd = this.oddPairSpec.length));
      this.oddPairSpec.push(specId);
      this.oddPairValue.push(valueId);
    }
    return this.maxValueId + 1 + odd;
  }

  specOf(key: number): number {
    return key > this.maxValueId ? this.oddPairSpec[key - this.maxValueId - 1]! : this.valueSpec[key]!;
  }

  valueOf(key: number): number {
    return key > this.maxValueId ? this.oddPairValue[key - this.maxValueId - 1]! : key;
  }

  /** One more than the largest key. */
  get count(): number {
    return this.maxValueId + 1 + this.oddPairSpec.length;
  }
}

/**
 * `order` (a sort of every position) with the `moved` positions taken out and put back where `compare`
 * now places them: the rest keep their order, so one pass and a binary search per moved position give
 * what a whole new sort would (compare is a total order), in O(n + k log n) instead of O(n log n).
 */
export function reordered(
  order: Int32Array,
  moved: readonly number[],
  compare: (a: number, b: number) => number,
): Int32Array {
  const isMoved = new Uint8Array(order.length);
  const movers: number[] = [];
  for (const pos of moved) {
    if (isMoved[pos]) continue;
    isMoved[pos] = 1;
    movers.push(pos);
  }
  if (movers.length === 0) return order;
  const kept = new Int32Array(order.length - movers.length);
  let k = 0;
  for (let i = 0; i < order.length; i++) {
    const pos = order[i]!;
    if (!isMoved[pos]) kept[k++] = pos;
  }
  movers.sort(compare);
  const out = new Int32Array(order.length);
  let from = 0;
  let at = 0;
  for (const pos of movers) {
    let lo = from;
    let hi = kept.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (compare(kept[mid]!, pos) < 0) lo = mid + 1;
      else hi = mid;
    }
    out.set(kept.subarray(from, lo), at);
    at += lo - from;
    from = lo;
    out[at++] = pos;
  }
  out.set(kept.subarray(from), at);
  return out;
}

function keptByAllButOne(base: Bits, matches: readonly Bits[], empty: () => Bits): Bits {
  if (matches.length < 2) return base;
  const out = empty();
  out.lo = base.lo;
  out.hi = base.hi;
  const words = out.words;
  const baseWords = base.words;
  for (let w = base.lo; w < base.hi; w++) {
    let none = baseWords[w]!;
    if (none === 0) continue;
    let one = 0;
    for (let m = 0; m < matches.length; m++) {
      const kept = matches[m]!.words[w]!;
      one = (one & kept) | (none & ~kept);
      none &= kept;
    }
    words[w] = none | one;
  }
  return out;
}

/** The column's entries ascending by value (NaN left out: it matches no range and is no minimum), once. */
function rangeByValue(column: RangeColumn): Int32Array {
  if (column.byValue) return column.byValue;
  const kept: number[] = [];
  for (let k = 0; k < column.value.length; k++) if (!Number.isNaN(column.value[k]!)) kept.push(k);
  const value = column.value;
  const byValue = Int32Array.from(kept).sort((a, b) => value[a]! - value[b]!);
  column.byValue = byValue;
  return byValue;
}

/** The first place in an ascending list whose entry is at least `from`. */
function firstAtLeast(list: Int32Array, from: number): number {
  let lo = 0;
  let hi = list.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (list[mid]! < from) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/** The first place in `byValue` whose value is at least `from`. */
function lowerBound(byValue: Int32Array, value: Float64Array, from: number): number {
  let lo = 0;
  let hi = byValue.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (value[byValue[mid]!]! < from) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Keeps one catalogue index per process and rebuilds it in the background when it is older than
 * maxAgeMs; the suggestion index follows the same rules. Both are built on first use, or at start-up by
 * warmUp() (the store calls it once it listens, so the first shopper to type does not wait for the build).
 */
export class CatalogIndexHolder {
  private readonly catalog: Rebuilt<CatalogIndex>;
  private readonly suggestionIndex: Rebuilt<SuggestionIndex>;

  /** `beforeBuild` runs before each build (a replica first catches up with the primary, decision 0040). */
  constructor(
    handle: DatabaseHandle,
    private readonly logger: Logger,
    maxAgeMs = 5 * 60 * 1000,
    beforeBuild: () => Promise<unknown> = async () => {},
    /** More to read into every catalogue index it builds before using it (the default city's «В наличии» set). */
    prepare: (index: CatalogIndex) => Promise<unknown> = async () => {},
  ) {
    const afterCatchUp =
      <T>(make: () => Promise<T>) =>
      async () => {
        await beforeBuild();
        return make();
      };
    // The default city's «В наличии» set is read as part of every build, before the index is installed:
    // a background rebuild that left it empty made the next listing wait for the read (15 s at a million
    // products, decision 0059). A failed read is not fatal: the first listing of the city reads it.
    const catalog = afterCatchUp(async () => {
      const index = await CatalogIndex.build(handle);
      try {
        await prepare(index);
      } catch (error) {
        logger.error('catalogue index preparation failed', errorFields(error));
      }
      return index;
    });
    this.catalog = new Rebuilt('catalogue index', catalog, logger, maxAgeMs);
    const suggestions = afterCatchUp(() => SuggestionIndex.build(handle));
    this.suggestionIndex = new Rebuilt('suggestion index', suggestions, logger, maxAgeMs);
  }

  get(): Promise<CatalogIndex> {
    return this.catalog.get();
  }

  suggestions(): Promise<SuggestionIndex> {
    return this.suggestionIndex.get();
  }

  /** The suggestion index in use now, without building one (null before the first build). */
  currentSuggestions(): SuggestionIndex | null {
    return this.suggestionIndex.peek();
  }

  /** The catalogue index in use now, without building one (null before the first build). */
  current(): CatalogIndex | null {
    return this.catalog.peek();
  }

  /** Builds both indexes in the background, one after the other; resolves when both are ready. */
  async warmUp(): Promise<void> {
    const started = performance.now();
    try {
      const catalog = await this.catalog.get();
      const suggestions = await this.suggestionIndex.get();
      this.logger.info('catalogue indexes ready', {
        products: catalog.size,
        suggestion_products: suggestions.size,
        ms: Math.round(performance.now() - started),
      });
    } catch (error) {
      // Not fatal: the next call that needs an index builds it again.
      this.logger.error('catalogue index warm-up failed', errorFields(error));
    }
  }

  /** Drops both indexes so the next calls build fresh ones (after data changes). */
  invalidate() {
    this.catalog.invalidate();
    this.suggestionIndex.invalidate();
  }

  /** Builds both indexes again in the background; calls keep the current ones until the new are ready. */
  refresh(): Promise<void> {
    return Promise.all([this.catalog.refresh(), this.suggestionIndex.refresh()]).then(() => undefined);
  }

  /**
   * Patches prices into the current index, and into the one being built (it may have read the rows
   * before the change committed). Before the first build there is nothing to patch.
   */
  patchPrices(rows: readonly { id: number; price: number; priceOld: number }[]) {
    this.catalog.patchNow((index) => index.patchPrices(rows));
    this.catalog.patchPending((index) => index.patchPrices(rows));
  }

  /**
   * Products added, hidden, moved or renamed (their rows changed, on any instance): new indexes with those
   * products read again (CatalogIndex.withProducts, decision 0088), installed when ready while the current
   * ones serve; the catalogue index's kept «В наличии» sets learn the products' stock from `readInStock`.
   * A patch that fails rebuilds the index instead. Before the first build there is nothing to patch.
   */
  async patchProducts(
    handle: DatabaseHandle,
    productIds: readonly number[],
    readInStock: () => Promise<ReadonlyMap<number, ReadonlySet<number>>>,
  ): Promise<void> {
    const catalog = this.catalog
      .derive(async (old) => {
        const index = await CatalogIndex.withProducts(old, handle, productIds);
        if (index.keepsInStock()) index.patchInStock(productIds, await readInStock());
        return index;
      })
      .catch((error: unknown) => {
        this.logger.error('catalogue index patch failed: rebuilding', errorFields(error));
        return this.catalog.refresh();
      });
    const suggestions = this.suggestionIndex
      .derive((old) => SuggestionIndex.withProducts(old, handle, productIds))
      .catch((error: unknown) => {
        this.logger.error('suggestion index patch failed: rebuilding', errorFields(error));
        return this.suggestionIndex.refresh();
      });
    await Promise.all([catalog, suggestions]);
    // A search asked between the two (the catalogue's new index, the old suggestions) kept what the old
    // suggestions found: a product shown or renamed would stay unfound by that text until the next build.
    this.catalog.peek()?.dropSearches();
  }

  /** Resolves when no build runs and every product patch asked for is installed (tests, benchmarks). */
  async patchesSettled(): Promise<void> {
    await this.catalog.settled();
    await this.suggestionIndex.settled();
  }

  /** Stock moved, products unknown (a change of many): every city's in-stock set is read again on its next listing. */
  dropInStock() {
    this.catalog.patchNow((index) => index.dropInStock());
  }

  /**
   * Stock of these products moved: patched into the current index's in-stock sets
   * (CatalogIndex.patchInStock) with what `read` answers, read only when some city's set is kept.
   */
  async patchInStock(
    productIds: readonly number[],
    read: () => Promise<ReadonlyMap<number, ReadonlySet<number>>>,
  ): Promise<void> {
    // A build running now reads its own default-city set, perhaps from before this change: patched too.
    if (!this.catalog.peek()?.keepsInStock() && !this.catalog.pending()) return;
    const inStockByCity = await read();
    this.catalog.patchNow((index) => index.patchInStock(productIds, inStockByCity));
    this.catalog.patchPending((index) => index.patchInStock(productIds, inStockByCity));
  }
}

/** One lazily built value, rebuilt in the background when stale; a failed rebuild keeps the old one. */
class Rebuilt<T extends { builtAt: number; size: number }> {
  private current: T | null = null;
  private building: Promise<T> | null = null;
  /** Bumped by invalidate(), so a build started before it does not install stale data. */
  private generation = 0;
  /** How long the last build took: the timer waits at least 20 times that (see get()). */
  private lastBuildMs = 0;
  /** The patches under way (derive), one after another. */
  private deriving: Promise<void> = Promise.resolve();
  /** While a value is being derived: the in-place patches applied to the current value since it began. */
  private patchesWhileDeriving: ((value: T) => void)[] | null = null;

  constructor(
    private readonly name: string,
    private readonly build: () => Promise<T>,
    private readonly logger: Logger,
    private readonly maxAgeMs: number,
  ) {}

  async get(): Promise<T> {
    // Changes arrive as events (prices patched, stock dropped, products rebuilt: catalog-events.ts); the
    // timer only catches what no event said. A build of 1,000,000 products takes minutes of CPU, so the
    // timer waits at least 20 builds' time: a background rebuild never takes more than 5 % of the machine.
    const maxAge = Math.max(this.maxAgeMs, 20 * this.lastBuildMs);
    if (this.current && Date.now() - this.current.builtAt > maxAge && !this.building) {
      // Stale: serve the old one while a new one builds.
      this.rebuild().catch((error: unknown) => this.logger.error(`${this.name} rebuild failed`, errorFields(error)));
    }
    return this.current ?? this.rebuild();
  }

  invalidate() {
    this.current = null;
    this.building = null;
    this.generation++;
  }

  peek(): T | null {
    return this.current;
  }

  /**
   * Applies an in-place patch (a price, stock) to the current value, and to the value being derived from it
   * once made: the derivation may have copied what the patch changed before the patch came.
   */
  patchNow(patch: (value: T) => void) {
    const current = this.current;
    if (!current) return;
    patch(current);
    this.patchesWhileDeriving?.push(patch);
  }

  /** The build running now, if any. */
  pending(): Promise<T> | null {
    return this.building;
  }

  /**
   * Applies `patch` to the build running now, if any, once it is built: it may have read its rows before the
   * change being patched committed. A failed build is reported where it is awaited (get, refresh); a patch
   * that throws is logged here, not dropped.
   */
  patchPending(patch: (value: T) => void) {
    void this.building?.then(
      (value) => {
        try {
          patch(value);
        } catch (error) {
          this.logger.error(`${this.name} patch failed`, errorFields(error));
        }
      },
      () => undefined,
    );
  }

  /**
   * Replaces the current value with what `derive` makes of it (a product change patched in instead of a
   * rebuild). Patches run one after another, each from the value installed last; one whose value a build
   * replaced meanwhile is made again from the new value. A build running now may have read its rows before
   * the change: its value is patched too once installed. Rejects when `derive` throws (nothing installed).
   */
  derive(derive: (value: T) => Promise<T>): Promise<void> {
    const run = async () => {
      for (;;) {
        const base = this.current;
        if (!base) return;
        const patches: ((value: T) => void)[] = [];
        this.patchesWhileDeriving = patches;
        let next: T;
        try {
          next = await derive(base);
        } finally {
          this.patchesWhileDeriving = null;
        }
        if (this.current === base) {
          // What was patched into `base` meanwhile (a price, stock) may have been copied before it was.
          for (const patch of patches) patch(next);
          this.current = next;
          return;
        }
      }
    };
    const done = this.deriving.then(run);
    // The chain only keeps patches in order: a failed one is the caller's to handle (`done` rejects, and
    // patchProducts rebuilds), and the next patch must still run after it.
    this.deriving = done.catch(() => undefined);
    void this.building?.then(
      () =>
        this.derive(derive).catch((error: unknown) =>
          this.logger.error(`${this.name} patch failed`, errorFields(error)),
        ),
      () => undefined,
    );
    return done;
  }

  /** Resolves when no build runs and the patches asked for so far (and those a build's end asks for) are done. */
  async settled(): Promise<void> {
    for (;;) {
      const building = this.building;
      const deriving = this.deriving;
      // A failed build is reported where it is awaited (get, refresh); here it only has to be over.
      await building?.catch(() => undefined);
      await deriving;
      if (building === this.building && deriving === this.deriving) return;
    }
  }

  /** A rebuild that starts now (a build already running read older data), serving the current value meanwhile. */
  async refresh(): Promise<void> {
    if (!this.current && !this.building) return; // never asked for: the first call builds it fresh
    this.generation++;
    this.building = null;
    try {
      await this.rebuild();
    } catch (error) {
      this.logger.error(`${this.name} rebuild failed`, errorFields(error));
    }
  }

  private rebuild(): Promise<T> {
    const started = performance.now();
    const generation = this.generation;
    this.building ??= this.build()
      .then((value) => {
        if (generation === this.generation) this.current = value;
        this.lastBuildMs = performance.now() - started;
        this.logger.info(`${this.name} built`, { products: value.size, ms: Math.round(performance.now() - started) });
        return value;
      })
      .finally(() => {
        if (generation === this.generation) this.building = null;
      });
    return this.building;
  }
}

/**
 * The first `limit` product ids of the positions offered (in order), one product per model and none of
 * `self`'s model: five colours of one fridge are not five «Похожие товары».
 */
class ModelPicker {
  readonly ids: number[] = [];
  private readonly seen = new Set<number>();

  constructor(
    private readonly model: Int32Array,
    private readonly productIds: Int32Array,
    private readonly self: number,
    private readonly limit: number,
  ) {
    const ownModel = model[self]!;
    if (ownModel) this.seen.add(ownModel);
  }

  full(): boolean {
    return this.ids.length >= this.limit;
  }

  offer(position: number) {
    if (position === this.self || this.full()) return;
    const model = this.model[position]!;
    if (model) {
      if (this.seen.has(model)) return;
      this.seen.add(model);
    }
    this.ids.push(this.productIds[position]!);
  }
}
