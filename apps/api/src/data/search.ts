// All SQL of catalogue search: Russian full text (stemmed, prefix for the last word) with a trigram
// fallback for typos, and the suggestion lists.
import type { DatabaseHandle } from '@store/db';
import type {
  SuggestedBrand,
  SuggestedCategory,
  SuggestedProduct,
  SuggestedSeries,
  SuggestionIndex,
} from '../catalog/suggestion-index.ts';
import { wordLexeme, type EnglishVariant } from '../catalog/russian-text-search.ts';

/** Words of a query as safe tsquery terms: letters and digits only. */
export function queryTerms(text: string): string[] {
  return (text.toLowerCase().replace(/ё/g, 'е').match(/[\p{L}\p{N}]+/gu) ?? []).slice(0, 8);
}

function prefixTsQuery(terms: string[]): string {
  // Every word must match; each may be the start of a longer word (партial input while typing).
  return terms.map((t) => `${t}:*`).join(' & ');
}

export const SEARCH_LIMIT = 5000;

/**
 * Matching product ids, best first. Falls back to trigram similarity when full text finds nothing. Full
 * text is answered from the suggestion index when one is given and can (decision 0078): the same ids in
 * the same order as the database's query below, without a full-text query and a ts_rank of every match
 * on the store's thread.
 */
export async function searchProductIds(
  handle: DatabaseHandle,
  text: string,
  index: SuggestionIndex | null = null,
): Promise<number[]> {
  const terms = queryTerms(text);
  if (terms.length === 0) return [];
  if (index) {
    const prefixes = await stemmedPrefixes(handle, terms, index.english);
    // No prefix left (stop words only): full text finds nothing, as the database's empty query does.
    const fullText = prefixes === null ? null : prefixes.length === 0 ? [] : index.searchProductIds(prefixes, SEARCH_LIMIT);
    if (fullText !== null && fullText.length > 0) return fullText;
    if (fullText !== null) return index.similarProductIds(terms.join(' '), SEARCH_LIMIT) ?? similarProductIds(handle, terms);
  }
  return searchProductIdsSql(handle, text);
}

/** searchProductIds by the database alone: the reference the in-memory answer is tested against. */
export async function searchProductIdsSql(handle: DatabaseHandle, text: string): Promise<number[]> {
  const terms = queryTerms(text);
  if (terms.length === 0) return [];
  const fullText = await handle.query<{ id: number }>(
    `select p.id from products p, to_tsquery('russian', $1) q
      where p.status = 1 and p.search_vector @@ q
      order by ts_rank(p.search_vector, q) desc, p.position
      limit ${SEARCH_LIMIT}`,
    [prefixTsQuery(terms)],
  );
  if (fullText.length > 0) return fullText.map((r) => r.id);
  return similarProductIds(handle, terms);
}

/** Products whose name is like the words (pg_trgm's `<%`), most similar first: when full text finds none. */
async function similarProductIds(handle: DatabaseHandle, terms: string[]): Promise<number[]> {
  const fuzzy = await handle.query<{ id: number }>(
    `select p.id from products p
      where p.status = 1 and $1 <% lower(p.name)
      order by word_similarity($1, lower(p.name)) desc, p.position
      limit ${SEARCH_LIMIT}`,
    [terms.join(' ')],
  );
  return fuzzy.map((r) => r.id);
}

export interface SuggestionRows {
  brands: SuggestedBrand[];
  categories: SuggestedCategory[];
  series: SuggestedSeries[];
  products: SuggestedProduct[];
}

const NO_SUGGESTIONS: SuggestionRows = { brands: [], categories: [], series: [], products: [] };

/** The query's terms as the database stems them for `to_tsquery('russian', …)`, remembered per query. */
const stemmedCache = new Map<string, string[] | null>();
const STEMMED_CACHE_SIZE = 10_000;

/**
 * The prefixes full text looks for: to_tsquery's own stemming (Snowball for Russian words, the English
 * stemmer for Latin ones, stop words dropped). Worked out in process when `english` (the database's
 * English stemmer, from probeQueryStemmer) is known and every word is one russian-text-search.ts is sure
 * of (decision 0070); otherwise asked of the database once per distinct query and kept (it depends on no
 * data). Null when the database's answer is not a plain conjunction of prefixes.
 */
export async function stemmedPrefixes(
  handle: DatabaseHandle,
  terms: string[],
  english: EnglishVariant | null = null,
): Promise<string[] | null> {
  if (english) {
    const prefixes: string[] = [];
    for (const term of terms) {
      const lexeme = wordLexeme(term, english);
      if (lexeme === undefined) return stemmedPrefixesSql(handle, terms);
      if (lexeme !== null) prefixes.push(lexeme);
    }
    return prefixes;
  }
  return stemmedPrefixesSql(handle, terms);
}

/** stemmedPrefixes by the database: the reference the in-process stemming is tested against. */
export async function stemmedPrefixesSql(handle: DatabaseHandle, terms: string[]): Promise<string[] | null> {
  const source = prefixTsQuery(terms);
  const hit = stemmedCache.get(source);
  if (hit !== undefined) return hit;
  const [row] = await handle.query<{ q: string }>(`select to_tsquery('russian', $1)::text as q`, [source]);
  const prefixes = prefixesOf(row?.q ?? '');
  if (stemmedCache.size >= STEMMED_CACHE_SIZE) stemmedCache.delete(stemmedCache.keys().next().value!);
  stemmedCache.set(source, prefixes);
  return prefixes;
}

/** The lexemes of a tsquery's text that is a conjunction of prefixes (`'a':* & 'b':*`); null for any other. */
function prefixesOf(text: string): string[] | null {
  const prefixes: string[] = [];
  if (text === '') return prefixes;
  for (const part of text.split(' & ')) {
    const m = /^'([^'\\]*)':\*$/.exec(part);
    if (!m) return null;
    prefixes.push(m[1]!);
  }
  return prefixes;
}

/**
 * Words that exercise every rule of the `russian` configuration's two stemmers, and «added», which
 * PostgreSQL 15's Snowball English stems to «ad» and 18's to «add».
 */
const PROBE_WORDS = [
  'added', 'ebbing', 'wireless', 'gaming', 'headphones', 'generation', 'running', 'happily', 'relational',
  'hopeful', 'cries', 'ties', 'skies', 'news', 'galaxy', 'samsung', 'effective', 'evening', 'communication',
  'hoping', 'agreed', 'troubled', 'sized', 'electrical', 'goodness', 'adjustment', 'adoption', 'controll', 'sly',
  'холодильники', 'смартфонов', 'беспроводные', 'наушники', 'стиральная', 'посудомоечная', 'пылесосы',
  'телевизоры', 'игровой', 'ноутбуков', 'встраиваемая', 'электрическая', 'зарядное', 'устройство', 'умные',
  'красивейший', 'длиннейшее', 'сделавшись', 'моющийся', 'читающий', 'подъемность', 'прочность', 'вязанный',
  'колонками', 'мобильный', 'ряд', 'и', 'the', '55', 'a54', '4к', 'iphoneпро',
]; // prettier-ignore

/**
 * Which Snowball English the database has, once the whole configuration has been checked against it
 * (every probe word stemmed in process as the database stems it); null when any differs, so that
 * stemmedPrefixes asks the database as before.
 */
export async function probeQueryStemmer(handle: DatabaseHandle): Promise<EnglishVariant | null> {
  const rows = await handle.query<{ w: string; q: string }>(
    `select w, to_tsquery('russian', w || ':*')::text as q from unnest($1::text[]) w`,
    [PROBE_WORDS],
  );
  const stemmed = new Map(rows.map((r) => [r.w, prefixesOf(r.q)]));
  for (const english of [{ keepsInitialDouble: true }, { keepsInitialDouble: false }]) {
    const same = PROBE_WORDS.every((word) => {
      const lexeme = wordLexeme(word, english);
      return lexeme !== undefined && JSON.stringify(stemmed.get(word)) === JSON.stringify(lexeme === null ? [] : [lexeme]);
    });
    if (same) return english;
  }
  return null;
}

/** Where a suggestion's current price can be read from memory: the catalogue index (prices patched on change). */
export interface CurrentPrices {
  priceOf(productId: number): number | null;
}

/**
 * Suggestions from the in-memory suggestion index (decision 0020): no query for the stemming of a query
 * of Russian, Latin and number words (decision 0070; one small query for any other not seen before) and the current price of the products found, from `prices`
 * (the catalogue index, whose prices every instance patches when one changes: decision 0059) or else
 * read from the database.
 */
export async function listSuggestions(
  handle: DatabaseHandle,
  index: SuggestionIndex,
  text: string,
  prices: CurrentPrices | null = null,
): Promise<SuggestionRows> {
  const terms = queryTerms(text);
  if (terms.length === 0) return NO_SUGGESTIONS;
  const joined = terms.join(' ');
  const prefixes = await stemmedPrefixes(handle, terms, index.english);
  if (prefixes === null) return listSuggestionsSql(handle, text);
  let products = index.productsByPrefixes(prefixes);
  if (products.length === 0) products = index.productsBySimilarity(joined);
  if (products.length > 0 && prices) {
    // The suggestion index's prices are as old as its build; the catalogue index's are patched on change.
    products = products.map((p) => ({ ...p, price: prices.priceOf(p.id) ?? p.price }));
  } else if (products.length > 0) {
    // The index is as old as the catalogue index; the price shown is the one of now.
    const prices = await handle.query<{ id: number; price: number }>(
      'select product_id as id, price from product_offers where product_id = any($1::int[])',
      [products.map((p) => p.id)],
    );
    const priceOf = new Map(prices.map((r) => [r.id, r.price]));
    products = products.map((p) => ({ ...p, price: priceOf.get(p.id) ?? p.price }));
  }
  return {
    brands: index.suggestBrands(joined),
    categories: index.suggestCategories(joined),
    series: index.suggestSeries(joined),
    products,
  };
}

/** The same suggestions by SQL: the reference the index is tested against, and its fallback. */
export async function listSuggestionsSql(handle: DatabaseHandle, text: string): Promise<SuggestionRows> {
  const terms = queryTerms(text);
  if (terms.length === 0) return NO_SUGGESTIONS;
  const joined = terms.join(' ');
  const like = `%${joined.replace(/[\\%_]/g, (ch) => '\\' + ch)}%`;
  const brands = await handle.query<SuggestionRows['brands'][number]>(
    `select id, name, code from brands
      where lower(name) like $1 or $2 <% lower(name)
      order by (lower(name) like $1) desc, word_similarity($2, lower(name)) desc, name limit 5`,
    [like, joined],
  );
  const categories = await handle.query<SuggestionRows['categories'][number]>(
    `select id, name, code from categories
      where status = 1 and (lower(name) like $1 or $2 <% lower(name))
      order by (lower(name) like $1) desc, product_count desc, id limit 5`,
    [like, joined],
  );
  const series = await handle.query<SuggestionRows['series'][number]>(
    `select s.id, b.name || ' ' || s.name as name, s.code, b.code as brand_code, c.id as category_id, c.code as category_code
       from series s join brands b on b.id = s.brand_id join categories c on c.id = s.category_id
      where lower(b.name || ' ' || s.name) like $1 or lower(s.name) like $1
      order by s.name, s.id limit 5`,
    [like],
  );
  let products = await handle.query<SuggestionRows['products'][number]>(
    `select p.id, p.name, p.image, o.price, c.id as category_id, c.code as category_code
       from products p join product_offers o on o.product_id = p.id join categories c on c.id = p.category_id
      where p.status = 1 and p.search_vector @@ to_tsquery('russian', $1)
      order by p.position, p.id limit 5`,
    [prefixTsQuery(terms)],
  );
  if (products.length === 0) {
    products = await handle.query<SuggestionRows['products'][number]>(
      `select p.id, p.name, p.image, o.price, c.id as category_id, c.code as category_code
         from products p join product_offers o on o.product_id = p.id join categories c on c.id = p.category_id
        where p.status = 1 and $1 <% lower(p.name)
        order by word_similarity($1, lower(p.name)) desc, p.position, p.id limit 5`,
      [joined],
    );
  }
  return { brands, categories, series, products };
}

// ---------------------------------------------------------------- The suggestion index's source rows
// Read as arrays (no per-row objects from the driver): the index loads every product at start.

export async function listSuggestionBrands(handle: DatabaseHandle) {
  const rows = await handle.queryArrays('select id, name, code, lower(name) from brands');
  return rows.map((r) => ({ id: Number(r[0]), name: String(r[1]), code: String(r[2]), lower: String(r[3]) }));
}

export async function listSuggestionCategories(handle: DatabaseHandle) {
  const rows = await handle.queryArrays('select id, name, code, lower(name), product_count from categories where status = 1');
  return rows.map((r) => ({
    id: Number(r[0]),
    name: String(r[1]),
    code: String(r[2]),
    lower: String(r[3]),
    productCount: Number(r[4]),
  }));
}

export async function listSuggestionSeries(handle: DatabaseHandle) {
  const rows = await handle.queryArrays(
    `select s.id, b.name || ' ' || s.name, s.code, b.code, c.id, c.code, lower(b.name || ' ' || s.name), lower(s.name), s.name
       from series s join brands b on b.id = s.brand_id join categories c on c.id = s.category_id`,
  );
  return rows.map((r) => ({
    id: Number(r[0]),
    name: String(r[1]),
    code: String(r[2]),
    brand_code: String(r[3]),
    category_id: Number(r[4]),
    category_code: String(r[5]),
    lowerFull: String(r[6]),
    lowerOwn: String(r[7]),
    sortName: String(r[8]),
  }));
}

/** Every category's code, hidden ones too (a product's link needs it). */
export async function listCategoryCodes(handle: DatabaseHandle) {
  const rows = await handle.queryArrays('select id, code from categories');
  return rows.map((r) => [Number(r[0]), String(r[1])] as const);
}

/** How many products are active: what full-text search looks through. */
export async function countActiveProducts(handle: DatabaseHandle): Promise<number> {
  const [row] = await handle.queryArrays('select count(*) from products where status = 1');
  return Number(row![0]);
}

export async function retrieveMaxProductId(handle: DatabaseHandle): Promise<number> {
  const [row] = await handle.queryArrays('select coalesce(max(id), 0) from products');
  return Number(row![0]);
}

/** Active products with ids in (from, to]: what the suggestions show and search by. */
export function listSuggestionProducts(handle: DatabaseHandle, from: number, to: number) {
  return readSuggestionProducts(handle, 'p.id > $1 and p.id <= $2', [from, to]);
}

/**
 * listSuggestionProducts for the products with these ids: the same columns, the same conditions (an id
 * not active any more, or without its offer or category, is simply not among the rows). For patching
 * the suggestion index when a few products changed (SuggestionIndex.withProducts).
 */
export async function listSuggestionProductsByIds(handle: DatabaseHandle, ids: readonly number[]) {
  if (ids.length === 0) return [];
  return readSuggestionProducts(handle, 'p.id = any($1::int[])', [ids]);
}

async function readSuggestionProducts(handle: DatabaseHandle, which: string, params: unknown[]) {
  const rows = await handle.queryArrays(
    `select p.id, p.position, p.name, lower(p.name), p.image, o.price, p.category_id,
            p.search_vector::text
       from products p join product_offers o on o.product_id = p.id join categories c on c.id = p.category_id
      where p.status = 1 and ${which}`,
    params,
  );
  return rows.map((r) => ({
    id: Number(r[0]),
    position: Number(r[1]),
    name: String(r[2]),
    lower: String(r[3]),
    image: r[4] === null ? null : String(r[4]),
    price: Number(r[5]),
    category: Number(r[6]),
    /** The stored search_vector as PostgreSQL writes it: `'lexeme':1,3 'other':2` (suggestion-index.ts reads it). */
    vector: r[7] === null ? '' : String(r[7]),
  }));
}

/** How many of these products are active (with or without their offer): countActiveProducts for a few. */
export async function countActiveProductsAmong(handle: DatabaseHandle, ids: readonly number[]): Promise<number> {
  if (ids.length === 0) return 0;
  const [row] = await handle.queryArrays('select count(*) from products where status = 1 and id = any($1::int[])', [
    ids,
  ]);
  return Number(row![0]);
}
