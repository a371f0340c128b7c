// The search-box suggestions (SPEC §7: brands, categories, products, series for what is typed) from
// memory, so a keystroke costs no catalogue query (decision 0020). It answers what the SQL path in
// data/search.ts answers:
//   - products by full text: every query lexeme (stemmed as the database stems it: stemmedPrefixes) is the
//     start of one of the product's lexemes, read from the stored search_vector; the first five in the
//     catalogue's order (position, id);
//   - products by typo when full text finds none, brands and categories: pg_trgm's `<%` and
//     word_similarity, computed by trigrams.ts over names lower-cased by the database;
//   - brands, categories and series by substring.
// Products are found by a prefix range over the sorted lexemes and by trigram posting lists (only
// products sharing enough of the query's trigrams are scored).
// A few changed products are spliced into a copy of an index (withProducts, decision 0089) instead of
// a build that reads every product again.
import type { DatabaseHandle } from '@store/db';
import {
  listCategoryCodes,
  listSuggestionBrands,
  listSuggestionCategories,
  listSuggestionProducts,
  listSuggestionProductsByIds,
  listSuggestionSeries,
  countActiveProducts,
  countActiveProductsAmong,
  probeQueryStemmer,
  retrieveMaxProductId,
} from '../data/search.ts';
import type { EnglishVariant } from './russian-text-search.ts';
import { Bits } from './bits.ts';
import {
  prepareText,
  queryTrigrams,
  trigramSequence,
  wordSimilarity,
  WORD_SIMILARITY_THRESHOLD,
  type PreparedText,
} from './trigrams.ts';
import { BlockList, NumberList, pushToList } from './posting-lists.ts';
import { YIELD_EVERY, yieldToRequests } from './yield.ts';

export interface SuggestedBrand {
  id: number;
  name: string;
  code: string;
}
export interface SuggestedCategory {
  id: number;
  name: string;
  code: string;
}
export interface SuggestedSeries {
  id: number;
  name: string;
  code: string;
  brand_code: string;
  category_id: number;
  category_code: string;
}
export interface SuggestedProduct {
  id: number;
  name: string;
  image: string | null;
  price: number;
  category_id: number;
  category_code: string;
}

const LIMIT = 5;
const EMPTY = new Int32Array(0);
// Products read per query. On PGlite a query runs on the store's own thread: 100,000 rows held it 3.4 s at
// 100,000 products, 5,000 about a twentieth of that.
const PRODUCT_CHUNK = 5_000;
/** Products handled between pauses while building: a product's vector, name words and trigrams are ~15 µs. */
const BUILD_YIELD_EVERY = 1024;
/** Ranks are below this in productsBySimilarity's candidate numbers (shared trigrams × RANK_SPAN + rank). */
const RANK_SPAN = 2 ** 26;
/** About how many words a name has: the cost of walking one name by its words, in postings counted. */
const WORDS_PER_NAME = 8;

interface Labelled {
  lower: string;
  text: PreparedText;
}

type SuggestionRow = Awaited<ReturnType<typeof listSuggestionProducts>>[number];

/** Rank order: the catalogue's position, then the id. */
function byRank(a: SuggestionRow, b: SuggestionRow): number {
  return a.position - b.position || a.id - b.id;
}

/**
 * The products' rows reduced to flat lists as each chunk arrives, in the order read (chunk after chunk,
 * each chunk in rank order), so that no row object outlives its chunk: at a million products the rows
 * kept until a merge were 420 MB of the heap, and the collector's passes over them held the thread
 * 0.4–1.1 s at a time (bench/index-build.ts, 27 November). `rankOrder` gives the order the build then
 * gathers every list in (decision 0084).
 */
class ReadLists {
  count = 0;
  readonly ids: NumberList<Int32Array>;
  readonly positions: NumberList<Int32Array>;
  readonly prices: NumberList<Float64Array>;
  readonly categories: NumberList<Int32Array>;
  /**
   * Names in one string per chunk (nameText[p] its chunk's, from nameStart[p], nameLength[p] long), images
   * by id in `images` (-1: none; a few hundred distinct): a million strings of the heap are about 200,
   * so the collector's passes during and after the build have that many fewer objects to mark and move.
   */
  readonly nameTexts: string[] = [];
  readonly nameText: NumberList<Int32Array>;
  readonly nameStart: NumberList<Int32Array>;
  readonly nameLength: NumberList<Int32Array>;
  private chunkNames: string[] = [];
  private chunkLength = 0;
  readonly images: string[] = [];
  readonly imageIds = new Map<string, number>();
  readonly image: NumberList<Int32Array>;
  /** Lexeme → id, in order of first appearance (the ids are the build's own: lexemes are sorted after). */
  readonly lexemeIds = new Map<string, number>();
  /** Each product's lexeme ids from lexemeStart[p], each entry's positions from positionStart[entry]. */
  readonly lexemes = new BlockList(Int32Array);
  readonly lexemeStart: NumberList<Int32Array>;
  readonly entryPositions = new BlockList(Uint16Array);
  readonly positionStart = new BlockList(Int32Array);
  everyEntryPlaced = true;
  readonly texts: TextsBuilder;
  /** Name word → id in order of first appearance as read (the build renumbers them in rank order). */
  readonly wordIds = new Map<string, number>();
  readonly words = new BlockList(Int32Array);
  readonly wordStart: NumberList<Int32Array>;
  /** The products (as read) holding some word twice. */
  readonly repeated: NumberList<Int32Array>;
  /** Where each chunk's products begin, and the end of the last. */
  readonly runs: number[] = [0];

  constructor(products: number) {
    this.ids = new NumberList(Int32Array, products);
    this.positions = new NumberList(Int32Array, products);
    this.prices = new NumberList(Float64Array, products);
    this.categories = new NumberList(Int32Array, products);
    this.nameText = new NumberList(Int32Array, products);
    this.nameStart = new NumberList(Int32Array, products);
    this.nameLength = new NumberList(Int32Array, products);
    this.image = new NumberList(Int32Array, products);
    this.lexemeStart = new NumberList(Int32Array, products + 1);
    this.texts = new TextsBuilder(products);
    this.wordStart = new NumberList(Int32Array, products + 1);
    this.repeated = new NumberList(Int32Array, 1024);
  }

  add(row: SuggestionRow) {
    const p = this.count++;
    this.ids.push(row.id);
    this.positions.push(row.position);
    this.prices.push(row.price);
    this.categories.push(row.category);
    this.nameText.push(this.nameTexts.length);
    this.nameStart.push(this.chunkLength);
    this.nameLength.push(row.name.length);
    this.chunkNames.push(row.name);
    this.chunkLength += row.name.length;
    let image = -1;
    if (row.image !== null) {
      image = this.imageIds.get(row.image) ?? -1;
      if (image < 0) this.imageIds.set(row.image, (image = this.images.push(row.image) - 1));
    }
    this.image.push(image);
    this.lexemeStart.push(this.lexemes.length);
    this.everyEntryPlaced =
      readVector(
        row.vector,
        (lexeme) => {
          let id = this.lexemeIds.get(lexeme);
          if (id === undefined) this.lexemeIds.set(lexeme, (id = this.lexemeIds.size));
          this.lexemes.push(id);
          this.positionStart.push(this.entryPositions.length);
        },
        (position) => this.entryPositions.push(position),
      ) && this.everyEntryPlaced;
    this.texts.add(row.lower);
    this.wordStart.push(this.words.length);
    const words = nameWordsOf(row.lower);
    for (const word of words) {
      let id = this.wordIds.get(word);
      if (id === undefined) this.wordIds.set(word, (id = this.wordIds.size));
      this.words.push(id);
    }
    if (new Set(words).size < words.length) this.repeated.push(p);
  }

  /** Ends a chunk (its products added in rank order). */
  endRun() {
    if (this.runs[this.runs.length - 1] === this.count) return;
    this.runs.push(this.count);
    this.nameTexts.push(this.chunkNames.join(''));
    this.chunkNames = [];
    this.chunkLength = 0;
  }

  finish() {
    this.endRun();
    this.lexemeStart.push(this.lexemes.length);
    this.positionStart.push(this.entryPositions.length);
    this.wordStart.push(this.words.length);
    this.texts.finish();
  }

  /**
   * The products as read in rank order (order[rank] = place as read): the chunks' runs merged by a heap
   * of the runs by their next product, with a pause every YIELD_EVERY products.
   */
  async rankOrder(): Promise<Int32Array> {
    const ids = this.ids.view();
    const positions = this.positions.view();
    const runs = this.runs;
    const before = (a: number, b: number) =>
      positions[a]! < positions[b]! || (positions[a] === positions[b] && ids[a]! < ids[b]!);
    const next = Int32Array.from(runs.slice(0, -1));
    const heap: number[] = [];
    for (let r = 0; r < next.length; r++) {
      let i = heap.length;
      heap.push(r);
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!before(next[r]!, next[heap[parent]!]!)) break;
        heap[i] = heap[parent]!;
        i = parent;
      }
      heap[i] = r;
    }
    const order = new Int32Array(this.count);
    for (let rank = 0; rank < order.length; rank++) {
      if (rank % YIELD_EVERY === YIELD_EVERY - 1) await yieldToRequests();
      const r = heap[0]!;
      order[rank] = next[r]!++;
      if (next[r] === runs[r + 1]) {
        const last = heap.pop()!;
        if (heap.length === 0) break;
        heap[0] = last;
      }
      // The top run down to its place after its next product changed.
      const c = heap[0]!;
      const top = next[c]!;
      let i = 0;
      for (;;) {
        let child = 2 * i + 1;
        if (child >= heap.length) break;
        if (child + 1 < heap.length && before(next[heap[child + 1]!]!, next[heap[child]!]!)) child++;
        if (!before(next[heap[child]!]!, top)) break;
        heap[i] = heap[child]!;
        i = child;
      }
      heap[i] = c;
    }
    return order;
  }
}

/**
 * Segments of `values` (product p's from start[p] to start[p + 1], as read) in rank order (`order`), in
 * an array of exactly their size allocated once: no list grown and then copied to its size at the end
 * (those copies held the thread up to 0.6 s at a million). A pause every YIELD_EVERY products.
 */
async function inRankOrder<A extends Int32Array | Uint16Array>(
  values: BlockList<A>,
  start: Int32Array,
  order: Int32Array,
  Type: { new (length: number): A },
): Promise<{ values: A; start: Int32Array }> {
  const out = new Type(values.length);
  const outStart = new Int32Array(order.length + 1);
  let at = 0;
  for (let rank = 0; rank < order.length; rank++) {
    if (rank % YIELD_EVERY === YIELD_EVERY - 1) await yieldToRequests();
    const p = order[rank]!;
    for (let k = start[p]!; k < start[p + 1]!; k++) out[at++] = values.get(k);
    outStart[rank + 1] = at;
  }
  return { values: out, start: outStart };
}

/** Compares as PostgreSQL's C collation does: by code point (UTF-8 byte order). */
function compareC(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

export class SuggestionIndex {
  builtAt = 0;
  /** When the build began reading: its rows are at least as new as this. */
  readFrom = 0;
  /**
   * The database's Snowball English, found and the in-process `russian` configuration checked against
   * the database at build (decision 0070): null when it differs, and queries are stemmed by the database.
   */
  english: EnglishVariant | null = null;
  private brands: (SuggestedBrand & Labelled)[] = [];
  private categories: (SuggestedCategory & Labelled & { productCount: number })[] = [];
  private series: (SuggestedSeries & { lowerFull: string; lowerOwn: string; sortName: string })[] = [];

  // Active products in (position, id) order: a product's rank is its place here.
  private productIds = new Int32Array(0);
  /** Names as slices of a few long strings: nameTexts[nameText[rank]] from nameStart[rank], nameLength[rank] long. */
  private nameTexts: string[] = [];
  private nameText = new Int32Array(0);
  private nameStart = new Int32Array(0);
  private nameLength = new Int32Array(0);
  /** Images by id (imageOf[rank], -1 for none): a few hundred distinct among a million products. */
  private images: string[] = [];
  private imageOf = new Int32Array(0);
  private prices = new Float64Array(0);
  private categoryIds = new Int32Array(0);
  /** The catalogue positions (the first key of the rank order): where withProducts places a product. */
  private positions = new Int32Array(0);
  private categoryCodes = new Map<number, string>();
  /**
   * Each product's name as prepareText gives it, flat: its trigram sequence (local ids) from
   * sequenceStart[rank] to sequenceStart[rank + 1], its distinct trigram keys likewise (textOf).
   */
  private sequences: Uint16Array = new Uint16Array(0);
  private sequenceStart: Int32Array = new Int32Array(1);
  private distinct: Int32Array = new Int32Array(0);
  private distinctStart: Int32Array = new Int32Array(1);

  /**
   * Each product's lower-cased name as word ids (words: runs of letters and digits, as pg_trgm splits),
   * from nameWordStart[rank] to nameWordStart[rank + 1]; `vocabulary` holds the words by id.
   */
  private nameWords = new Int32Array(0);
  private nameWordStart = new Int32Array(1);
  private vocabulary: string[] = [];
  /** Per vocabulary word, its last trigram's key (spanBound). */
  private wordTail = new Int32Array(0);
  /** Per vocabulary word, the ranks of the names holding it (ascending; a word twice in a name is one). */
  private wordNames: Int32Array[] = [];
  /** Trigram key to the vocabulary words holding it. */
  private vocabularyTrigrams = new Map<number, Int32Array>();
  /** The names holding some word twice (their span may be one word twice: productsBySimilarity). */
  private repeatedWordNames = new Int32Array(0);
  /**
   * productsBySimilarity's scratch (synchronous, so never shared by two calls): per vocabulary word, 0 or
   * its place + 1 among the marked words; the marked words' query-trigram bits; the names already looked at.
   */
  private wordSlot = new Int32Array(0);
  private maskScratch = new Uint32Array(0);
  private seenScratch = new Uint8Array(0);
  private countScratch = new Uint16Array(0);

  /** Distinct lexemes sorted by code unit, each with the ranks of the products that have it. */
  private lexemes: string[] = [];
  private lexemePostings: Int32Array[] = [];
  /**
   * Every product's stored search_vector, for ranking search results as ts_rank does (decision 0078):
   * its entries (places in `lexemes`, in the vector's order) from productEntryStart[rank], and each
   * entry's positions as PostgreSQL stores them (weight << 14 | position) from entryPositionStart[entry].
   */
  private productEntries = new Int32Array(0);
  private productEntryStart = new Int32Array(1);
  private entryPositions = new Uint16Array(0);
  private entryPositionStart = new Int32Array(1);
  /**
   * Whether search results can be answered from memory: every active product is here (the rows are read
   * with their offer and category, full text reads products alone) and every entry has its positions.
   */
  private searchable = false;
  private lexemeMask = new Uint8Array(0);
  /** Trigram key to the ranks of the products whose lower-cased name has it. */
  private trigramPostings = new Map<number, Int32Array>();

  /** `chunkIds`: how many ids each query of the products spans (tests read in small chunks). */
  static async build(handle: DatabaseHandle, chunkIds = PRODUCT_CHUNK): Promise<SuggestionIndex> {
    const index = new SuggestionIndex();
    index.readFrom = Date.now();
    await index.load(handle, chunkIds);
    return index;
  }

  get size() {
    return this.productIds.length;
  }

  /** Brands, active categories (with their product counts), series and every category's code: small tables. */
  private async loadLabels(handle: DatabaseHandle) {
    for (const brand of await listSuggestionBrands(handle))
      this.brands.push({ ...brand, text: prepareText(brand.lower) });
    for (const category of await listSuggestionCategories(handle)) {
      this.categories.push({ ...category, text: prepareText(category.lower) });
    }
    this.series.push(...(await listSuggestionSeries(handle)));
    this.series.sort((a, b) => compareC(a.sortName, b.sortName) || a.id - b.id);
    for (const [id, code] of await listCategoryCodes(handle)) this.categoryCodes.set(id, code);
    await yieldToRequests();
  }

  private async load(handle: DatabaseHandle, chunkIds: number) {
    // Pauses between the queries: on PGlite each runs on the store's own thread (see PRODUCT_CHUNK).
    this.english = await probeQueryStemmer(handle);
    await yieldToRequests();
    await this.loadLabels(handle);

    const activeProducts = await countActiveProducts(handle);
    await yieldToRequests();
    const maxId = await retrieveMaxProductId(handle);
    const read = new ReadLists(activeProducts);
    for (let from = 0; from <= maxId; from += chunkIds) {
      const chunk = await listSuggestionProducts(handle, from, from + chunkIds);
      // Each chunk in rank order now, the chunks merged after reading: one sort of a million rows held
      // the thread 2.9 s at a million products on PostgreSQL (bench/index-build.ts, 27 November).
      chunk.sort(byRank);
      for (let i = 0; i < chunk.length; i++) {
        if (i % BUILD_YIELD_EVERY === BUILD_YIELD_EVERY - 1) await yieldToRequests();
        read.add(chunk[i]!);
      }
      read.endRun();
      // PGlite answers within the same turn of the event loop: without a pause, every chunk's query
      // would follow the last with no request served in between.
      await yieldToRequests();
    }
    read.finish();
    const order = await read.rankOrder();
    const n = order.length;

    // Every list in rank order, gathered from the lists as read, each allocated once at its size.
    this.productIds = new Int32Array(n);
    this.prices = new Float64Array(n);
    this.categoryIds = new Int32Array(n);
    this.positions = new Int32Array(n);
    this.nameTexts = read.nameTexts;
    this.nameText = new Int32Array(n);
    this.nameStart = new Int32Array(n);
    this.nameLength = new Int32Array(n);
    this.images = read.images;
    this.imageOf = new Int32Array(n);
    {
      const ids = read.ids.view();
      const prices = read.prices.view();
      const categories = read.categories.view();
      const positions = read.positions.view();
      const nameText = read.nameText.view();
      const nameStart = read.nameStart.view();
      const nameLength = read.nameLength.view();
      const image = read.image.view();
      for (let rank = 0; rank < n; rank++) {
        if (rank % YIELD_EVERY === YIELD_EVERY - 1) await yieldToRequests();
        const p = order[rank]!;
        this.productIds[rank] = ids[p]!;
        this.prices[rank] = prices[p]!;
        this.categoryIds[rank] = categories[p]!;
        this.positions[rank] = positions[p]!;
        this.nameText[rank] = nameText[p]!;
        this.nameStart[rank] = nameStart[p]!;
        this.nameLength[rank] = nameLength[p]!;
        this.imageOf[rank] = image[p]!;
      }
    }

    // Name words renumbered in order of first appearance by rank, as a build in rank order numbers them.
    const repeatedAsRead = new Uint8Array(n);
    for (const p of read.repeated.view()) repeatedAsRead[p] = 1;
    const readVocabulary = [...read.wordIds.keys()];
    const wordId = new Int32Array(readVocabulary.length).fill(-1);
    const vocabulary: string[] = [];
    const nameWords = new Int32Array(read.words.length);
    const nameWordStart = new Int32Array(n + 1);
    const repeated = new NumberList(Int32Array, read.repeated.length);
    {
      const words = read.words;
      const start = read.wordStart.view();
      let at = 0;
      for (let rank = 0; rank < n; rank++) {
        if (rank % YIELD_EVERY === YIELD_EVERY - 1) await yieldToRequests();
        const p = order[rank]!;
        for (let k = start[p]!; k < start[p + 1]!; k++) {
          const word = words.get(k);
          if (wordId[word] === -1) wordId[word] = vocabulary.push(readVocabulary[word]!) - 1;
          nameWords[at++] = wordId[word]!;
        }
        nameWordStart[rank + 1] = at;
        if (repeatedAsRead[p] === 1) repeated.push(rank);
      }
    }
    this.nameWords = nameWords;
    this.nameWordStart = nameWordStart;
    this.vocabulary = vocabulary;
    this.repeatedWordNames = repeated.view();
    this.wordNames = await postingLists(this.nameWords, nameWordStart, this.vocabulary.length);
    this.vocabularyTrigrams = await vocabularyTrigrams(this.vocabulary);
    this.wordSlot = new Int32Array(this.vocabulary.length);
    this.wordTail = new Int32Array(this.vocabulary.length);
    for (let id = 0; id < this.vocabulary.length; id++) {
      if (id % YIELD_EVERY === YIELD_EVERY - 1) await yieldToRequests();
      this.wordTail[id] = trigramSequence(this.vocabulary[id]!).at(-1) ?? -1;
    }

    // Lexemes in code unit order; each product's entries as places in that order, with their positions.
    const byId = [...read.lexemeIds.keys()];
    const lexemeOrder = byId.map((_, id) => id).sort((x, y) => compareC(byId[x]!, byId[y]!));
    this.lexemes = lexemeOrder.map((id) => byId[id]!);
    const placeOf = new Int32Array(lexemeOrder.length);
    for (let k = 0; k < lexemeOrder.length; k++) placeOf[lexemeOrder[k]!] = k;
    await yieldToRequests();
    const entries = new Int32Array(read.lexemes.length);
    const entryStart = new Int32Array(n + 1);
    const positions = new Uint16Array(read.entryPositions.length);
    const positionStart = new Int32Array(read.lexemes.length + 1);
    {
      const lexemes = read.lexemes;
      const lexemeStart = read.lexemeStart.view();
      const readPositions = read.entryPositions;
      const readPositionStart = read.positionStart;
      let e = 0;
      let at = 0;
      for (let rank = 0; rank < n; rank++) {
        if (rank % YIELD_EVERY === YIELD_EVERY - 1) await yieldToRequests();
        const p = order[rank]!;
        for (let k = lexemeStart[p]!; k < lexemeStart[p + 1]!; k++) {
          entries[e] = placeOf[lexemes.get(k)]!;
          positionStart[e++] = at;
          const to = readPositionStart.get(k + 1);
          for (let j = readPositionStart.get(k); j < to; j++) positions[at++] = readPositions.get(j);
        }
        entryStart[rank + 1] = e;
      }
      positionStart[e] = at;
    }
    this.productEntries = entries;
    this.productEntryStart = entryStart;
    this.entryPositions = positions;
    this.entryPositionStart = positionStart;
    // Ranks ascending in each list: ranks are visited in order.
    this.lexemePostings = await postingLists(entries, entryStart, lexemeOrder.length);
    this.lexemeMask = new Uint8Array(lexemeOrder.length);
    this.searchable = read.everyEntryPlaced && n === activeProducts;

    const texts = read.texts;
    ({ values: this.sequences, start: this.sequenceStart } = await inRankOrder(
      texts.sequence,
      texts.sequenceStart.view(),
      order,
      Uint16Array,
    ));
    ({ values: this.distinct, start: this.distinctStart } = await inRankOrder(
      texts.distinct,
      texts.distinctStart.view(),
      order,
      Int32Array,
    ));
    await yieldToRequests();
    this.trigramPostings = await postingsByKey(this.distinct, this.distinctStart);
    this.builtAt = Date.now();
  }

  /**
   * A new index for the database as it is now, given that only the products `ids` changed since `old` was
   * built (shown, hidden, moved, renamed, repositioned, added): what `build` would hold, without reading
   * every product again (decision 0089). Only those products' rows are read (ids no longer active come
   * back missing: removed), with the small tables the build reads anyway (brands, categories and their
   * counts, series, category codes); everything about the other products is copied from `old`'s flat
   * lists in runs (their relative order cannot change: their positions and ids did not), and the posting
   * lists are `old`'s with every rank renumbered and the new products' ranks merged in. `old` is only read:
   * it serves unchanged meanwhile and stays valid after. The same pauses as the build's.
   */
  static async withProducts(
    old: SuggestionIndex,
    handle: DatabaseHandle,
    ids: readonly number[],
  ): Promise<SuggestionIndex> {
    // An index that cannot answer search from memory (an active product left out, a vector without
    // positions) is not patched: whether a patch would make it whole needs every product counted again,
    // which is the build's work. Built afresh instead.
    if (!old.searchable) return SuggestionIndex.build(handle);
    const index = new SuggestionIndex();
    index.readFrom = Date.now();
    await index.patch(
      old,
      handle,
      [...new Set(ids)].filter((id) => Number.isInteger(id) && id > 0),
    );
    return index;
  }

  private async patch(old: SuggestionIndex, handle: DatabaseHandle, ids: readonly number[]) {
    // The stemmer probe depends on the database's configuration, not on its rows: old's answer holds.
    this.english = old.english;
    await this.loadLabels(handle);
    const rows = await listSuggestionProductsByIds(handle, ids);
    await yieldToRequests();
    const activeAmongChanged = await countActiveProductsAmong(handle, ids);
    await yieldToRequests();
    rows.sort(byRank);
    const m = rows.length;

    // The new rank order: old's ranks without the changed products, the changed products' rows merged in
    // by (position, id). The others keep their order, so they stay in runs of consecutive old ranks.
    let maxChanged = 0;
    for (const id of ids) maxChanged = Math.max(maxChanged, id);
    const changed = new Uint8Array(maxChanged + 1);
    for (const id of ids) changed[id] = 1;
    const oldIds = old.productIds;
    const oldPositions = old.positions;
    const oldSize = old.size;
    const oldToNew = new Int32Array(oldSize);
    const rowRank = new Int32Array(m);
    const parts: RankPart[] = [];
    let rank = 0;
    let k = 0;
    let runFrom = -1;
    for (let r = 0; r < oldSize; r++) {
      if (r % YIELD_EVERY === YIELD_EVERY - 1) await yieldToRequests();
      const id = oldIds[r]!;
      if (id <= maxChanged && changed[id] === 1) {
        if (runFrom >= 0) parts.push({ from: runFrom, to: r });
        runFrom = -1;
        oldToNew[r] = -1;
        continue;
      }
      const position = oldPositions[r]!;
      if (k < m && (rows[k]!.position < position || (rows[k]!.position === position && rows[k]!.id < id))) {
        if (runFrom >= 0) parts.push({ from: runFrom, to: r });
        runFrom = -1;
        while (k < m && (rows[k]!.position < position || (rows[k]!.position === position && rows[k]!.id < id))) {
          parts.push({ row: k });
          rowRank[k++] = rank++;
        }
      }
      if (runFrom < 0) runFrom = r;
      oldToNew[r] = rank++;
    }
    if (runFrom >= 0) parts.push({ from: runFrom, to: oldSize });
    while (k < m) {
      parts.push({ row: k });
      rowRank[k++] = rank++;
    }
    const n = rank;

    // Per product: ids, prices, categories, positions, names (the new ones in one more string), images.
    this.productIds = await splicePerRank(oldIds, parts, n, Int32Array, (row) => rows[row]!.id);
    this.prices = await splicePerRank(old.prices, parts, n, Float64Array, (row) => rows[row]!.price);
    this.categoryIds = await splicePerRank(old.categoryIds, parts, n, Int32Array, (row) => rows[row]!.category);
    this.positions = await splicePerRank(oldPositions, parts, n, Int32Array, (row) => rows[row]!.position);
    this.nameTexts = m > 0 ? [...old.nameTexts, rows.map((row) => row.name).join('')] : old.nameTexts.slice();
    const nameStarts: number[] = [];
    for (let row = 0, at = 0; row < m; at += rows[row++]!.name.length) nameStarts.push(at);
    const newText = old.nameTexts.length;
    this.nameText = await splicePerRank(old.nameText, parts, n, Int32Array, () => newText);
    this.nameStart = await splicePerRank(old.nameStart, parts, n, Int32Array, (row) => nameStarts[row]!);
    this.nameLength = await splicePerRank(old.nameLength, parts, n, Int32Array, (row) => rows[row]!.name.length);
    // Images are numbered by first appearance as read; the numbers are internal (product() maps them back).
    this.images = old.images.slice();
    const imageIds = new Map(this.images.map((image, id) => [image, id]));
    const imageOfRow = rows.map((row) => {
      if (row.image === null) return -1;
      let id = imageIds.get(row.image);
      if (id === undefined) imageIds.set(row.image, (id = this.images.push(row.image) - 1));
      return id;
    });
    this.imageOf = await splicePerRank(old.imageOf, parts, n, Int32Array, (row) => imageOfRow[row]!);

    // Name words. A word not in old's vocabulary gets the next id. A fresh build numbers the words in
    // order of first appearance by rank, and drops a word no name holds any more; no answer depends on
    // those numbers or on an unused word: the walks order candidates by rank and similarity, the common
    // word is chosen by the length of its list (a tie between two words gives the same answer, as the
    // two walks' agreement shows), and a word no name holds adds no name to any walk. Renumbering would
    // mean building the vocabulary's trigram lists again (every word's trigrams), which this avoids.
    this.vocabulary = old.vocabulary.slice();
    const vocabularyTrigrams = new Map(old.vocabularyTrigrams);
    const wordOf = (word: string): number => {
      const keys = trigramSequence(word);
      // Every word of a name has trigrams (pg_trgm pads it): one holding its first trigram is it, or none is.
      const holders = keys.length > 0 ? (vocabularyTrigrams.get(keys[0]!) ?? EMPTY) : EMPTY;
      for (let j = 0; j < holders.length; j++) if (this.vocabulary[holders[j]!] === word) return holders[j]!;
      if (keys.length === 0) {
        const id = this.vocabulary.indexOf(word);
        if (id >= 0) return id;
      }
      const id = this.vocabulary.push(word) - 1;
      for (const key of new Set(keys)) {
        const list = vocabularyTrigrams.get(key) ?? EMPTY;
        const grown = new Int32Array(list.length + 1);
        grown.set(list);
        grown[list.length] = id;
        vocabularyTrigrams.set(key, grown);
      }
      return id;
    };
    const rowWords = rows.map((row) => nameWordsOf(row.lower).map(wordOf));
    this.vocabularyTrigrams = vocabularyTrigrams;
    const words = this.vocabulary.length;
    this.wordTail = new Int32Array(words);
    this.wordTail.set(old.wordTail);
    for (let id = old.vocabulary.length; id < words; id++)
      this.wordTail[id] = trigramSequence(this.vocabulary[id]!).at(-1) ?? -1;
    this.wordSlot = new Int32Array(words);
    ({ values: this.nameWords, start: this.nameWordStart } = await spliceFlat(
      old.nameWords,
      old.nameWordStart,
      withRows(parts, rowWords),
      Int32Array,
      null,
    ));
    const addedWords = new Map<number, number[]>();
    for (let row = 0; row < m; row++)
      for (const id of new Set(rowWords[row])) pushToList(addedWords, id, rowRank[row]!);
    this.wordNames = await remapPostings(
      Array.from({ length: words }, (_, id) => old.wordNames[id] ?? EMPTY),
      oldToNew,
      addedWords,
    );
    const repeated: number[] = [];
    for (const r of old.repeatedWordNames) if (oldToNew[r]! >= 0) repeated.push(oldToNew[r]!);
    for (let row = 0; row < m; row++)
      if (new Set(rowWords[row]).size < rowWords[row]!.length) repeated.push(rowRank[row]!);
    this.repeatedWordNames = Int32Array.from(repeated).sort();

    // Lexemes: old's and the new products' merged in code unit order, each list renumbered with the new
    // products' ranks merged in; a lexeme no product has any more is dropped, as a build would not have it.
    let placed = true;
    const rowVectors = rows.map((row) => {
      const lexemes: string[] = [];
      const positions: number[][] = [];
      placed =
        readVector(
          row.vector,
          (lexeme) => {
            lexemes.push(lexeme);
            positions.push([]);
          },
          (position) => positions[positions.length - 1]!.push(position),
        ) && placed;
      return { lexemes, positions };
    });
    const fresh = [
      ...new Set(
        rowVectors
          .flatMap((v) => v.lexemes)
          .filter((lexeme) => old.lexemes[lowerBound(old.lexemes, lexeme)] !== lexeme),
      ),
    ].sort(compareC);
    const merged: string[] = [];
    const mergedLists: Int32Array[] = [];
    const oldToMerged = new Int32Array(old.lexemes.length);
    for (let a = 0, b = 0; a < old.lexemes.length || b < fresh.length;) {
      if (b === fresh.length || (a < old.lexemes.length && compareC(old.lexemes[a]!, fresh[b]!) < 0)) {
        oldToMerged[a] = merged.push(old.lexemes[a]!) - 1;
        mergedLists.push(old.lexemePostings[a++]!);
      } else {
        merged.push(fresh[b++]!);
        mergedLists.push(EMPTY);
      }
      if (merged.length % YIELD_EVERY === 0) await yieldToRequests();
    }
    const addedLexemes = new Map<number, number[]>();
    for (let row = 0; row < m; row++) {
      for (const lexeme of new Set(rowVectors[row]!.lexemes)) {
        pushToList(addedLexemes, lowerBound(merged, lexeme), rowRank[row]!);
      }
    }
    const lexemeLists = await remapPostings(mergedLists, oldToNew, addedLexemes);
    const placeOfMerged = new Int32Array(merged.length).fill(-1);
    this.lexemes = [];
    this.lexemePostings = [];
    for (let i = 0; i < merged.length; i++) {
      if (lexemeLists[i]!.length === 0) continue;
      placeOfMerged[i] = this.lexemes.push(merged[i]!) - 1;
      this.lexemePostings.push(lexemeLists[i]!);
    }
    const placeOfOld = new Int32Array(old.lexemes.length);
    let renumbered = false;
    for (let a = 0; a < old.lexemes.length; a++) {
      placeOfOld[a] = placeOfMerged[oldToMerged[a]!]!;
      if (placeOfOld[a] !== a) renumbered = true;
    }
    ({ values: this.productEntries, start: this.productEntryStart } = await spliceFlat(
      old.productEntries,
      old.productEntryStart,
      withRows(
        parts,
        rowVectors.map((v) => v.lexemes.map((lexeme) => placeOfMerged[lowerBound(merged, lexeme)]!)),
      ),
      Int32Array,
      renumbered ? placeOfOld : null,
    ));
    // Each entry's positions: old's entries in runs (those of a run of ranks are consecutive), then each
    // new product's entries one by one.
    const entryParts: FlatPart[] = [];
    for (const part of parts) {
      if ('row' in part)
        for (const positions of rowVectors[part.row]!.positions) entryParts.push({ values: positions });
      else entryParts.push({ from: old.productEntryStart[part.from]!, to: old.productEntryStart[part.to]! });
    }
    ({ values: this.entryPositions, start: this.entryPositionStart } = await spliceFlat(
      old.entryPositions,
      old.entryPositionStart,
      entryParts,
      Uint16Array,
      null,
    ));
    this.lexemeMask = new Uint8Array(this.lexemes.length);
    // old was searchable: every product active then was in it, so a build now has every active product
    // exactly when every changed product that is active came back with its row.
    this.searchable = placed && m === activeAmongChanged;

    // Names' trigrams: the new products' prepared as the build prepares them, spliced into old's.
    const texts = new TextsBuilder(m);
    for (const row of rows) texts.add(row.lower);
    texts.finish();
    const segment = <A extends Int32Array | Uint16Array>(list: BlockList<A>, start: Int32Array, row: number) =>
      Array.from({ length: start[row + 1]! - start[row]! }, (_, j) => list.get(start[row]! + j));
    const sequenceStart = texts.sequenceStart.view();
    const distinctStart = texts.distinctStart.view();
    const rowDistinct = rows.map((_, row) => segment(texts.distinct, distinctStart, row));
    ({ values: this.sequences, start: this.sequenceStart } = await spliceFlat(
      old.sequences,
      old.sequenceStart,
      withRows(
        parts,
        rows.map((_, row) => segment(texts.sequence, sequenceStart, row)),
      ),
      Uint16Array,
      null,
    ));
    ({ values: this.distinct, start: this.distinctStart } = await spliceFlat(
      old.distinct,
      old.distinctStart,
      withRows(parts, rowDistinct),
      Int32Array,
      null,
    ));
    const keys = [...old.trigramPostings.keys()];
    const keyAt = new Map<number, number>();
    const addedTrigrams = new Map<number, number[]>();
    for (let row = 0; row < m; row++) {
      for (const key of rowDistinct[row]!) {
        if (keyAt.size === 0) for (let i = 0; i < keys.length; i++) keyAt.set(keys[i]!, i);
        let at = keyAt.get(key);
        if (at === undefined) keyAt.set(key, (at = keys.push(key) - 1));
        pushToList(addedTrigrams, at, rowRank[row]!);
      }
    }
    const trigramLists = await remapPostings(
      keys.map((key) => old.trigramPostings.get(key) ?? EMPTY),
      oldToNew,
      addedTrigrams,
    );
    this.trigramPostings = new Map();
    for (let i = 0; i < keys.length; i++)
      if (trigramLists[i]!.length > 0) this.trigramPostings.set(keys[i]!, trigramLists[i]!);
    this.builtAt = Date.now();
  }

  /** A product's lower-cased name prepared for similarity checks (views into the flat lists). */
  textOf(rank: number): PreparedText {
    return {
      sequence: this.sequences.subarray(this.sequenceStart[rank], this.sequenceStart[rank + 1]),
      distinct: this.distinct.subarray(this.distinctStart[rank], this.distinctStart[rank + 1]),
    };
  }

  /** The ranks of the products with this lexeme (tests compare the layout with a plain build). */
  lexemeRanks(lexeme: string): Int32Array {
    const k = lowerBound(this.lexemes, lexeme);
    return this.lexemes[k] === lexeme ? this.lexemePostings[k]! : EMPTY;
  }

  /** The ranks of the products whose name has this trigram key. */
  trigramRanks(key: number): Int32Array {
    return this.trigramPostings.get(key) ?? EMPTY;
  }

  /** Every lexeme and trigram key the index holds (tests). */
  keys(): { lexemes: readonly string[]; trigrams: number[] } {
    return { lexemes: this.lexemes, trigrams: [...this.trigramPostings.keys()] };
  }

  /** Brands: `lower(name) like %text%` first, then by word similarity and name; at most five. */
  suggestBrands(text: string): SuggestedBrand[] {
    const query = queryTrigrams(text);
    return this.brands
      .flatMap((b) => {
        const like = b.lower.includes(text);
        const similarity = wordSimilarity(query, b.text);
        return like || similarity >= WORD_SIMILARITY_THRESHOLD ? [{ b, like, similarity }] : [];
      })
      .sort((x, y) => Number(y.like) - Number(x.like) || y.similarity - x.similarity || compareC(x.b.name, y.b.name))
      .slice(0, LIMIT)
      .map(({ b }) => ({ id: b.id, name: b.name, code: b.code }));
  }

  /** Active categories: substring matches first, then by product count; at most five. */
  suggestCategories(text: string): SuggestedCategory[] {
    const query = queryTrigrams(text);
    return this.categories
      .flatMap((c) => {
        const like = c.lower.includes(text);
        return like || wordSimilarity(query, c.text) >= WORD_SIMILARITY_THRESHOLD ? [{ c, like }] : [];
      })
      .sort((x, y) => Number(y.like) - Number(x.like) || y.c.productCount - x.c.productCount || x.c.id - y.c.id)
      .slice(0, LIMIT)
      .map(({ c }) => ({ id: c.id, name: c.name, code: c.code }));
  }

  /** Series whose «brand series» or own name contains the text, by name; at most five. */
  suggestSeries(text: string): SuggestedSeries[] {
    const out: SuggestedSeries[] = [];
    for (const s of this.series) {
      if (!s.lowerFull.includes(text) && !s.lowerOwn.includes(text)) continue;
      const { lowerFull: _full, lowerOwn: _own, sortName: _sort, ...row } = s;
      out.push(row);
      if (out.length === LIMIT) break;
    }
    return out;
  }

  /**
   * Products whose lexemes start with every one of the given (already stemmed) prefixes, first five
   * in catalogue order.
   */
  productsByPrefixes(prefixes: readonly string[]): SuggestedProduct[] {
    if (prefixes.length === 0) return [];
    if (prefixes.length === 1) return this.firstWithPrefix(prefixes[0]!).map((rank) => this.product(rank));
    let result: Bits | null = null;
    for (const prefix of prefixes) {
      const bits = new Bits(this.size);
      for (let k = lowerBound(this.lexemes, prefix); k < this.lexemes.length; k++) {
        if (!this.lexemes[k]!.startsWith(prefix)) break;
        const list = this.lexemePostings[k]!;
        for (let j = 0; j < list.length; j++) bits.add(list[j]!);
      }
      result = result ? result.and(bits) : bits;
    }
    const ranks: number[] = [];
    const words = result!.words;
    for (let w = 0; w < words.length && ranks.length < LIMIT; w++) {
      let word = words[w]!;
      while (word !== 0 && ranks.length < LIMIT) {
        const t = word & -word;
        ranks.push((w << 5) + (31 - Math.clz32(t)));
        word ^= t;
      }
    }
    return ranks.map((rank) => this.product(rank));
  }

  /**
   * Full-text search results from memory (decision 0078): the ids of the active products whose lexemes
   * start with every prefix, best first as `order by ts_rank(search_vector, query) desc, position` ranks
   * them (rankByTsRank: PostgreSQL's ts_rank with its single-precision steps), at most `limit`. Null when
   * this index cannot answer as the database would (an active product left out of it, a vector without
   * positions) or there is no prefix: the caller asks the database.
   */
  searchProductIds(prefixes: readonly string[], limit: number): number[] | null {
    if (!this.searchable || prefixes.length === 0) return null;
    // The query's operands as ts_rank takes them: sorted by byte (code unit) order, duplicates dropped.
    const items = [...new Set(prefixes)].sort(compareC);
    if (items.length > 8) return null;
    const mask = this.lexemeMask;
    const marked: number[] = [];
    let result: Bits | null = null;
    for (let i = 0; i < items.length; i++) {
      const prefix = items[i]!;
      const bits = new Bits(this.size);
      for (let k = lowerBound(this.lexemes, prefix); k < this.lexemes.length; k++) {
        if (!this.lexemes[k]!.startsWith(prefix)) break;
        if (mask[k] === 0) marked.push(k);
        mask[k]! |= 1 << i;
        const list = this.lexemePostings[k]!;
        for (let j = 0; j < list.length; j++) bits.add(list[j]!);
      }
      result = result ? result.and(bits) : bits;
    }
    try {
      // Ranks by score: scores repeat (a name's few positions give few distinct values), and ranks are
      // visited in catalogue order, so each score's list is already in the tie-break's order.
      const byScore = new Map<number, number[]>();
      const and = items.length >= 2;
      result!.forEach((rank) => {
        pushToList(byScore, and ? this.rankAnd(rank, items.length) : this.rankOr(rank), rank);
      });
      return this.bestFirst(byScore, limit);
    } finally {
      for (const k of marked) mask[k] = 0;
    }
  }

  /**
   * Search's typo fallback from memory (decision 0078): the ids of the active products whose name is like
   * the text (pg_trgm's `<%`), by word_similarity descending and then catalogue order, at most `limit`.
   * Candidates share enough of the query's trigrams (counted along their posting lists); each is scored
   * by the run of its words that shares them, once per distinct run (decision 0070). Null when this
   * index cannot answer as the database would.
   */
  similarProductIds(text: string, limit: number): number[] | null {
    if (!this.searchable) return null;
    const query = queryTrigrams(text);
    const q = query.size;
    let need = 1;
    while (need <= q && Math.fround(need / q) < WORD_SIMILARITY_THRESHOLD) need++;
    if (q === 0 || need > q) return [];
    const { touched, counts } = this.countSharedTrigrams(query, need);
    const candidates = new Int32Array(touched.length);
    let n = 0;
    for (const rank of touched) {
      if (counts[rank]! >= need) candidates[n++] = rank;
      counts[rank] = 0;
    }
    // The words sharing a query trigram, marked as productsBySimilarity marks them (sharingSpan reads the marks).
    const slots = this.wordSlot;
    const marked: number[] = [];
    for (const key of query) {
      const words = this.vocabularyTrigrams.get(key) ?? EMPTY;
      for (let j = 0; j < words.length; j++) if (slots[words[j]!] === 0) slots[words[j]!] = marked.push(words[j]!);
    }
    try {
      const similarityOf = this.spanSimilarity(query);
      const byScore = new Map<number, number[]>();
      for (const rank of candidates.subarray(0, n).sort()) {
        const similarity = similarityOf(this.sharingSpan(rank));
        if (similarity >= WORD_SIMILARITY_THRESHOLD) pushToList(byScore, similarity, rank);
      }
      return this.bestFirst(byScore, limit);
    } finally {
      for (const word of marked) slots[word] = 0;
    }
  }

  /** Product ids from ranks grouped by score (each group in catalogue order): highest score first, at most `limit`. */
  private bestFirst(byScore: Map<number, number[]>, limit: number): number[] {
    const ids: number[] = [];
    for (const score of [...byScore.keys()].sort((a, b) => b - a)) {
      for (const rank of byScore.get(score)!) {
        if (ids.length === limit) return ids;
        ids.push(this.productIds[rank]!);
      }
    }
    return ids;
  }

  /** ts_rank (calc_rank_or) of a product for one operand (bit 0 of the lexeme mask), default weights. */
  private rankOr(rank: number): number {
    let res = 0;
    for (let e = this.productEntryStart[rank]!; e < this.productEntryStart[rank + 1]!; e++) {
      if ((this.lexemeMask[this.productEntries[e]!]! & 1) === 0) continue;
      let resj = 0;
      let wjm = -1;
      let jm = 0;
      for (let j = 0, p = this.entryPositionStart[e]!; p < this.entryPositionStart[e + 1]!; j++, p++) {
        const w = WEIGHTS[this.entryPositions[p]! >>> 14]!;
        resj = f32(resj + f32(w / ((j + 1) * (j + 1))));
        if (w > wjm) {
          wjm = w;
          jm = j;
        }
      }
      res = f32(res + f32(f32(wjm + resj) - f32(wjm / ((jm + 1) * (jm + 1)))) / 1.64493406685);
    }
    // Divided by the number of operands: one here.
    return res;
  }

  /**
   * ts_rank (calc_rank_and) of a product for `size` operands (bits of the lexeme mask), default weights:
   * every pair of positions of two operands' entries, the later operand's entries against the last entry
   * matched of each earlier one, in the order PostgreSQL visits them (the sum is order-sensitive in floats).
   */
  private rankAnd(rank: number, size: number): number {
    const last = this.lastEntry;
    last.fill(-1, 0, size);
    let res = -1;
    const from = this.productEntryStart[rank]!;
    const to = this.productEntryStart[rank + 1]!;
    const start = this.entryPositionStart;
    const positions = this.entryPositions;
    for (let i = 0; i < size; i++) {
      for (let e = from; e < to; e++) {
        if ((this.lexemeMask[this.productEntries[e]!]! & (1 << i)) === 0) continue;
        last[i] = e;
        for (let k = 0; k < i; k++) {
          const other = last[k]!;
          if (other < 0) continue;
          for (let l = start[e]!; l < start[e + 1]!; l++) {
            for (let p = start[other]!; p < start[other + 1]!; p++) {
              const dist = Math.abs((positions[l]! & 0x3fff) - (positions[p]! & 0x3fff));
              if (dist === 0) continue;
              const curw = f32(
                Math.sqrt(
                  f32(f32(WEIGHTS[positions[l]! >>> 14]! * WEIGHTS[positions[p]! >>> 14]!) * wordDistance(dist)),
                ),
              );
              res = res < 0 ? curw : f32(1.0 - (1.0 - res) * (1.0 - curw));
            }
          }
        }
      }
    }
    return res < 0 ? NO_PAIR_RANK : res;
  }
  private readonly lastEntry = new Int32Array(8);

  /**
   * The first LIMIT ranks with a lexeme starting with the prefix. Each lexeme's ranks ascend, so they are
   * among the first LIMIT of each list: a three-letter prefix at a million products covers hundreds of
   * thousands of postings, which a bitset of all of them walked every time (decision 0059).
   */
  private firstWithPrefix(prefix: string): number[] {
    const firsts: number[] = [];
    for (let k = lowerBound(this.lexemes, prefix); k < this.lexemes.length; k++) {
      if (!this.lexemes[k]!.startsWith(prefix)) break;
      const list = this.lexemePostings[k]!;
      for (let j = 0; j < list.length && j < LIMIT; j++) firsts.push(list[j]!);
    }
    firsts.sort((a, b) => a - b);
    const ranks: number[] = [];
    for (const rank of firsts) {
      if (ranks.length === LIMIT) break;
      if (ranks[ranks.length - 1] !== rank) ranks.push(rank);
    }
    return ranks;
  }

  /**
   * Products with `text <% lower(name)`, by word similarity, then catalogue order; at most five.
   *
   * A name's trigrams are those of its words, so the query's trigrams a name shares (the bound on its
   * similarity) are the union of those its words share, and its similarity is that of its words from the
   * first to the last sharing one (decision 0070). The walk starts from the vocabulary: the words that
   * share a query trigram (marked), each with the set of query trigrams it shares. A name holding the
   * marked word with the longest list of names (the common word: «исполнение» in nearly every bench
   * name) and no other marked word, once, has that word's similarity: of those only the first five in
   * catalogue order can be among the five, and they are taken from the word's list without looking at
   * the others. Every other name that may match holds another marked word (or a word twice) and is
   * scored as before, best bound first, stopping once no bound can enter the five (decision 0074).
   * `walk` forces one of the two ways of finding candidates (tests); by default the cheaper is taken.
   */
  productsBySimilarity(text: string, walk?: 'words' | 'trigrams'): SuggestedProduct[] {
    const query = queryTrigrams(text);
    const q = query.size;
    // word_similarity ≤ shared trigrams / query trigrams, compared as the float4 it is (0.6 is
    // 0.6000000238 there): a match shares at least `need` of the query's trigrams.
    let need = 1;
    while (need <= q && Math.fround(need / q) < WORD_SIMILARITY_THRESHOLD) need++;
    if (q === 0 || need > q) return [];

    // The marked words, each with the query trigrams it shares as bits (`width` words of 32 bits).
    const width = Math.ceil(q / 32);
    const marked: number[] = [];
    const slots = this.wordSlot;
    let masks = this.maskScratch.length >= width * 64 ? this.maskScratch : new Uint32Array(width * 64);
    let bit = 0;
    for (const key of query) {
      const words = this.vocabularyTrigrams.get(key) ?? EMPTY;
      for (let j = 0; j < words.length; j++) {
        const word = words[j]!;
        let slot = slots[word]!;
        if (slot === 0) {
          marked.push(word);
          slot = slots[word] = marked.length;
          if (slot * width > masks.length) {
            const grown = new Uint32Array(masks.length * 2);
            grown.set(masks);
            masks = grown;
          }
        }
        masks[(slot - 1) * width + (bit >>> 5)]! |= 1 << (bit & 31);
      }
      bit++;
    }
    this.maskScratch = masks;
    try {
      if (marked.length === 0) return [];
      // The common word: the marked word in the most names. Walking the names of the other marked words
      // costs their lengths; counting along the query trigrams' lists (the walk of decision 0070) theirs:
      // the cheaper is taken (a typo of a common word: the first; names of many short words: the second).
      let common = marked[0]!;
      let byWords = 0;
      for (const word of marked) {
        byWords += this.wordNames[word]!.length;
        if (this.wordNames[word]!.length > this.wordNames[common]!.length) common = word;
      }
      byWords += this.repeatedWordNames.length - this.wordNames[common]!.length;
      let byTrigrams = 0;
      for (const key of query) byTrigrams += this.trigramPostings.get(key)?.length ?? 0;
      // A name walked by its words costs about as much as its words (about eight) postings counted.
      const ranks =
        (walk ?? (byWords * WORDS_PER_NAME < byTrigrams ? 'words' : 'trigrams')) === 'words'
          ? this.walkMarked(query, need, width, marked, common)
          : this.walkCounted(query, need);
      return ranks.map((rank) => this.product(rank));
    } finally {
      for (const word of marked) slots[word] = 0;
      masks.fill(0, 0, marked.length * width);
    }
  }

  /** productsBySimilarity's walk over the names holding marked words (wordSlot and maskScratch filled). */
  private walkMarked(
    query: ReadonlySet<number>,
    need: number,
    width: number,
    marked: readonly number[],
    common: number,
  ): number[] {
    const q = query.size;
    const slots = this.wordSlot;
    const masks = this.maskScratch;

    // Every name holding another marked word, or a word twice, once each, with its shared trigrams.
    const seen =
      this.seenScratch.length === this.size ? this.seenScratch : (this.seenScratch = new Uint8Array(this.size));
    const visited: number[] = [];
    const union = new Uint32Array(width);
    const keys: number[] = [];
    const consider = (rank: number) => {
      if (seen[rank]) return;
      seen[rank] = 1;
      visited.push(rank);
      union.fill(0);
      const end = this.nameWordStart[rank + 1]!;
      for (let k = this.nameWordStart[rank]!; k < end; k++) {
        const slot = slots[this.nameWords[k]!]!;
        if (slot === 0) continue;
        for (let w = 0; w < width; w++) union[w]! |= masks[(slot - 1) * width + w]!;
      }
      let shared = 0;
      for (let w = 0; w < width; w++) shared += popcount(union[w]!);
      if (shared >= need) keys.push((q - shared) * RANK_SPAN + rank);
    };
    for (const word of marked) {
      if (word === common) continue;
      const ranks = this.wordNames[word]!;
      for (let j = 0; j < ranks.length; j++) consider(ranks[j]!);
    }
    for (let j = 0; j < this.repeatedWordNames.length; j++) consider(this.repeatedWordNames[j]!);

    const best: { rank: number; similarity: number }[] = [];
    const similarityOf = this.spanSimilarity(query);
    // The names holding the common word alone, once: its similarity; the first five in catalogue order.
    const alone = similarityOf(common);
    if (alone >= WORD_SIMILARITY_THRESHOLD) {
      const ranks = this.wordNames[common]!;
      for (let j = 0; j < ranks.length && best.length < LIMIT; j++) {
        if (!seen[ranks[j]!]) best.push({ rank: ranks[j]!, similarity: alone });
      }
    }
    for (const rank of visited) seen[rank] = 0;

    // The rest as walkCounted walks them.
    return this.walkCandidates(query, keys, best, similarityOf);
  }

  /**
   * The ranks with at least one of the query's rarest q - need + 1 trigrams (a name sharing `need` of the q
   * has one of them), and in `counts` how many of the query's trigrams each shares, counted along every
   * posting list. The counts live in a scratch array kept between calls: the caller zeroes those of
   * `touched` after reading them.
   */
  private countSharedTrigrams(query: ReadonlySet<number>, need: number): { touched: number[]; counts: Uint16Array } {
    const q = query.size;
    const lists = [...query].map((key) => this.trigramPostings.get(key) ?? EMPTY).sort((a, b) => a.length - b.length);
    const counts =
      this.countScratch.length === this.size ? this.countScratch : (this.countScratch = new Uint16Array(this.size));
    const touched: number[] = [];
    const rare = q - need + 1;
    for (let l = 0; l < rare; l++) {
      const list = lists[l]!;
      for (let j = 0; j < list.length; j++) if (counts[list[j]!]!++ === 0) touched.push(list[j]!);
    }
    for (let l = rare; l < q; l++) {
      const list = lists[l]!;
      for (let j = 0; j < list.length; j++) if (counts[list[j]!]! > 0) counts[list[j]!]!++;
    }
    return { touched, counts };
  }

  /**
   * productsBySimilarity's walk of decision 0070: the candidates come from the query's rarest trigrams
   * (a match shares at least `need` of them, so it has one of any q - need + 1), and their shared
   * trigrams are counted along all the query's posting lists (an array increment per posting).
   */
  private walkCounted(query: ReadonlySet<number>, need: number): number[] {
    const q = query.size;
    const { touched, counts } = this.countSharedTrigrams(query, need);
    const keys: number[] = [];
    for (const rank of touched) {
      const shared = counts[rank]!;
      counts[rank] = 0;
      if (shared >= need) keys.push((q - shared) * RANK_SPAN + rank);
    }
    return this.walkCandidates(query, keys, [], this.spanSimilarity(query));
  }

  /**
   * Scores candidates (keys: (q - shared trigrams) × RANK_SPAN + rank) into `best`, best bound first
   * (most shared trigrams, then catalogue order), and stops once the bound cannot reach the fifth best:
   * below it, or equal to it with a later rank (a tie goes to the earlier rank).
   */
  private walkCandidates(
    query: ReadonlySet<number>,
    keys: number[],
    best: { rank: number; similarity: number }[],
    similarityOf: (span: number | string) => number,
  ): number[] {
    const q = query.size;
    const words = q <= 32 ? new WordFigures(query, this.vocabulary) : null;
    const candidates = Float64Array.from(keys).sort();
    for (const key of candidates) {
      const rank = key % RANK_SPAN;
      const shared = q - Math.floor(key / RANK_SPAN);
      if (best.length === LIMIT) {
        const bound = Math.fround(shared / q);
        const fifth = best[LIMIT - 1]!;
        if (bound < fifth.similarity || (bound === fifth.similarity && rank > fifth.rank)) break;
      }
      // A run of several words is a string to score; its bound, from the words' own figures, skips most.
      const bound = words ? this.spanBound(rank, query, words) : -1;
      if (bound >= 0) {
        if (bound < WORD_SIMILARITY_THRESHOLD) continue;
        const fifth = best[LIMIT - 1];
        if (fifth && (bound < fifth.similarity || (bound === fifth.similarity && rank > fifth.rank))) continue;
      }
      const similarity = similarityOf(this.sharingSpan(rank));
      if (similarity < WORD_SIMILARITY_THRESHOLD) continue;
      best.push({ rank, similarity });
      best.sort((x, y) => y.similarity - x.similarity || x.rank - y.rank);
      if (best.length > LIMIT) best.pop();
    }
    return best.map(({ rank }) => rank);
  }

  /**
   * A span's word similarity (sharingSpan: a word id or words joined), each computed once per query:
   * the names holding «холодильник» are one computation, not thousands (decision 0070).
   */
  private spanSimilarity(query: ReadonlySet<number>): (span: number | string) => number {
    const bySpan = new Map<string, number>();
    const byWord = new Map<number, number>();
    return (span) => {
      let similarity = typeof span === 'number' ? byWord.get(span) : bySpan.get(span);
      if (similarity === undefined) {
        const text = typeof span === 'number' ? this.vocabulary[span]! : span;
        similarity = wordSimilarity(query, prepareText(text));
        if (typeof span === 'number') byWord.set(span, similarity);
        else bySpan.set(span, similarity);
      }
      return similarity;
    };
  }

  /**
   * An upper bound on the similarity of a name whose run of words (sharingSpan) has several marked words,
   * -1 when it has one. Every extent pg_trgm weighs ends on a shared trigram, in some marked word b. One
   * that starts in b is at most b's best extent (`within`). One that starts before b holds a prefix P of
   * b ending on a shared trigram, and the last trigram of the word before b (unshared unless the query has
   * it). Its shared trigrams are at most P's together with those of the marked words before b, and its
   * unshared ones at least P's and that one: so its similarity is at most that count over q plus those.
   * Needs the query's trigrams as one 32-bit mask (q ≤ 32).
   */
  private spanBound(rank: number, query: ReadonlySet<number>, words: WordFigures): number {
    const q = query.size;
    const slots = this.wordSlot;
    const masks = this.maskScratch;
    let bound = 0;
    let left = 0;
    let marked = 0;
    const end = this.nameWordStart[rank + 1]!;
    for (let k = this.nameWordStart[rank]!; k < end; k++) {
      const id = this.nameWords[k]!;
      const slot = slots[id]!;
      if (slot === 0) continue;
      const figures = words.of(id);
      if (figures.within > bound) bound = figures.within;
      if (marked > 0) {
        const before = this.wordTail[this.nameWords[k - 1]!]!;
        const gap = query.has(before) ? 0 : 1;
        for (const prefix of figures.prefixes) {
          // The word's own last trigram is the same as the one before: already among P's unshared.
          const g = prefix.whole && before === this.wordTail[id] ? 0 : gap;
          const extent = Math.fround(popcount((prefix.mask | left) >>> 0) / (q + prefix.unshared + g));
          if (extent > bound) bound = extent;
        }
      }
      left |= masks[slot - 1]!;
      marked++;
    }
    return marked > 1 ? bound : -1;
  }

  /**
   * The words of a product's name from the first to the last that is marked (shares a trigram with the
   * query): the word's id when it is one, else the words joined by spaces.
   */
  private sharingSpan(rank: number): number | string {
    let first = -1;
    let last = -1;
    const end = this.nameWordStart[rank + 1]!;
    for (let k = this.nameWordStart[rank]!; k < end; k++) {
      if (this.wordSlot[this.nameWords[k]!] === 0) continue;
      if (first < 0) first = k;
      last = k;
    }
    if (first === last) return first < 0 ? '' : this.nameWords[first]!;
    const words: string[] = [];
    for (let k = first; k <= last; k++) words.push(this.vocabulary[this.nameWords[k]!]!);
    return words.join(' ');
  }

  private product(rank: number): SuggestedProduct {
    const categoryId = this.categoryIds[rank]!;
    const start = this.nameStart[rank]!;
    const image = this.imageOf[rank]!;
    return {
      id: this.productIds[rank]!,
      name: this.nameTexts[this.nameText[rank]!]!.slice(start, start + this.nameLength[rank]!),
      image: image < 0 ? null : this.images[image]!,
      price: this.prices[rank]!,
      category_id: categoryId,
      category_code: this.categoryCodes.get(categoryId) ?? '',
    };
  }
}

/**
 * Per query, a vocabulary word's figures for spanBound, computed on first use: its best extent's
 * similarity (`within`, over every extent of its trigrams), and for each prefix ending on a shared
 * trigram the query trigrams it shares (bits in the query's order) and how many distinct ones it has
 * that the query has not (`whole`: the prefix is the word).
 */
class WordFigures {
  private readonly bits = new Map<number, number>();
  private readonly known = new Map<
    number,
    { within: number; prefixes: { mask: number; unshared: number; whole: boolean }[] }
  >();

  constructor(
    private readonly query: ReadonlySet<number>,
    private readonly vocabulary: readonly string[],
  ) {
    for (const key of query) this.bits.set(key, this.bits.size);
  }

  of(id: number) {
    let figures = this.known.get(id);
    if (figures) return figures;
    const q = this.query.size;
    const keys = trigramSequence(this.vocabulary[id]!);
    let within = 0;
    for (let i = 0; i < keys.length; i++) {
      const seen = new Set<number>();
      let shared = 0;
      for (let j = i; j < keys.length; j++) {
        if (seen.has(keys[j]!)) continue;
        seen.add(keys[j]!);
        if (this.bits.has(keys[j]!)) shared++;
        if (shared > 0) within = Math.max(within, Math.fround(shared / (q + seen.size - shared)));
      }
    }
    const prefixes: { mask: number; unshared: number; whole: boolean }[] = [];
    const seen = new Set<number>();
    let mask = 0;
    let unshared = 0;
    for (let j = 0; j < keys.length; j++) {
      const bit = this.bits.get(keys[j]!);
      if (!seen.has(keys[j]!)) {
        seen.add(keys[j]!);
        if (bit === undefined) unshared++;
        else mask |= 1 << bit;
      }
      if (bit !== undefined) prefixes.push({ mask, unshared, whole: j === keys.length - 1 });
    }
    figures = { within, prefixes };
    this.known.set(id, figures);
    return figures;
  }
}

/** A part of withProducts' new rank order: a run of old's ranks [from, to), or one product read anew. */
type RankPart = { from: number; to: number } | { row: number };
/** A part of a flat list's new units: a run of old's units [from, to), or one new unit's values. */
type FlatPart = { from: number; to: number } | { values: ArrayLike<number> };
/** Units copied between pauses when splicing: about a millisecond or two of copying. */
const SPLICE_CHUNK = YIELD_EVERY * 8;

function withRows(parts: readonly RankPart[], values: readonly ArrayLike<number>[]): FlatPart[] {
  return parts.map((part) => ('row' in part ? { values: values[part.row]! } : part));
}

/** A per-rank list in the new rank order: old's runs copied, each new product's value from `valueOf`. */
async function splicePerRank<A extends Int32Array | Float64Array>(
  values: A,
  parts: readonly RankPart[],
  n: number,
  Type: { new (length: number): A },
  valueOf: (row: number) => number,
): Promise<A> {
  const out = new Type(n);
  let at = 0;
  for (const part of parts) {
    if ('row' in part) out[at++] = valueOf(part.row);
    else {
      out.set(values.subarray(part.from, part.to), at);
      at += part.to - part.from;
    }
  }
  await yieldToRequests();
  return out;
}

/**
 * A flat list (unit u's values from start[u] to start[u + 1]) in a new order of units: old's runs copied
 * (through `map` when given: lexeme places renumbered), new units' values as given. Allocated once at
 * its size; a pause every SPLICE_CHUNK units.
 */
async function spliceFlat<A extends Int32Array | Uint16Array>(
  values: A,
  start: Int32Array,
  parts: readonly FlatPart[],
  Type: { new (length: number): A },
  map: Int32Array | null,
): Promise<{ values: A; start: Int32Array<ArrayBuffer> }> {
  let units = 0;
  let total = 0;
  for (const part of parts) {
    if ('values' in part) {
      units++;
      total += part.values.length;
    } else {
      units += part.to - part.from;
      total += start[part.to]! - start[part.from]!;
    }
  }
  const out = new Type(total);
  const outStart = new Int32Array(units + 1);
  let at = 0;
  let unit = 0;
  for (const part of parts) {
    if ('values' in part) {
      for (let i = 0; i < part.values.length; i++) out[at++] = part.values[i]!;
      outStart[++unit] = at;
      continue;
    }
    for (let from = part.from; from < part.to; from += SPLICE_CHUNK) {
      const to = Math.min(part.to, from + SPLICE_CHUNK);
      const a = start[from]!;
      const b = start[to]!;
      if (map) for (let i = a; i < b; i++) out[at + i - a] = map[values[i]!]!;
      else out.set(values.subarray(a, b), at);
      const shift = at - a;
      for (let u = from; u < to; u++) outStart[++unit] = start[u + 1]! + shift;
      at += b - a;
      if (to - from >= YIELD_EVERY) await yieldToRequests();
    }
  }
  return { values: out, start: outStart };
}

/**
 * Posting lists with every rank renumbered (oldToNew: -1 for a product dropped; the renumbering keeps the
 * order, so each list stays ascending) and the ranks `added` (per list, ascending) merged in: the lists a
 * build would make from the spliced per-rank lists, in one array, without walking every product's keys.
 */
async function remapPostings(
  lists: readonly Int32Array[],
  oldToNew: Int32Array,
  added: ReadonlyMap<number, readonly number[]>,
): Promise<Int32Array[]> {
  let total = 0;
  for (const list of lists) total += list.length;
  for (const ranks of added.values()) total += ranks.length;
  const all = new Int32Array(total);
  const out: Int32Array[] = new Array<Int32Array>(lists.length);
  let at = 0;
  let work = 0;
  const none: readonly number[] = [];
  for (let i = 0; i < lists.length; i++) {
    const from = at;
    const list = lists[i]!;
    const extra = added.get(i) ?? none;
    let x = 0;
    if (extra.length === 0) {
      // Most lists gain no rank: the loop without the merge.
      for (let j = 0; j < list.length; j++) {
        const rank = oldToNew[list[j]!]!;
        if (rank >= 0) all[at++] = rank;
      }
    } else {
      for (let j = 0; j < list.length; j++) {
        const rank = oldToNew[list[j]!]!;
        if (rank < 0) continue;
        while (x < extra.length && extra[x]! < rank) all[at++] = extra[x++]!;
        all[at++] = rank;
      }
      while (x < extra.length) all[at++] = extra[x++]!;
    }
    out[i] = all.subarray(from, at);
    work += list.length + 1;
    if (work >= YIELD_EVERY * 16) {
      work = 0;
      await yieldToRequests();
    }
  }
  return out;
}

/** Trigram key → the ids of the words (by their place in `vocabulary`) holding it. */
const f32 = Math.fround;
/** ts_rank's default weights {D, C, B, A} as single-precision floats. */
const WEIGHTS = [f32(0.1), f32(0.2), f32(0.4), f32(1.0)];
/** ts_rank's result when an AND query's operands have no pair of distinct positions. */
const NO_PAIR_RANK = f32(1e-20);
/** word_distance of PostgreSQL's tsrank.c, by distance (1 to 100; further is 1e-30). */
const WORD_DISTANCE = Float64Array.from({ length: 101 }, (_, w) =>
  f32(1.0 / (1.005 + 0.05 * Math.exp(f32(w) / 1.5 - 2))),
);
function wordDistance(dist: number): number {
  return dist > 100 ? f32(1e-30) : WORD_DISTANCE[dist]!;
}

/**
 * Reads a tsvector as PostgreSQL writes it (`'lexeme':1,3B 'it''s':2`: quotes and backslashes doubled
 * inside a lexeme, weights A–C after a position, D written as nothing) into `entry` per lexeme and
 * `position` per position (weight << 14 | position). False when an entry has no positions.
 */
function readVector(text: string, entry: (lexeme: string) => void, position: (wep: number) => void): boolean {
  let placed = true;
  let at = 0;
  while (at < text.length) {
    if (text[at] === ' ') {
      at++;
      continue;
    }
    if (text[at] !== "'") throw new Error(`unexpected tsvector text at ${at}: ${text}`);
    let lexeme = '';
    at++;
    for (;;) {
      const ch = text[at++];
      if (ch === undefined) throw new Error(`unterminated tsvector lexeme: ${text}`);
      if (ch === '\\') lexeme += text[at++];
      else if (ch === "'") {
        if (text[at] !== "'") break;
        lexeme += "'";
        at++;
      } else lexeme += ch;
    }
    entry(lexeme);
    if (text[at] !== ':') {
      placed = false;
      continue;
    }
    do {
      at++;
      let pos = 0;
      while (at < text.length && text.charCodeAt(at) >= 48 && text.charCodeAt(at) <= 57)
        pos = pos * 10 + text.charCodeAt(at++) - 48;
      const weight = text[at] === 'A' ? 3 : text[at] === 'B' ? 2 : text[at] === 'C' ? 1 : 0;
      if (weight > 0 || text[at] === 'D') at++;
      position((weight << 14) | pos);
    } while (text[at] === ',');
  }
  return placed;
}

async function vocabularyTrigrams(vocabulary: readonly string[]): Promise<Map<number, Int32Array>> {
  const starts = new Int32Array(vocabulary.length + 1);
  const keys = new NumberList(Int32Array, vocabulary.length * 8);
  for (let id = 0; id < vocabulary.length; id++) {
    if (id % YIELD_EVERY === YIELD_EVERY - 1) await yieldToRequests();
    for (const key of new Set(trigramSequence(vocabulary[id]!))) keys.push(key);
    starts[id + 1] = keys.length;
  }
  return await postingsByKey(keys.view(), starts);
}

function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (Math.imul((x + (x >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24) & 0xff;
}

/** The words pg_trgm sees in a text: runs of letters and digits, lower-cased as trigramSequence does. */
function nameWordsOf(lower: string): string[] {
  return lower.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function lowerBound(sorted: readonly string[], key: string): number {
  let lo = 0;
  let hi = sorted.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid]! < key) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * Posting lists of `keys` keys from per-product key lists (`values` from starts[rank] to
 * starts[rank + 1]): counted, then filled into one array, each list a view of it with the ranks in
 * ascending order. A key twice in one product's list is one posting, as in the plain build.
 */
async function postingLists(values: Int32Array, starts: Int32Array, keys: number): Promise<Int32Array[]> {
  const counts = new Int32Array(keys + 1);
  const seen = new Int32Array(keys).fill(-1);
  const products = starts.length - 1;
  for (let rank = 0; rank < products; rank++) {
    if (rank % YIELD_EVERY === YIELD_EVERY - 1) await yieldToRequests();
    for (let k = starts[rank]!; k < starts[rank + 1]!; k++) {
      const key = values[k]!;
      if (seen[key] === rank) continue;
      seen[key] = rank;
      counts[key + 1]!++;
    }
  }
  for (let key = 0; key < keys; key++) counts[key + 1]! += counts[key]!;
  const all = new Int32Array(counts[keys]!);
  const next = counts.slice(0, keys);
  seen.fill(-1);
  for (let rank = 0; rank < products; rank++) {
    if (rank % YIELD_EVERY === YIELD_EVERY - 1) await yieldToRequests();
    for (let k = starts[rank]!; k < starts[rank + 1]!; k++) {
      const key = values[k]!;
      if (seen[key] === rank) continue;
      seen[key] = rank;
      all[next[key]!++] = rank;
    }
  }
  return Array.from({ length: keys }, (_, key) => all.subarray(counts[key]!, counts[key + 1]!));
}

/**
 * Builds the products' prepared names (prepareText) into flat lists, product after product: the
 * trigram sequence as local ids and the distinct keys in their order of first appearance.
 */
class TextsBuilder {
  readonly sequenceStart: NumberList<Int32Array>;
  readonly distinctStart: NumberList<Int32Array>;
  readonly sequence = new BlockList(Uint16Array);
  readonly distinct = new BlockList(Int32Array);
  /** Key → local id in the product being added: open addressing, emptied again by its keys. */
  private slotKey = new Int32Array(1024).fill(-1);
  private slotId = new Int32Array(1024);

  constructor(products: number) {
    this.sequenceStart = new NumberList(Int32Array, products + 1);
    this.distinctStart = new NumberList(Int32Array, products + 1);
  }

  /** Adds the next product's name. */
  add(lower: string) {
    this.sequenceStart.push(this.sequence.length);
    this.distinctStart.push(this.distinct.length);
    const keys = trigramSequence(lower);
    if (keys.length * 2 > this.slotKey.length) {
      this.slotKey = new Int32Array(keys.length * 4).fill(-1);
      this.slotId = new Int32Array(keys.length * 4);
    }
    const mask = this.slotKey.length - 1;
    const first = this.distinct.length;
    for (const key of keys) {
      let slot = Math.imul(key, 0x9e3779b1) & mask;
      while (this.slotKey[slot] !== -1 && this.slotKey[slot] !== key) slot = (slot + 1) & mask;
      if (this.slotKey[slot] === -1) {
        this.slotKey[slot] = key;
        this.slotId[slot] = this.distinct.length - first;
        this.distinct.push(key);
      }
      this.sequence.push(this.slotId[slot]!);
    }
    // Emptied key by key (a probe passes over emptied slots: every key looked for is there).
    for (let k = first; k < this.distinct.length; k++) {
      const key = this.distinct.get(k);
      let slot = Math.imul(key, 0x9e3779b1) & mask;
      while (this.slotKey[slot] !== key) slot = (slot + 1) & mask;
      this.slotKey[slot] = -1;
    }
  }

  /** After the last product: the end of its lists. */
  finish() {
    this.sequenceStart.push(this.sequence.length);
    this.distinctStart.push(this.distinct.length);
  }
}

/** Trigram key → the ranks of the products that have it, from the products' distinct keys. */
async function postingsByKey(distinct: Int32Array, starts: Int32Array): Promise<Map<number, Int32Array>> {
  const ids = new Map<number, number>();
  const local = new Int32Array(distinct.length);
  for (let k = 0; k < distinct.length; k++) {
    // A name has about twenty trigrams: pause as often as the per-product loops do.
    if (k % (YIELD_EVERY * 16) === YIELD_EVERY * 16 - 1) await yieldToRequests();
    let id = ids.get(distinct[k]!);
    if (id === undefined) ids.set(distinct[k]!, (id = ids.size));
    local[k] = id;
  }
  const lists = await postingLists(local, starts, ids.size);
  const out = new Map<number, Int32Array>();
  for (const [key, id] of ids) out.set(key, lists[id]!);
  return out;
}
