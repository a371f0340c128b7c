import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  listSuggestionProducts,
  listSuggestions,
  listSuggestionsSql,
  queryTerms,
  retrieveMaxProductId,
  SEARCH_LIMIT,
  searchProductIds,
  searchProductIdsSql,
  stemmedPrefixes,
} from '../data/search.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { CatalogIndex } from './catalog-index.ts';
import { buildListing } from './listing.ts';
import { SuggestionIndex } from './suggestion-index.ts';
import { prepareText, queryTrigrams, wordSimilarity, WORD_SIMILARITY_THRESHOLD } from './trigrams.ts';

let h: Harness;
let index: SuggestionIndex;
let names: string[];
beforeAll(async () => {
  h = await createHarness();
  index = await SuggestionIndex.build(h.handle);
  names = (
    await h.handle.query<{ name: string }>('select name from products where status = 1 and id % 7 = 0 order by id')
  ).map((r) => r.name);
});
afterAll(() => h.close());

const LATIN = "qwertyuiop[]asdfghjkl;'zxcvbnm,.";
const latinLayout = (word: string) =>
  [...word].map((ch) => LATIN['йцукенгшщзхъфывапролджэячсмитьбю'.indexOf(ch)] ?? ch).join('');

/** What shoppers type: prefixes of names, brands and categories, typos, the Latin layout, odd input. */
async function typedQueries(): Promise<string[]> {
  const labels = (
    await h.handle.query<{ name: string }>('select name from brands union all select name from categories')
  ).map((r) => r.name.toLowerCase());
  const words = names.flatMap((n) => n.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
  const out = new Set([
    'sams',
    'холодил',
    'iphone',
    'телевизор 55',
    'наушн',
    'пылесос робот',
    'ноутбук',
    'кофемаш',
    'zzqxwv',
    'и',
    'для',
    'холодилник',
    'смартфн',
    '[jkjlbkmybr',
    'ntktdbpjh',
    '55',
    'a',
    'ab',
    'samsung galaxy',
    'Холодильник Samsung',
    'ёлка',
    // Typos whose trigrams are shared by several words of a name, apart (decision 0070: a name's
    // similarity is that of its words from the first to the last sharing a trigram).
    'холодилник самсунг',
    'смартфн apple 15',
    'ноутбк 16 гб',
    'телвизор 55 4k',
  ]);
  for (const [i, label] of labels.entries()) if (i % 3 === 0) out.add(label.slice(0, 2 + (i % 5)));
  for (const [i, word] of words.entries()) {
    if (i % 9 !== 0 || word.length < 5) continue;
    out.add(word.slice(0, 3 + (i % 4)));
    out.add(word.slice(0, 2) + word[3] + word[2] + word.slice(4)); // two letters swapped
    out.add(word.slice(0, 3) + word.slice(4)); // one dropped
    // One doubled: a typo of a word many names share, whose best names tie on similarity (the earlier
    // in the catalogue wins: productsBySimilarity stops on the tie, decision 0070).
    out.add(word.slice(0, 4) + word.slice(3));
    if (/^[а-яё]+$/.test(word)) out.add(latinLayout(word));
  }
  return [...out];
}

describe('pg_trgm word similarity in JavaScript', () => {
  it('gives what the database gives, for every query and name', async () => {
    const queries = ['холодилник', 'sams', 'смартфн самсунг', 'ntktdbpjh', 'iphone 15', 'кофемашина', '55', 'ab'];
    const sample = names.slice(0, 120);
    const rows = await h.handle.query<{ q: string; name: string; s: number; hit: boolean }>(
      `select q, n as name, word_similarity(q, lower(n)) as s, q <% lower(n) as hit
         from unnest($1::text[]) q, unnest($2::text[]) n`,
      [queries, sample],
    );
    expect(rows.length).toBe(queries.length * sample.length);
    const lowered = new Map(
      (
        await h.handle.query<{ n: string; l: string }>('select n, lower(n) as l from unnest($1::text[]) n', [sample])
      ).map((r) => [r.n, r.l]),
    );
    let hits = 0;
    for (const row of rows) {
      const similarity = wordSimilarity(queryTrigrams(row.q), prepareText(lowered.get(row.name)!));
      // float4 arrives as its shortest decimal: compare it as the float4 it was.
      expect({ q: row.q, name: row.name, s: similarity }).toEqual({ q: row.q, name: row.name, s: Math.fround(row.s) });
      expect(similarity >= WORD_SIMILARITY_THRESHOLD).toBe(row.hit);
      if (row.hit) hits++;
    }
    expect(hits).toBeGreaterThan(0);
  });
});

describe('the suggestion index', () => {
  it('answers exactly what the SQL answers, for prefixes, typos and Latin-layout input', async () => {
    const queries = await typedQueries();
    expect(queries.length).toBeGreaterThan(100);
    let withProducts = 0;
    for (const q of queries) {
      const fromIndex = await listSuggestions(h.handle, index, q);
      expect({ q, ...fromIndex }).toEqual({ q, ...(await listSuggestionsSql(h.handle, q)) });
      if (fromIndex.products.length > 0) withProducts++;
    }
    // The set covers both paths: full text and typos found by similarity.
    expect(withProducts).toBeGreaterThan(queries.length / 3);
    expect((await listSuggestions(h.handle, index, 'холодилник')).products.length).toBeGreaterThan(0);
  });

  it('finds the same typo answers walking the common word apart as counting trigrams (decision 0074)', async () => {
    const ids = (q: string, walk?: 'words' | 'trigrams') => index.productsBySimilarity(q, walk).map((p) => p.id);
    let found = 0;
    for (const q of await typedQueries()) {
      const byTrigrams = ids(q, 'trigrams');
      expect({ q, ids: ids(q, 'words') }).toEqual({ q, ids: byTrigrams });
      expect({ q, ids: ids(q) }).toEqual({ q, ids: byTrigrams });
      if (byTrigrams.length > 0) found++;
    }
    expect(found).toBeGreaterThan(50);
  });

  it('finds search results as the database does: the same products in the same order (decision 0078)', async () => {
    // The search page's queries: one to three words of a name as they stand (numbers, models, colours),
    // the typed queries above (typos fall back to similarity), words twice, stop words.
    const queries = new Set(await typedQueries());
    for (const [i, name] of names.entries()) {
      const words = name.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
      const from = i % Math.max(1, words.length);
      for (const size of [1, 2, 3]) queries.add(words.slice(from, from + size).join(' '));
    }
    for (const q of ['про про', 'и для', 'для', 'черный черный телевизор', 'samsung 2', 'гб']) queries.add(q);
    let ranked = 0;
    let several = 0;
    let similar = 0;
    let cut = 0;
    for (const q of queries) {
      const fromIndex = await searchProductIds(h.handle, q, index);
      expect({ q, ids: fromIndex }).toEqual({ q, ids: await searchProductIdsSql(h.handle, q) });
      // Answered by the index itself, not by its fallback to the database.
      const terms = queryTerms(q);
      const prefixes = terms.length > 0 ? await stemmedPrefixes(h.handle, terms, index.english) : null;
      const own = prefixes && prefixes.length > 0 ? index.searchProductIds(prefixes, SEARCH_LIMIT) : null;
      if (own && own.length > 0) {
        ranked++;
        if (new Set(prefixes).size > 1) several++;
        // Cut after ranking, as the database's `limit` cuts its ordered rows.
        if (own.length > 20) {
          expect({ q, ids: index.searchProductIds(prefixes!, 20) }).toEqual({ q, ids: fromIndex.slice(0, 20) });
          cut++;
        }
      } else if (terms.length > 0 && fromIndex.length > 0) {
        expect(index.similarProductIds(terms.join(' '), SEARCH_LIMIT)).toEqual(fromIndex);
        similar++;
      }
    }
    // Every path is covered: one operand, several (ts_rank's pairs of positions), typos by similarity.
    expect(ranked - several).toBeGreaterThan(100);
    expect(several).toBeGreaterThan(50);
    expect(similar).toBeGreaterThan(20);
    expect(cut).toBeGreaterThan(20);
  });

  it('shows the price of now, and a renamed product once the index is rebuilt', async () => {
    const [first] = (await listSuggestions(h.handle, index, 'холодил')).products;
    await h.handle.query('update product_offers set price = price + 100 where product_id = $1', [first!.id]);
    const [repriced] = (await listSuggestions(h.handle, index, 'холодил')).products;
    expect(repriced).toMatchObject({ id: first!.id, price: first!.price + 100 });

    await h.handle.query(`update products set name = 'Холодильник Зюзябрь 3000' where id = $1`, [first!.id]);
    expect((await listSuggestions(h.handle, index, 'зюзябр')).products).toEqual([]);
    const holder = h.api.catalog;
    holder.invalidate();
    const rebuilt = await holder.suggestions();
    const found = await listSuggestions(h.handle, rebuilt, 'зюзябр');
    expect(found.products.map((p) => p.id)).toEqual([first!.id]);
    expect(found).toEqual(await listSuggestionsSql(h.handle, 'зюзябр'));
  });

  it('reads the prices from the catalogue index when given one (patched there on change), not the database', async () => {
    const catalog = await CatalogIndex.build(h.handle);
    const [first] = (await listSuggestions(h.handle, index, 'холодил', catalog)).products;
    expect(first!.price).toBe(catalog.priceOf(first!.id));
    // A price change announced to every instance is patched into its catalogue index (decision 0034).
    catalog.patchPrices([{ id: first!.id, price: first!.price + 700, priceOld: 0 }]);
    const [repriced] = (await listSuggestions(h.handle, index, 'холодил', catalog)).products;
    expect(repriced).toMatchObject({ id: first!.id, price: first!.price + 700 });
  });

  it('holds what a plain build from the same rows holds: every name prepared, every posting list', async () => {
    // The flat layout against one array per product and per key, built here the obvious way.
    // Built now: the test above renamed a product.
    const fresh = await SuggestionIndex.build(h.handle);
    const rows = await listSuggestionProducts(h.handle, 0, await retrieveMaxProductId(h.handle));
    rows.sort((a, b) => a.position - b.position || a.id - b.id);
    expect(fresh.size).toBe(rows.length);
    // The lexemes as the database lists them, against the index's own reading of the vector's text.
    const lexemesOf = new Map(
      (
        await h.handle.query<{ id: number; lexemes: string[] }>(
          'select id, tsvector_to_array(search_vector) as lexemes from products where status = 1',
        )
      ).map((r) => [r.id, r.lexemes]),
    );
    const lexemes = new Map<string, number[]>();
    const trigrams = new Map<number, number[]>();
    const add = <K>(map: Map<K, number[]>, key: K, rank: number) => {
      const list = map.get(key);
      if (list) list.push(rank);
      else map.set(key, [rank]);
    };
    const plain: unknown[] = [];
    const stored: unknown[] = [];
    for (const [rank, row] of rows.entries()) {
      const text = prepareText(row.lower);
      plain.push([...text.sequence], [...text.distinct]);
      const flat = fresh.textOf(rank);
      stored.push([...flat.sequence], [...flat.distinct]);
      for (const lexeme of new Set(lexemesOf.get(row.id))) add(lexemes, lexeme, rank);
      for (const key of text.distinct) add(trigrams, key, rank);
    }
    expect(stored).toEqual(plain);
    const keys = fresh.keys();
    expect(keys.lexemes).toEqual([...lexemes.keys()].sort());
    expect(keys.trigrams.sort((x, y) => x - y)).toEqual([...trigrams.keys()].sort((x, y) => x - y));
    expect(keys.lexemes.map((l) => [...fresh.lexemeRanks(l)])).toEqual(keys.lexemes.map((l) => lexemes.get(l)));
    expect(keys.trigrams.map((k) => [...fresh.trigramRanks(k)])).toEqual(keys.trigrams.map((k) => trigrams.get(k)));

    // One prefix: the first five products of every lexeme it starts, merged (the short prefixes cover many).
    const prefixes = [
      ...new Set(
        keys.lexemes.flatMap((l, k) => [l.slice(0, 1), l.slice(0, 2), ...(k % 7 === 0 ? [l.slice(0, 3), l] : [])]),
      ),
    ];
    let many = 0;
    for (const prefix of prefixes) {
      const ranks = new Set<number>();
      for (const [lexeme, list] of lexemes) if (lexeme.startsWith(prefix)) for (const rank of list) ranks.add(rank);
      if (ranks.size > 50) many++;
      const first = [...ranks].sort((a, b) => a - b).slice(0, 5);
      expect({ prefix, ids: fresh.productsByPrefixes([prefix]).map((p) => p.id) }).toEqual({
        prefix,
        ids: first.map((rank) => rows[rank]!.id),
      });
    }
    expect(many).toBeGreaterThan(10);
  });

  it('holds the same read in chunks of 37 ids as in one chunk: the chunks merged in catalogue order (decision 0084)', async () => {
    const whole = await SuggestionIndex.build(h.handle, 1_000_000);
    const chunked = await SuggestionIndex.build(h.handle, 37);
    // The merge has work to do: the catalogue's order is not the ids' order, and most chunks hold products.
    const ids = await h.handle.query<{ id: number }>('select id from products where status = 1 order by position, id');
    expect(ids.some((r, i) => i > 0 && r.id < ids[i - 1]!.id)).toBe(true);
    expect(chunked.size).toBe(ids.length);
    type Stored = Record<string, unknown> & { product(rank: number): unknown };
    const parts = (index: SuggestionIndex) => {
      // Names are kept in one string per chunk read and images numbered as read: compared by product below.
      const {
        builtAt: _built,
        readFrom: _read,
        nameTexts: _texts,
        nameText: _text,
        nameStart: _start,
        nameLength: _length,
        images: _images,
        imageOf: _imageOf,
        ...rest
      } = index as unknown as Stored;
      return rest;
    };
    expect(parts(chunked)).toEqual(parts(whole));
    const products = (index: SuggestionIndex) =>
      Array.from({ length: index.size }, (_, rank) => (index as unknown as Stored).product(rank));
    expect(products(chunked)).toEqual(products(whole));
    expect(products(chunked).map((p) => (p as { id: number }).id)).toEqual(ids.map((r) => r.id));
  });

  it('gives a search page the matches of the database while the suggestion index is older than the catalogue index', async () => {
    const older = await SuggestionIndex.build(h.handle);
    const [row] = await h.handle.query<{ id: number; name: string }>(
      'select id, name from products where status = 1 order by id desc limit 1',
    );
    await h.handle.query(`update products set name = 'Пылесос Квакозябр 77' where id = $1`, [row!.id]);
    try {
      const catalog = await CatalogIndex.build(h.handle);
      const search = (suggestions: SuggestionIndex) =>
        buildListing(h.handle, catalog, {
          pagePath: '/search',
          params: new URLSearchParams('q=квакозябр'),
          cityId: null,
          suggestions,
        });
      // The older index has not read the new name; the page's matches are kept with the catalogue index.
      expect(older.readFrom).toBeLessThan(catalog.readFrom);
      expect((await search(older)).products.map((p) => p.id)).toEqual([row!.id]);
      // One built since answers from memory, the same.
      const fresh = await CatalogIndex.build(h.handle);
      const newer = await SuggestionIndex.build(h.handle);
      expect(newer.searchProductIds(['квакозябр'], SEARCH_LIMIT)).toEqual([row!.id]);
      const again = await buildListing(h.handle, fresh, {
        pagePath: '/search',
        params: new URLSearchParams('q=квакозябр'),
        cityId: null,
        suggestions: newer,
      });
      expect(again.products.map((p) => p.id)).toEqual([row!.id]);
    } finally {
      await h.handle.query('update products set name = $2 where id = $1', [row!.id, row!.name]);
    }
  });
});
