// The catalogue index: every active product's listing facts in typed arrays, specification values as
// posting lists, and bitsets per category. Facet counts ("how many products would this value give with
// the other selections") are bitset intersections in memory, which stays within a few milliseconds
// even for a 100,000-product category, where one SQL count per facet would not (docs/decisions/0004).
import type { DatabaseHandle } from '@store/db';
import { Bits } from './bits.ts';
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
}

export interface FacetResult {
  productIds: number[];
  count: number;
  facets: FacetOut[];
  categoryCounts: Map<number, number>;
}

const PRODUCT_CHUNK = 100_000;
/** Search texts whose matches an index keeps (each at most SEARCH_LIMIT positions: 20 KB). */
export const SEARCH_CACHE_SIZE = 500;
/** The order of brand and series names (one collator, not one per comparison). */
const RUSSIAN = new Intl.Collator('ru');

export class CatalogIndex {
  size = 0;
  builtAt = 0;
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
  private categoryMembers = new Map<number, Int32Array>();
  private brands = new Map<number, Named>();
  private seriesInfo = new Map<number, Named & { brandId: number }>();
  private brandPostings = new Map<number, Int32Array>();
  private seriesPostings = new Map<number, Int32Array>();
  private modelPostings = new Map<number, Int32Array>();
  private tagPostings = new Map<number, Int32Array>();
  private specs = new Map<number, SpecDef>();
  private specsByCode = new Map<string, SpecDef[]>();
  private specValues = new Map<number, { id: number; name: string; sort: number }[]>();
  private listPostings = new Map<number, Map<number, Int32Array>>();
  private rangeColumns = new Map<number, { idx: Int32Array; value: Float64Array }>();

  private subtreeCache = new Map<number, Bits>();
  private inStockCache = new Map<number, InStockEntry>();
  private orderCache = new Map<string, Int32Array>();
  private columnMax = new Map<Int32Array, number>();
  private searchCache = new Map<string, Promise<Int32Array>>();

  /** Loads every active product; reads in chunks so a million products do not mean a million objects at once. */
  static async build(handle: DatabaseHandle): Promise<CatalogIndex> {
    const index = new CatalogIndex();
    await index.load(handle);
    return index;
  }

  private async load(handle: DatabaseHandle) {
    const [bounds] = await handle.queryArrays('select coalesce(max(id), 0), count(*) from products where status = 1');
    const maxId = Number(bounds![0]);
    const total = Number(bounds![1]);
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

    const members = new Map<number, number[]>();
    const brandLists = new Map<number, number[]>();
    const seriesLists = new Map<number, number[]>();
    const modelLists = new Map<number, number[]>();
    let i = 0;
    for (let from = 0; from <= maxId; from += PRODUCT_CHUNK) {
      const rows = await handle.queryArrays(
        `select p.id, p.category_id, p.brand_id, coalesce(p.series_id, 0), coalesce(p.model_id, 0), o.price,
                coalesce(o.price_old, 0), p.rating, p.position, extract(epoch from p.created_at)::float8
           from products p join product_offers o on o.product_id = p.id
          where p.status = 1 and p.id > $1 and p.id <= $2
          order by p.id`,
        [from, from + PRODUCT_CHUNK],
      );
      for (const r of rows) {
        if (i % YIELD_EVERY === YIELD_EVERY - 1) await yieldToRequests();
        const id = Number(r[0]);
        this.productIds[i] = id;
        this.positionOf[id] = i;
        const categoryId = Number(r[1]);
        this.category[i] = categoryId;
        push(members, categoryId, i);
        const brandId = Number(r[2]);
        this.brand[i] = brandId;
        push(brandLists, brandId, i);
        const seriesId = Number(r[3]);
        this.series[i] = seriesId;
        if (seriesId) push(seriesLists, seriesId, i);
        const modelId = Number(r[4]);
        this.model[i] = modelId;
        if (modelId) push(modelLists, modelId, i);
        const price = Number(r[5]);
        const old = Number(r[6]);
        this.price[i] = price;
        this.discount[i] = old > price ? (old - price) / old : 0;
        this.rating[i] = Number(r[7]);
        this.popularity[i] = Number(r[8]);
        this.created[i] = Number(r[9]);
        i++;
      }
    }
    this.size = i;
    this.categoryMembers = freeze(members);
    this.brandPostings = freeze(brandLists);
    this.seriesPostings = freeze(seriesLists);
    this.modelPostings = freeze(modelLists);

    for (const r of await handle.queryArrays(
      'select id, parent_id, path, name, code from categories where status = 1',
    )) {
      const id = Number(r[0]);
      const parentId = r[1] === null ? null : Number(r[1]);
      this.categories.set(id, {
        parentId,
        path: (r[2] as number[]).map(Number),
        name: String(r[3]),
        code: String(r[4]),
      });
      if (parentId !== null) push(this.children, parentId, id);
    }
    for (const r of await handle.queryArrays('select id, name, code from brands')) {
      this.brands.set(Number(r[0]), { name: String(r[1]), code: String(r[2]) });
    }
    for (const r of await handle.queryArrays('select id, name, code, brand_id from series')) {
      this.seriesInfo.set(Number(r[0]), { name: String(r[1]), code: String(r[2]), brandId: Number(r[3]) });
    }
    const tagLists = new Map<number, number[]>();
    for (const r of await handle.queryArrays('select tag_id, product_id from product_tags')) {
      const pos = this.positionOf[Number(r[1])] ?? -1;
      if (pos >= 0) push(tagLists, Number(r[0]), pos);
    }
    this.tagPostings = freeze(tagLists);

    for (const r of await handle.queryArrays(
      'select id, code, name, kind, unit, sort, category_id from specifications where is_filter order by sort, id',
    )) {
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
      push(this.specsByCode, spec.code, spec);
    }
    for (const r of await handle.queryArrays(
      'select id, specification_id, name, sort from specification_values order by specification_id, sort, id',
    )) {
      push(this.specValues, Number(r[1]), { id: Number(r[0]), name: String(r[2]), sort: Number(r[3]) });
    }

    const listLists = new Map<number, Map<number, number[]>>();
    const rangeLists = new Map<number, { idx: number[]; value: number[] }>();
    for (let from = 0; from <= maxId; from += PRODUCT_CHUNK) {
      const rows = await handle.queryArrays(
        `select product_id, specification_id, value_id, num_value from product_specifications
          where product_id > $1 and product_id <= $2`,
        [from, from + PRODUCT_CHUNK],
      );
      for (const [k, r] of rows.entries()) {
        if (k % YIELD_EVERY === YIELD_EVERY - 1) await yieldToRequests();
        const pos = this.positionOf[Number(r[0])] ?? -1;
        if (pos < 0) continue;
        const specId = Number(r[1]);
        const spec = this.specs.get(specId);
        if (!spec) continue;
        if (spec.kind === 'list' && r[2] !== null) {
          let values = listLists.get(specId);
          if (!values) listLists.set(specId, (values = new Map()));
          push(values, Number(r[2]), pos);
        } else if (spec.kind === 'range' && r[3] !== null) {
          let column = rangeLists.get(specId);
          if (!column) rangeLists.set(specId, (column = { idx: [], value: [] }));
          column.idx.push(pos);
          column.value.push(Number(r[3]));
        }
      }
    }
    for (const [specId, values] of listLists) this.listPostings.set(specId, freeze(values));
    for (const [specId, column] of rangeLists) {
      this.rangeColumns.set(specId, { idx: Int32Array.from(column.idx), value: Float64Array.from(column.value) });
    }
    this.builtAt = Date.now();
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

  /** Products of a category and all its descendants. */
  categoryScope(categoryId: number): Bits {
    const cached = this.subtreeCache.get(categoryId);
    if (cached) return cached;
    const bits = this.empty();
    const stack = [categoryId];
    while (stack.length > 0) {
      const id = stack.pop()!;
      const own = this.categoryMembers.get(id);
      if (own) for (let k = 0; k < own.length; k++) bits.add(own[k]!);
      stack.push(...(this.children.get(id) ?? []));
    }
    this.subtreeCache.set(categoryId, bits);
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

  /**
   * New prices of products in the index, patched in place (a price change published by any instance,
   * catalog-events.ts): listings sort, filter and count by them at once, without a rebuild. Answers how
   * many were in the index.
   */
  patchPrices(rows: readonly { id: number; price: number; priceOld: number }[]): number {
    let patched = 0;
    for (const { id, price, priceOld } of rows) {
      const pos = id >= 0 && id < this.positionOf.length ? this.positionOf[id]! : -1;
      if (pos < 0) continue;
      this.price[pos] = price;
      this.discount[pos] = priceOld > price ? (priceOld - price) / priceOld : 0;
      patched++;
    }
    // Orders and column maxima were computed from the old prices.
    this.orderCache.clear();
    this.columnMax.clear();
    return patched;
  }

  /** Forgets every city's in-stock set: the next listing of a city reads it again (stock moved). */
  dropInStock() {
    this.inStockCache.clear();
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
    if (hit && (now - hit.at < IN_STOCK_MAX_AGE_MS || !hit.ready)) return hit.bits;
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
    return load().then((ids) => Bits.fromIndexes(this.size, this.positionsOf(ids)));
  }

  private remember(cityId: number, entry: InStockEntry) {
    this.inStockCache.delete(cityId);
    if (this.inStockCache.size >= IN_STOCK_CITIES) {
      const oldest = this.inStockCache.keys().next().value;
      if (oldest !== undefined) this.inStockCache.delete(oldest);
    }
    this.inStockCache.set(cityId, entry);
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

  private matchList(
    code: string,
    values: Set<number>,
    categoryIds: ReadonlySet<number>,
    inStock: Bits | null | undefined,
  ): Bits {
    if (code === IN_STOCK_FACET.code) {
      return values.has(IN_STOCK_FACET.valueId) && inStock ? inStock.clone() : this.empty();
    }
    const bits = this.empty();
    const postings =
      code === 'brand'
        ? this.brandPostings
        : code === 'series'
          ? this.seriesPostings
          : this.listPostings.get(this.specFor(code, categoryIds)?.id ?? -1);
    for (const v of values) {
      const list = postings?.get(v);
      if (list) for (let k = 0; k < list.length; k++) bits.add(list[k]!);
    }
    return bits;
  }

  private matchRange(code: string, range: RangeSelection, scope: Bits, categoryIds: ReadonlySet<number>): Bits {
    const bits = this.empty();
    const from = range.from ?? -Infinity;
    const to = range.to ?? Infinity;
    if (code === 'price') {
      // Prices are kopecks in the index and rubles in the query.
      const lo = from * 100;
      const hi = to * 100;
      scope.forEach((i) => {
        const p = this.price[i]!;
        if (p >= lo && p <= hi) bits.add(i);
      });
      return bits;
    }
    const column = this.rangeColumns.get(this.specFor(code, categoryIds)?.id ?? -1);
    if (!column) return bits;
    for (let k = 0; k < column.idx.length; k++) {
      const v = column.value[k]!;
      if (v >= from && v <= to) bits.add(column.idx[k]!);
    }
    return bits;
  }

  query(q: FacetQuery, categoryIds: ReadonlySet<number>): FacetResult {
    const base = q.scope.clone();
    if (q.categoryScope) base.and(q.categoryScope);

    // One bitset per active selection, then the result and, per active facet, the result without it.
    const matches = new Map<string, Bits>();
    for (const [code, values] of q.selection.list) {
      if (values.size > 0) matches.set(code, this.matchList(code, values, categoryIds, q.inStock));
    }
    for (const [code, range] of q.selection.range) {
      if (range.from !== null || range.to !== null) matches.set(code, this.matchRange(code, range, base, categoryIds));
    }
    const result = base.clone();
    for (const bits of matches.values()) result.and(bits);
    const without = (code: string): Bits => {
      if (!matches.has(code)) return result;
      const bits = base.clone();
      for (const [other, m] of matches) if (other !== code) bits.and(m);
      return bits;
    };

    const facets: FacetOut[] = [];
    for (const code of q.facetCodes) {
      const facet =
        code === IN_STOCK_FACET.code
          ? this.inStockFacet(without(code), base, q.selection, q.inStock)
          : this.facet(code, without(code), base, q.selection, categoryIds);
      if (facet) facets.push(facet);
    }

    const categoryCounts = new Map<number, number>();
    if (q.withCategoryCounts) {
      // The category facet ignores the category narrowing, so the shopper can switch categories.
      const counted = q.categoryScope ? q.scope.clone() : result;
      if (q.categoryScope) for (const m of matches.values()) counted.and(m);
      counted.forEach((i) => {
        const c = this.category[i]!;
        categoryCounts.set(c, (categoryCounts.get(c) ?? 0) + 1);
      });
    }

    const count = result.count();
    const order = q.sort === '-relevance' && q.relevance ? q.relevance : this.order(q.sort);
    const productIds: number[] = [];
    let skipped = 0;
    for (let k = 0; k < order.length && productIds.length < q.limit; k++) {
      const i = order[k]!;
      if (!result.has(i)) continue;
      if (skipped < q.offset) skipped++;
      else productIds.push(this.productIds[i]!);
    }
    return { productIds, count, facets, categoryCounts };
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
    if (!selected && base.clone().and(inStock).count() === 0) return null;
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
          count: within.clone().and(inStock).count(),
          selected,
        },
      ],
      range: null,
    };
  }

  private facet(
    code: string,
    within: Bits,
    base: Bits,
    selection: IndexSelection,
    categoryIds: ReadonlySet<number>,
  ): FacetOut | null {
    const selected = selection.list.get(code) ?? new Set<number>();
    if (code === 'price') {
      let min = Infinity;
      let max = -Infinity;
      within.forEach((i) => {
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
      const inBase = this.countColumn(column, base);
      const inWithin = this.countColumn(column, within);
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
      let min = Infinity;
      let max = -Infinity;
      for (let k = 0; k < column.idx.length; k++) {
        if (!within.has(column.idx[k]!)) continue;
        const v = column.value[k]!;
        if (v < min) min = v;
        if (v > max) max = v;
      }
      if (min === Infinity) return null;
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
    const postings = this.listPostings.get(spec.id);
    if (!postings) return null;
    const values: FacetOut['values'] = [];
    for (const value of this.specValues.get(spec.id) ?? []) {
      const list = postings.get(value.id);
      if (!list || base.countOf(list) === 0) continue;
      values.push({ id: value.id, name: value.name, count: within.countOf(list), selected: selected.has(value.id) });
    }
    if (values.length === 0) return null;
    return { code, name: spec.name, type: 'list', unit: spec.unit, parentCode: null, values, range: null };
  }

  /** How many of the set products have each value of an id column (brand or series), indexed by id. */
  private countColumn(column: Int32Array, bits: Bits): Int32Array {
    let max = this.columnMax.get(column);
    if (max === undefined) {
      max = 0;
      for (let i = 0; i < this.size; i++) if (column[i]! > max) max = column[i]!;
      this.columnMax.set(column, max);
    }
    const counts = new Int32Array(max + 1);
    bits.forEach((i) => counts[column[i]!]!++);
    return counts;
  }

  /** Product positions sorted by a sort code, computed once per index. */
  private order(sort: SortCode): Int32Array {
    const key = sort === '-relevance' ? '-popularity' : sort;
    const cached = this.orderCache.get(key);
    if (cached) return cached;
    const order = new Int32Array(this.size);
    for (let i = 0; i < this.size; i++) order[i] = i;
    const byPopularity = (a: number, b: number) => this.popularity[a]! - this.popularity[b]!;
    const compare: Record<Exclude<SortCode, '-relevance'>, (a: number, b: number) => number> = {
      '-popularity': byPopularity,
      price: (a, b) => this.price[a]! - this.price[b]! || byPopularity(a, b),
      '-price': (a, b) => this.price[b]! - this.price[a]! || byPopularity(a, b),
      '-rating': (a, b) => this.rating[b]! - this.rating[a]! || byPopularity(a, b),
      '-novelty': (a, b) => this.created[b]! - this.created[a]! || this.productIds[b]! - this.productIds[a]!,
      '-discount': (a, b) => this.discount[b]! - this.discount[a]! || byPopularity(a, b),
    };
    order.sort(compare[key as Exclude<SortCode, '-relevance'>]);
    this.orderCache.set(key, order);
    return order;
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
    if (kind === 'similar') {
      const price = this.price[self]!;
      const members = [...(this.categoryMembers.get(categoryId) ?? [])].filter((i) => i !== self);
      members.sort(
        (a, b) =>
          Math.abs(this.price[a]! - price) - Math.abs(this.price[b]! - price) ||
          this.popularity[a]! - this.popularity[b]!,
      );
      return this.oneOfEachModel(self, members, limit);
    }
    let scope: Bits;
    if (kind === 'looked-with') {
      scope = this.categoryScope(categoryId).clone();
      const own = this.brandPostings.get(brandId) ?? [];
      for (let k = 0; k < own.length; k++) scope.delete(own[k]!);
    } else {
      const parent = this.categories.get(categoryId)?.parentId ?? null;
      scope = (parent === null ? this.everything() : this.categoryScope(parent).clone()).and(this.brandScope(brandId));
      const ownCategory = this.categoryMembers.get(categoryId) ?? [];
      for (let k = 0; k < ownCategory.length; k++) scope.delete(ownCategory[k]!);
    }
    const order = this.order('-popularity');
    const members: number[] = [];
    for (let k = 0; k < order.length; k++) if (scope.has(order[k]!)) members.push(order[k]!);
    return this.oneOfEachModel(self, members, limit);
  }

  /** The first `limit` product ids of `positions` (in order) with one product per model, none of `self`'s model. */
  private oneOfEachModel(self: number, positions: readonly number[], limit: number): number[] {
    const seen = new Set<number>();
    const ownModel = this.model[self]!;
    if (ownModel) seen.add(ownModel);
    const out: number[] = [];
    for (let k = 0; k < positions.length && out.length < limit; k++) {
      const i = positions[k]!;
      if (i === self) continue;
      const model = this.model[i]!;
      if (model) {
        if (seen.has(model)) continue;
        seen.add(model);
      }
      out.push(this.productIds[i]!);
    }
    return out;
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

function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

function freeze(map: Map<number, number[]>): Map<number, Int32Array> {
  const out = new Map<number, Int32Array>();
  for (const [k, v] of map) out.set(k, Int32Array.from(v));
  return out;
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
  ) {
    const afterCatchUp =
      <T>(make: () => Promise<T>) =>
      async () => {
        await beforeBuild();
        return make();
      };
    const catalog = afterCatchUp(() => CatalogIndex.build(handle));
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
    this.catalog.peek()?.patchPrices(rows);
    void this.catalog
      .pending()
      ?.then((index) => index.patchPrices(rows))
      .catch(() => {}); // a failed build is logged by Rebuilt
  }

  /** Stock moved, products unknown (a change of many): every city's in-stock set is read again on its next listing. */
  dropInStock() {
    this.catalog.peek()?.dropInStock();
  }

  /**
   * Stock of these products moved: patched into the current index's in-stock sets
   * (CatalogIndex.patchInStock) with what `read` answers, read only when some city's set is kept.
   */
  async patchInStock(
    productIds: readonly number[],
    read: () => Promise<ReadonlyMap<number, ReadonlySet<number>>>,
  ): Promise<void> {
    if (!this.catalog.peek()?.keepsInStock()) return;
    const inStockByCity = await read();
    this.catalog.peek()?.patchInStock(productIds, inStockByCity);
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

  /** The build running now, if any. */
  pending(): Promise<T> | null {
    return this.building;
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
