// SuggestionIndex.withProducts (decision 0089): an index patched for a few changed products answers
// exactly what an index built afresh from the database answers, and the index it was patched from
// answers as before.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryTerms, SEARCH_LIMIT, stemmedPrefixes } from '../data/search.ts';
import { createHarness, type Harness } from '../test/api-harness.ts';
import { SuggestionIndex } from './suggestion-index.ts';

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(() => h.close());

const RENAMED = 'Холодильник Зюзябрикс Квакозябр-Ультра 3000 черный';
const ADDED = 'Пылесос Бурбулятор Х9 моющий';

type Internals = {
  product(rank: number): unknown;
};

/** Words, prefixes and typos of names (every 11th active product's and the changed ones'), and labels. */
async function queriesFor(extra: readonly string[]): Promise<string[]> {
  const names = (
    await h.handle.query<{ name: string }>('select lower(name) as name from products where id % 11 = 0 order by id')
  ).map((r) => r.name);
  const labels = (
    await h.handle.query<{ name: string }>(
      'select lower(name) as name from brands union all select lower(name) from categories',
    )
  ).map((r) => r.name);
  const out = new Set([
    'холодил',
    'холодилник',
    'смартфн самсунг',
    'iphone 15',
    'пылесос робот',
    'зюзябр',
    'зюзябрикс',
    'зюзябрекс',
    'квакозяб',
    'квакозябр ультра',
    'бурбулят',
    'бурбулятор',
    'бурбулятр',
    'пылесос бурбулятор',
    'черный',
    'и',
    '55',
    'ab',
  ]);
  for (const [i, label] of labels.entries()) out.add(label.slice(0, 2 + (i % 5)));
  for (const [i, name] of [...names, ...extra.map((n) => n.toLowerCase())].entries()) {
    const words = name.match(/[\p{L}\p{N}]+/gu) ?? [];
    for (const [j, word] of words.entries()) {
      out.add(word);
      if (word.length >= 5) {
        out.add(word.slice(0, 3 + ((i + j) % 3)));
        out.add(word.slice(0, 2) + word[3] + word[2] + word.slice(4)); // two letters swapped
        out.add(word.slice(0, 3) + word.slice(4)); // one dropped
      }
      if (j > 0) out.add(`${words[j - 1]} ${word}`);
    }
  }
  return [...out];
}

/** Every answer the index gives for the queries, and what it holds product by product. */
async function answers(index: SuggestionIndex, queries: readonly string[]) {
  const out: unknown[] = [index.size];
  for (const q of queries) {
    const terms = queryTerms(q);
    const joined = terms.join(' ');
    const prefixes = (await stemmedPrefixes(h.handle, terms, index.english)) ?? [];
    out.push([
      q,
      index.suggestBrands(joined),
      index.suggestCategories(joined),
      index.suggestSeries(joined),
      index.productsByPrefixes(prefixes),
      // Several raw prefixes at once (the bitset path), and each word's first two letters alone.
      index.productsByPrefixes(terms.map((t) => t.slice(0, 2))),
      index.searchProductIds(prefixes, SEARCH_LIMIT),
      index.searchProductIds(prefixes, 7),
      index.similarProductIds(joined, SEARCH_LIMIT),
      index.productsBySimilarity(joined),
      index.productsBySimilarity(joined, 'words'),
      index.productsBySimilarity(joined, 'trigrams'),
    ]);
  }
  return out;
}

/** What the index holds: every product by rank, its prepared name, and every posting list. */
function layout(index: SuggestionIndex) {
  const keys = index.keys();
  const trigrams = [...keys.trigrams].sort((a, b) => a - b);
  return {
    products: Array.from({ length: index.size }, (_, rank) => (index as unknown as Internals).product(rank)),
    texts: Array.from({ length: index.size }, (_, rank) => {
      const text = index.textOf(rank);
      return [[...text.sequence], [...text.distinct]];
    }),
    lexemes: keys.lexemes.map((l) => [l, [...index.lexemeRanks(l)]]),
    trigrams: trigrams.map((k) => [k, [...index.trigramRanks(k)]]),
  };
}

describe('the suggestion index patched for changed products (decision 0089)', () => {
  it('answers as one built afresh after products are hidden, shown, moved, renamed, repositioned and added', async () => {
    const db = h.handle;
    const active = await db.query<{ id: number; name: string; category_id: number; position: number }>(
      'select id, name, category_id, position from products where status = 1 order by position, id',
    );
    expect(active.length).toBeGreaterThan(200);
    // One hidden before the first build, to be shown again after it.
    const shown = active[40]!;
    await db.query('update products set status = 0 where id = $1', [shown.id]);
    const old = await SuggestionIndex.build(db);
    const queries = await queriesFor([shown.name, RENAMED, ADDED]);
    expect(queries.length).toBeGreaterThan(300);
    const oldAnswers = await answers(old, queries);
    const oldLayout = layout(old);

    // The first in catalogue order (in many first fives), one with the word «холодильник», one late.
    const holodilnik = active.find((p, i) => i > 50 && /Холодильник/.test(p.name))!;
    const hidden = [active[0]!.id, holodilnik.id, active[active.length - 3]!.id];
    const moved = active[10]!;
    const otherCategory = (
      await db.query<{ id: number }>('select id from categories where status = 1 and id <> $1 order by id limit 1', [
        moved.category_id,
      ])
    )[0]!.id;
    const renamed = active[20]!;
    const repositioned = active[30]!;
    const [{ id: addedId }] = (await db.query<{ id: number }>('select max(id) + 1 as id from products')) as [
      { id: number },
    ];
    await db.query('update products set status = 0 where id = any($1::int[])', [hidden]);
    await db.query('update products set status = 1 where id = $1', [shown.id]);
    await db.query('update products set category_id = $2 where id = $1', [moved.id, otherCategory]);
    // search_vector is generated from the name by the database: it follows.
    await db.query('update products set name = $2 where id = $1', [renamed.id, RENAMED]);
    await db.query('update products set position = $2 where id = $1', [
      repositioned.id,
      active[active.length - 10]!.position,
    ]);
    await db.query(
      `insert into products (id, name, full_name, status, category_id, brand_id, image, position)
       select $1, $2, $2, 1, category_id, brand_id, 'bourboulator.jpg', $3 from products where id = $4`,
      [addedId, ADDED, active[5]!.position, active[5]!.id],
    );
    await db.query('insert into product_offers (product_id, price) values ($1, 12345)', [addedId]);
    const changed = [...hidden, shown.id, moved.id, renamed.id, repositioned.id, addedId];

    const patched = await SuggestionIndex.withProducts(old, db, changed);
    const fresh = await SuggestionIndex.build(db);
    expect(patched.size).toBe(fresh.size);
    expect(patched.size).toBe(old.size - hidden.length + 2);
    const patchedAnswers = await answers(patched, queries);
    expect(patchedAnswers).toEqual(await answers(fresh, queries));
    expect(layout(patched)).toEqual(layout(fresh));
    // The changes are seen: the new words, the hidden product gone, the added one found.
    expect(patched.searchProductIds(['зюзябрикс'], SEARCH_LIMIT)).toEqual([renamed.id]);
    expect(patched.productsBySimilarity('бурбулятр').map((p) => p.id)).toEqual([addedId]);
    expect(patched.productsBySimilarity('зюзябрекс').map((p) => p.id)).toEqual([renamed.id]);
    expect(patched.similarProductIds('холодилник', SEARCH_LIMIT)).not.toContain(holodilnik.id);
    expect(old.similarProductIds('холодилник', SEARCH_LIMIT)).toContain(holodilnik.id);
    // The old index answers as before, after the patch as during it.
    expect(await answers(old, queries)).toEqual(oldAnswers);
    expect(layout(old)).toEqual(oldLayout);

    // A patch of the patched index: everything put back, and an id that never was a product.
    await db.query('update products set status = 1 where id = any($1::int[])', [hidden]);
    await db.query('update products set status = 0 where id = $1', [shown.id]);
    await db.query('update products set name = $2 where id = $1', [renamed.id, renamed.name]);
    await db.query('update products set position = $2 where id = $1', [repositioned.id, repositioned.position]);
    await db.query('delete from product_offers where product_id = $1', [addedId]);
    await db.query('delete from products where id = $1', [addedId]);
    const again = await SuggestionIndex.withProducts(patched, db, [...changed, addedId + 1000]);
    const rebuilt = await SuggestionIndex.build(db);
    expect(await answers(again, queries)).toEqual(await answers(rebuilt, queries));
    expect(layout(again)).toEqual(layout(rebuilt));
    expect(again.searchProductIds(['зюзябрикс'], SEARCH_LIMIT)).toEqual([]);
    // The patched index it was made from still holds the changes.
    expect(await answers(patched, queries)).toEqual(patchedAnswers);
  });

  it('is built afresh when the index it would patch cannot answer search from memory', async () => {
    const db = h.handle;
    const [product] = await db.query<{ id: number; price: number }>(
      'select p.id, o.price from products p join product_offers o on o.product_id = p.id where p.status = 1 order by p.id limit 1',
    );
    // An active product without its offer is left out of the index: the index cannot answer search.
    await db.query('delete from product_offers where product_id = $1', [product!.id]);
    try {
      const partial = await SuggestionIndex.build(db);
      expect(partial.searchProductIds(['холодильник'], 5)).toBeNull();
      // The same product changed: left out still, and the patch's answer is the build's.
      const patched = await SuggestionIndex.withProducts(partial, db, [product!.id]);
      expect(patched.searchProductIds(['холодильник'], 5)).toBeNull();
      await db.query('insert into product_offers (product_id, price) values ($1, $2)', [product!.id, product!.price]);
      const whole = await SuggestionIndex.withProducts(partial, db, [product!.id]);
      expect(whole.searchProductIds(['холодильник'], 5)).toEqual(
        (await SuggestionIndex.build(db)).searchProductIds(['холодильник'], 5),
      );
      expect(whole.searchProductIds(['холодильник'], 5)).not.toBeNull();
    } finally {
      await db.query('insert into product_offers (product_id, price) values ($1, $2) on conflict do nothing', [
        product!.id,
        product!.price,
      ]);
    }
  });

  it('marks the patched index unable to answer search when a changed active product comes back without its row', async () => {
    const db = h.handle;
    const old = await SuggestionIndex.build(db);
    expect(old.searchProductIds(['холодильник'], 5)).not.toBeNull();
    const [product] = await db.query<{ id: number; price: number }>(
      'select p.id, o.price from products p join product_offers o on o.product_id = p.id where p.status = 1 order by p.id desc limit 1',
    );
    await db.query('delete from product_offers where product_id = $1', [product!.id]);
    try {
      const patched = await SuggestionIndex.withProducts(old, db, [product!.id]);
      const fresh = await SuggestionIndex.build(db);
      expect(fresh.searchProductIds(['холодильник'], 5)).toBeNull();
      expect(patched.searchProductIds(['холодильник'], 5)).toBeNull();
      expect(patched.size).toBe(fresh.size);
    } finally {
      await db.query('insert into product_offers (product_id, price) values ($1, $2)', [product!.id, product!.price]);
    }
  });
});
