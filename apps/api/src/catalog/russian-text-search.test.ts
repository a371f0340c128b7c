import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '@store/db';
import { listSuggestions, probeQueryStemmer, queryTerms, stemmedPrefixes, stemmedPrefixesSql } from '../data/search.ts';
import { openCopy } from '../test/api-harness.ts';
import { CatalogIndex } from './catalog-index.ts';
import { wordLexeme, type EnglishVariant } from './russian-text-search.ts';
import { SuggestionIndex } from './suggestion-index.ts';

let handle: DatabaseHandle;
let drop: () => Promise<void>;
let english: EnglishVariant;
beforeAll(async () => {
  ({ handle, drop } = await openCopy());
  const probed = await probeQueryStemmer(handle);
  expect(probed).not.toBeNull();
  english = probed!;
});
afterAll(async () => {
  await handle.close();
  await drop();
});

const LATIN = "qwertyuiop[]asdfghjkl;'zxcvbnm,.";
const latinLayout = (word: string) =>
  [...word].map((ch) => LATIN['йцукенгшщзхъфывапролджэячсмитьбю'.indexOf(ch)] ?? ch).join('');

/** Every word of the demo catalogue's names, brands and categories, with typos, the Latin layout and mixes. */
async function catalogueWords(): Promise<string[]> {
  const texts = (
    await handle.query<{ name: string }>(
      'select name from products union all select name from brands union all select name from categories',
    )
  ).map((r) => r.name);
  const words = new Set(texts.flatMap((t) => queryTerms(t)));
  const out = new Set(words);
  for (const word of words) {
    for (let at = 1; at < word.length - 1; at++) {
      out.add(word.slice(0, at) + word[at + 1] + word[at] + word.slice(at + 2)); // two letters swapped
      out.add(word.slice(0, at) + word.slice(at + 1)); // one dropped
      out.add(word.slice(0, at) + word[at] + word.slice(at)); // one doubled
    }
    for (let end = 1; end < word.length; end++) out.add(word.slice(0, end)); // typed so far
    for (const term of queryTerms(latinLayout(word))) out.add(term);
  }
  // Mixed and odd forms: Latin and Cyrillic in one word, numbers glued to words, model codes.
  const sample = [...words].filter((_, i) => i % 7 === 0);
  for (const [i, word] of sample.entries()) {
    out.add(`${word}${sample[(i + 1) % sample.length]}`);
    out.add(`${i % 100}${word}`);
    out.add(`${word}${i % 1000}`);
    out.add(`${word.slice(0, 2)}${i}${word.slice(2)}`);
  }
  for (const extra of ['1e5', '12e3x', '1ex', '5g', '4k', '4к', '0007', 'v2', 'a54', 'rtx4090', 'x', 'eb', 'yy', 'ayy'])
    out.add(extra);
  return [...out].filter((w) => w.length > 0);
}

/** What the database's to_tsquery makes of one word typed as a prefix: its lexemes, [] for a stop word. */
async function databaseLexemes(words: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (let from = 0; from < words.length; from += 5000) {
    const rows = await handle.query<{ w: string; q: string }>(
      `select w, to_tsquery('russian', w || ':*')::text as q from unnest($1::text[]) w`,
      [words.slice(from, from + 5000)],
    );
    for (const r of rows) out.set(r.w, r.q);
  }
  return out;
}

describe('the `russian` configuration in process (decision 0070)', () => {
  it("stems every word of the catalogue, its typos, Latin-layout and mixed forms as the database's to_tsquery does", async () => {
    const words = await catalogueWords();
    expect(words.length).toBeGreaterThan(5000);
    const fromDatabase = await databaseLexemes(words);
    let known = 0;
    let stopWords = 0;
    const unsure: string[] = [];
    for (const word of words) {
      const lexeme = wordLexeme(word, english);
      if (lexeme === undefined) {
        unsure.push(word);
        continue;
      }
      known++;
      if (lexeme === null) stopWords++;
      expect({ word, q: lexeme === null ? '' : `'${lexeme}':*` }).toEqual({ word, q: fromDatabase.get(word) });
    }
    // Only numbers with an exponent are left to the database.
    expect(unsure.filter((w) => !/[0-9]e[0-9]/.test(w))).toEqual([]);
    expect(known).toBeGreaterThan(words.length * 0.99);
    expect(stopWords).toBeGreaterThan(0);
  });

  it('gives the prefixes of whole queries the database gives, stop words dropped', async () => {
    const queries = ['холодильник samsung', 'и для', 'для кухни', 'смартфоны apple iphone 15', 'the best', 'a54 ёлка'];
    for (const q of queries) {
      const terms = queryTerms(q);
      expect({ q, p: await stemmedPrefixes(handle, terms, english) }).toEqual({
        q,
        p: await stemmedPrefixesSql(handle, terms),
      });
    }
  });

  it('asks the database nothing for a new prefix once the suggestion index and prices are in memory', async () => {
    const index = await SuggestionIndex.build(handle);
    const catalog = await CatalogIndex.build(handle);
    expect(index.english).toEqual(english);
    let queries = 0;
    const counting = new Proxy(handle, {
      get(target, key, receiver) {
        if (key === 'query' || key === 'queryArrays' || key === 'exec') queries++;
        return Reflect.get(target, key, receiver) as unknown;
      },
    });
    const found = await listSuggestions(counting, index, 'холодильники', catalog);
    expect(found.products.length).toBeGreaterThan(0);
    expect((await listSuggestions(counting, index, 'sams', catalog)).brands.length).toBeGreaterThan(0);
    expect(queries).toBe(0);
  });
});
